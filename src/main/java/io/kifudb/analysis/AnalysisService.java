package io.kifudb.analysis;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.engine.Engine;
import io.kifudb.engine.SearchLimits;
import io.kifudb.engine.SearchResult;
import io.kifudb.jobs.InvalidJobRequestException;
import io.kifudb.jobs.JobKind;
import io.kifudb.jobs.JobRefusedException;
import io.kifudb.jobs.JobWorkers;
import io.kifudb.jobs.Jobs;
import io.kifudb.jobs.QueueFullException;
import io.kifudb.jobs.RunningJob;
import io.kifudb.mate.MateLimits;
import io.kifudb.mate.MateResult;
import io.kifudb.mate.MateSolver;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.Status;
import io.kifudb.store.Evaluation;
import io.kifudb.store.Game;
import io.kifudb.store.GameAnalysis;
import io.kifudb.store.Job;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Analysis jobs (kind {@code analysis}: one position, every position of a stored game, or the mate solver on
 * one position): queued in the
 * database with a bounded queue in front (full: the caller answers 429), run by the job workers of any
 * process with {@code kifudb.analysis.workers} engines at once per process (each engine keeps its
 * transposition table from job to job), every limit capped by configuration, results cached in the database
 * ({@link Evaluation}) and answered from there when the cache already holds a search at least as deep.
 */
