package io.kifudb.jobs;

/** A job refused because its kind's queue is full, with the kind's own explanation; the API answers 429. */
public final class QueueFullException extends RuntimeException {
    public QueueFullException(String message) {
        super(message);
    }
}
