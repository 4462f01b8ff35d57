package io.kifudb.mate;

import io.kifudb.rules.Position;
import io.kifudb.rules.Status;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Proves forced mates for the side to move: df-pn ({@link ProofSearch}) over the rules engine's moves, so
 * every game end the position's rule set knows decides the search (royal capture, a Prince as a second
 * royal, bare king, checkmate under {@code chu}, no legal move, tries).
 *
 * <p>A solve first looks for any mate within {@link MateLimits#maxPlies()}. Once it has a mate of L plies it
 * narrows down the shortest by bisection: a pass under a bound halfway between the longest length known to
 * have no mate and L either proves a mate (L drops to its length) or is disproved (nothing that short
 * exists), until the two meet (the mate is the shortest by forcing moves) or a limit is reached (the mate
 * stands; a shorter one is not ruled out). The table is kept across those passes. Each mate found is replayed
 * under the rules before it is reported.
 *
 * <p>For an analysis job: {@link #solve} runs in the caller's thread, honours a stop flag the caller may set
 * from another thread at any time (the best mate found so far is returned), and reports progress to a
 * listener about twice a second and whenever a shorter mate is found. One solver serves one search at a
 * time; it plays moves on the position it is given and takes them all back before returning.
 */
public final class MateSolver {
    /** Table size used when none is named. */
    public static final int DEFAULT_HASH_MB = 64;
    private static final long PROGRESS_INTERVAL_MS = 500;

    private final MateTable table;

    public MateSolver() {
        this(DEFAULT_HASH_MB);
    }

    public MateSolver(int hashMegabytes) {
        if (hashMegabytes < 1) throw new IllegalArgumentException("hash must be at least 1 MB");
        this.table = new MateTable(hashMegabytes);
    }

    /** Solves without a stop flag or progress reports. */
    public MateResult solve(Position position, MateLimits limits) {
        return solve(position, limits, new AtomicBoolean(), p -> { });
    }

    /**
     * Searches for a mate by the side to move of position.
     *
     * @param stop     set by anyone to end the search soon; the best result so far is returned
     * @param progress called in this thread with the counters and the best mate so far
     */
    public MateResult solve(Position position, MateLimits limits, AtomicBoolean stop, Consumer<MateProgress> progress) {
        long start = System.nanoTime();
        table.clear();
        Status status = position.status();
        if (!status.isOngoing()) {
            return new MateResult(MateResult.Outcome.GAME_OVER, 0, List.of(), false, 0, 0, 0, 0, status);
        }
        Budget budget = new Budget(start, limits, stop);
        final ProofSearch[] holder = new ProofSearch[1];
        final int[] bestPlies = {0};
        final List<String>[] bestLine = new List[] {List.of()};
        final int[] bound = {limits.maxPlies()};
        final long[] lastReport = {start};
        ProofSearch search = new ProofSearch(position, table, () -> {
            long now = System.nanoTime();
            if (now - lastReport[0] >= PROGRESS_INTERVAL_MS * 1_000_000L) {
                lastReport[0] = now;
                progress.accept(new MateProgress(holder[0].nodes, (now - start) / 1_000_000, table.permilleFull(),
                        bound[0], bestPlies[0], bestLine[0]));
            }
            return budget.exhausted(holder[0].nodes);
        });
        holder[0] = search;
        boolean shortest = false;
        boolean disproved = false;
        // The first pass looks for any mate within the limit. After a mate of L plies the shortest lies in
        // [provedLow, L]: a pass under a bound halfway between either proves a mate (L drops to its length) or
        // disproves one (nothing that short: provedLow rises past the bound). Such a pass gets half of what is
        // left of the budget: a pass just below the shortest mate is a hard disproof, and one that runs out of
        // its share only moves the next pass up (probeLow) without proving anything; the last pass, under L-1,
        // gets all that is left.
        int provedLow = 1, probeLow = 1;
        while (true) {
            if (bestPlies[0] > 0 && bound[0] < bestPlies[0] - 1) budget.slice(search.nodes);
            else budget.noSlice();
            search.run(bound[0]);
            if (search.stopped) {
                if (budget.globallyExhausted(search.nodes)) break;
                probeLow = bound[0] + 1;
            } else if (search.disproved()) {
                if (bestPlies[0] == 0) {
                    disproved = true;
                    break;
                }
                provedLow = Math.max(provedLow, bound[0] + 1);
                probeLow = Math.max(probeLow, provedLow);
            } else {
                // Proved: take the main line (searching again what the table lost, with some extra allowance).
                budget.extend();
                int proved = search.proofPlies();
                int[] line = search.mainLine(proved);
                budget.endExtension();
                if (line == null) break;
                List<String> usi = verifiedLine(position, line);
                // The proof bounds the mate (every defence loses within that many plies); the main line can be
                // shorter where the table only knows upper bounds of a reply's mate.
                bestPlies[0] = Math.max(proved, line.length);
                bestLine[0] = usi;
                progress.accept(new MateProgress(search.nodes, (System.nanoTime() - start) / 1_000_000,
                        table.permilleFull(), bound[0], bestPlies[0], bestLine[0]));
                if (!limits.shortest()) break;
            }
            if (provedLow >= bestPlies[0]) {
                shortest = true;
                break;
            }
            if (budget.globallyExhausted(search.nodes)) break;
            bound[0] = probeLow >= bestPlies[0] ? bestPlies[0] - 1 : (probeLow + bestPlies[0] - 1) / 2;
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        if (bestPlies[0] > 0) {
            return new MateResult(MateResult.Outcome.MATE, bestPlies[0], bestLine[0], shortest, 0,
                    search.nodes, ms, table.permilleFull(), null);
        }
        if (disproved) {
            return new MateResult(MateResult.Outcome.NO_MATE, 0, List.of(), false, bound[0], search.nodes, ms,
                    table.permilleFull(), null);
        }
        return new MateResult(MateResult.Outcome.UNKNOWN, 0, List.of(), false, 0, search.nodes, ms,
                table.permilleFull(), null);
    }

    /**
     * The line in USI after replaying it under the rules: every move legal while the game goes on, and the
     * game won by the attacker at its end. A failure is a bug of the search, not a property of the position.
     */
    private static List<String> verifiedLine(Position position, int[] line) {
        int attacker = position.sideToMove();
        List<String> usi = new ArrayList<>(line.length);
        int made = 0;
        try {
            for (int m : line) {
                String s = position.usi(m);
                usi.add(s);
                position.play(s);
                made++;
            }
            Status end = position.status();
            if (end.winner() != attacker) {
                throw new IllegalStateException("mate line " + usi + " ends in " + end + " from " + position);
            }
        } finally {
            for (int i = 0; i < made; i++) position.unmake();
        }
        return List.copyOf(usi);
    }

    /**
     * The node and time limits and the stop flag; a share of them for one pass (a slice); and a short
     * extension while a main line is taken.
     */
    private static final class Budget {
        private final long start;
        private final MateLimits limits;
        private final AtomicBoolean stop;
        private boolean extended;
        private long extensionEndNanos;
        private long sliceEndNodes, sliceEndNanos;

        Budget(long start, MateLimits limits, AtomicBoolean stop) {
            this.start = start;
            this.limits = limits;
            this.stop = stop;
        }

        void extend() {
            extended = true;
            long allowance = Math.max(1000, limits.timeMs() / 2);
            extensionEndNanos = System.nanoTime() + allowance * 1_000_000L;
        }

        void endExtension() {
            extended = false;
        }

        /** The next pass may use half of what is left of the node and time limits. */
        void slice(long nodes) {
            sliceEndNodes = limits.nodes() > 0 ? nodes + Math.max(1, (limits.nodes() - nodes) / 2) : 0;
            long now = System.nanoTime();
            sliceEndNanos = limits.timeMs() > 0 ? now + Math.max(1, (start + limits.timeMs() * 1_000_000L - now) / 2) : 0;
        }

        void noSlice() {
            sliceEndNodes = sliceEndNanos = 0;
        }

        boolean exhausted(long nodes) {
            if (stop.get()) return true;
            if (extended) return System.nanoTime() > extensionEndNanos;
            if (globallyExhausted(nodes)) return true;
            return (sliceEndNodes > 0 && nodes >= sliceEndNodes) || (sliceEndNanos > 0 && System.nanoTime() >= sliceEndNanos);
        }

        /** The whole solve's limits (or the stop flag), not just the current pass's share. */
        boolean globallyExhausted(long nodes) {
            if (stop.get()) return true;
            if (limits.nodes() > 0 && nodes >= limits.nodes()) return true;
            return limits.timeMs() > 0 && System.nanoTime() - start >= limits.timeMs() * 1_000_000L;
        }
    }
}
