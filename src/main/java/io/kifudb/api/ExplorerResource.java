package io.kifudb.api;

import io.kifudb.index.Order;
import io.kifudb.index.PositionIndex;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
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
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.List;
import java.util.Map;

/** The opening explorer: next moves from a position with results, in the shape of lichess's explorer. */
@Path("/api/explorer")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Explorer", description = "Next moves from a position with game counts by result")
public class ExplorerResource {

    @Inject
    PositionIndex index;

    /** The games that continued with one move. */
    public record MoveDto(@Schema(description = "the move, canonical USI", examples = "7i7h") String usi,
                          long games,
                          @Schema(description = "games sente won") long sente,
                          long draws,
                          @Schema(description = "games gote won") long gote,
                          @Schema(description = "games without a result (unfinished records)") long ongoing,
                          @Schema(description = "mean length of these games, in plies") long averagePlies) {
        static MoveDto of(PositionIndex.MoveStats m) {
            return new MoveDto(m.usi(), m.games(), m.sente(), m.draws(), m.gote(), m.ongoing(), m.averagePlies());
        }
    }

    /** lichess's explorer answer in shogi words, plus paging of the games. */
    public record ExplorerDto(String rules,
                              @Schema(description = "the position explored (after the played moves)") String sfen,
                              @Schema(description = "the played moves in canonical spelling") List<String> played,
                              @Schema(description = "games that reached the position (each once)") long games,
                              @Schema(description = "of those, won by sente") long sente,
                              long draws,
                              @Schema(description = "won by gote") long gote,
                              @Schema(description = "without a result; games = sente + draws + gote + ongoing") long ongoing,
                              @Schema(description = "games whose record ends in this position; games = the moves' games + ended") long ended,
                              long averagePlies,
                              @Schema(description = "games by how they ended: a rules reason (royal-captured, repetition, ...), the record's own "
                                      + "(resign, ...), 'unfinished' or 'unknown'") Map<String, Long> outcomes,
                              @Schema(description = "next moves, most played first") List<MoveDto> moves,
                              @Schema(description = "one page of the games reaching the position, in `sort` order") List<PositionsResource.HitDto> topGames,
                              String sort, int page, int size) {}

    @GET
    @Operation(operationId = "explore", summary = "Opening explorer",
            description = "For opening study, in the shape of lichess's explorer: the games that reached a position, their results, "
                    + "and the moves played next, most played first. " + PositionsResource.POSITION_NOTE
                    + " `kind` keeps played games (`game`) or composed problems (`problem`), both when absent."
                    + " A game that reached the position more than once counts once, with "
                    + "the move it played the first time. `topGames` pages through all of them: `page` from 0, `size` 1 to 200 "
                    + "(default 10), no deeper than hit 100000, in `sort` order. Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "The position's statistics, its next moves and one page of its games.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ExplorerDto.class), examples =
                    @ExampleObject(name = "chu start", summary = "GET /api/explorer?rules=chu&size=2 on the shipped corpus",
                            value = ApiDocs.EXPLORER)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_POSITION_LISTING)
    @APIResponse(responseCode = "503", ref = ApiDocs.INDEX_UNAVAILABLE)
    public ExplorerDto explore(
            @Parameter(description = ApiDocs.RULES + " (required)", required = true, example = "chu") @QueryParam("rules") String rules,
            @Parameter(description = ApiDocs.SFEN, example = ApiDocs.CHU_START) @QueryParam("sfen") String sfen,
            @Parameter(description = ApiDocs.PLAY, example = "7i7h,6d6e") @QueryParam("play") String play,
            @Parameter(description = ApiDocs.KIND, example = "game",
                    schema = @Schema(type = SchemaType.STRING, enumeration = {"game", "problem"})) @QueryParam("kind") String kind,
            @Parameter(description = "order of topGames: " + PositionsResource.SORT, example = "-date",
                    schema = @Schema(type = SchemaType.STRING, enumeration = {"date", "-date", "sente", "-sente", "gote", "-gote", "ply", "-ply", "plies", "-plies", "id", "-id"}, defaultValue = "-date")) @QueryParam("sort") String sort,
            @Parameter(description = ApiDocs.PAGE + ", of topGames", example = "0") @QueryParam("page") @DefaultValue("0") int page,
            @Parameter(description = "topGames per page, 1 to 200", example = "10") @QueryParam("size") @DefaultValue("10") int size) {
        PositionArgs.Resolved at = PositionArgs.resolve(PositionArgs.requiredRules(rules), sfen, play);
        GamesResource.KIND.check(kind);
        PositionArgs.checkPage(page, size);
        Order order = PositionArgs.order(sort);
        PositionIndex.Explorer e = index.explore(at.rules(), at.position().key(), kind, order, page, size);
        return new ExplorerDto(at.rules().id, at.position().sfen(), at.played(), e.games(), e.sente(), e.draws(), e.gote(),
                e.ongoing(), e.ended(), e.averagePlies(), e.outcomes(), e.moves().stream().map(MoveDto::of).toList(),
                e.topGames().hits().stream().map(PositionsResource.HitDto::of).toList(), order.toString(), page, size);
    }
}
