package io.kifudb.rules;

import static io.kifudb.rules.RuleTestSupport.pos;
import static io.kifudb.rules.RuleTestSupport.sfen;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kifudb.rules.Status.Reason;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Repetition, rule-sets.md §4. {@code chu}: seed 000 (4) 「千日手は仕掛けた方より変えなければならない」 (the starter
 * loses at the 4th occurrence); {@code chu-lishogi}: draw unless one side checked or attacked on every move;
 * {@code chu-sdin}: seed 002 「SDIN中将棋では千日手を判定していません」.
 */
class RepetitionRuleTest {

    /** Plays the moves, asserting the game is still going before each one. */
    private static void playAll(Position p, String... moves) {
        for (String m : moves) {
            assertTrue(p.status().isOngoing(), "still ongoing before " + m + " at ply " + p.ply() + ": " + p.status());
            p.play(m);
        }
    }

    private static String[] times(int n, String... cycle) {
        String[] out = new String[n * cycle.length];
        for (int i = 0; i < n; i++) System.arraycopy(cycle, 0, out, i * cycle.length, cycle.length);
        return out;
    }

    // Kings shuffling, each side with a gold far away (so nobody is bare).
    private static final String SHUFFLE_B = sfen("b", "-", "6h:K", "12l:G", "5b:k", "1a:g");
    private static final String SHUFFLE_W = sfen("w", "-", "6h:K", "12l:G", "5b:k", "1a:g");
    // Sente rook checks the gote King on 1a / 1b from 3a / 3b on every move.
    private static final String CHECKS = sfen("b", "-", "9l:K", "3c:R", "1a:k", "12e:g");
    // Sente rook on 3c attacks the gote gold on 1c; gote to move.
    private static final String CHASE = sfen("w", "-", "9l:K", "3c:R", "12a:k", "1c:g");
    // Two Lions far from everything, for passes.
    private static final String LIONS = sfen("b", "-", "1l:K", "10j:N", "12a:k", "3c:n");

    @Test
    @DisplayName("chu §4: plain shuffling, the side to move at the repeated position loses on its 4th occurrence (seed 000 (4) 「千日手は仕掛けた方より変えなければならない」)")
    void chuPlainShuffleSenteToMove() {
        Position p = pos(RuleSet.CHU, SHUFFLE_B);
        playAll(p, times(3, "6h6g", "5b5c", "6g6h", "5c5b"));
        assertEquals(4, p.occurrences());
        // Gote made the move that produced the 4th occurrence; sente, to move at it, started the cycle.
        assertEquals(Status.win(Position.GOTE, Reason.REPETITION), p.status());
        assertThrows(IllegalMoveException.class, () -> p.play("6h6g"));
    }

    @Test
    @DisplayName("chu §4: the same shuffle started by gote makes gote lose (seed 000 (4) 「仕掛けた方」)")
    void chuPlainShuffleGoteToMove() {
        Position p = pos(RuleSet.CHU, SHUFFLE_W);
        playAll(p, times(3, "5b5c", "6h6g", "5c5b", "6g6h"));
        assertEquals(Status.win(Position.SENTE, Reason.REPETITION), p.status());
    }

    @Test
    @DisplayName("chu §4: three occurrences are not yet a repetition (§4 「occurs the 4th time」; seed 000 (4) 「千日手は仕掛けた方より変えなければならない」)")
    void chuThirdOccurrenceGoesOn() {
        Position p = pos(RuleSet.CHU, SHUFFLE_B);
        playAll(p, times(2, "6h6g", "5b5c", "6g6h", "5c5b"));
        assertEquals(3, p.occurrences());
        assertTrue(p.status().isOngoing());
        playAll(p, "6h6g", "5b5c", "6g6h");
        assertTrue(p.status().isOngoing(), "the 4th occurrence is reached only by gote's next move");
    }

    @Test
    @DisplayName("chu §4: in a perpetual-check cycle the checking side loses, even when it makes the 4th occurrence itself (seed 000 (4); §4 「the side giving check on every move of the cycle」)")
    void chuPerpetualCheckLoses() {
        Position p = pos(RuleSet.CHU, CHECKS);
        playAll(p, "3c3a");
        playAll(p, times(3, "1a1b", "3a3b", "1b1a", "3b3a"));
        assertEquals(Status.win(Position.GOTE, Reason.REPETITION), p.status());
    }

