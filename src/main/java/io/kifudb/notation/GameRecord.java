package io.kifudb.notation;

import java.util.List;

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
 */
public record GameRecord(String source, int line, String id, String rules, String initialSfen, List<String> moves,
                         String recordedStatus, String recordedWinner) {
    public GameRecord {
        moves = List.copyOf(moves);
    }
}
