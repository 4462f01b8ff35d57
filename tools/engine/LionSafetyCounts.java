import io.kifudb.rules.Geometry;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The counts behind the engine's Lion-safety weights (docs/engine.md, "Lion safety"): over referee match
 * files (NDJSON, chu-lishogi), at each of our moves (the referee's side A) with our Lion in the enemy half,
 * how many of the squares within two of it are neither ours nor attacked by the other side, and whether
 * a Lion of ours was lost within the next 12 plies; split by whether an enemy Lion stood within four.
 *
 * <p>Run from the repository root after a build: {@code java -cp target/classes
 * tools/engine/LionSafetyCounts.java docs/matches/hachu-1s-convert1-part1.ndjson ...}; {@code -Dwindow=N}
 * and {@code -Dnear=N} (before {@code -cp}) change the 12 plies and the 4 squares.
 */
public class LionSafetyCounts {
    static final int WINDOW = Integer.getInteger("window", 12), NEAR = Integer.getInteger("near", 4);

    public static void main(String[] files) throws Exception {
        RuleSet rules = RuleSet.byId("chu-lishogi");
        Geometry g = rules.geometry();
        Pattern movesField = Pattern.compile("\"moves\":\"([^\"]*)\""), startField = Pattern.compile("\"startSfen\":\"([^\"]*)\""),
                colourField = Pattern.compile("\"aColor\":\"(\\w+)\"");
        int[][] far = new int[25][2], near = new int[25][2]; // by safe squares: [positions, Lion lost within WINDOW]
        int games = 0;
        for (String file : files)
            for (String line : Files.readAllLines(Path.of(file))) {
                Matcher m = movesField.matcher(line), s = startField.matcher(line), c = colourField.matcher(line);
                if (!m.find() || !s.find() || !c.find()) continue; // the summary line
                games++;
                String[] moves = m.group(1).split(" ");
                int us = c.group(1).equals("sente") ? Position.SENTE : Position.GOTE;
                Position pos = Sfen.parse(rules, s.group(1));
                int[] ourLions = new int[moves.length + 1];
                List<int[]> samples = new ArrayList<>(); // ply, safe squares, enemy Lion near (1) or not (0)
                for (int ply = 0; ply <= moves.length; ply++) {
                    List<Integer> ours = new ArrayList<>(), theirs = new ArrayList<>();
                    for (int sq = 0; sq < g.squares; sq++) {
                        int code = pos.pieceAt(sq);
                        if (code == 0 || !rules.variant.kind(Math.abs(code)).isLion()) continue;
                        ((code > 0 ? Position.SENTE : Position.GOTE) == us ? ours : theirs).add(sq);
                    }
                    ourLions[ply] = ours.size();
                    for (int lion : ours) {
                        int row = lion / g.size;
                        boolean enemyHalf = us == Position.SENTE ? row < g.size / 2 : row >= (g.size + 1) / 2;
                        if (pos.sideToMove() != us || !enemyHalf) continue;
                        int safe = 0;
                        for (int sq = 0; sq < g.squares; sq++) {
                            int d = g.distance(sq, lion), code = pos.pieceAt(sq);
                            if (d < 1 || d > 2 || (code != 0 && (code > 0 ? Position.SENTE : Position.GOTE) == us)) continue;
                            if (!pos.isAttacked(sq, us ^ 1)) safe++;
                        }
                        boolean isNear = theirs.stream().anyMatch(t -> g.distance(t, lion) <= NEAR);
                        samples.add(new int[] {ply, safe, isNear ? 1 : 0});
                    }
                    if (ply < moves.length) pos.play(moves[ply]);
                }
                for (int[] x : samples) {
                    boolean lost = false;
                    for (int j = x[0] + 1; j <= Math.min(moves.length, x[0] + WINDOW); j++) lost |= ourLions[j] < ourLions[x[0]];
                    int[] cell = (x[2] == 1 ? near : far)[x[1]];
                    cell[0]++;
                    if (lost) cell[1]++;
                }
            }
        System.out.printf("%d games; our Lion in the enemy half, at our move; lost = a Lion of ours taken within %d plies%n", games, WINDOW);
        System.out.printf("| safe squares | no enemy Lion within %d: positions | lost | enemy Lion within %d: positions | lost |%n", NEAR, NEAR);
        System.out.println("|---|---|---|---|---|");
        for (int k = 0; k <= 24; k++)
            if (far[k][0] + near[k][0] > 0)
                System.out.printf("| %d | %d | %.0f%% | %d | %.0f%% |%n", k, far[k][0], 100.0 * far[k][1] / Math.max(1, far[k][0]),
                        near[k][0], 100.0 * near[k][1] / Math.max(1, near[k][0]));
    }
}