@ApplicationScoped
public class AnalysisService implements JobKind {
    private static final Logger LOG = Logger.getLogger(AnalysisService.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    public static final String KIND = "analysis";

    @ConfigProperty(name = "kifudb.analysis.workers", defaultValue = "1")
    int workers;
    @ConfigProperty(name = "kifudb.analysis.queue-size", defaultValue = "8")
    int queueSize;
    @ConfigProperty(name = "kifudb.analysis.hash-mb", defaultValue = "64")
    int hashMb;
    @ConfigProperty(name = "kifudb.analysis.max-depth", defaultValue = "40")
    int maxDepth;
    @ConfigProperty(name = "kifudb.analysis.max-movetime-ms", defaultValue = "60000")
    long maxMovetimeMs;
    @ConfigProperty(name = "kifudb.analysis.max-nodes", defaultValue = "2000000000")
    long maxNodes;
    @ConfigProperty(name = "kifudb.analysis.max-multipv", defaultValue = "10")
    int maxMultiPv;
    @ConfigProperty(name = "kifudb.analysis.default-movetime-ms", defaultValue = "3000")
    long defaultMovetimeMs;
    @ConfigProperty(name = "kifudb.analysis.anonymous-jobs", defaultValue = "2")
    int anonymousJobs;
    @ConfigProperty(name = "kifudb.analysis.anonymous-max-movetime-ms", defaultValue = "5000")
    long anonymousMaxMovetimeMs;
    @ConfigProperty(name = "kifudb.analysis.game-movetime-ms", defaultValue = "200")
    long gameMovetimeMs;
    @ConfigProperty(name = "kifudb.analysis.max-game-movetime-ms", defaultValue = "5000")
    long maxGameMovetimeMs;
    @ConfigProperty(name = "kifudb.analysis.mate-hash-mb", defaultValue = "64")
    int mateHashMb;
    @ConfigProperty(name = "kifudb.analysis.max-mate-moves", defaultValue = "512")
    int maxMateMoves;

    @jakarta.inject.Inject
    io.micrometer.core.instrument.MeterRegistry metrics;

    @jakarta.inject.Inject
    Jobs jobs;

    @jakarta.inject.Inject
    JobWorkers workerPool;

    /** Engines not searching right now: at most one per analysis running at once here, kept with their tables. */
    private final Deque<Engine> idleEngines = new ConcurrentLinkedDeque<>();
    /** Mate solvers not solving right now, likewise (each table is cleared before a solve). */
    private final Deque<MateSolver> idleSolvers = new ConcurrentLinkedDeque<>();

    /** An analysis without an API key beyond the anonymous quota; the caller answers 429 with Retry-After. */
    public static final class AnonymousQuotaException extends RuntimeException {
        public AnonymousQuotaException(String message) {
            super(message);
        }
    }

    void onStart(@Observes StartupEvent event) {
        metrics.gauge("kifudb.analysis.queued", this, a -> a.jobs.count(KIND, Job.QUEUED));
        metrics.gauge("kifudb.analysis.running", this, a -> a.workerPool.running(KIND));
    }

    @Override
    public String id() {
        return KIND;
    }

    @Override
    public int workers() {
        return workers;
    }

    /** The limits of a request, capped by configuration; a request without any gets the default time. */
    public SearchLimits limits(Integer depth, Long movetimeMs, Long nodes) {
        if (depth != null && depth < 1) throw new InvalidJobRequestException("depth", "depth must be at least 1");
        if (movetimeMs != null && movetimeMs < 1) throw new InvalidJobRequestException("movetime", "movetime must be at least 1 ms");
        if (nodes != null && nodes < 1) throw new InvalidJobRequestException("nodes", "nodes must be at least 1");
        if (depth != null && depth > maxDepth) throw new InvalidJobRequestException("depth", "depth is capped at " + maxDepth + " (kifudb.analysis.max-depth)");
        if (movetimeMs != null && movetimeMs > maxMovetimeMs)
            throw new InvalidJobRequestException("movetime", "movetime is capped at " + maxMovetimeMs + " ms (kifudb.analysis.max-movetime-ms)");
        if (nodes != null && nodes > maxNodes) throw new InvalidJobRequestException("nodes", "nodes is capped at " + maxNodes + " (kifudb.analysis.max-nodes)");
        // Every search is bounded in time: a depth or node limit alone could still run for hours on a big position.
        long time = movetimeMs != null ? movetimeMs : (depth == null && nodes == null ? defaultMovetimeMs : maxMovetimeMs);
        return new SearchLimits(depth == null ? 0 : depth, time, nodes == null ? 0 : nodes, null, false);
    }

    /**
     * A mate job's limits: {@code depth} is the longest mate looked for, in moves of the side to move (as {@code mate}
     * scores count); time and nodes as for a search, capped alike.
     */
    public MateLimits mateLimits(Integer depth, Long movetimeMs, Long nodes) {
        if (depth != null && (depth < 1 || depth > maxMateMoves))
            throw new InvalidJobRequestException("depth", "with mode mate, depth is the longest mate looked for in moves, 1 to " + maxMateMoves
                    + " (kifudb.analysis.max-mate-moves)");
        SearchLimits l = limits(null, movetimeMs, nodes);
        return new MateLimits(l.nodes(), l.movetimeMs(), depth == null ? 2 * maxMateMoves - 1 : 2 * depth - 1, true);
    }

    public int multiPv(Integer k) {
        if (k == null) return 1;
        if (k < 1 || k > maxMultiPv) throw new InvalidJobRequestException("multiPv", "multiPv must be 1 to " + maxMultiPv + " (kifudb.analysis.max-multipv)");
        return k;
    }

    /**
     * Analyses a position. When the cache holds a search that satisfies the request (at least as deep, at
     * least as many lines) and {@code useCache}, the job is done at once from it.
     *
     * @param requestedDepth the depth the request named, if any (what the cache must reach)
     */
    public AnalysisJob.Snapshot submit(RuleSet rules, Position position, SearchLimits limits, Integer requestedDepth, int multiPv,
                                       boolean useCache, boolean anonymous, String owner) {
        if (!position.status().isOngoing())
            throw new InvalidJobRequestException("sfen", "the game is over in this position (" + position.status() + "): there is nothing to analyse");
        if (anonymous) {
            // Without a key: shorter searches, and only a few at once across all anonymous clients.
            limits = new SearchLimits(limits.depth(), Math.min(limits.movetimeMs(), anonymousMaxMovetimeMs), limits.nodes(), null, false);
        }
        AnalysisJob job = new AnalysisJob(newId(), "position", rules, position, null, limits, multiPv, useCache, 1);
        AnalysisJob.Params params = new AnalysisJob.Params("position", rules.id, job.sfen, null, limits.depth(), limits.movetimeMs(),
                limits.nodes(), multiPv, useCache, 1, null);
        if (useCache) {
            AnalysisJob.Snapshot cached = fromCache(job, requestedDepth);
            if (cached != null) {
                jobs.recordDone(KIND, job.id, params, cached, cached);
                return cached;
            }
        }
        Jobs.Submission s = Jobs.Submission.of(KIND, params).uid(job.id).progress(job.snapshot()).owner(owner).queueLimit(queueSize);
        return queue(anonymous ? s.anonymous(anonymousJobs) : s);
    }

    /**
     * Looks for a forced mate of the side to move with the mate solver: the shortest it can prove within the limits,
     * with its main line, or that none exists by forcing moves. Not cached: a mate job always solves.
     */
    public AnalysisJob.Snapshot submitMate(RuleSet rules, Position position, MateLimits limits, boolean anonymous, String owner) {
        if (!position.status().isOngoing())
            throw new InvalidJobRequestException("sfen", "the game is over in this position (" + position.status() + "): there is nothing to analyse");
        if (anonymous) limits = new MateLimits(limits.nodes(), Math.min(limits.timeMs(), anonymousMaxMovetimeMs), limits.maxPlies(), true);
        SearchLimits asSearch = new SearchLimits(limits.maxPlies(), limits.timeMs(), limits.nodes(), null, false);
        AnalysisJob job = new AnalysisJob(newId(), "mate", rules, position, null, asSearch, 1, false, 1);
        AnalysisJob.Params params = new AnalysisJob.Params("mate", rules.id, job.sfen, null, limits.maxPlies(), limits.timeMs(), limits.nodes(),
                1, false, 1, null);
        Jobs.Submission s = Jobs.Submission.of(KIND, params).uid(job.id).progress(job.snapshot()).owner(owner).queueLimit(queueSize);
        return queue(anonymous ? s.anonymous(anonymousJobs) : s);
    }

    /** Analyses every position of a stored game with the per-position limit; the result is stored with the game. */
    public AnalysisJob.Snapshot submitGame(long gameId, Long movetimeMs, Integer depth, String owner) {
        Game g = QuarkusTransaction.joiningExisting().call(() -> Game.findById(gameId));
        if (g == null) throw new InvalidJobRequestException("id", "no game with id " + gameId);
        RuleSet rules = RuleSet.byId(g.rules);
        long time = movetimeMs == null ? gameMovetimeMs : movetimeMs;
        if (time < 1 || time > maxGameMovetimeMs)
            throw new InvalidJobRequestException("movetime", "movetime per position must be 1 to " + maxGameMovetimeMs + " ms (kifudb.analysis.max-game-movetime-ms)");
        if (depth != null && (depth < 1 || depth > maxDepth)) throw new InvalidJobRequestException("depth", "depth must be 1 to " + maxDepth);
        Position start = Sfen.parse(rules, g.initialSfen);
        int positions = g.plies + 1;
        AnalysisJob job = new AnalysisJob(newId(), "game", rules, start, gameId, null, 1, false, positions);
        String settings = (depth == null ? "" : "depth=" + depth + ",") + "movetime=" + time;
        AnalysisJob.Params params = new AnalysisJob.Params("game", rules.id, job.sfen, gameId, depth == null ? 0 : depth, time, 0, 1, false,
                positions, settings);
        return queue(Jobs.Submission.of(KIND, params).uid(job.id).progress(job.snapshot()).owner(owner).queueLimit(queueSize));
    }

    private AnalysisJob.Snapshot queue(Jobs.Submission s) {
        try {
            return snapshot(jobs.submit(s));
        } catch (JobRefusedException e) {
            switch (e.reason) {
                case QUEUE_FULL -> throw new QueueFullException("the analysis queue is full (" + e.limit + " jobs waiting); try again later");
                case ANONYMOUS_QUOTA -> throw new AnonymousQuotaException(e.count + " analyses without an API key are running or queued "
                        + "(the anonymous quota is " + e.limit + "); send 'Authorization: Bearer <key>' or try again later");
                default -> throw e;
            }
        }
    }

    /** The job as it stands (on whichever instance or worker it runs), or null if there is none. */
    public AnalysisJob.Snapshot get(String id) {
        Job j = jobs.byUid(KIND, id);
        return j == null ? null : snapshot(j);
    }

    /** The job's last published state, with the row's word on status, error and times (the row is written last). */
    private static AnalysisJob.Snapshot snapshot(Job j) {
        AnalysisJob.Snapshot s = Jobs.read(j.result != null ? j.result : j.progress, AnalysisJob.Snapshot.class);
        AnalysisJob.Status status = AnalysisJob.Status.valueOf(j.status.toUpperCase(java.util.Locale.ROOT));
        return new AnalysisJob.Snapshot(s.id(), status, s.kind(), s.rules(), s.sfen(), s.gameId(), s.multiPv(), s.depth(), s.seldepth(),
                s.nodes(), s.nps(), s.timeMs(), s.bestMove(), s.pvs(), s.cached(), s.positions(), s.positionsDone(), s.mate(),
                j.error != null ? j.error : s.error(), j.createdAt, j.finishedAt, s.engine(), s.version());
    }

    /**
     * Cancels a job: a queued one never runs, a running one (on whichever worker) stops within moments and
     * keeps what it found.
     */
    public AnalysisJob.Snapshot cancel(String id) {
        Job j = jobs.byUid(KIND, id);
        if (j == null) return null;
        Job after = jobs.cancel(j.id);
        return after == null ? null : snapshot(after);
    }

    /**
     * The deepest evaluation of the position by this engine version with at least multiPv lines (cut to
     * multiPv), or null. A search with more lines or more depth answers a request for fewer or shallower.
     */
    public Cached cached(RuleSet rules, String sfen, int multiPv) {
        Evaluation e = QuarkusTransaction.joiningExisting().call(() -> Evaluation.best(rules.id, sfen, multiPv, EngineVersion.CURRENT));
        if (e == null) return null;
        List<AnalysisJob.Line> lines = lines(e.lines, multiPv);
        return new Cached(e.rules, e.sfen, lines.size(), e.depth, e.nodes, e.timeMs, EngineVersion.ENGINE, e.engineVersion, e.bestMove,
                lines, e.createdAt);
    }

    /** The cached evaluations of several positions of one rule set, in their order (null where none is cached). */
    public List<Cached> cached(RuleSet rules, List<String> sfens, int multiPv) {
        return QuarkusTransaction.joiningExisting().call(() -> {
            List<Cached> all = new ArrayList<>(sfens.size());
            for (String sfen : sfens) all.add(cached(rules, sfen, multiPv));
            return all;
        });
    }

    /** A cached evaluation: how deep and long it searched, and which engine version did. */
    @org.eclipse.microprofile.openapi.annotations.media.Schema(description = "A cached evaluation: the search's depth, nodes and time, "
            + "and the engine and version that made it (only the running version's evaluations are served)")
    public record Cached(String rules, String sfen,
                         @org.eclipse.microprofile.openapi.annotations.media.Schema(description = "the lines given (as many as asked for, or the search's if fewer)") int multiPv,
                         @org.eclipse.microprofile.openapi.annotations.media.Schema(description = "the deepest completed search depth, in plies") int depth,
                         long nodes, long timeMs,
                         @org.eclipse.microprofile.openapi.annotations.media.Schema(enumeration = EngineVersion.ENGINE) String engine,
                         @org.eclipse.microprofile.openapi.annotations.media.Schema(description = "the engine's version (the service's build version)", examples = "0.15.0-SNAPSHOT") String version,
                         @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "null when the search found no move") String bestMove,
                         List<AnalysisJob.Line> pvs, Instant createdAt) {}

