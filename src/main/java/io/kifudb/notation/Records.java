package io.kifudb.notation;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kifudb.rules.RuleSet;
import io.kifudb.text.Spelling;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads records in any supported format, detecting it from the text: a JSON document (our game
 * representation or one lishogi export), NDJSON (one lishogi export per line), Colin Adams' CSG, KIF/KI2,
 * or lishogi USI move lists (one game per line). Also writes our JSON game representation ({@link #toJson}).
 */
public final class Records {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The formats this reader knows; {@code detect} names one of them. */
    public enum Format { JSON, NDJSON, USI, CSG, KIF }

    private Records() {}

    public static Format detect(String text) {
        String t = text.strip();
        String[] head = t.split("\\r?\\n", 3);
        // Colin Adams' CSG: a format number, then the name of the setup file.
        if (head.length >= 2 && head[0].strip().matches("\\d") && head[1].strip().matches(".*\\.(data|fsy)")) return Format.CSG;
        if (t.startsWith("{") || t.startsWith("[")) {
            long objectLines = t.lines().filter(l -> l.strip().startsWith("{")).count();
            return objectLines > 1 && !t.startsWith("[") ? Format.NDJSON : Format.JSON;
        }
        // KIF / KI2: Japanese headers, numbered move lines or ▲△ moves.
        if (t.contains("手数----") || t.contains("手目") || t.contains("▲") || t.contains("☗") || t.contains("：")) return Format.KIF;
        return Format.USI;
    }

    /** Reads every record of the text; the rules field stays null unless the record names its rule set. */
    public static List<GameRecord> read(String source, String text) {
        return read(source, text, null);
    }

    /**
     * Reads every record of the text; {@code requested} (may be null) is the rule set the caller will judge
     * the records under. KIF needs it to read piece names: a KIF file does not say which game it records,
     * and the 13x13 variants name their pieces differently from Chu (whose names are the default). KIF and
     * CSG are replayed under it as they are read (their moves only become USI moves on the board); the
     * USI moves of the other formats are replayed by {@link Replay}.
     *
     * @throws RecordFormatException for a text that is no record at all (broken header, invalid JSON);
     *                               a record whose ply k is not a legal move is read up to ply k instead
     */
    public static List<GameRecord> read(String source, String text, RuleSet requested) {
        Format f = detect(text);
        return switch (f) {
            case NDJSON, USI -> LishogiRecords.read(source, text);
            case JSON -> readJsonDocument(source, text);
            case CSG -> Csg.read(source, text, requested == null ? RuleSet.CHU : requested, null);
            // Movement is the same under every Chu rule set; the requested rules judge the replay later.
            case KIF -> Kif.read(source, text, requested == null ? RuleSet.CHU : requested);
        };
    }

    /** The rule set a record falls under when neither the request nor the record names one. */
    public static String defaultRules(Format f) {
        return f == Format.CSG || f == Format.KIF ? "chu" : "chu-lishogi";
    }

    private static List<GameRecord> readJsonDocument(String source, String text) {
        JsonNode root;
        List<JsonRecordLines> lines;
        try {
            root = JSON.readTree(text);
            lines = recordLines(text);
        } catch (JsonProcessingException e) {
            throw new RecordFormatException(source, e.getLocation() == null ? 1 : e.getLocation().getLineNr(),
                    "not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("reading a string cannot fail", e);
        }
        List<GameRecord> out = new ArrayList<>();
        if (root.isArray()) {
            for (int i = 0; i < root.size(); i++) out.add(fromJson(source, i + 1, lines.get(i), root.get(i)));
        } else {
            out.add(fromJson(source, 1, lines.get(0), root));
        }
        return out;
    }

    /**
     * One record written on one line (of an NDJSON file: line {@code lineNo}, the file's record number
     * {@code record}): read as a record of a JSON document is, so a line of lishogi's export and a line of
     * our own representation (moves as an array or a string) read alike.
     */
    public static GameRecord readJsonLine(String source, int lineNo, int record, String line) {
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new RecordFormatException(source, lineNo, record, "not valid JSON: " + e.getOriginalMessage());
        }
        return fromJson(source, record, new JsonRecordLines(lineNo, Map.of(), List.of()), node);
    }

    /**
     * Where one record of a JSON document is written: the line it begins on, the line of each of its
     * fields, and the line of each element of its {@code moves} array.
     */
    private record JsonRecordLines(int line, Map<String, Integer> fields, List<Integer> moves) {
        int of(String field) {
            return fields.getOrDefault(field, line);
        }
    }

    /** The lines of the records of a JSON document (one per element of a top-level array, else one). */
    private static List<JsonRecordLines> recordLines(String text) throws IOException {
        List<JsonRecordLines> out = new ArrayList<>();
        try (JsonParser p = JSON.getFactory().createParser(text)) {
            JsonToken t = p.nextToken();
            if (t == JsonToken.START_ARRAY) {
                while ((t = p.nextToken()) != null && t != JsonToken.END_ARRAY) out.add(recordLines(p, t));
            } else if (t != null) {
                out.add(recordLines(p, t));
            }
        }
        return out;
    }

    private static JsonRecordLines recordLines(JsonParser p, JsonToken t) throws IOException {
        JsonRecordLines r = new JsonRecordLines(line(p), new HashMap<>(), new ArrayList<>());
        if (t != JsonToken.START_OBJECT) {
            p.skipChildren();
            return r;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            t = p.nextToken();
            r.fields.put(field, line(p)); // a repeated key: the last one counts, as for readTree
            if (field.equals("moves") && t == JsonToken.START_ARRAY) {
                r.moves.clear();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    r.moves.add(line(p));
                    p.skipChildren();
                }
            } else {
                p.skipChildren();
            }
        }
        return r;
    }

    private static int line(JsonParser p) {
        return p.currentTokenLocation().getLineNr();
    }

    /** The tags our JSON representation has as keys of their own; every other tag goes under {@code tags}. */
    private static final List<String> TOP_LEVEL_TAGS =
            List.of(GameRecord.SENTE, GameRecord.GOTE, GameRecord.EVENT, GameRecord.DATE, GameRecord.SITE);

    /**
     * One game as JSON: our representation ({@code rules}, {@code kind}, {@code initialSfen}, {@code moves} as an array
     * or a string, {@code sente}, {@code gote}, {@code event}, {@code date}, {@code site}, other tags in a
     * {@code tags} object, {@code comments} by ply, {@code status}, {@code winner}) or lishogi's export
     * ({@code initial_sfen}, {@code moves}, {@code status}, {@code winner}, {@code id}, {@code players}).
     * A field of the wrong type makes the record unreadable (at the field's line); an element of
     * {@code moves} that is not a string is the record's first illegal move.
     */
    private static GameRecord fromJson(String source, int record, JsonRecordLines at, JsonNode node) {
        if (node == null || !node.isObject())
            throw new RecordFormatException(source, at.line(), record, "a record must be a JSON object");
        JsonText f = new JsonText(source, record, at, node);
        refuseMisspeltMembers(f, node);
        String sfenField = node.hasNonNull("initialSfen") ? "initialSfen" : "initial_sfen";
        String sfen = f.text(sfenField);
        JsonNode movesNode = node.get("moves");
        List<String> moves = new ArrayList<>();
        List<Integer> moveLines = new ArrayList<>();
        MoveError stop = null;
        if (movesNode == null || movesNode.isNull()) {
            // no moves
        } else if (movesNode.isTextual()) {
            if (!movesNode.asText().isBlank())
                for (String m : movesNode.asText().strip().split("\\s+")) {
                    moves.add(m);
                    moveLines.add(at.of("moves"));
                }
        } else if (movesNode.isArray()) {
            for (int i = 0; i < movesNode.size(); i++) {
                JsonNode m = movesNode.get(i);
                int line = i < at.moves().size() ? at.moves().get(i) : at.of("moves");
                if (!m.isTextual()) {
                    stop = new MoveError(i + 1, m.toString(), line, "not a move: each move is a string, e.g. \"7g7f\"");
                    break;
                }
                moves.add(m.asText());
                moveLines.add(line);
            }
        } else {
            throw f.error("moves", "field 'moves' must be a string or an array of strings");
        }
        Map<String, String> tags = new HashMap<>();
        for (String key : TOP_LEVEL_TAGS) {
            String v = f.text(key);
            if (v != null) tags.put(key, v);
        }
        JsonNode more = node.get("tags");
        if (more != null && !more.isNull()) {
            if (!more.isObject()) throw f.error("tags", "'tags' must be an object of strings");
            more.properties().forEach(e -> {
                if (!e.getValue().isTextual()) throw f.error("tags", "tag '" + e.getKey() + "' must be a string");
                tags.putIfAbsent(e.getKey(), e.getValue().asText());
            });
        }
        LishogiRecords.putPlayers(node, tags);
        Map<Integer, String> comments = new HashMap<>();
        JsonNode c = node.get("comments");
        if (c != null && c.isObject()) {
            c.properties().forEach(e -> {
                try {
                    comments.put(Integer.parseInt(e.getKey()), e.getValue().asText());
                } catch (NumberFormatException ex) {
                    throw f.error("comments", "comment keys must be ply numbers, got '" + e.getKey() + "'");
                }
            });
        }
        String status = f.text("status");
        String winner = f.text("winner");
        // The API's own game JSON (GET /api/games/{id}) reads back too: its numeric id is the database's,
        // not the record's (that one is sourceId), and its result/reason stand for winner/status.
        JsonNode idNode = node.get("id");
        String id = idNode != null && idNode.isNumber() ? f.text("sourceId") : f.text("id");
        if (winner == null) {
            String result = f.text("result");
            if ("sente".equals(result) || "gote".equals(result)) winner = result;
        }
        if (status == null) status = f.text("reason");
        GameRecord.Kind kind = LishogiRecords.kind(f.text("kind"), source, at.line(), record, at.of("kind"));
        return new GameRecord(source, at.line(), record, id, f.text("rules"), sfen, at.of(sfenField), moves, moveLines, status, winner, tags,
                comments, stop, kind);
    }

    /** The members {@link #fromJson} reads. */
    private static final List<String> READ = List.of("rules", "kind", "initialSfen", "initial_sfen", "moves", "id", "sourceId",
            GameRecord.SENTE, GameRecord.GOTE, GameRecord.EVENT, GameRecord.DATE, GameRecord.SITE, "tags", "players", "comments",
            "status", "winner", "result", "reason");

    /**
     * Members written by the tools whose records we read that carry nothing we keep: the rest of the API's
     * game JSON (GET /api/games/{id}), our self-play lines ({@code engine}: the settings that played) and
     * problem files ({@code title}, {@code note}, {@code source}), and lishogi's game export (lila's export fields).
     */
    private static final Set<String> IGNORED = Set.of("plies", "source", "stoppedPly", "stoppedReason", "duplicate", "engine", "title",
            "note", "variant", "rated", "speed", "perf", "createdAt", "lastMoveAt", "clock", "clocks", "opening", "tournament", "swiss",
            "daysPerTurn", "analysis", "division", "sfen", "lastMove", "fullId", "kif", "csa", "bookmarked");

    /**
     * A member that is neither read nor known to be ignored is left alone too (lishogi's export grows new
     * members), except when it is a slip of the pen for one we read ({@code intialSfen}, {@code winer},
     * {@code Moves}): then the record would silently lose what its writer meant, so it is refused at the
     * member's line. Only one letter off, and only in names of five letters or more: short real words lie
     * a letter apart ({@code note} and {@code gote}, {@code data} and {@code date}).
     */
    private static void refuseMisspeltMembers(JsonText f, JsonNode node) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (READ.contains(name) || IGNORED.contains(name)) continue;
            Optional<String> meant = Spelling.slipFor(name, READ, name.length() >= 5 ? 1 : 0);
            if (meant.isPresent())
                throw f.error(name, "unknown field '" + name + "' (did you mean '" + meant.get() + "'?)");
        }
    }

    /** Reads the fields of one JSON record, naming the field's line when one has the wrong type. */
    private record JsonText(String source, int record, JsonRecordLines at, JsonNode node) {
        String text(String field) {
            JsonNode v = node.get(field);
            if (v == null || v.isNull()) return null;
            if (!v.isTextual()) throw error(field, "field '" + field + "' must be a string");
            return v.asText();
        }

        RecordFormatException error(String field, String message) {
            return new RecordFormatException(source, at.of(field), record, message);
        }
    }

    /**
     * The record in our JSON game representation, as one line of compact JSON:
     * {@code rules} (the rule set the record is under, always written so that a reader need not guess),
     * {@code id}, {@code kind} (for a problem; a record without it is a game), {@code initialSfen} (left out for the rule set's start when the record names none),
     * {@code moves} as an array of the moves as written, {@code status} and {@code winner} as recorded,
     * {@code sente}, {@code gote}, {@code event}, {@code date}, {@code site}, every other tag under
     * {@code tags}, and {@code comments} by ply. {@link #fromJson} reads back all of it; only the record's
     * source and line are not kept.
     */
    public static String toJson(GameRecord record, RuleSet rules) {
        ObjectNode game = JSON.createObjectNode();
        game.put("rules", rules.id);
        if (record.id() != null) game.put("id", record.id());
        // Written for problems only, so that the JSON of a game is as it always was.
        if (record.kind() != GameRecord.Kind.GAME) game.put("kind", record.kind().id);
        if (record.initialSfen() != null) game.put("initialSfen", record.initialSfen());
        var moves = game.putArray("moves");
        record.moves().forEach(moves::add);
        if (record.recordedStatus() != null) game.put("status", record.recordedStatus());
        if (record.recordedWinner() != null) game.put("winner", record.recordedWinner());
        for (String key : TOP_LEVEL_TAGS) {
            String v = record.tags().get(key);
            if (v != null) game.put(key, v);
        }
        // Sorted, so that the same record always gives the same text.
        Map<String, String> others = new TreeMap<>(record.tags());
        others.keySet().removeAll(TOP_LEVEL_TAGS);
        if (!others.isEmpty()) {
            ObjectNode tags = game.putObject("tags");
            others.forEach(tags::put);
        }
        if (!record.comments().isEmpty()) {
            ObjectNode comments = game.putObject("comments");
            new TreeMap<>(record.comments()).forEach((ply, text) -> comments.put(String.valueOf(ply), text));
        }
        try {
            return JSON.writeValueAsString(game);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of strings always serialises", e);
        }
    }
}
