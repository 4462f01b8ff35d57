package io.kifudb.api;

import io.kifudb.index.Order;
import io.kifudb.index.PositionIndex;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.time.LocalDate;
import java.util.List;

/** Games by position, from the Lucene position index. */
@Path("/api/positions")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Positions", description = "Games that reach a position, transpositions included")
public class PositionsResource {

    @Inject
    PositionIndex index;

    /** A game that reached the position. */
    public record HitDto(
            long gameId,
            @Schema(description = "the ply at which the game first reached the position (0: its start)") int ply,
            @Schema(nullable = true, description = "the move the game played there (canonical USI); null when its record ends there") String move,
            @Schema(description = "how many times the game stood in the position (more than 1 after a repetition)") int visits,
            @Schema(nullable = true) String sente, @Schema(nullable = true) String gote, @Schema(nullable = true) LocalDate date,
            @Schema(description = "ongoing, sente, gote or draw", enumeration = {"sente", "gote", "draw", "ongoing"}) String result,
            @Schema(nullable = true, description = "why the game ended (rules reason or the record's own), if known") String reason,
            @Schema(description = "length of the game") int plies) {
        static HitDto of(PositionIndex.Hit h) {
            return new HitDto(h.gameId(), h.ply(), h.move(), h.visits(), h.sente(), h.gote(), h.date(), h.result().id(),
                    h.reason(), h.plies());
        }
    }

    /** One page of the games that reached a position. */
    public record PositionGamesDto(String rules,
                                   @Schema(description = "the position looked up (after the played moves)") String sfen,
                                   @Schema(description = "the played moves in canonical spelling") List<String> played,
                                   String sort, int page, int size,
                                   @Schema(description = "all games that reached the position") long total,
                                   List<HitDto> hits) {}

    static final String POSITION_NOTE = "The position is `sfen` (default: the rule set's start) after the moves in `play`, if any. "
            + "Games match when they reach the same board, side to move and counter-strike marker under the same rule set, "
            + "at any ply and by any move order. Each game is listed once, at the first ply it reached the position.";

    /** Paging and sorting of hits, as GET /api/positions/games, GET /api/explorer and the pattern search do it. */
    static final String PAGING_NOTE = " Paged: `page` from 0, `size` 1 to 200, no deeper than hit 100000; `total` counts every hit. "
            + "`sort` is one of " + Order.ACCEPTED + " (default -date, undated games last).";
    static final String SORT = "order of the hits: " + Order.ACCEPTED + "; default -date (undated games last)";

