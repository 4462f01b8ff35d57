package io.kifudb.notation;

/**
 * A record that a format cannot express, such as a USI move list for a game that does not start from
 * the rule set's start position: writing it would give a text that reads back as another game.
 */
public final class UnwritableRecordException extends IllegalArgumentException {
    /** The format that cannot express the record ({@code usi}, {@code csg}, ...). */
    public final String format;

    public UnwritableRecordException(String format, String message) {
        super(message);
        this.format = format;
    }
}
