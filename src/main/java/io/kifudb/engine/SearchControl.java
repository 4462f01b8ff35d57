package io.kifudb.engine;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the threads of one search share: the stop flag, the limits as deadlines and budgets, and the
 * workers (to add up their node counts).
 */
final class SearchControl {
    final AtomicBoolean stop;
    final long startNanos;
    /** Stop at once past this (0: no time limit). */
    final long hardDeadlineNanos;
    /** Do not start another iteration past this (0: none). */
    final long softDeadlineNanos;
    final long nodeLimit;
    final int maxDepth;
    final int multiPv;
    final boolean infinite;
    /** A time per move and no clock: time left over cannot be used later. */
    final boolean fixedMoveTime;
    /** Set by the main thread once depth 1 is complete: until then only it decides to stop. */
    volatile boolean depthOneDone;
    Search[] workers = new Search[0];
    /** {@link Engine#contempt}: a draw scores -contempt for the root's side to move. */
    int contempt;
    /** The evaluation tables to search with; null for the variant's shipped ones. */
    PieceValues values;

    SearchControl(AtomicBoolean stop, SearchLimits limits, int multiPv) {
        this.stop = stop;
        this.startNanos = System.nanoTime();
        this.infinite = limits.infinite();
        this.fixedMoveTime = limits.movetimeMs() > 0 && limits.clock() == null;
        long hard = 0, soft = 0;
        if (!infinite) {
            if (limits.movetimeMs() > 0) hard = soft = limits.movetimeMs();
            if (limits.clock() != null) {
                long[] b = limits.clock().budget();
                soft = soft == 0 ? b[0] : Math.min(soft, b[0]);
                hard = hard == 0 ? b[1] : Math.min(hard, b[1]);
            }
        }
        this.hardDeadlineNanos = hard == 0 ? 0 : startNanos + hard * 1_000_000L;
        this.softDeadlineNanos = soft == 0 ? 0 : startNanos + soft * 1_000_000L;
        this.nodeLimit = infinite ? 0 : limits.nodes();
        this.maxDepth = limits.maxDepth();
        this.multiPv = multiPv;
    }

    boolean timeLimited() {
        return hardDeadlineNanos != 0;
    }

    long elapsedMs() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    long totalNodes() {
        long n = 0;
        for (Search w : workers) n += w.publishedNodes;
        return n;
    }
}
