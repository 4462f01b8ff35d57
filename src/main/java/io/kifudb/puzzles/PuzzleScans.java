package io.kifudb.puzzles;

import io.kifudb.engine.Engine;
import io.kifudb.jobs.InvalidJobRequestException;
import io.kifudb.jobs.JobFailedException;
import io.kifudb.jobs.JobKind;
import io.kifudb.jobs.JobRefusedException;
import io.kifudb.jobs.Jobs;
import io.kifudb.jobs.QueueFullException;
import io.kifudb.jobs.RunningJob;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.store.Game;
import io.kifudb.store.Job;
import io.kifudb.store.Puzzle;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Puzzle scans as jobs (kind {@code puzzle-scan}): every position of the stored games of a rule set (or of
 * the games named) is searched with a node budget, and the positions {@link PuzzleFinder} calls puzzles are
 * kept, one per position. Games are scanned in id order; each game's puzzles are stored in one transaction
 * with the job's checkpoint (the last game done), so a scan claimed again goes on after the last game it
 * stored and a killed worker loses at most the game it was in.
 */
@ApplicationScoped
public class PuzzleScans implements JobKind {
    private static final Logger LOG = Logger.getLogger(PuzzleScans.class);
    public static final String KIND = "puzzle-scan";

    @ConfigProperty(name = "kifudb.puzzles.workers", defaultValue = "1")
    int workers;
    @ConfigProperty(name = "kifudb.puzzles.queue-size", defaultValue = "2")
    int queueSize;
    @ConfigProperty(name = "kifudb.puzzles.max-nodes", defaultValue = "1000000")
    long maxNodes;
    @ConfigProperty(name = "kifudb.puzzles.hash-mb", defaultValue = "16")
    int hashMb;

    @Inject
    Jobs jobs;

    /** A scan as it stands. */
    @Schema(name = "PuzzleScanJob", description = "A puzzle scan: status and progress")
    public record Snapshot(String id, @Schema(enumeration = {"queued", "running", "done", "cancelled", "failed"}) String status, String rules,
                           @Schema(nullable = true, enumeration = {"game", "problem"}, description = "which stored records of the rule set "
                                   + "are scanned when no games are listed (game: played games); null when the games are listed") String kind,
                           @Schema(description = "the games to scan") int games, int gamesDone,
                           @Schema(description = "positions searched so far") long positions,
                           @Schema(description = "new puzzles stored so far") int found, long nodes,
                           @Schema(nullable = true, description = "why the scan failed (null unless it did)") String error,
                           Instant createdAt, @Schema(nullable = true, description = "null until the scan has finished") Instant finishedAt) {}

    /**
     * What a scan is to do: the games of a rule set, those listed (ids ascending) or else every stored record of
     * the kind ({@code game} or {@code problem}; null in scans queued before kinds were told apart: every record).
     */
    record Params(String rules, List<Long> gameIds, String kind, long nodes, int games) {}

    /** How far it got. */
    record Progress(int gamesDone, long positions, int found) {}

    @Override
    public String id() {
        return KIND;
    }

    @Override
    public int workers() {
        return workers;
    }

