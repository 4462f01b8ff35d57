package io.kifudb.engine;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Texel-style tuning of the evaluation ({@link EvalParams}) on game results: positions are taken from
 * finished games, each is resolved to a quiet position by the quiescence search, and the weights of the
 * linear evaluation are fitted so that {@code 1 / (1 + 10^(-K * eval / 400))} predicts the game's result
 * (1 sente won, 0.5 draw, 0 gote won) with the least mean squared error. K is first fitted to the start
 * weights and then kept, so the weights keep the centipawn scale.
 *
 * <p>The fit is full-batch gradient descent with Adam, plus an L2 pull of every weight towards its start
 * value (weights the data hardly sees, such as those of rare promoted pieces on rare squares, stay where
 * they were). Games are split into a training and a validation set by the seed; both errors are reported.
 * Everything runs on one thread in a fixed order, so the same games, settings and seed give the same
 * parameters.
 */
public final class Tuner {
    /** A finished game: its start, its moves (USI) and its result for sente (1, 0.5, 0). */
    public record Game(String startSfen, List<String> moves, double result) {}

    /**
     * What the tuner does; see the {@code tune} command for the meaning of each. With a {@code halfLife} of
     * n plies (0: none) a position's target is the game's result discounted by its distance from the end,
     * {@code 0.5 + (result - 0.5) * 2^(-plies left / n)}: a win sooner scores more than the same win later.
     */
    public record Settings(int skipPlies, int stride, double validationShare, int iterations, double learningRate,
                           double regularisation, long seed, java.util.Set<String> groups, int halfLife) {}

    /** The parameter groups, as the parameter file names them; {@link Settings#groups} picks those to tune. */
    public static final List<String> GROUPS = List.of("value", "rank", "file", "danger", "endgame", "shelter", "lion-alone",
            "few", "hunt", "cornered", "tempo");

    /** The outcome: the tuned parameters and the figures of the fit. */
    public record Report(EvalParams params, int games, int positions, int validationPositions, double k,
                         double trainBefore, double trainAfter, double validationBefore, double validationAfter) {
        public String summary() {
            return String.format(Locale.ROOT,
                    "%d games, %d training positions, %d validation positions; K = %.4f; mean squared error: training %.6f -> %.6f, validation %s -> %s",
                    games, positions, validationPositions, k, trainBefore, trainAfter, errorText(validationBefore),
                    errorText(validationAfter));
        }
    }

    /**
     * An error as printed: with no game held out (few games, or {@code --validation 0}) there is no validation
     * error, which is said rather than printed as NaN.
     */
    private static String errorText(double error) {
        return Double.isNaN(error) ? "none (no positions held out)" : String.format(Locale.ROOT, "%.6f", error);
    }

    private record Sample(EvalFeatures.Sparse x, double result) {}

    private final RuleSet rules;
    private final EvalParams start;
    private final Settings settings;
    private final Consumer<String> log;
    /** Per weight, what its feature is divided by ({@link EvalParams#featureScale}). */
    private final double[] scale;

    public Tuner(RuleSet rules, EvalParams start, Settings settings, Consumer<String> log) {
        this.rules = rules;
        this.start = start == null ? EvalParams.forVariant(rules) : start;
        this.settings = settings;
        this.log = log;
        this.scale = this.start.featureScale();
    }

    /** The variant's shipped parameters, the usual starting point. */
    public static EvalParams shipped(RuleSet rules) {
        return EvalParams.forVariant(rules);
    }

    public Report tune(List<Game> games) {
        SplittableRandom rnd = new SplittableRandom(settings.seed());
        List<Sample> train = new ArrayList<>(), validation = new ArrayList<>();
        Search search = new Search(new TranspositionTable(1), true, 0);
        PieceValues values = PieceValues.of(rules, start);
        int used = 0;
        for (Game g : games) {
            boolean toValidation = rnd.nextDouble() < settings.validationShare();
            int offset = rnd.nextInt(Math.max(1, settings.stride()));
            int before = train.size() + validation.size();
            collect(g, search, values, offset, toValidation ? validation : train);
            if (train.size() + validation.size() > before) used++;
        }
        log.accept(String.format(Locale.ROOT, "%d of %d games gave positions: %d training, %d validation", used, games.size(),
                train.size(), validation.size()));
        if (train.isEmpty()) throw new IllegalArgumentException("no positions to tune on");
        double[] w0 = start.toVector();
        double k = fitK(train, w0);
        double trainBefore = error(train, w0, k), validationBefore = error(validation, w0, k);
        log.accept(String.format(Locale.ROOT, "K = %.4f; start error: training %.6f, validation %s", k, trainBefore,
                errorText(validationBefore)));
        double[] w = adam(train, validation, w0, k);
        EvalParams tuned = new EvalParams(start.variant);
        tuned.fromVector(w);
        double[] rounded = tuned.toVector();
        return new Report(tuned, used, train.size(), validation.size(), k, trainBefore, error(train, rounded, k),
                validationBefore, error(validation, rounded, k));
    }

