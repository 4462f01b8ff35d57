package io.kifudb.index;

import java.util.Locale;

/** A game's result as stored in the index (a small number, so aggregation reads one numeric column). */
public enum Outcome {
    ONGOING, SENTE, GOTE, DRAW;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The stored result column ({@code ongoing}, {@code sente}, {@code gote}, {@code draw}); anything else counts as ongoing. */
    public static Outcome of(String result) {
        if (result == null) return ONGOING;
        return switch (result) {
            case "sente" -> SENTE;
            case "gote" -> GOTE;
            case "draw" -> DRAW;
            default -> ONGOING;
        };
    }

    static Outcome ofCode(long code) {
        return code >= 0 && code < VALUES.length ? VALUES[(int) code] : ONGOING;
    }

    private static final Outcome[] VALUES = values();
}
