package io.kifudb.rules;

import static io.kifudb.rules.RuleTestSupport.legal;
import static io.kifudb.rules.RuleTestSupport.movesFrom;
import static io.kifudb.rules.RuleTestSupport.pos;
import static io.kifudb.rules.RuleTestSupport.refusal;
import static io.kifudb.rules.RuleTestSupport.sfen;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Lion-takes-Lion rules 1 and 2, bridge capture, hidden protection and the pawn/go-between protector
 * (rule-sets.md §2, seed 000 獅子の規則 A, C, E). These rules are the same in the three Chu rule sets;
 * the chu-lishogi expectations were checked against the shogiops oracle ({@code perft.mjs moves --unique}).
 *
 * <p>Every position has the sente King on 1l and the gote King on 12a, out of the way.
 */
class LionCaptureRuleTest {

    private static Position lions(String id, String... placements) {
        String[] all = new String[placements.length + 2];
        all[0] = "1l:K";
        all[1] = "12a:k";
        System.arraycopy(placements, 0, all, 2, placements.length);
        return pos(RuleSet.byId(id), sfen("b", "-", all));
    }

    // ---------------------------------------------------------------- rule 1

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§2 rule 1: a Lion may take an adjacent Lion even when it is protected (seed 000 (A) 「足のある獅子は、獅子で取れない」 bars only the Lion one square apart: 「一目間につきあひても、てきの獅子につなぎ駒あれば」)")
    void lionTakesAdjacentProtectedLion(String id) {
        // Gote gold on 7e protects the gote Lion on 7f (gold F = towards rank l).
        Position p = lions(id, "7g:N", "7f:n", "7e:g");
        assertTrue(legal(p, "7g7f"), "step capture of the adjacent protected Lion");
        assertTrue(legal(p, "7g7f7g"), "igui of the adjacent protected Lion");
        assertTrue(legal(p, "7g7f7e"), "take the adjacent Lion, then the gold behind it");
    }

