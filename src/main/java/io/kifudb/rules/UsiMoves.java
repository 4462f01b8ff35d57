package io.kifudb.rules;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reading USI move strings in every accepted spelling, with a precise reason when a move is refused. */
final class UsiMoves {
    private static final Pattern USI = Pattern.compile("(\\d{1,2}[a-o])(\\d{1,2}[a-o])?(\\d{1,2}[a-o])([+=?])?");

    private UsiMoves() {}

    static int parse(Position pos, String usi) {
        if (usi == null) throw new IllegalMoveException("null", "no move given");
        Matcher m = USI.matcher(usi.trim());
        if (!m.matches()) throw new IllegalMoveException(usi, "not a USI move (expected e.g. 7g7f, 7g7f+ or 7g6f5e)");
        Geometry g = pos.geo;
        int from = square(g, usi, m.group(1));
        int mid = m.group(2) == null ? Move.NO_SQUARE : square(g, usi, m.group(2));
        int to = square(g, usi, m.group(3));
        boolean promote = "+".equals(m.group(4));
        int piece = pos.board[from];
        if (piece == 0) throw new IllegalMoveException(usi, "no piece on " + g.name(from));
        if (Position.owner(piece) != pos.side)
            throw new IllegalMoveException(usi, "the piece on " + g.name(from) + " is not " + sideName(pos.side) + "'s");
        PieceKind kind = pos.kinds[Math.abs(piece)];
        if (mid != Move.NO_SQUARE && pos.board[mid] == 0) {
            if (!isFirstStep(pos, kind, from, mid) || (to != from && !isSecondStep(pos, kind, from, mid, to)))
                throw new IllegalMoveException(usi, "the " + kind.english + " on " + g.name(from)
                        + " has no two-step move " + g.name(from) + "-" + g.name(mid) + "-" + g.name(to));
            if (to == from) return findPass(pos, usi, promote);
            mid = Move.NO_SQUARE; // same move as the direct one (canonical spelling)
        }
        int[] moves = new int[MoveGen.MAX_MOVES];
        int n = pos.generate(moves);
        boolean promotedExists = false, plainExists = false;
        for (int i = 0; i < n; i++) {
            int mv = moves[i];
            if (Move.from(mv) != from || Move.to(mv) != to || Move.mid(mv) != mid) continue;
            if (Move.promotes(mv)) promotedExists = true;
            else plainExists = true;
        }
        if (promote && promotedExists) return Move.of(from, mid, to, true);
        if (!promote && plainExists) return Move.of(from, mid, to, false);
        if (promote && plainExists) throw new IllegalMoveException(usi, "the " + kind.english + " may not promote on this move");
        if (!promote && promotedExists) throw new IllegalMoveException(usi, "the " + kind.english + " must promote on this move");
        pos.moveGen.ignoreLionRules = true;
        try {
            n = pos.generate(moves);
        } finally {
            pos.moveGen.ignoreLionRules = false;
        }
        for (int i = 0; i < n; i++) {
            int mv = moves[i];
            if (Move.from(mv) == from && Move.to(mv) == to && Move.mid(mv) == mid)
                throw new IllegalMoveException(usi, lionReason(pos));
        }
        throw new IllegalMoveException(usi, "the " + kind.english + " on " + g.name(from) + " cannot move "
                + (mid == Move.NO_SQUARE ? "to " + g.name(to) : "via " + g.name(mid) + " to " + g.name(to)));
    }

    private static String lionReason(Position pos) {
        String base = "forbidden by the lion capture rules (" + pos.rules.id + "): ";
        if (pos.marker < 0) return base + "a Lion may not take a protected Lion two squares away unless it first takes a piece other than a pawn or go-between";
        return base + switch (pos.rules.lionPolicy) {
            case JCSA -> "after a non-Lion took a Lion on " + pos.geo.name(pos.marker) + ", no protected Lion may be taken on the next move (counter-strike)";
            case SDIN -> "after a non-Lion took a Lion on " + pos.geo.name(pos.marker) + ", no Lion may be taken on the next move (counter-strike)";
            case LISHOGI -> "after a non-Lion took a Lion on " + pos.geo.name(pos.marker) + ", a non-Lion may take a Lion only on that square (counter-strike)";
        } + ", or a protected Lion two squares away";
    }

    private static int findPass(Position pos, String usi, boolean promote) {
        if (promote) throw new IllegalMoveException(usi, "a pass cannot promote");
        int[] moves = new int[MoveGen.MAX_MOVES];
        int n = pos.generate(moves);
        for (int i = 0; i < n; i++) {
            int mv = moves[i];
            if (Move.from(mv) == Move.to(mv) && Move.hasMid(mv) && pos.board[Move.mid(mv)] == 0) return mv;
        }
        throw new IllegalMoveException(usi, "no pass is available");
    }

    /** Whether mid is a square the piece can reach as the first step of a two-step move. */
    private static boolean isFirstStep(Position pos, PieceKind k, int from, int mid) {
        Geometry g = pos.geo;
        if (g.distance(from, mid) != 1) return false;
        if (k.lion) return true;
        int d = g.direction(from, mid);
        int side = Position.owner(pos.board[from]);
        return d >= 0 && (k.lionLine[side] & (1 << d)) != 0;
    }

    private static boolean isSecondStep(Position pos, PieceKind k, int from, int mid, int to) {
        Geometry g = pos.geo;
        if (g.distance(mid, to) != 1) return false;
        if (k.lion) return true;
        int d = g.direction(from, mid);
        return g.step2[from * 8 + d] == to;
    }

    private static int square(Geometry g, String usi, String name) {
        int sq = g.parse(name);
        if (sq < 0) throw new IllegalMoveException(usi, "no square " + name + " on a " + g.size + "x" + g.size + " board");
        return sq;
    }

    static String sideName(int side) {
        return side == Position.SENTE ? "sente" : "gote";
    }
}
