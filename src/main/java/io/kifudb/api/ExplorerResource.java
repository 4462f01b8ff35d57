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
import org.eclipse.microprofile.openapi.annotations.media.Content;
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
    @Operation(summary = "Opening explorer",
            description = PositionsResource.POSITION_NOTE + " A game that reached the position more than once counts once, with "
                    + "the move it played the first time. `topGames` pages through all of them (`page`, `size`, `sort`).")
    @APIResponse(responseCode = "200", description = "moves and games")
    @APIResponse(responseCode = "400", description = "missing or unknown rule set, unreadable SFEN, an illegal move (with its ply), bad paging or sort",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = "the position index is closed",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public ExplorerDto explore(
            @Parameter(description = "rule set id (required)", example = "chu") @QueryParam("rules") String rules,
            @Parameter(description = "position in SFEN; default the rule set's start position") @QueryParam("sfen") String sfen,
            @Parameter(description = "USI moves to play from the SFEN first, comma-separated", example = "7i7h,6d6e") @QueryParam("play") String play,
            @Parameter(description = "order of topGames: " + Order.ACCEPTED + "; default -date (undated games last)") @QueryParam("sort") String sort,
            @QueryParam("page") @DefaultValue("0") int page,
            @QueryParam("size") @DefaultValue("10") int size) {
        PositionArgs.Resolved at = PositionArgs.resolve(PositionArgs.requiredRules(rules), sfen, play);
        PositionArgs.checkPage(page, size);
        Order order = PositionArgs.order(sort);
        PositionIndex.Explorer e = index.explore(at.rules(), at.position().key(), order, page, size);
        return new ExplorerDto(at.rules().id, at.position().sfen(), at.played(), e.games(), e.sente(), e.draws(), e.gote(),
                e.ongoing(), e.ended(), e.averagePlies(), e.outcomes(), e.moves().stream().map(MoveDto::of).toList(),
                e.topGames().hits().stream().map(PositionsResource.HitDto::of).toList(), order.toString(), page, size);
    }
}
