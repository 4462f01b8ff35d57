package io.kifudb.engine;

/**
 * A fixed-size transposition table in two {@code long[]} arrays: entry i is {@code keys[i]} and
 * {@code data[i]}, in buckets of two (one kept by depth, one always replaced). Nothing is allocated after
 * construction.
 *
 * <p>Shared by the threads of a lazy-SMP search without locks: {@code keys[i]} holds the position key
 * XOR the data word, so an entry torn by two threads writing at once fails the key check and reads as a
 * miss instead of handing out another position's move or score.
 *
 * <p>Data word: move (bits 0-24), score (25-40, signed 16 bits, decided scores relative to the node),
 * depth (41-48), bound (49-50), generation (51-56).
 */
public final class TranspositionTable {
    static final int BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3;
    private static final int ENTRY_BYTES = 16;

    private final long[] keys;
    private final long[] data;
    private final int bucketMask;
    private int generation;

    /** A table of about {@code megabytes} MB (rounded down to a power of two entries, at least 1024). */
    public TranspositionTable(int megabytes) {
        long entries = Math.max(1024, (long) megabytes * 1024 * 1024 / ENTRY_BYTES);
        int pow = 63 - Long.numberOfLeadingZeros(entries);
        int n = 1 << Math.min(pow, 30);
        keys = new long[n];
        data = new long[n];
        bucketMask = n / 2 - 1;
    }

    public int megabytes() {
        return (int) ((long) keys.length * ENTRY_BYTES / (1024 * 1024));
    }

    public void clear() {
        java.util.Arrays.fill(keys, 0);
        java.util.Arrays.fill(data, 0);
        generation = 0;
    }

    /** Marks a new search, so entries of earlier searches are replaced first. */
    void newSearch() {
        generation = (generation + 1) & 63;
    }

    /** The data word stored for key, or 0 when there is none. */
    long probe(long key) {
        int i = ((int) key & bucketMask) << 1;
        long d = data[i];
        if ((keys[i] ^ d) == key && d != 0) return d;
        d = data[i + 1];
        if ((keys[i + 1] ^ d) == key && d != 0) return d;
        return 0;
    }

    void store(long key, int move, int score, int depth, int bound) {
        int i = ((int) key & bucketMask) << 1;
        long d0 = data[i], d1 = data[i + 1];
        int slot;
        if ((keys[i] ^ d0) == key) slot = i;
        else if ((keys[i + 1] ^ d1) == key) slot = i + 1;
        else {
            // The first slot keeps the deepest entry of the current search; the second takes the rest.
            boolean firstIsStale = generation(d0) != generation || depth(d0) <= depth;
            slot = firstIsStale ? i : i + 1;
        }
        long old = data[slot];
        if (move == 0 && (keys[slot] ^ old) == key) move = move(old);
        long d = (move & 0x1FFFFFFL)
                | ((long) (score & 0xFFFF) << 25)
                | ((long) Math.max(0, Math.min(depth, 255)) << 41)
                | ((long) bound << 49)
                | ((long) generation << 51);
        data[slot] = d;
        keys[slot] = key ^ d;
    }

    static int move(long d) {
        return (int) (d & 0x1FFFFFF);
    }

    static int score(long d) {
        return (short) (d >>> 25);
    }

    static int depth(long d) {
        return (int) ((d >>> 41) & 0xFF);
    }

    static int bound(long d) {
        return (int) ((d >>> 49) & 3);
    }

    private static int generation(long d) {
        return (int) ((d >>> 51) & 63);
    }

    /** Permille of the first 1000 buckets' slots used by the current search (USI {@code hashfull}). */
    public int hashfull() {
        int used = 0, n = Math.min(2000, keys.length);
        for (int i = 0; i < n; i++) if (data[i] != 0 && generation(data[i]) == generation) used++;
        return used * 1000 / n;
    }
}
