package io.kifudb.rules;

import static io.kifudb.rules.RuleTestSupport.legalMoves;
import static io.kifudb.rules.RuleTestSupport.pos;
import static io.kifudb.rules.RuleTestSupport.sfen;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kifudb.rules.Status.Reason;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bare king, rule-sets.md §4. {@code chu}: seed 000 (2) 「盤面、駒がれになって、玉二枚、成金一枚が残れば、成金のある方が
 * 勝ちである」 as detailed in §4; {@code chu-sdin}: no bare-king rule (seed 002 gives only royal capture);
 * {@code chu-lishogi}: shogiops {@code isBareKing} (its outcomes here were checked with shogiops'
 * {@code Position.outcome()}).
 */
class BareKingRuleTest {

    private static Status status(RuleSet r, String side, String... placements) {
        return pos(r, sfen(side, "-", placements)).status();
    }

    @Test
    @DisplayName("chu §4: the bare side to move that can take the lone extra piece plays on (seed 000 (2); §4 「unless the bare side captures that piece」)")
    void bareSideCanCaptureTheExtraPiece() {
        Position p = pos(RuleSet.CHU, sfen("b", "-", "6h:K", "5b:k", "6g:g"));
        assertTrue(p.status().isOngoing());
        assertTrue(legalMoves(p).contains("6h6g"));
        p.play("6h6g");
        assertEquals(Status.draw(Reason.BARE_KING), p.status(), "then both are bare, and gote cannot take the King");
    }

    @Test
    @DisplayName("chu §4: the bare side to move that cannot take the extra piece has lost (seed 000 (2) 「成金のある方が勝ちである」)")
    void bareSideCannotCapture() {
        Position p = pos(RuleSet.CHU, sfen("b", "-", "6h:K", "5b:k", "6e:g"));
        assertEquals(Status.win(Position.GOTE, Reason.BARE_KING), p.status());
        assertEquals(0, p.legalMoves().length, "no moves once the game is over");
        assertThrows(IllegalMoveException.class, () -> p.play("6h6g"));
    }

    @Test
    @DisplayName("chu §4: the bare side must be able to take every extra piece (§4 「no move of it captures the opponent's royal or every extra piece」)")
    void bareSideMustCaptureEveryExtraPiece() {
        assertEquals(Status.win(Position.SENTE, Reason.BARE_KING),
                status(RuleSet.CHU, "w", "1l:K", "5b:k", "5c:G", "9i:S"), "can take the gold, not the silver");
        assertTrue(status(RuleSet.CHU, "w", "1l:K", "5b:k", "5c:G").isOngoing(), "control: only the gold");
    }

    @Test
    @DisplayName("chu §4: the bare side to move that can take the other royal plays on (§4 「(or the opponent's royal)」)")
    void bareSideCanCaptureTheRoyal() {
        assertTrue(status(RuleSet.CHU, "w", "5c:K", "5b:k", "9i:G").isOngoing());
    }

