package io.kifudb.rules;

import static io.kifudb.rules.RuleTestSupport.legal;
import static io.kifudb.rules.RuleTestSupport.moves;
import static io.kifudb.rules.RuleTestSupport.movesFrom;
import static io.kifudb.rules.RuleTestSupport.pos;
import static io.kifudb.rules.RuleTestSupport.refusal;
import static io.kifudb.rules.RuleTestSupport.set;
import static io.kifudb.rules.RuleTestSupport.sfen;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Promotion policies, rule-sets.md §3: {@code chu} (seed 000 (3) 「不成で入れば、つぎの手では成ることが出来ない。
 * ただし、駒を取れば、成りかえることが出来る」, pawn 「四手目にと金に成る」, go-between 「仲人が不成で行った場合も歩と同じ」),
 * {@code chu-sdin} (seed 002 「SDIN中将棋の成りは本将棋と全く同じ」, 「歩兵と香車は敵陣の1段目に進んだ時…強制的に成ります」)
 * and {@code chu-lishogi} (shogiops {@code pieceCanPromote}: pawn and lance on the last rank, not the
 * go-between). The chu-lishogi move list of {@link #ZONE} agrees with the shogiops oracle.
 */
class PromotionRuleTest {

    /**
     * Sente to move. Silvers on 9e (outside), 7d and 5d (inside, having declined), gote golds on 7c and 4e
     * to capture, a pawn on 11b, a go-between on 10b, lances on 8b, 3c and 2f, and a pawn stuck on 6a.
     */
    static final String ZONE = sfen("b", "-", "1l:K", "12a:k", "9e:S", "7d:S", "7c:g", "5d:S", "4e:g",
            "11b:P", "10b:I", "8b:L", "3c:L", "2f:L", "6a:P", "1h:I");

    @ParameterizedTest(name = "{0}: {1} chu={2} sdin={3} lishogi={4}")
    @CsvSource({
            // what, move, chu, chu-sdin, chu-lishogi
            "enters the zone (promote),             9e9d+,   true,  true,  true",
            "enters the zone (decline),             9e9d,    true,  true,  true",
            "quiet move inside the zone (promote),  5d5c+,   false, true,  false",
            "quiet move inside the zone (plain),    5d5c,    true,  true,  true",
            "capture inside the zone (promote),     7d7c+,   true,  true,  true",
            "leaves the zone capturing (promote),   5d4e+,   true,  true,  true",
            "leaves the zone quietly (promote),     5d6e+,   false, true,  false",
            "leaves the zone quietly (plain),       5d6e,    true,  true,  true",
            "pawn quiet to last rank (promote),     11b11a+, true,  true,  true",
            "pawn quiet to last rank (plain),       11b11a,  true,  false, true",
            "go-between quiet to last rank (prom.), 10b10a+, true,  true,  false",
            "go-between quiet to last rank (plain), 10b10a,  true,  true,  true",
            "lance quiet to last rank (promote),    8b8a+,   false, true,  true",
            "lance quiet to last rank (plain),      8b8a,    true,  false, true",
            "lance slides to last rank (promote),   3c3a+,   false, true,  true",
            "lance slides to rank b (promote),      3c3b+,   false, true,  false",
            "lance enters to last rank (promote),   2f2a+,   true,  true,  true",
            "lance enters to last rank (plain),     2f2a,    true,  false, true",
            "lance enters to rank b (plain),        2f2b,    true,  true,  true",
    })
    @DisplayName("§3 promotion table per rule set (seed 000 (3) 「敵地の四段目に入れば成れる…不成で入れば、つぎの手では成ることが出来ない。ただし、駒を取れば、成りかえることが出来る」; seed 002 「本将棋と全く同じ」)")
    void promotionTable(String what, String move, boolean chu, boolean sdin, boolean lishogi) {
        assertAll(
                () -> assertEquals(chu, legal(pos(RuleSet.CHU, ZONE), move), "chu"),
                () -> assertEquals(sdin, legal(pos(RuleSet.CHU_SDIN, ZONE), move), "chu-sdin"),
                () -> assertEquals(lishogi, legal(pos(RuleSet.CHU_LISHOGI, ZONE), move), "chu-lishogi"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§3: an unpromoted pawn stuck on the last rank has no move (rule-sets.md 「An unpromoted pawn or lance on the last rank may stay there, unable to move」)")
    void stuckPawnHasNoMove(String id) {
        Position p = pos(RuleSet.byId(id), ZONE);
        assertEquals(set(), movesFrom(p, "6a"));
    }

    @Test
    @DisplayName("chu §3: refused promotions explain themselves (seed 000 (3) 「つぎの手では成ることが出来ない」)")
    void chuRefusalReason() {
        Position p = pos(RuleSet.CHU, ZONE);
        assertTrue(refusal(p, "5d5c+").contains("may not promote"));
        assertTrue(refusal(p, "8b8a+").contains("may not promote"), "the lance is not covered by the last-rank exception");
    }

    @Test
    @DisplayName("chu-lishogi §3: the go-between has no last-rank exception (rule-sets.md §3 「the last-rank exception covers the pawn and the lance (not the go-between)」; shogiops pieceCanPromote; contrast seed 000 「仲人が不成で行った場合も歩と同じ」)")
    void lishogiGoBetweenRefusal() {
        Position p = pos(RuleSet.CHU_LISHOGI, ZONE);
        assertTrue(refusal(p, "10b10a+").contains("may not promote"));
        assertEquals(set("10b10a", "10b10c"), movesFrom(p, "10b"));
    }

    @Test
    @DisplayName("chu-sdin §3: pawn and lance reaching the last rank must promote; the plain spelling is refused (seed 002 「歩兵と香車は敵陣の1段目に進んだ時、移動先が無くなるため、強制的に成ります」)")
    void sdinForcedPromotion() {
        Position p = pos(RuleSet.CHU_SDIN, ZONE);
        assertEquals(set("11b11a+"), movesFrom(p, "11b"));
        assertEquals(set("8b8a+"), movesFrom(p, "8b"));
        assertTrue(refusal(p, "11b11a").contains("must promote"));
        assertTrue(refusal(p, "8b8a").contains("must promote"));
        assertTrue(refusal(p, "2f2a").contains("must promote"));
        assertEquals(set("10b10a", "10b10a+", "10b10c", "10b10c+"), movesFrom(p, "10b"), "the go-between is never forced");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-lishogi"})
    @DisplayName("chu §3: a pawn that declined on entering promotes again only on the last rank (seed 000 歩兵 「不成で行けば、二手目に成れず、三手目に進み、四手目にと金に成る」)")
    void pawnFourthMovePromotes(String id) {
        Position p = pos(RuleSet.byId(id), sfen("b", "-", "1l:K", "12a:k", "5e:P", "9a:g"));
        assertEquals(set("5e5d", "5e5d+"), movesFrom(p, "5e"), "first move: enters the zone, may promote");
        p.play("5e5d");
        p.play("12a12b");
        assertEquals(set("5d5c"), movesFrom(p, "5d"), "second move: no promotion");
        p.play("5d5c");
        p.play("12b12a");
        assertEquals(set("5c5b"), movesFrom(p, "5c"), "third move: no promotion");
        p.play("5c5b");
        p.play("12a12b");
        assertEquals(set("5b5a", "5b5a+"), movesFrom(p, "5b"), "fourth move, to the last rank: may promote");
        p.play("5b5a+");
        assertEquals("+p", p.kindAt(p.geometry().parse("5a")).token);
    }

    @Test
    @DisplayName("chu-sdin §3: any move starting or ending in the zone may promote (seed 002 「敵陣に入るとき」「敵陣の中で動くとき」「敵陣から出るとき」)")
    void sdinPromotesInsideAndLeaving() {
        Position p = pos(RuleSet.CHU_SDIN, sfen("b", "-", "1l:K", "12a:k", "5e:P", "9a:g"));
        p.play("5e5d");
        p.play("12a12b");
        assertEquals(set("5d5c", "5d5c+"), movesFrom(p, "5d"), "declined on entering, may still promote inside");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§3: Kings, Lions, Free Kings and promoted pieces never promote (pieces-and-setups.md §2 「玉将、獅子、奔王は成らない」)")
    void nonPromotingPiecesNeverPromote(String id) {
        Position p = pos(RuleSet.byId(id), sfen("b", "-", "12a:k", "7e:N", "4e:Q", "2e:K", "10e:+R", "9d:+P", "8e:+O"));
        for (String m : moves(p)) assertFalse(m.endsWith("+"), m + " must not promote");
        assertTrue(legal(p, "7e7c"), "sanity: the Lion does enter the zone");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§3 gote: the zone is ranks i-l for gote, mirrored (pieces-and-setups.md §2 「敵陣＝相手側の4段」)")
    void goteZone(String id) {
        Position p = pos(RuleSet.byId(id), sfen("w", "-", "1a:k", "12l:K", "6h:s", "3k:p"));
        assertEquals(set("6h5i", "6h5i+", "6h6i", "6h6i+", "6h7i", "6h7i+", "6h5g", "6h7g"), movesFrom(p, "6h"));
        boolean sdin = id.equals("chu-sdin");
        assertEquals(sdin ? set("3k3l+") : set("3k3l", "3k3l+"), movesFrom(p, "3k"));
    }
}
