package io.kifudb.api;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.importer.GameImporter;
import io.kifudb.notation.Csg;
import io.kifudb.notation.GameRecord;
import io.kifudb.notation.Kif;
import io.kifudb.notation.LishogiRecords;
import io.kifudb.notation.RecordFormatException;
import io.kifudb.notation.Records;
import io.kifudb.notation.Replay;
import io.kifudb.notation.UnwritableRecordException;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.Status;
import io.kifudb.store.Game;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Sort;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.net.URI;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Importing one record, and reading stored games. */
@Path("/api/games")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Games", description = "Import one record; read and search stored games")
public class GamesResource {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** lishogi's media type for its game exports, one JSON object per line. */
    static final String NDJSON = "application/x-ndjson";
    /** KIF and .csg text, always UTF-8 here (a KIF reader detects it; classic .kif files are Shift_JIS). */
    private static final String TEXT_UTF8 = MediaType.TEXT_PLAIN_TYPE.withCharset("UTF-8").toString();
    /** Problem type of a game that the requested format cannot express. */
    static final String UNWRITABLE_RECORD = "unwritable-record";
    /** Problem type of a record without moves that names no position of its own (422). */
    static final String RECORD_WITHOUT_MOVES = "record-without-moves";

    @Inject
    GameImporter importer;

    @Inject
    io.kifudb.index.PositionIndex index;

    /** How a game ended, as the answers and the filters write it. */
    static final Choice RESULT = Choice.of("result", "sente", "gote", "draw", "ongoing");
    /** The representations of a stored game. */
    static final Choice FORMAT = Choice.of("format", "json", "usi", "kif", "csg", "lishogi");
    /** What a stored record is: a played game or a composed problem. */
    static final Choice KIND = Choice.of("kind", "game", "problem");

    /** Free-text search narrows to at most this many games (newest first) before the other filters apply. */
    static final int MAX_TEXT_MATCHES = 10_000;

    /** A stored game. */
    public record GameDto(long id, @Schema(examples = "chu-lishogi") String rules,
                          @Schema(description = "game (a played game) or problem (a composed problem: its start position and "
                                  + "solution line, from a record that says \"kind\": \"problem\")", enumeration = {"game", "problem"})
                          String kind, String initialSfen, List<String> moves, int plies,
                          @Schema(description = "ongoing, sente, gote or draw", enumeration = {"sente", "gote", "draw", "ongoing"}) String result,
                          @Schema(nullable = true, description = "why: a rules reason (royal-captured, checkmate, ...) or the record's own "
                                  + "(resign, ...); null when unknown (an unfinished record)") String reason,
                          @Schema(nullable = true) String sente, @Schema(nullable = true) String gote, @Schema(nullable = true) String event,
                          @Schema(nullable = true) LocalDate date, @Schema(nullable = true) String site,
                          @Schema(nullable = true, description = "where the record came from (file name, or the request)") String source,
                          @Schema(nullable = true, description = "the record's own id at its source (a lishogi game id)") String sourceId,
                          @Schema(description = "comments by ply (0: before the first move)") Map<Integer, String> comments,
                          @Schema(nullable = true, description = "lenient import: the ply where the record stopped being legal (null if legal)") Integer stoppedPly,
                          @Schema(nullable = true, description = "lenient import: why the record stopped being legal (null if legal)") String stoppedReason,
                          @Schema(description = "true when the record was already stored (no second copy made)") boolean duplicate) {
        static GameDto of(Game g, boolean duplicate) {
            Map<Integer, String> comments = storedComments(g);
            return new GameDto(g.id, g.rules, g.kind, g.initialSfen, g.moves.isEmpty() ? List.of() : Arrays.asList(g.moves.split(" ")),
                    g.plies, g.result, g.reason, g.sente, g.gote, g.event, g.date, g.site, g.source, g.sourceId, comments,
                    g.stoppedPly == 0 ? null : g.stoppedPly, g.stoppedReason, duplicate);
        }
    }