    // ---------------------------------------------------------------- running

    @Override
    public Object run(RunningJob running) {
        AnalysisJob.Params p = running.params(AnalysisJob.Params.class);
        RuleSet rules = RuleSet.byId(p.rules());
        AnalysisJob.Snapshot queued = running.storedProgress(AnalysisJob.Snapshot.class);
        AnalysisJob job = new AnalysisJob(running.uid(), p.kind(), rules, Sfen.parse(rules, p.sfen()), p.gameId(), p.limits(), p.multiPv(),
                p.useCache(), p.positions(), queued == null ? Instant.now() : queued.createdAt());
        job.sendTo(running::progress);
        if ("mate".equals(p.kind())) {
            runMate(job, running, new MateLimits(p.nodes(), p.movetimeMs(), p.depth(), true));
            return job.snapshot();
        }
        Engine engine = idleEngines.poll();
        if (engine == null) engine = new Engine().hashMegabytes(hashMb);
        Engine searching = engine;
        job.engine = engine;
        running.onStop(() -> {
            if (job.engine == searching) searching.halt();
        });
        LOG.debugf("analysis job %s started (claim %d)", job.id, running.attempt());
        try {
            if ("game".equals(p.kind())) runGame(job, running, engine, p.settings());
            else runPosition(job, running, engine);
        } finally {
            job.engine = null;
            engine.resume();
            idleEngines.push(engine);
        }
        return job.snapshot();
    }

