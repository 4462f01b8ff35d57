package io.kifudb.notation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.SfenException;
import io.kifudb.rules.Variants;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * lishogi's plain formats: a USI move list (one game per line, from the start position) and game
 * exports as NDJSON ({@code initial_sfen}, {@code moves}, optional {@code id}, {@code status},
 * {@code winner}, {@code players}). Both are read and written; an NDJSON line is read as one record of a
 * JSON document ({@link Records#readJsonLine}), so our own representation may be written one per line too.
 */
public final class LishogiRecords {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** lishogi's variant key for Chu Shogi, the only variant of ours that lishogi plays. */
    public static final String CHUSHOGI = "chushogi";

    /**
     * The shape of one lishogi USI move ({@code from[mid]to[+|=|?]}, formats.md §2.2), checked before
     * writing so that a move can never split into two or merge with its neighbour on the line.
     */
    private static final Pattern USI_MOVE = Pattern.compile("\\d{1,2}[a-z](\\d{1,2}[a-z])?\\d{1,2}[a-z][+=?]?");

    private LishogiRecords() {}

    // ------------------------------------------------------------------ reading

    /**
     * Reads every record of a text: NDJSON lines (starting with '{') and USI move lists may be mixed; a
     * blank line or one starting with '#' is no record.
     */
    public static List<GameRecord> read(String source, String text) {
        List<GameRecord> records = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            int record = records.size() + 1;
            records.add(line.startsWith("{") ? Records.readJsonLine(source, i + 1, record, line) : readUsiLine(source, i + 1, record, line));
        }
        return records;
    }

    /** A USI move list on line {@code lineNo}, the file's record number {@code record}. */
    public static GameRecord readUsiLine(String source, int lineNo, int record, String line) {
        List<String> moves = line.isBlank() ? List.of() : Arrays.asList(line.strip().split("\\s+"));
        return new GameRecord(source, lineNo, record, null, null, null, 0, moves, null, null, null, null, null, null);
    }

    /**
     * Puts the names of lishogi's {@code players} object ({@code players.sente.user.name}, or a plain
     * {@code name}, or the name as a string) under the {@code sente} and {@code gote} tags not set yet.
     */
    static void putPlayers(JsonNode game, Map<String, String> tags) {
        JsonNode players = game.get("players");
        if (players == null || !players.isObject()) return;
        for (String side : List.of(GameRecord.SENTE, GameRecord.GOTE)) {
            JsonNode p = players.get(side);
            if (p == null) continue;
            String name = p.isTextual() ? p.asText() : p.path("user").path("name").asText(p.path("name").asText(null));
            if (name != null && !name.isEmpty()) tags.putIfAbsent(side, name);
        }
    }

    /**
     * The record's {@code kind} field: absent is a game; {@code game} or {@code problem}; any other value makes
     * the record unreadable at the field's line {@code fieldLine} (a kind is never guessed).
     */
    static GameRecord.Kind kind(String value, String source, int lineNo, int record, int fieldLine) {
        if (value == null) return GameRecord.Kind.GAME;
        GameRecord.Kind kind = GameRecord.Kind.byId(value);
        if (kind == null)
            throw new RecordFormatException(source, fieldLine, record, "field 'kind' must be " + GameRecord.Kind.accepted()
                    + ", not \"" + value + "\"");
        return kind;
    }

    // ------------------------------------------------------------------ writing

    /**
     * The record as a lishogi USI move list: its moves as written, space-separated, on one line without a
     * line break. The format has no place for a start position, and a reader takes every line to start
     * from the rule set's start, so a game from any other position is refused rather than written as a
     * line that would read back as a different game. Nothing else of the record (players, result,
     * comments) is written.
     *
     * @throws UnwritableRecordException if the game does not start from the rule set's start position, or
     *                                   has no moves (an empty line is no record to a reader)
     * @throws IllegalArgumentException  if the start position is not a valid SFEN, or a move is not a USI move
     */
    public static String writeUsiLine(GameRecord record, RuleSet rules) {
        if (record.initialSfen() != null) {
            String start = canonicalSfen(rules, record.initialSfen());
            if (!start.equals(Position.start(rules).sfen()))
                throw new UnwritableRecordException("usi", "a USI move list always starts from the " + rules.id
                        + " start position, but this game starts from " + start);
        }
        if (record.moves().isEmpty())
            throw new UnwritableRecordException("usi", "the game has no moves, and an empty USI move list is no record");
        return joinMoves(record);
    }

    /**
     * The record as one line of lishogi's game export (NDJSON), without the line break: {@code id} (if the
     * record has one), {@code variant}, {@code initial_sfen} (the rule set's start when the record names
     * none), {@code moves} as one space-separated string of the moves as written, {@code status} and
     * {@code winner} as recorded, and {@code players} with each side's name where lishogi puts a user's
     * name ({@code players.sente.user.name}). lishogi has no rule set, event, date, site or comment keys,
     * so those are not written; a reader takes the line to be under chu-lishogi unless told otherwise.
     *
     * @throws UnwritableRecordException if the rule set's variant is not Chu Shogi
     * @throws IllegalArgumentException  if a move is not a USI move
     */
    public static String writeNdjson(GameRecord record, RuleSet rules) {
        if (rules.variant != Variants.CHU)
            throw new UnwritableRecordException("lishogi", "lishogi plays Chu Shogi, not the " + rules.variant.id + " variant");
        ObjectNode line = JSON.createObjectNode();
        if (record.id() != null) line.put("id", record.id());
        line.put("variant", CHUSHOGI);
        line.put("initial_sfen", record.initialSfen() != null ? record.initialSfen() : rules.variant.startSfen);
        line.put("moves", joinMoves(record));
        if (record.recordedStatus() != null) line.put("status", record.recordedStatus());
        if (record.recordedWinner() != null) line.put("winner", record.recordedWinner());
        String sente = record.tags().get(GameRecord.SENTE), gote = record.tags().get(GameRecord.GOTE);
        if (sente != null || gote != null) {
            ObjectNode players = line.putObject("players");
            if (sente != null) players.putObject(GameRecord.SENTE).putObject("user").put("name", sente);
            if (gote != null) players.putObject(GameRecord.GOTE).putObject("user").put("name", gote);
        }
        try {
            return JSON.writeValueAsString(line);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of strings always serialises", e);
        }
    }

    private static String joinMoves(GameRecord record) {
        List<String> moves = record.moves();
        for (int i = 0; i < moves.size(); i++) {
            String m = moves.get(i);
            if (m == null || !USI_MOVE.matcher(m).matches())
                throw new IllegalArgumentException("ply " + (i + 1) + ": not a USI move: '" + m + "'");
        }
        return String.join(" ", moves);
    }

    private static String canonicalSfen(RuleSet rules, String sfen) {
        try {
            return Sfen.parse(rules, sfen).sfen();
        } catch (SfenException e) {
            throw new IllegalArgumentException("invalid start position: " + e.getMessage(), e);
        }
    }
}
