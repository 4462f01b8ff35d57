package io.kifudb.jobs;

/**
 * This worker no longer holds the job (its lease ran out and another worker claimed it, or it was removed): a
 * write on the job's behalf is refused, and the transaction it was part of rolls back, so the work is done
 * once, by the worker that holds the job.
 */
public class LeaseLostException extends RuntimeException {
    public LeaseLostException(long jobId) {
        super("job " + jobId + " is no longer held by this worker");
    }
}
