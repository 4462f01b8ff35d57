package io.kifudb.rules;

import static io.kifudb.rules.RuleTestSupport.legal;
import static io.kifudb.rules.RuleTestSupport.markerField;
import static io.kifudb.rules.RuleTestSupport.pos;
import static io.kifudb.rules.RuleTestSupport.refusal;
import static io.kifudb.rules.RuleTestSupport.sfen;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Counter-strike (先獅子), rule-sets.md §2 rule 3, in its three flavours: {@code chu} (seed 000 (B)
 * 「足のある場合は直ちに獅子は取れない。一手間をおいてからでないと取れない」), {@code chu-sdin} (seed 002
 * 「自分の獅子を、相手に獅子以外の駒で取られた時、その直後の手で相手の獅子を取ることはできません」) and
 * {@code chu-lishogi} (shogiops: a non-Lion may take a Lion only on the marker square). The chu-lishogi
 * move lists after the capture were diffed against the shogiops oracle.
 *
 * <p>The marker is always set by playing the capture, and checked in SFEN field 3.
 */
class CounterStrikeRuleTest {

    /**
     * Gote to move; its silver on 7f takes the sente Lion on 7g ({@code 7f7g}). Sente keeps a rook on 5k
     * aimed at the gote Lion on 5g, a promoted-Kirin Lion (+O) on {@code lionSquare}, and a gold on 7h.
     */
    private static Position afterSilverTakesLion(String id, String lionSquare, boolean protectedByGold, String... extra) {
        List<String> pl = new ArrayList<>(List.of("1l:K", "12a:k", "7g:N", "7h:G", "5k:R", lionSquare + ":+O", "7f:s", "5g:n"));
        if (protectedByGold) pl.add("5f:g"); // gote gold on 5f protects 5g
        pl.addAll(Arrays.asList(extra));
        Position p = pos(RuleSet.byId(id), sfen("w", "-", pl.toArray(String[]::new)));
        p.play("7f7g");
        assertEquals("7g", markerField(p), "a silver took a Lion on 7g: SFEN field 3 is that square");
        return p;
    }

    // ---------------------------------------------------------------- chu (JCSA / Okazaki)

    @Test
    @DisplayName("chu §2.3: after a non-Lion took a Lion, a protected Lion may not be taken by any piece, own adjacent Lion included (seed 000 (B) 「足のある場合は直ちに獅子は取れない」)")
    void chuProtectedLionIsBanned() {
        Position p = afterSilverTakesLion("chu", "4g", true);
        assertAll(
                () -> assertTrue(refusal(p, "5k5g").contains("counter-strike"), "rook takes the protected Lion"),
                () -> assertFalse(legal(p, "4g5g"), "own Lion (promoted Kirin) adjacent to it"),
                () -> assertFalse(legal(p, "4g5g4g"), "igui of the protected Lion"),
                () -> assertTrue(legal(p, "7h7g"), "the silver that took the Lion may be retaken"),
                // Protection is judged on the board right after the capture (rule-sets.md §2 'Protected'):
                // taking the protecting gold first leaves the Lion unprotected.
                () -> assertTrue(legal(p, "4g5f5g"), "take the protecting gold, then the now unprotected Lion"));
    }

    @Test
    @DisplayName("chu §2.3: after a non-Lion took a Lion, an unprotected Lion may be taken (seed 000 (B) 「敵の獅子に味方の駒が当れば、これを取ることが出来る」)")
    void chuUnprotectedLionMayBeTaken() {
        Position p = afterSilverTakesLion("chu", "4g", false);
        assertTrue(legal(p, "5k5g"), "rook takes the unprotected Lion");
        assertTrue(legal(p, "4g5g"), "own Lion takes it too");
    }

    @Test
    @DisplayName("chu §2.3: the ban binds a non-adjacent own Lion as well, and lasts one move only (seed 000 (B) 「一手間をおいてからでないと取れない」)")
    void chuBanOnDistantLionAndOnlyForOneMove() {
        Position p = afterSilverTakesLion("chu", "3g", true);
        assertFalse(legal(p, "3g5g"), "protected, two squares away, no bridge");
        Position free = afterSilverTakesLion("chu", "3g", false);
        assertTrue(legal(free, "3g5g"), "unprotected Lion two squares away may be taken");

        p.play("1l1k");
        p.play("12a12b");
        assertEquals("-", markerField(p));
        assertTrue(legal(p, "5k5g"), "one move later the rook may take the protected Lion");
    }

