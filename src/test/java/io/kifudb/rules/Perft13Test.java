package io.kifudb.rules;

import static io.kifudb.rules.RuleTestSupport.moves;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Perft 1-3 from the 13×13 start positions, with counts derived by hand from pieces-and-setups.md §3.4 and
 * §4.4 (no oracle exists for these games). Depth 2 follows from depth 1 because the two camps cannot reach
 * each other in one move each; at depth 3 the first pawn moves that open a long diagonal interact with
 * gote's reply, and the per-first-move breakdown below is derived square by square.
 */
class Perft13Test {

    /**
     * dai13-kumazawa, sente at the start (files 13 → 1; ranks i to m), 48 moves:
     * <ul>
     *   <li>仲人 10i, 4i: one step forward each (back is their own pawn): 2.</li>
     *   <li>歩兵: 11 of 13 step forward (10j and 4j are behind the go-betweens): 11.</li>
     *   <li>飛車 13k, 1k: every line blocked by own pieces, but the outward slide reaches the side edge over zero
     *       squares: one exit each (13koff, 1koff): 2.</li>
     *   <li>横行 12k, 2k: step back to the empty 12l/2l: 2. 竪行 11k, 3k: slide back to 11l/3l: 2.</li>
     *   <li>角行 10k, 4k: slide back-outwards to 11l/3l (then own iron): 2. 龍馬 9k, 5k: slide back-inwards to
     *       8l/6l (then the King): 2. 龍王 8k, 6k: slide back to 8l/6l (then the Gold); the literal dragon has
     *       no back-diagonal steps, and its front-diagonal squares hold pawns: 2.</li>
     *   <li>奔王 7k: back diagonals 8l and 6l (then Silvers): 2. 悪行 7l: sideways to 8l and 6l (then Tigers): 2.</li>
     *   <li>鉄将 12m, 2m: forward and forward-inward (12l, 11l / 2l, 3l): 4.</li>
     *   <li>銅将 11m, 3m: forward to 11l/3l, and back off the board: 4.</li>
     *   <li>銀将 9m, 5m: forward-inward to 8l/6l, and back-diagonally off the board (one exit): 4.</li>
     *   <li>金将 8m, 6m: forward to 8l/6l, and back off the board: 4.</li>
     *   <li>玉将 7m: 8l, 6l, and off the board (a losing move, still legal): 3.</li>
     *   <li>香車, 反車, 桂馬, 飛龍 (adjacent diagonals all own), 猛虎: 0.</li>
     * </ul>
     * Depth 2: after any sente move but the King's exit (which ends the game: 0) gote has its own 48: 47 × 48.
     */
    private static final long[] KY = {1, 48, 2_256, 107_297};

    /**
     * shodoshu2017(-prev), sente at the start, 13 moves: the two go-betweens step forward and 11 pawns step
     * forward (10j, 4j wait behind the go-betweens). Everything else is boxed in by its own pieces: the dances
     * of 飛龍 12l/2l and 猛牛 10l/4l land on own pieces or off the board, the Kirin's and Phoenix's jumps land on
     * own pawns or off the board. Depth 2: 13 × 13. Depth 3: see {@link #S17_REPLIES}.
     */
    private static final long[] S17 = {1, 13, 169, 3_040};

    /**
     * shodoshu2017 depth 3: for each sente first move, sente's move count after each of gote's 13 replies
     * ("count×replies"). 13 − 1 for the moved piece's old move, plus what the move opens:
     * <ul>
     *   <li>10i10h / 4i4h: the go-between now has 2 moves, the pawn behind it 1: 15.</li>
     *   <li>13j13i / 1j1i: the pawn 1, the Rook steps into 13j/1j: 14. 12j12i / 2j2i: pawn, Side Mover: 14.</li>
     *   <li>11j11i / 3j3i: pawn 1, Vertical Mover 1, the Bishop's outward diagonal 11j-12i-13h / 3j-2i-1h: 17.</li>
     *   <li>7j7i: pawn, Free King to 7j, both Dragons step to 7j: 16.</li>
     *   <li>9j9i: pawn, Horse step 9j, Dragon step 9j, and the Bishop's diagonal 9j-8i-7h-6g-5f to gote's
     *       go-between on 4e (6): 21; 22 when gote's reply 4e4f opens 4e and the Bishop reaches 3d. 5j5i mirrors
     *       it (Bishop 4k to 10e; 10e10f).</li>
     *   <li>8j8i: pawn, Dragon to 8j, the Kirin's and the Phoenix's jumps to 8j, the Free King's diagonal
     *       8j-9i-10h-11g-12f-13e (6), the Horse's 8j-7i-6h-5g-4f-3e-2d (7): 29. Gote's replies shorten or
     *       lengthen the Horse's line: 4e4f blocks it at 4f (27), 3d3e at 3e (28), 2d2e opens it to 1c (30).</li>
     *   <li>6j6i mirrors 8j8i without the Kirin/Phoenix jumps (the Kirin stands on 8l, the Phoenix jumps only
     *       diagonally): 27; 10e10f: 25, 11d11e: 26, 12d12e: 28.</li>
     * </ul>
     */
    private static final Map<String, String> S17_REPLIES = new TreeMap<>(Map.ofEntries(
            Map.entry("10i10h", "15x13"), Map.entry("4i4h", "15x13"),
            Map.entry("13j13i", "14x13"), Map.entry("12j12i", "14x13"), Map.entry("2j2i", "14x13"), Map.entry("1j1i", "14x13"),
            Map.entry("11j11i", "17x13"), Map.entry("3j3i", "17x13"), Map.entry("7j7i", "16x13"),
            Map.entry("9j9i", "21x12 22x1"), Map.entry("5j5i", "21x12 22x1"),
            Map.entry("8j8i", "27x1 28x1 29x10 30x1"), Map.entry("6j6i", "25x1 26x1 27x10 28x1")));

