package io.kifudb.rules;

import static io.kifudb.rules.RuleTestSupport.START;
import static io.kifudb.rules.RuleTestSupport.legal;
import static io.kifudb.rules.RuleTestSupport.moves;
import static io.kifudb.rules.RuleTestSupport.movesFrom;
import static io.kifudb.rules.RuleTestSupport.pos;
import static io.kifudb.rules.RuleTestSupport.set;
import static io.kifudb.rules.RuleTestSupport.sfen;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Movement spot checks (pieces-and-setups.md §1.4 and §2) and canonical spelling (rule-sets.md §1).
 * Movement is common to the three Chu rule sets; every expected move set below equals the shogiops
 * oracle's {@code moves --unique} output for the same SFEN.
 */
class MovementRuleTest {

    private static Position p(String id, String... placements) {
        String[] all = new String[placements.length + 2];
        all[0] = "1l:K";
        all[1] = "12a:k";
        System.arraycopy(placements, 0, all, 2, placements.length);
        return pos(RuleSet.byId(id), sfen("b", "-", all));
    }

    private static List<String> passes(Position p) {
        int[] buf = new int[4096];
        int n = p.generate(buf);
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            int m = buf[i];
            if (Move.from(m) == Move.to(m) && Move.hasMid(m) && p.pieceAt(Move.mid(m)) == 0) out.add(p.usi(m));
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("Lion igui: capture an adjacent piece without moving (seed 000 (D) 「居喰いというのは、獅子に当った敵の駒を、居所を動かずに取ることである」)")
    void lionIgui(String id) {
        Position p = p(id, "7h:N", "7g:p", "6f:s", "12l:G");
        assertTrue(movesFrom(p, "7h").containsAll(set("7h7g7h", "7h7g", "7h7g6f", "7h6f")));
        String before = p.sfen();
        p.play("7h7g7h");
        int lion = p.geometry().parse("7h");
        assertTrue(p.pieceAt(lion) > 0 && p.kindAt(lion).token.equals("n"), "the sente Lion is still on 7h");
        assertEquals(0, p.pieceAt(p.geometry().parse("7g")), "the pawn is gone");
        assertEquals(Position.GOTE, p.sideToMove());
        p.unmake();
        assertEquals(before, p.sfen());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("Jitto: all passes are one move, spelled with the smallest string (rule-sets.md §1 「the pass is written <from><mid><from> with the smallest string」; seed 000 (D) 「じっと」)")
    void passIsOneMoveWithSmallestSpelling(String id) {
        Position p = p(id, "10f:N", "9f:N", "1a:g");
        assertEquals(List.of("10f10e10f"), passes(p), "one pass, the smallest string (10f… < 9f…)");
        int pass = p.parseMove("10f10e10f");
        for (String other : List.of("9f9e9f", "9f8g9f", "10f11g10f", "10f10g10f"))
            assertEquals(pass, p.parseMove(other), other + " is the same move");
        String before = p.sfen().split(" ")[0];
        p.play("9f8g9f");
        assertEquals(before, p.sfen().split(" ")[0], "the board is unchanged");
        assertEquals(Position.GOTE, p.sideToMove());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("Jitto needs an empty neighbour (pieces-and-setups.md §1.4 「The lion needs an empty neighbour to do this」; seed 000 (D) 「駒を取らないでも居喰いと同じように、行って戻ってくることができる」)")
    void noPassWithoutEmptyNeighbour(String id) {
        Position p = p(id, "7h:N", "6g:P", "7g:P", "8g:P", "6h:P", "8h:P", "6i:P", "7i:P", "8i:p");
        assertEquals(List.of(), passes(p));
        assertThrows(IllegalMoveException.class, () -> p.parseMove("7h7g7h"), "7g holds an own piece");
        assertTrue(legal(p, "7h8i7h"), "igui of the gote pawn on 8i");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("Two-step spelling through an empty square is the direct move: 7j7i6h = 7j6h (rule-sets.md §1 「7j7i6h → 7j6h」; seed 000 (D) 「獅子は一手で二場所動ける」)")
    void twoStepSpellingIsCanonicalised(String id) {
        Position p = pos(RuleSet.byId(id), START);
        p.play("7i7h");
        p.play("6d6e");
        int direct = p.parseMove("7j6h");
        assertEquals(direct, p.parseMove("7j7i6h"));
        assertEquals("7j6h", p.usi(p.parseMove("7j7i6h")));
        assertFalse(moves(p).contains("7j7i6h"), "only the canonical spelling is listed");
        assertTrue(moves(p).contains("7j6h"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("Kirin: diagonal steps and orthogonal jumps over any piece (seed 000 麒麟 「スミ四方に一目行く。前後左右は一目飛び越して行く」)")
    void kirinJumps(String id) {
        // Kirin on 7g, hemmed in by pieces of both sides on 7f, 6g, 8g, 7h; a gote silver on 7e; own gold on 9g.
        Position p = p(id, "7g:O", "7f:P", "6g:p", "8g:P", "7h:p", "7e:s", "9g:G");
        assertEquals(set("7g5g", "7g6f", "7g6h", "7g7e", "7g7i", "7g8f", "7g8h"), movesFrom(p, "7g"));
        p.play("7g7e");
        assertTrue(p.pieceAt(p.geometry().parse("6g")) < 0, "the jumped-over gote pawn is not captured");
        assertTrue(p.pieceAt(p.geometry().parse("7f")) > 0, "the jumped-over pawn stays");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("Phoenix: orthogonal steps and diagonal jumps over any piece (seed 000 鳳凰 「前後左右に一目行く。スミは一目越して行く」)")
    void phoenixJumps(String id) {
        Position p = p(id, "7g:X", "6f:P", "8f:p", "6h:p", "8h:P", "5e:s", "9i:G");
        assertEquals(set("7g5e", "7g5i", "7g6g", "7g7f", "7g7h", "7g8g", "7g9e"), movesFrom(p, "7g"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("Horned Falcon forward line: step, igui, capture-and-continue, jump; no turning aside (seed 000 角鷹 「前方は二目突き抜く」, 飛鷲 (B)(C))")
    void hornedFalconLine(String id) {
        // Falcon on 7h boxed in by own pawns except straight forward: gote pawn 7g, gote silver 7f.
        Position p = p(id, "7h:+H", "7g:p", "7f:s", "6h:P", "8h:P", "6i:P", "7i:P", "8i:P", "6g:P", "8g:P");
        assertEquals(set("7h7f", "7h7g", "7h7g7f", "7h7g7h"), movesFrom(p, "7h"));
        assertThrows(IllegalMoveException.class, () -> p.parseMove("7h7g6f"), "no turning aside after the first step");
        assertThrows(IllegalMoveException.class, () -> p.parseMove("7h7e"), "no slide forward beyond two squares");
        p.play("7h7g7f");
        assertEquals(0, p.pieceAt(p.geometry().parse("7g")));
        assertTrue(p.pieceAt(p.geometry().parse("7f")) > 0, "two pieces taken, the falcon ends on 7f");

        Position own = p(id, "7h:+H", "7g:P", "6h:P", "8h:P", "6i:P", "7i:P", "8i:P", "6g:P", "8g:P");
        assertEquals(set("7h7f"), movesFrom(own, "7h"), "jump over an own piece");
        Position empty = p(id, "7h:+H", "6h:P", "8h:P", "6i:P", "7i:P", "8i:P", "6g:P", "8g:P");
        assertEquals(set("7h7f", "7h7g", "7h7g7h"), movesFrom(empty, "7h"), "with 7g empty: step, jump and the pass");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("Soaring Eagle diagonal lines: igui, capture-and-continue, jump, two squares only (seed 000 飛鷲 「前方スミ二方は、二目突き抜く」 (B)(C))")
    void soaringEagleLines(String id) {
        Position p = p(id, "7h:+D", "6g:p", "5f:s", "8g:P", "7g:P", "6h:P", "8h:P", "6i:P", "7i:P", "8i:P");
        assertEquals(set("7h5f", "7h6g", "7h6g5f", "7h6g7h", "7h9f"), movesFrom(p, "7h"));
        assertThrows(IllegalMoveException.class, () -> p.parseMove("7h6g6f"), "no turning aside");
        assertThrows(IllegalMoveException.class, () -> p.parseMove("7h4e"), "no diagonal slide beyond two squares");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    @DisplayName("Lion capture-and-continue takes two pieces (seed 000 獅子 (C) 「一手で①①、または①②と敵の二駒を取っていける」)")
    void lionDoubleCapture(String id) {
        Position p = p(id, "7h:N", "7g:p", "7f:s", "6g:g", "12l:G");
        assertTrue(movesFrom(p, "7h").containsAll(set("7h7g7f", "7h7g6g", "7h6g7f", "7h7f", "7h6g6f")));
        int before = p.pieceCount(Position.GOTE);
        p.play("7h7g7f");
        assertEquals(before - 2, p.pieceCount(Position.GOTE));
    }
}
