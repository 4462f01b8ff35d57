package io.kifudb.api;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.analysis.AnalysisJob;
import io.kifudb.analysis.AnalysisService;
import io.kifudb.jobs.InvalidJobRequestException;
import io.kifudb.jobs.QueueFullException;
import io.kifudb.store.GameAnalysis;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
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
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.net.URI;
import java.time.Instant;
import java.util.List;

/** Whole-game analysis: every position of a stored game, and the moves that lose the most. */
@Path("/api/games/{id}/analysis")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Analysis")
public class GameAnalysisResource {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    AnalysisService analysis;

    @Inject
    JobQuota quota;

    /** The stored analysis of a game. */
    public record GameAnalysisDto(long gameId,
                                  @Schema(description = "the limits each position was searched with", examples = "movetime=200") String settings,
                                  int blunders, int mistakes, int inaccuracies,
                                  @Schema(type = SchemaType.ARRAY, implementation = ApiDocs.AnalysedPly.class,
                                          description = "one entry per ply: ply, move, best (the engine's move there), score (before the move, "
                                          + "from the mover's side), loss (centipawns the move gave away against the best), judgement "
                                          + "(inaccuracy >= 50, mistake >= 100, blunder >= 300; scores clamped to +-1000 first)") List<JsonNode> plies,
                                  Instant createdAt) {}

    @POST
    @Operation(operationId = "analyseGame", summary = "Analyse every position of a game",
            description = "For reviewing a game: the engine searches every position of a stored game and judges each move by what "
                    + "it gave away against the engine's best (inaccuracy, mistake, blunder). 202 with the job (`kind: game`; follow "
                    + "it at /api/analysis/{jobId}); when it is done, GET on this path gives the result, which replaces any earlier "
                    + "analysis of the game. Each position is searched for `movetime` ms (default `kifudb.analysis.game-movetime-ms`, "
                    + "200; at most `kifudb.analysis.max-game-movetime-ms`, 5000) or to `depth`. Shares the analysis queue with "
                    + "POST /api/analysis (429 with Retry-After when full)." + ApiDocs.KEY_NEEDED)
    @SecurityRequirement(name = ApiDocs.BEARER)
    @APIResponse(responseCode = "202", description = "Queued: the whole-game job.",
            headers = @Header(name = "Location", description = "the job, at /api/analysis/{jobId}", schema = @Schema(type = SchemaType.STRING,
                    examples = "http://localhost:8080/api/analysis/2bc27ef3-9075-4ad1-add8-d9361f80d6c5")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AnalysisJob.Snapshot.class), examples =
                    @ExampleObject(name = "queued", summary = "POST /api/games/16/analysis?movetime=100", value = ApiDocs.GAME_ANALYSIS_QUEUED)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_GAME_ANALYSIS)
    @APIResponse(responseCode = "401", ref = ApiDocs.UNAUTHORIZED)
    @APIResponse(responseCode = "403", ref = ApiDocs.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiDocs.GAME_NOT_FOUND)
    @APIResponse(responseCode = "429", ref = ApiDocs.ANALYSIS_QUEUE_FULL)
    public Response start(@Parameter(description = "the game's id", example = "16") @PathParam("id") long id,
                          @Parameter(description = "ms per position, 1 to kifudb.analysis.max-game-movetime-ms (5000); default "
                                  + "kifudb.analysis.game-movetime-ms (200)", example = "100") @QueryParam("movetime") Long movetime,
                          @Parameter(description = "depth per position, 1 to kifudb.analysis.max-depth (40); the time limit still applies",
                                  example = "8") @QueryParam("depth") Integer depth) {
        AnalysisJob.Snapshot s;
        try {
            s = quota.admit(owner -> analysis.submitGame(id, movetime, depth, owner));
        } catch (InvalidJobRequestException e) {
            if (e.field.equals("id")) throw ProblemException.notFound("No such game", e.getMessage());
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad analysis request", e.getMessage()).withField(e.field);
        } catch (QueueFullException e) {
            throw ProblemException.tooManyRequests("queue-full", "Analysis queue full", e.getMessage(), 30);
        }
        return Response.accepted(s).location(URI.create("/api/analysis/" + s.id())).build();
    }

    @GET
    @Transactional
    @Operation(operationId = "getGameAnalysis", summary = "The stored analysis of a game",
            description = "The last finished whole-game analysis: counts of blunders, mistakes and inaccuracies and the verdict on "
                    + "every ply. Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "The analysis.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = GameAnalysisDto.class), examples =
                    @ExampleObject(name = "game 16", summary = "GET /api/games/16/analysis after the POST example", value = ApiDocs.GAME_ANALYSIS)))
    @APIResponse(responseCode = "400", ref = ApiDocs.INVALID_PARAMETER)
    @APIResponse(responseCode = "404", ref = ApiDocs.GAME_NOT_ANALYSED)
    public GameAnalysisDto get(@Parameter(description = "the game's id", example = "16") @PathParam("id") long id) {
        GameAnalysis a = GameAnalysis.findById(id);
        if (a == null) {
            if (io.kifudb.store.Game.findById(id) == null) throw ProblemException.notFound("No such game", "no game with id " + id);
            throw ProblemException.notFound("No analysis", "game " + id + " has not been analysed (POST to this path starts it)");
        }
        try {
            List<JsonNode> plies = JSON.readValue(a.plies, new TypeReference<List<JsonNode>>() {});
            return new GameAnalysisDto(a.gameId, a.settings, a.blunders, a.mistakes, a.inaccuracies, plies, a.createdAt);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("stored analysis of game " + id + " is not JSON", e);
        }
    }
}
