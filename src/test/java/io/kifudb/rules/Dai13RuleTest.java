package io.kifudb.rules;

import static io.kifudb.rules.Rule13TestSupport.at;
import static io.kifudb.rules.Rule13TestSupport.play;
import static io.kifudb.rules.Rule13TestSupport.then;
import static io.kifudb.rules.RuleTestSupport.legal;
import static io.kifudb.rules.RuleTestSupport.legalMoves;
import static io.kifudb.rules.RuleTestSupport.moves;
import static io.kifudb.rules.RuleTestSupport.movesFrom;
import static io.kifudb.rules.RuleTestSupport.refusal;
import static io.kifudb.rules.RuleTestSupport.set;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kifudb.rules.Status.Reason;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * dai13-kumazawa (鎌倉横小路流改善熊澤良尊型大将棋, seed 001), one rule per test: pieces-and-setups.md §3 (pieces,
 * start, exits and the try) and rule-sets.md §3-4 (no promotion, game end). Every position is the start
 * position or one reached from it by legal moves; gote's waiting moves are go-between steps 4e4f / 4f4e.
 */
class Dai13RuleTest {
    private static final RuleSet KY = RuleSet.DAI13_KUMAZAWA;

    @Test
    @DisplayName("§3.4 start: 48 pieces a side placed as seed 001 says (「中央最下段に玉将を置く」, 「玉将の前升目２段目に悪行を置く」, 「双方４８枚ずつの駒計９６枚」)")
    void startPosition() {
        Position p = Position.start(KY);
        assertEquals("ljunsgkgsnujl/a2yz1w1zy2a/rmvbhdqdhbvmr/ppppppppppppp/3i5i3/13/13/13/3I5I3/PPPPPPPPPPPPP/RMVBHDQDHBVMR/A2YZ1W1ZY2A/LJUNSGKGSNUJL b - 1", p.sfen());
        assertEquals(48, p.pieceCount(Position.SENTE));
        assertEquals(48, p.pieceCount(Position.GOTE));
        assertEquals("K", at(p, "7m"));
        assertEquals("W", at(p, "7l"));
        assertEquals("Q", at(p, "7k")); // 「中央悪行の前の升目に奔王を置く」
        assertEquals("I", at(p, "10i")); // 「角行を置いた升目の２升目前の両方の升目に、計２枚の仲人を置く」
        assertEquals("I", at(p, "4i"));
        assertEquals("Y", at(p, "10l")); // 「桂馬の前、猛虎の横の升目に飛龍を置く」
        assertEquals(1, p.royalCount(Position.SENTE));
    }

    @Test
    @DisplayName("§3.3 exits from the start: one move per origin for every piece whose own move crosses the edge (「盤外に自分の駒を出す手が指せる」, 「二度と戻れないが盤から外に出す手を指してもよい。以下走り駒も同様」)")
    void exitsFromTheStartPosition() {
        Position p = Position.start(KY);
        java.util.Set<String> exits = new java.util.TreeSet<>();
        for (String m : moves(p)) if (m.endsWith("off") || m.endsWith("try")) exits.add(m);
        // Rooks slide off the side edge over zero squares; copper (B step), silvers (BL and BR: one move), golds (B)
        // and the King step off the back edge. The lances, reverse chariots, knights, irons, flying dragons and
        // tigers cannot: their lines are blocked by their own pieces or stay on the board.
        assertEquals(set("13koff", "1koff", "11moff", "3moff", "9moff", "5moff", "8moff", "6moff", "7moff"), exits);
        assertEquals(48, moves(p).size());
    }

    @Test
    @DisplayName("§3.3 an exit removes the piece for good, nobody's hand (「取られた駒や盤外に出た駒は全て捨駒となる」)")
    void exitRemovesThePiece() {
        Position p = play(KY, "13koff");
        assertEquals(".", at(p, "13k"));
        assertEquals(47, p.pieceCount(Position.SENTE));
        assertEquals("ljunsgkgsnujl/a2yz1w1zy2a/rmvbhdqdhbvmr/ppppppppppppp/3i5i3/13/13/13/3I5I3/PPPPPPPPPPPPP/1MVBHDQDHBVMR/A2YZ1W1ZY2A/LJUNSGKGSNUJL w - 2", p.sfen());
        assertTrue(p.status().isOngoing(), "an exit of a piece other than the King decides nothing");
        p.unmake();
        assertEquals(KY.variant.startSfen, p.sfen());
    }

    @Test
    @DisplayName("§4 the King leaving the board loses at once (「ただし例外として玉将を出すと、自殺手着手の負け」)")
    void kingExitLoses() {
        Position p = Position.start(KY);
        assertTrue(legal(p, "7moff"), "the King's exit is a legal move");
        then(p, "7moff");
        assertEquals(Status.win(Position.GOTE, Reason.KING_EXIT), p.status());
        assertEquals(set(), legalMoves(p));
    }

