package io.kifudb.engine;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.Move;
import io.kifudb.rules.PieceKind;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.Variant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tables the search evaluates with, built from {@link EvalParams}: material plus piece-square score
 * per piece code and square, values, and the kind flags the search needs (royal, Lion, promotion).
 *
 * <p>{@link #derive} computes the parameters' data-free defaults from how each kind moves, for any
 * variant. Everything is measured with the rules' own move generator: each kind is set alone on an empty
 * board of the variant's size (in the four corners, which shows every displacement it can make), and its
 * moves from every square are counted.
 *
 * <ul>
 *   <li><b>Mobility</b> of a kind on a square: its destinations on the empty board, a destination
 *       {@code d} squares away weighted {@code 0.75^(d-1)} (the chance that a line stays open on a board
 *       about a quarter full, so far slides count less than near steps). A piece with the Lion's full
 *       power moves twice per turn, captures two pieces or strikes without moving (igui): its mobility
 *       counts {@link #LION_FACTOR} times; a piece with lion power on some lines only (Eagle, Falcon)
 *       {@link #PARTIAL_LION_FACTOR} times.</li>
 *   <li><b>Value</b> of a kind: {@code 100 * (m / m_pawn)^0.75} with {@code m} its mobility averaged
 *       over the board and {@code m_pawn} the weakest kind's (the pawn's in Chu), so the weakest piece is
 *       worth 100 and value grows slower than mobility (a second step in the same direction is worth less
 *       than the first).</li>
 *   <li><b>Piece-square</b> terms: centralisation {@code 0.1 * value * (m(sq) / m - 1)} (a piece is worth
 *       more where it reaches more); advancement {@code 0.15 * value * forwardness * progress} for kinds
 *       that move forward more than back (pawns most); promotion potential {@code 0.2 * (value of the
 *       promoted kind - value)} in the zone, falling linearly to 0 at {@code zone depth} ranks before it;
 *       royals get no centralisation but lose {@code 40 * progress} for leaving their back ranks.</li>
 * </ul>
 *
 * <p>Gote's tables are sente's turned by 180 degrees (the rules mirror every movement that way).
 */
final class PieceValues {
    static final double LION_FACTOR = 2.0;
    static final double PARTIAL_LION_FACTOR = 1.25;
    static final double DISTANCE_DECAY = 0.75;
    static final double VALUE_EXPONENT = 0.75;
    static final double CENTRAL_WEIGHT = 0.10;
    static final double ADVANCE_WEIGHT = 0.15;
    static final double PROMOTION_WEIGHT = 0.20;
    static final int ROYAL_ADVANCE_PENALTY = 40;

    private static final Map<Variant, PieceValues> CACHE = new ConcurrentHashMap<>();

    final Variant variant;
    final EvalParams params;
    final int kindCount;
    final int squares;
    /** Value per kind id (index 0 unused). */
    final int[] value;
    /** Whether a kind id is royal / counts as a Lion. */
    final boolean[] royal, lion;
    /** Kind id a kind promotes to, 0 if none. */
    final int[] promotesTo;
    /**
     * Material plus piece-square score of a piece code on a square, from sente's point of view (gote
     * pieces negative): {@code psq[(code + kindCount) * squares + sq]}.
     */
    final int[] psq;
    /** Endgame value per piece code, signed as psq: {@code eg[code + kindCount]}. */
    final int[] eg;
    /**
     * Per piece code and square (as {@link #psq}, but positive for both sides), what lifts the piece's rank
     * entry to the best entry from its back rank up to its rank: a side hunting a toothless one gets it
     * ({@link EvalParams#toothless}), so that stepping out of home costs it nothing.
     */
    final int[] huntLift;
    /** {@link EvalParams#startWorth}. */
    final int startWorth;
    /** Board size and the span of displacements ({@code 2 * size - 1}). */
    final int size, span;
    /**
     * Displacements each kind can make on an empty board, for sente: {@code reach[kind * span * span +
     * (dRank + size - 1) * span + dFile + size - 1]} (gote's are the negated ones).
     */
    final boolean[] reach;

    /** The tables of the variant's shipped parameters ({@link EvalParams#forVariant}). */
    static PieceValues of(RuleSet rules) {
        return CACHE.computeIfAbsent(rules.variant, v -> new PieceValues(rules, EvalParams.forVariant(rules)));
    }

    /** Tables for other parameters of the same variant. */
    static PieceValues of(RuleSet rules, EvalParams params) {
        if (params == null) return of(rules);
        if (params.variant != rules.variant)
            throw new IllegalArgumentException("parameters for " + params.variant.id + ", rules of " + rules.variant.id);
        return new PieceValues(rules, params);
    }

    private PieceValues(RuleSet rules, EvalParams params) {
        this.variant = rules.variant;
        this.params = params;
        Geometry g = variant.geometry;
        kindCount = variant.kindCount();
        squares = g.squares;
        size = g.size;
        span = 2 * size - 1;
        value = params.value.clone();
        royal = new boolean[kindCount + 1];
        lion = new boolean[kindCount + 1];
        promotesTo = new int[kindCount + 1];
        for (PieceKind k : variant.kinds()) {
            royal[k.id] = k.isRoyal();
            lion[k.id] = k.isLion();
            promotesTo[k.id] = k.promotedId();
        }
        reach = reachTable(rules);
        eg = new int[2 * kindCount + 1];
        for (int id = 1; id <= kindCount; id++) {
            eg[kindCount + id] = params.eg[id];
            eg[kindCount - id] = -params.eg[id];
        }
        psq = new int[(2 * kindCount + 1) * squares];
        for (int id = 1; id <= kindCount; id++) {
            for (int sq = 0; sq < squares; sq++) {
                int r = size - 1 - g.rankIndex(sq), f = sq % size;
                int v = params.value[id] + params.rank[id][r] + params.file[id][Math.min(f, size - 1 - f)];
                psq[(id + kindCount) * squares + sq] = v;
                // Gote's piece on the square turned by 180 degrees, negative from sente's point of view.
                psq[(-id + kindCount) * squares + (squares - 1 - sq)] = -v;
            }
        }
        startWorth = params.startWorth();
        huntLift = new int[(2 * kindCount + 1) * squares];
        for (int id = 1; id <= kindCount; id++) {
            int[] t = params.rank[id];
            for (int sq = 0; sq < squares; sq++) {
                int r = size - 1 - g.rankIndex(sq);
                int lift = t[EvalFeatures.bestRankUpTo(t, r)] - t[r];
                huntLift[(id + kindCount) * squares + sq] = lift;
                huntLift[(-id + kindCount) * squares + (squares - 1 - sq)] = lift;
            }
        }
    }

    /** {@link #huntLift} of a piece code on a square. */
    int huntLift(int code, int sq) {
        return huntLift[(code + kindCount) * squares + sq];
    }

    /** The derived defaults: value per kind, and sente's material + piece-square score per kind and square. */
    record Derived(int[] value, int[][] psq, boolean[] royal, boolean[] lion) {}

    /** Displacements per kind on the empty board, measured from the four corners. */
    private static boolean[] reachTable(RuleSet rules) {
        Variant variant = rules.variant;
        Geometry g = variant.geometry;
        int size = g.size, span = 2 * size - 1;
        boolean[] reach = new boolean[(variant.kindCount() + 1) * span * span];
        int[] buf = new int[Position.MAX_MOVES];
        int[] corners = {g.square(size, 0), g.square(1, 0), g.square(size, size - 1), g.square(1, size - 1)};
        for (PieceKind k : variant.kinds()) {
            // On an empty board a move's path is straight (or a jump), so whether a displacement is possible
            // depends only on its end square being on the board: the displacements the kind makes from the
            // four corners are all it can ever make.
            for (int corner : corners) {
                Position alone = Sfen.parse(rules, lonePieceSfen(g, k, corner));
                int n = alone.generate(buf);
                for (int i = 0; i < n; i++) {
                    int to = Move.to(buf[i]);
                    if (to == corner) continue; // the pass
                    int dr = g.rankIndex(to) - g.rankIndex(corner), df = (to % size) - (corner % size);
                    reach[k.id * span * span + (dr + size - 1) * span + df + size - 1] = true;
                }
            }
        }
        return reach;
    }

    /** The mobility-derived values and piece-square scores (the class comment). */
    static Derived derive(RuleSet rules) {
        Variant variant = rules.variant;
        Geometry g = variant.geometry;
        List<PieceKind> kinds = variant.kinds();
        int kindCount = kinds.size();
        int squares = g.squares;
        int size = g.size, span = 2 * size - 1;
        int[] value = new int[kindCount + 1];
        boolean[] royal = new boolean[kindCount + 1], lion = new boolean[kindCount + 1];
        int[] promotesTo = new int[kindCount + 1];
        double[][] mobility = new double[kindCount + 1][squares];
        double[] forwardness = new double[kindCount + 1];
        double[] average = new double[kindCount + 1];
        boolean[] reach = reachTable(rules);
        double[] weight = new double[size];
        for (int d = 1; d < size; d++) weight[d] = Math.pow(DISTANCE_DECAY, d - 1);
        for (PieceKind k : kinds) {
            royal[k.id] = k.isRoyal();
            lion[k.id] = k.isLion();
            promotesTo[k.id] = k.promotedId();
            double factor = k.movesAsLion() ? LION_FACTOR : k.hasLionPower() ? PARTIAL_LION_FACTOR : 1.0;
            int base = k.id * span * span;
            int total = 0;
            for (int i = 0; i < span * span; i++) if (reach[base + i]) total++;
            int[] dRank = new int[total], dFile = new int[total];
            int forward = 0, backward = 0, j = 0;
            for (int i = 0; i < span * span; i++) {
                if (!reach[base + i]) continue;
                dRank[j] = i / span - (size - 1);
                dFile[j] = i % span - (size - 1);
                if (dRank[j] < 0) forward++;
                else if (dRank[j] > 0) backward++;
                j++;
            }
            forwardness[k.id] = total == 0 ? 0 : (double) (forward - backward) / total;
            double sum = 0;
            for (int sq = 0; sq < squares; sq++) {
                int r = g.rankIndex(sq), f = sq % size;
                double m = 0;
                for (int i = 0; i < total; i++) {
                    int r2 = r + dRank[i], f2 = f + dFile[i];
                    if (r2 < 0 || r2 >= size || f2 < 0 || f2 >= size) continue;
                    m += weight[Math.max(Math.abs(dRank[i]), Math.abs(dFile[i]))];
                }
                mobility[k.id][sq] = m * factor;
                sum += m * factor;
            }
            average[k.id] = sum / squares;
        }
        double weakest = Double.MAX_VALUE;
        for (PieceKind k : kinds) if (average[k.id] > 0) weakest = Math.min(weakest, average[k.id]);
        for (PieceKind k : kinds)
            value[k.id] = (int) Math.round(100 * Math.pow(Math.max(average[k.id], weakest) / weakest, VALUE_EXPONENT));

        int[][] psq = new int[kindCount + 1][squares];
        int zone = variant.zoneDepth;
        for (PieceKind k : kinds) {
            int id = k.id;
            for (int sq = 0; sq < squares; sq++) {
                int rank = g.rankIndex(sq);
                // Ranks sente has advanced from its back rank, as a fraction of the board.
                double progress = (double) (g.size - 1 - rank) / (g.size - 1);
                double s = value[id];
                if (royal[id]) {
                    s -= ROYAL_ADVANCE_PENALTY * progress;
                } else {
                    if (average[id] > 0) s += CENTRAL_WEIGHT * value[id] * (mobility[id][sq] / average[id] - 1);
                    if (forwardness[id] > 0) s += ADVANCE_WEIGHT * value[id] * forwardness[id] * progress;
                    int prom = promotesTo[id];
                    if (prom != 0 && value[prom] > value[id]) {
                        int ranksToZone = Math.max(0, rank - (zone - 1));
                        double closeness = Math.max(0.0, 1.0 - (double) ranksToZone / (zone + 1));
                        s += PROMOTION_WEIGHT * (value[prom] - value[id]) * closeness;
                    }
                }
                psq[id][sq] = (int) Math.round(s);
            }
        }
        return new Derived(value, psq, royal, lion);
    }

    /** An SFEN with only the sente piece k on sq, sente to move. */
    private static String lonePieceSfen(Geometry g, PieceKind k, int sq) {
        StringBuilder sb = new StringBuilder();
        int target = sq;
        for (int r = 0; r < g.size; r++) {
            if (r > 0) sb.append('/');
            int empty = 0;
            for (int f = 0; f < g.size; f++) {
                if (r * g.size + f == target) {
                    if (empty > 0) sb.append(empty);
                    empty = 0;
                    sb.append(k.token.toUpperCase(Locale.ROOT));
                } else {
                    empty++;
                }
            }
            if (empty > 0) sb.append(empty);
        }
        return sb + " b - 1";
    }

    /**
     * Whether a piece of this code standing on {@code from} could move to {@code to} on an empty board
     * (blockers ignored: a superset of its real moves).
     */
    boolean couldReach(int code, int from, int to) {
        int dr = to / size - from / size, df = to % size - from % size;
        if (code < 0) {
            dr = -dr;
            df = -df;
        }
        return reach[Math.abs(code) * span * span + (dr + size - 1) * span + df + size - 1];
    }

    int eg(int code) {
        return eg[code + kindCount];
    }


    int psq(int code, int sq) {
        return psq[(code + kindCount) * squares + sq];
    }

    /** Material value of a piece code (either side), 0 for an empty square. */
    int value(int code) {
        return code == 0 ? 0 : value[Math.abs(code)];
    }

    /** A table of the values, for the documentation and the bench. */
    String describe() {
        StringBuilder sb = new StringBuilder();
        for (PieceKind k : variant.kinds())
            sb.append(String.format(Locale.ROOT, "%-4s %-38s %5d%n", k.token, k.english, value[k.id]));
        return sb.toString();
    }
}