    /**
     * @param gameIds the games to scan (null: every stored record of the kind under the rule set)
     * @param kind    with no games listed, which records: {@code game} (played games, the default) or
     *                {@code problem} (composed problems, puzzles already); null with games listed
     * @param owner   the API key's digest, for the per-key quota
     */
    public Snapshot submit(RuleSet rules, List<Long> gameIds, String kind, Long nodes, String owner) {
        long n = nodes == null ? 20_000 : nodes;
        if (n < 1 || n > maxNodes) throw new InvalidJobRequestException("nodes", "nodes per position must be 1 to " + maxNodes + " (kifudb.puzzles.max-nodes)");
        List<Long> ids = null;
        int games;
        if (gameIds != null) {
            if (kind != null) throw new InvalidJobRequestException("kind", "kind chooses the games when none are listed; listed games are scanned as listed");
            if (gameIds.isEmpty()) throw new InvalidJobRequestException("games", "games, when given, names at least one game");
            // each id is checked, in the request's order, before they are sorted: a null one is named, not sorted
            for (int i = 0; i < gameIds.size(); i++) {
                Long id = gameIds.get(i);
                if (id == null) throw new InvalidJobRequestException("games[" + i + "]", "games[" + i + "] is null: a game is named by its id");
                Game g = QuarkusTransaction.joiningExisting().call(() -> Game.findById(id));
                if (g == null) throw new InvalidJobRequestException("games[" + i + "]", "no game with id " + id);
                if (!g.rules.equals(rules.id)) throw new InvalidJobRequestException("games[" + i + "]", "game " + id + " is played under " + g.rules + ", not " + rules.id);
            }
            ids = gameIds.stream().distinct().sorted().toList();
            games = ids.size();
        } else {
            if (kind == null) kind = "game";
            String k = kind;
            games = (int) (long) QuarkusTransaction.joiningExisting().call(() -> Game.count("rules = ?1 and kind = ?2", rules.id, k));
        }
        try {
            return snapshot(jobs.submit(Jobs.Submission.of(KIND, new Params(rules.id, ids, kind, n, games)).uid(UUID.randomUUID().toString())
                    .progress(new Progress(0, 0, 0)).owner(owner).queueLimit(queueSize)));
        } catch (JobRefusedException e) {
            if (e.reason != JobRefusedException.Reason.QUEUE_FULL) throw e;
            throw new QueueFullException(queueSize + " puzzle scans are waiting; try again later");
        }
    }

    public Snapshot get(String id) {
        Job j = jobs.byUid(KIND, id);
        return j == null ? null : snapshot(j);
    }

    /**
     * Cancels a scan: a queued one never runs; a running one (on whichever worker) stops within moments,
     * keeping the puzzles of the games it finished (the game it was in is left unscanned).
     */
    public Snapshot cancel(String id) {
        Job j = jobs.byUid(KIND, id);
        if (j == null) return null;
        Job after = jobs.cancel(j.id);
        return after == null ? null : snapshot(after);
    }

    private static Snapshot snapshot(Job j) {
        Params p = Jobs.read(j.params, Params.class);
        // a finished scan's result is its last progress, as the run returned it (the row's progress may lag behind)
        String last = j.result != null ? j.result : j.progress;
        Progress g = last == null ? new Progress(0, 0, 0) : Jobs.read(last, Progress.class);
        return new Snapshot(j.uid, j.status, p.rules(), p.kind(), p.games(), g.gamesDone(), g.positions(), g.found(), p.nodes(), j.error, j.createdAt,
                j.finishedAt);
    }

    @Override
    public Object run(RunningJob job) {
        Params p = job.params(Params.class);
        RuleSet rules = RuleSet.byId(p.rules());
        long limits = p.nodes();
        String settings = "nodes=" + p.nodes() + ",confirm=" + p.nodes() * PuzzleFinder.CONFIRM_FACTOR;
        Engine engine = new Engine().hashMegabytes(hashMb);
        job.onStop(engine::halt);
        Progress stored = job.storedProgress(Progress.class);
        Progress progress = stored == null ? new Progress(0, 0, 0) : stored;
        long after = job.checkpoint();
        LOG.infof("puzzle scan %s started: %s, %d games, after game %d", job.uid(), rules.id, p.games(), after);
        while (!job.stopping()) {
            long last = after;
            Game g = QuarkusTransaction.requiringNew().call(() -> next(p, last));
            if (g == null) break;
            List<Puzzle> found = scan(engine, rules, g, limits, settings, job);
            if (job.stopping()) break; // the game was cut short: scanned again on the next claim
            long positions = progress.positions() + g.plies + 1;
            int checkpoint = Math.toIntExact(g.id);
            progress = store(job, found, progress, positions, checkpoint);
            after = g.id;
        }
        LOG.infof("puzzle scan %s %s: %d games, %d puzzles", job.uid(), job.stopping() ? "stopped" : "done", progress.gamesDone(), progress.found());
        return progress;
    }

