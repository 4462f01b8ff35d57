package io.kifudb.mate;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.Move;
import io.kifudb.rules.PieceKind;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;

/**
 * Which moves the mate search considers, chosen from the rules engine's legal moves.
 *
 * <p>The attacker plays forcing moves only (the tsume convention, and every composed line of the shipped
 * collections keeps it): moves after which a royal of the defender is attacked, moves that take a royal,
 * tries, and, where the bare-king rule can decide the game, captures. The defender plays every move that
 * does not leave its only royal capturable; a move that leaves it capturable loses at once to its capture,
 * so leaving it out changes no result (rule-sets.md §4: moving into check is legal, and then the royal is
 * taken, or under {@code chu} the position is checkmate when no move escapes).
 *
 * <p>Both filters first rule out, by geometry alone, moves that cannot change whether the royal is
 * attacked, and then play the remaining ones and ask the rules ({@link Position#isAttacked}).
 */
final class MateMoves {
    private final Position pos;
    private final Geometry geo;
    private final int squares;
    private final int[] royalSquares = new int[16];
    /** Per square: whether an attack on the defender's royal can run through it (see {@link #markLines}). */
    private final boolean[] relevant;
    /** {@code line[a * squares + b]}: a and b lie on one rank, file or diagonal. */
    private final boolean[] line;
    /** {@code near[a * squares + b]}: a and b are at most two squares apart. */
    private final boolean[] near;
    /** Per square: vacating it may open a line (or a Lion-step passage) onto the royal; see {@link #markOpenings}. */
    private final boolean[] opening;

    MateMoves(Position pos) {
        this.pos = pos;
        this.geo = pos.geometry();
        this.squares = geo.squares;
        this.relevant = new boolean[squares];
        this.opening = new boolean[squares];
        boolean[][] tables = TABLES.computeIfAbsent(geo.size, size -> squareTables(geo));
        this.line = tables[0];
        this.near = tables[1];
    }

    /** The line and near tables per board size, shared by all searches. */
    private static final java.util.Map<Integer, boolean[][]> TABLES = new java.util.concurrent.ConcurrentHashMap<>();

    private static boolean[][] squareTables(Geometry geo) {
        int squares = geo.squares;
        boolean[] line = new boolean[squares * squares], near = new boolean[squares * squares];
        for (int a = 0; a < squares; a++) {
            for (int b = 0; b < squares; b++) {
                line[a * squares + b] = geo.direction(a, b) >= 0;
                near[a * squares + b] = geo.distance(a, b) <= 2;
            }
        }
        return new boolean[][] {line, near};
    }

    /** The square of each side's single royal when last found, to look there first. */
    private final int[] lastRoyal = {-1, -1};

    /** The squares of side's royals into {@link #royalSquares}; returns their count. */
    private int findRoyals(int side) {
        int count = pos.royalCount(side);
        if (count == 0) return 0;
        int last = lastRoyal[side];
        if (count == 1 && last >= 0 && isRoyalOf(last, side)) {
            royalSquares[0] = last;
            return 1;
        }
        int n = 0;
        for (int sq = 0; sq < squares && n < royalSquares.length; sq++) if (isRoyalOf(sq, side)) royalSquares[n++] = sq;
        if (n == 1) lastRoyal[side] = royalSquares[0];
        return n;
    }

    private boolean isRoyalOf(int sq, int side) {
        int code = pos.pieceAt(sq);
        return code != 0 && owner(code) == side && pos.kindAt(sq).isRoyal();
    }

    private boolean onLineOrNear(int sq, int royal) {
        int i = sq * squares + royal;
        return line[i] || near[i];
    }

    private boolean onLine(int sq, int royal) {
        return line[sq * squares + royal];
    }

