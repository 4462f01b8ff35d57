package io.kifudb.jobs;

import io.kifudb.store.Job;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * This process's job workers: {@code kifudb.jobs.workers} threads (default: one per job a kind may run at
 * once here, {@link JobKind#workers()}), each claiming the oldest waiting job of any kind that still has
 * room in this process, running it, and recording how it ended. With {@code kifudb.jobs.workers=0} the
 * process runs no jobs (a pure API instance): jobs wait in the database for workers elsewhere.
 *
 * <p>A lease keeper thread, every {@link #TICK}: writes each running job's newest progress, reads the
 * cancel flags set by any instance (so a cancel stops the job within about a second), and renews the
 * leases every third of {@code kifudb.jobs.lease}. A job whose worker stops renewing (killed, or cut off
 * from the database) is claimed again by another worker once its lease has run out.
 *
 * <p>Stopping ({@link #stop()}, on shutdown and on SIGTERM): every running job is told to stop, and each
 * is handed back to the queue where it stands, so the next worker (here after a restart, or elsewhere)
 * resumes it.
 */
@ApplicationScoped
public class JobWorkers {
    private static final Logger LOG = Logger.getLogger(JobWorkers.class);
    /** How often the lease keeper writes progress and reads cancel flags. */
    static final Duration TICK = Duration.ofMillis(250);
    /** How long stopping waits for running jobs to reach a point where they can be handed back. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(20);

    @ConfigProperty(name = "kifudb.jobs.workers")
    Optional<Integer> configuredWorkers;

    /** How often an idle worker looks for jobs submitted on other instances (jobs submitted here wake it at once). */
    @ConfigProperty(name = "kifudb.jobs.poll", defaultValue = "500ms")
    Duration poll;

    @ConfigProperty(name = "kifudb.jobs.keep-finished", defaultValue = "24h")
    Duration keepFinished;

    @Inject
    Jobs jobs;

    @Inject
    @Any
    Instance<JobKind> kindBeans;

    @Inject
    MeterRegistry metrics;

    private final Map<String, JobKind> kinds = new LinkedHashMap<>();
    private final Map<String, AtomicInteger> runningByKind = new ConcurrentHashMap<>();
    private final Map<Long, RunningJob> running = new ConcurrentHashMap<>();
    private final List<Thread> threads = new ArrayList<>();
    private final Object claimLock = new Object();
    private final Object idle = new Object();
    /** After a claim found nothing: idle workers wait until then unless a job is submitted here. */
    private volatile long quietUntil;
    private volatile boolean stopping;
    private boolean stopped;
    private ScheduledExecutorService keeper;
    private String workerName;
    private long lastRenew;

    void onStart(@Observes StartupEvent event) {
        for (JobKind k : kindBeans) {
            kinds.put(k.id(), k);
            runningByKind.put(k.id(), new AtomicInteger());
            Gauge.builder("kifudb.jobs.running", runningByKind.get(k.id()), AtomicInteger::get)
                    .description("jobs running in this process").tag("kind", k.id()).register(metrics);
            Gauge.builder("kifudb.jobs.queued", this, w -> w.queued(k.id()))
                    .description("jobs waiting, over every instance").tag("kind", k.id()).register(metrics);
        }
        int n = configuredWorkers.orElseGet(() -> kinds.values().stream().mapToInt(JobKind::workers).sum());
        workerName = hostName() + "/" + ProcessHandle.current().pid();
        keeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kifudb-job-lease");
            t.setDaemon(true);
            return t;
        });
        keeper.scheduleWithFixedDelay(this::forgetOldJobs, 1, 600, TimeUnit.SECONDS);
        if (n <= 0) {
            LOG.info("no job workers in this process (kifudb.jobs.workers=0): jobs wait for the workers of other processes");
            return;
        }
        keeper.scheduleWithFixedDelay(this::keepLeases, TICK.toMillis(), TICK.toMillis(), TimeUnit.MILLISECONDS);
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(this::work, "kifudb-job-worker-" + (i + 1));
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        LOG.infof("%d job worker(s) in this process (%s), lease %s", n, workerName, jobs.lease());
    }

    void onStop(@Observes ShutdownEvent event) {
        stop();
    }

    void onSubmitted(@Observes Jobs.Submitted event) {
        quietUntil = 0;
        synchronized (idle) {
            idle.notifyAll();
        }
    }

    /** Jobs of a kind running in this process. */
    public int running(String kind) {
        AtomicInteger n = runningByKind.get(kind);
        return n == null ? 0 : n.get();
    }

    private double queued(String kind) {
        return jobs.count(kind, Job.QUEUED);
    }

    /**
     * Tells every running job to stop and hands each back to the queue once it has (also called before the
     * JVM exits on a signal, see GracefulStop); a second call does nothing more.
     */
    public void stop() {
        synchronized (this) {
            if (stopped) return;
            stopped = true;
        }
        stopping = true;
        synchronized (idle) {
            idle.notifyAll();
        }
        for (RunningJob j : running.values()) j.shutDown();
        long deadline = System.nanoTime() + STOP_WAIT.toNanos();
        for (Thread t : threads) {
            try {
                t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (!running.isEmpty())
            LOG.warnf("%d job(s) still running after %s; another worker takes them over when their lease runs out", running.size(), STOP_WAIT);
        if (keeper != null) {
            // and no tick of the lease keeper still talking to the database while it closes
            keeper.shutdown();
            try {
                if (!keeper.awaitTermination(10, TimeUnit.SECONDS)) LOG.warn("the job lease keeper did not stop within 10 s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    // ---------------------------------------------------------------- the workers

    private void work() {
        String name = workerName + "/" + Thread.currentThread().getName();
        while (!stopping) {
            Jobs.Claim claim = null;
            if (System.currentTimeMillis() >= quietUntil) {
                synchronized (claimLock) {
                    Set<String> room = new LinkedHashSet<>();
                    for (JobKind k : kinds.values()) if (runningByKind.get(k.id()).get() < k.workers()) room.add(k.id());
                    try {
                        claim = room.isEmpty() || stopping ? null : jobs.claim(room, name);
                    } catch (RuntimeException e) {
                        LOG.warnf("could not look for jobs (the database?): %s", e.getMessage());
                    }
                    if (claim != null) runningByKind.get(claim.kind()).incrementAndGet();
                    else if (!room.isEmpty()) quietUntil = System.currentTimeMillis() + poll.toMillis();
                }
            }
            if (claim == null) {
                synchronized (idle) {
                    try {
                        if (!stopping) idle.wait(poll.toMillis());
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                continue;
            }
            try {
                run(claim);
            } finally {
                runningByKind.get(claim.kind()).decrementAndGet();
            }
        }
    }

    private void run(Jobs.Claim claim) {
        JobKind kind = kinds.get(claim.kind());
        RunningJob job = new RunningJob(jobs, claim);
        running.put(claim.id(), job);
        MDC.put("job", claim.kind() + "-" + (claim.uid() != null ? claim.uid() : claim.id()));
        try {
            if (claim.abandoned()) LOG.infof("job %d (%s) taken over: its worker's lease ran out; claim %d", claim.id(), claim.kind(), claim.attempt());
            if (stopping) job.shutDown();
            Object result = job.cancelRequested() || stopping ? null : kind.run(job);
            end(job, result, null);
        } catch (LeaseLostException e) {
            job.lose();
            end(job, null, null);
        } catch (JobFailedException e) {
            end(job, null, e.getMessage());
        } catch (Exception | LinkageError | AssertionError e) {
            if (job.shuttingDown() || job.lost()) {
                LOG.debugf(e, "job %d stopped with an exception while stopping", claim.id());
                end(job, null, null);
            } else {
                LOG.errorf(e, "job %d (%s) failed", claim.id(), claim.kind());
                end(job, null, "internal error: " + e.getMessage());
            }
        } finally {
            running.remove(claim.id());
            MDC.remove("job");
        }
    }

    /** Records how a job ended: failed (error), lost (nothing to write), cancelled, handed back, or done. */
    private void end(RunningJob job, Object result, String error) {
        try {
            if (job.lost()) {
                LOG.warnf("job %d: another worker took it over (this worker's lease ran out); its work here is dropped", job.id());
            } else if (error != null) {
                jobs.finish(job.id(), job.attempt(), Job.FAILED, job.latestProgress(), result, error);
            } else if (job.cancelRequested()) {
                jobs.finish(job.id(), job.attempt(), Job.CANCELLED, job.latestProgress(), result, null);
            } else if (job.shuttingDown()) {
                jobs.release(job.id(), job.attempt(), job.latestProgress());
                LOG.infof("job %d handed back to the queue: this process is stopping", job.id());
            } else {
                jobs.finish(job.id(), job.attempt(), Job.DONE, job.latestProgress(), result, null);
            }
        } catch (LeaseLostException e) {
            LOG.warnf("job %d: another worker took it over before it ended here", job.id());
        } catch (RuntimeException e) {
            LOG.errorf(e, "job %d: could not record its end; another worker takes it over when its lease runs out", job.id());
        }
    }

    // ---------------------------------------------------------------- the lease keeper

    private void keepLeases() {
        // The jobs of this tick: one claimed while it runs is looked at in the next (its state was not read here).
        List<RunningJob> jobs = List.copyOf(running.values());
        if (jobs.isEmpty()) return;
        try {
            for (RunningJob j : jobs) if (!j.flushProgress()) j.lose();
            Map<Long, Jobs.State> states = this.jobs.states(jobs.stream().map(RunningJob::id).toList());
            for (RunningJob j : jobs) {
                Jobs.State s = states.get(j.id());
                if (s == null || s.attempt() != j.attempt() || !Job.RUNNING.equals(s.status())) j.lose();
                else if (s.cancelRequested() && !j.cancelRequested()) j.requestCancel();
            }
            long now = System.currentTimeMillis();
            if (now - lastRenew >= this.jobs.lease().toMillis() / 3) {
                for (RunningJob j : jobs) if (!j.lost() && !this.jobs.renew(j.id(), j.attempt())) j.lose();
                lastRenew = now;
            }
        } catch (RuntimeException e) {
            LOG.warnf("could not renew the leases of this process's jobs (the database?): %s", e.getMessage());
        }
    }

    private void forgetOldJobs() {
        try {
            Instant cutoff = Instant.now().minus(keepFinished);
            for (JobKind k : kinds.values()) {
                if (!k.forgetFinished()) continue;
                long n = jobs.forgetFinished(k.id(), cutoff);
                if (n > 0) LOG.debugf("forgot %d finished %s job(s) older than %s", n, k.id(), keepFinished);
            }
        } catch (RuntimeException e) {
            LOG.debugf("could not remove old finished jobs: %s", e.getMessage());
        }
    }

    private static String hostName() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) return env;
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "localhost";
        }
    }
}
