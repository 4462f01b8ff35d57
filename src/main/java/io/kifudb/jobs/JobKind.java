package io.kifudb.jobs;

/**
 * One kind of job (import, analysis, experiment, ...): a CDI bean that {@link JobWorkers} finds by type.
 * Adding a kind is: a bean implementing this, a service that submits its jobs ({@link Jobs#submit}) and
 * reads them back ({@link Jobs#get}), and a resource. Claiming, leases, progress across instances,
 * cancellation and handing jobs back on shutdown are the same for every kind (docs/jobs.md).
 */
public interface JobKind {
    /** The kind's name in the job table (also the prefix of its jobs' log id, e.g. {@code import-12}). */
    String id();

    /** How many jobs of this kind one process runs at once (each on its own worker thread). */
    int workers();

    /**
     * Runs the job, or resumes it when it was claimed before ({@link RunningJob#attempt()} above 1, with its
     * {@link RunningJob#checkpoint()} and last progress as stored). It returns when the work is done, or early
     * when {@link RunningJob#stopping()} turns true (cancelled, the process is stopping, or the lease was lost);
     * the worker then records the job as done or cancelled with the returned result, or hands it back to the
     * queue. Throw {@link JobFailedException} for a job that cannot be done (its message is the job's error).
     *
     * @return the result to store as JSON (null: none; the job's progress then stands as its last state)
     */
    Object run(RunningJob job) throws Exception;

    /**
     * Whether finished jobs of this kind are removed once {@code kifudb.jobs.keep-finished} has passed since
     * they ended (imports keep theirs: their outcomes say what became of each record).
     */
    default boolean forgetFinished() {
        return true;
    }
}
