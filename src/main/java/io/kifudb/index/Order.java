package io.kifudb.index;

import java.util.Locale;

/**
 * How hits are sorted: a field and a direction, written {@code date} or {@code -date} (descending).
 * Games without a value (no date, no player name) come last either way. Ties are broken by game id in
 * the same direction, so paging is stable.
 */
public record Order(Field field, boolean descending) {

    public enum Field { DATE, SENTE, GOTE, PLY, PLIES, ID }

    /** Newest games first: the explorer's and the position search's default. */
    public static final Order NEWEST = new Order(Field.DATE, true);

    /** The fields accepted by {@link #parse}, for error messages and API docs. */
    public static final String ACCEPTED = "date, sente, gote, ply, plies, id (prefix '-' for descending)";

    /**
     * @throws IllegalArgumentException for an unknown field
     */
    public static Order parse(String s) {
        if (s == null || s.isBlank()) return NEWEST;
        String t = s.trim();
        boolean desc = t.startsWith("-");
        if (desc || t.startsWith("+")) t = t.substring(1);
        for (Field f : Field.values())
            if (f.name().toLowerCase(Locale.ROOT).equals(t)) return new Order(f, desc);
        throw new IllegalArgumentException("unknown sort '" + s + "'; accepted: " + ACCEPTED);
    }

    @Override
    public String toString() {
        return (descending ? "-" : "") + field.name().toLowerCase(Locale.ROOT);
    }
}