    private void runPosition(AnalysisJob job, RunningJob running, Engine engine) {
        engine.multiPv(job.multiPv);
        job.publish(job.with(AnalysisJob.Status.RUNNING, null, null, null, null));
        if (running.stopping()) engine.halt();
        SearchResult r = engine.search(job.position, job.limits,
                lines -> job.publish(job.with(null, lines, lines.get(0).pv().isEmpty() ? null : lines.get(0).pv().get(0), null, null)));
        AnalysisJob.Status end = running.cancelRequested() ? AnalysisJob.Status.CANCELLED : AnalysisJob.Status.DONE;
        job.publish(job.with(end, r.lines(), r.bestUsi(), null, 1));
        // A stopped search is as good as the depth it completed: worth caching too.
        if (r.depth() > 0) store(job, r);
    }

    private void runMate(AnalysisJob job, RunningJob running, MateLimits limits) {
        MateSolver solver = idleSolvers.poll();
        if (solver == null) solver = new MateSolver(mateHashMb);
        AtomicBoolean stop = new AtomicBoolean();
        running.onStop(() -> stop.set(true));
        try {
            job.publish(job.with(AnalysisJob.Status.RUNNING, null, null, null, null));
            MateResult r = solver.solve(job.position, limits, stop,
                    progress -> job.publish(job.withMate(null, AnalysisJob.Mate.of(progress), progress.line(), progress.nodes(), progress.timeMs())));
            AnalysisJob.Status end = running.cancelRequested() ? AnalysisJob.Status.CANCELLED : AnalysisJob.Status.DONE;
            job.publish(job.withMate(end, AnalysisJob.Mate.of(r), r.line(), r.nodes(), r.timeMs()));
        } finally {
            idleSolvers.push(solver);
        }
    }

