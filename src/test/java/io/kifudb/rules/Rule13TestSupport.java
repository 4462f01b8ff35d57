package io.kifudb.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Helpers for the 13×13 rule tests, whose positions are the start positions of pieces-and-setups.md and
 * positions reached from them by legal moves. Not a test class itself.
 */
final class Rule13TestSupport {
    private Rule13TestSupport() {}

    /** Plays space-separated USI moves from the rule set's start position, each refused if illegal. */
    static Position play(RuleSet rules, String... parts) {
        Position p = Position.start(rules);
        for (String part : parts) {
            for (String usi : part.trim().split("\\s+")) {
                if (usi.isEmpty()) continue;
                try {
                    p.play(usi);
                } catch (IllegalMoveException e) {
                    fail("move " + (p.ply() + 1) + " " + usi + " refused in " + p.sfen() + ": " + e.getMessage());
                }
            }
        }
        return p;
    }

    /** Plays one more legal move and returns the position. */
    static Position then(Position p, String usi) {
        try {
            p.play(usi);
        } catch (IllegalMoveException e) {
            fail(usi + " refused in " + p.sfen() + ": " + e.getMessage());
        }
        return p;
    }

    /** The code of the piece on a square, as its SFEN letter (uppercase sente), or "." for an empty square. */
    static String at(Position p, String square) {
        int sq = p.geometry().parse(square);
        PieceKind k = p.kindAt(sq);
        if (k == null) return ".";
        return p.pieceAt(sq) > 0 ? k.token.toUpperCase(java.util.Locale.ROOT) : k.token;
    }

    /** Asserts that make then unmake of every legal move restores SFEN and key. */
    static void assertMakeUnmakeRestores(Position p) {
        String sfen = p.sfen();
        long key = p.key();
        for (int m : p.legalMoves()) {
            p.make(m);
            assertEquals(Sfen.parse(p.rules, p.sfen()).key(), p.key(), "incremental key after " + p.usi(m));
            p.unmake();
            assertEquals(sfen, p.sfen());
            assertEquals(key, p.key());
        }
        assertTrue(p.legalMoves().length > 0 || !p.status().isOngoing());
    }
}
