package io.kifudb.rules;

/**
 * Legal move generation: every piece's movement atoms, the lion capture rules and the promotion policy
 * of the position's rule set, producing canonical moves (rule-sets.md §1) without allocating.
 *
 * <p>Moving into check is legal in every rule set, so there is no king-safety filter. A two-step move
 * through an empty first square is generated only as the pass (when it returns to its origin); otherwise
 * it equals a one-square move and is not a move of its own.
 */
final class MoveGen {
    static final int MAX_MOVES = 4096;

    private final Position pos;
    private final Geometry geo;
    private final PieceKind[] kinds;
    private final RuleSet rules;
    private int[] out;
    private int n;
    private int side;
    private int passFrom, passMid;
    /** When set, the lion capture rules are not applied (to explain why a move is illegal). */
    boolean ignoreLionRules;
    /** When set, only moves that capture at least one piece are produced (the search's quiescence). */
    private boolean capturesOnly;

    MoveGen(Position pos) {
        this.pos = pos;
        this.geo = pos.geo;
        this.kinds = pos.kinds;
        this.rules = pos.rules;
    }

    int generate(int[] out) {
        capturesOnly = false;
        return run(out);
    }

    /**
     * The legal moves that capture at least one piece, in the order {@link #generate} lists them: the
     * same walk with the quiet moves (and the pass) left out, so it stays exactly consistent with it.
     */
    int generateCaptures(int[] out) {
        capturesOnly = true;
        try {
            return run(out);
        } finally {
            capturesOnly = false;
        }
    }

    private int run(int[] out) {
        this.out = out;
        this.n = 0;
        this.side = pos.side;
        this.passFrom = -1;
        final byte[] board = pos.board;
        final int[] step = geo.step;
        final int sign = side == Position.SENTE ? 1 : -1;
        for (int sq = 0; sq < geo.squares; sq++) {
            int code = board[sq] * sign;
            if (code <= 0) continue;
            PieceKind k = kinds[code];
            int base = side * 8;
            for (int d = 0; d < 8; d++) {
                int range = k.range[base + d];
                if (range == 0) continue;
                int s = sq;
                for (int dist = 1; dist <= range; dist++) {
                    s = step[s * 8 + d];
                    if (s < 0) break;
                    int t = board[s] * sign;
                    if (t == 0) {
                        if (!capturesOnly) add(sq, Move.NO_SQUARE, s, k, false);
                    } else {
                        if (t < 0) emit(sq, Move.NO_SQUARE, s, k);
                        break;
                    }
                }
            }
            int jumps = k.jump2[side];
            while (jumps != 0) {
                int d = Integer.numberOfTrailingZeros(jumps);
                jumps &= jumps - 1;
                int s = geo.step2[sq * 8 + d];
                if (s >= 0 && board[s] * sign <= quietLimit()) emit(sq, Move.NO_SQUARE, s, k);
            }
            if (k.knight) {
                int kb = sq * 4 + side * 2;
                for (int i = 0; i < 2; i++) {
                    int s = geo.knight[kb + i];
                    if (s >= 0 && board[s] * sign <= quietLimit()) emit(sq, Move.NO_SQUARE, s, k);
                }
            }
            if (k.lion) lionMoves(sq, k, sign);
            int lines = k.lionLine[side];
            while (lines != 0) {
                int d = Integer.numberOfTrailingZeros(lines);
                lines &= lines - 1;
                lionLineMoves(sq, d, k, sign);
            }
        }
        if (passFrom >= 0) out[n++] = Move.of(passFrom, passMid, passFrom, false);
        return n;
    }

    /**
     * The largest {@code board[s] * sign} a single-square destination may hold: 0 (empty or enemy) for
     * all moves, -1 (enemy only) when only captures are wanted.
     */
    private int quietLimit() {
        return capturesOnly ? -1 : 0;
    }

