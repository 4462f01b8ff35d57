package io.kifudb.jobs;

/** A submission the admission check refused: the kind's queue is full, or a quota is reached. */
public class JobRefusedException extends RuntimeException {
    public enum Reason {
        /** {@link Jobs.Submission#queueLimit()} jobs of the kind are waiting. */
        QUEUE_FULL,
        /** the API key has {@code kifudb.jobs.per-key} jobs queued or running. */
        KEY_QUOTA,
        /** {@link Jobs.Submission#anonymousLimit()} jobs of the kind without a key are queued or running. */
        ANONYMOUS_QUOTA
    }

    public final Reason reason;
    /** the jobs that count against the limit, and the limit */
    public final long count, limit;

    public JobRefusedException(Reason reason, long count, long limit) {
        super(reason + ": " + count + " of " + limit);
        this.reason = reason;
        this.count = count;
        this.limit = limit;
    }
}
