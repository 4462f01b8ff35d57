package io.kifudb.rules;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reading USI move strings in every accepted spelling, with a precise reason when a move is refused. */
final class UsiMoves {
    /**
     * {@code from[mid]to[+|=|?][!]}, or {@code <from>off} / {@code <from>try} (pieces-and-setups.md §1.5,
     * rule-sets.md §5.5: with promotion {@code +} comes before {@code !}).
     */
    private static final Pattern USI = Pattern.compile(
            "(\\d{1,2}[a-o])(?:(off|try)|(\\d{1,2}[a-o])?(\\d{1,2}[a-o])([+=?])?(!)?)");

    private UsiMoves() {}

    static int parse(Position pos, String usi) {
        if (usi == null) throw new IllegalMoveException("null", "no move given");
        Matcher m = USI.matcher(usi.trim());
        if (!m.matches()) throw new IllegalMoveException(usi, "not a USI move (expected e.g. 7g7f, 7g7f+ or 7g6f5e)");
        Geometry g = pos.geo;
        int from = square(g, usi, m.group(1));
        int mid = m.group(2) != null || m.group(3) == null ? Move.NO_SQUARE : square(g, usi, m.group(3));
        int to = m.group(2) != null ? from : square(g, usi, m.group(4));
        boolean promote = "+".equals(m.group(5));
        boolean normal = m.group(6) != null;
        int piece = pos.board[from];
        if (piece == 0) throw new IllegalMoveException(usi, "no piece on " + g.name(from));
        if (Position.owner(piece) != pos.side)
            throw new IllegalMoveException(usi, "the piece on " + g.name(from) + " is not " + sideName(pos.side) + "'s");
        PieceKind kind = pos.kinds[Math.abs(piece)];
        if (m.group(2) != null) return exit(pos, usi, from, kind, m.group(2).equals("try"));
        if (mid != Move.NO_SQUARE && pos.board[mid] == 0) {
            if (!isFirstStep(pos, kind, from, mid) || (to != from && !isSecondStep(pos, kind, from, mid, to)))
                throw new IllegalMoveException(usi, "the " + kind.english + " on " + g.name(from)
                        + " has no two-step move " + g.name(from) + "-" + g.name(mid) + "-" + g.name(to));
            if (to == from) {
                if (!kind.canPass()) throw new IllegalMoveException(usi, "the " + kind.english + " cannot pass");
                return findPass(pos, usi, promote || normal);
            }
            mid = Move.NO_SQUARE; // same move as the direct one (canonical spelling)
        }
        int[] moves = pos.parseBuffer();
        int n = pos.generate(moves);
        // exists[promotes][captures the exempt elephant normally]
        boolean[][] exists = new boolean[2][2];
        boolean any = false;
        for (int i = 0; i < n; i++) {
            int mv = moves[i];
            if (Move.from(mv) != from || Move.to(mv) != to || Move.mid(mv) != mid || Move.leavesBoard(mv)) continue;
            exists[Move.promotes(mv) ? 1 : 0][Move.capturesNormally(mv) ? 1 : 0] = true;
            any = true;
        }
        int p = promote ? 1 : 0, q = normal ? 1 : 0;
        if (exists[p][q]) return Move.of(from, mid, to, promote) | (normal ? Move.NORMAL_CAPTURE : 0);
        if (exists[1 - p][q]) {
            if (promote) throw new IllegalMoveException(usi, "the " + kind.english + " may not promote on this move");
            throw new IllegalMoveException(usi, "the " + kind.english + " must promote on this move");
        }
        if (any) throw new IllegalMoveException(usi, normal ? normalCaptureRefusal(pos) : exchangeRefusal(pos, kind, from, mid));
        if (normal && pos.rules.elephantExchange == RuleSet.ElephantExchange.NONE)
            throw new IllegalMoveException(usi, "'!' (normal capture of a drunk elephant) exists only in rule sets with the drunk-elephant exchange (rule-sets.md §5)");
        pos.moveGen.ignoreLionRules = true;
        try {
            n = pos.generate(moves);
        } finally {
            pos.moveGen.ignoreLionRules = false;
        }
        for (int i = 0; i < n; i++) {
            int mv = moves[i];
            if (Move.from(mv) == from && Move.to(mv) == to && Move.mid(mv) == mid && !Move.leavesBoard(mv))
                throw new IllegalMoveException(usi, lionReason(pos));
        }
        String exchange = exchangeBan(pos, kind, mid, to);
        if (exchange != null) throw new IllegalMoveException(usi, exchange);
        throw new IllegalMoveException(usi, "the " + kind.english + " on " + g.name(from) + " cannot move "
                + (mid == Move.NO_SQUARE ? "to " + g.name(to) : "via " + g.name(mid) + " to " + g.name(to)));
    }