    /** The {@code lion} atom: steps, jumps to distance 2, capture-and-continue, igui; jitto as a pass. */
    private void lionMoves(int sq, PieceKind k, int sign) {
        final byte[] board = pos.board;
        final int[] step = geo.step;
        for (int d = 0; d < 8; d++) {
            int a = step[sq * 8 + d];
            if (a < 0) continue;
            int pa = board[a] * sign;
            if (pa > 0) continue;
            if (pa == 0) {
                // A quiet step; the only two-step move through an empty square is the pass.
                if (!capturesOnly) {
                    emit(sq, Move.NO_SQUARE, a, k);
                    offerPass(sq, a);
                }
                continue;
            }
            emit(sq, Move.NO_SQUARE, a, k);
            for (int d2 = 0; d2 < 8; d2++) {
                int c = step[a * 8 + d2];
                if (c < 0) continue;
                if (c == sq) emit(sq, a, sq, k);
                else if (board[c] * sign <= 0) emit(sq, a, c, k);
            }
        }
        final int[] ring = geo.ring2;
        for (int i = 0; i < 16; i++) {
            int b = ring[sq * 16 + i];
            if (b >= 0 && board[b] * sign <= quietLimit()) emit(sq, Move.NO_SQUARE, b, k);
        }
    }

    /** The {@code lionline(d)} atom of the Soaring Eagle and Horned Falcon. */
    private void lionLineMoves(int sq, int d, PieceKind k, int sign) {
        final byte[] board = pos.board;
        int s1 = geo.step[sq * 8 + d];
        if (s1 < 0) return;
        int s2 = geo.step2[sq * 8 + d];
        int p1 = board[s1] * sign;
        if (p1 == 0) {
            if (!capturesOnly) {
                emit(sq, Move.NO_SQUARE, s1, k);
                offerPass(sq, s1);
            }
        } else if (p1 < 0) {
            emit(sq, Move.NO_SQUARE, s1, k);
            emit(sq, s1, sq, k);
            if (s2 >= 0 && board[s2] * sign <= 0) emit(sq, s1, s2, k);
        }
        if (s2 >= 0 && board[s2] * sign <= quietLimit()) emit(sq, Move.NO_SQUARE, s2, k);
    }

    /** Keeps the pass with the smallest USI string among all passes of the position. */
    private void offerPass(int from, int mid) {
        if (passFrom < 0) {
            passFrom = from;
            passMid = mid;
            return;
        }
        int[] order = geo.nameOrder;
        if (order[from] < order[passFrom] || (from == passFrom && order[mid] < order[passMid])) {
            passFrom = from;
            passMid = mid;
        }
    }

    /** A move that may capture: applies the lion capture rules when a Lion is taken. */
    private void emit(int from, int mid, int to, PieceKind k) {
        final byte[] board = pos.board;
        int capMid = mid == Move.NO_SQUARE ? 0 : board[mid];
        int capTo = to == from ? 0 : board[to];
        boolean lionTaken = (capMid != 0 && kinds[Math.abs(capMid)].lionRank)
                || (capTo != 0 && kinds[Math.abs(capTo)].lionRank);
        if (lionTaken && !ignoreLionRules && !LionRules.allows(pos, from, mid, to, k)) return;
        add(from, mid, to, k, capMid != 0 || capTo != 0);
    }

    /** Adds the move with the promotion choices the rule set gives. */
    private void add(int from, int mid, int to, PieceKind k, boolean captures) {
        if (k.promotesTo == 0) {
            out[n++] = Move.of(from, mid, to, false);
            return;
        }
        int depth = pos.variant.zoneDepth;
        boolean fromIn = geo.inZone(from, side, depth), toIn = geo.inZone(to, side, depth);
        boolean may, must = false;
        switch (rules.promotionPolicy) {
            case JCSA -> may = (!fromIn && toIn) || (fromIn && captures)
                    || (k.pawnOrGoBetween && geo.onLastRank(to, side));
            case LISHOGI -> may = (!fromIn && toIn) || (captures && (fromIn || toIn))
                    || (k.stuckOnLastRank && geo.onLastRank(to, side));
            case SDIN -> {
                may = fromIn || toIn;
                must = k.stuckOnLastRank && geo.onLastRank(to, side);
            }
            default -> may = false;
        }
        if (may) out[n++] = Move.of(from, mid, to, true);
        if (!must) out[n++] = Move.of(from, mid, to, false);
    }
}
