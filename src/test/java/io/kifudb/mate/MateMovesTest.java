package io.kifudb.mate;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The solver's move filters against the plain definition, on real positions: every position of the shipped
 * composed problems' solutions and a few random legal moves further. Forcing moves must be exactly the legal
 * moves after which a royal of the opponent is attacked or taken (rule-sets.md §4: moving into check is legal,
 * an attacked royal can be taken); the defences exactly the legal moves after which the mover's only royal is
 * not attacked. The filters rule moves out by geometry first; this checks that they never rule out too much.
 */
class MateMovesTest {
    private static final Path TSUME = Path.of("kifu-corpus", "chu", "tsume", "msm-tsume-AB-solutions.txt");

    @Test
    void filtersAgreeWithTheirDefinitionOnRealPositions() throws IOException {
        List<String> lines = Files.readAllLines(TSUME);
        Random random = new Random(15);
        int[] moves = new int[Position.MAX_MOVES], out = new int[Position.MAX_MOVES];
        int positions = 0, attacked = 0;
        for (String line : lines) {
            int open = line.indexOf('{'), close = line.indexOf('}');
            if (open < 0) continue;
            String sfen = line.substring(0, open).strip();
            String[] solution = line.substring(close + 1).strip().split("\\s+");
            for (int ply = 0; ply < solution.length; ply += 3) {
                for (int walk = 0; walk < 3; walk++) {
                    Position p = Sfen.parse(RuleSet.CHU, sfen);
                    for (int i = 0; i < ply; i++) p.play(solution[i]);
                    for (int extra = random.nextInt(4); extra > 0; extra--) {
                        int[] legal = p.legalMoves();
                        if (legal.length == 0) break;
                        p.make(legal[random.nextInt(legal.length)]);
                    }
                    if (!p.status().isOngoing()) continue;
                    positions++;
                    if (p.inCheck(p.sideToMove())) attacked++;
                    int n = p.generate(moves);
                    check(p, moves, n, out);
                }
            }
        }
        assertThat(positions).isGreaterThan(500);
        assertThat(attacked).as("positions with the mover in check, where the defence filter works hardest").isGreaterThan(100);
    }

    private static void check(Position p, int[] moves, int n, int[] out) {
        MateMoves filter = new MateMoves(p);
        int me = p.sideToMove(), them = me ^ 1;
        int theirRoyals = p.royalCount(them), myRoyals = p.royalCount(me);
        Set<Integer> forcing = new HashSet<>(), safe = new HashSet<>();
        boolean takesLastRoyal = false;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            p.make(m);
            if (p.royalCount(them) < theirRoyals || p.inCheck(them)) forcing.add(m);
            if (theirRoyals == 1 && p.royalCount(them) == 0) takesLastRoyal = true;
            if (myRoyals != 1 || p.royalCount(me) > 1 || !p.inCheck(me)) safe.add(m);
            p.unmake();
        }
        int k = filter.forcingMoves(moves, n, out);
        Set<Integer> got = new HashSet<>();
        for (int i = 0; i < k; i++) got.add(out[i]);
        // Taking the last royal wins at once, so then only those moves are listed.
        if (takesLastRoyal) assertThat(forcing).as(p.sfen()).containsAll(got);
        else assertThat(got).as("forcing moves of %s", p.sfen()).isEqualTo(forcing);

        int d = filter.defences(moves, n, out);
        if (d == MateMoves.DEFENDER_ENDS_GAME) {
            assertThat(takesLastRoyal).as(p.sfen()).isTrue();
            return;
        }
        Set<Integer> defences = new HashSet<>();
        for (int i = 0; i < d; i++) defences.add(out[i]);
        assertThat(defences).as("defences of %s", p.sfen()).isEqualTo(safe);
    }
}
