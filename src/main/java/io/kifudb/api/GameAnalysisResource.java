package io.kifudb.api;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.analysis.AnalysisJob;
import io.kifudb.analysis.AnalysisService;
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
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
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
    public record GameAnalysisDto(long gameId, String settings, int blunders, int mistakes, int inaccuracies,
                                  @Schema(description = "one entry per ply: ply, move, best (the engine's move there), score (before the move, "
                                          + "from the mover's side), loss (centipawns the move gave away against the best), judgement "
                                          + "(inaccuracy >= 50, mistake >= 100, blunder >= 300; scores clamped to +-1000 first)") List<JsonNode> plies,
                                  Instant createdAt) {}

    @POST
    @Operation(summary = "Analyse every position of a game",
            description = "202 with the job (follow it at /api/analysis/{jobId}); when it is done, GET gives the result. Each position is searched "
                    + "for `movetime` ms (default and cap from the configuration) or to `depth`.")
    @APIResponse(responseCode = "202", description = "queued", content = @Content(schema = @Schema(implementation = AnalysisJob.Snapshot.class)))
    @APIResponse(responseCode = "400", description = "a bad limit", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "no such game", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "429", description = "the analysis queue is full; see Retry-After", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response start(@PathParam("id") long id,
                          @Parameter(description = "ms per position") @QueryParam("movetime") Long movetime,
                          @Parameter(description = "depth per position (the time limit still applies)") @QueryParam("depth") Integer depth) {
        AnalysisJob.Snapshot s;
        try {
            s = quota.admit(() -> analysis.submitGame(id, movetime, depth), job -> () -> {
                AnalysisJob.Snapshot now = analysis.get(job.id());
                return now != null && !now.status().finished();
            });
        } catch (AnalysisService.InvalidRequestException e) {
            if (e.field.equals("id")) throw ProblemException.notFound("No such game", e.getMessage());
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad analysis request", e.getMessage()).withField(e.field);
        } catch (AnalysisService.QueueFullException e) {
            throw ProblemException.tooManyRequests("queue-full", "Analysis queue full", e.getMessage(), 30);
        }
        return Response.accepted(s).location(URI.create("/api/analysis/" + s.id())).build();
    }

    @GET
    @Transactional
    @Operation(summary = "The stored analysis of a game")
    @APIResponse(responseCode = "200", description = "the analysis", content = @Content(schema = @Schema(implementation = GameAnalysisDto.class)))
    @APIResponse(responseCode = "404", description = "the game has not been analysed", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public GameAnalysisDto get(@PathParam("id") long id) {
        GameAnalysis a = GameAnalysis.findById(id);
        if (a == null) throw ProblemException.notFound("No analysis", "game " + id + " has not been analysed (POST to this path starts it)");
        try {
            List<JsonNode> plies = JSON.readValue(a.plies, new TypeReference<List<JsonNode>>() {});
            return new GameAnalysisDto(a.gameId, a.settings, a.blunders, a.mistakes, a.inaccuracies, plies, a.createdAt);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("stored analysis of game " + id + " is not JSON", e);
        }
    }
}