    private static Map<Integer, String> storedComments(Game g) {
        if (g.comments == null) return Map.of();
        try {
            return JSON.readValue(g.comments, new TypeReference<HashMap<Integer, String>>() {});
        } catch (Exception e) {
            throw new IllegalStateException("stored comments of game " + g.id + " are not JSON", e);
        }
    }

    /** A page of games. */
    public record GamePage(int page, int size, long total, List<GameDto> games) {}

    @POST
    @Consumes({MediaType.TEXT_PLAIN, MediaType.APPLICATION_JSON, "application/x-ndjson", MediaType.WILDCARD})
    @Operation(operationId = "importGame", summary = "Import one record",
            description = "For clients that store games one at a time (for many records or whole files, use POST /api/imports). "
                    + "The body is one record in any supported format, detected from the text: a lishogi USI move list (one line, from "
                    + "the start position), a lishogi game export (one JSON object), our game JSON (as GET /api/games/{id} gives it), "
                    + "KIF (UTF-8) or Colin Adams' .csg. Every move is checked against the rule set: `rules`, else the one the record "
                    + "names, else the format's default (chu for KIF and .csg, chu-lishogi otherwise). A record already stored (same "
                    + "rule set, start and moves) is not stored twice: the answer is 200 with the stored game and `duplicate: true`. "
                    + "A record with an illegal move is refused with 422 naming the ply, unless `lenient`, which stores its legal prefix "
                    + "with `stoppedPly` and `stoppedReason`."
                    + ApiDocs.KEY_NEEDED + " Bodies over `quarkus.http.limits.max-body-size` (64 MB) are refused with 413 before they "
                    + "reach the service.")
    @SecurityRequirement(name = ApiDocs.BEARER)
    @RequestBody(description = "One record; its format is detected from the text, whatever the Content-Type says.", required = true,
            content = {
                    @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING), examples = {
                            @ExampleObject(name = "USI move list", summary = "lishogi game gZ0HcfLK as a move list", value = ApiDocs.USI_MOVES),
                            @ExampleObject(name = "KIF", summary = "the same game in KIF, as GET /api/games/{id}?format=kif writes it",
                                    value = ApiDocs.GAME_KIF)}),
                    @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT,
                            description = "our game JSON (rules, kind, initialSfen, moves, status, winner, sente, gote, event, date, "
                                    + "site, tags, comments) or a lishogi game export; `kind` is game (the default) or problem"), examples = {
                            @ExampleObject(name = "game JSON", summary = "lishogi game gZ0HcfLK in our game JSON", value = ApiDocs.GAME_JSON_RECORD),
                            @ExampleObject(name = "lishogi export", summary = "the same game as lishogi exports it", value = ApiDocs.LISHOGI_LINE)}),
                    @Content(mediaType = NDJSON, schema = @Schema(type = SchemaType.OBJECT, description = "one line of a lishogi "
                            + "NDJSON export: a JSON object (id, variant, initial_sfen, moves, status, winner, players, ...)"), examples =
                            @ExampleObject(name = "lishogi export", summary = "one line of a lishogi NDJSON export (kifu-corpus/chu/lishogi)",
                                    value = ApiDocs.LISHOGI_LINE)),
                    @Content(mediaType = MediaType.WILDCARD, schema = @Schema(type = SchemaType.STRING), examples =
                            @ExampleObject(name = "USI move list", summary = "lishogi game gZ0HcfLK as a move list", value = ApiDocs.USI_MOVES))})
    @APIResponse(responseCode = "201", description = "Imported: the stored game.",
            headers = @Header(name = "Location", description = "the stored game", schema = @Schema(type = SchemaType.STRING,
                    examples = "http://localhost:8080/api/games/1")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = GameDto.class), examples = {
                    @ExampleObject(name = "imported", summary = "the game JSON example, into an empty database", value = ApiDocs.GAME_IMPORTED),
                    @ExampleObject(name = "lenient", summary = "?rules=chu&lenient=true with the body `7i7h 6d6e 7h6g`",
                            value = ApiDocs.GAME_LENIENT)}))
    @APIResponse(responseCode = "200", description = "Already stored: the stored copy, with `duplicate: true`; nothing changed.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = GameDto.class), examples =
                    @ExampleObject(name = "duplicate", summary = "the game JSON example, sent a second time", value = ApiDocs.GAME_DUPLICATE)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_RECORD)
    @APIResponse(responseCode = "413", ref = ApiDocs.BODY_TOO_LARGE)
    @APIResponse(responseCode = "401", ref = ApiDocs.UNAUTHORIZED)
    @APIResponse(responseCode = "403", ref = ApiDocs.FORBIDDEN)
    @APIResponse(responseCode = "422", ref = ApiDocs.ILLEGAL_MOVE_IN_RECORD)
    public Response importOne(@Parameter(description = ApiDocs.RULES + "; default: the record's own, else its format's default",
                                      example = "chu") @QueryParam("rules") String rules,
                              @Parameter(description = ApiDocs.LENIENT, example = "true")
                              @QueryParam("lenient") @DefaultValue("false") boolean lenient,
                              @jakarta.ws.rs.core.Context jakarta.ws.rs.core.HttpHeaders headers,
                              byte[] bytes) {
        RuleSet requested = rules == null ? null : RulesResource.ruleSet(rules);
        String body = bytes == null ? null : text(bytes, headers.getMediaType());
        if (body == null || body.isBlank())
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Empty record", "the request body holds no record");
        List<GameRecord> records;
        try {
            records = Records.read("request", body, requested);
        } catch (RecordFormatException e) {
            throw ProblemException.badRequest("invalid-record", "Unreadable record", "line " + e.line + ": " + e.getMessage()).withLine(e.line);
        }
        if (records.size() != 1)
            throw ProblemException.badRequest("invalid-record", "One record expected",
                    "the body holds " + records.size() + " records; use POST /api/imports for several");
        GameRecord record = records.get(0);
        RuleSet r = requested;
        if (r == null && record.rules() != null) r = RulesResource.ruleSet(record.rules());
        if (r == null) r = RuleSet.byId(Records.defaultRules(Records.detect(body)));
        String tooLong = importer.tooLong(record);
        if (tooLong != null)
            throw ProblemException.unprocessable("record-too-long", "Record too long", tooLong).withLine(record.line());
        GameImporter.Outcome out = importer.importRecord(r, record, lenient);
        return switch (out.kind()) {
            case FAILED -> throw refusal(out.refusal());
            case DUPLICATE -> Response.ok(GameDto.of(out.game(), true)).build();
            case IMPORTED -> Response.created(URI.create("/api/games/" + out.game().id)).entity(GameDto.of(out.game(), false)).build();
        };
    }

    /** The problem for a record the importer refused: an illegal ply is 422 at that ply, an unusable start 400. */
    private static ProblemException refusal(GameImporter.Refusal r) {
        return switch (r.type()) {
            case ILLEGAL_MOVE -> ProblemException.unprocessable(Problem.ILLEGAL_MOVE, "Illegal move",
                            "ply " + r.ply() + " (line " + r.line() + "): " + r.reason())
                    .withPly(r.ply()).withMove(r.move()).withLine(r.line());
            case INVALID_START -> ProblemException.badRequest("invalid-record", "Unreadable record", "line " + r.line() + ": " + r.reason())
                    .withLine(r.line());
            case NO_MOVES -> ProblemException.unprocessable(RECORD_WITHOUT_MOVES, "Record without moves", r.reason()).withLine(r.line());
            case TOO_LONG -> ProblemException.unprocessable("record-too-long", "Record too long", r.reason()).withLine(r.line());
        };
    }

    @GET
    @Path("/{id}")
    @Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN, NDJSON})
    @Operation(operationId = "getGame", summary = "One game", description = "For viewers and for exporting a game. `format` chooses the answer: `json` "
            + "(default, the stored game), "
            + "`usi` (the canonical moves, space-separated), `kif` (KIF text, UTF-8, with players, event, date, site, "
            + "comments and result), `csg` (Colin Adams' .csg, with players and the comment before the first move; "
            + "only for games from one of its setups: even, Free King, Free King (alternate), Free King and Dragon King) or "
            + "`lishogi` (one line of lishogi's game export: id, variant, initial_sfen, moves, status, winner, players). "
            + "The text formats come with a file name in Content-Disposition. None of kif, csg, lishogi and usi names the "
            + "rule set: re-import them with `rules` to keep it. A stored game never changes, so every answer carries an ETag "
            + "(one per format) and `Cache-Control: max-age=3600`; a request with `If-None-Match` holding that tag is answered "
            + "304 without a body. Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "The game in the requested format.",
            headers = {
                    @Header(name = "ETag", description = "the representation's tag, for If-None-Match",
                            schema = @Schema(type = SchemaType.STRING, examples = "\"ed637b0f854f390c56a3cb6ae93fa4a8-json\"")),
                    @Header(name = "Cache-Control", description = "how long the answer may be cached",
                            schema = @Schema(type = SchemaType.STRING, examples = "no-transform, max-age=3600")),
                    @Header(name = "Content-Disposition", description = "text formats only: a file name, game-ID.kif, .csg or .ndjson",
                            schema = @Schema(type = SchemaType.STRING, examples = "inline; filename=\"game-16.kif\""))},
            content = {
                    @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = GameDto.class), examples =
                            @ExampleObject(name = "json", summary = "GET /api/games/16", value = ApiDocs.GAME)),
                    @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING), examples = {
                            @ExampleObject(name = "kif", summary = "GET /api/games/16?format=kif", value = ApiDocs.GAME_KIF),
                            @ExampleObject(name = "usi", summary = "GET /api/games/16?format=usi", value = ApiDocs.USI_MOVES)}),
                    @Content(mediaType = NDJSON, schema = @Schema(type = SchemaType.OBJECT, description = "one line of lishogi's "
                            + "NDJSON export: a JSON object (id, variant, initial_sfen, moves, status, winner, players)"), examples =
                            @ExampleObject(name = "lishogi", summary = "GET /api/games/16?format=lishogi", value = ApiDocs.GAME_LISHOGI))})
    @APIResponse(responseCode = "304", description = "Not modified: the tag in If-None-Match is the current one; no body.",
            headers = {
                    @Header(name = "ETag", description = "the representation's tag",
                            schema = @Schema(type = SchemaType.STRING, examples = "\"ed637b0f854f390c56a3cb6ae93fa4a8-json\"")),
                    @Header(name = "Cache-Control", description = "how long the answer may be cached",
                            schema = @Schema(type = SchemaType.STRING, examples = "no-transform, max-age=3600"))})
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_GAME_FORMAT)
    @APIResponse(responseCode = "404", ref = ApiDocs.GAME_NOT_FOUND)
    @APIResponse(responseCode = "422", ref = ApiDocs.UNWRITABLE_RECORD)
    public Response get(@Parameter(description = "the game's id", example = "16") @PathParam("id") long id,
                        @Parameter(description = "the answer's format", example = "kif", schema = @Schema(type = SchemaType.STRING,
                                enumeration = {"json", "usi", "kif", "csg", "lishogi"}, defaultValue = "json"))
                        @QueryParam("format") @DefaultValue("json") String format,
                        @jakarta.ws.rs.core.Context jakarta.ws.rs.core.Request request) {
        FORMAT.check(format);
        Game g = Game.findById(id);
        if (g == null) throw ProblemException.notFound("No such game", "no game with id " + id);
        // A stored game never changes (its id names one content hash), so each representation has a
        // stable tag and may be cached; a client holding it gets 304.
        jakarta.ws.rs.core.EntityTag tag = new jakarta.ws.rs.core.EntityTag(g.contentHash.substring(0, 32) + "-" + format);
        jakarta.ws.rs.core.CacheControl cache = new jakarta.ws.rs.core.CacheControl();
        cache.setMaxAge(3600);
        Response.ResponseBuilder unchanged = request.evaluatePreconditions(tag);
        if (unchanged != null) return unchanged.cacheControl(cache).tag(tag).build();
        Response r = representation(g, id, format);
        return Response.fromResponse(r).tag(tag).cacheControl(cache).build();
    }

    /** One position of a stored game. */
    public record PlyDto(@Schema(description = "0 for the start position, else the ply just played") int ply,
                         @Schema(nullable = true, description = "the move that led here, canonical USI; null at ply 0", examples = "7i7h") String move,
                         @Schema(description = "the position after it", examples = ApiDocs.CHU_START) String sfen) {}

    /** Every position of a stored game, for viewers that should not replay the rules themselves. */
    public record PositionsDto(long gameId, String rules, @Schema(description = "ply 0 (the start) to the last ply") List<PlyDto> positions) {}

    @GET
    @Path("/{id}/positions")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getGamePositions", summary = "Every position of one game",
            description = "For viewers: the SFEN of the start and after every ply, with the move that led there, replayed by the "
                    + "service under the game's rule set (so a frontend needs no rules of its own to step through a game). "
                    + "A stored game never changes: the answer carries an ETag and `Cache-Control: max-age=3600`, and "
                    + "`If-None-Match` holding that tag is answered 304. Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "Ply 0 (the start) to the last ply.",
            headers = @Header(name = "ETag", description = "the answer's tag, for If-None-Match",
                    schema = @Schema(type = SchemaType.STRING, examples = "\"ed637b0f854f390c56a3cb6ae93fa4a8-positions\"")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PositionsDto.class), examples =
                    @ExampleObject(name = "the first plies", summary = "GET /api/games/16/positions (cut after ply 1)", value = ApiDocs.GAME_POSITIONS)))
    @APIResponse(responseCode = "304", description = "Not modified: the tag in If-None-Match is the current one; no body.")
    @APIResponse(responseCode = "404", ref = ApiDocs.GAME_NOT_FOUND)
    public Response positions(@Parameter(description = "the game's id", example = "16") @PathParam("id") long id,
                              @jakarta.ws.rs.core.Context jakarta.ws.rs.core.Request request) {
        Game g = Game.findById(id);
        if (g == null) throw ProblemException.notFound("No such game", "no game with id " + id);
        jakarta.ws.rs.core.EntityTag tag = new jakarta.ws.rs.core.EntityTag(g.contentHash.substring(0, 32) + "-positions");
        jakarta.ws.rs.core.CacheControl cache = new jakarta.ws.rs.core.CacheControl();
        cache.setMaxAge(3600);
        Response.ResponseBuilder unchanged = request.evaluatePreconditions(tag);
        if (unchanged != null) return unchanged.cacheControl(cache).tag(tag).build();
        RuleSet rules = ruleSet(g);
        Position pos = g.initialSfen == null ? Position.start(rules) : Sfen.parse(rules, g.initialSfen);
        List<PlyDto> out = new java.util.ArrayList<>(g.plies + 1);
        out.add(new PlyDto(0, null, pos.sfen()));
        int ply = 0;
        for (String move : g.moves.isEmpty() ? List.<String>of() : Arrays.asList(g.moves.split(" "))) {
            pos.make(pos.parseMove(move)); // stored moves were checked when the game was imported
            out.add(new PlyDto(++ply, move, pos.sfen()));
        }
        return Response.ok(new PositionsDto(g.id, g.rules, out), MediaType.APPLICATION_JSON).tag(tag).cacheControl(cache).build();
    }

    /**
     * The body as text: in the charset the Content-Type names, else as a record file is read (a BOM, else
     * UTF-8 if it is valid UTF-8, else Shift_JIS), so a classic .kif posted with curl --data-binary reads right.
     */
    private static String text(byte[] bytes, MediaType type) {
        String charset = type == null ? null : type.getParameters().get(MediaType.CHARSET_PARAMETER);
        if (charset == null) return Kif.decode(bytes);
        try {
            return new String(bytes, java.nio.charset.Charset.forName(charset));
        } catch (IllegalArgumentException unknown) {
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Unknown charset", "the Content-Type names the charset '"
                    + charset + "', which is not known here; send UTF-8 or Shift_JIS, or leave the charset out");
        }
    }

    private Response representation(Game g, long id, String format) {
        try {
            return switch (format) {
                case "json" -> Response.ok(GameDto.of(g, false), MediaType.APPLICATION_JSON).build();
                case "usi" -> Response.ok(g.moves, MediaType.TEXT_PLAIN).build();
                case "kif" -> file(Kif.write(record(g), ruleSet(g)), TEXT_UTF8, g, "kif");
                case "csg" -> file(Csg.writeStandalone(record(g), ruleSet(g)), TEXT_UTF8, g, "csg");
                case "lishogi" -> file(LishogiRecords.writeNdjson(record(g), ruleSet(g)) + "\n", NDJSON, g, "ndjson");
                default -> throw new IllegalStateException("format '" + format + "' passed FORMAT.check");
            };
        } catch (UnwritableRecordException e) {
            throw ProblemException.unprocessable(UNWRITABLE_RECORD, "Not expressible in " + format,
                    "game " + id + " cannot be written as " + format + ": " + e.getMessage()).withField("format");
        }
    }

    /** A text answer that a browser saves as game-ID.EXT (shown inline where it can be). */
    private static Response file(String text, String mediaType, Game g, String extension) {
        return Response.ok(text, mediaType)
                .header("Content-Disposition", "inline; filename=\"game-" + g.id + "." + extension + "\"")
                .build();
    }

    private static RuleSet ruleSet(Game g) {
        RuleSet r = RuleSet.byId(g.rules);
        if (r == null) throw new IllegalStateException("game " + g.id + " is stored under an unknown rule set '" + g.rules + "'");
        return r;
    }

    /**
     * A stored game as a record for the writers: stored start, canonical moves, metadata, comments, the
     * source's id, and the result as winner and status. The status is lishogi's keyword where the rules
     * decided the ending and lishogi has one (royalsLost, bareKing, ...), else the stored reason as it is
     * (the record's own resign, draw, ..., or a rules reason lishogi has no word for).
     */
    static GameRecord record(Game g) {
        Map<String, String> tags = new HashMap<>();
        putTag(tags, GameRecord.SENTE, g.sente);
        putTag(tags, GameRecord.GOTE, g.gote);
        putTag(tags, GameRecord.EVENT, g.event);
        putTag(tags, GameRecord.DATE, g.date == null ? null : g.date.toString());
        putTag(tags, GameRecord.SITE, g.site);
        List<String> moves = g.moves.isEmpty() ? List.of() : Arrays.asList(g.moves.split(" "));
        String winner = "sente".equals(g.result) || "gote".equals(g.result) ? g.result : null;
        GameRecord.Kind kind = GameRecord.Kind.byId(g.kind);
        if (kind == null) throw new IllegalStateException("game " + g.id + " is stored with an unknown kind '" + g.kind + "'");
        return new GameRecord("game " + g.id, 1, 1, g.sourceId, g.rules, g.initialSfen, 0, moves, null, status(g.reason), winner,
                tags, storedComments(g), null, kind);
    }

    private static void putTag(Map<String, String> tags, String key, String value) {
        if (value != null && !value.isBlank()) tags.put(key, value);
    }

    private static String status(String reason) {
        if (reason == null) return null;
        for (Status.Reason r : Status.Reason.values()) {
            if (r.id.equals(reason)) {
                String lishogi = Replay.lishogiStatus(r);
                return lishogi != null ? lishogi : reason;
            }
        }
        return reason;
    }

    @GET
    @Operation(operationId = "searchGames", summary = "Search games by metadata and text",
            description = "For browsing the database. Filters combine with AND; names match exactly, `player` matches either side; "
                    + "`kind` keeps played games (`game`) or composed problems (`problem`), both when absent. "
                    + "`q` is free text over players, event, site and comments: "
                    + "every word must occur (`\"...\"` for a phrase, `-word` to exclude, `word*` for a prefix); it considers the newest "
                    + MAX_TEXT_MATCHES + " games that match the text, and needs the position index (503 while it is being built or closed). "
                    + "Newest first (highest id first), paged: `page` from 0, `size` 1 to 200; `total` counts every match. "
                    + "Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "One page of the matching games.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = GamePage.class), examples =
                    @ExampleObject(name = "page", summary = "GET /api/games?rules=chu-lishogi&result=gote&size=1", value = ApiDocs.GAME_PAGE)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_GAME_SEARCH)
    @APIResponse(responseCode = "503", ref = ApiDocs.INDEX_UNAVAILABLE)
    public GamePage list(@Parameter(description = "free text over players, event, site and comments", example = "Kuri") @QueryParam("q") String q,
                         @Parameter(description = "a player on either side (exact name)", example = "Kuri") @QueryParam("player") String player,
                         @Parameter(description = "the sente player (exact name)", example = "Sawada") @QueryParam("sente") String sente,
                         @Parameter(description = "the gote player (exact name)", example = "Kuri") @QueryParam("gote") String gote,
                         @Parameter(description = "the event (exact name)",
                                 example = "kifudb engine self-play (kifudb engine, 5000 nodes per move; 4 random opening plies; cut at 800 plies)")
                         @QueryParam("event") String event,
                         @Parameter(description = ApiDocs.RULES, example = "chu") @QueryParam("rules") String rules,
                         @Parameter(description = "game (played games) or problem (composed problems); default: both", example = "game",
                                 schema = @Schema(type = SchemaType.STRING, enumeration = {"game", "problem"})) @QueryParam("kind") String kind,
                         @Parameter(description = "the result", example = "gote", schema = @Schema(type = SchemaType.STRING,
                                 enumeration = {"sente", "gote", "draw", "ongoing"})) @QueryParam("result") String result,
                         @Parameter(description = "games played on this ISO date (yyyy-MM-dd) or later; undated games never match",
                                 example = "2024-01-01", schema = @Schema(type = SchemaType.STRING, format = "date")) @QueryParam("from") String from,
                         @Parameter(description = "games played on this ISO date (yyyy-MM-dd) or earlier; undated games never match",
                                 example = "2024-12-31", schema = @Schema(type = SchemaType.STRING, format = "date")) @QueryParam("to") String to,
                         @Parameter(description = ApiDocs.PAGE, example = "0") @QueryParam("page") @DefaultValue("0") int page,
                         @Parameter(description = "games per page, 1 to 200", example = "20") @QueryParam("size") @DefaultValue("20") int size) {
        if (page < 0) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad page", "page must be 0 or more").withField("page");
        if (size < 1 || size > 200) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad size", "size must be 1 to 200").withField("size");
        if (rules != null) RulesResource.ruleSet(rules);
        RESULT.check(result);
        KIND.check(kind);
        List<String> where = new ArrayList<>();
        Map<String, Object> params = new HashMap<>();
        if (q != null && !q.isBlank()) {
            List<Long> ids = index.searchText(q, MAX_TEXT_MATCHES).gameIds();
            if (ids.isEmpty()) return new GamePage(page, size, 0, List.of());
            where.add("id in :ids");
            params.put("ids", ids);
        }
        if (player != null) { where.add("(sente = :player or gote = :player)"); params.put("player", player); }
        if (sente != null) { where.add("sente = :sente"); params.put("sente", sente); }
        if (gote != null) { where.add("gote = :gote"); params.put("gote", gote); }
        if (event != null) { where.add("event = :event"); params.put("event", event); }
        if (rules != null) { where.add("rules = :rules"); params.put("rules", rules); }
        if (kind != null) { where.add("kind = :kind"); params.put("kind", kind); }
        if (result != null) { where.add("result = :result"); params.put("result", result); }
        if (from != null) { where.add("date >= :from"); params.put("from", date(from, "from")); }
        if (to != null) { where.add("date <= :to"); params.put("to", date(to, "to")); }
        String query = String.join(" and ", where);
        var found = where.isEmpty() ? Game.<Game>findAll(Sort.descending("id")) : Game.<Game>find(query, Sort.descending("id"), params);
        List<GameDto> games = found.page(Page.of(page, size)).list().stream().map(g -> GameDto.of(g, false)).toList();
        return new GamePage(page, size, found.count(), games);
    }

    private static LocalDate date(String s, String field) {
        try {
            return LocalDate.parse(s);
        } catch (DateTimeParseException e) {
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad date", field + " must be an ISO date (yyyy-MM-dd), got '" + s + "'").withField(field);
        }
    }
}
