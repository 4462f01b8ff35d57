package io.kifudb.notation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * lishogi's plain formats: a USI move list (one game per line, from the start position) and game
 * exports as NDJSON ({@code initial_sfen}, {@code moves}, optional {@code id}, {@code status},
 * {@code winner}; other keys are ignored).
 */
public final class LishogiRecords {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LishogiRecords() {}

    /** Reads every record of a text: NDJSON lines (starting with '{') and USI move lists may be mixed. */
    public static List<GameRecord> read(String source, String text) {
        List<GameRecord> records = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            records.add(line.startsWith("{") ? readJson(source, i + 1, line) : readUsiLine(source, i + 1, line));
        }
        return records;
    }

    public static GameRecord readUsiLine(String source, int lineNo, String line) {
        List<String> moves = line.isBlank() ? List.of() : Arrays.asList(line.strip().split("\\s+"));
        return new GameRecord(source, lineNo, null, null, null, moves, null, null);
    }

    public static GameRecord readJson(String source, int lineNo, String line) {
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new RecordFormatException(source, lineNo, "not valid JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) throw new RecordFormatException(source, lineNo, "a record must be a JSON object");
        String sfen = text(node, "initial_sfen", source, lineNo);
        String movesText = text(node, "moves", source, lineNo);
        List<String> moves = movesText == null || movesText.isBlank() ? List.of() : Arrays.asList(movesText.strip().split("\\s+"));
        return new GameRecord(source, lineNo, text(node, "id", source, lineNo), text(node, "rules", source, lineNo),
                sfen, moves, text(node, "status", source, lineNo), text(node, "winner", source, lineNo));
    }

    private static String text(JsonNode node, String field, String source, int lineNo) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) return null;
        if (!v.isTextual()) throw new RecordFormatException(source, lineNo, "field '" + field + "' must be a string");
        return v.asText();
    }
}
