import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Lion is worth against HaChu, in results (docs/engine.md, "What the Lion is worth"): over referee
 * match files (NDJSON, chu-lishogi), at plies 100, 150, ... 300 of each game, which side still has a Lion
 * (ours:theirs, 1 for at least one) and how many pieces we have more, against the score our side (the
 * referee's side A) made in that game; a game cut at the ply cap counts as the draw the referee scored.
 *
 * <p>Run from the repository root after a build: {@code java -cp target/classes tools/engine/LionOutcomes.java
 * docs/matches/hachu-1s-*.ndjson}; {@code -Dfrom=P -Dto=P -Dstep=P} (before {@code -cp}) change the plies.
 */
public class LionOutcomes {
    static final int FROM = Integer.getInteger("from", 100), TO = Integer.getInteger("to", 300), STEP = Integer.getInteger("step", 50);
    static final int[] BUCKET_TOPS = {-3, 2, 7, 12, Integer.MAX_VALUE};
    static final String[] BUCKET_NAMES = {"-3 or fewer", "-2 to 2", "3 to 7", "8 to 12", "13 or more"};

    public static void main(String[] files) throws Exception {
        RuleSet rules = RuleSet.byId("chu-lishogi");
        int squares = rules.geometry().squares;
        Pattern movesField = Pattern.compile("\"moves\":\"([^\"]*)\""), startField = Pattern.compile("\"startSfen\":\"([^\"]*)\""),
                colourField = Pattern.compile("\"aColor\":\"(\\w+)\""), scoreField = Pattern.compile("\"scoreA\":([0-9.]+)");
        // key "ours:theirs" then the piece-difference bucket: [positions, wins, draws, losses]
        Map<String, int[][]> cells = new TreeMap<>();
        int games = 0;
        for (String file : files)
            for (String line : Files.readAllLines(Path.of(file))) {
                Matcher m = movesField.matcher(line), s = startField.matcher(line), c = colourField.matcher(line), r = scoreField.matcher(line);
                if (!m.find() || !s.find() || !c.find() || !r.find()) continue; // the summary line
                games++;
                String[] moves = m.group(1).split(" ");
                int us = c.group(1).equals("sente") ? Position.SENTE : Position.GOTE;
                double score = Double.parseDouble(r.group(1));
                Position pos = Sfen.parse(rules, s.group(1));
                for (int ply = 1; ply <= Math.min(moves.length, TO); ply++) {
                    pos.play(moves[ply - 1]);
                    if (ply < FROM || (ply - FROM) % STEP != 0) continue;
                    int ours = 0, theirs = 0, ourLions = 0, theirLions = 0;
                    for (int sq = 0; sq < squares; sq++) {
                        int code = pos.pieceAt(sq);
                        if (code == 0) continue;
                        boolean mine = (code > 0 ? Position.SENTE : Position.GOTE) == us, lion = rules.variant.kind(Math.abs(code)).isLion();
                        if (mine) { ours++; if (lion) ourLions++; } else { theirs++; if (lion) theirLions++; }
                    }
                    int bucket = 0;
                    while (ours - theirs > BUCKET_TOPS[bucket]) bucket++;
                    int[] cell = cells.computeIfAbsent(Math.min(1, ourLions) + ":" + Math.min(1, theirLions), k -> new int[BUCKET_NAMES.length][4])[bucket];
                    cell[0]++;
                    cell[score == 1 ? 1 : score == 0 ? 3 : 2]++;
                }
            }
        System.out.printf("%d games; positions at plies %d to %d every %d; Lions ours:theirs (1: at least one); our W-D-L and score%n", games, FROM, TO, STEP);
        System.out.print("| Lions | ");
        System.out.println(String.join(" | ", BUCKET_NAMES) + " |");
        System.out.println("|---|---|---|---|---|---|");
        for (Map.Entry<String, int[][]> e : cells.entrySet()) {
            StringBuilder row = new StringBuilder("| " + e.getKey() + " |");
            for (int[] cell : e.getValue())
                row.append(cell[0] == 0 ? " |" : String.format(" %d-%d-%d, %.0f%% |", cell[1], cell[2], cell[3], 100.0 * (cell[1] + cell[2] / 2.0) / cell[0]));
            System.out.println(row);
        }
    }
}
