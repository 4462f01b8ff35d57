package io.kifudb.notation;

import io.kifudb.rules.Move;
import io.kifudb.rules.Position;

/**
 * A board on which a .csg reader applies moves blindly (no legality), only to know which piece stands on
 * each origin square.
 */
final class CsgBoard {
    private final String[] tokens;
    private final Position start;

    CsgBoard(Position start) {
        this.start = start;
        int n = start.geometry().squares;
        tokens = new String[n];
        for (int sq = 0; sq < n; sq++) tokens[sq] = start.kindAt(sq) == null ? null : start.kindAt(sq).token;
    }

    /** Token of the piece on sq (either side), or null. */
    String token(int sq) {
        return tokens[sq];
    }

    void apply(int from, int mid, int to, boolean promote) {
        String piece = tokens[from];
        tokens[from] = null;
        if (mid != Move.NO_SQUARE && mid != to) tokens[mid] = null;
        if (promote && piece != null && !piece.startsWith("+") && start.rules.variant.byToken("+" + piece) != null)
            piece = "+" + piece;
        tokens[to] = piece;
    }
}
