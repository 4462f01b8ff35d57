package io.kifudb.rules;

/**
 * A move packed into an int, so move lists are plain {@code int[]} and generation allocates nothing.
 *
 * <p>Bits 0-7 origin, 8-15 destination, 16-23 the first square of a two-step move ({@link #NO_SQUARE}
 * for a one-square move), bit 24 promotion. The origin equals the destination for igui and for the pass.
 *
 * <p>Bits 25-27 exist only in the 13×13 rule sets, so a Chu move's int and its USI are unchanged:
 * {@link #EXIT} and {@link #TRY} (dai13-kumazawa, pieces-and-setups.md §3.3: the piece leaves the board;
 * destination = origin, no first square) and {@link #NORMAL_CAPTURE} (shodoshu2017*, rule-sets.md §5.2:
 * the elephant that captured on the previous move is taken normally instead of exchanged, spelled {@code !}).
 */
public final class Move {
    public static final int NO_SQUARE = 0xFF;
    public static final int PROMOTE = 1 << 24;
    /** The piece leaves the board without winning: {@code <from>off}. */
    public static final int EXIT = 1 << 25;
    /** A try piece steps forward off its last rank and wins: {@code <from>try}. */
    public static final int TRY = 1 << 26;
    /** The exempt drunk elephant on the path is captured normally, not exchanged: suffix {@code !}. */
    public static final int NORMAL_CAPTURE = 1 << 27;
    /** Never a legal move: marks "no move" in tables. */
    public static final int NONE = 0;

    private Move() {}

    public static int of(int from, int to) {
        return from | to << 8 | NO_SQUARE << 16;
    }

    public static int of(int from, int mid, int to, boolean promote) {
        return from | to << 8 | mid << 16 | (promote ? PROMOTE : 0);
    }

    /** The exit move of the piece on from ({@code <from>off}). */
    public static int exit(int from) {
        return from | from << 8 | NO_SQUARE << 16 | EXIT;
    }

    /** The try of the piece on from ({@code <from>try}). */
    public static int tryMove(int from) {
        return from | from << 8 | NO_SQUARE << 16 | TRY;
    }

    public static int from(int move) {
        return move & 0xFF;
    }

    public static int to(int move) {
        return (move >>> 8) & 0xFF;
    }

    public static int mid(int move) {
        return (move >>> 16) & 0xFF;
    }

    public static boolean hasMid(int move) {
        return mid(move) != NO_SQUARE;
    }

    public static boolean promotes(int move) {
        return (move & PROMOTE) != 0;
    }

    /** Whether the piece leaves the board ({@code off} or {@code try}). */
    public static boolean leavesBoard(int move) {
        return (move & (EXIT | TRY)) != 0;
    }

    public static boolean isTry(int move) {
        return (move & TRY) != 0;
    }

    public static boolean capturesNormally(int move) {
        return (move & NORMAL_CAPTURE) != 0;
    }

    /**
     * USI spelling: {@code 7g7f}, {@code 7g7f+}, {@code 7g6f5e}; in the 13×13 rule sets also {@code 5aoff},
     * {@code 5atry}, {@code 7g7f!} and {@code 7e7d+!} (pieces-and-setups.md §1.5, rule-sets.md §5.5).
     */
    public static String usi(Geometry g, int move) {
        StringBuilder sb = new StringBuilder(10);
        sb.append(g.name(from(move)));
        if ((move & (EXIT | TRY)) != 0) return sb.append(isTry(move) ? "try" : "off").toString();
        if (hasMid(move)) sb.append(g.name(mid(move)));
        sb.append(g.name(to(move)));
        if (promotes(move)) sb.append('+');
        if (capturesNormally(move)) sb.append('!');
        return sb.toString();
    }
}
