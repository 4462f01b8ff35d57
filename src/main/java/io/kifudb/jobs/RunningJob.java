package io.kifudb.jobs;

import io.quarkus.narayana.jta.QuarkusTransaction;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;

/**
 * A job as its kind's {@link JobKind#run} sees it while a worker of this process holds it: its parameters,
 * how far an earlier claim got, a way to report progress, and whether it should stop. The lease keeper of
 * {@link JobWorkers} renews the lease, writes the progress (at most a few times a second) and sets the stop
 * flags from the database.
 */
public final class RunningJob {
    private static final Logger LOG = Logger.getLogger(RunningJob.class);

    private final Jobs jobs;
    private final Jobs.Claim claim;
    private final List<Runnable> stopHooks = new CopyOnWriteArrayList<>();
    private final AtomicBoolean stopSignalled = new AtomicBoolean();
    private volatile boolean cancelRequested;
    private volatile boolean shuttingDown;
    private volatile boolean lost;
    /** The newest progress the kind reported, and the one last written to the database. */
    private volatile Object progress;
    private volatile Object written;

    RunningJob(Jobs jobs, Jobs.Claim claim) {
        this.jobs = jobs;
        this.claim = claim;
        this.cancelRequested = claim.cancelRequested();
    }

    public long id() {
        return claim.id();
    }

    /** The public id of kinds addressed by a UUID, else null. */
    public String uid() {
        return claim.uid();
    }

    public String kind() {
        return claim.kind();
    }

    /** How many times the job has been claimed, this claim included (above 1: it ran before). */
    public int attempt() {
        return claim.attempt();
    }

    /** Claimed from a worker whose lease ran out (killed, or cut off from the database). */
    public boolean abandonedByAnother() {
        return claim.abandoned();
    }

    public <T> T params(Class<T> type) {
        return Jobs.read(claim.params(), type);
    }

    /** The progress stored when the job was claimed (what an earlier claim got to), or null. */
    public <T> T storedProgress(Class<T> type) {
        return Jobs.read(claim.progress(), type);
    }

    /** How far the committed work of earlier claims reaches (see {@link #advance}). */
    public int checkpoint() {
        return claim.checkpoint();
    }

    /** The job's uploaded files. */
    public List<Jobs.File> files() {
        return jobs.files(claim.id());
    }

    /** A cancel was asked for (on any instance). */
    public boolean cancelRequested() {
        return cancelRequested;
    }

    /** The job should stop at the next point it can: cancelled, this process is stopping, or another worker took it over. */
    public boolean stopping() {
        return cancelRequested || shuttingDown || lost;
    }

    /** Runs when the job should stop (at once if it already should), e.g. to stop an engine's search. */
    public void onStop(Runnable hook) {
        stopHooks.add(hook);
        if (stopSignalled.get()) hook.run();
    }

    /** Reports progress; the lease keeper writes the newest report to the database within a moment. */
    public void progress(Object progress) {
        this.progress = progress;
    }

    /**
     * Inside the caller's transaction: stores the job's progress and checkpoint with the caller's own writes
     * (an import's stored games and their outcomes), so that a job claimed again resumes exactly after what
     * was committed. Checks under the row's lock that this worker still holds the job.
     *
     * @param update the new progress from the one stored (null when there is none yet)
     * @throws LeaseLostException when another worker holds the job now (the caller's transaction rolls back)
     */
    public <P> P advance(Class<P> type, UnaryOperator<P> update, int checkpoint) {
        try {
            return jobs.advance(claim.id(), claim.attempt(), type, update, checkpoint);
        } catch (LeaseLostException e) {
            lose();
            throw e;
        }
    }

    /** {@link #advance} in a transaction of its own. */
    public <P> P advanceNow(Class<P> type, UnaryOperator<P> update, int checkpoint) {
        return QuarkusTransaction.requiringNew().call(() -> advance(type, update, checkpoint));
    }

    // ---------------------------------------------------------------- for JobWorkers

    boolean shuttingDown() {
        return shuttingDown;
    }

    boolean lost() {
        return lost;
    }

    Object latestProgress() {
        return progress;
    }

    void requestCancel() {
        cancelRequested = true;
        signalStop();
    }

    void shutDown() {
        shuttingDown = true;
        signalStop();
    }

    void lose() {
        lost = true;
        signalStop();
    }

    private void signalStop() {
        if (!stopSignalled.compareAndSet(false, true)) return;
        for (Runnable hook : stopHooks) {
            try {
                hook.run();
            } catch (RuntimeException e) {
                LOG.warnf(e, "job %d: a stop hook failed", claim.id());
            }
        }
    }

    /** Writes the newest progress if it changed since the last write; false when the job is no longer ours. */
    boolean flushProgress() {
        Object p = progress;
        if (p == null || p == written) return true;
        if (!jobs.publish(claim.id(), claim.attempt(), p)) return false;
        written = p;
        return true;
    }
}
