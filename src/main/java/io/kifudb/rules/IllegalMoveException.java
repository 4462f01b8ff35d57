package io.kifudb.rules;

/** A move string that is malformed or not legal in the position, with the reason. */
public final class IllegalMoveException extends RuntimeException {
    public final String move;
    public final String reason;

    public IllegalMoveException(String move, String reason) {
        super("illegal move " + move + ": " + reason);
        this.move = move;
        this.reason = reason;
    }
}
