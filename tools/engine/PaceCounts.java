import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the plies of our won games go (docs/engine.md, "Pace"): over referee match files (NDJSON,
 * chu-lishogi, our engine as the referee's side A), for each game we won, the first ply at which we led by
 * {@code lead} pieces or more (any kinds, royals included) and the plies from there to the end; the same for
 * twice that lead; and, for the games cut at the referee's ply cap, when those leads came.
 *
 * <p>Run from the repository root after a build: {@code java -cp target/classes tools/engine/PaceCounts.java
 * docs/matches/hachu-1s-tuned5-part1.ndjson ...}; {@code -Dlead=N} (before {@code -cp}) changes the 5 pieces.
 */
public class PaceCounts {
    static final int LEAD = Integer.getInteger("lead", 5);

    public static void main(String[] files) throws Exception {
        RuleSet rules = RuleSet.byId("chu-lishogi");
        Pattern movesField = Pattern.compile("\"moves\":\"([^\"]*)\""), startField = Pattern.compile("\"startSfen\":\"([^\"]*)\""),
                colourField = Pattern.compile("\"aColor\":\"(\\w+)\""), scoreField = Pattern.compile("\"scoreA\":([0-9.]+)"),
                reasonField = Pattern.compile("\"reason\":\"([^\"]*)\""), gameField = Pattern.compile("\"game\":(\\d+)");
        List<Integer> wins = new ArrayList<>(), firstAt = new ArrayList<>(), firstToEnd = new ArrayList<>(),
                doubleAt = new ArrayList<>(), doubleToEnd = new ArrayList<>();
        List<String> cut = new ArrayList<>();
        int games = 0;
        for (String file : files)
            for (String line : Files.readAllLines(Path.of(file))) {
                Matcher m = movesField.matcher(line), s = startField.matcher(line), c = colourField.matcher(line),
                        score = scoreField.matcher(line), reason = reasonField.matcher(line), game = gameField.matcher(line);
                if (!m.find() || !s.find() || !c.find() || !reason.find() || !game.find()) continue; // the summary line
                if (!score.find()) continue; // not scored (a rules mismatch between the engines)
                games++;
                String[] moves = m.group(1).isBlank() ? new String[0] : m.group(1).split(" ");
                int us = c.group(1).equals("sente") ? Position.SENTE : Position.GOTE;
                Position pos = Sfen.parse(rules, s.group(1));
                int first = -1, twice = -1;
                for (int ply = 1; ply <= moves.length; ply++) {
                    pos.play(moves[ply - 1]);
                    int lead = pos.pieceCount(us) - pos.pieceCount(us ^ 1);
                    if (first < 0 && lead >= LEAD) first = ply;
                    if (twice < 0 && lead >= 2 * LEAD) twice = ply;
                }
                boolean won = Double.parseDouble(score.group(1)) == 1.0;
                if (won) {
                    wins.add(moves.length);
                    if (first >= 0) { firstAt.add(first); firstToEnd.add(moves.length - first); }
                    if (twice >= 0) { doubleAt.add(twice); doubleToEnd.add(moves.length - twice); }
                } else if (reason.group(1).equals("max-plies"))
                    cut.add(Path.of(file).getFileName() + " game " + game.group(1) + ": lead of " + LEAD + " at ply "
                            + (first < 0 ? "-" : first) + ", of " + 2 * LEAD + " at ply " + (twice < 0 ? "-" : twice));
            }
        System.out.printf("%d scored games, %d won; won games' plies: mean %s, median %s%n", games, wins.size(), mean(wins), median(wins));
        System.out.printf("lead of %d pieces reached in %d of the wins: first at ply mean %s, median %s; from there to the end mean %s, median %s%n",
                LEAD, firstAt.size(), mean(firstAt), median(firstAt), mean(firstToEnd), median(firstToEnd));
        System.out.printf("lead of %d pieces reached in %d of the wins: first at ply mean %s, median %s; from there to the end mean %s, median %s%n",
                2 * LEAD, doubleAt.size(), mean(doubleAt), median(doubleAt), mean(doubleToEnd), median(doubleToEnd));
        for (String line : cut) System.out.println("cut at the ply cap: " + line);
    }

    static String mean(List<Integer> xs) {
        return xs.isEmpty() ? "-" : String.valueOf(Math.round(xs.stream().mapToInt(Integer::intValue).average().orElse(0)));
    }

    static String median(List<Integer> xs) {
        if (xs.isEmpty()) return "-";
        int[] a = xs.stream().mapToInt(Integer::intValue).toArray();
        Arrays.sort(a);
        return String.valueOf(a[a.length / 2]);
    }
}