    @Test
    @DisplayName("§3.3 try: a pawn on the last rank steps forward off it and wins; until then the opponent may take it (「最上段で相手の陣から前に出せればトライ勝ちとなる」, 「相手がその歩兵が取れなければ…負けである」)")
    void pawnTry() {
        Position p = play(KY, "13j13i 4e4f 13i13h 4f4e 13h13g 4e4f 13g13f 4f4e 13f13e 4e4f 13e13d 4f4e 13d13c 4e4f 13c13b 4f4e 13b13a");
        // The pawn took gote's pawn, rook, reverse chariot and lance on its way and now stands on 13a.
        assertEquals("Pjunsgkgsnujl/3yz1w1zy2a/1mvbhdqdhbvmr/1pppppppppppp/3i5i3/13/13/13/3I5I3/1PPPPPPPPPPPP/RMVBHDQDHBVMR/A2YZ1W1ZY2A/LJUNSGKGSNUJL w - 18", p.sfen());
        assertTrue(p.status().isOngoing(), "the pawn has not left the board yet");
        assertTrue(legal(p, "12a13a"), "gote's iron general may take it");
        then(p, "4e4f");
        // Its forward exit is the try, not an ordinary exit; it has no other move.
        assertEquals(set("13atry"), movesFrom(p, "13a"));
        assertTrue(refusal(p, "13aoff").contains("13atry"));
        then(p, "13atry");
        assertEquals(Status.win(Position.SENTE, Reason.TRY), p.status());
    }

    @Test
    @DisplayName("§3.3 only 歩兵, 仲人 and 悪行 try: a knight jumping off the far edge just leaves (「この駒については、最上段での盤脱出は勝敗にも影響し無い」, 「歩兵・仲人・悪行の何れか１枚の駒の、最上段からのトライ」)")
    void knightOnTheLastRankHasNoTry() {
        Position p = play(KY, "9k8l 4e4f 10m9k 4f4e 9k8i 4e4f 8i9g 4f4e 9g10e 4e4f 10e9c 4f4e 9c10a 4e4f");
        assertEquals("N", at(p, "10a"));
        assertEquals(set("10aoff"), movesFrom(p, "10a"));
        assertTrue(refusal(p, "10atry").contains("only a pawn, go-between or akugyo"));
        then(p, "10aoff");
        assertTrue(p.status().isOngoing());
    }

    @Test
    @DisplayName("K7 (open): a knight also leaves over a side edge (seed 001 names only 「最上段」; MoveGen.KNIGHT_EXITS_OFF_ANY_EDGE)")
    void knightLeavesOverTheSideEdge() {
        Position p = play(KY, "11k11l 4e4f 10m11k 4f4e 11k12i 4e4f 12i13g 4f4e");
        assertEquals(set("13g12e", "13goff"), movesFrom(p, "13g"));
    }

    @Test
    @DisplayName("K5 飛龍: two squares or more, never onto or across an occupied adjacent square (「２歩以上遠くへ行かなければならない…隣接升目の相手の駒は取れない。また隣接升目に別の駒が有るとき、跳び越して更に遠くへは走れない」)")
    void flyingDragonMustTravelTwoSquares() {
        // The Horse leaves 9k, the 8j pawn advances, the dragon slides 10l-7i; gote's 8-file pawn comes down to 8h.
        Position p = play(KY, "9k8l 8d8e 8j8i 8e8f 10l7i 8f8g 1j1i 8g8h");
        // FL: gote's pawn on the adjacent 8h can be neither taken nor jumped. FR: the adjacent 6h is empty but no
        // stop, the slide goes on to take 2d. BL: 8j is passed over, 9k and 10l are stops. BR: its own pawn on 6j blocks.
        assertEquals(set("7i5g", "7i4f", "7i3e", "7i2d", "7i9k", "7i10l"), movesFrom(p, "7i"));
    }

    @Test
    @DisplayName("K5 + §3.3 a 飛龍 whose only line runs over its empty adjacent square to the edge leaves the board, though it cannot stop on the board there")
    void flyingDragonExitOverItsAdjacentSquare() {
        Position p = play(KY, "9m8l 4e4f");
        assertEquals(".", at(p, "9m"));
        assertEquals(set("10loff"), movesFrom(p, "10l"));
    }