    @Test
    void kumazawaStartPerft() {
        Position p = Position.start(RuleSet.DAI13_KUMAZAWA);
        assertThat(moves(p)).containsExactlyInAnyOrder(
                "10i10h", "4i4h",
                "13j13i", "12j12i", "11j11i", "9j9i", "8j8i", "7j7i", "6j6i", "5j5i", "3j3i", "2j2i", "1j1i",
                "13koff", "1koff", "12k12l", "2k2l", "11k11l", "3k3l", "10k11l", "4k3l", "9k8l", "5k6l", "8k8l", "6k6l",
                "7k8l", "7k6l", "7l8l", "7l6l",
                "12m12l", "12m11l", "2m2l", "2m3l", "11m11l", "11moff", "3m3l", "3moff",
                "9m8l", "9moff", "5m6l", "5moff", "8m8l", "8moff", "6m6l", "6moff", "7m8l", "7m6l", "7moff");
        Perft perft = new Perft(3);
        for (int d = 1; d <= 3; d++) assertThat(perft.count(p, d)).as("perft(%d)", d).isEqualTo(KY[d]);
        assertThat(p.sfen()).isEqualTo(RuleSet.DAI13_KUMAZAWA.variant.startSfen);
    }

    /**
     * The depth-3 figure of dai13-kumazawa (47 first moves) is not split by hand like shodoshu's; what this
     * checks instead is its structure: gote's King exit ends the game (0 leaves), and gote's other replies
     * change sente's count only after the four pawn moves that open a long diagonal into gote's camp
     * (9j, 8j, 6j, 5j), where gote's pawns and go-betweens move in and out of the Bishops' and Horses' lines.
     */
    @Test
    void kumazawaDepthThreeStructure() {
        Position p = Position.start(RuleSet.DAI13_KUMAZAWA);
        List<String> interacting = new ArrayList<>();
        for (int m1 : p.legalMoves()) {
            p.make(m1);
            Map<Integer, Integer> counts = new TreeMap<>();
            for (int m2 : p.legalMoves()) {
                p.make(m2);
                int n = p.legalMoves().length;
                if (p.usi(m2).equals("7aoff")) assertThat(n).isZero();
                else counts.merge(n, 1, Integer::sum);
                p.unmake();
            }
            if (!counts.isEmpty() && counts.size() > 1) interacting.add(p.usi(m1));
            p.unmake();
        }
        assertThat(interacting).containsExactlyInAnyOrder("9j9i", "8j8i", "6j6i", "5j5i");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    void shodoshuStartPerft(String id) {
        Position p = Position.start(RuleSet.byId(id));
        assertThat(moves(p)).containsExactlyInAnyOrder("10i10h", "4i4h",
                "13j13i", "12j12i", "11j11i", "9j9i", "8j8i", "7j7i", "6j6i", "5j5i", "3j3i", "2j2i", "1j1i");
        Perft perft = new Perft(3);
        for (int d = 1; d <= 3; d++) assertThat(perft.count(p, d)).as("perft(%d)", d).isEqualTo(S17[d]);
        Map<String, String> replies = new TreeMap<>();
        long total = 0;
        for (int m1 : p.legalMoves()) {
            p.make(m1);
            Map<Integer, Integer> counts = new TreeMap<>();
            for (int m2 : p.legalMoves()) {
                p.make(m2);
                int n = p.legalMoves().length;
                counts.merge(n, 1, Integer::sum);
                total += n;
                p.unmake();
            }
            StringBuilder sb = new StringBuilder();
            counts.forEach((n, times) -> sb.append(sb.length() == 0 ? "" : " ").append(n).append('x').append(times));
            p.unmake();
            replies.put(p.usi(m1), sb.toString());
        }
        assertThat(replies).isEqualTo(S17_REPLIES);
        assertThat(total).isEqualTo(S17[3]);
    }
}
