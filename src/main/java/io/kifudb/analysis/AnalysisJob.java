package io.kifudb.analysis;

import io.kifudb.engine.Score;
import io.kifudb.engine.SearchInfo;
import io.kifudb.engine.SearchLimits;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;

import java.time.Instant;
import java.util.List;

/**
 * One analysis job: a position searched under limits (or, for a whole game, every position of it). Its
 * state is published as immutable {@link Snapshot}s, which the worker running it writes to the job's row
 * (a few times a second), so any instance reads them and readers never see a half-updated job.
 */
public final class AnalysisJob {
    public enum Status {
        QUEUED, RUNNING, DONE, CANCELLED, FAILED;

        @com.fasterxml.jackson.annotation.JsonValue
        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        public boolean finished() {
            return this != QUEUED && this != RUNNING;
        }
    }

    /**
     * A score from the side to move's point of view: centipawns, or moves to a forced end (positive: the
     * side to move wins), as lichess writes evaluations.
     */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    @org.eclipse.microprofile.openapi.annotations.media.Schema(description = "A score from the side to move: `cp` (centipawns) or `mate` (moves to a forced end, positive when the side "
            + "to move wins); the other member is left out.", minProperties = 1, maxProperties = 1)
    public record Eval(Integer cp, Integer mate) {
        public static Eval of(int score) {
            return Score.isDecided(score) ? new Eval(null, Score.moves(score)) : new Eval(score, null);
        }

        /** For comparing evaluations: a forced end counts as a very large score, sooner ends larger. */
        int comparable() {
            if (mate == null) return cp;
            return mate > 0 ? 100_000 - mate : -100_000 - mate;
        }
    }

    /** One principal variation. */
    public record Line(int multipv, int depth, Eval score, List<String> moves) {
        static Line of(SearchInfo i) {
            return new Line(i.multipv(), i.depth(), Eval.of(i.score()), List.copyOf(i.pv()));
        }
    }

