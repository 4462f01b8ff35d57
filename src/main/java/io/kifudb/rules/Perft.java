package io.kifudb.rules;

/** Counts leaf positions of the legal-move tree; a position whose game is over has no children. */
public final class Perft {
    private final int[][] buffers;

    public Perft(int maxDepth) {
        buffers = new int[maxDepth + 1][MoveGen.MAX_MOVES];
    }

    public long count(Position p, int depth) {
        if (depth == 0) return 1;
        int[] moves = buffers[depth];
        int n = p.generate(moves);
        if (!p.status(moves, n).isOngoing()) return 0;
        if (depth == 1) return n;
        long total = 0;
        for (int i = 0; i < n; i++) {
            p.make(moves[i]);
            total += count(p, depth - 1);
            p.unmake();
        }
        return total;
    }
}
