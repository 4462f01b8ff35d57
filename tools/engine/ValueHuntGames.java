import io.kifudb.engine.EvalParams;
import io.kifudb.engine.Tuner;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * Where the hunt terms' value condition matters (docs/engine.md, "The cut games as a test bed"): over match
 * files (NDJSON from the referee or from {@code sprt}, plain or gzipped, chu-lishogi), the games in which at
 * some ply a side with one royal is hunted by value alone ({@code EvalParams.hunted} with the shipped
 * parameters' values, but not by the count of pieces): how many, from which ply, engine A's score in them and
 * in the others, and how many of each were cut at the ply cap. With {@code -Dgames=true}, one line per game:
 * the first such ply and each side's value then. With {@code -Dtoothless=true} the condition is instead that
 * a side with one royal is hunted and toothless ({@code EvalParams.toothless}: its non-royal pieces worth a
 * quarter of a side's at the start or less), where 0.13.0's rank lift and the hunt pulls tried after it apply.
 *
 * <p>Run from the repository root after a build: {@code java -cp target/classes tools/engine/ValueHuntGames.java
 * docs/matches/sprt-valuehunt-vs-0110.ndjson.gz}.
 */
public class ValueHuntGames {
    public static void main(String[] files) throws Exception {
        RuleSet rules = RuleSet.byId("chu-lishogi");
        EvalParams params = Tuner.shipped(rules);
        boolean perGame = Boolean.getBoolean("games"), toothless = Boolean.getBoolean("toothless");
        int startWorth = params.startWorth();
        String condition = toothless ? "hunted and toothless" : "hunted by value alone";
        Pattern movesField = Pattern.compile("\"moves\":\"([^\"]*)\""), startField = Pattern.compile("\"startSfen\":\"([^\"]*)\""),
                scoreField = Pattern.compile("\"scoreA\":([0-9.]+)"), reasonField = Pattern.compile("\"reason\":\"([^\"]*)\"");
        for (String file : files) {
            int games = 0, held = 0, heldCut = 0, otherCut = 0;
            double heldScore = 0, otherScore = 0;
            int[] fromPly = new int[9]; // first ply in 0-49, 50-99, ... 400 or later
            try (InputStream raw = new FileInputStream(file);
                 BufferedReader in = new BufferedReader(new InputStreamReader(file.endsWith(".gz") ? new GZIPInputStream(raw) : raw,
                         StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    Matcher m = movesField.matcher(line), s = startField.matcher(line), score = scoreField.matcher(line),
                            reason = reasonField.matcher(line);
                    if (!m.find() || !s.find() || !score.find() || !reason.find()) continue; // a summary line
                    games++;
                    Position pos = Sfen.parse(rules, s.group(1));
                    String[] moves = m.group(1).isEmpty() ? new String[0] : m.group(1).split(" ");
                    int first = -1, worth0 = 0, worth1 = 0;
                    for (int i = 0; i < moves.length && first < 0; i++) {
                        pos.play(moves[i]);
                        int w0 = params.worth(pos, 0), w1 = params.worth(pos, 1);
                        for (int side = 0; side < 2 && first < 0; side++) {
                            if (pos.royalCount(side) != 1) continue;
                            int left = pos.pieceCount(side) - pos.royalCount(side);
                            int attackerLeft = pos.pieceCount(1 - side) - pos.royalCount(1 - side);
                            int worth = side == 0 ? w0 : w1, attackerWorth = side == 0 ? w1 : w0;
                            boolean applies = toothless
                                    ? EvalParams.hunted(left, attackerLeft, worth, attackerWorth) && EvalParams.toothless(worth, startWorth)
                                    : !EvalParams.huntedByCount(left, attackerLeft) && EvalParams.hunted(left, attackerLeft, worth, attackerWorth);
                            if (applies) {
                                first = i + 1;
                                worth0 = w0;
                                worth1 = w1;
                            }
                        }
                    }
                    boolean cut = reason.group(1).equals("max-plies");
                    double a = Double.parseDouble(score.group(1));
                    if (first > 0) {
                        held++;
                        heldScore += a;
                        if (cut) heldCut++;
                        fromPly[Math.min(8, first / 50)]++;
                    } else {
                        otherScore += a;
                        if (cut) otherCut++;
                    }
                    if (perGame)
                        System.out.printf("game %d: %s, %d plies, %s%n", games, reason.group(1), moves.length,
                                first > 0 ? condition + " from ply " + first + " (sente " + worth0 + ", gote " + worth1 + ")" : "never " + condition);
                }
            }
            StringBuilder from = new StringBuilder();
            for (int i = 0; i < fromPly.length; i++)
                if (fromPly[i] > 0) from.append(String.format(" %d-%s: %d", i * 50, i == 8 ? "" : String.valueOf(i * 50 + 49), fromPly[i]));
            System.out.printf("%s: %d games; %s at some ply in %d (A scored %.1f, %d cut), never in %d (A scored %.1f, %d cut);"
                            + " first at plies%s%n",
                    file, games, condition, held, heldScore, heldCut, games - held, otherScore, otherCut, from);
        }
    }
}
