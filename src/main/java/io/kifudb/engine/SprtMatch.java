package io.kifudb.engine;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.Status;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A match between two engines (two builds or two configurations) that stops on a sequential
 * probability ratio test: the test for every change to the engine before it lands.
 *
 * <p>Games come in pairs: the same opening twice, each engine sente once, so the opening's bias cancels.
 * The rules judge every game ({@link Position#status()} under the match's rule set); a game still going
 * after {@code maxPlies} plies is a draw, an engine that fails (crash, no answer, illegal move) loses
 * that game.
 *
 * <p>The test is the generalised SPRT on the pairs' scores (the pentanomial model: a pair scores 0, 1/4,
 * 1/2, 3/4 or 1 for A), with the normal approximation of its log-likelihood ratio: with {@code N} pairs,
 * mean pair score {@code m} and variance {@code v},
 * {@code LLR = N (s1 - s0) (2m - s0 - s1) / (2v)}, where {@code s0} and {@code s1} are the expected
 * scores of an Elo difference {@code elo0} (H0) and {@code elo1} (H1). The match stops when the LLR leaves
 * {@code [ln(beta / (1 - alpha)), ln((1 - beta) / alpha)]}: below, H0 is accepted (A is not better by
 * {@code elo1}); above, H1 (A is better than by {@code elo0}); or after {@code maxGames}.
 */
public final class SprtMatch {
    /** One side of the match. */
    public interface Player extends AutoCloseable {
        String name();

        /** A new game begins. */
        void newGame() throws IOException;

        /** The move to play in the (ongoing) position; the start and the moves so far are given for USI. */
        int move(Position p, String startSfen, List<String> moves) throws IOException;

        @Override
        void close();
    }

    /** This build's engine in this process, one thread, with the given parameters (null: the shipped ones). */
    public static Player local(String name, EvalParams params, SearchLimits limits, int hashMb) {
        Engine engine = new Engine().hashMegabytes(hashMb).params(params);
        return new Player() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void newGame() {
                engine.newGame();
            }

            @Override
            public int move(Position p, String startSfen, List<String> moves) {
                return engine.search(p, limits, null).bestMove();
            }

            @Override
            public void close() {
            }
        };
    }

    /** An engine in another process, spoken to in USI. */
    public static Player usi(String name, String command, Map<String, String> options, SearchLimits limits, long maxMoveMs) {
        return new UsiPlayer(name, command, options, limits, maxMoveMs);
    }

    /** The test's hypotheses and error rates, in logistic Elo. */
    public record Hypotheses(double elo0, double elo1, double alpha, double beta) {
        double lower() {
            return Math.log(beta / (1 - alpha));
        }

        double upper() {
            return Math.log((1 - beta) / alpha);
        }
    }

    /** What a match plays. */
    public record Settings(RuleSet rules, List<List<String>> openings, int maxPlies, int maxGames, int concurrency,
                           Hypotheses hypotheses) {}

    /** A finished game, as the report lists it. */
    public record Game(int game, int pair, int opening, String sente, String gote, boolean aSente, String startSfen,
                       List<String> moves, String result, String reason, String detail, double scoreA) {}

    /** The running score and the test, from A's side. */
    public static final class Tally {
        int wins, draws, losses;
        /** Pairs by A's points: 0, 0.5, 1, 1.5, 2. */
        final int[] pentanomial = new int[5];

        public int games() {
            return wins + draws + losses;
        }

        public int pairs() {
            int n = 0;
            for (int c : pentanomial) n += c;
            return n;
        }

        /**
         * The pair-score frequencies, with one pair of prior spread evenly over the five outcomes
         * ({@value #PRIOR} to each count): without it, a few pairs that all ended alike (two pairs won
         * 1½-½) would have no variance and "decide" the test at once; with it, such a run must go on long
         * enough to be evidence (ten pairs all won outright decide it).
         */
        private double[] frequencies() {
            int n = pairs();
            double[] f = new double[5];
            for (int i = 0; i < 5; i++) f[i] = (pentanomial[i] + PRIOR) / (n + 5 * PRIOR);
            return f;
        }

        private static final double PRIOR = 0.2;

        /** Mean score per game from the pairs (the same as per game when every pair is complete). */
        double mean() {
            double[] f = frequencies();
            double s = 0;
            for (int i = 0; i < 5; i++) s += f[i] * (i / 4.0);
            return s;
        }

        /** Variance of the pair score (each pair's score in [0, 1]). */
        double variance() {
            double[] f = frequencies();
            double m = mean(), v = 0;
            for (int i = 0; i < 5; i++) v += f[i] * (i / 4.0 - m) * (i / 4.0 - m);
            return v;
        }

        public double llr(Hypotheses h) {
            double v = variance();
            int n = pairs();
            if (n < 2) return 0;
            double s0 = score(h.elo0()), s1 = score(h.elo1());
            return n * (s1 - s0) * (2 * mean() - s0 - s1) / (2 * v);
        }

        public double elo() {
            return elo(mean());
        }

        /** Half the width of the 95% interval of the Elo difference (from the pairs' variance). */
        public double eloMargin() {
            int n = pairs();
            if (n < 2) return Double.NaN;
            double se = Math.sqrt(variance() / n);
            return (elo(Math.min(0.999, mean() + 1.96 * se)) - elo(Math.max(0.001, mean() - 1.96 * se))) / 2;
        }

        static double score(double elo) {
            return 1 / (1 + Math.pow(10, -elo / 400));
        }

        static double elo(double score) {
            double s = Math.min(0.999, Math.max(0.001, score));
            return -400 * Math.log10(1 / s - 1);
        }

        public String line(Hypotheses h) {
            return String.format(Locale.ROOT,
                    "games %d: +%d =%d -%d, pairs [%d %d %d %d %d], Elo %+.1f ± %.1f, LLR %.2f [%.2f, %.2f] (elo0 %.0f, elo1 %.0f)",
                    games(), wins, draws, losses, pentanomial[0], pentanomial[1], pentanomial[2], pentanomial[3], pentanomial[4],
                    elo(), eloMargin(), llr(h), h.lower(), h.upper(), h.elo0(), h.elo1());
        }
    }

    /**
     * The end of a match. With several workers the pairs under way when the test decides are still played
     * out and counted in the tally, so the tally can end a little off the bound the test crossed: the
     * verdict comes with the games and the LLR it was reached at ({@code decidedAtGames} 0 without one).
     */
    public record Outcome(Tally tally, String verdict, List<Game> games, int decidedAtGames, double decidedLlr) {
        /** The verdict and the final tally, with where the test decided when games were counted after it. */
        public String summary(Hypotheses h) {
            String head = verdict;
            if (decidedAtGames > 0 && decidedAtGames < tally.games())
                head += String.format(Locale.ROOT, " at %d games (LLR %.2f; the %d games under way then were played out)",
                        decidedAtGames, decidedLlr, tally.games() - decidedAtGames);
            return head + ": " + tally.line(h);
        }
    }

    private SprtMatch() {}

    /**
     * Plays pairs until the test decides or {@code maxGames} are played. {@code a} and {@code b} make a
     * fresh player for each of the {@code concurrency} workers; {@code onGame} sees each game as it ends,
     * {@code onPair} the tally after each pair.
     */
    public static Outcome run(Settings s, Supplier<Player> a, Supplier<Player> b, Consumer<Game> onGame, Consumer<Tally> onPair)
            throws InterruptedException {
        return run(s, List.of(), a, b, onGame, onPair);
    }

    /**
     * The games of an earlier run's output that {@link #run(Settings, List, Supplier, Supplier, Consumer, Consumer)}
     * can go on from: in game order, the pairs from the first up to the first one missing a game. With
     * {@code --concurrency} above 1 the games are written as they finish, pairs out of order, and a run that was
     * stopped may have finished a pair after one it never finished; the pairs after such a gap are played
     * again (at fixed nodes or depth they come out the same).
     */
    public static List<Game> wholePairs(List<Game> written) {
        java.util.Map<Integer, Game> byNumber = new java.util.HashMap<>();
        for (Game g : written) byNumber.put(g.game(), g);
        List<Game> out = new ArrayList<>();
        for (int pair = 1; byNumber.containsKey(2 * pair - 1) && byNumber.containsKey(2 * pair); pair++) {
            out.add(byNumber.get(2 * pair - 1));
            out.add(byNumber.get(2 * pair));
        }
        return out;
    }

    /**
     * As {@link #run(Settings, Supplier, Supplier, Consumer, Consumer)}, going on from the games of an
     * earlier run of the same match ({@code earlier}: whole pairs, in order from the first): they count
     * in the tally and are not played again (with fixed nodes or depth they would come out the same).
     */
    public static Outcome run(Settings s, List<Game> earlier, Supplier<Player> a, Supplier<Player> b, Consumer<Game> onGame,
                              Consumer<Tally> onPair) throws InterruptedException {
        for (int i = 0; i < s.openings().size(); i++) {
            Position p = Position.start(s.rules());
            for (String usi : s.openings().get(i)) {
                if (!p.status().isOngoing()) throw new IllegalArgumentException("opening " + (i + 1) + " ends the game");
                try {
                    p.make(p.parseMove(usi));
                } catch (io.kifudb.rules.IllegalMoveException e) {
                    throw new IllegalArgumentException("opening " + (i + 1) + ": " + e.getMessage());
                }
            }
        }
        Tally tally = new Tally();
        List<Game> games = new ArrayList<>();
        if (earlier.size() % 2 != 0) throw new IllegalArgumentException("earlier games must be whole pairs");
        for (int i = 0; i < earlier.size(); i += 2) {
            Game g1 = earlier.get(i), g2 = earlier.get(i + 1);
            if (g1.pair() != i / 2 + 1 || g2.pair() != i / 2 + 1)
                throw new IllegalArgumentException("earlier games: pair " + (i / 2 + 1) + " expected, got " + g1.pair() + " and " + g2.pair());
            for (Game g : List.of(g1, g2)) {
                games.add(g);
                if (g.scoreA() == 1) tally.wins++;
                else if (g.scoreA() == 0) tally.losses++;
                else tally.draws++;
                onGame.accept(g);
            }
            tally.pentanomial[(int) Math.round(2 * (g1.scoreA() + g2.scoreA()))]++;
        }
        AtomicInteger nextPair = new AtomicInteger(earlier.size() / 2);
        AtomicBoolean done = new AtomicBoolean();
        int maxPairs = (s.maxGames() + 1) / 2;
        String[] verdict = {null};
        int[] decidedAt = {0};
        double[] decidedLlr = {0};
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, s.concurrency()));
        List<Future<?>> workers = new ArrayList<>();
        for (int w = 0; w < Math.max(1, s.concurrency()); w++) {
            workers.add(pool.submit(() -> {
                try (Player pa = a.get(); Player pb = b.get()) {
                    while (!done.get()) {
                        int pair = nextPair.getAndIncrement();
                        if (pair >= maxPairs) break;
                        int opening = pair % s.openings().size();
                        Game g1 = play(s, pa, pb, true, 2 * pair + 1, pair, opening);
                        Game g2 = play(s, pa, pb, false, 2 * pair + 2, pair, opening);
                        synchronized (tally) {
                            for (Game g : List.of(g1, g2)) {
                                games.add(g);
                                if (g.scoreA() == 1) tally.wins++;
                                else if (g.scoreA() == 0) tally.losses++;
                                else tally.draws++;
                                onGame.accept(g);
                            }
                            tally.pentanomial[(int) Math.round(2 * (g1.scoreA() + g2.scoreA()))]++;
                            onPair.accept(tally);
                            double llr = tally.llr(s.hypotheses());
                            if (verdict[0] == null) {
                                if (llr >= s.hypotheses().upper()) verdict[0] = "H1 accepted";
                                else if (llr <= s.hypotheses().lower()) verdict[0] = "H0 accepted";
                                if (verdict[0] != null) {
                                    decidedAt[0] = tally.games();
                                    decidedLlr[0] = llr;
                                    done.set(true);
                                }
                            }
                        }
                    }
                }
                return null;
            }));
        }
        try {
            for (Future<?> f : workers) f.get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return new Outcome(tally, verdict[0] == null ? "no decision after " + tally.games() + " games" : verdict[0], games,
                decidedAt[0], decidedLlr[0]);
    }

    private static Game play(Settings s, Player a, Player b, boolean aSente, int number, int pair, int opening) {
        Position p = Position.start(s.rules());
        String start = p.sfen();
        List<String> moves = new ArrayList<>();
        for (String usi : s.openings().get(opening)) {
            int m = p.parseMove(usi);
            moves.add(p.usi(m));
            p.make(m);
        }
        Player sente = aSente ? a : b, gote = aSente ? b : a;
        String result, reason, detail = null;
        try {
            sente.newGame();
            gote.newGame();
        } catch (IOException e) {
            return new Game(number, pair + 1, opening + 1, sente.name(), gote.name(), aSente, start, moves, "*", "engine-failure",
                    e.getMessage(), 0.5);
        }
        Status st = p.status();
        while (true) {
            if (!st.isOngoing()) {
                result = st.isDraw() ? "1/2-1/2" : st.winner() == Position.SENTE ? "1-0" : "0-1";
                reason = st.reason().id;
                break;
            }
            if (moves.size() >= s.maxPlies()) {
                result = "1/2-1/2";
                reason = "max-plies";
                break;
            }
            Player mover = p.sideToMove() == Position.SENTE ? sente : gote;
            int m;
            try {
                m = mover.move(p, start, moves);
            } catch (IOException | RuntimeException e) {
                result = p.sideToMove() == Position.SENTE ? "0-1" : "1-0";
                reason = "engine-failure";
                detail = mover.name() + ": " + e.getMessage();
                break;
            }
            moves.add(p.usi(m));
            p.make(m);
            st = p.status();
        }
        double scoreA = result.equals("1/2-1/2") ? 0.5 : (result.equals("1-0") == aSente) ? 1 : 0;
        return new Game(number, pair + 1, opening + 1, sente.name(), gote.name(), aSente, start, moves, result, reason, detail, scoreA);
    }

    /**
     * Openings made of random plies from the start position, kept only when a short search finds them
     * roughly balanced (|score| at most {@code maxScore} at depth 4), so that no pair is decided by its
     * opening alone. The same seed gives the same openings.
     */
    public static List<List<String>> randomOpenings(RuleSet rules, int count, int plies, int maxScore, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Engine engine = new Engine().hashMegabytes(8);
        List<List<String>> out = new ArrayList<>();
        int attempts = 0;
        while (out.size() < count && attempts++ < count * 50) {
            Position p = Position.start(rules);
            List<String> line = new ArrayList<>();
            for (int i = 0; i < plies && p.status().isOngoing(); i++) {
                int m = SelfPlay.openingMove(p, rnd);
                line.add(p.usi(m));
                p.make(m);
            }
            if (!p.status().isOngoing()) continue;
            engine.newGame();
            SearchResult r = engine.search(p, SearchLimits.depth(4), null);
            if (Math.abs(r.score()) <= maxScore) out.add(line);
        }
        return out;
    }
}
