package io.kifudb.engine;

import io.kifudb.rules.RuleSet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;

/**
 * A rule experiment: the same number of engine self-play games under each rule set, same engine settings
 * and seeds, and per rule set how the games went (wins by side, how they ended, length) and how often the
 * rules that differ between the sets decided a move ({@link SelfPlay}), each with a 95% confidence interval.
 */
public final class Experiment {
    private Experiment() {}

    /**
     * @param ruleSets two or more rule sets of the same game (board and pieces)
     * @param games    games per rule set
     * @param threads  games played at once (one engine each)
     */
    public record Spec(List<RuleSet> ruleSets, int games, SelfPlay.Settings settings, long seed, int threads) {}

    /** A count out of n with its Wilson score interval (95%). */
    public record Share(int count, int of, double rate, double low, double high) {
        static Share of(int count, int n) {
            if (n == 0) return new Share(0, 0, 0, 0, 0);
            double z = 1.96, p = (double) count / n, z2 = z * z;
            double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
            double half = z * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
            return new Share(count, n, round(p), round(Math.max(0, centre - half)), round(Math.min(1, centre + half)));
        }
    }

    /**
     * A mean with its normal-approximation interval (95%). Every mean here is of counts (plies, rule
     * firings per game), so the interval is cut at zero rather than reaching below it.
     */
    public record Mean(double mean, double low, double high) {
        static Mean of(List<? extends Number> values) {
            int n = values.size();
            if (n == 0) return new Mean(0, 0, 0);
            double sum = 0;
            for (Number v : values) sum += v.doubleValue();
            double mean = sum / n, sq = 0;
            for (Number v : values) sq += (v.doubleValue() - mean) * (v.doubleValue() - mean);
            double half = n > 1 ? 1.96 * Math.sqrt(sq / (n - 1) / n) : 0;
            return new Mean(round(mean), round(Math.max(0, mean - half)), round(mean + half));
        }
    }

    /**
     * How the games of one rule set went.
     *
     * @param endings         games by how they ended (rules reason, or move-limit for cut games)
     * @param comparedWith    the rule set each move was also tried under
     * @param gamesWhereFired games in which at least one move came out differently under comparedWith
     * @param firedPerGame    such moves per game
     */
    public record RuleSetReport(String rules, int games, Share senteWins, Share goteWins, Share draws, Map<String, Share> endings,
                                Mean plies, String comparedWith, Share gamesWhereFired, Mean firedPerGame) {}

    public record Report(String settings, long seed, int gamesPerRuleSet, List<RuleSetReport> ruleSets, boolean complete) {}

    /**
     * Runs the experiment.
     *
     * @param progress  told the number of games finished so far (all rule sets)
     * @param cancelled polled between games: when true, the report covers the games finished so far
     */
    public static Report run(Spec spec, IntConsumer progress, BooleanSupplier cancelled) throws InterruptedException {
        List<RuleSet> sets = spec.ruleSets();
        if (sets.size() < 2) throw new IllegalArgumentException("an experiment compares two rule sets or more");
        for (RuleSet r : sets)
            if (r.variant != sets.get(0).variant)
                throw new IllegalArgumentException(r.id + " is not played on the same board with the same pieces as " + sets.get(0).id);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, spec.threads()));
        ThreadLocal<Engine> engines = ThreadLocal.withInitial(() -> new Engine().hashMegabytes(spec.settings().hashMb()));
        AtomicInteger done = new AtomicInteger();
        Map<RuleSet, List<Future<SelfPlay.Game>>> futures = new LinkedHashMap<>();
        try {
            for (int i = 0; i < sets.size(); i++) {
                RuleSet r = sets.get(i);
                // each set is compared with the next one (the last with the first): with two sets, each with the other
                RuleSet other = sets.get((i + 1) % sets.size());
                List<Future<SelfPlay.Game>> list = new ArrayList<>();
                for (int g = 0; g < spec.games(); g++) {
                    long seed = spec.seed() + g; // the same openings under every rule set
                    list.add(pool.submit(() -> {
                        if (cancelled.getAsBoolean()) return null;
                        SelfPlay.Game game = SelfPlay.play(r, engines.get(), spec.settings(), seed, other);
                        progress.accept(done.incrementAndGet());
                        return game;
                    }));
                }
                futures.put(r, list);
            }
            List<RuleSetReport> reports = new ArrayList<>();
            boolean complete = true;
            for (int i = 0; i < sets.size(); i++) {
                RuleSet r = sets.get(i);
                List<SelfPlay.Game> games = new ArrayList<>();
                for (Future<SelfPlay.Game> f : futures.get(r)) {
                    try {
                        SelfPlay.Game g = f.get();
                        if (g == null) complete = false;
                        else games.add(g);
                    } catch (java.util.concurrent.ExecutionException e) {
                        throw new IllegalStateException("a self-play game failed", e.getCause());
                    }
                }
                reports.add(report(r, sets.get((i + 1) % sets.size()), games));
            }
            return new Report(spec.settings().describe(), spec.seed(), spec.games(), reports, complete);
        } finally {
            pool.shutdownNow();
        }
    }

    static RuleSetReport report(RuleSet rules, RuleSet other, List<SelfPlay.Game> games) {
        int n = games.size(), sente = 0, gote = 0, draws = 0, fired = 0;
        Map<String, Integer> endings = new TreeMap<>();
        List<Integer> plies = new ArrayList<>(), firedCounts = new ArrayList<>();
        for (SelfPlay.Game g : games) {
            switch (g.result()) {
                case "sente" -> sente++;
                case "gote" -> gote++;
                default -> draws++;
            }
            endings.merge(g.reason(), 1, Integer::sum);
            plies.add(g.moves().size());
            firedCounts.add(g.fired());
            if (g.fired() > 0) fired++;
        }
        Map<String, Share> endingShares = new LinkedHashMap<>();
        endings.forEach((k, v) -> endingShares.put(k, Share.of(v, n)));
        return new RuleSetReport(rules.id, n, Share.of(sente, n), Share.of(gote, n), Share.of(draws, n), endingShares, Mean.of(plies),
                other.id, Share.of(fired, n), Mean.of(firedCounts));
    }

    private static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }
}
