import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the long games against HaChu are spent (docs/engine.md, "What the cut games were"): for each game of
 * referee files (chu-lishogi) that lasted {@code -Dmin} plies (300) or more, the captures in each 50 plies
 * from ply 150 (ours in brackets: the engine whose name starts with "kifudb") and the longest run of plies
 * without a capture after ply 150, then the totals over those games.
 *
 * <p>Run from the repository root after a build: {@code java -cp target/classes tools/engine/CaptureRate.java
 * docs/matches/slow-060.ndjson docs/matches/hachu-1s-tuned6-open53b.ndjson}.
 */
public class CaptureRate {
    public static void main(String[] files) throws Exception {
        int minPlies = Integer.getInteger("min", 300);
        RuleSet rules = RuleSet.byId("chu-lishogi");
        Pattern movesField = Pattern.compile("\"moves\":\"([^\"]*)\""), startField = Pattern.compile("\"startSfen\":\"([^\"]*)\""),
                senteField = Pattern.compile("\"sente\":\"([^\"]*)\""), resultField = Pattern.compile("\"result\":\"([^\"]*)\"");
        int games = 0, captures = 0, ours = 0, plies = 0, longestQuiet = 0;
        for (String file : files) {
            int game = 0;
            for (String line : Files.readAllLines(Path.of(file))) {
                Matcher m = movesField.matcher(line), s = startField.matcher(line), sente = senteField.matcher(line),
                        result = resultField.matcher(line);
                if (!m.find() || !s.find() || !sente.find() || !result.find()) continue;
                game++;
                String[] moves = m.group(1).split(" ");
                if (moves.length < minPlies) continue;
                games++;
                int us = sente.group(1).startsWith("kifudb") ? 0 : 1;
                Position pos = Sfen.parse(rules, s.group(1));
                int[] all = new int[moves.length / 50 + 1], byUs = new int[all.length];
                int quiet = 0, maxQuiet = 0;
                for (int i = 0; i < moves.length; i++) {
                    int before = pos.pieceCount(0) + pos.pieceCount(1);
                    int mover = pos.sideToMove() == Position.SENTE ? 0 : 1;
                    pos.play(moves[i]);
                    int ply = i + 1;
                    if (ply <= 150) continue;
                    plies++;
                    if (pos.pieceCount(0) + pos.pieceCount(1) != before) {
                        all[ply / 50]++;
                        captures++;
                        if (mover == us) {
                            byUs[ply / 50]++;
                            ours++;
                        }
                        quiet = 0;
                    } else maxQuiet = Math.max(maxQuiet, ++quiet);
                }
                longestQuiet = Math.max(longestQuiet, maxQuiet);
                StringBuilder windows = new StringBuilder();
                for (int w = 3; w * 50 < moves.length; w++)
                    windows.append(' ').append(w * 50).append(": ").append(all[w]).append(" (").append(byUs[w]).append(')');
                System.out.printf("%s game %d, %s, %d plies: longest quiet run after 150: %d; captures per 50 plies from:%s%n",
                        Path.of(file).getFileName(), game, result.group(1), moves.length, maxQuiet, windows);
            }
        }
        System.out.printf("%d games: after ply 150, %d captures in %d plies (one every %.1f), %d of them ours; longest quiet run %d%n",
                games, captures, plies, (double) plies / Math.max(1, captures), ours, longestQuiet);
    }
}