    /**
     * The game's positions from {@code skipPlies} on, every {@code stride}-th (from the offset), each
     * resolved to the end of its quiescence line; positions in check and positions the quiescence search
     * finds decided are left out (their score is not the evaluation's).
     */
    private void collect(Game g, Search search, PieceValues values, int offset, List<Sample> out) {
        Position pos = Sfen.parse(rules, g.startSfen());
        List<String> moves = g.moves();
        for (int ply = 0; ply < moves.size(); ply++) {
            if (ply >= settings.skipPlies() && (ply - settings.skipPlies()) % Math.max(1, settings.stride()) == offset) {
                Position leaf = search.quietLeaf(pos, values);
                if (leaf != null) out.add(new Sample(EvalFeatures.of(leaf, start), target(g.result(), moves.size() - ply)));
            }
            pos.make(pos.parseMove(moves.get(ply)));
        }
    }

    /** The result a position pliesLeft before the game's end is fitted to (see {@link Settings#halfLife}). */
    double target(double result, int pliesLeft) {
        if (settings.halfLife() <= 0) return result;
        return 0.5 + (result - 0.5) * Math.pow(2, -(double) pliesLeft / settings.halfLife());
    }

    private static double sigmoid(double eval, double k) {
        return 1.0 / (1.0 + Math.pow(10.0, -k * eval / 400.0));
    }

    private double eval(Sample s, double[] w) {
        int[] idx = s.x().index(), cnt = s.x().count();
        double e = 0;
        for (int i = 0; i < idx.length; i++) e += w[idx[i]] * cnt[i] * scale[idx[i]];
        return e;
    }

    private double error(List<Sample> samples, double[] w, double k) {
        if (samples.isEmpty()) return Double.NaN;
        double sum = 0;
        for (Sample s : samples) {
            double d = s.result() - sigmoid(eval(s, w), k);
            sum += d * d;
        }
        return sum / samples.size();
    }

    /** The K that makes the start weights predict best (golden-section search over [0.05, 5]). */
    private double fitK(List<Sample> samples, double[] w) {
        double a = 0.05, b = 5.0, phi = (Math.sqrt(5) - 1) / 2;
        double c = b - phi * (b - a), d = a + phi * (b - a);
        double fc = error(samples, w, c), fd = error(samples, w, d);
        for (int i = 0; i < 60; i++) {
            if (fc < fd) {
                b = d;
                d = c;
                fd = fc;
                c = b - phi * (b - a);
                fc = error(samples, w, c);
            } else {
                a = c;
                c = d;
                fc = fd;
                d = a + phi * (b - a);
                fd = error(samples, w, d);
            }
        }
        return (a + b) / 2;
    }

    private double[] adam(List<Sample> train, List<Sample> validation, double[] w0, double k) {
        int n = w0.length;
        double[] w = w0.clone(), m = new double[n], v = new double[n], grad = new double[n];
        double b1 = 0.9, b2 = 0.999, eps = 1e-8, lr = settings.learningRate(), lambda = settings.regularisation();
        boolean[] frozen = new boolean[n];
        for (int i = 0; i < n; i++) frozen[i] = !settings.groups().contains(start.weightName(i).split(" ")[0]);
        double ln10 = Math.log(10);
        for (int it = 1; it <= settings.iterations(); it++) {
            java.util.Arrays.fill(grad, 0);
            for (Sample s : train) {
                double p = sigmoid(eval(s, w), k);
                // d/dw (r - p)^2 = -2 (r - p) p (1 - p) * ln10 * k / 400 * x
                double g = -2 * (s.result() - p) * p * (1 - p) * ln10 * k / 400.0 / train.size();
                int[] idx = s.x().index(), cnt = s.x().count();
                for (int i = 0; i < idx.length; i++) grad[idx[i]] += g * cnt[i] * scale[idx[i]];
            }
            for (int i = 0; i < n; i++) {
                if (frozen[i]) continue;
                double gi = grad[i] + 2 * lambda * (w[i] - w0[i]);
                m[i] = b1 * m[i] + (1 - b1) * gi;
                v[i] = b2 * v[i] + (1 - b2) * gi * gi;
                double mh = m[i] / (1 - Math.pow(b1, it)), vh = v[i] / (1 - Math.pow(b2, it));
                w[i] -= lr * mh / (Math.sqrt(vh) + eps);
            }
            if (it % 100 == 0 || it == settings.iterations())
                log.accept(String.format(Locale.ROOT, "iteration %d: training %.6f, validation %s", it, error(train, w, k),
                        errorText(error(validation, w, k))));
        }
        return w;
    }
}