    @Test
    @DisplayName("chu §2.3 with §2 'Protected': a slider behind the capturing rook protects the Lion once the rook leaves (rule-sets.md 「on the board as it would be right after the capture」; seed 000 (B) 「足のある場合は直ちに獅子は取れない」, (E) 獅子かげの足)")
    void chuHiddenProtectionBehindTheCapturer() {
        // Gote reverse chariot on 5l is blocked by the sente rook on 5k until the rook goes to 5g.
        Position p = afterSilverTakesLion("chu", "2k", false, "5l:a");
        assertFalse(legal(p, "5k5g"));
        Position control = afterSilverTakesLion("chu", "2k", false);
        assertTrue(legal(control, "5k5g"));
    }

    @Test
    @DisplayName("chu §2.3 with §2 'Protected': an igui leaves the Lion on its origin, so protection is judged with it still blocking its lines (rule-sets.md 「An igui (capture and return) leaves the Lion on its origin, so there the board after the move is the board to judge」; seed 000 (B) 「足のある場合は直ちに獅子は取れない」)")
    void chuIguiJudgedWithTheLionStillOnItsOrigin() {
        // The gote rook on 3g covers 5g only through 4g, where the sente Lion stands.
        Position p = afterSilverTakesLion("chu", "4g", false, "3g:r");
        assertTrue(legal(p, "4g5g4g"), "igui: the Lion stays on 4g and still blocks the rook, so 5g is unprotected");
        assertFalse(legal(p, "4g5g"), "moving to 5g opens the rook's line: the Lion there is protected");
        // The position the clarification of rule-sets.md §2 was raised with: the promoted Kirin on 8c
        // may eat the gote Lion on 8b and return, after a non-Lion took a sente Lion on 6j.
        Position issue = pos(RuleSet.CHU, "12/4n7/4+O7/7g4/12/12/2K1r6m/4d6o/3+P1kL5/3+X2f5/2g3I5/12 b 6j 281");
        assertTrue(legal(issue, "8c8b8c"));
    }

    @Test
    @DisplayName("chu §2.3: a bridge capture overrides the counter-strike ban (rule-sets.md: 「A bridge capture (rule 2) overrides the ban」; seed 000 (C) 付け喰い)")
    void chuBridgeCaptureOverridesBan() {
        Position p = afterSilverTakesLion("chu", "3g", true, "4g:s");
        assertTrue(legal(p, "3g4g5g"), "silver on 4g, then the protected Lion on 5g");
        assertFalse(legal(p, "5k5g"));
    }

    // ---------------------------------------------------------------- chu-sdin

    @ParameterizedTest(name = "protected={0}")
    @ValueSource(booleans = {true, false})
    @DisplayName("chu-sdin §2.3: after a non-Lion took a Lion, no Lion may be taken at all on the next move (seed 002 「その直後の手で相手の獅子を取ることはできません」)")
    void sdinNoLionMayBeTaken(boolean protectedByGold) {
        Position adjacent = afterSilverTakesLion("chu-sdin", "4g", protectedByGold);
        assertAll(
                () -> assertTrue(refusal(adjacent, "5k5g").contains("counter-strike")),
                () -> assertFalse(legal(adjacent, "4g5g")),
                () -> assertFalse(legal(adjacent, "4g5g4g")),
                () -> assertFalse(legal(adjacent, "4g5f5g"), "not even after removing the protector"),
                () -> assertTrue(legal(adjacent, "7h7g"), "other captures are fine"));
        Position bridge = afterSilverTakesLion("chu-sdin", "3g", protectedByGold, "4g:s");
        assertFalse(legal(bridge, "3g4g5g"), "not even by a bridge capture");
        assertTrue(legal(bridge, "3g4g"), "the silver alone may be taken");
    }

    // ---------------------------------------------------------------- chu-lishogi

