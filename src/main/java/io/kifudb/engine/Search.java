package io.kifudb.engine;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.Move;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One thread's search: iterative deepening over principal-variation alpha-beta with a transposition
 * table, null move, reverse futility, futility and late-move pruning, late-move reductions and a
 * quiescence search over captures. Every buffer is made once per thread; the search allocates nothing
 * per node (only the rules' small verdict object when a repetition is judged).
 *
 * <h2>Game ends inside the search</h2>
 *
 * A full {@link Position#status()} generates every move and, under {@code chu}, tries each to see whether
 * it escapes checkmate: far too slow for every node. The search instead asks, at each node:
 * <ol>
 *   <li>{@link Position#lostByRoyalCapture()} (counters only): the side to move lost its last royal;</li>
 *   <li>the ply limit (lishogi's 1000 plies) from the move number;</li>
 *   <li>repetition from the key history ({@link Position#occurrences()}): the first return to a position
 *       is treated as final and scored with the verdict the rule set would give if the cycle went on
 *       until its first recurring position occurs the 4th time ({@link Position#projectedRepetition()}:
 *       the starter loses under {@code chu}, draw or perpetual check/attack loses under
 *       {@code chu-lishogi}); without a repetition rule
 *       ({@code chu-sdin}) a cycle is scored as a draw, as it would never end; a 4th occurrence already in
 *       the game's history gets the exact {@link Position#status()};</li>
 *   <li>the bare-king rules ({@link Position#bareKingStatus}) only when both sides have one royal and one
 *       side has at most 16 pieces (the rules cannot apply before);</li>
 *   <li>no legal move: a loss, from the generated list;</li>
 *   <li>checkmate without trying every move separately: in the move loop, after each move the mover's only
 *       royal is tested for attack ({@link Position#isAttacked}) only when it can have changed (the side
 *       was in check, the royal moved, or the move vacated a square on a line from it). A move that leaves
 *       the royal attacked loses to its capture on the next move (scored as lost 2 plies later) unless it
 *       ends the game itself; under {@code chu} such moves do not count, and a node where no move escapes
 *       is checkmate, lost at once. So the search finds exactly the rules' checkmates, at no extra cost in
 *       positions without check.</li>
 * </ol>
 * The quiescence search does the same, and when the side to move is in check it searches all its moves
 * (not only captures), so a mate found at the horizon is a real one.
 */
final class Search {
    static final int MAX_PLY = 128;
    private static final int NO_SCORE = Integer.MIN_VALUE;
    /** Nodes between looks at the clock and the stop flag. */
    private static final int CHECK_INTERVAL = 1024;
    /** Quiescence: a capture must be able to bring the score within this of alpha to be tried. */
    private static final int DELTA_MARGIN = 150;
    /**
     * History scores stay within plus or minus this: each update moves a score towards the bound by a share
     * of the way left, so a move that keeps cutting off saturates and an old score fades under new ones.
     */
    static final int HISTORY_LIMIT = 16_384;
    /** The largest single history update (reached from depth 10). */
    private static final int HISTORY_BONUS_MAX = 1_600;
    /** A quiet move's late-move reduction drops by a ply per this much history (and grows for a negative one). */
    private static final int HISTORY_PER_PLY = 5_000;
    /** Late-move reductions by depth and move number: about ln(depth) * ln(moves) / 2.25 plies. */
    private static final int[][] LMR = new int[64][64];

    static {
        for (int d = 1; d < 64; d++)
            for (int m = 1; m < 64; m++) LMR[d][m] = (int) (0.5 + Math.log(d) * Math.log(m) / 2.25);
    }

    private final TranspositionTable tt;
    final boolean main;
    private final int threadIndex;

    private Position pos;
    private RuleSet rules;
    private PieceValues values;
    private Geometry geo;
    private int squares;
    private boolean bareKingRule;
    private int plyLimit;
    /** Whether two squares lie on one line (a move from one can uncover a slider aimed at the other). */
    private boolean[] aligned;
    /** Whether two squares are at most two apart (Lions, jumps and knights strike from there). */
    private boolean[] near;
    /** Squares at Chebyshev distance 1 and 2 of each square (king safety). */
    private int[][] ring1, ring2;
    /** The evaluation's weights ({@link EvalParams}) as the search reads them. */
    private int[] dangerWeight;
    private int lionAloneBonus, shelterBonus, tempo, hunt, cornered;
    private int[] fewBonus;
    /** Per square: how many ranks or files it stands from the nearest edge. */
    private int[] edgeDistance;

    private final int[][] moveBuf = new int[MAX_PLY + 1][Position.MAX_MOVES];
    private final long[][] orderBuf = new long[MAX_PLY + 1][Position.MAX_MOVES];
    private final int[][] pvTable = new int[MAX_PLY + 1][MAX_PLY + 1];
    private final int[] pvLength = new int[MAX_PLY + 1];
    private final int[] killer1 = new int[MAX_PLY + 1], killer2 = new int[MAX_PLY + 1];
    /** Per ply: the quiet moves searched so far (the first 64), for the history malus. */
    private final int[][] triedQuiets = new int[MAX_PLY + 1][64];
    private int[] history = new int[0];
    /** Per ply: material and piece-square score from sente's point of view. */
    private final int[] psqStack = new int[MAX_PLY + 2];
    /** Per ply: the static evaluation, -INFINITE in check (for "improving"). */
    private final int[] evalStack = new int[MAX_PLY + 2];
    /** Per ply: the endgame values' sum from sente's point of view (scaled by the phase when evaluated). */
    private final int[] egStack = new int[MAX_PLY + 2];
    /** Per ply and side: the square of the side's only royal, -1 if it has none or several. */
    private final int[] royalStack = new int[(MAX_PLY + 2) * 2];
    /** Per ply and side: the material value of the side's non-royal pieces (whether it is hunted, {@link EvalParams#hunted}). */
    private final int[] worthStack = new int[(MAX_PLY + 2) * 2];
    /** Per ply and side: how many Lions (lion-rank pieces) it has. */
    private final int[] lionStack = new int[(MAX_PLY + 2) * 2];
    /**
     * Per ply and side: {@link #kingSafety} of the side's royal, NO_SCORE until an evaluation asks. It reads only
     * the squares within two of the royal, so a move that leaves the royal where it was and touches no square
     * that near keeps the parent's value.
     */
    private final int[] safetyStack = new int[(MAX_PLY + 2) * 2];
    /** Plies without a capture or promotion before the evaluation starts drifting towards a draw. */
    static final int QUIET_GRACE = 16;
    /** The drift: a QUIET_SPAN-th of the evaluation per quiet ply past the grace, at most half of it. */
    static final int QUIET_SPAN = 256;
    /** Per ply: the plies since the last capture or promotion, in the game and then in the search line. */
    private final int[] quietStack = new int[MAX_PLY + 2];

    private SearchControl control;
    long nodes;
    volatile long publishedNodes;
    private long nextCheck;
    boolean stopped;
    int seldepth;

    // Root moves of the current search.
    private int rootCount;
    private int[] rootMove = new int[0];
    private int[] rootScore = new int[0];
    private int[][] rootPv = new int[0][];
    private int[] rootPvLength = new int[0];
    private int[] rootSeldepth = new int[0];
    int completedDepth;
    private List<SearchInfo> completedLines = List.of();
    private int completedBest = Move.NONE;

    Search(TranspositionTable tt, boolean main, int threadIndex) {
        this.tt = tt;
        this.main = main;
        this.threadIndex = threadIndex;
    }

    // ------------------------------------------------------------------ set-up

    /** Binds this worker to its own copy of the root position for a new search. */
    void prepare(Position root, SearchControl control) {
        this.control = control;
        this.pos = copyOf(root);
        if (rules == null || rules.variant != root.rules.variant) bindVariant(root.rules);
        this.rules = root.rules;
        PieceValues v = control.values != null ? control.values : PieceValues.of(rules);
        if (v != values) bindValues(v);
        this.bareKingRule = rules.bareKing != RuleSet.BareKing.NONE;
        this.plyLimit = rules.plyLimit;
        nodes = 0;
        publishedNodes = 0;
        nextCheck = CHECK_INTERVAL;
        stopped = false;
        seldepth = 0;
        completedDepth = 0;
        completedLines = List.of();
        completedBest = Move.NONE;
        Arrays.fill(killer1, 0);
        Arrays.fill(killer2, 0);
        initRootStacks();
    }

    private void bindVariant(RuleSet r) {
        geo = r.geometry();
        squares = geo.squares;
        aligned = new boolean[squares * squares];
        near = new boolean[squares * squares];
        ring1 = new int[squares][];
        ring2 = new int[squares][];
        for (int a = 0; a < squares; a++) {
            int n1 = 0, n2 = 0;
            int[] r1 = new int[8], r2 = new int[16];
            for (int b = 0; b < squares; b++) {
                aligned[a * squares + b] = geo.direction(a, b) >= 0;
                near[a * squares + b] = geo.distance(a, b) <= 2;
                int d = geo.distance(a, b);
                if (d == 1) r1[n1++] = b;
                else if (d == 2) r2[n2++] = b;
            }
            ring1[a] = Arrays.copyOf(r1, n1);
            ring2[a] = Arrays.copyOf(r2, n2);
        }
        history = new int[2 * squares * squares];
        edgeDistance = new int[squares];
        int size = geo.size;
        for (int sq = 0; sq < squares; sq++) {
            int rk = sq / size, f = sq % size;
            edgeDistance[sq] = Math.min(Math.min(rk, size - 1 - rk), Math.min(f, size - 1 - f));
        }
        values = null;
    }

    private void bindValues(PieceValues v) {
        values = v;
        EvalParams p = v.params;
        dangerWeight = p.danger.clone();
        lionAloneBonus = p.lionAlone;
        shelterBonus = p.shelter;
        fewBonus = p.few.clone();
        hunt = p.hunt;
        cornered = p.cornered;
        tempo = p.tempo;
    }

    /** A copy of the history scores (sente's from-to table, then gote's), for tests. */
    int[] historyScores() {
        return history.clone();
    }

    void clearHistory() {
        Arrays.fill(history, 0);
    }

    /**
     * A private copy of a position with its whole history (repetitions reach back into the game): the
     * position is taken back to where it was set up, read from there, and both replay the moves.
     */
    static Position copyOf(Position p) {
        int[] moves = p.history();
        for (int i = 0; i < moves.length; i++) p.unmake();
        String rootSfen = p.sfen();
        for (int m : moves) p.make(m);
        Position copy = Sfen.parse(p.rules, rootSfen);
        for (int m : moves) copy.make(m);
        return copy;
    }

    private void initRootStacks() {
        int s = 0, e = 0;
        lionStack[0] = lionStack[1] = 0;
        worthStack[0] = worthStack[1] = 0;
        for (int sq = 0; sq < squares; sq++) {
            int code = pos.pieceAt(sq);
            if (code == 0) continue;
            countPiece(code, 0, 1);
            s += values.psq(code, sq);
            e += values.eg(code);
        }
        psqStack[0] = s;
        egStack[0] = e;
        royalStack[0] = findRoyal(0);
        royalStack[1] = findRoyal(1);
        safetyStack[0] = safetyStack[1] = NO_SCORE;
        quietStack[0] = quietPlies(pos);
    }

    /** The plies of the game since its last capture or promotion (or since the position was set up). */
    static int quietPlies(Position p) {
        int[] moves = p.history();
        int n = 0;
        while (n < moves.length) {
            int m = moves[moves.length - 1 - n];
            int after = p.pieceCount(0) + p.pieceCount(1);
            p.unmake();
            boolean progress = Move.promotes(m) || p.pieceCount(0) + p.pieceCount(1) != after;
            if (progress) {
                p.make(m);
                break;
            }
            n++;
        }
        for (int i = moves.length - n; i < moves.length; i++) p.make(moves[i]);
        return n;
    }

    private int findRoyal(int side) {
        if (pos.royalCount(side) != 1) return -1;
        for (int sq = 0; sq < squares; sq++) {
            int code = pos.pieceAt(sq);
            if (code != 0 && (code > 0 ? 0 : 1) == side && values.royal[Math.abs(code)]) return sq;
        }
        return -1;
    }

    // ------------------------------------------------------------------ make / unmake with incremental terms

    /**
     * Makes the move, keeping the incremental terms. They are updated from what stood on the move's
     * squares (origin, the middle square of a two-step move, destination) before and after it, which
     * covers every kind of move alike: captures, promotions, exits (dai13-kumazawa) and drunk-elephant
     * exchanges (shodoshu2017*), where the captured elephant changes sides and the capturer goes.
     */
    void doMove(int m, int ply) {
        // A child answered without being searched must not hand a stale line to updatePv.
        pvLength[ply + 1] = ply + 1;
        int from = Move.from(m), to = Move.to(m), mid = Move.mid(m);
        int s1 = mid == Move.NO_SQUARE ? -1 : mid, s2 = to == from ? -1 : to;
        int b0 = pos.pieceAt(from), b1 = s1 < 0 ? 0 : pos.pieceAt(s1), b2 = s2 < 0 ? 0 : pos.pieceAt(s2);
        int piecesBefore = pos.pieceCount(0) + pos.pieceCount(1);
        pos.make(m);
        quietStack[ply + 1] = Move.promotes(m) || pos.pieceCount(0) + pos.pieceCount(1) != piecesBefore ? 0 : quietStack[ply] + 1;
        int a0 = pos.pieceAt(from), a1 = s1 < 0 ? 0 : pos.pieceAt(s1), a2 = s2 < 0 ? 0 : pos.pieceAt(s2);
        psqStack[ply + 1] = psqStack[ply] + values.psq(a0, from) - values.psq(b0, from)
                + (s1 < 0 ? 0 : values.psq(a1, s1) - values.psq(b1, s1)) + (s2 < 0 ? 0 : values.psq(a2, s2) - values.psq(b2, s2));
        egStack[ply + 1] = egStack[ply] + values.eg(a0) - values.eg(b0) + values.eg(a1) - values.eg(b1) + values.eg(a2) - values.eg(b2);
        int a = ply * 2, b = a + 2;
        lionStack[b] = lionStack[a];
        lionStack[b + 1] = lionStack[a + 1];
        worthStack[b] = worthStack[a];
        worthStack[b + 1] = worthStack[a + 1];
        // The pieces on the move's squares come off the sums and the ones there after it go on: a plain
        // move changes nothing, captures, promotions, exits and exchanges do.
        countPiece(b0, b, -1);
        countPiece(b1, b, -1);
        countPiece(b2, b, -1);
        countPiece(a0, b, 1);
        countPiece(a1, b, 1);
        countPiece(a2, b, 1);
        royalStack[b] = royalStack[a];
        royalStack[b + 1] = royalStack[a + 1];
        if (values.royal[Math.abs(b0)] || values.royal[Math.abs(b1)] || values.royal[Math.abs(b2)] || values.royal[Math.abs(a0)]
                || values.royal[Math.abs(a1)] || values.royal[Math.abs(a2)]) {
            boolean plainRoyalMove = values.royal[Math.abs(b0)] && s2 >= 0 && a2 == b0 && a0 == 0
                    && !values.royal[Math.abs(b1)] && !values.royal[Math.abs(b2)];
            if (plainRoyalMove) {
                int mover = b0 > 0 ? 0 : 1;
                if (royalStack[a + mover] == from) royalStack[b + mover] = to;
            } else {
                royalStack[b] = findRoyal(0);
                royalStack[b + 1] = findRoyal(1);
            }
        }
        safetyStack[b] = keepsSafety(royalStack[a], royalStack[b], from, s1, s2) ? safetyStack[a] : NO_SCORE;
        safetyStack[b + 1] = keepsSafety(royalStack[a + 1], royalStack[b + 1], from, s1, s2) ? safetyStack[a + 1] : NO_SCORE;
    }

    /**
     * Whether a move that changed only the squares from, s1 and s2 (-1: none) leaves the king safety of a royal
     * that stood on {@code before} and now stands on {@code after} as it was.
     */
    private boolean keepsSafety(int before, int after, int from, int s1, int s2) {
        if (after != before || after < 0) return false;
        int base = after * squares;
        return !near[base + from] && (s1 < 0 || !near[base + s1]) && (s2 < 0 || !near[base + s2]);
    }

    /** Adds a piece to (delta 1) or takes it off (-1) its side's non-royal value and Lion count at {@code base}. */
    private void countPiece(int code, int base, int delta) {
        if (code == 0) return;
        int kind = Math.abs(code), i = base + (code > 0 ? 0 : 1);
        if (!values.royal[kind]) worthStack[i] += delta * values.value[kind];
        if (values.lion[kind]) lionStack[i] += delta;
    }

    private void doNull(int ply) {
        psqStack[ply + 1] = psqStack[ply];
        egStack[ply + 1] = egStack[ply];
        quietStack[ply + 1] = quietStack[ply] + 1;
        int a = ply * 2, b = a + 2;
        royalStack[b] = royalStack[a];
        royalStack[b + 1] = royalStack[a + 1];
        safetyStack[b] = safetyStack[a];
        safetyStack[b + 1] = safetyStack[a + 1];
        lionStack[b] = lionStack[a];
        lionStack[b + 1] = lionStack[a + 1];
        worthStack[b] = worthStack[a];
        worthStack[b + 1] = worthStack[a + 1];
        pos.makeNull();
    }

    // ------------------------------------------------------------------ evaluation

    /**
     * Static evaluation from the side to move's point of view, the linear model of {@link EvalParams}
     * ({@link EvalFeatures} lists the same terms one by one, for the tuner): material and piece-square terms
     * (kept incrementally), king safety, the lone-Lion term, the endgame terms against a side with few
     * pieces left, and the tempo.
     *
     * <p>Lion trades: the lion capture rules make them special (a protected Lion cannot be taken from two
     * squares away, and after a non-Lion takes a Lion the other side may not take back a protected Lion
     * at once), so the evaluation never assumes a Lion can be exchanged: exchanges are only ever played
     * out in the (quiescence) search with the legal captures the rules generate, and a side whose Lion
     * faces no enemy Lion gets a bonus, since nothing can trade it off or hold it.
     */
    int evaluate(int ply) {
        int s = psqStack[ply] + egStack[ply] * values.params.phase(pos) / EvalParams.PHASES;
        int royal0 = royalStack[ply * 2], royal1 = royalStack[ply * 2 + 1];
        s += cachedKingSafety(ply, 0, royal0) - cachedKingSafety(ply, 1, royal1);
        int l0 = lionStack[ply * 2], l1 = lionStack[ply * 2 + 1];
        if (l0 > 0 && l1 == 0) s += lionAloneBonus;
        else if (l1 > 0 && l0 == 0) s -= lionAloneBonus;
        int left0 = pos.pieceCount(0) - pos.royalCount(0), left1 = pos.pieceCount(1) - pos.royalCount(1);
        int worth0 = worthStack[ply * 2], worth1 = worthStack[ply * 2 + 1];
        if (royal1 >= 0 && EvalParams.hunted(left1, left0, worth1, worth0)) s += endgame(0, royal1, left1, worth1);
        if (royal0 >= 0 && EvalParams.hunted(left0, left1, worth0, worth1)) s -= endgame(1, royal0, left0, worth0);
        return (pos.sideToMove() == Position.SENTE ? s : -s) + tempo;
    }

    /**
     * The static evaluation as the search scores it: {@link #evaluate} drawn towards 0 as the plies since
     * the last capture or promotion (in the game and in the line) pass {@link #QUIET_GRACE}, by a
     * {@link #QUIET_SPAN}th per ply, down to half. A side ahead then prefers the line that captures or
     * promotes over one that shuffles, as a chess engine's 50-move counter makes it do: without it every
     * quiet line scores alike and a won game is shuffled to the referee's ply cap. A side behind is drawn
     * the other way, to keep what it has.
     */
    int progressEvaluate(int ply) {
        int e = evaluate(ply);
        int quiet = quietStack[ply] - QUIET_GRACE;
        if (quiet <= 0) return e;
        return e * (QUIET_SPAN - Math.min(quiet, QUIET_SPAN / 2)) / QUIET_SPAN;
    }

    /**
     * The attacker's endgame terms against a side with one royal on {@code king} and {@code left} other
     * pieces worth {@code worth}, far behind ({@link EvalParams#hunted}): with at most {@link EvalParams#FEW}
     * left a bonus growing as those pieces go (the bare-king rule and the mates need them gone), its pieces'
     * closeness to the royal, against a toothless side ({@link EvalParams#toothless}) their rank entries
     * lifted to the best they have passed (leaving home costs the hunter nothing), and the royal's distance
     * from the centre (a lone royal is mated at the edge). Without them a side far ahead has no reason to
     * bring its pieces over, and shuffles.
     */
    private int endgame(int attacker, int king, int left, int worth) {
        int close = 0, lift = 0, size = geo.size;
        boolean toothless = EvalParams.toothless(worth, values.startWorth);
        for (int sq = 0; sq < squares; sq++) {
            int code = pos.pieceAt(sq);
            if (code == 0 || (code > 0 ? 0 : 1) != attacker || values.royal[Math.abs(code)]) continue;
            close += size - 1 - geo.distance(sq, king);
            if (toothless) lift += values.huntLift(code, sq);
        }
        return (left <= EvalParams.FEW ? fewBonus[left] : 0) + lift + hunt * close + cornered * ((size + 1) / 2 - 1 - edgeDistance[king]);
    }

    /** {@link #kingSafety} of the side's royal at ply, from {@link #safetyStack} when it is known there. */
    private int cachedKingSafety(int ply, int side, int king) {
        int i = ply * 2 + side;
        int v = safetyStack[i];
        if (v == NO_SCORE) safetyStack[i] = v = kingSafety(side, king);
        return v;
    }

    private int kingSafety(int side, int king) {
        if (king < 0) return 0;
        int shelter = 0, danger = 0;
        for (int sq : ring1[king]) {
            int code = pos.pieceAt(sq);
            if (code == 0) continue;
            if ((code > 0 ? 0 : 1) == side) shelter++;
            else danger += dangerWeight[Math.abs(code)];
        }
        for (int sq : ring2[king]) {
            int code = pos.pieceAt(sq);
            if (code != 0 && (code > 0 ? 0 : 1) != side) danger += dangerWeight[Math.abs(code)];
        }
        return shelterBonus * Math.min(shelter, EvalParams.MAX_SHELTER) - danger;
    }

    // ------------------------------------------------------------------ game ends

    /** The score of a position the rules have already decided (see the class comment), or NO_SCORE. */
    private int terminal(int ply) {
        if (pos.lostByRoyalCapture()) return Score.lossIn(ply);
        if (plyLimit > 0 && pos.moveNumber() - 1 >= plyLimit) return drawScore(ply);
        int occurrences = pos.occurrences();
        if (occurrences >= 2) {
            if (rules.repetition == RuleSet.Repetition.NONE) return drawScore(ply);
            if (occurrences >= 4) {
                Status st = pos.status();
                if (!st.isOngoing()) return statusScore(st, ply);
            }
            return statusScore(pos.projectedRepetition(), ply);
        }
        return NO_SCORE;
    }

    /** A draw at ply from the side to move's point of view: the root's side pays the contempt, the other gains it. */
    private int drawScore(int ply) {
        int c = control.contempt;
        return (ply & 1) == 0 ? Score.DRAW - c : Score.DRAW + c;
    }

    private int statusScore(Status st, int ply) {
        if (st.isDraw()) return drawScore(ply);
        return st.winner() == pos.sideToMove() ? Score.winIn(ply) : Score.lossIn(ply);
    }

    /** Whether the bare-king rules can apply: one royal each, and one side down to at most 16 pieces. */
    private boolean bareKingPossible() {
        return bareKingRule && pos.royalCount(0) == 1 && pos.royalCount(1) == 1
                && Math.min(pos.pieceCount(0), pos.pieceCount(1)) <= 16;
    }

    private boolean inCheck(int ply, int side) {
        int king = royalStack[ply * 2 + side];
        return king >= 0 && pos.isAttacked(king, side ^ 1);
    }

    /**
     * After the move m made at ply by the side {@code mover}: whether it left the mover's only royal
     * attacked. Asked of the board only when that can have changed.
     */
    private boolean exposes(int m, int ply, int mover, boolean wasInCheck) {
        int before = royalStack[ply * 2 + mover];
        if (before < 0) return false;
        int after = royalStack[ply * 2 + 2 + mover];
        if (after < 0) return false;
        if (!wasInCheck && after == before) {
            int from = Move.from(m), mid = Move.mid(m);
            if (!aligned[before * squares + from] && (mid == Move.NO_SQUARE || !aligned[before * squares + mid]))
                return false;
        }
        return pos.isAttacked(after, mover ^ 1);
    }

    /**
     * The score, for the side that made it at ply, of a move that left its only royal attacked: the
     * opponent takes it next (a loss 2 plies on), unless the game ends before the opponent's move (by a
     * rule checked at the start of its turn: the royal capture the move made itself, a repetition, the
     * bare-king rules).
     */
    private int exposedMoveScore(int ply) {
        int t = terminal(ply + 1);
        if (t == NO_SCORE && bareKingPossible()) {
            int[] buf = moveBuf[ply + 1];
            Status st = pos.bareKingStatus(buf, pos.generateCaptures(buf));
            if (st != null) t = statusScore(st, ply + 1);
        }
        return t != NO_SCORE ? -t : Score.lossIn(ply + 2);
    }

    /**
     * Before the move m: whether it may attack the enemy's only royal on {@code king} (-1: none), either
     * directly (the piece, promoted or not, could reach the royal from its destination on an empty board)
     * or by uncovering a line from the royal. Cheap and conservative: only table lookups.
     */
    private boolean mayGiveCheck(int m, int king) {
        if (king < 0) return false;
        int from = Move.from(m), to = Move.to(m), mid = Move.mid(m);
        int code = pos.pieceAt(from);
        if (Move.promotes(m)) {
            int promoted = values.promotesTo[Math.abs(code)];
            code = code > 0 ? promoted : -promoted;
        }
        return values.couldReach(code, to, king) || aligned[king * squares + from]
                || (mid != Move.NO_SQUARE && aligned[king * squares + mid]);
    }

    /**
     * After the move m (made by the side not to move at ply): whether it can have attacked the royal of
     * the side to move, i.e. whether asking {@link #inCheck} is needed. Only a piece that now stands on a
     * line through that royal or within two squares of it, or that uncovered such a line, can attack it.
     */
    private boolean mayCheck(int m, int ply) {
        int king = royalStack[ply * 2 + pos.sideToMove()];
        if (king < 0) return false;
        int base = king * squares, to = Move.to(m), mid = Move.mid(m);
        return aligned[base + to] || near[base + to] || aligned[base + Move.from(m)]
                || (mid != Move.NO_SQUARE && aligned[base + mid]) || pos.reaches(to, king);
    }

    // ------------------------------------------------------------------ limits

    private void checkLimits() {
        nextCheck = nodes + CHECK_INTERVAL;
        publishedNodes = nodes;
        SearchControl c = control;
        if (!main) {
            if (c.stop.get()) stopped = true;
            return;
        }
        if (!c.depthOneDone) return;
        if (c.stop.get()) {
            stopped = true;
            return;
        }
        if (c.infinite) return;
        if (c.hardDeadlineNanos != 0 && System.nanoTime() >= c.hardDeadlineNanos) stopped = true;
        if (c.nodeLimit > 0) {
            long total = c.totalNodes();
            if (total >= c.nodeLimit) stopped = true;
            // Look again exactly when this thread alone would reach the budget.
            else nextCheck = Math.min(nextCheck, nodes + (c.nodeLimit - total));
        }
        if (stopped) c.stop.set(true);
    }

    // ------------------------------------------------------------------ move ordering

    private boolean isCapture(int m) {
        int to = Move.to(m), mid = Move.mid(m);
        return (to != Move.from(m) && pos.pieceAt(to) != 0) || (mid != Move.NO_SQUARE && pos.pieceAt(mid) != 0);
    }

    /** Victim value (both squares of a two-step capture); a royal outranks everything. */
    private int victimValue(int m) {
        int to = Move.to(m), mid = Move.mid(m);
        int v = 0;
        if (to != Move.from(m)) {
            int c = pos.pieceAt(to);
            if (c != 0) v += values.royal[Math.abs(c)] ? 20_000 : values.value[Math.abs(c)];
        }
        if (mid != Move.NO_SQUARE) {
            int c = pos.pieceAt(mid);
            if (c != 0) v += values.royal[Math.abs(c)] ? 20_000 : values.value[Math.abs(c)];
        }
        return v;
    }

    private int promotionGain(int m) {
        if (!Move.promotes(m)) return 0;
        int k = Math.abs(pos.pieceAt(Move.from(m)));
        return Math.max(0, values.value[values.promotesTo[k]] - values.value[k]);
    }

    /**
     * Scores the moves into order[0..n) (priority in the high half, the move in the low half): the
     * transposition-table move, captures by most valuable victim then least valuable attacker, promotions,
     * the two killers, the {@link #doubtfulCapture doubtful captures} (in the same order among themselves),
     * then history. {@link #pickNext} takes them best first. Quiet moves and doubtful captures score below
     * 1 << 27 (a quiet move's key is its history shifted to 1 .. 2 * HISTORY_LIMIT + 1, below the doubtful
     * captures' 1 << 25), everything else from there up ({@link #PROMOTION_KEYS}).
     */
    private void scoreMoves(int[] moves, int n, long[] order, int ttMove, int ply, int side) {
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            int s;
            if (m == ttMove) s = 1 << 30;
            else if (isCapture(m)) {
                int victim = victimValue(m), promotion = promotionGain(m);
                s = victim * 16 - values.value[Math.abs(pos.pieceAt(Move.from(m)))] / 8 + promotion;
                // A capture that most likely loses the exchange waits until the killers have been tried.
                int gain = victim + promotion;
                s += gain < 20_000 && doubtfulCapture(m, gain, side) ? 1 << 25 : 1 << 28;
            } else if (Move.promotes(m)) s = (1 << 27) + promotionGain(m);
            else if (m == killer1[ply]) s = (1 << 26) + 1;
            else if (m == killer2[ply]) s = 1 << 26;
            else s = history[historyIndex(side, m)] + HISTORY_LIMIT + 1;
            order[i] = ((long) s << 32) | m;
        }
    }

    /**
     * Whether a capture worth gain is by a piece worth more than its prey onto a square the opponent can move
     * to: it most likely loses the exchange. A cheap stand-in for exchange evaluation, which the Lion capture
     * rules would make intricate; quiescence leaves such captures out, the main search tries them late.
     */
    private boolean doubtfulCapture(int m, int gain, int side) {
        int attacker = values.value[Math.abs(pos.pieceAt(Move.from(m)))];
        return attacker > gain + 50 && pos.isAttacked(Move.to(m), side ^ 1);
    }

    /**
     * Order entries from here up are the table's move, captures and promotions ({@link #scoreMoves} scores
     * them from 1 << 27 up); below are the quiet moves and the doubtful captures.
     */
    private static final long PROMOTION_KEYS = (long) (1 << 27) << 32;

    /** Moves the entries of order[0..n) below {@code limit} to the front; returns how many there are. */
    private static int partitionBelow(long[] order, int n, long limit) {
        int below = 0;
        for (int k = 0; k < n; k++) {
            long e = order[k];
            if (e < limit) {
                order[k] = order[below];
                order[below++] = e;
            }
        }
        return below;
    }

    /** Picks taken by selection before the rest is sorted at once (most nodes need only the first few). */
    private static final int SELECT_FIRST = 3;

    /**
     * Puts the best of order[lo..i] at i: by selection for the first {@link #SELECT_FIRST} picks, then the
     * rest is sorted once. Returns the updated pick count.
     */
    private static int pickNext(long[] order, int lo, int i, int picked) {
        if (picked > SELECT_FIRST) return picked;
        if (picked == SELECT_FIRST) {
            Arrays.sort(order, lo, i + 1);
            return picked + 1;
        }
        int best = i;
        for (int j = i - 1; j >= lo; j--) if (order[j] > order[best]) best = j;
        long t = order[i];
        order[i] = order[best];
        order[best] = t;
        return picked + 1;
    }

    /**
     * A quiet move refuted the opponent's play: it becomes a killer of this ply and gains history; the
     * quiet moves tried before it (the last of tried[0..count) is m itself) lose some.
     */
    private void rememberCutoff(int m, int depth, int ply, int side, int[] tried, int count) {
        if (killer1[ply] != m) {
            killer2[ply] = killer1[ply];
            killer1[ply] = m;
        }
        int bonus = Math.min(16 * depth * depth, HISTORY_BONUS_MAX);
        int i = historyIndex(side, m);
        history[i] += bonus - history[i] * bonus / HISTORY_LIMIT;
        for (int j = 0; j < count; j++) {
            int q = tried[j];
            if (q == m) continue;
            int k = historyIndex(side, q);
            history[k] -= bonus + history[k] * bonus / HISTORY_LIMIT;
        }
    }

    /** A move's place in the history table: per side, by from and to square. */
    private int historyIndex(int side, int m) {
        return side * squares * squares + Move.from(m) * squares + Move.to(m);
    }

    private void updatePv(int ply, int m) {
        int[] row = pvTable[ply], next = pvTable[ply + 1];
        row[ply] = m;
        int len = pvLength[ply + 1];
        System.arraycopy(next, ply + 1, row, ply + 1, len - ply - 1);
        pvLength[ply] = len;
    }

    // ------------------------------------------------------------------ alpha-beta

    private int search(int alpha, int beta, int depth, int ply, boolean pvNode, boolean nullAllowed) {
        pvLength[ply] = ply;
        int term = terminal(ply);
        if (term != NO_SCORE) return term;
        // Mate distance pruning: no line from here ends sooner than this node's children can.
        alpha = Math.max(alpha, Score.lossIn(ply));
        beta = Math.min(beta, Score.winIn(ply + 1));
        if (alpha >= beta) return alpha;
        if (ply >= MAX_PLY - 4) return progressEvaluate(ply);
        int side = pos.sideToMove();
        boolean inCheck = inCheck(ply, side);
        if (inCheck && ply < 2 * completedDepth + 8) depth++;
        if (depth <= 0) return quiesce(alpha, beta, ply, inCheck);
        if (++nodes >= nextCheck) checkLimits();
        if (stopped) return 0;
        if (ply > seldepth) seldepth = ply;

        long key = pos.key();
        long entry = tt.probe(key);
        int ttMove = 0;
        if (entry != 0) {
            ttMove = TranspositionTable.move(entry);
            if (!pvNode && TranspositionTable.depth(entry) >= depth) {
                int s = Score.fromTable(TranspositionTable.score(entry), ply);
                int bound = TranspositionTable.bound(entry);
                if (bound == TranspositionTable.BOUND_EXACT
                        || (bound == TranspositionTable.BOUND_LOWER && s >= beta)
                        || (bound == TranspositionTable.BOUND_UPPER && s <= alpha)) return s;
            }
        }

        // Without a move from an earlier search, this node was not expected on the main line: a shallower
        // look is enough to order it (internal iterative reduction).
        if (ttMove == 0 && depth >= 4) depth--;

        int staticEval = inCheck ? -Score.INFINITE : progressEvaluate(ply);
        evalStack[ply] = staticEval;
        // Whether the side's position got better since its last move: where it did not, its moves are
        // worth less of a look (pruned sooner, reduced more).
        boolean improving = !inCheck && ply >= 2 && evalStack[ply - 2] != -Score.INFINITE && staticEval > evalStack[ply - 2];
        if (!pvNode && !inCheck && !Score.isDecided(beta)) {
            // Reverse futility: far above beta near the horizon, a quiet reply will not bring it back.
            if (depth <= 5 && staticEval - 110 * depth + (improving ? 40 : 0) >= beta) return staticEval;
            // Null move: if passing still keeps beta, a real move will too (Chu has no zugzwang to speak of;
            // a side with few pieces left is not trusted with it). The further above beta, the less depth.
            if (nullAllowed && depth >= 3 && staticEval >= beta && pos.pieceCount(side) > 4) {
                int r = 3 + depth / 5 + Math.min(2, (staticEval - beta) / 200);
                doNull(ply);
                int v = -search(-beta, -beta + 1, depth - 1 - r, ply + 1, false, false);
                pos.unmakeNull();
                if (stopped) return 0;
                if (v >= beta) return Score.isDecided(v) ? beta : v;
            }
        }

        // Near the horizon, quiet moves late in the order are rarely good: past a count that grows with
        // depth they are not searched, nor at all when even a generous margin cannot bring the score to
        // alpha (futility). Moves that give check are searched all the same: mates in Chu are built from
        // quiet checks. Tables tell cheaply which moves may give check (the piece could reach the royal on
        // an empty board, or it leaves a line through the royal); those are made and kept only if they
        // do. Against a side without a single royal (no checks to find) a futile node
        // needs only its captures, and generates nothing else (quiet promotions are left out too).
        boolean prune = !pvNode && !inCheck && depth <= 3 && !Score.isDecided(alpha);
        boolean futile = prune && staticEval + 100 + 150 * depth <= alpha;
        int lateMoveCount = improving ? 4 + 4 * depth * depth : 3 + 2 * depth * depth;
        int enemyRoyal = royalStack[ply * 2 + (side ^ 1)];
        boolean capturesOnly = futile && enemyRoyal < 0 && (ttMove == 0 || isCapture(ttMove));
        boolean checkmateRule = rules.checkmate && royalStack[ply * 2 + side] >= 0;
        // The table's move is searched before the others are generated: where it cuts off, no other move is
        // generated, scored or sorted. It is confirmed among the moves of the piece on its origin (a key
        // collision's move is never played); a pass waits for the list, and so does every move where the
        // bare-king rule may apply (that verdict needs the list before any move).
        boolean bare = bareKingPossible();
        boolean tableMoveFirst = ttMove != 0 && !bare && pos.isPieceMove(ttMove);
        int[] moves = moveBuf[ply];
        long[] order = orderBuf[ply];
        int n = 0;

        int best = -Score.INFINITE, bestMove = 0, searched = 0, quietsTried = 0;
        int originalAlpha = alpha;
        boolean escaped = false, pruned = capturesOnly, latePruning = false;
        int[] triedQuiets = this.triedQuiets[ply];
        int picked = 0, lo = 0;
        // Stage 0 is the table's move alone, stage 1 the generated list (the table's move skipped if searched).
        moveLoop:
        for (int stage = tableMoveFirst ? 0 : 1; stage <= 1; stage++) {
            if (stage == 1) {
                n = capturesOnly ? pos.generateCaptures(moves) : pos.generate(moves);
                if (capturesOnly && n == 0) {
                    capturesOnly = false;
                    n = pos.generate(moves);
                }
                if (bare) {
                    Status st = pos.bareKingStatus(moves, n);
                    if (st != null) return statusScore(st, ply);
                }
                if (n == 0) return Score.lossIn(ply);
                scoreMoves(moves, n, order, ttMove, ply, side);
                // The quiet moves and doubtful captures (all below a promotion in the order) go to the front,
                // to be sorted only when the search gets to them: many nodes cut off before, and where late
                // quiet moves are pruned only the few that are not need sorting. The moves are searched in
                // the same order all the same.
                int quietEnd = partitionBelow(order, n, PROMOTION_KEYS);
                lo = quietEnd == n ? 0 : quietEnd;
            }
            for (int i = stage == 0 ? 0 : n - 1; i >= 0; i--) {
                int m;
                if (stage == 0) {
                    m = ttMove;
                } else {
                    if (i < lo) {
                        lo = 0;
                        picked = 0;
                    }
                    if (!latePruning && lo == 0 && prune && searched > 0 && (futile || quietsTried >= lateMoveCount)) {
                        // From here on every quiet move that is not a killer and does not give check is pruned
                        // (the condition can only become true, never false again): drop those that cannot give
                        // check now, instead of sorting them (before this the high entries hold no quiet move
                        // but the table move); those that may are tested once made, below.
                        latePruning = true;
                        int kept = 0;
                        for (int k = 0; k <= i; k++) {
                            int q = (int) order[k];
                            if (!Move.promotes(q) && !isCapture(q) && q != ttMove && q != killer1[ply] && q != killer2[ply]
                                    && !mayGiveCheck(q, enemyRoyal)) pruned = true;
                            else order[kept++] = order[k];
                        }
                        i = kept - 1;
                        picked = 0;
                        if (i < 0) break;
                    }
                    picked = pickNext(order, lo, i, picked);
                    m = (int) order[i];
                    if (tableMoveFirst && m == ttMove) continue;
                }
                boolean quiet = !Move.promotes(m) && !isCapture(m);
                if (quiet && m != ttMove) {
                    if (quietsTried < triedQuiets.length) triedQuiets[quietsTried] = m;
                    quietsTried++;
                }
                doMove(m, ply);
                if (latePruning && quiet && m != ttMove && m != killer1[ply] && m != killer2[ply] && !inCheck(ply + 1, side ^ 1)) {
                    // Kept from pruning as a possible check, and not one: pruned after all. (quiet was judged
                    // before the move was made: isCapture reads the board, which now holds the mover there.)
                    pos.unmake();
                    quietsTried--;
                    pruned = true;
                    continue;
                }
                int v;
                boolean escapes = true;
                if (exposes(m, ply, side, inCheck)) {
                    v = exposedMoveScore(ply);
                    escapes = v >= Score.MATE_BOUND;
                } else {
                    int newDepth = depth - 1;
                    if (searched == 0) {
                        v = -search(-beta, -alpha, newDepth, ply + 1, pvNode, true);
                    } else {
                        int r = 0;
                        if (depth >= 3 && quiet && !inCheck && searched >= 3 && m != killer1[ply] && m != killer2[ply]) {
                            r = LMR[Math.min(depth, 63)][Math.min(searched, 63)];
                            if (pvNode) r--;
                            if (!improving) r++;
                            r -= history[historyIndex(side, m)] / HISTORY_PER_PLY;
                            r = Math.max(0, Math.min(r, newDepth - 1));
                        }
                        v = -search(-alpha - 1, -alpha, newDepth - r, ply + 1, false, true);
                        if (v > alpha && r > 0) v = -search(-alpha - 1, -alpha, newDepth, ply + 1, false, true);
                        if (v > alpha && v < beta && pvNode) v = -search(-beta, -alpha, newDepth, ply + 1, true, true);
                    }
                    searched++;
                }
                pos.unmake();
                if (stopped) return 0;
                if (!escapes) {
                    // Under chu a move that leaves the only royal capturable is no defence at all: if every
                    // move is like that, the side is checkmated here.
                    if (checkmateRule) continue;
                } else {
                    escaped = true;
                }
                if (v > best) {
                    best = v;
                    bestMove = m;
                    if (v > alpha) {
                        alpha = v;
                        if (pvNode) updatePv(ply, m);
                        if (alpha >= beta) {
                            if (quiet) rememberCutoff(m, depth, ply, side, triedQuiets, Math.min(quietsTried, triedQuiets.length));
                            break moveLoop;
                        }
                    }
                }
            }
        }
        if (checkmateRule && !escaped) {
            // Moves left unsearched might have escaped: all that is known is that nothing reached alpha.
            if (pruned) return alpha;
            return Score.lossIn(ply);
        }
        if (best == -Score.INFINITE) return alpha;
        int bound = best >= beta ? TranspositionTable.BOUND_LOWER
                : pvNode && best > originalAlpha ? TranspositionTable.BOUND_EXACT : TranspositionTable.BOUND_UPPER;
        tt.store(key, bestMove, Score.toTable(best, ply), depth, bound);
        return best;
    }

    /**
     * Quiescence: stand pat on the static evaluation, then captures only (two-step captures and igui
     * included) in most-valuable-victim order; in check, every move, so mates at the horizon are found.
     */
    private int quiesce(int alpha, int beta, int ply, boolean inCheck) {
        pvLength[ply] = ply;
        if (++nodes >= nextCheck) checkLimits();
        if (stopped) return 0;
        if (ply > seldepth) seldepth = ply;
        int term = terminal(ply);
        if (term != NO_SCORE) return term;
        if (ply >= MAX_PLY - 4) return progressEvaluate(ply);
        int side = pos.sideToMove();
        int[] moves = moveBuf[ply];
        long[] order = orderBuf[ply];
        boolean bare = bareKingPossible();
        if (inCheck) return evasions(alpha, beta, ply, side, moves, order, bare);

        int n = -1;
        if (bare) {
            n = pos.generateCaptures(moves);
            Status st = pos.bareKingStatus(moves, n);
            if (st != null) return statusScore(st, ply);
        }
        // Capture sequences transpose a lot (the same captures in another order): the table answers
        // those, and any of its entries is deep enough here.
        long key = pos.key();
        long entry = tt.probe(key);
        int ttMove = 0;
        if (entry != 0) {
            int s = Score.fromTable(TranspositionTable.score(entry), ply);
            int bound = TranspositionTable.bound(entry);
            if (bound == TranspositionTable.BOUND_EXACT
                    || (bound == TranspositionTable.BOUND_LOWER && s >= beta)
                    || (bound == TranspositionTable.BOUND_UPPER && s <= alpha)) return s;
            ttMove = TranspositionTable.move(entry);
        }
        int standPat = progressEvaluate(ply);
        if (standPat >= beta) return standPat;
        int originalAlpha = alpha;
        if (standPat > alpha) alpha = standPat;
        if (n < 0) n = pos.generateCaptures(moves);
        if (n == 0) return standPat;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            int s = m == ttMove ? 1 << 30
                    : victimValue(m) * 16 - values.value[Math.abs(pos.pieceAt(Move.from(m)))] / 8 + promotionGain(m);
            order[i] = ((long) s << 32) | m;
        }
        int bestMove = 0;
        int best = standPat, picked = 0;
        for (int i = n - 1; i >= 0; i--) {
            picked = pickNext(order, 0, i, picked);
            int m = (int) order[i];
            int gain = victimValue(m) + promotionGain(m);
            if (gain < 20_000) {
                // Delta pruning: even winning this much cannot lift the score to alpha.
                if (standPat + gain + DELTA_MARGIN <= alpha) continue;
                if (doubtfulCapture(m, gain, side)) continue;
            }
            doMove(m, ply);
            int v;
            if (exposes(m, ply, side, false)) {
                v = exposedMoveScore(ply);
            } else {
                v = -quiesce(-beta, -alpha, ply + 1, mayCheck(m, ply + 1) && inCheck(ply + 1, side ^ 1));
            }
            pos.unmake();
            if (stopped) return 0;
            if (v > best) {
                best = v;
                bestMove = m;
                if (v > alpha) {
                    alpha = v;
                    updatePv(ply, m);
                    if (alpha >= beta) break;
                }
            }
        }
        int bound = best >= beta ? TranspositionTable.BOUND_LOWER
                : best > originalAlpha ? TranspositionTable.BOUND_EXACT : TranspositionTable.BOUND_UPPER;
        tt.store(key, bestMove, Score.toTable(best, ply), 0, bound);
        return best;
    }

    /** The quiescence search of a side in check: all moves, with the checkmate rule as in the main search. */
    private int evasions(int alpha, int beta, int ply, int side, int[] moves, long[] order, boolean bare) {
        int n = pos.generate(moves);
        if (bare) {
            Status st = pos.bareKingStatus(moves, n);
            if (st != null) return statusScore(st, ply);
        }
        if (n == 0) return Score.lossIn(ply);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            int s = isCapture(m) ? (1 << 20) + victimValue(m) * 16 - values.value[Math.abs(pos.pieceAt(Move.from(m)))] / 8 : 0;
            order[i] = ((long) s << 32) | m;
        }
        boolean checkmateRule = rules.checkmate && royalStack[ply * 2 + side] >= 0;
        boolean escaped = false;
        int best = -Score.INFINITE, picked = 0;
        for (int i = n - 1; i >= 0; i--) {
            picked = pickNext(order, 0, i, picked);
            int m = (int) order[i];
            doMove(m, ply);
            int v;
            boolean escapes = true;
            if (exposes(m, ply, side, true)) {
                v = exposedMoveScore(ply);
                escapes = v >= Score.MATE_BOUND;
            } else {
                v = -quiesce(-beta, -alpha, ply + 1, mayCheck(m, ply + 1) && inCheck(ply + 1, side ^ 1));
            }
            pos.unmake();
            if (stopped) return 0;
            if (!escapes && checkmateRule) continue;
            if (escapes) escaped = true;
            if (v > best) {
                best = v;
                if (v > alpha) {
                    alpha = v;
                    updatePv(ply, m);
                    if (alpha >= beta) break;
                }
            }
        }
        if (checkmateRule && !escaped) return Score.lossIn(ply);
        return best;
    }

    /**
     * For the tuner: the position at the end of the quiescence search's main line from this one (the
     * position whose static evaluation the quiescence search's score is), or null when the position is
     * over, in check, or the quiescence search finds the game decided.
     */
    Position quietLeaf(Position root, PieceValues v) {
        SearchControl c = new SearchControl(new java.util.concurrent.atomic.AtomicBoolean(), SearchLimits.depth(1), 1);
        c.values = v;
        c.depthOneDone = true;
        tt.clear();
        prepare(root, c);
        if (!pos.status().isOngoing() || inCheck(0, pos.sideToMove())) return null;
        int score = quiesce(-Score.INFINITE, Score.INFINITE, 0, false);
        if (Score.isDecided(score)) return null;
        for (int i = 0; i < pvLength[0]; i++) pos.make(pvTable[0][i]);
        return pos;
    }

    // ------------------------------------------------------------------ root and iterative deepening

    /** Fills the root move list with the legal moves of the (ongoing) root position, in search order. */
    private void initRootMoves() {
        int[] moves = moveBuf[0];
        int n = pos.generate(moves);
        long entry = tt.probe(pos.key());
        scoreMoves(moves, n, orderBuf[0], entry == 0 ? 0 : TranspositionTable.move(entry), 0, pos.sideToMove());
        Arrays.sort(orderBuf[0], 0, n);
        if (rootMove.length < n) {
            rootMove = new int[n];
            rootScore = new int[n];
            rootPv = new int[n][MAX_PLY + 1];
            rootPvLength = new int[n];
            rootSeldepth = new int[n];
        }
        rootCount = n;
        for (int i = 0; i < n; i++) {
            rootMove[i] = (int) orderBuf[0][n - 1 - i];
            rootScore[i] = -Score.INFINITE;
            rootPv[i][0] = rootMove[i];
            rootPvLength[i] = 1;
        }
    }

    private int rootSearch(int depth, int alpha, int beta, int pvIndex) {
        int side = pos.sideToMove();
        boolean inCheck = inCheck(0, side);
        evalStack[0] = inCheck ? -Score.INFINITE : progressEvaluate(0);
        int best = -Score.INFINITE;
        for (int i = pvIndex; i < rootCount; i++) {
            int m = rootMove[i];
            seldepth = 0;
            doMove(m, 0);
            int v;
            if (exposes(m, 0, side, inCheck)) {
                v = exposedMoveScore(0);
            } else if (i == pvIndex) {
                v = -search(-beta, -alpha, depth - 1, 1, true, true);
            } else {
                v = -search(-alpha - 1, -alpha, depth - 1, 1, false, true);
                if (v > alpha && v < beta) v = -search(-beta, -alpha, depth - 1, 1, true, true);
            }
            pos.unmake();
            if (stopped) return best;
            if (i == pvIndex || v > alpha) {
                rootScore[i] = v;
                int[] line = rootPv[i];
                line[0] = m;
                int len = Math.max(1, pvLength[1]);
                System.arraycopy(pvTable[1], 1, line, 1, len - 1);
                rootPvLength[i] = len;
                rootSeldepth[i] = Math.max(seldepth, len);
            } else {
                rootScore[i] = -Score.INFINITE;
            }
            if (v > best) best = v;
            if (v > alpha) alpha = v;
            if (alpha >= beta) break;
        }
        return best;
    }

    /** Stable insertion sort of root moves [from, rootCount) by score, best first. */
    private void sortRoot(int from) {
        for (int i = from + 1; i < rootCount; i++) {
            int s = rootScore[i], m = rootMove[i], len = rootPvLength[i], sd = rootSeldepth[i];
            int[] line = rootPv[i];
            int j = i - 1;
            while (j >= from && rootScore[j] < s) {
                rootScore[j + 1] = rootScore[j];
                rootMove[j + 1] = rootMove[j];
                rootPvLength[j + 1] = rootPvLength[j];
                rootSeldepth[j + 1] = rootSeldepth[j];
                rootPv[j + 1] = rootPv[j];
                j--;
            }
            rootScore[j + 1] = s;
            rootMove[j + 1] = m;
            rootPvLength[j + 1] = len;
            rootSeldepth[j + 1] = sd;
            rootPv[j + 1] = line;
        }
    }

    /**
     * Iterative deepening until a limit stops it; the main thread reports each completed iteration.
     * Helpers (lazy SMP) search the same tree, odd-numbered ones one ply deeper, and share what they
     * find through the transposition table.
     */
    void iterate(SearchListener listener) {
        initRootMoves();
        int lines = Math.min(control.multiPv, rootCount);
        // Helpers spread over the depths: odd-numbered ones take the even depths only, so they run ahead
        // of the main thread and fill the shared table for it; the deepest result wins (see Engine).
        int step = !main && (threadIndex & 1) == 1 ? 2 : 1;
        int startDepth = main ? 1 : step == 2 ? 2 : 1;
        for (int depth = startDepth; depth <= control.maxDepth; depth = nextDepth(depth, step)) {
            // Scores of the last iteration other than the best move's would mislead an iteration cut short
            // (a move not searched yet at this depth would keep its old score): only this one's count.
            if (lines == 1) for (int j = 1; j < rootCount; j++) rootScore[j] = -Score.INFINITE;
            for (int pv = 0; pv < lines && !stopped; pv++) {
                int previous = rootScore[pv];
                int delta = 40;
                int alpha = -Score.INFINITE, beta = Score.INFINITE;
                if (depth >= 4 && lines == 1 && !Score.isDecided(previous) && previous > -Score.INFINITE) {
                    alpha = previous - delta;
                    beta = previous + delta;
                }
                while (true) {
                    int v = rootSearch(depth, alpha, beta, pv);
                    sortRoot(pv);
                    if (stopped) break;
                    if (v <= alpha && alpha > -Score.INFINITE) alpha = Math.max(v - delta, -Score.INFINITE);
                    else if (v >= beta && beta < Score.INFINITE) beta = Math.min(v + delta, Score.INFINITE);
                    else break;
                    delta *= 3;
                }
                sortRoot(0);
            }
            if (stopped) {
                // An iteration cut short by a time or node limit still tells something: a move it searched to
                // the end and found better than the last iteration's best is the better move.
                if (main && lines == 1 && completedDepth > 0 && !control.infinite && rootMove[0] != completedBest
                        && rootScore[0] > -Score.INFINITE) {
                    completedBest = rootMove[0];
                    completedLines = lines(depth, 1);
                    if (listener != null) listener.onIteration(completedLines);
                }
                break;
            }
            completedDepth = depth;
            completedBest = rootMove[0];
            publishedNodes = nodes;
            if (main) {
                control.depthOneDone = true;
                completedLines = lines(depth, lines);
                if (listener != null) listener.onIteration(completedLines);
                if (shouldStopAfterIteration()) break;
            } else {
                completedLines = lines(depth, lines);
                // A helper that completes the last depth ends the search for everyone.
                if (depth >= control.maxDepth && !control.infinite) control.stop.set(true);
            }
        }
        publishedNodes = nodes;
    }

    /** The next depth to search: step deeper, but never past the last depth without searching it. */
    private int nextDepth(int depth, int step) {
        int max = control.maxDepth;
        return depth < max && depth + step > max ? max : depth + step;
    }

    private boolean shouldStopAfterIteration() {
        SearchControl c = control;
        if (c.infinite) return false;
        if (c.stop.get()) return true;
        long now = System.nanoTime();
        // With a time budget and one legal move there is nothing to think about.
        if (c.timeLimited() && rootCount == 1) return true;
        // The next iteration takes several times this one: with a clock, do not start it past half the soft
        // budget (the time is saved for later moves). A fixed time per move cannot be saved: it is spent to
        // the end, and an iteration cut short still gives its best move (see iterate).
        if (c.softDeadlineNanos != 0 && !c.fixedMoveTime && now - c.startNanos >= (c.softDeadlineNanos - c.startNanos) / 2)
            return true;
        return c.nodeLimit > 0 && c.totalNodes() >= c.nodeLimit;
    }

    private List<SearchInfo> lines(int depth, int count) {
        long total = control.totalNodes();
        long ms = control.elapsedMs();
        long nps = ms == 0 ? total * 1000 : total * 1000 / ms;
        int hashfull = tt.hashfull();
        List<SearchInfo> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            List<String> pv = new ArrayList<>(rootPvLength[i]);
            for (int j = 0; j < rootPvLength[i]; j++) pv.add(Move.usi(geo, rootPv[i][j]));
            out.add(new SearchInfo(depth, Math.max(depth, rootSeldepth[i]), i + 1, rootScore[i], total, nps, ms, hashfull, pv));
        }
        return out;
    }

    int bestMove() {
        return completedBest != Move.NONE ? completedBest : rootCount > 0 ? rootMove[0] : Move.NONE;
    }

    List<SearchInfo> completedLines() {
        return completedLines;
    }

    Geometry geometry() {
        return geo;
    }
}
