package io.kifudb.engine;

/**
 * When a search stops: at a depth, after a time, after a number of nodes, when a clock budget is spent,
 * or only when told ({@link #infinite()}). Limits combine: the first one reached stops the search. A
 * search always completes depth 1, so there is a searched move to return.
 *
 * @param depth      deepest iteration, 0 for no depth limit
 * @param movetimeMs time for this move in ms, 0 for none
 * @param nodes      node budget (all threads together), 0 for none
 * @param clock      the mover's clock for clock-based play, null for none
 * @param infinite   search until stopped (USI {@code go infinite}); the other limits are ignored
 */
public record SearchLimits(int depth, long movetimeMs, long nodes, Clock clock, boolean infinite) {
    /** The deepest iteration when no limit is given. */
    public static final int MAX_DEPTH = 100;

    /**
     * The mover's clock (USI {@code btime}/{@code wtime}, {@code binc}/{@code winc}, {@code byoyomi}),
     * all in ms.
     */
    public record Clock(long remainingMs, long incrementMs, long byoyomiMs) {
        /**
         * A simple allocation: a 30th of the remaining time plus most of the increment and byoyomi, never
         * more than a third of what is left, minus a margin for the protocol round trip. Returns the soft
         * budget (do not start another iteration past half of it) and the hard one (stop now).
         */
        long[] budget() {
            long margin = 50;
            long base = remainingMs / 30 + incrementMs * 3 / 4 + byoyomiMs * 9 / 10;
            long cap = remainingMs / 3 + byoyomiMs * 9 / 10;
            long soft = Math.max(10, Math.min(base, cap) - margin);
            long hard = Math.max(10, Math.min(base * 3, cap) - margin);
            if (remainingMs <= 0 && byoyomiMs > 0) soft = hard = Math.max(10, byoyomiMs - margin);
            return new long[] {soft, hard};
        }
    }

    public static SearchLimits depth(int depth) {
        return new SearchLimits(depth, 0, 0, null, false);
    }

    public static SearchLimits movetime(long ms) {
        return new SearchLimits(0, ms, 0, null, false);
    }

    public static SearchLimits nodes(long nodes) {
        return new SearchLimits(0, 0, nodes, null, false);
    }

    public static SearchLimits forever() {
        return new SearchLimits(0, 0, 0, null, true);
    }

    /** The deepest iteration to run. */
    int maxDepth() {
        return infinite || depth <= 0 ? MAX_DEPTH : Math.min(depth, MAX_DEPTH);
    }
}