    /**
     * Stores a game's puzzles (those not known yet) with the job's checkpoint, in one transaction; the
     * progress is written only here, with them (never through RunningJob.progress, whose later flush could
     * put an older count back). A scan on another process storing one of the positions at the same moment
     * fails this transaction on the unique index: tried once more, it then finds that position known.
     */
    private static Progress store(RunningJob job, List<Puzzle> found, Progress before, long positions, int checkpoint) {
        for (int attempt = 1; ; attempt++) {
            try {
                return QuarkusTransaction.requiringNew().call(() -> {
                    int added = 0;
                    for (Puzzle z : found) {
                        if (Puzzle.known(z.rules, z.sfen)) continue;
                        Puzzle row = copy(z);
                        row.persist();
                        added++;
                    }
                    Progress now = new Progress(before.gamesDone() + 1, positions, before.found() + added);
                    return job.advance(Progress.class, old -> now, checkpoint);
                });
            } catch (io.kifudb.jobs.LeaseLostException e) {
                throw e;
            } catch (RuntimeException e) {
                if (attempt >= 2) throw e;
                LOG.debugf("puzzle scan %s: storing a game's puzzles again after %s", job.uid(), e.getMessage());
            }
        }
    }

    /** A fresh entity of the puzzle, so that a transaction tried again persists no detached row. */
    private static Puzzle copy(Puzzle z) {
        Puzzle c = new Puzzle();
        c.rules = z.rules;
        c.sfen = z.sfen;
        c.themes = new java.util.HashSet<>(z.themes);
        c.solution = z.solution;
        c.mateIn = z.mateIn;
        c.scoreCp = z.scoreCp;
        c.marginCp = z.marginCp;
        c.gameId = z.gameId;
        c.ply = z.ply;
        c.settings = z.settings;
        c.createdAt = z.createdAt;
        return c;
    }

    /** The next game to scan after the given id, or null. */
    private static Game next(Params p, long after) {
        if (p.gameIds() != null) {
            for (long id : p.gameIds())
                if (id > after) {
                    Game g = Game.findById(id);
                    if (g != null) return g;
                }
            return null;
        }
        if (p.kind() == null) return Game.find("rules = ?1 and id > ?2 order by id", p.rules(), after).firstResult();
        return Game.find("rules = ?1 and kind = ?2 and id > ?3 order by id", p.rules(), p.kind(), after).firstResult();
    }

    /** The puzzles of one game, each position searched once (a position the game repeats is one puzzle). */
    private static List<Puzzle> scan(Engine engine, RuleSet rules, Game g, long limits, String settings, RunningJob job) {
        List<String> moves = g.moves.isBlank() ? List.of() : List.of(g.moves.split(" "));
        Position pos = Sfen.parse(rules, g.initialSfen);
        List<Puzzle> found = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        engine.newGame();
        try {
            for (int ply = 0; ply <= moves.size() && !job.stopping(); ply++) {
                String sfen = pos.sfen();
                if (seen.add(sfen)) {
                    PuzzleFinder.Found f = PuzzleFinder.examine(engine, pos, limits);
                    if (f != null) found.add(puzzle(rules, sfen, f, g.id, ply, settings));
                }
                if (ply < moves.size()) pos.play(moves.get(ply));
            }
        } catch (io.kifudb.rules.IllegalMoveException e) {
            // stored games were replayed by the rules when they were stored
            throw new JobFailedException("game " + g.id + " does not replay: " + e.getMessage());
        }
        return found;
    }

    private static Puzzle puzzle(RuleSet rules, String sfen, PuzzleFinder.Found f, long gameId, int ply, String settings) {
        Puzzle z = new Puzzle();
        z.rules = rules.id;
        z.sfen = sfen;
        z.themes = new java.util.HashSet<>(f.themes());
        z.solution = String.join(" ", f.solution());
        z.mateIn = f.mateIn();
        z.scoreCp = f.scoreCp();
        z.marginCp = f.marginCp();
        z.gameId = gameId;
        z.ply = ply;
        z.settings = settings;
        z.createdAt = Instant.now();
        return z;
    }
}
