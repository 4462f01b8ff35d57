package io.kifudb.jobs;

/** A job that cannot be done as asked (e.g. its files hold too many records): it ends as failed with this message. */
public class JobFailedException extends RuntimeException {
    public JobFailedException(String message) {
        super(message);
    }
}