    @Test
    @DisplayName("chu §4: check outranks attack: the checker loses though the checked King attacks a piece on every move too (§4 「the side giving check on every move of the cycle; else the side whose moves … attack」; seed 000 (4) 「仕掛けた方」)")
    void chuPerpetualCheckBeforeMutualAttack() {
        // Gote to move, in check from the rook on 1e; the King shuttles 1a <-> 2b, always next to the
        // stuck sente pawn on 2a (so gote attacks a piece on every move as well); the rook shuttles 1e <-> 2e.
        Position p = pos(RuleSet.CHU, sfen("w", "-", "9l:K", "1e:R", "2a:P", "1a:k", "12h:g"));
        playAll(p, times(3, "1a2b", "1e2e", "2b1a", "2e1e"));
        // Gote is to move at the 4th occurrence: only the check criterion names sente.
        assertEquals(Status.win(Position.GOTE, Reason.REPETITION), p.status());
    }

    @Test
    @DisplayName("chu §4: a side attacking a piece on every move of the cycle is the starter, not the side to move (§4 「the side whose moves of the cycle attack an enemy piece」)")
    void chuPerpetualAttackLoses() {
        Position p = pos(RuleSet.CHU, CHASE);
        playAll(p, times(3, "1c1d", "3c3d", "1d1c", "3d3c"));
        // Gote is to move at the repeated position, but sente's rook attacked the gold on every move.
        assertEquals(Status.win(Position.GOTE, Reason.REPETITION), p.status());
    }

    @Test
    @DisplayName("chu §4: repeated passes, the side that passed first loses (§4 「for repeated passes, the side that passed first」; seed 000 (D) 「じっと」)")
    void chuPassesFirstPasserLoses() {
        Position p = pos(RuleSet.CHU, LIONS);
        playAll(p, times(3, "10j10i10j", "3c3d3c"));
        assertEquals(Status.win(Position.GOTE, Reason.REPETITION), p.status(), "sente passed first");

        Position q = pos(RuleSet.CHU, LIONS);
        playAll(q, times(3, "1l1k", "3c3d3c", "1k1l", "3c3d3c"));
        // Sente is to move at the repeated position, but gote's passes started the repetition.
        assertEquals(Status.win(Position.SENTE, Reason.REPETITION), q.status(), "gote passed first");
    }

    @Test
    @DisplayName("chu-lishogi §4: plain repetition (shuffles or passes) is a draw (rule-sets.md 「4-fold repetition is a draw」; seed 002 contrast 「通常、同一局面が4回生じると「千日手」となって無効勝負」)")
    void lishogiPlainRepetitionDraws() {
        Position p = pos(RuleSet.CHU_LISHOGI, SHUFFLE_B);
        playAll(p, times(3, "6h6g", "5b5c", "6g6h", "5c5b"));
        assertEquals(Status.draw(Reason.REPETITION), p.status());

        Position q = pos(RuleSet.CHU_LISHOGI, LIONS);
        playAll(q, times(3, "10j10i10j", "3c3d3c"));
        assertEquals(Status.draw(Reason.REPETITION), q.status());
    }

    @Test
    @DisplayName("chu-lishogi §4: perpetual check loses (「unless one side checked … on every move, which then loses」)")
    void lishogiPerpetualCheckLoses() {
        Position p = pos(RuleSet.CHU_LISHOGI, CHECKS);
        playAll(p, "3c3a");
        playAll(p, times(3, "1a1b", "3a3b", "1b1a", "3b3a"));
        assertEquals(Status.win(Position.GOTE, Reason.PERPETUAL_CHECK), p.status());
    }

    @Test
    @DisplayName("chu-lishogi §4: perpetual attack loses (「unless one side … attacked on every move, which then loses」)")
    void lishogiPerpetualAttackLoses() {
        Position p = pos(RuleSet.CHU_LISHOGI, CHASE);
        playAll(p, times(3, "1c1d", "3c3d", "1d1c", "3d3c"));
        assertEquals(Status.win(Position.GOTE, Reason.PERPETUAL_ATTACK), p.status());
    }

    @Test
    @DisplayName("chu-sdin §4: no repetition rule (seed 002 「SDIN中将棋では千日手を判定していません」)")
    void sdinIgnoresRepetition() {
        Position p = pos(RuleSet.CHU_SDIN, SHUFFLE_B);
        playAll(p, times(6, "6h6g", "5b5c", "6g6h", "5c5b"));
        assertEquals(7, p.occurrences());
        assertTrue(p.status().isOngoing());
        Position q = pos(RuleSet.CHU_SDIN, CHECKS);
        playAll(q, "3c3a");
        playAll(q, times(5, "1a1b", "3a3b", "1b1a", "3b3a"));
        assertTrue(q.status().isOngoing());
    }
}
