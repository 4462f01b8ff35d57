package io.kifudb.rules;

import io.kifudb.rules.Status.Reason;

/**
 * The game ends of the 13×13 rule sets that come before every other rule (rule-sets.md §4):
 * <ul>
 *   <li>dai13-kumazawa: a try (a 歩兵, 仲人 or 悪行 stepping forward off its last rank) wins at once, and a King
 *       moved off the board loses at once (seed 001 「トライ勝ち」, 「玉将を出すと、自殺手着手の負け」). Both are
 *       known only from the last move, so a bare SFEN never shows them (rule-sets.md §6).</li>
 *   <li>shodoshu2017*: the royal try (seed 004 (1) 「どうぶつ将棋の玉駒トライルールを玉将・太子に適用する」): a side
 *       whose King or Prince stands on its last rank at the start of its turn has won. It is checked before
 *       anything else; a royal that reached the far rank can still be taken on the opponent's turn.</li>
 * </ul>
 */
final class TryRules {
    private TryRules() {}

    /** The result decided by these rules at the start of the side to move's turn, or null. */
    static Status atStartOfTurn(Position p) {
        RuleSet r = p.rules;
        if (r.offBoard != RuleSet.OffBoard.NONE) {
            int last = p.lastMove();
            if (last != Move.NONE && Move.leavesBoard(last)) {
                if (Move.isTry(last)) return Status.win(p.side ^ 1, Reason.TRY);
                if (p.kinds[Math.abs(p.lastMover())].royal) return Status.win(p.side, Reason.KING_EXIT);
            }
        }
        if (r.tryRule == RuleSet.TryRule.ROYAL_TRY && royalOnLastRank(p, p.side)) return Status.win(p.side, Reason.ROYAL_TRY);
        return null;
    }

    private static boolean royalOnLastRank(Position p, int side) {
        Geometry g = p.geo;
        int rank = side == Position.SENTE ? 0 : g.size - 1;
        for (int sq = rank * g.size; sq < (rank + 1) * g.size; sq++) {
            int code = p.board[sq];
            if (code != 0 && Position.owner(code) == side && p.kinds[Math.abs(code)].royal) return true;
        }
        return false;
    }

    /**
     * For the checkmate test (rule-sets.md §4): whether a move decides the game by itself, +1 a win for the
     * mover (a try), -1 a loss (the King leaving the board), 0 neither.
     */
    static int decides(Position p, int move) {
        if (!Move.leavesBoard(move)) return 0;
        if (Move.isTry(move)) return 1;
        return p.kinds[Math.abs(p.board[Move.from(move)])].royal ? -1 : 0;
    }
}