    // ---------------------------------------------------------------- rule 2

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§2 rule 2: a protected Lion two squares away may not be taken (seed 000 (A) 「足のある獅子は、獅子で取れない」)")
    void protectedDistantLionCannotBeTaken(String id) {
        Position p = lions(id, "7h:N", "7f:n", "7e:g");
        assertTrue(refusal(p, "7h7f").contains("lion capture rules"), "jump capture of a protected Lion");
        assertFalse(legal(p, "7h7g7f"), "the same capture spelled through the empty square 7g");
        assertFalse(legal(p, "7h8g7f"), "the same capture spelled through the empty square 8g");
        assertTrue(legal(p, "7h7g"), "the Lion may still approach");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§2 rule 2: an unprotected Lion two squares away may be taken (seed 000 「はなれたる獅子は獅子にて取」)")
    void unprotectedDistantLionMayBeTaken(String id) {
        Position p = lions(id, "7h:N", "7f:n");
        assertTrue(legal(p, "7h7f"));
        // Any spelling through an empty first square is the same move as the jump (rule-sets.md §1).
        assertEquals(p.parseMove("7h7f"), p.parseMove("7h6g7f"));
    }

    // ---------------------------------------------------------------- bridge capture (付け喰い)

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§2 rule 2 bridge capture: taking a silver first, then the protected Lion, is allowed (seed 000 (C) 「その駒と共に獅子を獅子で取ることが出来る。これを付け喰いという」)")
    void bridgeCaptureOverNonPawnIsAllowed(String id) {
        Position p = lions(id, "7h:N", "7g:s", "7f:n", "7e:g");
        assertTrue(legal(p, "7h7g7f"), "silver on 7g, then the protected Lion on 7f");
        assertFalse(legal(p, "7h7f"), "jumping over the silver without taking it is no bridge capture");
        p.play("7h7g7f");
        assertEquals("7f", p.geometry().name(firstSquareOf(p, "N")));
        assertEquals(-1, p.counterStrikeSquare(), "a Lion taking a Lion sets no counter-strike marker");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§2 rule 2: a pawn taken on the first step is no bridge (seed 000 (C) 「歩、仲人は付け喰いにならない」)")
    void pawnIsNoBridge(String id) {
        // The gote pawn on 7g points at 7h, so it does not protect 7f; the gold on 7e does.
        Position p = lions(id, "7h:N", "7g:p", "7f:n", "7e:g");
        assertTrue(refusal(p, "7h7g7f").contains("lion capture rules"));
        assertTrue(legal(p, "7h7g"), "taking the pawn alone is fine");
        assertTrue(legal(p, "7h7g7h"), "igui of the pawn is fine");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§2 rule 2: a go-between taken on the first step is no bridge (seed 000 (C) 「歩、仲人は付け喰いにならない」)")
    void goBetweenIsNoBridge(String id) {
        // Go-between on 6g moves to 6h/6f only: it does not protect 7f. The gold on 7e does.
        Position p = lions(id, "7h:N", "6g:i", "7f:n", "7e:g");
        assertFalse(legal(p, "7h6g7f"));
        Position control = lions(id, "7h:N", "6g:s", "7f:n", "7e:g");
        assertTrue(legal(control, "7h6g7f"), "the same geometry with a silver is a bridge capture");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§2 'Protected': a tokin is not a pawn, so taking it is a bridge capture (rule-sets.md: 「a tokin is neither」; seed 000 (C))")
    void tokinIsABridge(String id) {
        Position p = lions(id, "7h:N", "7g:+p", "7f:n", "7e:g");
        assertTrue(legal(p, "7h7g7f"));
    }

    // ---------------------------------------------------------------- hidden protection (影足)

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§2 'Protected' / seed 000 (E) 獅子かげの足: a gote bishop behind the sente Lion protects the target once the Lion leaves (「わが獅子の反対側から敵獅子に走り…を当てて」)")
    void hiddenProtectionByBishopBehindTheLion(String id) {
        // Diagonal 4k-5j-6i-7h-8g-9f: the sente Lion on 7h blocks the gote bishop until it moves.
        Position p = lions(id, "7h:N", "9f:n", "4k:b");
        assertFalse(p.isAttacked(p.geometry().parse("9f"), Position.GOTE), "no direct protection on the board");
        assertTrue(refusal(p, "7h9f").contains("lion capture rules"));
        assertFalse(legal(p, "7h8g9f"));

        Position noBishop = lions(id, "7h:N", "9f:n");
        assertTrue(legal(noBishop, "7h9f"), "control: without the bishop the Lion is unprotected");
        Position blocked = lions(id, "7h:N", "9f:n", "4k:b", "6i:P");
        assertTrue(legal(blocked, "7h9f"), "control: a piece on 6i keeps the bishop's line closed");
        Position ownBishop = lions(id, "7h:N", "9f:n", "4k:B");
        assertTrue(legal(ownBishop, "7h9f"), "control: a sente bishop protects nothing of gote's");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§2 'Protected' / seed 000 (E): a rook behind the Lion on the same file is hidden protection too (「獅子のかげのつなぎ…角行か竪行か何にてもはしりを、敵獅子のあとよりあてる」)")
    void hiddenProtectionByRookOnTheFile(String id) {
        Position p = lions(id, "7h:N", "7f:n", "7k:r");
        assertFalse(legal(p, "7h7f"));
        assertFalse(movesFrom(p, "7h").contains("7h7f"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§2 'Protected': a slider line opened by taking the first-step pawn protects the target (rule-sets.md 「on the board as it would be right after the capture」; seed 000 (C) 「歩、仲人は付け喰いにならない」, (E))")
    void lineOpenedByFirstStepCaptureProtects(String id) {
        // Diagonal 4i-5h-6g-7f: the gote pawn on 6g blocks the gote bishop until the Lion takes it.
        Position p = lions(id, "7h:N", "6g:p", "7f:n", "4i:b");
        assertTrue(legal(p, "7h7f"), "jumping leaves the pawn in place: the bishop is still blocked");
        assertFalse(legal(p, "7h6g7f"), "taking the pawn opens the bishop's line onto 7f");
        Position noBishop = lions(id, "7h:N", "6g:p", "7f:n");
        assertTrue(legal(noBishop, "7h6g7f"), "control: without the bishop the pawn-first capture is fine");
    }

    // ---------------------------------------------------------------- pawn / go-between protector

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§2 'Protected': a go-between protector taken on the first step still counts (JCSA 2004; seed 000 (C) 「歩、仲人は付け喰いにならない」)")
    void goBetweenProtectorTakenOnFirstStepStillCounts(String id) {
        // The gote go-between on 7g protects 7f (its backward step); nothing else does.
        Position p = lions(id, "7h:N", "7g:i", "7f:n");
        assertFalse(legal(p, "7h7g7f"), "taking the protecting go-between first does not unprotect the Lion");
        assertFalse(legal(p, "7h7f"));
        Position pawn = lions(id, "7h:N", "7g:p", "7f:n");
        assertTrue(legal(pawn, "7h7g7f"), "control: a pawn on 7g points the other way and protects nothing");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§2 'Protected': a pawn protector taken on the first step still counts (JCSA 2004; seed 000 (C) 「歩、仲人は付け喰いにならない」)")
    void pawnProtectorTakenOnFirstStepStillCounts(String id) {
        // Sente Lion on 7d behind the gote lines: gote pawn on 7e protects the gote Lion on 7f.
        Position p = lions(id, "7d:N", "7e:p", "7f:n");
        assertFalse(legal(p, "7d7e7f"));
        assertTrue(legal(p, "7d7e"));
        Position silver = lions(id, "7d:N", "7e:s", "7f:n");
        assertTrue(legal(silver, "7d7e7f"), "control: a silver protector taken first is a bridge capture");
    }

    private static int firstSquareOf(Position p, String token) {
        for (int sq = 0; sq < p.geometry().squares; sq++) {
            PieceKind k = p.kindAt(sq);
            if (k == null) continue;
            String t = p.pieceAt(sq) > 0 ? k.token.toUpperCase() : k.token;
            if (t.equals(token)) return sq;
        }
        return -1;
    }
}
