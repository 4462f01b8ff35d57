package io.kifudb.rules;

/**
 * Square numbering and neighbour tables for an N×N board.
 *
 * <p>A square is an int in {@code 0..N*N-1}, numbered in SFEN reading order: rank {@code a} first, and
 * within a rank from file N down to file 1. So {@code sq = rankIndex * N + (N - fileNumber)}.
 *
 * <p>Directions are absolute here and numbered clockwise from sente's forward: 0 F, 1 FR, 2 R, 3 BR,
 * 4 B, 5 BL, 6 L, 7 FL. Sente's forward points at rank {@code a}, sente's right at file 1. A gote
 * piece's relative direction d is absolute direction {@code (d + 4) & 7}.
 */
public final class Geometry {
    public static final int F = 0, FR = 1, R = 2, BR = 3, B = 4, BL = 5, L = 6, FL = 7;
    /** Rank delta (towards later letters) and file-index delta (towards file 1), per absolute direction. */
    static final int[] D_RANK = {-1, -1, 0, 1, 1, 1, 0, -1};
    static final int[] D_FILE = {0, 1, 1, 1, 0, -1, -1, -1};

    public final int size;
    public final int squares;
    /** {@code step[sq * 8 + dir]}: the adjacent square in dir, or -1 off the board. */
    final int[] step;
    /** {@code step2[sq * 8 + dir]}: the square two steps away in dir, or -1. */
    final int[] step2;
    /** {@code ring2[sq * 16 + i]}: the 16 squares at Chebyshev distance 2, -1 where off the board. */
    final int[] ring2;
    /** {@code knight[sq * 4 + i]}: knight targets for sente (i 0,1) and gote (i 2,3), -1 off the board. */
    final int[] knight;
    /** Longs in a bit set of squares (square sq is bit {@code sq & 63} of word {@code sq >>> 6}). */
    final int words;
    /**
     * {@code within[(r - 1) * squares * words + sq * words + w]}, r = 1 or 2: word w of the bit set of the
     * squares at distance 1 to r from sq (sq itself not included).
     */
    final long[] within;
    /** {@code ring2Bits[sq * words + w]}: word w of the bit set of the squares at distance exactly 2 from sq. */
    final long[] ring2Bits;
    private final String[] names;
    /** Position of each square's name in the sorted list of all names (for canonical pass choice). */
    final int[] nameOrder;

    public Geometry(int size) {
        if (size < 5 || size > 15) throw new IllegalArgumentException("board size " + size);
        this.size = size;
        this.squares = size * size;
        step = new int[squares * 8];
        step2 = new int[squares * 8];
        ring2 = new int[squares * 16];
        knight = new int[squares * 4];
        names = new String[squares];
        for (int sq = 0; sq < squares; sq++) {
            int r = sq / size, f = sq % size;
            names[sq] = (size - f) + String.valueOf((char) ('a' + r));
            for (int d = 0; d < 8; d++) {
                step[sq * 8 + d] = at(r + D_RANK[d], f + D_FILE[d]);
                step2[sq * 8 + d] = at(r + 2 * D_RANK[d], f + 2 * D_FILE[d]);
            }
            int i = 0;
            for (int dr = -2; dr <= 2; dr++)
                for (int df = -2; df <= 2; df++)
                    if (Math.max(Math.abs(dr), Math.abs(df)) == 2) ring2[sq * 16 + i++] = at(r + dr, f + df);
            knight[sq * 4] = at(r - 2, f - 1);
            knight[sq * 4 + 1] = at(r - 2, f + 1);
            knight[sq * 4 + 2] = at(r + 2, f - 1);
            knight[sq * 4 + 3] = at(r + 2, f + 1);
        }
        words = (squares + 63) >>> 6;
        within = new long[2 * squares * words];
        ring2Bits = new long[squares * words];
        for (int a = 0; a < squares; a++) {
            for (int b = 0; b < squares; b++) {
                int d = distance(a, b);
                if (d == 0 || d > 2) continue;
                long bit = 1L << b;
                int w = b >>> 6;
                within[squares * words + a * words + w] |= bit;
                if (d == 1) within[a * words + w] |= bit;
                else ring2Bits[a * words + w] |= bit;
            }
        }
        String[] sorted = names.clone();
        java.util.Arrays.sort(sorted);
        nameOrder = new int[squares];
        for (int sq = 0; sq < squares; sq++) nameOrder[sq] = java.util.Arrays.binarySearch(sorted, names[sq]);
    }

    private int at(int r, int f) {
        return r < 0 || r >= size || f < 0 || f >= size ? -1 : r * size + f;
    }

    public int rankIndex(int sq) {
        return sq / size;
    }

    public int fileNumber(int sq) {
        return size - sq % size;
    }

    public int square(int fileNumber, int rankIndex) {
        if (fileNumber < 1 || fileNumber > size || rankIndex < 0 || rankIndex >= size) return -1;
        return rankIndex * size + (size - fileNumber);
    }

    public int neighbour(int sq, int dir) {
        return step[sq * 8 + dir];
    }

    public int distance(int a, int b) {
        return Math.max(Math.abs(a / size - b / size), Math.abs(a % size - b % size));
    }

    /** Absolute direction from a to b if they lie on one line, else -1. */
    public int direction(int a, int b) {
        int dr = b / size - a / size, df = b % size - a % size;
        if (dr == 0 && df == 0) return -1;
        if (dr != 0 && df != 0 && Math.abs(dr) != Math.abs(df)) return -1;
        int sr = Integer.signum(dr), sf = Integer.signum(df);
        for (int d = 0; d < 8; d++) if (D_RANK[d] == sr && D_FILE[d] == sf) return d;
        return -1;
    }

    public String name(int sq) {
        return names[sq];
    }

    /** Parses a square name such as {@code 7g} or {@code 10e}; -1 if it is not a square of this board. */
    public int parse(CharSequence s) {
        int n = s.length();
        if (n < 2 || n > 3) return -1;
        char rank = s.charAt(n - 1);
        int file = 0;
        for (int i = 0; i < n - 1; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return -1;
            file = file * 10 + (c - '0');
        }
        if (n == 3 && s.charAt(0) == '0') return -1;
        return square(file, rank - 'a');
    }

    /** Whether sq lies in the far {@code depth} ranks as seen by side (0 sente, 1 gote). */
    public boolean inZone(int sq, int side, int depth) {
        int r = sq / size;
        return side == 0 ? r < depth : r >= size - depth;
    }

    /** Whether sq is side's last rank (the opponent's back rank). */
    public boolean onLastRank(int sq, int side) {
        int r = sq / size;
        return side == 0 ? r == 0 : r == size - 1;
    }
}
