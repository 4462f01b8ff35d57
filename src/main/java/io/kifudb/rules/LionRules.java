package io.kifudb.rules;

/**
 * The lion capture rules of rule-sets.md §2, applied to a move that takes at least one Lion.
 *
 * <ol>
 *   <li>A Lion may always take an adjacent Lion (unless a counter-strike ban says otherwise).</li>
 *   <li>A Lion may take a Lion two squares away only if that Lion is not protected, or if it first took a
 *       piece other than a pawn or go-between on its first step (bridge capture, seed 000 rule C).</li>
 *   <li>Counter-strike (seed 000 rule B / seed 002 / lishogi) after a non-Lion took a Lion: per policy
 *       (none in shodoshu2017*, whose only Lion is the promoted Kirin).</li>
 * </ol>
 */
final class LionRules {
    private LionRules() {}

    static boolean allows(Position pos, int from, int mid, int to, PieceKind mover) {
        final byte[] board = pos.board;
        int capMid = mid == Move.NO_SQUARE ? 0 : board[mid];
        int capTo = to == from ? 0 : board[to];
        boolean lionAtMid = capMid != 0 && pos.kinds[Math.abs(capMid)].lionRank;
        boolean lionAtTo = capTo != 0 && pos.kinds[Math.abs(capTo)].lionRank;
        boolean firstStepWorthy = capMid != 0 && !pos.kinds[Math.abs(capMid)].pawnOrGoBetween;
        boolean distant = lionAtTo && pos.geo.distance(from, to) == 2;
        int marker = pos.marker;
        switch (pos.rules.lionPolicy) {
            case LISHOGI -> {
                if (mover.lionRank) return !(distant && !firstStepWorthy && isProtected(pos, from, mid, to));
                if (marker < 0) return true;
                return !(lionAtMid && mid != marker) && !(lionAtTo && to != marker);
            }
            case SDIN -> {
                if (mover.lionRank && distant && !firstStepWorthy && isProtected(pos, from, mid, to)) return false;
                return marker < 0;
            }
            case JCSA -> {
                boolean bridge = mover.lionRank && distant && firstStepWorthy;
                if (mover.lionRank && distant && !bridge && isProtected(pos, from, mid, to)) return false;
                if (marker < 0) return true;
                // Counter-strike (先獅子): no protected Lion may be taken, except by a bridge capture. A Lion
                // taken on the first step is judged with the mover where the move leaves it (its origin
                // for an igui), since that piece still blocks the lines through its square.
                if (lionAtMid && isProtectedAfter(pos, from, to, mid)) return false;
                return !(lionAtTo && !bridge && isProtected(pos, from, mid, to));
            }
            case NO_COUNTER_STRIKE -> {
                return !(mover.lionRank && distant && !firstStepWorthy && isProtected(pos, from, mid, to));
            }
            default -> {
                return true;
            }
        }
    }

    /**
     * Whether the Lion on target is protected (足がある) right after it is taken: some piece of its side
     * could move there with the capturing piece gone from its origin (hidden protection, seed 000 rule E)
     * and, when target is the second square of a two-step move, the first square's victim gone too,
     * except that a pawn or go-between taken there still counts (JCSA 2004).
     */
    static boolean isProtected(Position pos, int from, int mid, int target) {
        final byte[] board = pos.board;
        int defender = Position.owner(board[target]);
        int moverCode = board[from];
        int midCode = mid == Move.NO_SQUARE ? 0 : board[mid];
        board[from] = 0;
        if (midCode != 0) board[mid] = 0;
        boolean attacked = pos.isAttacked(target, defender);
        if (midCode != 0) board[mid] = (byte) midCode;
        board[from] = (byte) moverCode;
        if (attacked) return true;
        return midCode != 0 && Position.owner(midCode) == defender
                && pos.kinds[Math.abs(midCode)].pawnOrGoBetween && pos.reaches(mid, target);
    }

    /**
     * Whether the Lion on {@code target}, taken on the first step of a move from {@code from} that ends
     * on {@code to}, is protected on the board after the move: the target gone, the mover on {@code to}
     * (back on its origin for an igui, rule-sets.md §2 "An igui ... leaves the Lion on its origin").
     */
    static boolean isProtectedAfter(Position pos, int from, int to, int target) {
        final byte[] board = pos.board;
        int defender = Position.owner(board[target]);
        int moverCode = board[from], targetCode = board[target], toCode = board[to];
        board[from] = 0;
        board[target] = 0;
        board[to] = (byte) moverCode;
        boolean attacked = pos.isAttacked(target, defender);
        board[to] = (byte) toCode;
        board[target] = (byte) targetCode;
        board[from] = (byte) moverCode;
        return attacked;
    }
}
