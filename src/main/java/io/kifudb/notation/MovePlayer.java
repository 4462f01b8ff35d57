package io.kifudb.notation;

import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Move;
import io.kifudb.rules.Position;
import io.kifudb.rules.Status;

import java.util.ArrayList;
import java.util.List;

/**
 * Plays a record's moves under the rules, checking each before it is played, and stops for good at the
 * first that is not a legal move ({@link MoveError}): the one mechanism by which every reader and
 * {@link Replay} replay a record. A reader turns the text of a move into a USI move with the position in
 * hand ({@link Denotation}); the rules then decide whether that move is legal here, so a move the rules
 * refuse is never played and nothing after it is read as a move.
 */
final class MovePlayer {
    /** What a move's text denotes in a position: a move (legal or not; the rules decide). */
    @FunctionalInterface
    interface Denotation {
        /**
         * @return the move, in any form {@link Move#of} can build (the rules find the canonical one)
         * @throws NotAMove if the text denotes no move here (no such piece, ambiguous, unreadable)
         * @throws IllegalMoveException if the rules already refused the move the text denotes
         */
        int move(Position pos);
    }

    /** A move text that denotes no move in the position; the message says why. */
    static final class NotAMove extends RuntimeException {
        NotAMove(String reason) {
            super(reason);
        }
    }

    private final Position pos;
    private final int[] legal = new int[Position.MAX_MOVES];
    private final List<String> canonical = new ArrayList<>();
    private MoveError stop;

    MovePlayer(Position start) {
        this.pos = start;
    }

    Position position() {
        return pos;
    }

    /** The 1-based ply the next move would have. */
    int nextPly() {
        return canonical.size() + 1;
    }

    /** The moves played so far, canonical USI. */
    List<String> canonicalMoves() {
        return canonical;
    }

    boolean stopped() {
        return stop != null;
    }

    /** The first move that was not legal, or null. */
    MoveError stop() {
        return stop;
    }

    /** Plays a USI move as written (on {@code line}), as {@link #play(String, int, Denotation)} does; whether it was played. */
    boolean play(String usi, int line) {
        return play(usi, line, null, usi) != Move.NONE;
    }

    /**
     * Plays the move that {@code written} (on {@code line}) denotes, if the game is still going and the
     * rules allow it; otherwise records the stop. Does nothing once stopped.
     *
     * @return the move played, or {@link Move#NONE}
     */
    int play(String written, int line, Denotation denotation) {
        return play(written, line, denotation, null);
    }

    private int play(String written, int line, Denotation denotation, String usi) {
        if (stop != null) return Move.NONE;
        int n = pos.generate(legal);
        Status st = pos.status(legal, n);
        if (!st.isOngoing()) {
            refuse(written, line, "the game is already over (" + st + ")");
            return Move.NONE;
        }
        int move;
        try {
            if (usi != null) {
                move = pos.parseMove(usi);
            } else {
                int m = denotation.move(pos);
                // Not among the legal moves as it is: the rules find its canonical form, or say why it is illegal.
                move = isLegal(m, n) ? m : pos.parseMove(Move.usi(pos.geometry(), m));
            }
        } catch (IllegalMoveException e) {
            refuse(written, line, e.reason);
            return Move.NONE;
        } catch (NotAMove e) {
            refuse(written, line, e.getMessage());
            return Move.NONE;
        }
        canonical.add(pos.usi(move));
        pos.make(move);
        return move;
    }

    private boolean isLegal(int move, int n) {
        for (int i = 0; i < n; i++) if (legal[i] == move) return true;
        return false;
    }

    /** Records that the next ply, {@code written} on {@code line}, is not a legal move (the first such ply counts). */
    void refuse(String written, int line, String reason) {
        if (stop == null) stop = new MoveError(nextPly(), written, line, reason);
    }
}
