package io.kifudb.analysis;

import io.kifudb.engine.Experiment;
import io.kifudb.engine.SearchLimits;
import io.kifudb.engine.SelfPlay;
import io.kifudb.rules.RuleSet;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Rule experiments as jobs (see {@link Experiment}): one runs at a time, a few may wait, and every
 * setting a client sends is capped, so an experiment is always bounded work.
 */
@ApplicationScoped
public class ExperimentJobs {
    private static final Logger LOG = Logger.getLogger(ExperimentJobs.class);

    @ConfigProperty(name = "kifudb.experiments.queue-size", defaultValue = "2")
    int queueSize;
    @ConfigProperty(name = "kifudb.experiments.threads", defaultValue = "1")
    int threads;
    @ConfigProperty(name = "kifudb.experiments.max-games", defaultValue = "500")
    int maxGames;
    @ConfigProperty(name = "kifudb.experiments.max-nodes", defaultValue = "200000")
    long maxNodes;
    @ConfigProperty(name = "kifudb.experiments.max-plies", defaultValue = "1000")
    int maxPlies;

    private ThreadPoolExecutor executor;
    private final Map<String, Job> jobs = new ConcurrentHashMap<>();

    /** An experiment job as it stands. */
    @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "ExperimentJob", description = "A rule experiment: status, progress and, when done, the report")
    public record Snapshot(String id,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(enumeration = {"queued", "running", "done", "cancelled", "failed"}) String status,
                           List<String> rules, int games, int total, int done,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "null until the experiment has finished") Experiment.Report report,
                           @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "why the experiment failed (null unless it did)") String error,
                           Instant createdAt, @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "null until the experiment has finished") Instant finishedAt) {}

    private static final class Job {
        final String id = UUID.randomUUID().toString();
        final Instant createdAt = Instant.now();
        volatile boolean cancelled;
        volatile Snapshot snapshot;
    }

    public static final class InvalidRequestException extends RuntimeException {
        public final String field;

        public InvalidRequestException(String field, String message) {
            super(message);
            this.field = field;
        }
    }

    public static final class QueueFullException extends RuntimeException {
        public QueueFullException(String message) {
            super(message);
        }
    }

    void onStart(@Observes StartupEvent e) {
        executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(queueSize), r -> {
            Thread t = new Thread(r, "kifudb-experiment");
            t.setDaemon(true);
            return t;
        });
    }

    void onStop(@Observes ShutdownEvent event) {
        stopJobs();
    }

    /** Ends the jobs (also called before the JVM exits on a signal, see GracefulStop); a second call does nothing more. */
    public synchronized void stopJobs() {
        if (executor == null) return;
        jobs.values().forEach(j -> j.cancelled = true);
        executor.shutdownNow();
    }

    public Snapshot submit(List<RuleSet> rules, int games, Long nodes, Integer depth, int openingPlies, int plies, long seed) {
        if (rules.size() < 2) throw new InvalidRequestException("rules", "give two rule sets or more");
        if (games < 1 || games > maxGames) throw new InvalidRequestException("games", "games per rule set must be 1 to " + maxGames + " (kifudb.experiments.max-games)");
        long n = nodes == null ? 20_000 : nodes;
        if (n < 1 || n > maxNodes) throw new InvalidRequestException("nodes", "nodes per move must be 1 to " + maxNodes + " (kifudb.experiments.max-nodes)");
        if (depth != null && (depth < 1 || depth > 20)) throw new InvalidRequestException("depth", "depth must be 1 to 20");
        if (openingPlies < 0 || openingPlies > 40) throw new InvalidRequestException("openingPlies", "openingPlies must be 0 to 40");
        if (plies < 1 || plies > maxPlies) throw new InvalidRequestException("maxPlies", "maxPlies must be 1 to " + maxPlies);
        for (RuleSet r : rules)
            if (r.variant != rules.get(0).variant)
                throw new InvalidRequestException("rules", r.id + " is not played on the same board with the same pieces as " + rules.get(0).id);
        // Nodes bound every move (a depth alone could take long on a big position); depth, if given, stops earlier.
        SelfPlay.Settings settings = new SelfPlay.Settings(new SearchLimits(depth == null ? 0 : depth, 0, n, null, false), openingPlies, plies, 16);
        Job job = new Job();
        List<String> ids = rules.stream().map(r -> r.id).toList();
        int total = games * rules.size();
        job.snapshot = new Snapshot(job.id, "queued", ids, games, total, 0, null, null, job.createdAt, null);
        forgetOldFinished();
        jobs.put(job.id, job);
        try {
            executor.execute(() -> run(job, new Experiment.Spec(rules, games, settings, seed, threads)));
        } catch (RejectedExecutionException e) {
            jobs.remove(job.id);
            throw new QueueFullException("an experiment is running and " + queueSize + " are waiting; try again later");
        }
        return job.snapshot;
    }

    private void run(Job job, Experiment.Spec spec) {
        MDC.put("job", "experiment-" + job.id);
        try {
            runJob(job, spec);
            LOG.infof("experiment %s %s", job.id, job.snapshot.status());
        } finally {
            MDC.remove("job");
        }
    }

    private void runJob(Job job, Experiment.Spec spec) {
        Snapshot s = job.snapshot;
        if (job.cancelled) return;
        LOG.infof("experiment %s started: %s, %d games each", job.id, s.rules(), s.games());
        job.snapshot = new Snapshot(s.id(), "running", s.rules(), s.games(), s.total(), 0, null, null, s.createdAt(), null);
        try {
            Experiment.Report r = Experiment.run(spec, done -> {
                Snapshot c = job.snapshot;
                job.snapshot = new Snapshot(c.id(), c.status(), c.rules(), c.games(), c.total(), Math.max(c.done(), done), null, null, c.createdAt(), null);
            }, () -> job.cancelled);
            Snapshot c = job.snapshot;
            job.snapshot = new Snapshot(c.id(), job.cancelled ? "cancelled" : "done", c.rules(), c.games(), c.total(), c.done(), r, null,
                    c.createdAt(), Instant.now());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finishFailed(job, "interrupted by shutdown");
        } catch (RuntimeException e) {
            LOG.errorf(e, "experiment %s failed", job.id);
            finishFailed(job, "internal error: " + e.getMessage());
        }
    }

    private static void finishFailed(Job job, String error) {
        Snapshot c = job.snapshot;
        job.snapshot = new Snapshot(c.id(), "failed", c.rules(), c.games(), c.total(), c.done(), null, error, c.createdAt(), Instant.now());
    }

    /** Finished experiments kept in memory (their reports are small, but not without bound): the newest. */
    static final int KEPT_FINISHED = 100;

    private void forgetOldFinished() {
        List<Job> finished = jobs.values().stream().filter(j -> j.snapshot.finishedAt() != null)
                .sorted(java.util.Comparator.comparing((Job j) -> j.snapshot.finishedAt()).reversed()).toList();
        for (Job old : finished.subList(Math.min(KEPT_FINISHED, finished.size()), finished.size())) jobs.remove(old.id);
    }

    /** Whether the experiment is queued or running (false for a finished or unknown one). */
    public boolean active(String id) {
        Snapshot s = get(id);
        return s != null && (s.status().equals("queued") || s.status().equals("running"));
    }

    public Snapshot get(String id) {
        Job j = jobs.get(id);
        return j == null ? null : j.snapshot;
    }

    public Snapshot cancel(String id) {
        Job j = jobs.get(id);
        if (j == null) return null;
        j.cancelled = true;
        Snapshot s = j.snapshot;
        if ("queued".equals(s.status())) {
            j.snapshot = new Snapshot(s.id(), "cancelled", s.rules(), s.games(), s.total(), 0, null, null, s.createdAt(), Instant.now());
        }
        return j.snapshot;
    }
}
