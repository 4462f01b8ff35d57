package io.kifudb.rules;

import io.kifudb.rules.RuleSet.Repetition;
import io.kifudb.rules.Status.Reason;

/** The game-end rules of rule-sets.md §4: whether the game is over at the start of a turn, and how. */
final class Judge {
    /** At most this many pieces of one side can be stuck on a last rank (a whole rank of them). */
    private static final int MAX_STUCK = 15;

    private Judge() {}

    static Status status(Position p, int[] moves, int n) {
        RuleSet r = p.rules;
        int me = p.side, them = me ^ 1;
        if (r.offBoard != RuleSet.OffBoard.NONE || r.tryRule != RuleSet.TryRule.NONE) {
            Status decided = TryRules.atStartOfTurn(p);
            if (decided != null) return decided;
        }
        // A side that never had a royal (a mating problem's attacker) does not lose for lacking one; a
        // royal gained later (a promoted Prince) counts once it is taken (rule-sets.md §1).
        if (p.lostByRoyalCapture()) return Status.win(them, Reason.ROYAL_CAPTURED);
        if (r.bareKing == RuleSet.BareKing.LISHOGI) {
            // lishogi's order: no move, bare king either way, royals only, then the server's repetition.
            if (n == 0) return Status.win(them, Reason.NO_LEGAL_MOVE);
            Status bare = bareKing(p, moves, n);
            if (bare != null) return bare;
            Status rep = repetition(p);
            if (rep != null) return rep;
        } else {
            Status rep = repetition(p);
            if (rep != null) return rep;
            Status bare = bareKing(p, moves, n);
            if (bare != null) return bare;
            if (n == 0) return Status.win(them, Reason.NO_LEGAL_MOVE);
            if (r.checkmate && p.royals[me] == 1 && isCheckmate(p, moves, n)) return Status.win(them, Reason.CHECKMATE);
        }
        if (r.plyLimit > 0 && p.moveNumber - 1 >= r.plyLimit) return Status.draw(Reason.PLY_LIMIT);
        return Status.ONGOING;
    }

    /**
     * The rule set's bare-king verdict (and lishogi's royals-only draw), or null. Only the captures among
     * the moves matter, so a list of the legal captures gives the same answer as all legal moves.
     */
    static Status bareKing(Position p, int[] moves, int n) {
        RuleSet r = p.rules;
        int me = p.side, them = me ^ 1;
        switch (r.bareKing) {
            case JCSA -> {
                return jcsaBareKing(p, moves, n);
            }
            case LISHOGI -> {
                if (lishogiBared(p, me)) return Status.win(them, Reason.BARE_KING);
                if (lishogiBared(p, them)) return Status.win(me, Reason.BARE_KING);
                if (r.royalsOnlyDraw && royalsOnly(p)) return Status.draw(Reason.ROYALS_ONLY);
                return null;
            }
            default -> {
                return null;
            }
        }
    }

    // ---------------------------------------------------------------- checkmate (chu)

    /**
     * Every legal move leaves the only royal capturable, and none ends the game without a loss for the
     * mover (takes the last enemy royal, makes a try, or makes a fourth occurrence that the opponent started).
     */
    private static boolean isCheckmate(Position p, int[] moves, int n) {
        int me = p.side, them = me ^ 1;
        for (int i = 0; i < n; i++) {
            if ((moves[i] & (Move.EXIT | Move.TRY)) != 0) {
                int decides = TryRules.decides(p, moves[i]);
                if (decides > 0) return false; // a try wins
                if (decides < 0) continue; // the King leaving the board loses
            }
            int theirRoyals = p.royals[them];
            p.make(moves[i]);
            boolean escapes = theirRoyals > 0 && p.royals[them] == 0;
            if (!escapes) {
                int royal = p.singleRoyalSquare(me);
                escapes = (royal < 0 || !p.isAttacked(royal, them)) && !lostByBareKingAfterMove(p);
                if (!escapes && p.rules.repetition != Repetition.NONE && p.occurrences() >= 4) {
                    Status rep = repetition(p);
                    escapes = rep != null && rep.winner() == me;
                }
            }
            p.unmake();
            if (escapes) return false;
        }
        return true;
    }

