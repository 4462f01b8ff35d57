package io.kifudb.notation;

import java.util.List;
import java.util.Map;

/**
 * A game as a record states it, before the rules have checked it: start position, moves as written,
 * and what the source says about the result.
 *
 * @param source        where the record came from (file name or "stdin"), for error messages
 * @param line          1-based line of the file where the record begins
 * @param record        1-based number of the record in its file (1 in a file of one record)
 * @param id            the record's own id, if it has one
 * @param rules         rule set named by the record, or null
 * @param initialSfen   start position, or null for the rule set's start position
 * @param startLine     the line of the file where the start position is written (0: the record's line)
 * @param moves         the moves as written (USI); for a record the reader stopped in, the moves before the stop
 * @param moveLines     the line of the file where each move is written (same size as moves), or empty when
 *                      every move is on the record's line
 * @param recordedStatus the source's result keyword (lishogi: royalsLost, bareKing, resign ...), or null
 * @param recordedWinner sente, gote, or null
 * @param tags           metadata under normalised keys ({@link #SENTE}, {@link #GOTE}, {@link #EVENT},
 *                       {@link #DATE}, {@link #SITE}, {@link #HANDICAP}, ...), never null
 * @param comments       comments by ply (0 = before the first move), never null
 * @param stop           the first ply that the reader could not turn into a legal move (it read no move
 *                       after it), or null; {@link Replay} reports it after the moves before it
 * @param kind           a played game, or a composed problem (start position + solution); only our JSON
 *                       records say so ({@code kind}), every other record is a game
 */
public record GameRecord(String source, int line, int record, String id, String rules, String initialSfen, int startLine,
                         List<String> moves,
                         List<Integer> moveLines, String recordedStatus, String recordedWinner, Map<String, String> tags,
                         Map<Integer, String> comments, MoveError stop, Kind kind) {
    public static final String SENTE = "sente", GOTE = "gote", EVENT = "event", DATE = "date", SITE = "site",
            HANDICAP = "handicap", RESULT = "result";

    /** What a record holds: a game that was played, or a problem (a composed start and its solution line). */
    public enum Kind {
        GAME, PROBLEM;

        /** The name records, the database and the API use: {@code game}, {@code problem}. */
        public final String id = name().toLowerCase(java.util.Locale.ROOT);

        /** The kind of that name, or null for any other text (the caller refuses it: a kind is never guessed). */
        public static Kind byId(String id) {
            for (Kind k : values()) if (k.id.equals(id)) return k;
            return null;
        }

        /** The accepted names, for error messages: {@code "game" or "problem"}. */
        public static String accepted() {
            List<String> quoted = java.util.Arrays.stream(values()).map(k -> "\"" + k.id + "\"").toList();
            return String.join(", ", quoted.subList(0, quoted.size() - 1)) + " or " + quoted.get(quoted.size() - 1);
        }
    }

    /** A game record ({@link Kind#GAME}): every format but our JSON has no way to say otherwise. */
    public GameRecord(String source, int line, int record, String id, String rules, String initialSfen, int startLine,
                      List<String> moves, List<Integer> moveLines, String recordedStatus, String recordedWinner,
                      Map<String, String> tags, Map<Integer, String> comments, MoveError stop) {
        this(source, line, record, id, rules, initialSfen, startLine, moves, moveLines, recordedStatus, recordedWinner, tags,
                comments, stop, Kind.GAME);
    }

    public GameRecord {
        if (kind == null) throw new IllegalArgumentException("a record is a game or a problem, never of no kind");
        if (startLine <= 0) startLine = line;
        moves = List.copyOf(moves);
        moveLines = moveLines == null ? List.of() : List.copyOf(moveLines);
        if (!moveLines.isEmpty() && moveLines.size() != moves.size())
            throw new IllegalArgumentException(moves.size() + " moves but " + moveLines.size() + " move lines");
        if (stop != null && stop.ply() != moves.size() + 1)
            throw new IllegalArgumentException("a reader stops at the ply after its moves, not at ply " + stop.ply());
        tags = tags == null ? Map.of() : Map.copyOf(tags);
        comments = comments == null ? Map.of() : Map.copyOf(comments);
    }

    /** A record of its own (record 1), all of it on one line, read to the end. */
    public GameRecord(String source, int line, String id, String rules, String initialSfen, List<String> moves,
                      String recordedStatus, String recordedWinner, Map<String, String> tags,
                      Map<Integer, String> comments) {
        this(source, line, 1, id, rules, initialSfen, 0, moves, null, recordedStatus, recordedWinner, tags, comments, null);
    }

    public GameRecord(String source, int line, String id, String rules, String initialSfen, List<String> moves,
                      String recordedStatus, String recordedWinner) {
        this(source, line, id, rules, initialSfen, moves, recordedStatus, recordedWinner, null, null);
    }

    /** The line of the file where the move of 0-based index {@code i} is written. */
    public int moveLine(int i) {
        return moveLines.isEmpty() ? line : moveLines.get(i);
    }
}
