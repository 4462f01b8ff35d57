package io.kifudb.notation;

/** A record that cannot be read at all (before any move is checked), with its source line. */
public final class RecordFormatException extends RuntimeException {
    public final String source;
    public final int line;

    public RecordFormatException(String source, int line, String message) {
        super(message);
        this.source = source;
        this.line = line;
    }
}