    /**
     * After a move of the side now not to move: whether the bare-king rule has that side lost at once (it
     * is left bare while the side to move keeps an extra piece). Such a move does not escape checkmate
     * (rule-sets.md §4 "A move after which the mover has lost at once by the bare-king rule ... does not
     * escape").
     */
    private static boolean lostByBareKingAfterMove(Position p) {
        if (p.rules.bareKing != RuleSet.BareKing.JCSA) return false;
        int toMove = p.side, mover = toMove ^ 1;
        if (p.royals[toMove] != 1 || p.royals[mover] != 1) return false;
        if (Math.min(p.pieceCount[toMove], p.pieceCount[mover]) > MAX_STUCK + 1) return false;
        return isBare(p, mover) && !isBare(p, toMove) && extras(p, toMove) > 0;
    }

    // ---------------------------------------------------------------- bare king

    /** Seed 000 rule 2 as rule-sets.md §4 details it. */
    private static Status jcsaBareKing(Position p, int[] moves, int n) {
        int me = p.side, them = me ^ 1;
        if (p.royals[me] != 1 || p.royals[them] != 1) return null;
        if (Math.min(p.pieceCount[me], p.pieceCount[them]) > MAX_STUCK + 1) return null;
        boolean bareMe = isBare(p, me), bareThem = isBare(p, them);
        if (!bareMe && !bareThem) return null;
        if (bareMe && bareThem) {
            for (int i = 0; i < n; i++) if (capturesRoyal(p, moves[i])) return null;
            return Status.draw(Reason.BARE_KING);
        }
        if (bareMe) {
            int extras = extras(p, them);
            if (extras == 0) return null;
            for (int i = 0; i < n; i++) {
                int m = moves[i];
                if (capturesRoyal(p, m) || extrasCaptured(p, m, them) == extras) return null;
            }
            return Status.win(them, Reason.BARE_KING);
        }
        return extras(p, me) > 0 ? Status.win(me, Reason.BARE_KING) : null;
    }

    private static boolean stuck(Position p, int sq, PieceKind k, int owner) {
        return k.stuckOnLastRank && p.geo.onLastRank(sq, owner);
    }

    /** Nothing but the royal, apart from pawns and lances stuck on the last rank. */
    private static boolean isBare(Position p, int s) {
        for (int sq = 0; sq < p.geo.squares; sq++) {
            int c = p.board[sq];
            if (c == 0 || Position.owner(c) != s) continue;
            PieceKind k = p.kinds[Math.abs(c)];
            if (!k.royal && !stuck(p, sq, k, s)) return false;
        }
        return true;
    }

    private static boolean isExtra(Position p, int sq, int code) {
        PieceKind k = p.kinds[Math.abs(code)];
        return !k.royal && !k.pawnOrGoBetween && !stuck(p, sq, k, Position.owner(code));
    }

    /** Pieces that win against a bare royal: not royal, not an unpromoted pawn or go-between, not stuck. */
    private static int extras(Position p, int s) {
        int count = 0;
        for (int sq = 0; sq < p.geo.squares; sq++) {
            int c = p.board[sq];
            if (c != 0 && Position.owner(c) == s && isExtra(p, sq, c)) count++;
        }
        return count;
    }

    private static int extrasCaptured(Position p, int m, int victim) {
        int count = 0;
        int mid = Move.mid(m), to = Move.to(m);
        if (mid != Move.NO_SQUARE && p.board[mid] != 0 && isExtra(p, mid, p.board[mid])) count++;
        if (to != Move.from(m) && p.board[to] != 0 && isExtra(p, to, p.board[to])) count++;
        return count;
    }

    private static boolean capturesRoyal(Position p, int m) {
        int mid = Move.mid(m), to = Move.to(m);
        if (mid != Move.NO_SQUARE && p.board[mid] != 0 && p.kinds[Math.abs(p.board[mid])].royal) return true;
        return to != Move.from(m) && p.board[to] != 0 && p.kinds[Math.abs(p.board[to])].royal;
    }

