package io.kifudb.mate;

/**
 * How far a mate search may go. Limits combine: the first one reached stops the search.
 *
 * @param nodes     positions to look at, 0 for no limit
 * @param timeMs    milliseconds, 0 for no limit
 * @param maxPlies  the longest mate (in plies, both sides' moves) to look for; at least 1
 * @param shortest  after a mate is found, go on looking for a shorter one until none exists or a limit is hit
 */
public record MateLimits(long nodes, long timeMs, int maxPlies, boolean shortest) {
    /** Longest mate looked for when none is named: beyond every composed problem we know of. */
    public static final int DEFAULT_MAX_PLIES = 1023;

    public MateLimits {
        if (nodes < 0) throw new IllegalArgumentException("nodes must not be negative");
        if (timeMs < 0) throw new IllegalArgumentException("timeMs must not be negative");
        if (maxPlies < 1) throw new IllegalArgumentException("maxPlies must be at least 1");
    }

    public static MateLimits time(long ms) {
        return new MateLimits(0, ms, DEFAULT_MAX_PLIES, true);
    }

    public static MateLimits nodes(long nodes) {
        return new MateLimits(nodes, 0, DEFAULT_MAX_PLIES, true);
    }

    public MateLimits withMaxPlies(int plies) {
        return new MateLimits(nodes, timeMs, plies, shortest);
    }
}