    /**
     * Marks the squares whose vacating could let a piece of the attacker other than the moved one attack the
     * royal. A move empties at most two squares (its origin and a Lion's first-step capture), so on each line
     * from the royal the first occupied square counts when a piece of the attacker stands next beyond it, and
     * the first two when one stands third; and every square next to the royal counts (a Lion-step passage, a
     * dance's landing square). Returns whether the royal is attacked already.
     */
    private boolean markOpenings(int royal, int attacker) {
        java.util.Arrays.fill(opening, false);
        for (int d = 0; d < 8; d++) {
            int s = geo.neighbour(royal, d);
            if (s < 0) continue;
            opening[s] = true;
            int first = nextOccupied(s, d, true);
            if (first < 0) continue;
            int second = nextOccupied(first, d, false);
            if (second < 0) continue;
            if (owner(pos.pieceAt(second)) == attacker) {
                opening[first] = true;
                continue;
            }
            int third = nextOccupied(second, d, false);
            if (third >= 0 && owner(pos.pieceAt(third)) == attacker) {
                opening[first] = true;
                opening[second] = true;
            }
        }
        return pos.isAttacked(royal, attacker);
    }

    /** The first occupied square from s (included if inclusive) along direction d, or -1. */
    private int nextOccupied(int s, int d, boolean inclusive) {
        if (!inclusive) s = geo.neighbour(s, d);
        while (s >= 0 && pos.pieceAt(s) == 0) s = geo.neighbour(s, d);
        return s;
    }

    private static int owner(int code) {
        return code > 0 ? Position.SENTE : Position.GOTE;
    }

    private boolean isEnemyRoyal(int sq, int mover) {
        int code = pos.pieceAt(sq);
        return code != 0 && (code > 0 ? Position.SENTE : Position.GOTE) != mover && pos.kindAt(sq).isRoyal();
    }

    private static boolean isCapture(Position p, int m) {
        int to = Move.to(m), mid = Move.mid(m);
        return (to != Move.from(m) && p.pieceAt(to) != 0) || (mid != Move.NO_SQUARE && p.pieceAt(mid) != 0);
    }

    /** Whether the move takes a royal of the opponent of the side to move. */
    boolean capturesRoyal(int m) {
        int mover = pos.sideToMove();
        int to = Move.to(m), mid = Move.mid(m);
        return (to != Move.from(m) && isEnemyRoyal(to, mover)) || (mid != Move.NO_SQUARE && isEnemyRoyal(mid, mover));
    }

