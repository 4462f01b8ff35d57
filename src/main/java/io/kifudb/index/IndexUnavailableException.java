package io.kifudb.index;

/**
 * The position index cannot answer now: it is being built from the database (a new instance, a
 * rebuild at startup), closed (shutting down, or closed by an operator) or off on this instance.
 */
public class IndexUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int retryAfterSeconds;

    /** @param retryAfterSeconds when to try again (for a Retry-After header), 0 if trying again will not help */
    public IndexUnavailableException(String message, int retryAfterSeconds) {
        super(message);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