    /** The job as it stands; {@code pvs}: the principal variations of the last completed depth, best first (design.md's name). */
    @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "AnalysisJob", description = "An analysis job: status, progress and what it found")
    public record Snapshot(String id, Status status, @org.eclipse.microprofile.openapi.annotations.media.Schema(enumeration = {"position", "game", "mate"}) String kind, String rules, String sfen,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "the game of a whole-game job (kind game); null for a position") Long gameId,
                           int multiPv, int depth, int seldepth, long nodes, long nps, long timeMs,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "null until the first depth is done") String bestMove, List<Line> pvs,
                           boolean cached, int positions, int positionsDone,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "a mate job's answer (kind mate); null for the others") Mate mate,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "why the job failed (null unless it did)") String error,
                           Instant createdAt, @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "null until the job has finished") Instant finishedAt,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "the engine that searched (`kifudb`); null while the job is queued") String engine,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "its version: that of the process that ran the job (in cluster mode a worker's, "
                                   + "which may differ from the instance answering), or of the cached evaluation; null while the job is queued") String version) {}

    /**
     * What a mate job (kind {@code mate}) established so far: a forced mate of {@code plies} plies whose main line is
     * the job's one line, that no mate by forcing moves exists, or neither, within the limits.
     */
    @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "MateAnswer", description = "A mate job's answer. `outcome`: `mate` (a forced mate of `plies` plies, its main line in "
            + "`pvs`), `no-mate` (proved: no mate by forcing moves of at most `noMateWithin` plies) or `not-found` (the limits ended the "
            + "search first; while the job runs, nothing found yet).")
    public record Mate(@org.eclipse.microprofile.openapi.annotations.media.Schema(enumeration = {"mate", "no-mate", "not-found"}) String outcome,
                       @org.eclipse.microprofile.openapi.annotations.media.Schema(description = "the mate's length in plies (both sides' moves), 0 without a mate") int plies,
                       @org.eclipse.microprofile.openapi.annotations.media.Schema(description = "a mate that no shorter mate by forcing moves exists for (a mate that starts with a quiet move may still be shorter)")
                       boolean shortest,
                       @org.eclipse.microprofile.openapi.annotations.media.Schema(description = "no mate by forcing moves exists within this many plies (0: nothing proved)") int noMateWithin) {
        static Mate of(io.kifudb.mate.MateResult r) {
            return switch (r.outcome()) {
                case MATE -> new Mate("mate", r.plies(), r.shortest(), r.shortest() ? r.plies() - 1 : 0);
                case NO_MATE -> new Mate("no-mate", 0, false, r.bound());
                default -> new Mate("not-found", 0, false, 0);
            };
        }

        static Mate of(io.kifudb.mate.MateProgress p) {
            return p.matePlies() > 0 ? new Mate("mate", p.matePlies(), false, 0) : new Mate("not-found", 0, false, 0);
        }
    }

    /**
     * What an analysis job is to do: its row's params. {@code kind}: {@code position} (one search) or
     * {@code game} (every position of a stored game, {@code positions} of them, judged as {@code settings}) or {@code mate}
     * (the mate solver on one position; {@code depth}: the longest mate looked for, in plies).
     */
    public record Params(String kind, String rules, String sfen, Long gameId, int depth, long movetimeMs, long nodes, int multiPv,
                         boolean useCache, int positions, String settings) {
        SearchLimits limits() {
            return new SearchLimits(depth, movetimeMs, nodes, null, false);
        }
    }

    final String id;
    final String kind;
    final RuleSet rules;
    final Position position;
    final String sfen;
    final Long gameId;
    final SearchLimits limits;
    final int multiPv;
    final boolean useCache;
    final Instant createdAt;
    /** The engine searching for this job while it runs, to stop it on cancel. */
    volatile io.kifudb.engine.Engine engine;
    private volatile Snapshot snapshot;
    /** Where published snapshots go besides this object (the job's row, through its worker). */
    private volatile java.util.function.Consumer<Snapshot> sink = s -> {};

    AnalysisJob(String id, String kind, RuleSet rules, Position position, Long gameId, SearchLimits limits, int multiPv,
                boolean useCache, int positions) {
        this(id, kind, rules, position, gameId, limits, multiPv, useCache, positions, Instant.now());
    }

    AnalysisJob(String id, String kind, RuleSet rules, Position position, Long gameId, SearchLimits limits, int multiPv,
                boolean useCache, int positions, Instant createdAt) {
        this.id = id;
        this.kind = kind;
        this.rules = rules;
        this.position = position;
        this.sfen = position == null ? null : position.sfen();
        this.gameId = gameId;
        this.limits = limits;
        this.multiPv = multiPv;
        this.useCache = useCache;
        this.createdAt = createdAt;
        this.snapshot = new Snapshot(id, Status.QUEUED, kind, rules.id, sfen, gameId, multiPv, 0, 0, 0, 0, 0, null, List.of(), false,
                positions, 0, "mate".equals(kind) ? new Mate("not-found", 0, false, 0) : null, null, createdAt, null, null, null);
    }

    public String id() {
        return id;
    }

    public Snapshot snapshot() {
        return snapshot;
    }

    void sendTo(java.util.function.Consumer<Snapshot> sink) {
        this.sink = sink;
    }

    void publish(Snapshot s) {
        snapshot = s;
        sink.accept(s);
    }

    /** A new snapshot with the given changes (null / negative: keep). */
    Snapshot with(Status status, List<SearchInfo> lines, String bestMove, String error, Integer positionsDone) {
        Snapshot s = snapshot;
        int depth = s.depth(), seldepth = s.seldepth();
        long nodes = s.nodes(), nps = s.nps(), time = s.timeMs();
        List<Line> ls = s.pvs();
        // this process searches for the job (a job cancelled while queued never did)
        boolean searched = status == Status.RUNNING || (lines != null && !lines.isEmpty());
        if (lines != null && !lines.isEmpty()) {
            SearchInfo best = lines.get(0);
            depth = best.depth();
            seldepth = best.seldepth();
            nodes = best.nodes();
            nps = best.nps();
            time = best.timeMs();
            ls = lines.stream().map(Line::of).toList();
        }
        return new Snapshot(id, status == null ? s.status() : status, kind, s.rules(), sfen, gameId, multiPv, depth, seldepth, nodes, nps,
                time, bestMove == null ? s.bestMove() : bestMove, ls, s.cached(), s.positions(),
                positionsDone == null ? s.positionsDone() : positionsDone, s.mate(), error == null ? s.error() : error, createdAt,
                status != null && status.finished() ? Instant.now() : s.finishedAt(),
                searched ? EngineVersion.ENGINE : s.engine(), searched ? EngineVersion.CURRENT : s.version());
    }

    /** A mate job's snapshot: the solver's counters, and its mate (if any) as the one line, scored in moves. */
    Snapshot withMate(Status status, Mate mate, List<String> line, long nodes, long timeMs) {
        Snapshot s = snapshot;
        List<Line> ls = line.isEmpty() ? List.of() : List.of(new Line(1, mate.plies(), new Eval(null, (mate.plies() + 1) / 2), List.copyOf(line)));
        return new Snapshot(id, status == null ? s.status() : status, kind, s.rules(), sfen, gameId, 1, mate.plies(), mate.plies(), nodes,
                timeMs > 0 ? nodes * 1000 / timeMs : 0, timeMs, line.isEmpty() ? null : line.get(0), ls, false, 1,
                status != null && status.finished() ? 1 : 0, mate, s.error(), createdAt, status != null && status.finished() ? Instant.now() : s.finishedAt(),
                EngineVersion.ENGINE, EngineVersion.CURRENT);
    }
}
