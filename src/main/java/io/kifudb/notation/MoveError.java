package io.kifudb.notation;

/**
 * The first ply of a record that is not a legal move: the rules refuse it, it is impossible (no piece
 * there, the opponent's piece), or its text does not denote a move at all. Every reader and {@link Replay}
 * stop there; the plies before it are the record's legal prefix.
 *
 * @param ply    1-based ply of the move
 * @param move   the move as the record writes it (a USI token, a KIF line, a .csg line)
 * @param line   1-based line of the file (or of the NDJSON/USI list) where the move is written
 * @param reason why it is not a legal move, without the move itself
 */
public record MoveError(int ply, String move, int line, String reason) {
    /** {@code illegal move <as written>: <reason>}, the text errors, outcomes and stop reasons give. */
    public String message() {
        return "illegal move " + move + ": " + reason;
    }
}