    /** lishogi's bare-king test for side c (shogiops {@code isBareKing}). */
    private static boolean lishogiBared(Position p, int c) {
        int t = c ^ 1;
        if (p.royals[c] != 1 || p.royals[t] != 1 || p.pieceCount[c] > MAX_STUCK + 1) return false;
        int ours = 0, theirs = 0;
        for (int sq = 0; sq < p.geo.squares; sq++) {
            int code = p.board[sq];
            if (code == 0) continue;
            PieceKind k = p.kinds[Math.abs(code)];
            if (Position.owner(code) == c) {
                if (!stuck(p, sq, k, c)) ours++;
            } else if (!k.pawnOrGoBetween && !stuck(p, sq, k, t)) {
                theirs++;
            }
        }
        if (ours != 1 || theirs <= 1 || p.inCheck(t)) return false;
        if (theirs > 2) return true;
        int king = p.singleRoyalSquare(c);
        for (int d = 0; d < 8; d++) {
            int sq = p.geo.step[king * 8 + d];
            if (sq < 0) continue;
            int code = p.board[sq];
            if (code != 0 && Position.owner(code) == t && !p.kinds[Math.abs(code)].pawnOrGoBetween
                    && !stuck(p, sq, p.kinds[Math.abs(code)], t)) return false;
        }
        return true;
    }

    /** lishogi's draw: only the two royals (stuck pawns and lances aside), neither attacked. */
    private static boolean royalsOnly(Position p) {
        if (p.royals[0] != 1 || p.royals[1] != 1 || p.pieceCount[0] + p.pieceCount[1] > 2 * MAX_STUCK + 2) return false;
        int count = 0;
        for (int sq = 0; sq < p.geo.squares; sq++) {
            int code = p.board[sq];
            if (code != 0 && !stuck(p, sq, p.kinds[Math.abs(code)], Position.owner(code))) count++;
        }
        return count == 2 && !p.inCheck(0) && !p.inCheck(1);
    }

    // ---------------------------------------------------------------- repetition

    /** The result of a fourth occurrence of the current position, or null if there is none. */
    static Status repetition(Position p) {
        if (p.rules.repetition == Repetition.NONE || p.occurrences() < 4) return null;
        int first = p.earlierOccurrence(3);
        return cycleVerdict(p, first, p.ply() - first);
    }

    /**
     * The repetition rule's verdict on the cycle of the {@code length} moves made from history index
     * {@code start}, the position there being the one that occurs the 4th time (its side to move is the
     * starter when nothing else names one).
     */
    static Status cycleVerdict(Position p, int start, int length) {
        // Replays the cycle noting, per side (bit 0 sente, bit 1 gote), whether it moved, whether every
        // one of its moves gave check and whether every one attacked a piece, and who passed first; then
        // replays the rest of the history back to the current position.
        // Plain ints rather than a helper object: the search asks this at every repeated position.
        int end = p.ply();
        for (int i = end; i > start; i--) p.unmake();
        int sideAtStart = p.side;
        int moved = 0, allCheck = 3, allAttack = 3, firstPasser = -1;
        for (int i = start; i < end; i++) {
            int m = p.moveAt(i);
            if (i >= start + length) {
                p.make(m);
                continue;
            }
            int mover = p.side, bit = 1 << mover;
            boolean pass = Move.from(m) == Move.to(m) && Move.hasMid(m) && p.board[Move.mid(m)] == 0;
            p.make(m);
            moved |= bit;
            if (pass && firstPasser < 0) firstPasser = mover;
            if (!p.inCheck(mover ^ 1)) allCheck &= ~bit;
            if (!attacksAPiece(p, Move.to(m))) allAttack &= ~bit;
        }
        if (p.rules.repetition == Repetition.DRAW_UNLESS_PERPETUAL) {
            int checker = onlySide(allCheck & moved);
            if (checker >= 0) return Status.win(checker ^ 1, Reason.PERPETUAL_CHECK);
            int attacker = onlySide(allAttack & moved);
            if (attacker >= 0) return Status.win(attacker ^ 1, Reason.PERPETUAL_ATTACK);
            return Status.draw(Reason.REPETITION);
        }
        // Seed 000 rule 4: the side that started the repetition loses.
        int starter = onlySide(allCheck & moved);
        if (starter < 0) starter = onlySide(allAttack & moved);
        if (starter < 0) starter = firstPasser;
        if (starter < 0) starter = sideAtStart;
        return Status.win(starter ^ 1, Reason.REPETITION);
    }

    /** The one side whose bit is set (0 sente, 1 gote), or -1 when neither or both are. */
    private static int onlySide(int bits) {
        return bits == 1 ? 0 : bits == 2 ? 1 : -1;
    }

    private static boolean attacksAPiece(Position p, int from) {
        int owner = Position.owner(p.board[from]);
        for (int sq = 0; sq < p.geo.squares; sq++) {
            int code = p.board[sq];
            if (code != 0 && Position.owner(code) != owner && p.reaches(from, sq)) return true;
        }
        return false;
    }
}