    @Test
    @DisplayName("chu §4: the side to move wins when the side not to move is bare and it has an extra piece (§4 「if the side not to move is bare while the side to move has an extra piece, the side to move wins」)")
    void sideNotToMoveIsBare() {
        assertEquals(Status.win(Position.SENTE, Reason.BARE_KING), status(RuleSet.CHU, "b", "6h:K", "9i:G", "5b:k"));
        assertEquals(Status.win(Position.SENTE, Reason.BARE_KING), status(RuleSet.CHU, "w", "6h:K", "9i:G", "5b:k"),
                "gote to move, bare, cannot reach the gold");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"9i:P", "9i:I"})
    @DisplayName("chu §4: an extra unpromoted pawn or go-between does not win (seed 000 (2) 「成金一枚」: only once promoted)")
    void unpromotedPawnOrGoBetweenDoesNotWin(String piece) {
        assertTrue(status(RuleSet.CHU, "b", "6h:K", piece, "5b:k").isOngoing());
        assertTrue(status(RuleSet.CHU, "w", "6h:K", piece, "5b:k").isOngoing());
    }

    @Test
    @DisplayName("chu §4: a tokin is a winning extra piece (seed 000 (2) 「成金一枚が残れば、成金のある方が勝ち」)")
    void tokinWins() {
        assertEquals(Status.win(Position.SENTE, Reason.BARE_KING), status(RuleSet.CHU, "b", "6h:K", "9i:+P", "5b:k"));
    }

    @Test
    @DisplayName("chu §4: a pawn stuck on the last rank does not save its side from being bare (§4 「pawns or lances stuck on the last rank do not count」)")
    void stuckPawnDoesNotCount() {
        // Gote pawn on 9l is on gote's last rank: stuck.
        assertEquals(Status.win(Position.SENTE, Reason.BARE_KING), status(RuleSet.CHU, "b", "6h:K", "9i:G", "5b:k", "9l:p"));
        // A gote pawn that can still move makes gote not bare.
        assertTrue(status(RuleSet.CHU, "b", "6h:K", "9i:G", "5b:k", "9k:p").isOngoing());
        // A stuck sente pawn is no winning extra piece either: both sides are bare.
        assertEquals(Status.draw(Reason.BARE_KING), status(RuleSet.CHU, "b", "6h:K", "9a:P", "5b:k"));
    }

    @Test
    @DisplayName("chu §4: both sides bare is a draw unless the side to move can take the other royal (§4 「Both sides bare: draw, unless…」)")
    void bothBare() {
        assertEquals(Status.draw(Reason.BARE_KING), status(RuleSet.CHU, "b", "6h:K", "5b:k"));
        assertTrue(status(RuleSet.CHU, "b", "6h:K", "6g:k").isOngoing(), "sente can take the adjacent King");
    }

    @Test
    @DisplayName("chu-sdin §4: no bare-king rule (seed 002 勝敗: 「自分の王将が取られたら負けとなります」 only)")
    void sdinHasNoBareKing() {
        assertTrue(status(RuleSet.CHU_SDIN, "b", "6h:K", "9i:G", "5b:k").isOngoing());
        assertTrue(status(RuleSet.CHU_SDIN, "b", "6h:K", "5b:k", "6e:g").isOngoing());
        assertTrue(status(RuleSet.CHU_SDIN, "b", "6h:K", "5b:k").isOngoing());
        assertFalse(pos(RuleSet.CHU_SDIN, sfen("b", "-", "6h:K", "5b:k")).legalMoves().length == 0);
    }

    @Test
    @DisplayName("chu-lishogi §4: bare king as lishogi (rule-sets.md 「bare king as lishogi」; shogiops isBareKing / isDraw; cf. seed 000 (2) 「玉二枚、成金一枚が残れば」)")
    void lishogiBareKing() {
        assertEquals(Status.win(Position.SENTE, Reason.BARE_KING), status(RuleSet.CHU_LISHOGI, "b", "6h:K", "9i:G", "5b:k"));
        assertEquals(Status.win(Position.GOTE, Reason.BARE_KING), status(RuleSet.CHU_LISHOGI, "b", "6h:K", "5b:k", "6e:g"));
        assertTrue(status(RuleSet.CHU_LISHOGI, "b", "6h:K", "5b:k", "6g:g").isOngoing(), "the extra piece is next to the bare King");
        assertTrue(status(RuleSet.CHU_LISHOGI, "b", "6h:K", "9i:P", "5b:k").isOngoing(), "a pawn is no extra piece");
        assertEquals(Status.draw(Reason.ROYALS_ONLY), status(RuleSet.CHU_LISHOGI, "b", "6h:K", "5b:k"),
                "two royals alone: lishogi's draw, not chu's bare-king draw");
        assertEquals(Status.draw(Reason.ROYALS_ONLY), status(RuleSet.CHU_LISHOGI, "b", "6h:K", "9a:P", "5b:k"),
                "a stuck pawn does not count");
    }
}