    /**
     * Caches a search unless the cache knows as much already. A search knows as much as another of the same
     * engine version when it holds at least as many lines at least as deep; one of another version knows
     * nothing now. So the new row replaces the row of its line count if shallower or of another version, and
     * removes the rows it makes useless (fewer lines, no deeper; other versions); a deeper row is never
     * replaced by a shallower one.
     */
    private void store(AnalysisJob job, SearchResult r) {
        String lines = json(r.lines().stream().map(AnalysisJob.Line::of).toList());
        String version = EngineVersion.CURRENT;
        try {
            QuarkusTransaction.requiringNew().run(() -> {
                List<Evaluation> rows = Evaluation.of(job.rules.id, job.sfen);
                for (Evaluation e : rows)
                    if (version.equals(e.engineVersion) && e.multipv >= job.multiPv && e.depth >= r.depth()) return; // the cache already knows better
                Evaluation e = null;
                for (Evaluation row : rows) {
                    if (row.multipv == job.multiPv) e = row; // its slot (one row per line count)
                    else if (!version.equals(row.engineVersion) || (row.multipv < job.multiPv && row.depth <= r.depth())) row.delete();
                }
                if (e == null) {
                    e = new Evaluation();
                    e.rules = job.rules.id;
                    e.sfen = job.sfen;
                    e.multipv = job.multiPv;
                }
                e.depth = r.depth();
                e.nodes = r.nodes();
                e.timeMs = r.timeMs();
                e.bestMove = r.bestUsi();
                e.lines = lines;
                e.engineVersion = version;
                e.createdAt = Instant.now();
                e.persist();
            });
        } catch (RuntimeException e) {
            // Two jobs on one position finishing together: the other one's row stands. The cache is an optimisation.
            LOG.debugf("evaluation of %s not cached: %s", job.sfen, e.getMessage());
        }
    }

    private AnalysisJob.Snapshot fromCache(AnalysisJob job, Integer requestedDepth) {
        Cached c = cached(job.rules, job.sfen, job.multiPv);
        if (c == null) return null;
        boolean enough = requestedDepth != null ? c.depth() >= requestedDepth
                : (job.limits.nodes() > 0 ? c.nodes() >= job.limits.nodes() : c.timeMs() >= job.limits.movetimeMs());
        if (!enough) return null;
        AnalysisJob.Snapshot s = job.snapshot();
        List<AnalysisJob.Line> lines = c.pvs().subList(0, Math.min(job.multiPv, c.pvs().size()));
        return new AnalysisJob.Snapshot(job.id, AnalysisJob.Status.DONE, job.kind, job.rules.id, job.sfen, null, job.multiPv, c.depth(), 0,
                c.nodes(), c.timeMs() > 0 ? c.nodes() * 1000 / c.timeMs() : 0, c.timeMs(), c.bestMove(), lines, true, 1, 1, null, null,
                s.createdAt(), Instant.now(), c.engine(), c.version());
    }