    @Test
    @DisplayName("§3.1 K1, K2, K4 and the Heian copper: 猛虎 steps to all four diagonals (「計４方向歩み」), 龍王 steps only forward diagonally (「斜め前に歩む」), 鉄将 never back, 銅将 orthogonally (「前後左右に１歩歩む。斜め隣接升目には動かせない」)")
    void kumazawaSteppers() {
        Position start = Position.start(KY);
        assertEquals(set("12m12l", "12m11l"), movesFrom(start, "12m")); // iron: F and FR; FL and L own, R own, no back
        assertEquals(set("11m11l", "11moff"), movesFrom(start, "11m")); // copper: F, and B off the board; not to 12l
        Position p = play(KY, "7l6l 4e4f 8m8l 4f4e");
        // The akugyo left 7l: the literal dragon king on 8k still has no step to its back-right 7l.
        assertFalse(movesFrom(p, "8k").contains("8k7l"));
        assertEquals(set(), movesFrom(p, "8k")); // F own pawn, B own gold on 8l, L/R own pieces, FL/FR own pawns
        // The gold left 8m: the tiger on 9l steps back-right onto it.
        assertEquals(set("9l8m"), movesFrom(p, "9l"));
        // The akugyo slides sideways back to 7l (8l is now its own gold) and steps forward nowhere (7k is its Free King).
        assertEquals(set("6l7l"), movesFrom(p, "6l"));
    }

    @Test
    @DisplayName("§3 / rule-sets.md §3 nothing promotes (「この将棋では、銀将も含めて駒は全部成らない」, 「再度繰り返すと、この将棋に成りは無い」)")
    void noPromotion() {
        Position p = play(KY, "9k8l 8d8e 8j8i 8e8f 10l7i 8f8g 1j1i 8g8h");
        assertTrue(legal(p, "7i2d"), "the flying dragon enters the zone taking 2d");
        assertTrue(refusal(p, "7i2d+").contains("may not promote"));
        for (String m : moves(p)) assertFalse(m.contains("+"), m);
    }

    @Test
    @DisplayName("rule-sets.md §4 checkmate loses, and the King's exit is no escape (「次の手で玉将を盤上の何処に動かしても相手に取られてしまう状態になったとき、その棋士は負けとなる」)")
    void checkmate() {
        // Sente throws its own pieces off the board; gote's Free King (6j) and Horse (12j) end up both aiming at
        // the King on 9m (through 7k-8l and 11k-10l): a block or a capture stops only one of them.
        Position p = play(KY, "3moff 11aoff 11moff 8c8b 2m2l 6d6e 6moff 6a6b 11koff 7c2h 10loff 1d1e 4loff 2h3g 4koff 5c11i",
                "13koff 1coff 9moff 9aoff 7koff 11i12j 7m8l 3g6j 8l9m 2c2b");
        assertEquals("lj1n1gk1snujl/a2yzdwgzy1ma/rmvbh2d1bv2/ppppppp1pppp1/3i3p1i2p/13/13/13/3I5I3/PhPPPPPqPPPPP/1M1BHD1DH1VMR/A3Z1W1Z2JA/LJ1NKG2SN2L b - 27", p.sfen());
        assertTrue(moves(p).contains("9moff"), "the King may still leave the board, which loses");
        assertEquals(Status.win(Position.GOTE, Reason.CHECKMATE), p.status());
        // Before gote's last move the King was attacked too, but not mated.
        p.unmake();
        assertTrue(p.status().isOngoing());
    }

    @Test
    @DisplayName("rule-sets.md §4 a King capture loses (「盤上にこの駒が無くなれば負けである」)")
    void kingCaptureLoses() {
        Position p = play(KY, "3moff 11aoff 11moff 8c8b 2m2l 6d6e 6moff 6a6b 11koff 7c2h 10loff 1d1e 4loff 2h3g 4koff 5c11i",
                "13koff 1coff 9moff 9aoff 7koff 11i12j 7m8l 3g6j 8l9m");
        // Gote to move: instead of mating, the Free King takes the King on 9m.
        then(p, "6j9m");
        assertEquals(Status.win(Position.GOTE, Reason.ROYAL_CAPTURED), p.status());
    }

    @Test
    @DisplayName("rule-sets.md §4 repetition as chu: the fourth occurrence ends the game, the starter loses (seed 000 「千日手は仕掛けた方より変えなければならない」)")
    void repetition() {
        String cycle = "11m11l 11a11b 11l11m 11b11a ";
        Position p = play(KY, cycle + cycle + cycle);
        assertEquals(KY.variant.startSfen.replace(" 1", " 13"), p.sfen());
        assertEquals(4, p.occurrences());
        // Nobody checks, attacks or passes: the starter is the side to move when the position first recurred, sente.
        assertEquals(Status.win(Position.GOTE, Reason.REPETITION), p.status());
    }

    @Test
    @DisplayName("pieces-and-setups.md §1.5: field 3 is always '-' in KY")
    void thirdFieldIsAlwaysEmpty() {
        String sfen = KY.variant.startSfen.replace(" b - 1", " b 7g 1");
        assertThrows(SfenException.class, () -> Sfen.parse(KY, sfen));
        assertEquals(-1, Position.start(KY).counterStrikeSquare());
    }
}
