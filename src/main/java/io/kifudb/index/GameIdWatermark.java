package io.kifudb.index;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which stored games the index has taken in, as the feed from the database sees them: every game id up
 * to {@link #high()} is indexed, except the ids in the open gaps.
 *
 * <p>Why gaps: ids are given out when a row is inserted, not when its transaction commits. A bulk import
 * on one instance may take ids 101-600 and commit after another has taken and committed 601-700; a
 * reader that saw 700 and then only asked for ids above it would never see 101-600. So when an id is
 * taken in above the highest, the ids skipped below it become a gap, and the feed keeps asking the
 * database for the ids of its gaps until they fill, or until no transaction can still be about to fill
 * them: a transaction that took an id in a gap took it before the game above the gap was stored (ids
 * only grow), so once that game is older than the timeout, the transaction has been open longer than
 * that too. (Ids also go missing for good: a rolled-back transaction burns its ids, as does a restart of
 * the id sequence's cache.) A gap is only given up after it was looked for once past its deadline
 * ({@link #expire}), so a feed that was busy (a long rebuild) still finds the game that filled it late.
 *
 * <p>Thread-safe: the feed, this instance's own imports and the consistency check all report here.
 */
final class GameIdWatermark {
    /** Ids {@code from..to} (inclusive) that the index does not hold and that may still be committed. */
    record Gap(long from, long to, long deadlineMillis) {
        boolean contains(long id) {
            return id >= from && id <= to;
        }
    }

    private final long timeoutMillis;
    private final int maxGaps;
    private long high;
    /** Open gaps by their first id; they never overlap and all lie below {@link #high}. */
    private final TreeMap<Long, Gap> gaps = new TreeMap<>();
    private boolean overflowed;

    /**
     * @param timeoutMillis how long a transaction may hold an id before committing the game (see the class comment)
     * @param maxGaps       the most gaps tracked at once; beyond it the oldest is dropped and {@link #takeOverflow} says so
     */
    GameIdWatermark(long timeoutMillis, int maxGaps) {
        this.timeoutMillis = timeoutMillis;
        this.maxGaps = maxGaps;
    }

    /** Forgets everything: ids up to {@code base} count as taken in, nothing above it. */
    synchronized void reset(long base) {
        high = base;
        gaps.clear();
        overflowed = false;
    }

    /** The highest id taken in. */
    synchronized long high() {
        return high;
    }

    /** Whether the index holds this id already. */
    synchronized boolean has(long id) {
        if (id > high) return false;
        Map.Entry<Long, Gap> e = gaps.floorEntry(id);
        return e == null || !e.getValue().contains(id);
    }

    /**
     * Records that the game with this id is in the index.
     *
     * @param storedAtMillis when the game was stored ({@code created_at}; 0 if unknown)
     * @param seenAtMillis   when the database was asked (an id skipped below this one was missing then)
     */
    synchronized void taken(long id, long storedAtMillis, long seenAtMillis) {
        if (id > high) {
            if (id > high + 1) {
                long stored = storedAtMillis <= 0 ? seenAtMillis : Math.min(storedAtMillis, seenAtMillis);
                long deadline = stored + timeoutMillis;
                // Already past its deadline when found missing: given up at once (an old hole in the ids).
                if (deadline > seenAtMillis) add(new Gap(high + 1, id - 1, deadline));
            }
            high = id;
            return;
        }
        Map.Entry<Long, Gap> e = gaps.floorEntry(id);
        if (e == null || !e.getValue().contains(id)) return; // had it already
        Gap g = gaps.remove(e.getKey());
        if (g.from < id) gaps.put(g.from, new Gap(g.from, id - 1, g.deadlineMillis));
        if (id < g.to) gaps.put(id + 1, new Gap(id + 1, g.to, g.deadlineMillis));
    }

    private void add(Gap g) {
        if (gaps.size() >= maxGaps) {
            gaps.pollFirstEntry();
            overflowed = true;
        }
        gaps.put(g.from, g);
    }

    /** The lowest open gaps, at most limit of them. */
    synchronized List<Gap> gaps(int limit) {
        List<Gap> out = new ArrayList<>(Math.min(limit, gaps.size()));
        for (Gap g : gaps.values()) {
            if (out.size() == limit) break;
            out.add(g);
        }
        return out;
    }

    synchronized int gapCount() {
        return gaps.size();
    }

    /**
     * Gives up the gaps up to {@code upToId} whose deadline had passed when they were looked for.
     *
     * @param lookedAtMillis when the database was asked for the ids of those gaps (and did not have them)
     * @return how many gaps were given up
     */
    synchronized int expire(long lookedAtMillis, long upToId) {
        int n = 0;
        var it = gaps.values().iterator();
        while (it.hasNext()) {
            Gap g = it.next();
            if (g.to > upToId) break;
            if (g.deadlineMillis <= lookedAtMillis) {
                it.remove();
                n++;
            }
        }
        return n;
    }

    /** Whether gaps were dropped for lack of room since the last call (the consistency check then looks). */
    synchronized boolean takeOverflow() {
        boolean o = overflowed;
        overflowed = false;
        return o;
    }
}
