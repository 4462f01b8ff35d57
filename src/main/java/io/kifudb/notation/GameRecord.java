package io.kifudb.notation;

import java.util.List;
import java.util.Map;

/**
 * A game as a record states it, before the rules have checked it: start position, moves as written,
 * and what the source says about the result.
 *
 * @param source        where the record came from (file name or "stdin"), for error messages
 * @param line          1-based line of the record in its source
 * @param id            the record's own id, if it has one
 * @param rules         rule set named by the record, or null
 * @param initialSfen   start position, or null for the rule set's start position
 * @param moves         the moves as written (USI)
 * @param recordedStatus the source's result keyword (lishogi: royalsLost, bareKing, resign ...), or null
 * @param recordedWinner sente, gote, or null
 * @param tags           metadata under normalised keys ({@link #SENTE}, {@link #GOTE}, {@link #EVENT},
 *                       {@link #DATE}, {@link #SITE}, {@link #HANDICAP}, ...), never null
 * @param comments       comments by ply (0 = before the first move), never null
 */
public record GameRecord(String source, int line, String id, String rules, String initialSfen, List<String> moves,
                         String recordedStatus, String recordedWinner, Map<String, String> tags,
                         Map<Integer, String> comments) {
    public static final String SENTE = "sente", GOTE = "gote", EVENT = "event", DATE = "date", SITE = "site",
            HANDICAP = "handicap", RESULT = "result";

    public GameRecord {
        moves = List.copyOf(moves);
        tags = tags == null ? Map.of() : Map.copyOf(tags);
        comments = comments == null ? Map.of() : Map.copyOf(comments);
    }

    public GameRecord(String source, int line, String id, String rules, String initialSfen, List<String> moves,
                      String recordedStatus, String recordedWinner) {
        this(source, line, id, rules, initialSfen, moves, recordedStatus, recordedWinner, null, null);
    }
}