    @ParameterizedTest(name = "protected={0}")
    @ValueSource(booleans = {true, false})
    @DisplayName("chu-lishogi §2.3: a non-Lion may not take a Lion off the marker square; Lions are bound only by rules 1-2 (rule-sets.md 「Lions are bound by rules 1 and 2 only」; shogiops Chushogi.moveDests 「can't recapture lion on another square」)")
    void lishogiNonLionBannedLionFree(boolean protectedByGold) {
        Position p = afterSilverTakesLion("chu-lishogi", "4g", protectedByGold);
        assertTrue(refusal(p, "5k5g").contains("counter-strike"), "rook: 5g is not the marker square");
        assertTrue(legal(p, "4g5g"), "adjacent Lion takes it (rule 1), protected or not");
        assertTrue(legal(p, "4g5g4g"));
        assertTrue(legal(p, "7h7g"));

        Position distant = afterSilverTakesLion("chu-lishogi", "3g", protectedByGold);
        assertEquals(!protectedByGold, legal(distant, "3g5g"), "distant Lion: only rule 2 (protection) decides");
        Position bridge = afterSilverTakesLion("chu-lishogi", "3g", protectedByGold, "4g:s");
        assertTrue(legal(bridge, "3g4g5g"), "bridge capture allowed");
    }

    @Test
    @DisplayName("chu-lishogi §2.3: the ban covers either step of a Horned Falcon (「with either step of a Falcon/Eagle move」)")
    void lishogiFalconCannotTakeLionOffMarker() {
        // Sente Horned Falcon on 5i: its forward line is 5h, 5g (the gote Lion). Rook moved out of the way.
        Position p = afterSilverTakesLion("chu-lishogi", "2k", false, "5i:+H", "5h:p");
        assertTrue(legal(p, "5i5h"), "the falcon may take the pawn on 5h");
        assertFalse(legal(p, "5i5g"), "jump onto the Lion");
        assertFalse(legal(p, "5i5h5g"), "pawn, then the Lion");
        Position chu = afterSilverTakesLion("chu", "2k", false, "5i:+H", "5h:p");
        assertTrue(legal(chu, "5i5h5g"), "control: under chu the unprotected Lion may be taken");
    }

    // ---------------------------------------------------------------- Kirin promoted on the capture square

    /**
     * Gote kirin on 7g jumps to 7i taking the sente Lion and promotes there ({@code 7g7i+}), so the new
     * gote Lion (+o) stands on the marker square. Sente gold on 7j can retake it; a sente rook on 3k aims
     * at another gote Lion on 3e. Protection: gote golds on 7h (for 7i) and 3d (for 3e).
     */
    private static Position afterKirinPromotes(String id, boolean protectedByGolds) {
        List<String> pl = new ArrayList<>(List.of("1l:K", "12a:k", "7i:N", "7j:G", "3k:R", "7g:o", "3e:n"));
        if (protectedByGolds) {
            pl.add("7h:g");
            pl.add("3d:g");
        }
        Position p = pos(RuleSet.byId(id), sfen("w", "-", pl.toArray(String[]::new)));
        p.play("7g7i+");
        assertEquals("7i", markerField(p));
        assertEquals("+o", p.kindAt(p.geometry().parse("7i")).token, "the Kirin promoted to Lion on the capture square");
        return p;
    }

    @ParameterizedTest(name = "protected={0}")
    @ValueSource(booleans = {true, false})
    @DisplayName("chu-lishogi §2.3: the Kirin that promoted to Lion on the marker square may be retaken by a non-Lion (shogiops: 「allow capturing lion on the same square from kirin promotion」)")
    void lishogiKirinLionOnMarkerMayBeRetaken(boolean protectedByGolds) {
        Position p = afterKirinPromotes("chu-lishogi", protectedByGolds);
        assertTrue(legal(p, "7j7i"), "gold retakes on the marker square");
        assertFalse(legal(p, "3k3e"), "the rook still may not take a Lion elsewhere");
    }

    @ParameterizedTest(name = "protected={0}")
    @ValueSource(booleans = {true, false})
    @DisplayName("chu §2.3: a Kirin promoted to Lion on the capture square is banned if protected, free if not (seed 000 (B); rule-sets.md 「and also a Kirin that promoted to Lion on the capture square」)")
    void chuKirinLionOnMarker(boolean protectedByGolds) {
        Position p = afterKirinPromotes("chu", protectedByGolds);
        assertEquals(!protectedByGolds, legal(p, "7j7i"));
        assertEquals(!protectedByGolds, legal(p, "3k3e"));
    }

