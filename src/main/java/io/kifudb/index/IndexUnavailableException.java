package io.kifudb.index;

/** The position index is closed (shutting down, or closed by an operator) and cannot answer now. */
public class IndexUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public IndexUnavailableException(String message) {
        super(message);
    }
}