    @GET
    @Path("/games")
    @Operation(operationId = "findGamesByPosition", summary = "Games that reach a position",
            description = "For \"where was this position played?\", transpositions included. " + POSITION_NOTE
                    + " `kind` keeps played games (`game`) or composed problems (`problem`), both when absent." + PAGING_NOTE
                    + " Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "One page of the games.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PositionGamesDto.class), examples =
                    @ExampleObject(name = "after 7i7h 5d5e", summary = "GET /api/positions/games?rules=chu-lishogi&play=7i7h,5d5e&size=3",
                            value = ApiDocs.POSITION_GAMES)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_POSITION_LISTING)
    @APIResponse(responseCode = "503", ref = ApiDocs.INDEX_UNAVAILABLE)
    public PositionGamesDto games(
            @Parameter(description = ApiDocs.RULES + " (required)", required = true, example = "chu") @QueryParam("rules") String rules,
            @Parameter(description = ApiDocs.SFEN, example = ApiDocs.CHU_START) @QueryParam("sfen") String sfen,
            @Parameter(description = ApiDocs.PLAY, example = "7i7h,6d6e") @QueryParam("play") String play,
            @Parameter(description = ApiDocs.KIND, example = "game",
                    schema = @Schema(type = SchemaType.STRING, enumeration = {"game", "problem"})) @QueryParam("kind") String kind,
            @Parameter(description = SORT, example = "-date",
                    schema = @Schema(type = SchemaType.STRING, enumeration = {"date", "-date", "sente", "-sente", "gote", "-gote", "ply", "-ply", "plies", "-plies", "id", "-id"}, defaultValue = "-date")) @QueryParam("sort") String sort,
            @Parameter(description = ApiDocs.PAGE, example = "0") @QueryParam("page") @DefaultValue("0") int page,
            @Parameter(description = "games per page, 1 to 200", example = "20") @QueryParam("size") @DefaultValue("20") int size) {
        PositionArgs.Resolved at = PositionArgs.resolve(PositionArgs.requiredRules(rules), sfen, play);
        GamesResource.KIND.check(kind);
        PositionArgs.checkPage(page, size);
        Order order = PositionArgs.order(sort);
        PositionIndex.Hits hits = index.games(at.rules(), at.position().key(), kind, order, page, size);
        return new PositionGamesDto(at.rules().id, at.position().sfen(), at.played(), order.toString(), page, size, hits.total(),
                hits.hits().stream().map(HitDto::of).toList());
    }

    /** One page of the positions that match a pattern. */
    public record PatternResultDto(String rules, String sort, int page, int size,
                                   @Schema(description = "all matching positions (a game may match at several plies)") long total,
                                   @Schema(description = "matching positions: the game, the ply of the position and the move played there") List<HitDto> hits) {}

    @POST
    @Path("/search")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "searchPattern", summary = "Partial-board pattern search",
            description = "For questions about a part of the board (\"sente's Lion in gote's camp\", \"a promoted Pawn anywhere\"). "
                    + "Every position of every stored game under the rule set is a candidate; a position matches when every criterion holds: "
                    + "pieces present (on given squares, in a region, or anywhere), pieces absent, empty squares, material counts, side to move, "
                    + "ply range, and the game filters (kind: played games or composed problems, player, sente, gote, event, result, "
                    + "date range); at most 64 criteria. Hits are "
                    + "positions: `ply` is the ply of the matching position and `move` the move played from it, so one game can match "
                    + "at several plies." + PAGING_NOTE
                    + " A read with a body: public, no API key needed.")
    @RequestBody(description = "The pattern; pieces in SFEN letters (upper case sente, lower case gote, `+` promoted), squares "
            + "as in USI (file number, rank letter: `7h`, `10e`).", required = true,
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PatternArgs.PatternRequest.class),
                    examples = {
                            @ExampleObject(name = "Lion on a square", summary = "sente's Lion on 8f, gote to move", value = ApiDocs.PATTERN_SIMPLE),
                            @ExampleObject(name = "combined", summary = "sente's Lion in ranks a-f while gote has no Free King, in games of Kuri",
                                    value = ApiDocs.PATTERN_COMBINED)}))
    @APIResponse(responseCode = "200", description = "One page of matching positions.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PatternResultDto.class), examples = {
                    @ExampleObject(name = "Lion on a square", summary = "the answer to the first request example",
                            value = ApiDocs.PATTERN_RESULT_SIMPLE),
                    @ExampleObject(name = "combined", summary = "the answer to the second request example", value = ApiDocs.PATTERN_RESULT_COMBINED)}))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_PATTERN)
    @APIResponse(responseCode = "413", ref = ApiDocs.BODY_TOO_LARGE)
    @APIResponse(responseCode = "503", ref = ApiDocs.INDEX_UNAVAILABLE)
    public PatternResultDto search(PatternArgs.PatternRequest request) {
        io.kifudb.index.Pattern pattern = PatternArgs.pattern(request);
        int page = request.page() == null ? 0 : request.page(), size = request.size() == null ? 20 : request.size();
        PositionArgs.checkPage(page, size);
        Order order = PositionArgs.order(request.sort());
        PositionIndex.Hits hits = index.search(pattern, order, page, size);
        return new PatternResultDto(pattern.rules().id, order.toString(), page, size, hits.total(),
                hits.hits().stream().map(HitDto::of).toList());
    }
}
