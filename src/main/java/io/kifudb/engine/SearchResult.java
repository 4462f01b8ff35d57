package io.kifudb.engine;

import java.util.List;

/**
 * What a search found.
 *
 * @param bestMove the move to play ({@link io.kifudb.rules.Move} encoding), or
 *                 {@link io.kifudb.rules.Move#NONE} when the game is already over
 * @param bestUsi  its USI spelling, null when there is none
 * @param depth    the deepest completed iteration (0 when the game is over)
 * @param lines    the last completed iteration's lines, best first (as many as multi-PV asked, at most one
 *                 per legal move)
 * @param gameOver the rules' verdict on the root position when the game is already over, else null
 */
public record SearchResult(int bestMove, String bestUsi, int depth, long nodes, long timeMs, List<SearchInfo> lines,
                           io.kifudb.rules.Status gameOver) {
    public boolean hasMove() {
        return bestUsi != null;
    }

    /** The best line's score, 0 when there is none. */
    public int score() {
        return lines.isEmpty() ? 0 : lines.get(0).score();
    }
}