    @ParameterizedTest(name = "protected={0}")
    @ValueSource(booleans = {true, false})
    @DisplayName("chu-sdin §2.3: the Kirin promoted to Lion may not be retaken on the next move (seed 002 「その直後の手で相手の獅子を取ることはできません」)")
    void sdinKirinLionOnMarker(boolean protectedByGolds) {
        Position p = afterKirinPromotes("chu-sdin", protectedByGolds);
        assertFalse(legal(p, "7j7i"));
        assertFalse(legal(p, "3k3e"));
    }

    // ---------------------------------------------------------------- when the marker is set

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§2.3: no ban after Lion takes Lion (rule-sets.md 「No ban after Lion takes Lion」; seed 000 (B) concerns 「味方の駒」 taking a Lion)")
    void noBanAfterLionTakesLion(String id) {
        Position p = pos(RuleSet.byId(id), sfen("w", "-", "1l:K", "12a:k", "7g:N", "6h:G", "4g:+O", "6f:n", "5g:n", "5f:g"));
        p.play("6f7g");
        assertEquals("-", markerField(p));
        assertTrue(legal(p, "4g5g"), "the adjacent protected Lion may be taken (rule 1)");
    }

    @Test
    @DisplayName("§1 / §2.3 marker: a Falcon taking a Lion on its first step marks that square; two Lions in one move mark the second (rule-sets.md §2.3 「for a Falcon/Eagle taking a Lion on its first step, that square; if one move takes two Lions, the square of the second」; seed 000 (B) 「敵の獅子に味方の駒が当れば」)")
    void markerSquareForTwoStepCaptures() {
        String s = sfen("w", "-", "1l:K", "12a:k", "7f:N", "7g:P", "6f:N", "5g:+O", "7e:+h", "8e:+d", "9l:G");
        Position p = pos(RuleSet.CHU, s);
        p.play("7e7f7g"); // falcon: Lion on 7f, then the pawn on 7g
        assertEquals("7f", markerField(p));
        p.unmake();
        p.play("7e7f7e"); // igui of the Lion
        assertEquals("7f", markerField(p));
        p.unmake();
        p.play("8e7f6g"); // eagle: Lion on 7f, then on to the empty 6g
        assertEquals("7f", markerField(p));
        p.play("9l9k");
        assertEquals("-", markerField(p), "the marker lasts one move");

        Position two = pos(RuleSet.CHU, sfen("w", "-", "1l:K", "12a:k", "6f:N", "5g:+O", "7e:+d", "9l:G"));
        two.play("7e6f5g");
        assertEquals("5g", markerField(two), "two Lions taken: the square of the second");
    }

    @Test
    @DisplayName("§1: the marker is part of the SFEN and of the position key (rule-sets.md §1 「Extra state is part of the position's identity」)")
    void markerIsPartOfIdentity() {
        String with = sfen("b", "7g", "1l:K", "12a:k", "7h:G", "5k:R", "4g:+O", "7g:s", "5g:n", "5f:g");
        String without = with.replace(" 7g ", " - ");
        Position a = pos(RuleSet.CHU, with), b = pos(RuleSet.CHU, without);
        assertEquals(a.geometry().parse("7g"), a.counterStrikeSquare());
        assertTrue(a.key() != b.key(), "same board, different marker: different keys");
        assertFalse(legal(a, "5k5g"));
        assertTrue(legal(b, "5k5g"), "without the marker the rook may take the protected Lion");

        // The incrementally updated key after the capture that sets the marker, and after the move that
        // clears it, equals the key of the same position read from its SFEN.
        Position played = afterSilverTakesLion("chu", "4g", true);
        assertEquals(Sfen.parse(RuleSet.CHU, played.sfen()).key(), played.key());
        played.play("1l1k");
        assertEquals("-", markerField(played));
        assertEquals(Sfen.parse(RuleSet.CHU, played.sfen()).key(), played.key());
    }
}
