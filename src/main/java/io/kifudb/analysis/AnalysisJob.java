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
    public record Snapshot(String id, Status status, @org.eclipse.microprofile.openapi.annotations.media.Schema(enumeration = {"position", "game"}) String kind, String rules, String sfen,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "the game of a whole-game job (kind game); null for a position") Long gameId,
                           int multiPv, int depth, int seldepth, long nodes, long nps, long timeMs,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "null until the first depth is done") String bestMove, List<Line> pvs,
                           boolean cached, int positions, int positionsDone,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "why the job failed (null unless it did)") String error,
                           Instant createdAt, @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "null until the job has finished") Instant finishedAt) {}

    /**
     * What an analysis job is to do: its row's params. {@code kind}: {@code position} (one search) or
     * {@code game} (every position of a stored game, {@code positions} of them, judged as {@code settings}).
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
                positions, 0, null, createdAt, null);
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
                positionsDone == null ? s.positionsDone() : positionsDone, error == null ? s.error() : error, createdAt,
                status != null && status.finished() ? Instant.now() : s.finishedAt());
    }
}
