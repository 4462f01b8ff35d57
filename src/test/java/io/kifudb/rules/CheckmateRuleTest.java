package io.kifudb.rules;

import static io.kifudb.rules.RuleTestSupport.legalMoves;
import static io.kifudb.rules.RuleTestSupport.moves;
import static io.kifudb.rules.RuleTestSupport.pos;
import static io.kifudb.rules.RuleTestSupport.sfen;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kifudb.rules.Status.Reason;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Checkmate against royal capture, moving into check, no legal move, and positions without a royal
 * (rule-sets.md §1 and §4). {@code chu}: seed 000 「中将棋も将棋と同じように、玉将を詰ませば勝ちとなる」 and 太子
 * 「玉と太子があれば王手がない」; {@code chu-sdin}: seed 002 「自分の王将が取られたら負けとなります…王将は相手の利きに
 * 入ることもできます」; {@code chu-lishogi}: shogiops {@code isCheckmate() = false}, {@code kingslost}.
 */
class CheckmateRuleTest {

    /**
     * Gote to move, King on 1a: the sente gold on 2b covers 1a, 1b, 2a and is protected by the gold on
     * 2c. Gote's rook on 12f cannot help. With {@code prince} gote also has a Crown Prince on 12c.
     */
    private static Position mateNet(RuleSet r, boolean prince) {
        return prince
                ? pos(r, sfen("w", "-", "9l:K", "2b:G", "2c:G", "1a:k", "12f:r", "12c:+e"))
                : pos(r, sfen("w", "-", "9l:K", "2b:G", "2c:G", "1a:k", "12f:r"));
    }

    @Test
    @DisplayName("chu §4: a single King that cannot avoid capture is checkmated (seed 000 「玉将を詰ませば勝ちとなる」)")
    void chuCheckmate() {
        Position p = mateNet(RuleSet.CHU, false);
        assertEquals(Status.win(Position.SENTE, Reason.CHECKMATE), p.status());
        assertEquals(0, p.legalMoves().length);
        assertTrue(moves(p).contains("1a2b"), "the raw moves still exist; the game is simply over");
        assertThrows(IllegalMoveException.class, () -> p.play("1a2b"));
    }

