package io.kifudb.analysis;

import io.kifudb.engine.Experiment;
import io.kifudb.engine.SearchLimits;
import io.kifudb.engine.SelfPlay;
import io.kifudb.jobs.InvalidJobRequestException;
import io.kifudb.jobs.JobKind;
import io.kifudb.jobs.JobRefusedException;
import io.kifudb.jobs.Jobs;
import io.kifudb.jobs.QueueFullException;
import io.kifudb.jobs.RunningJob;
import io.kifudb.rules.RuleSet;
import io.kifudb.store.Job;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Rule experiments as jobs (kind {@code experiment}, see {@link Experiment}): a few may wait, each process
 * runs {@code kifudb.experiments.workers} at once, and every setting a client sends is capped, so an
 * experiment is always bounded work. One that is claimed again (its worker died, or handed it back on
 * stopping) plays its games again from the start: the same seed gives the same games.
 */
@ApplicationScoped
public class ExperimentJobs implements JobKind {
    private static final Logger LOG = Logger.getLogger(ExperimentJobs.class);
    public static final String KIND = "experiment";

    @ConfigProperty(name = "kifudb.experiments.queue-size", defaultValue = "2")
    int queueSize;
    @ConfigProperty(name = "kifudb.experiments.workers", defaultValue = "1")
    int workers;
    @ConfigProperty(name = "kifudb.experiments.threads", defaultValue = "1")
    int threads;
    @ConfigProperty(name = "kifudb.experiments.max-games", defaultValue = "500")
    int maxGames;
    @ConfigProperty(name = "kifudb.experiments.max-nodes", defaultValue = "200000")
    long maxNodes;
    @ConfigProperty(name = "kifudb.experiments.max-plies", defaultValue = "1000")
    int maxPlies;

    @Inject
    Jobs jobs;

    /** An experiment job as it stands. */
    @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "ExperimentJob", description = "A rule experiment: status, progress and, when done, the report")
    public record Snapshot(String id,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(enumeration = {"queued", "running", "done", "cancelled", "failed"}) String status,
                           List<String> rules, int games, int total, int done,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "null until the experiment has finished") Experiment.Report report,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "why the experiment failed (null unless it did)") String error,
                           Instant createdAt, @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "null until the experiment has finished") Instant finishedAt) {}

    /** What an experiment is to do (its row's params). */
    record Params(List<String> rules, int games, long nodes, int depth, int openingPlies, int maxPlies, long seed) {}

    /** How far it got (its row's progress). */
    record Progress(int done) {}

    @Override
    public String id() {
        return KIND;
    }

    @Override
    public int workers() {
        return workers;
    }

    /** @param owner the API key's digest, for the per-key quota (null: not counted) */
    public Snapshot submit(List<RuleSet> rules, int games, Long nodes, Integer depth, int openingPlies, int plies, long seed, String owner) {
        if (rules.size() < 2) throw new InvalidJobRequestException("rules", "give two rule sets or more");
        if (games < 1 || games > maxGames) throw new InvalidJobRequestException("games", "games per rule set must be 1 to " + maxGames + " (kifudb.experiments.max-games)");
        long n = nodes == null ? 20_000 : nodes;
        if (n < 1 || n > maxNodes) throw new InvalidJobRequestException("nodes", "nodes per move must be 1 to " + maxNodes + " (kifudb.experiments.max-nodes)");
        if (depth != null && (depth < 1 || depth > 20)) throw new InvalidJobRequestException("depth", "depth must be 1 to 20");
        if (openingPlies < 0 || openingPlies > 40) throw new InvalidJobRequestException("openingPlies", "openingPlies must be 0 to 40");
        if (plies < 1 || plies > maxPlies) throw new InvalidJobRequestException("maxPlies", "maxPlies must be 1 to " + maxPlies);
        for (RuleSet r : rules)
            if (r.variant != rules.get(0).variant)
                throw new InvalidJobRequestException("rules", r.id + " is not played on the same board with the same pieces as " + rules.get(0).id);
        Params params = new Params(rules.stream().map(r -> r.id).toList(), games, n, depth == null ? 0 : depth, openingPlies, plies, seed);
        try {
            return snapshot(jobs.submit(Jobs.Submission.of(KIND, params).uid(UUID.randomUUID().toString()).progress(new Progress(0))
                    .owner(owner).queueLimit(queueSize)));
        } catch (JobRefusedException e) {
            if (e.reason != JobRefusedException.Reason.QUEUE_FULL) throw e;
            throw new QueueFullException(queueSize + " experiments are waiting; try again later");
        }
    }

    @Override
    public Object run(RunningJob job) throws InterruptedException {
        Params p = job.params(Params.class);
        List<RuleSet> rules = p.rules().stream().map(RuleSet::byId).toList();
        // Nodes bound every move (a depth alone could take long on a big position); depth, if given, stops earlier.
        SelfPlay.Settings settings = new SelfPlay.Settings(new SearchLimits(p.depth(), 0, p.nodes(), null, false), p.openingPlies(), p.maxPlies(), 16);
        LOG.infof("experiment %s started: %s, %d games each", job.uid(), p.rules(), p.games());
        job.progress(new Progress(0));
        int[] best = new int[1];
        Experiment.Report r = Experiment.run(new Experiment.Spec(rules, p.games(), settings, p.seed(), threads), done -> {
            synchronized (best) {
                best[0] = Math.max(best[0], done);
                job.progress(new Progress(best[0]));
            }
        }, job::stopping);
        LOG.infof("experiment %s %s", job.uid(), job.cancelRequested() ? "cancelled" : job.stopping() ? "stopped" : "done");
        return r;
    }

    public Snapshot get(String id) {
        Job j = jobs.byUid(KIND, id);
        return j == null ? null : snapshot(j);
    }

    /**
     * Cancels an experiment: a queued one at once; a running one stops after the games in progress, and its
     * report covers the games played.
     */
    public Snapshot cancel(String id) {
        Job j = jobs.byUid(KIND, id);
        if (j == null) return null;
        Job after = jobs.cancel(j.id);
        return after == null ? null : snapshot(after);
    }

    private static Snapshot snapshot(Job j) {
        Params p = Jobs.read(j.params, Params.class);
        Progress done = j.progress == null ? new Progress(0) : Jobs.read(j.progress, Progress.class);
        Experiment.Report report = Jobs.read(j.result, Experiment.Report.class);
        return new Snapshot(j.uid, j.status, p.rules(), p.games(), p.games() * p.rules().size(), done.done(), report, j.error, j.createdAt,
                j.finishedAt);
    }
}
