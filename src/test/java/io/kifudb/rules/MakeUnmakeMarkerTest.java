package io.kifudb.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Unmake must restore SFEN field 3 wherever it stands. The undo word keeps it in one byte, and a square
 * above 127 (Chu's 4k..1k and rank l; most of a 13×13 board's last ranks) once came back as a negative
 * number, that is as "no counter-strike".
 */
class MakeUnmakeMarkerTest {
    @Test
    void counterStrikeSquareOnRankLSurvivesMakeUnmake() {
        // Sente's Gold takes gote's Lion on 2l (square 142): the counter-strike marker is 2l.
        Position p = Sfen.parse(RuleSet.CHU, "6k5/6g5/12/12/12/12/12/12/12/12/10G1/6K3n1 b - 1");
        p.play("2k2l");
        String afterCapture = p.sfen();
        assertEquals("6k5/6g5/12/12/12/12/12/12/12/12/12/6K3G1 w 2l 2", afterCapture);
        long key = p.key();
        p.play("6a5a");
        p.unmake();
        assertEquals(afterCapture, p.sfen());
        assertEquals(key, p.key());
        assertEquals(p.geometry().parse("2l"), p.counterStrikeSquare());
    }
}