    @Test
    @DisplayName("chu §4: King plus Prince cannot be checkmated (seed 000 太子 「玉と太子があれば王手がない」; §4 「Checkmate applies only to a side with exactly one royal」)")
    void chuTwoRoyalsNoCheckmate() {
        Position p = mateNet(RuleSet.CHU, true);
        assertTrue(p.status().isOngoing());
        p.play("1a2b");
        p.play("2c2b");
        assertTrue(p.status().isOngoing(), "the King is gone but the Prince remains (seed 000 「太子があれば、玉がなくてもよい」)");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu-sdin", "chu-lishogi"})
    @DisplayName("chu-sdin / chu-lishogi §4: no checkmate rule; the game ends when the royal is captured (seed 002 「王将が取られたら負け」)")
    void noCheckmateRuleOnlyCapture(String id) {
        Position p = mateNet(RuleSet.byId(id), false);
        assertTrue(p.status().isOngoing());
        assertTrue(legalMoves(p).contains("1a2b"), "the King may step into the attacked square");
        p.play("1a2b");
        assertTrue(p.status().isOngoing());
        p.play("2c2b");
        assertEquals(Status.win(Position.SENTE, Reason.ROYAL_CAPTURED), p.status());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§4: moving into check is legal and loses the King to capture (§4 「Moving into check is legal」; seed 002 「王将は相手の利きに入ることもできます」)")
    void movingIntoCheckIsLegal(String id) {
        // Gote rook on 1g sweeps rank g; the sente King on 6h may still step to 6g.
        Position p = pos(RuleSet.byId(id), sfen("b", "-", "6h:K", "12l:G", "12a:k", "1g:r", "11a:g"));
        assertTrue(p.isAttacked(p.geometry().parse("6g"), Position.GOTE));
        assertTrue(legalMoves(p).contains("6h6g"));
        p.play("6h6g");
        p.play("1g6g");
        assertEquals(Status.win(Position.GOTE, Reason.ROYAL_CAPTURED), p.status());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("§1 / §4: no legal move loses as no-legal-move, not checkmate (rule-sets.md §1 「No legal move for the side to move: that side loses」; no seed clause, common to all rule sets; shogiops outcome 'stalemate')")
    void noLegalMove(String id) {
        // Gote King on 1l walled in by its own lances (1k, 2k, blocked forward) and a stuck pawn (2l).
        Position p = pos(RuleSet.byId(id), sfen("w", "-", "12a:K", "12b:G", "1l:k", "2l:p", "1k:l", "2k:l"));
        assertEquals(0, moves(p).size());
        assertEquals(Status.win(Position.SENTE, Reason.NO_LEGAL_MOVE), p.status());
    }

    // ---------------------------------------------------------------- positions without a royal (§1)

    /** A mating problem: sente (to move) has no King. */
    private static final String TSUME = sfen("b", "-", "5e:R", "3c:G", "1a:k", "2a:g");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin"})
    @DisplayName("§1: a side without a royal in the set-up position does not lose for lacking one (rule-sets.md §1 「Positions without a royal」)")
    void tsumeIsOngoing(String id) {
        Position p = pos(RuleSet.byId(id), TSUME);
        assertTrue(p.status().isOngoing());
        p.play("3c2b");
        p.play("2a3b");
        p.play("2b1a");
        assertEquals(Status.win(Position.SENTE, Reason.ROYAL_CAPTURED), p.status(), "taking the only gote King wins");
    }

    @Test
    @DisplayName("chu-lishogi §1: the side to move without a royal has already lost (shogiops outcome 'kingslost'; rule-sets.md 「replay mating problems under chu」)")
    void lishogiRoyallessSideToMoveLoses() {
        Position p = pos(RuleSet.CHU_LISHOGI, TSUME);
        assertEquals(Status.win(Position.GOTE, Reason.ROYAL_CAPTURED), p.status());
        assertEquals(0, p.legalMoves().length);
        // Only the side to move is judged: with gote to move the same board goes on.
        Position q = pos(RuleSet.CHU_LISHOGI, TSUME.replace(" b ", " w "));
        assertTrue(q.status().isOngoing());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin"})
    @DisplayName("§1: a royal-less side that promotes a Prince and loses it has lost its last royal (rule-sets.md §1 「only losing its last royal … loses」; seed 000 太子 「太子があれば、玉がなくてもよい」)")
    void royalGainedLaterAndLostLoses(String id) {
        Position p = pos(RuleSet.byId(id), sfen("b", "-", "5e:E", "9i:R", "12a:k", "5k:r", "1a:g"));
        p.play("5e5d+");
        assertEquals(1, p.royalCount(Position.SENTE), "the drunk elephant became a Crown Prince");
        p.play("5k5d");
        assertEquals(0, p.royalCount(Position.SENTE));
        assertEquals(Status.win(Position.GOTE, Reason.ROYAL_CAPTURED), p.status());
    }

    @Test
    @DisplayName("chu §1 / §4: the attacker in a mating problem can checkmate though it has no King (seed 000 「玉将を詰ませば勝ち」)")
    void chuTsumeCheckmate() {
        Position p = pos(RuleSet.CHU, sfen("w", "-", "2b:G", "2c:G", "1a:k"));
        assertEquals(Status.win(Position.SENTE, Reason.CHECKMATE), p.status());
        Position lishogi = pos(RuleSet.CHU_LISHOGI, sfen("w", "-", "2b:G", "2c:G", "1a:k"));
        assertTrue(lishogi.status().isOngoing(), "control: lishogi has no checkmate");
    }

    @Test
    @DisplayName("chu §4: a move after which the mover is lost at once by the bare-king rule does not escape checkmate (rule-sets.md §4 「A move after which the mover has lost at once by the bare-king rule ... does not escape」; seed 000 rule 2 裸玉)")
    void chuBareKingLossDoesNotEscapeCheckmate() {
        // Gote's King on 11a can only take the sente King on 11b; sente keeps its Prince (+E) and a tokin,
        // so gote is then bare against an extra piece with sente to move: lost at once.
        Position p = pos(RuleSet.CHU, "1k10/1K10/12/8+P3/12/12/12/12/12/12/9+E2/12 w 3k 278");
        assertEquals(Status.win(Position.SENTE, Reason.CHECKMATE), p.status());
        assertEquals(0, p.legalMoves().length);
        // Control: with an unpromoted pawn instead of the tokin, taking the King leaves gote bare but
        // sente has no extra piece (an unpromoted pawn does not count), so the capture escapes.
        Position control = pos(RuleSet.CHU, "1k10/1K10/12/8P3/12/12/12/12/12/12/9+E2/12 w 3k 278");
        assertTrue(control.status().isOngoing());
        assertTrue(legalMoves(control).contains("11a11b"));
    }
}