    /** {@code <from>off} or {@code <from>try} (pieces-and-setups.md §3.3). */
    private static int exit(Position pos, String usi, int from, PieceKind kind, boolean tryMove) {
        int wanted = tryMove ? Move.tryMove(from) : Move.exit(from);
        int[] moves = pos.parseBuffer();
        int n = pos.generate(moves);
        boolean tryExists = false;
        for (int i = 0; i < n; i++) {
            if (moves[i] == wanted) return wanted;
            if (moves[i] == Move.tryMove(from)) tryExists = true;
        }
        Geometry g = pos.geo;
        if (pos.rules.offBoard == RuleSet.OffBoard.NONE)
            throw new IllegalMoveException(usi, "no piece leaves the board under " + pos.rules.id + " (off-board moves belong to dai13-kumazawa)");
        if (tryMove && !kind.tryPiece)
            throw new IllegalMoveException(usi, "only a pawn, go-between or akugyo can make a try (seed 001), not the " + kind.english);
        if (tryMove)
            throw new IllegalMoveException(usi, "a try leaves the board forward from the last rank; the " + kind.english
                    + " on " + g.name(from) + " is not on it");
        if (tryExists)
            throw new IllegalMoveException(usi, "the " + kind.english + " on " + g.name(from) + " can leave the board only forward, which is the try "
                    + g.name(from) + "try");
        throw new IllegalMoveException(usi, "the " + kind.english + " on " + g.name(from)
                + " cannot leave the board from there (no line of its move reaches the edge over empty squares)");
    }

    /** Why the {@code !} spelling of an existing move is refused. */
    private static String normalCaptureRefusal(Position pos) {
        return "'!' (normal capture instead of the exchange) is allowed only against the drunk elephant that captured a piece on "
                + "the previous move (rule-sets.md §5.2" + (pos.exemptElephantSquare() >= 0
                ? "; that is the one on " + pos.geo.name(pos.exemptElephantSquare()) : "; there is none now") + ")";
    }

    /** Why the plain (exchange) spelling is refused when the {@code !} spelling exists. */
    private static String exchangeRefusal(Position pos, PieceKind kind, int from, int mid) {
        if (kind.royal || mid == Move.NO_SQUARE)
            return "a King or Prince that is its side's only royal may not make an exchange capture (rule-sets.md §5.3); write '!' for the normal capture";
        return "in " + pos.rules.id + " an exchange on the first step ends the move there (rule-sets.md §5.4), so the exchange is the single step "
                + pos.geo.name(from) + pos.geo.name(mid) + "; write '!' to capture the elephant normally and go on";
    }

    /** Why a move onto or through an enemy drunk elephant does not exist at all, or null if that is not the reason. */
    private static String exchangeBan(Position pos, PieceKind kind, int mid, int to) {
        if (pos.rules.elephantExchange == RuleSet.ElephantExchange.NONE) return null;
        boolean elephantAtTo = isEnemyElephant(pos, to), elephantAtMid = mid != Move.NO_SQUARE && isEnemyElephant(pos, mid);
        if (kind.royal && pos.royals[pos.side] == 1 && elephantAtTo)
            return "a King or Prince that is its side's only royal may not capture a drunk elephant by exchange (rule-sets.md §5.3, seed 004 "
                    + "「他に太子・玉将が無い場合は、酔象を取る手は禁手」), and this elephant did not capture on the previous move";
        if (elephantAtMid && kind.lionStep && pos.rules.elephantExchange == RuleSet.ElephantExchange.FINAL)
            return "in " + pos.rules.id + " an exchange on the first step ends the move there (rule-sets.md §5.4, seed 004 「入れ替えた所で…盤面より取り去る」): "
                    + "write it as the single step to " + pos.geo.name(mid);
        return null;
    }

    private static boolean isEnemyElephant(Position pos, int sq) {
        int code = pos.board[sq];
        return code != 0 && Position.owner(code) != pos.side && pos.kinds[Math.abs(code)].exchangedWhenTaken;
    }

    private static String lionReason(Position pos) {
        String base = "forbidden by the lion capture rules (" + pos.rules.id + "): ";
        if (pos.counterStrikeSquare() < 0) return base + "a Lion may not take a protected Lion two squares away unless it first takes a piece other than a pawn or go-between";
        return base + switch (pos.rules.lionPolicy) {
            case JCSA -> "after a non-Lion took a Lion on " + pos.geo.name(pos.marker) + ", no protected Lion may be taken on the next move (counter-strike)";
            case SDIN -> "after a non-Lion took a Lion on " + pos.geo.name(pos.marker) + ", no Lion may be taken on the next move (counter-strike)";
            case LISHOGI -> "after a non-Lion took a Lion on " + pos.geo.name(pos.marker) + ", a non-Lion may take a Lion only on that square (counter-strike)";
            case NO_COUNTER_STRIKE, NONE -> "no counter-strike in this rule set";
        } + ", or a protected Lion two squares away";
    }

    private static int findPass(Position pos, String usi, boolean suffixed) {
        if (suffixed) throw new IllegalMoveException(usi, "a pass cannot promote or capture");
        int[] moves = pos.parseBuffer();
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
        if (k.lion || k.lionStep) return true;
        int d = g.direction(from, mid);
        int side = Position.owner(pos.board[from]);
        return d >= 0 && ((k.lionLine[side] | k.dance2[side]) & (1 << d)) != 0;
    }

    private static boolean isSecondStep(Position pos, PieceKind k, int from, int mid, int to) {
        Geometry g = pos.geo;
        if (g.distance(mid, to) != 1) return false;
        if (k.lion || k.lionStep) return true;
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
