package io.kifudb.rules;

import static io.kifudb.rules.Rule13TestSupport.at;
import static io.kifudb.rules.Rule13TestSupport.play;
import static io.kifudb.rules.Rule13TestSupport.then;
import static io.kifudb.rules.RuleTestSupport.legal;
import static io.kifudb.rules.RuleTestSupport.legalMoves;
import static io.kifudb.rules.RuleTestSupport.markerField;
import static io.kifudb.rules.RuleTestSupport.moves;
import static io.kifudb.rules.RuleTestSupport.movesFrom;
import static io.kifudb.rules.RuleTestSupport.refusal;
import static io.kifudb.rules.RuleTestSupport.set;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kifudb.rules.Status.Reason;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * shodoshu2017 and shodoshu2017-prev (2017年型普通唱導集大将棋, seed 004), one rule per test: pieces-and-setups.md §4
 * and rule-sets.md §3-5. Rules both forms share run under both ids; the two exchange forms are compared
 * where they differ. Every position is the start position or one reached from it by legal moves.
 */
class ShodoshuRuleTest {
    private static final RuleSet FINAL = RuleSet.SHODOSHU2017, PREV = RuleSet.SHODOSHU2017_PREV;

    /**
     * Gote's elephant walks 7b-7c-7d-6e (its Free King and 7-file pawn make way) and takes sente's 7-file
     * pawn on 7f. Sente to move; its Free King on 7k looks down the open 7-file at the elephant.
     */
    static final String ELEPHANT_TAKES_PAWN = "7j7i 7d7e 7i7h 7c7d 7h7g 7b7c 7g7f 7d4g 1j1i 7c7d 1i1h 7d6e 1h1g 6e7f";
    static final String AFTER_ELEPHANT_TAKES_PAWN =
            "lnjcsgkgscjnl/ayuwzx1ozwuya/rmvbhd1dhbvmr/pppppp1pppppp/3i2p2i3/6e6/9q2P/13/3I5I3/PPPPPP1PPPPP1/RMVBHDQDHBVMR/AYUWZOEXZWUYA/LNJCSGKGSCJNL b 7f 15";
    /**
     * Sente's 猛牛 leaves 10l over its own Bishop (10l-10j), dances 10j-10h-8h-8f; gote's Free King goes to 6f
     * and its elephant to 7f, between them. Sente to move.
     */
    static final String OX_BESIDE_ELEPHANT = "10i10h 7d7e 10h10g 7c7d 10j10i 7b7c 10l10j 7d6e 10j10h 6e6f 10h8h 7c7d 8h8f 7d8e 1j1i 8e7f";
    /**
     * Sente's Kirin jumps 8l-8j-8h-8f-8d, taking gote's 8d pawn and promoting to the restricted Lion, next to
     * gote's elephant on 7c. Sente to move.
     */
    static final String LION_BESIDE_ELEPHANT = "8j8i 7d7e 8l8j 7c7d 8j8h 7d4g 8h8f 7b7c 8f8d+ 10e10f";

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§4.4 start: 54 pieces a side, the 麒麟 on each side's left (S10), 仲人 on 10i/4i (「右仲人の、先手なら4九の地点」)")
    void startPosition(String id) {
        Position p = Position.start(RuleSet.byId(id));
        assertEquals("lnjcsgkgscjnl/ayuwzxeozwuya/rmvbhdqdhbvmr/ppppppppppppp/3i5i3/13/13/13/3I5I3/PPPPPPPPPPPPP/RMVBHDQDHBVMR/AYUWZOEXZWUYA/LNJCSGKGSCJNL b - 1", p.sfen());
        assertEquals(54, p.pieceCount(Position.SENTE));
        assertEquals(54, p.pieceCount(Position.GOTE));
        assertEquals("O", at(p, "8l"));
        assertEquals("X", at(p, "6l"));
        assertEquals("o", at(p, "6b"));
        assertEquals("I", at(p, "4i"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§4.3 猛牛/飛龍 land only on the second square, over anything on the first, never stopping there or coming back (seed 004 (4) 「猛牛と飛龍の行き所は１升目飛んで向こう、第２升目だけであり、隣接第１升目へは、踊っている最中に止まれない」)")
    void danceGoesTwoSquares(String id) {
        Position p = play(RuleSet.byId(id), OX_BESIDE_ELEPHANT);
        // From 8f: over the empty 9f to 10f; over gote's elephant to take the Free King on 6f, or taking the
        // elephant in passing (8f7f6f); over 8e to take 8d; back over 8g to 8h. Never 9f, 7f, 8e or 8g.
        assertEquals(set("8f10f", "8f6f", "8f7f6f", "8f8d", "8f8h"), movesFrom(p, "8f"));
        // A quiet dance over an empty first square may be written with it; the canonical spelling is direct.
        assertEquals(p.parseMove("8f8d"), p.parseMove("8f8e8d"));
        // S1 (open): an own piece on the first square is passed over too (the 飛龍 from 2l over its Vertical Mover).
        Position q = play(RuleSet.byId(id), "4i4h 10e10f 4j4i 10f10e");
        assertEquals(set("2l4j"), movesFrom(q, "2l"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§4.2 S3 the promoted 麒麟 is a Lion that only steps: no jump, and a square two away only through an empty or enemy square (「麒麟が師子(踊りだけで跳べない、自駒上で踊れない)」; seed 004 「１升目でも２升目でも行き先がどちらでも良い獅子」)")
    void restrictedLion(String id) {
        Position p = play(RuleSet.byId(id), LION_BESIDE_ELEPHANT);
        assertEquals("+O", at(p, "8d"));
        java.util.Set<String> lion = movesFrom(p, "8d");
        assertTrue(lion.contains("8d6c"), "two squares through the empty 7d, written directly, taking the Dragon");
        assertTrue(lion.contains("8d10d"), "through the empty 9e");
        assertFalse(lion.contains("8d10c"), "10c lies behind gote's Horse (9c) and pawn (9d): no jump");
        assertTrue(lion.contains("8d9c10c") && lion.contains("8d9d10c"), "10c only by taking a piece on the way");
        assertTrue(lion.contains("8d8c8d"), "igui (S3, open: allowed as in Chu)");
        assertTrue(moves(p).contains("8d7d8d"), "jitto: the pass (S3, open)");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§3 / S7 only 酔象, 麒麟, 鳳凰 and 歩兵 promote (「成り駒は、今回は、酔象が太子、麒麟が師子…、鳳凰(現行の動き)を奔王とし、他の駒は概ね不成り…歩兵だけ、金将に」)")
    void onlyFourKindsPromote(String id) {
        Position ox = play(RuleSet.byId(id), OX_BESIDE_ELEPHANT);
        assertTrue(legal(ox, "8f8d"), "the 猛牛 enters the zone taking 8d");
        assertTrue(refusal(ox, "8f8d+").contains("may not promote"));
        Position kirin = play(RuleSet.byId(id), "8j8i 7d7e 8l8j 7c7d 8j8h 7d4g 8h8f 7b7c");
        assertTrue(legal(kirin, "8f8d+") && legal(kirin, "8f8d"), "the 麒麟 entering the zone may promote, or not");
        assertEquals("+O", at(then(kirin, "8f8d+"), "8d"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§5.1 taking an elephant exchanges it: the taker is removed and the elephant turns, unpromoted (seed 004 (2) 「酔象は相手に取られたときは、捨てられるのでは無くて、向きが相手側に変わって、相手が、依然酔象として使い続ける」)")
    void exchangeIsTheDefault(String id) {
        // One more move each: the elephant on 7f no longer made the previous move.
        Position p = play(RuleSet.byId(id), ELEPHANT_TAKES_PAWN, "1g1f 10e10f");
        assertEquals("-", markerField(p));
        assertTrue(refusal(p, "7k7f!").contains("previous move"), "no normal capture of an elephant that did not just capture");
        int sente = p.pieceCount(Position.SENTE), gote = p.pieceCount(Position.GOTE);
        then(p, "7k7f");
        assertEquals(".", at(p, "7k"), "the Free King is gone");
        assertEquals("E", at(p, "7f"), "the elephant is sente's, still a 酔象");
        assertEquals(sente, p.pieceCount(Position.SENTE));
        assertEquals(gote - 1, p.pieceCount(Position.GOTE));
        assertEquals("-", markerField(p), "an exchange never sets field 3 (§5.5)");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§5.2 the elephant that captured on the previous move may also be taken normally, spelled '!' (seed 004 (3) 「直前に、その酔象で攻めて、相手の駒を取っているという事が無い、その酔象に関してだけ」, 「取り捨てても交換しても…どちらの着手も、自由に選択出来る」)")
    void elephantThatJustCapturedMayBeTakenNormally(String id) {
        Position p = play(RuleSet.byId(id), ELEPHANT_TAKES_PAWN);
        assertEquals(AFTER_ELEPHANT_TAKES_PAWN, p.sfen());
        assertEquals(p.geometry().parse("7f"), p.exemptElephantSquare());
        assertTrue(movesFrom(p, "7k").containsAll(set("7k7f", "7k7f!")));
        int gote = p.pieceCount(Position.GOTE);
        then(p, "7k7f!");
        assertEquals("Q", at(p, "7f"), "the Free King took the elephant and stands on 7f");
        assertEquals(gote - 1, p.pieceCount(Position.GOTE));
        assertEquals("-", markerField(p), "field 3 only ever names an elephant");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§5.2 with several elephants only the one that just captured is exempt (「酔象が複数盤上に有るとき、取り捨てになるのは直前に使った方だけである」)")
    void onlyTheElephantThatCapturedIsExempt(String id) {
        // Sente exchanges on 7f (its Free King goes, the elephant turns), gote's Free King comes to 7g, and
        // sente's new elephant takes the 7e pawn. Sente now has two elephants on the open 7-file: 7e and 7l.
        Position p = play(RuleSet.byId(id), ELEPHANT_TAKES_PAWN, "7k7f 4g7g 7f7e");
        assertEquals("7e", markerField(p));
        java.util.Set<String> queen = movesFrom(p, "7g");
        assertTrue(queen.containsAll(set("7g7e", "7g7e!", "7g7l")));
        assertFalse(queen.contains("7g7l!"), "the elephant on 7l did not capture");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§5.3 a King that is its side's only royal may not exchange, only take the exempt elephant normally (「玉将・太子の場合、他に太子・玉将が無い場合は、酔象を取る手は禁手である」, 「玉将・太子をその升目に普通に、相手の駒を取るだけ」)")
    void loneRoyalMayNotExchange(String id) {
        // Gote's Free King (4g-7g-7l) takes sente's elephant on 7l and is exchanged: the elephant is gote's now,
        // next to sente's King, which is sente's only royal.
        Position p = play(RuleSet.byId(id), ELEPHANT_TAKES_PAWN, "7k7f 10e10f 7f7e 4g7g 1g1f 7g7l");
        assertEquals("e", at(p, "7l"));
        assertTrue(refusal(p, "7m7l").contains("only royal"));
        assertTrue(refusal(p, "7m7l!").contains("previous move"));
        // The elephant takes the Gold on 8m: now it is exempt, and the King may take it, normally only.
        then(p, "1f1e");
        then(p, "7l8m");
        assertEquals("8m", markerField(p));
        assertTrue(legal(p, "7m8m!"));
        assertTrue(refusal(p, "7m8m").contains("only royal"));
        then(p, "7m8m!");
        assertEquals("K", at(p, "8m"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§5.3 + §4 with a Prince as well, the King may exchange; losing the King alone does not lose, losing every royal does (「他に太子・玉将が無い場合は」; rule-sets.md §4 「loss when all royals (King and Prince) are gone」)")
    void secondRoyalMayExchange(String id) {
        // As above, but sente's converted elephant (on 7e) promotes to Prince on 7d first.
        Position p = play(RuleSet.byId(id), ELEPHANT_TAKES_PAWN, "7k7f 10e10f 7f7e 4g7g 1g1f 7g7l 7e7d+ 10f10g");
        assertEquals(2, p.royalCount(Position.SENTE));
        then(p, "7m7l");
        assertEquals("E", at(p, "7l"), "the King was exchanged away for the elephant");
        assertEquals(".", at(p, "7m"));
        assertEquals(1, p.royalCount(Position.SENTE));
        assertTrue(p.status().isOngoing(), "the Prince remains");
        then(p, "8c7d"); // gote's Dragon takes the Prince
        assertEquals(Status.win(Position.GOTE, Reason.ROYAL_CAPTURED), p.status());
    }

    @Test
    @DisplayName("§5.4 final form: a 猛牛 exchanging on its first square is removed there; its second square is untouched (seed 004 (5) 「入れ替えた所で、入れ替えた酔象は、動くこと無く向きだけを変え、獅子・飛龍・猛牛は盤面より取り去る」)")
    void danceFirstSquareExchangeFinal() {
        Position p = play(FINAL, OX_BESIDE_ELEPHANT);
        then(p, "8f7f6f");
        assertEquals(".", at(p, "8f"));
        assertEquals("E", at(p, "7f"));
        assertEquals("q", at(p, "6f"), "gote's Free King on the second square stays");
    }

    @Test
    @DisplayName("§5.4 previous form: the 猛牛 exchanges on its first square, goes on to take the second square and survives (seed 004 元の表現 「その２歩目の升目に移動させた場合は、自駒化した酔象も、攻撃使用の獅子・飛龍・猛牛も生きる」)")
    void danceFirstSquareExchangePrevious() {
        Position p = play(PREV, OX_BESIDE_ELEPHANT);
        then(p, "8f7f6f");
        assertEquals(".", at(p, "8f"));
        assertEquals("E", at(p, "7f"));
        assertEquals("W", at(p, "6f"), "the 猛牛 took the Free King and lives");
    }

    @Test
    @DisplayName("§5.4/5.5 final form: the Lion's first-step exchange is its single step onto the elephant; no second step (seed 004 「１升目でも２升目でも行き先がどちらでも良い獅子…入れ替えた所で…盤面より取り去る」)")
    void lionFirstStepExchangeFinal() {
        Position p = play(FINAL, LION_BESIDE_ELEPHANT);
        java.util.Set<String> lion = movesFrom(p, "8d");
        assertTrue(lion.contains("8d7c"));
        for (String m : lion) assertFalse(m.startsWith("8d7c") && m.length() > 4, m + ": no second step after an exchange");
        assertTrue(refusal(p, "8d7c6b").contains("single step"));
        then(p, "8d7c");
        assertEquals(".", at(p, "8d"));
        assertEquals("E", at(p, "7c"));
    }

    @Test
    @DisplayName("§5.4/5.5 previous form: after the first-step exchange the Lion may step on to any square but the elephant's, its origin included (seed 004 元の表現 「２歩目で別の隣接する升目に移動させる事が出来る」)")
    void lionFirstStepExchangePrevious() {
        Position p = play(PREV, LION_BESIDE_ELEPHANT);
        java.util.Set<String> through = new java.util.TreeSet<>();
        for (String m : movesFrom(p, "8d")) if (m.startsWith("8d7c")) through.add(m);
        // 6b (Kirin), 6c (Dragon), 6d (pawn), 7b (empty), 7d (empty), 8b (Phoenix), 8c (Dragon), 8d (the origin).
        assertEquals(set("8d7c", "8d7c6b", "8d7c6c", "8d7c6d", "8d7c7b", "8d7c7d", "8d7c8b", "8d7c8c", "8d7c8d"), through);
        then(p, "8d7c6b");
        assertEquals("E", at(p, "7c"));
        assertEquals("+O", at(p, "6b"), "the Lion took the Kirin and lives");
        Position single = play(PREV, LION_BESIDE_ELEPHANT);
        then(single, "8d7c");
        assertEquals(".", at(single, "8d"), "the single step onto the elephant still removes the Lion");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§5.4 a first step that takes another piece, then an elephant on the second: both happen (seed 004 「ただし特例で、これらの駒は、取り去る直前の着手で、相手駒２枚捕獲をして、下げられる事は有っても良い」)")
    void secondStepOntoElephant(String id) {
        Position p = play(RuleSet.byId(id), LION_BESIDE_ELEPHANT);
        int gote = p.pieceCount(Position.GOTE);
        then(p, "8d8c7c");
        assertEquals(".", at(p, "8c"), "the Dragon is taken");
        assertEquals("E", at(p, "7c"), "the elephant turns");
        assertEquals(".", at(p, "8d"), "the Lion is removed");
        assertEquals(gote - 2, p.pieceCount(Position.GOTE));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§5.1/5.5 an exchange never promotes; the normal capture may, spelled '+!' (seed 004 「酔象は太子にせずに、自分の駒に替え無ければならない」)")
    void exchangeNeverPromotes(String id) {
        // Sente's Kirin reaches 7e; its 6-file pawn takes 6d; gote's elephant (7c) takes that pawn.
        Position p = play(RuleSet.byId(id), "8j8i 7d7e 8l8j 7c7d 8j8h 7d4g 8h8f 7b7c 8f7e 10e10f 6j6i 10f10e 6i6h 10e10f",
                "6h6g 10f10e 6g6f 10e10f 6f6e 10f10e 6e6d 7c6d");
        assertEquals("6d", markerField(p));
        assertEquals(set("7e6d", "7e6d!", "7e6d+!"), filter(movesFrom(p, "7e"), "7e6d"));
        assertTrue(refusal(p, "7e6d+").contains("may not promote"));
        Position normal = play(RuleSet.byId(id), "8j8i 7d7e 8l8j 7c7d 8j8h 7d4g 8h8f 7b7c 8f7e 10e10f 6j6i 10f10e 6i6h 10e10f",
                "6h6g 10f10e 6g6f 10e10f 6f6e 10f10e 6e6d 7c6d 7e6d+!");
        assertEquals("+O", at(normal, "6d"));
        then(p, "7e6d");
        assertEquals("E", at(p, "6d"), "exchanged, and not a Prince though it stands in sente's zone");
    }

    private static java.util.Set<String> filter(java.util.Set<String> moves, String prefix) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (String m : moves) if (m.startsWith(prefix)) out.add(m);
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§5.5 field 3 names an unpromoted elephant that captured normally, and is part of the position key")
    void thirdFieldAndKey(String id) {
        RuleSet rules = RuleSet.byId(id);
        // After sente's converted elephant takes the 7e pawn, field 3 is 7e; gote's Free King then goes to 7g.
        Position p = play(rules, ELEPHANT_TAKES_PAWN, "7k7f 10e10f 7f7e");
        assertEquals("7e", markerField(p));
        then(p, "4g7g");
        Position plain = play(rules, ELEPHANT_TAKES_PAWN, "7k7f 10e10f 7f7e 4g7g 7e6d");
        assertEquals("6d", markerField(plain), "the elephant took a pawn and is still an elephant");
        Position promoted = play(rules, ELEPHANT_TAKES_PAWN, "7k7f 10e10f 7f7e 4g7g 7e6d+");
        assertEquals("-", markerField(promoted), "the elephant took a pawn but became a Prince");
        // Same board, same side to move, field 3 apart: two positions, two keys.
        Position withMarker = play(rules, ELEPHANT_TAKES_PAWN);
        Position withoutMarker = Sfen.parse(rules, withMarker.sfen().replace(" b 7f ", " b - "));
        assertNotEquals(withMarker.key(), withoutMarker.key());
        assertFalse(legal(withoutMarker, "7k7f!"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§1.5 field 3 must name an unpromoted elephant of the side that just moved")
    void thirdFieldIsChecked(String id) {
        RuleSet rules = RuleSet.byId(id);
        assertEquals(AFTER_ELEPHANT_TAKES_PAWN, Sfen.parse(rules, AFTER_ELEPHANT_TAKES_PAWN).sfen());
        // 7e holds a gote pawn, 7k sente's Free King: no elephant.
        assertThrows(SfenException.class, () -> Sfen.parse(rules, AFTER_ELEPHANT_TAKES_PAWN.replace(" 7f ", " 7e ")));
        assertThrows(SfenException.class, () -> Sfen.parse(rules, AFTER_ELEPHANT_TAKES_PAWN.replace(" 7f ", " 7k ")));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§4 royal try: a royal on the last rank at the start of its side's turn wins; at the opponent's turn it may be taken (seed 004 (1) 「どうぶつ将棋の玉駒トライルールを玉将・太子に適用する」)")
    void royalTry(String id) {
        // Sente's converted elephant becomes a Prince on 7d, walks to 7b and takes the Gold on 8a.
        Position p = play(RuleSet.byId(id), ELEPHANT_TAKES_PAWN, "7k7f 10e10f 7f7e 10f10g 7e7d+ 10g10h 7d7c 10h10g 7c7b 10g10f 7b8a");
        assertEquals("+E", at(p, "8a"));
        assertTrue(p.status().isOngoing(), "gote's turn: the Prince may still be taken");
        assertTrue(legal(p, "7a8a"));
        then(p, "10f10e");
        assertEquals(Status.win(Position.SENTE, Reason.ROYAL_TRY), p.status());
        assertEquals(set(), legalMoves(p));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shodoshu2017", "shodoshu2017-prev"})
    @DisplayName("§4 repetition as chu (seed 004 states none; rule-sets.md §4): the fourth occurrence ends the game")
    void repetition(String id) {
        String cycle = "10i10h 10e10f 10h10i 10f10e ";
        Position p = play(RuleSet.byId(id), cycle + cycle + cycle);
        assertEquals(4, p.occurrences());
        assertEquals(Status.win(Position.GOTE, Reason.REPETITION), p.status());
    }
}
