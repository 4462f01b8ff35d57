package io.kifudb.rules;

/** A position string that cannot be read, with what is wrong. */
public final class SfenException extends RuntimeException {
    public SfenException(String message) {
        super(message);
    }
}
