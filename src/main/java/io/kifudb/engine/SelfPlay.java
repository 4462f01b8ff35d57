package io.kifudb.engine;

import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.SfenException;
import io.kifudb.rules.Status;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Engine self-play: one game from the start position, the engine playing both sides under fixed limits
 * after a few random opening moves (chosen with the seed, so that games differ and a run can be
 * repeated). A game still going at the ply limit is cut and counts as a draw by move limit.
 *
 * <p>Optionally each move is also tried under a second rule set ({@code compareWith}, same board and
 * pieces): when the move is illegal there, or legal but leads to another position, the rules that differ
 * between the two sets decided something in this game: the move "fired" the difference. This measures how
 * often a rule change matters without knowing which rule it is.
 */
public final class SelfPlay {
    private SelfPlay() {}

    /** The settings every game of a run shares (written into each record). */
    public record Settings(SearchLimits limits, int openingPlies, int maxPlies, int hashMb) {
        public String describe() {
            StringBuilder sb = new StringBuilder("kifudb engine");
            if (limits.depth() > 0) sb.append(", depth ").append(limits.depth());
            if (limits.nodes() > 0) sb.append(", ").append(limits.nodes()).append(" nodes");
            if (limits.movetimeMs() > 0) sb.append(", ").append(limits.movetimeMs()).append(" ms");
            sb.append(" per move; ").append(openingPlies).append(" random opening plies; cut at ").append(maxPlies).append(" plies");
            return sb.toString();
        }
    }

    /**
     * A finished (or cut) game.
     *
     * @param status     the rules' verdict at the end, or ongoing when the game was cut
     * @param fired      moves whose outcome differs under the comparison rule set (0 without one)
     * @param firstFired ply of the first such move, 0 if none
     */
    public record Game(RuleSet rules, String startSfen, List<String> moves, Status status, boolean cut, int fired, int firstFired) {
        /** {@code sente}, {@code gote} or {@code draw} (a cut game is a draw). */
        public String result() {
            return cut ? "draw" : status.result();
        }

        /** Why it ended: the rules' reason, or {@code move-limit} for a cut game. */
        public String reason() {
            return cut ? "move-limit" : status.reason().id;
        }
    }

    public static Game play(RuleSet rules, Engine engine, Settings settings, long seed, RuleSet compareWith) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Position pos = Position.start(rules);
        String start = pos.sfen();
        engine.newGame();
        List<String> moves = new ArrayList<>();
        int fired = 0, firstFired = 0;
        while (true) {
            Status st = pos.status();
            if (!st.isOngoing()) return new Game(rules, start, moves, st, false, fired, firstFired);
            if (moves.size() >= settings.maxPlies()) return new Game(rules, start, moves, st, true, fired, firstFired);
            int move;
            if (moves.size() < settings.openingPlies()) {
                move = openingMove(pos, rnd);
            } else {
                move = engine.search(pos, settings.limits(), null).bestMove();
            }
            String usi = pos.usi(move);
            String before = compareWith == null ? null : pos.sfen();
            pos.make(move);
            moves.add(usi);
            if (compareWith != null && differs(compareWith, before, usi, pos.sfen())) {
                fired++;
                if (firstFired == 0) firstFired = moves.size();
            }
        }
    }

    /**
     * A random opening move that neither leaves the board nor ends the game: the opening plies are there
     * to vary the games, and a random King stepping off the board (dai13-kumazawa) would end one at once.
     * Any legal move when no such move exists.
     */
    static int openingMove(Position pos, SplittableRandom rnd) {
        int[] legal = pos.legalMoves();
        int[] quiet = new int[legal.length];
        int n = 0;
        for (int m : legal) {
            if (io.kifudb.rules.Move.leavesBoard(m)) continue;
            pos.make(m);
            boolean goesOn = pos.status().isOngoing();
            pos.unmake();
            if (goesOn) quiet[n++] = m;
        }
        return n > 0 ? quiet[rnd.nextInt(n)] : legal[rnd.nextInt(legal.length)];
    }

    /** Whether the move, played from the position under the other rule set, is illegal or ends elsewhere. */
    static boolean differs(RuleSet other, String sfenBefore, String usi, String sfenAfter) {
        Position p;
        try {
            p = Sfen.parse(other, sfenBefore);
        } catch (SfenException e) {
            return true; // the position cannot even arise there
        }
        try {
            p.play(usi);
        } catch (IllegalMoveException e) {
            return true;
        }
        return !p.sfen().equals(sfenAfter);
    }
}