    private void runGame(AnalysisJob job, RunningJob running, Engine engine, String settings) {
        engine.multiPv(1);
        engine.newGame();
        Game g = QuarkusTransaction.requiringNew().call(() -> Game.findById(job.gameId));
        if (g == null) throw new io.kifudb.jobs.JobFailedException("game " + job.gameId + " is no longer stored");
        List<String> moves = g.moves.isBlank() ? List.of() : List.of(g.moves.split(" "));
        job.publish(job.with(AnalysisJob.Status.RUNNING, null, null, null, 0));
        Position pos = Sfen.parse(job.rules, job.position.sfen());
        int n = moves.size();
        // evals[i]: position i from its side to move; ended[i]: the rules' verdict there, if the game is over
        AnalysisJob.Eval[] evals = new AnalysisJob.Eval[n + 1];
        String[] best = new String[n + 1];
        Status[] ended = new Status[n + 1];
        int[] movers = new int[n + 1];
        for (int i = 0; i <= n; i++) {
            if (running.stopping()) {
                job.publish(job.with(running.cancelRequested() ? AnalysisJob.Status.CANCELLED : null, null, null, null, i));
                return;
            }
            movers[i] = pos.sideToMove();
            Status st = pos.status();
            if (!st.isOngoing()) {
                ended[i] = st;
            } else {
                SearchResult r = engine.search(pos, job.limits, null);
                evals[i] = AnalysisJob.Eval.of(r.score());
                best[i] = r.bestUsi();
                job.publish(job.with(null, r.lines(), null, null, i + 1));
            }
            if (i < n) pos.play(moves.get(i));
        }
        if (running.stopping()) return; // the last search was cut short: a partial analysis is not stored
        List<Map<String, Object>> plies = new ArrayList<>();
        int blunders = 0, mistakes = 0, inaccuracies = 0;
        for (int i = 0; i < n; i++) {
            int before = value(evals[i], ended[i], movers[i]);
            // the position after the move, from the mover's side
            int after = -value(evals[i + 1], ended[i + 1], movers[i + 1]);
            int loss = Math.max(0, clamp(before) - clamp(after));
            String judgement = loss >= BLUNDER ? "blunder" : loss >= MISTAKE ? "mistake" : loss >= INACCURACY ? "inaccuracy" : null;
            if ("blunder".equals(judgement)) blunders++;
            else if ("mistake".equals(judgement)) mistakes++;
            else if ("inaccuracy".equals(judgement)) inaccuracies++;
            Map<String, Object> p = new java.util.LinkedHashMap<>();
            p.put("ply", i + 1);
            p.put("move", moves.get(i));
            p.put("best", best[i]);
            p.put("score", evals[i]);
            p.put("loss", loss);
            p.put("judgement", judgement);
            plies.add(p);
        }
        int b = blunders, m = mistakes, in = inaccuracies;
        String json = json(plies);
        QuarkusTransaction.requiringNew().run(() -> {
            GameAnalysis a = GameAnalysis.findById(job.gameId);
            if (a == null) {
                a = new GameAnalysis();
                a.gameId = job.gameId;
            }
            a.settings = settings;
            a.blunders = b;
            a.mistakes = m;
            a.inaccuracies = in;
            a.plies = json;
            a.createdAt = Instant.now();
            a.persist();
        });
        job.publish(job.with(AnalysisJob.Status.DONE, null, null, null, n + 1));
    }

    /**
     * Thresholds in centipawns of the mover's loss against the engine's best (scores clamped to
     * +-{@link #CLAMP} first, so that choosing a slower win or a longer defence is not called a blunder).
     */
    static final int INACCURACY = 50, MISTAKE = 100, BLUNDER = 300, CLAMP = 1000;

    private static int clamp(int v) {
        return Math.max(-CLAMP, Math.min(CLAMP, v));
    }

    /** A position's value for the side to move there: the engine's score, or the rules' verdict. */
    private static int value(AnalysisJob.Eval e, Status ended, int sideToMove) {
        if (ended != null) {
            String result = ended.result();
            if ("draw".equals(result)) return 0;
            boolean moverWins = ("sente".equals(result) && sideToMove == 0) || ("gote".equals(result) && sideToMove == 1);
            return moverWins ? 100_000 : -100_000;
        }
        return e == null ? 0 : e.comparable();
    }

    private static String newId() {
        return UUID.randomUUID().toString();
    }

    private static String json(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<AnalysisJob.Line> lines(String json, int multiPv) {
        try {
            List<AnalysisJob.Line> all = JSON.readValue(json, new TypeReference<List<AnalysisJob.Line>>() {});
            return all.subList(0, Math.min(multiPv, all.size()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a cached evaluation is not JSON", e);
        }
    }
}
