package io.kifudb.mate;

/**
 * The proof-number search's transposition table: per position key, the proof and disproof numbers last
 * computed, the shortest mate proved from it and the longest bound under which it was disproved.
 *
 * <p>A proof is kept with its length in plies: it holds for every search allowed at least that many plies,
 * and a shorter proof replaces a longer one. A disproof is kept with the number of plies it was searched
 * to: it holds for every search allowed at most that many. So one table serves the unbounded first search
 * and the shorter-bound searches that look for a quicker mate after it.
 *
 * <p>Proof and disproof numbers depend on the bound they were searched under, so they count only in the pass
 * (one search under one bound) that stored them; proofs and disproofs hold across passes.
 *
 * <p>Entries are four longs in one array (key; pn and dn; proof plies and disproof bound; the pass in the top
 * 16 bits and the work below), so an entry is one cache access; buckets of two entries. A new position
 * replaces the entry of its bucket that cost the least work. Nothing is allocated after construction.
 */
final class MateTable {
    /** Larger than any proof or disproof number of an unsolved node. */
    static final int INFINITE = 1 << 28;
    /** "No proof stored" for {@link #proofPlies}. */
    static final int NO_PROOF = Integer.MAX_VALUE;
    /** "No disproof stored" for {@link #disproofPlies}. */
    static final int NO_DISPROOF = -1;
    /** A disproof that holds whatever the bound (no forcing move at all, or the defender wins at once). */
    static final int ANY_BOUND = Integer.MAX_VALUE;

    private static final int WAYS = 2;
    private static final int LONGS = 4;
    private static final int ENTRY_BYTES = 8 * LONGS;

    private final long[] data;
    private final int bucketMask;
    private long used;
    private static final long WORK_MASK = (1L << 48) - 1;
    /** The current pass, 1 to 0xFFFF (0 is never a pass, so a cleared entry is stale). */
    private long pass = 1;

    MateTable(int megabytes) {
        long entries = Math.max(1024, (long) megabytes * 1024 * 1024 / ENTRY_BYTES);
        int pow = 63 - Long.numberOfLeadingZeros(entries);
        int n = 1 << Math.min(pow, 26);
        data = new long[n * LONGS];
        bucketMask = n / WAYS - 1;
    }

    void clear() {
        java.util.Arrays.fill(data, 0);
        used = 0;
        pass = 1;
    }

    /** Starts a new pass: the proof and disproof numbers stored so far no longer count. */
    void newPass() {
        pass = pass == 0xFFFF ? 1 : pass + 1;
    }

    /** Whether the slot's proof and disproof numbers were stored in the current pass. */
    boolean current(int slot) {
        return data[slot + 3] >>> 48 == pass;
    }

    private long work(int slot) {
        return data[slot + 3] & WORK_MASK;
    }

    /** Permille of the entries in use (as USI's hashfull). */
    int permilleFull() {
        return (int) Math.min(1000, used * 1000 * LONGS / data.length);
    }

    private static long pack(int hi, int lo) {
        return (long) hi << 32 | (lo & 0xFFFFFFFFL);
    }

    private int base(long key) {
        return (int) ((key ^ (key >>> 31)) & bucketMask) * WAYS * LONGS;
    }

    /** The slot (an index for the accessors) holding key, or -1. */
    int find(long key) {
        int b = base(key);
        for (int i = b; i < b + WAYS * LONGS; i += LONGS) if (work(i) != 0 && data[i] == key) return i;
        return -1;
    }

    int pn(int slot) {
        return (int) (data[slot + 1] >> 32);
    }

    int dn(int slot) {
        return (int) data[slot + 1];
    }

    /** Plies of the shortest mate proved from the slot's position, or {@link #NO_PROOF}. */
    int proofPlies(int slot) {
        return (int) (data[slot + 2] >> 32);
    }

    /** The bound (plies) up to which the slot's position is disproved, or {@link #NO_DISPROOF}. */
    int disproofPlies(int slot) {
        return (int) data[slot + 2];
    }

    /** Records unsolved numbers for key (keeping any proof or disproof already known). */
    void storeUnsolved(long key, int pnValue, int dnValue, long effort) {
        int slot = slotFor(key);
        data[slot + 1] = pack(pnValue, dnValue);
        addWork(slot, effort);
        data[slot + 3] = pass << 48 | work(slot);
    }

    /** Records a mate in {@code plies} from key's position (the shorter of this and any earlier one). */
    void storeProof(long key, int plies, long effort) {
        int slot = slotFor(key);
        data[slot + 2] = pack(Math.min(proofPlies(slot), plies), disproofPlies(slot));
        data[slot + 1] = pack(1, 1);
        addWork(slot, effort);
    }

    /** Records that no mate exists within {@code bound} plies (the larger of this and any earlier bound). */
    void storeDisproof(long key, int bound, long effort) {
        int slot = slotFor(key);
        data[slot + 2] = pack(proofPlies(slot), Math.max(disproofPlies(slot), bound));
        addWork(slot, effort);
    }

    private void addWork(int slot, long effort) {
        long w = Math.min(WORK_MASK, work(slot) + Math.max(1, effort));
        data[slot + 3] = (data[slot + 3] & ~WORK_MASK) | w;
    }

    /** The slot of key, claiming the least-worked entry of its bucket for a new key. */
    private int slotFor(long key) {
        int b = base(key);
        int victim = b;
        for (int i = b; i < b + WAYS * LONGS; i += LONGS) {
            if (work(i) != 0 && data[i] == key) return i;
            if (work(i) < work(victim)) victim = i;
        }
        if (work(victim) == 0) used++;
        data[victim] = key;
        data[victim + 1] = pack(1, 1);
        data[victim + 2] = pack(NO_PROOF, NO_DISPROOF);
        data[victim + 3] = 0;
        return victim;
    }
}
