package io.kifudb.engine;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.PieceKind;
import io.kifudb.rules.Position;
import io.kifudb.rules.Variant;

/**
 * The evaluation of a position as the features of the linear model {@link EvalParams} describes: the
 * sente-minus-gote count behind every weight, so that the evaluation (from sente's point of view) is
 * {@code sum(weight[i] * feature[i])}. The search computes the same thing its own, faster way
 * ({@link Search#evaluate}); a test checks the two agree on every position. The tuner fits the weights to
 * game results through these features.
 */
final class EvalFeatures {
    private EvalFeatures() {}

    /** A sparse feature vector: indices (ascending) and their counts. */
    record Sparse(int[] index, int[] count) {
        double dot(double[] w) {
            double s = 0;
            for (int i = 0; i < index.length; i++) s += w[index[i]] * count[i];
            return s;
        }
    }

    /** The features of the position, from sente's point of view. */
    static Sparse of(Position pos, EvalParams p) {
        int[] x = new int[p.dimension()];
        Variant v = p.variant;
        Geometry g = v.geometry;
        int size = g.size, squares = g.squares;
        int[] lions = new int[2], royalSquare = {-1, -1}, worth = new int[2];
        int phase = p.phase(pos);
        for (int sq = 0; sq < squares; sq++) {
            int code = pos.pieceAt(sq);
            if (code == 0) continue;
            int side = code > 0 ? 0 : 1, sign = side == 0 ? 1 : -1;
            int k = Math.abs(code);
            PieceKind kind = v.kind(k);
            // Seen from its owner: gote's squares turned by 180 degrees.
            int own = side == 0 ? sq : squares - 1 - sq;
            int r = size - 1 - own / size, f = own % size;
            x[p.valueIndex(k)] += sign;
            x[p.rankIndex(k, r)] += sign;
            x[p.fileIndex(k, Math.min(f, size - 1 - f))] += sign;
            x[p.egIndex(k)] += sign * phase;
            if (kind.isLion()) lions[side]++;
            if (!kind.isRoyal()) worth[side] += p.value[k];
            if (kind.isRoyal() && pos.royalCount(side) == 1) royalSquare[side] = sq;
        }
        for (int side = 0; side < 2; side++) {
            int king = royalSquare[side];
            if (king < 0) continue;
            int sign = side == 0 ? 1 : -1;
            int shelter = 0;
            for (int sq = 0; sq < squares; sq++) {
                int code = pos.pieceAt(sq);
                int d = g.distance(sq, king);
                if (code == 0 || d == 0 || d > 2) continue;
                if ((code > 0 ? 0 : 1) == side) {
                    if (d == 1) shelter++;
                } else {
                    x[p.dangerIndex(Math.abs(code))] -= sign;
                }
            }
            x[p.shelterIndex()] += sign * Math.min(shelter, EvalParams.MAX_SHELTER);
        }
        if (lions[0] > 0 && lions[1] == 0) x[p.lionAloneIndex()]++;
        else if (lions[1] > 0 && lions[0] == 0) x[p.lionAloneIndex()]--;
        for (int defender = 0; defender < 2; defender++) {
            int attacker = defender ^ 1, sign = attacker == 0 ? 1 : -1;
            int left = pos.pieceCount(defender) - pos.royalCount(defender);
            int attackerLeft = pos.pieceCount(attacker) - pos.royalCount(attacker);
            int king = royalSquare[defender];
            // Whether a side is hunted weighs its pieces with the parameters the features are taken for
            // (the tuner's starting ones), as the search weighs them with the ones it plays with.
            if (king < 0 || !EvalParams.hunted(left, attackerLeft, worth[defender], worth[attacker])) continue;
            if (left <= EvalParams.FEW) x[p.fewIndex(left)] += sign;
            int close = 0;
            boolean toothless = p.toothless(worth[defender]);
            for (int sq = 0; sq < squares; sq++) {
                int code = pos.pieceAt(sq);
                if (code == 0 || (code > 0 ? 0 : 1) != attacker || v.kind(Math.abs(code)).isRoyal()) continue;
                close += size - 1 - g.distance(sq, king);
                if (!toothless) continue;
                // Against a toothless side the rank counted is the best the piece has passed, found with the
                // parameters the features are taken for (as the hunted side is), so the model stays linear.
                int k = Math.abs(code), own = attacker == 0 ? sq : squares - 1 - sq;
                int rank = size - 1 - own / size;
                x[p.rankIndex(k, rank)] -= sign;
                x[p.rankIndex(k, bestRankUpTo(p.rank[k], rank))] += sign;
            }
            x[p.huntIndex()] += sign * close;
            int r = king / size, f = king % size;
            int edge = Math.min(Math.min(r, size - 1 - r), Math.min(f, size - 1 - f));
            x[p.corneredIndex()] += sign * ((size + 1) / 2 - 1 - edge);
        }
        x[p.tempoIndex()] = pos.sideToMove() == Position.SENTE ? 1 : -1;
        int n = 0;
        for (int c : x) if (c != 0) n++;
        int[] index = new int[n], count = new int[n];
        n = 0;
        for (int i = 0; i < x.length; i++)
            if (x[i] != 0) {
                index[n] = i;
                count[n++] = x[i];
            }
        return new Sparse(index, count);
    }

    /** The rank from 0 to {@code rank} whose entry in the table is highest, {@code rank} itself on a tie. */
    static int bestRankUpTo(int[] table, int rank) {
        int best = rank;
        for (int r = 0; r < rank; r++) if (table[r] > table[best]) best = r;
        return best;
    }

    /**
     * The evaluation of the features with the parameters, from sente's point of view, in the search's
     * integer arithmetic: the endgame values' sum is divided by the phase scale once, rounding towards 0.
     */
    static int evaluate(Sparse features, EvalParams p) {
        double[] w = p.toVector(), scale = p.featureScale();
        long whole = 0, phased = 0;
        for (int i = 0; i < features.index().length; i++) {
            int j = features.index()[i];
            long term = Math.round(w[j]) * (long) features.count()[i];
            if (scale[j] == 1.0) whole += term;
            else phased += term;
        }
        return (int) (whole + phased / EvalParams.PHASES);
    }
}