    /**
     * The attacker's forcing moves among the n legal moves: copies them to out and returns their count.
     * Royal captures come first (a capture of the last royal wins at once).
     */
    int forcingMoves(int[] moves, int n, int[] out) {
        int attacker = pos.sideToMove(), defender = attacker ^ 1;
        int royals = findRoyals(defender);
        boolean captures = pos.rules.bareKing != RuleSet.BareKing.NONE && pos.royalCount(attacker) > 0 && royals > 0;
        int count = 0;
        for (int i = 0; i < n; i++) if (capturesRoyal(moves[i])) out[count++] = moves[i];
        // Taking the last royal wins at once: nothing else needs looking at.
        if (count > 0 && royals == 1) return count;
        int royalCaptures = count;
        // With one royal not yet attacked, a move checks only by the moved piece itself or by vacating an
        // opening square; anything else (several royals, an attacked royal) is played and tested in full.
        boolean quick = royals == 1 && !markOpenings(royalSquares[0], attacker);
        int k1 = royalSquares[0];
        // A royal attacked already stays attacked after most moves, wherever they are: test them all.
        boolean attackedAlready = false;
        for (int r = 0; r < royals && !attackedAlready; r++) attackedAlready = pos.isAttacked(royalSquares[r], attacker);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            if (royalCaptures > 0 && capturesRoyal(m)) continue;
            if (Move.isTry(m) || (captures && isCapture(pos, m))) {
                out[count++] = m;
                continue;
            }
            int from = Move.from(m), to = Move.to(m), mid = Move.mid(m);
            boolean check;
            if (quick) {
                boolean opens = opening[from] || (mid != Move.NO_SQUARE && opening[mid]);
                boolean direct = !Move.leavesBoard(m) && onLineOrNear(to, k1);
                if (!opens && !direct) continue;
                pos.make(m);
                check = opens ? pos.isAttacked(k1, attacker) : pos.reaches(to, k1);
                pos.unmake();
            } else {
                boolean candidate = attackedAlready;
                for (int r = 0; r < royals && !candidate; r++) {
                    int k = royalSquares[r];
                    candidate = onLineOrNear(to, k) || onLine(from, k) || (mid != Move.NO_SQUARE && onLine(mid, k));
                }
                if (!candidate) continue;
                pos.make(m);
                check = false;
                for (int r = 0; r < royals && !check; r++) check = pos.isAttacked(royalSquares[r], attacker);
                pos.unmake();
            }
            if (check) out[count++] = m;
        }
        return count;
    }

    /** {@link #defences}' answer when a move of the defender wins (or draws) the game at once. */
    static final int DEFENDER_ENDS_GAME = -1;

    /**
     * The defender's moves that keep it alive among the n legal moves: copies them to out and returns their
     * count, or {@link #DEFENDER_ENDS_GAME} if one takes the attacker's last royal. With several royals every
     * move is kept (losing one royal does not lose the game).
     */
    int defences(int[] moves, int n, int[] out) {
        int defender = pos.sideToMove(), attacker = defender ^ 1;
        boolean attackerHasRoyal = pos.royalCount(attacker) > 0;
        if (attackerHasRoyal && pos.royalCount(attacker) == 1) {
            for (int i = 0; i < n; i++) if (capturesRoyal(moves[i])) return DEFENDER_ENDS_GAME;
        }
        if (findRoyals(defender) != 1) {
            System.arraycopy(moves, 0, out, 0, n);
            return n;
        }
        int royal = royalSquares[0];
        boolean inCheck = pos.isAttacked(royal, attacker);
        // In check, only a move that takes an attacker or stands between it and the royal can lift the attack
        // (when every attacker is found; else each move is tried).
        boolean filterInCheck = inCheck && markLines(royal, attacker);
        int count = 0;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            int from = Move.from(m), to = Move.to(m), mid = Move.mid(m);
            if (from != royal && !Move.promotes(m)) {
                if (filterInCheck && !relevant[to] && (mid == Move.NO_SQUARE || !relevant[mid])) continue;
                // Not in check: only emptying a square on a line with the royal can expose it (the origin, or
                // a first-step capture that removes an attacker's piece from in front of another).
                if (!inCheck && !onLine(from, royal) && (mid == Move.NO_SQUARE || !onLine(mid, royal))) {
                    out[count++] = m;
                    continue;
                }
            }
            pos.make(m);
            int sq = from == royal ? (Move.leavesBoard(m) ? -1 : to) : royal;
            boolean safe = sq >= 0 && (pos.royalCount(defender) > 1 || !pos.isAttacked(sq, attacker));
            pos.unmake();
            if (safe) out[count++] = m;
        }
        return count;
    }

    /**
     * Marks the squares whose change could lift an attack on the royal: each attacker's square and, for an
     * attacker on a line with the royal, the squares between. Returns whether any attacker was found.
     */
    private boolean markLines(int royal, int attacker) {
        java.util.Arrays.fill(relevant, false);
        boolean attacked = false;
        for (int sq = 0; sq < squares; sq++) {
            int code = pos.pieceAt(sq);
            if (code == 0 || owner(code) != attacker || !onLineOrNear(sq, royal)) continue;
            if (!pos.reaches(sq, royal)) continue;
            attacked = true;
            relevant[sq] = true;
            int dir = geo.direction(sq, royal);
            if (dir < 0) continue;
            for (int s = geo.neighbour(sq, dir); s >= 0 && s != royal; s = geo.neighbour(s, dir)) relevant[s] = true;
        }
        return attacked;
    }

    /**
     * A quick lower bound on the defender's safe replies: the steps of its only royal to empty squares that
     * no attacker's piece reaches after the step (such a step is always legal). 0 when the defender has
     * several royals or none, or when no such step exists; then only {@link #defences} can tell.
     */
    int safeRoyalSteps() {
        int defender = pos.sideToMove(), attacker = defender ^ 1;
        if (findRoyals(defender) != 1) return 0;
        int royal = royalSquares[0];
        int safe = 0;
        for (int d = 0; d < 8; d++) {
            int sq = geo.neighbour(royal, d);
            if (sq < 0 || pos.pieceAt(sq) != 0) continue;
            pos.make(Move.of(royal, sq));
            if (!pos.isAttacked(sq, attacker)) safe++;
            pos.unmake();
        }
        return safe;
    }

    /** Whether the kind on sq is royal (for callers holding only a square). */
    boolean royalAt(int sq) {
        PieceKind k = pos.kindAt(sq);
        return k != null && k.isRoyal();
    }
}
