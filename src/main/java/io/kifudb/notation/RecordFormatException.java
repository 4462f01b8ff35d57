package io.kifudb.notation;

/**
 * A record that cannot be read at all (a broken header, a line that is no part of a record, JSON that is
 * not a record), as opposed to a record whose ply k is not a legal move ({@link MoveError}).
 */
public final class RecordFormatException extends RuntimeException {
    public final String source;
    /** 1-based line of the file where reading failed. */
    public final int line;
    /** 1-based number of the record in its file (1 in a file of one record). */
    public final int record;

    public RecordFormatException(String source, int line, String message) {
        this(source, line, 1, message);
    }

    public RecordFormatException(String source, int line, int record, String message) {
        super(message);
        this.source = source;
        this.line = line;
        this.record = record;
    }
}
