package io.kifudb.rules;

/**
 * A move packed into an int, so move lists are plain {@code int[]} and generation allocates nothing.
 *
 * <p>Bits 0-7 origin, 8-15 destination, 16-23 the first square of a two-step move ({@link #NO_SQUARE}
 * for a one-square move), bit 24 promotion. The origin equals the destination for igui and for the pass.
 */
public final class Move {
    public static final int NO_SQUARE = 0xFF;
    public static final int PROMOTE = 1 << 24;
    /** Never a legal move: marks "no move" in tables. */
    public static final int NONE = 0;

    private Move() {}

    public static int of(int from, int to) {
        return from | to << 8 | NO_SQUARE << 16;
    }

    public static int of(int from, int mid, int to, boolean promote) {
        return from | to << 8 | mid << 16 | (promote ? PROMOTE : 0);
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

    /** USI spelling: {@code 7g7f}, {@code 7g7f+}, {@code 7g6f5e}. */
    public static String usi(Geometry g, int move) {
        StringBuilder sb = new StringBuilder(10);
        sb.append(g.name(from(move)));
        if (hasMid(move)) sb.append(g.name(mid(move)));
        sb.append(g.name(to(move)));
        if (promotes(move)) sb.append('+');
        return sb.toString();
    }
}
