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
    /** dai13-kumazawa: pieces may leave the board, and try pieces may try. */
    private final boolean exits, tries;
    /** shodoshu2017*: taking an enemy unpromoted 酔象 is an exchange. */
    private final boolean exchange;
    /** When set, only moves that capture at least one piece are produced (the search's quiescence). */
    private boolean capturesOnly;

    MoveGen(Position pos) {
        this.pos = pos;
        this.geo = pos.geo;
        this.kinds = pos.kinds;
        this.rules = pos.rules;
        this.exits = rules.offBoard != RuleSet.OffBoard.NONE;
        this.tries = rules.tryRule == RuleSet.TryRule.PIECE_TRY;
        this.exchange = rules.elephantExchange != RuleSet.ElephantExchange.NONE;
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

    /**
     * The legal moves of the side to move's piece on sq, as {@link #generate} lists them, but never a pass:
     * of all the passes a position has, the full list keeps one (the smallest USI), which only the full walk
     * can tell. The search uses it to confirm a move from its table without generating every move.
     */
    int generateFromSquare(int sq, int[] out) {
        capturesOnly = false;
        begin(out);
        int sign = side == Position.SENTE ? 1 : -1;
        if (pos.board[sq] * sign > 0) generateFrom(sq, pos.board, geo.step, sign);
        return n;
    }

    private void begin(int[] out) {
        this.out = out;
        this.n = 0;
        this.side = pos.side;
        this.passFrom = -1;
    }

    private int run(int[] out) {
        begin(out);
        final byte[] board = pos.board;
        final int[] step = geo.step;
        final int sign = side == Position.SENTE ? 1 : -1;
        final long[] occupied = pos.occupied;
        final int words = pos.words;
        // The side's pieces in square order, as a scan of the board would find them.
        for (int w = 0; w < words; w++) {
            for (long bits = occupied[side * words + w]; bits != 0; bits &= bits - 1) {
                generateFrom(w * 64 + Long.numberOfTrailingZeros(bits), board, step, sign);
            }
        }
        if (passFrom >= 0) out[n++] = Move.of(passFrom, passMid, passFrom, false);
        return n;
    }

    /** The moves of the side's piece on sq. */
    private void generateFrom(int sq, byte[] board, int[] step, int sign) {
        int code = board[sq] * sign;
        PieceKind k = kinds[code];
        // Captures only: a stepper or jumper with no enemy piece within its reach has none. (Not the 13×13
        // atoms' pieces, nor where pieces may exit: their walks add some moves that capture nothing even here.)
        if (capturesOnly && k.reach <= 2 && !k.special && !exits && !enemyWithin(sq, k.reach)) return;
        int base = side * 8;
        for (int dirs = k.rangeDirs[side]; dirs != 0; dirs &= dirs - 1) {
            int d = Integer.numberOfTrailingZeros(dirs);
            int range = k.range[base + d];
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
        if (k.special) specialMoves(sq, k, sign);
        if (exits) exitMoves(sq, k);
    }

    /** Whether an enemy of the side to move stands at distance 1 to r (1 or 2) from sq. */
    private boolean enemyWithin(int sq, int r) {
        final long[] occupied = pos.occupied, within = geo.within;
        final int words = geo.words;
        int enemy = (side ^ 1) * words, near = (r - 1) * geo.squares * words + sq * words;
        for (int w = 0; w < words; w++) if ((occupied[enemy + w] & within[near + w]) != 0) return true;
        return false;
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

    /** The 13×13 atoms: {@code slide>=2}, {@code dance2} and {@code lionstep} (pieces-and-setups.md §1.3-1.4). */
    private void specialMoves(int sq, PieceKind k, int sign) {
        final byte[] board = pos.board;
        final int[] step = geo.step;
        int from2 = k.slideFrom2[side];
        while (from2 != 0) {
            int d = Integer.numberOfTrailingZeros(from2);
            from2 &= from2 - 1;
            // K5: it may not stop or capture on the adjacent square, and any piece there blocks the whole ray.
            int s = step[sq * 8 + d];
            if (s < 0 || board[s] != 0) continue;
            while ((s = step[s * 8 + d]) >= 0) {
                int t = board[s] * sign;
                if (t == 0) {
                    add(sq, Move.NO_SQUARE, s, k, false);
                } else {
                    if (t < 0) emit(sq, Move.NO_SQUARE, s, k);
                    break;
                }
            }
        }
        int dance = k.dance2[side];
        while (dance != 0) {
            int d = Integer.numberOfTrailingZeros(dance);
            dance &= dance - 1;
            int s1 = step[sq * 8 + d], s2 = geo.step2[sq * 8 + d];
            if (s2 < 0 || board[s2] * sign > 0) continue; // it lands on the second square or nowhere (S2)
            int p1 = board[s1] * sign;
            if (DANCE_PASSES_OVER_FIRST_SQUARE || p1 == 0) emit(sq, Move.NO_SQUARE, s2, k);
            // An enemy on the first square may be taken in passing (seed 004 (5) 「１升目で相手酔象の「捕獲／入れ替え」
            // を行いつつ」, the old rule's 「相手駒２枚捕獲」), spelled O S1 S2.
            if (p1 < 0) emit(sq, s1, s2, k);
        }
        if (k.lionStep) lionStepMoves(sq, k, sign);
    }

    /**
     * S1 (pieces-and-setups.md §4.8, open): a 猛牛/飛龍 passes over whatever stands on its first square, its own
     * piece or an enemy it leaves alone (「１升目飛んで向こう」, the OECU reading of the dance as "jump and eat").
     * The stricter reading (an own piece blocks, an enemy must be taken) would be {@code false}; the attack
     * tables (PieceKind.reach2: the second square whatever lies between) assume {@code true}.
     */
    static final boolean DANCE_PASSES_OVER_FIRST_SQUARE = true;

    /**
     * S3 (pieces-and-setups.md §4.8, open): the restricted Lion may capture without moving (igui) and pass (jitto)
     * as the CHU Lion does; seed 004 and the 2017 post are silent.
     */
    static final boolean LION_STEP_IGUI_AND_JITTO = true;

    /**
     * The {@code lionstep} atom: a step, or two steps through an empty or enemy first square, never a jump
     * (S3: 「踊りだけで跳べない、自駒上で踊れない」); igui and jitto per {@link #LION_STEP_IGUI_AND_JITTO}.
     */
    private void lionStepMoves(int sq, PieceKind k, int sign) {
        final byte[] board = pos.board;
        final int[] step = geo.step;
        for (int d = 0; d < 8; d++) {
            int a = step[sq * 8 + d];
            if (a < 0) continue;
            int pa = board[a] * sign;
            if (pa > 0) continue;
            emit(sq, Move.NO_SQUARE, a, k);
            if (pa == 0) {
                if (LION_STEP_IGUI_AND_JITTO) offerPass(sq, a);
                continue;
            }
            for (int d2 = 0; d2 < 8; d2++) {
                int c = step[a * 8 + d2];
                if (c < 0) continue;
                if (c == sq) {
                    if (LION_STEP_IGUI_AND_JITTO) emit(sq, a, sq, k);
                } else if (board[c] * sign <= 0) {
                    emit(sq, a, c, k);
                }
            }
        }
        // A square two away through an empty first square is one move, written directly (rule-sets.md §1).
        final int[] ring = geo.ring2;
        for (int i = 0; i < 16; i++) {
            int c = ring[sq * 16 + i];
            if (c < 0 || board[c] * sign > 0) continue;
            for (int d = 0; d < 8; d++) {
                int a = step[sq * 8 + d];
                if (a >= 0 && board[a] == 0 && geo.distance(a, c) == 1) {
                    emit(sq, Move.NO_SQUARE, c, k);
                    break;
                }
            }
        }
    }

    /**
     * dai13-kumazawa exits (pieces-and-setups.md §3.3): one {@code off} move when the piece's own pattern carries
     * it past the edge in some direction (a step whose square is off the board, a slide with every square to the
     * edge empty, a knight target off the board), and the {@code try} of a try piece on its last rank, whose
     * forward exit wins and is therefore not an {@code off}.
     */
    private void exitMoves(int sq, PieceKind k) {
        final byte[] board = pos.board;
        final int[] step = geo.step;
        boolean tryHere = tries && k.tryPiece && geo.onLastRank(sq, side);
        int forward = side == Position.SENTE ? Geometry.F : Geometry.B;
        boolean off = false;
        for (int d = 0; d < 8 && !off; d++) {
            int range = k.range[side * 8 + d];
            boolean from2 = (k.slideFrom2[side] & (1 << d)) != 0;
            if ((range == 0 && !from2) || (tryHere && d == forward)) continue;
            int s = sq, dist = 0;
            boolean clear = true;
            while (true) {
                s = step[s * 8 + d];
                dist++;
                if (s < 0) break;
                if (board[s] != 0) {
                    clear = false;
                    break;
                }
            }
            off = clear && (from2 || dist <= range);
        }
        if (!off && k.knight && KNIGHT_EXITS_OFF_ANY_EDGE) {
            int kb = sq * 4 + side * 2;
            off = geo.knight[kb] < 0 || geo.knight[kb + 1] < 0;
        }
        if (off) out[n++] = Move.exit(sq);
        if (tryHere) out[n++] = Move.tryMove(sq);
    }

    /**
     * K7 (pieces-and-setups.md §3.6, open): a knight may jump off the side edges too, not only off the far edge
     * that seed 001 mentions (「最上段でも、そのルールで動かせるが、盤外に飛び出したら…」).
     */
    static final boolean KNIGHT_EXITS_OFF_ANY_EDGE = true;

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
        if (exchange && (exchangeable(capMid) || exchangeable(capTo))) {
            exchangeMoves(from, mid, to, k, capMid, capTo);
            return;
        }
        add(from, mid, to, k, capMid != 0 || capTo != 0);
    }

    private boolean exchangeable(int code) {
        return code != 0 && kinds[Math.abs(code)].exchangedWhenTaken;
    }

    /**
     * A move whose path takes an enemy unpromoted 酔象 (rule-sets.md §5): the plain move exchanges every such
     * elephant it reaches; the {@code !} move takes the exempt one (field 3) normally. Exchanges never promote.
     * <ul>
     *   <li>§5.4/5.5 final form: an exchange on the first step ends the move, so a restricted Lion's is its
     *       single step onto the elephant (no separate two-step move), while a 猛牛/飛龍's keeps the spelling
     *       {@code O S1 S2} (generated only where S2 is a landing square).</li>
     *   <li>§5.3: a King or Prince that is its side's only royal makes no exchange.</li>
     * </ul>
     */
    private void exchangeMoves(int from, int mid, int to, PieceKind k, int capMid, int capTo) {
        boolean exMid = exchangeable(capMid), exTo = exchangeable(capTo);
        boolean finalForm = rules.elephantExchange == RuleSet.ElephantExchange.FINAL;
        int exempt = pos.marker;
        boolean loneRoyal = k.royal && pos.royals[side] == 1;
        boolean plain = !loneRoyal && !(finalForm && exMid && k.dance2[side] == 0);
        if (plain) out[n++] = Move.of(from, mid, to, false);
        // The '!' move: the exempt elephant taken normally, any other elephant on the path still exchanged.
        boolean exemptAtMid = exMid && mid == exempt, exemptAtTo = exTo && to == exempt;
        if (!exemptAtMid && !exemptAtTo) return;
        if (exemptAtTo && finalForm && exMid && !exemptAtMid) return; // the move ended on its first square
        boolean stillExchanges = (exMid && !exemptAtMid) || (exTo && !exemptAtTo);
        if (stillExchanges && loneRoyal) return;
        int n0 = n;
        if (stillExchanges) out[n++] = Move.of(from, mid, to, false);
        else add(from, mid, to, k, true);
        for (int i = n0; i < n; i++) out[i] |= Move.NORMAL_CAPTURE;
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
