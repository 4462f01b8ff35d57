package io.kifudb.api;

import io.kifudb.analysis.AnalysisJob;
import io.kifudb.analysis.AnalysisService;
import io.kifudb.engine.SearchLimits;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestStreamElementType;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/** Engine analysis of a position, as jobs. */
@Path("/api/analysis")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Analysis", description = "Engine analysis jobs and cached evaluations")
public class AnalysisResource {
    private static final Duration EVENT_PERIOD = Duration.ofMillis(200);

    @Inject
    AnalysisService analysis;

    @Inject
    JobQuota quota;

    @Inject
    ApiKeys keys;

    @Schema(description = "What to analyse and how long. Limits combine (the first reached stops the search) and are capped by the "
            + "service's configuration; with none, the search runs for the default time.")
    public record AnalysisRequest(
            @Schema(description = "rule set id (required)", example = "chu") String rules,
            @Schema(description = "the position (default: the rule set's start)") String sfen,
            @Schema(description = "USI moves played from the SFEN first", example = "[\"7i7h\", \"6d6e\"]") List<String> moves,
            @Schema(description = "search depth in plies") Integer depth,
            @Schema(description = "search time in ms") Long movetime,
            @Schema(description = "node budget") Long nodes,
            @Schema(description = "number of best lines (multi-PV), default 1") Integer multiPv,
            @Schema(description = "answer from the evaluation cache when it holds a search at least as deep (default true)") Boolean cache) {}

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Start an analysis",
            description = "202 with the queued job; 200 with a finished job when the evaluation cache already satisfies the request "
                    + "(same position and rule set, at least the requested depth and lines; without a depth: at least as many nodes, or as much time). "
                    + "Without an API key a small anonymous quota applies (a few jobs at once, each at most a few seconds).")
    @APIResponse(responseCode = "202", description = "queued", content = @Content(schema = @Schema(implementation = AnalysisJob.Snapshot.class)))
    @APIResponse(responseCode = "200", description = "answered from the cache", content = @Content(schema = @Schema(implementation = AnalysisJob.Snapshot.class)))
    @APIResponse(responseCode = "400", description = "bad rules, SFEN, move or limit (the problem's field says which)",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "422", description = "the game is over in that position", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "429", description = "the analysis queue is full; see Retry-After", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "401", description = "no API key and the anonymous quota is used up", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "403", description = "a wrong API key", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response start(@jakarta.ws.rs.HeaderParam(jakarta.ws.rs.core.HttpHeaders.AUTHORIZATION) String authorization, AnalysisRequest req) {
        ApiKeys.Verdict verdict = keys.check(authorization);
        if (verdict == ApiKeys.Verdict.WRONG) return WriteAuthFilter.unauthorized(verdict);
        if (req == null) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Empty body", "the request body holds no analysis request");
        PositionArgs.Resolved at = PositionArgs.resolve(PositionArgs.requiredRules(req.rules()), req.sfen(),
                req.moves() == null ? null : String.join(",", req.moves()));
        AnalysisJob.Snapshot s;
        try {
            SearchLimits limits = analysis.limits(req.depth(), req.movetime(), req.nodes());
            int multiPv = analysis.multiPv(req.multiPv());
            if (!at.position().status().isOngoing())
                throw ProblemException.unprocessable("game-over", "Game over", "the game is over in this position (" + at.position().status() + ")");
            s = quota.admit(() -> analysis.submit(at.rules(), at.position(), limits, req.depth(), multiPv, req.cache() == null || req.cache(),
                    verdict == ApiKeys.Verdict.MISSING), this::whileActive);
        } catch (AnalysisService.InvalidRequestException e) {
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad analysis request", e.getMessage()).withField(e.field);
        } catch (AnalysisService.QueueFullException e) {
            throw ProblemException.tooManyRequests("queue-full", "Analysis queue full", e.getMessage(), 10);
        } catch (AnalysisService.AnonymousQuotaException e) {
            Response r = WriteAuthFilter.unauthorized(ApiKeys.Verdict.MISSING);
            return Response.fromResponse(r).entity(Problem.of(401, "unauthorized", "API key required", e.getMessage())).build();
        }
        Response.ResponseBuilder r = s.status().finished() ? Response.ok(s) : Response.accepted(s);
        return r.location(URI.create("/api/analysis/" + s.id())).build();
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "A job: status, depth, nodes, nps, best move and pvs (scores from the side to move: cp or mate in moves)")
    @APIResponse(responseCode = "200", description = "the job", content = @Content(schema = @Schema(implementation = AnalysisJob.Snapshot.class)))
    @APIResponse(responseCode = "404", description = "no such job (finished jobs are kept an hour; results stay in the cache)",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public AnalysisJob.Snapshot get(@PathParam("id") String id) {
        AnalysisJob.Snapshot s = analysis.get(id);
        if (s == null) throw ProblemException.notFound("No such analysis job", "no analysis job with id " + id);
        return s;
    }

    @DELETE
    @Path("/{id}")
    @Operation(summary = "Cancel a job", description = "A queued job never runs; a running one stops at once and keeps (and caches) what it found.")
    @APIResponse(responseCode = "200", description = "the job, cancelled (or already finished)", content = @Content(schema = @Schema(implementation = AnalysisJob.Snapshot.class)))
    @APIResponse(responseCode = "404", description = "no such job", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public AnalysisJob.Snapshot cancel(@PathParam("id") String id) {
        AnalysisJob.Snapshot s = analysis.cancel(id);
        if (s == null) throw ProblemException.notFound("No such analysis job", "no analysis job with id " + id);
        return s;
    }

    @GET
    @Path("/{id}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    @Blocking
    @Operation(summary = "Progress events (SSE)", description = "One event per change (each new depth); the stream ends with the finished job.")
    @APIResponse(responseCode = "404", description = "no such job", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Multi<AnalysisJob.Snapshot> events(@PathParam("id") String id) {
        AnalysisJob.Snapshot first = analysis.get(id);
        if (first == null) throw ProblemException.notFound("No such analysis job", "no analysis job with id " + id);
        return ProgressStream.of(() -> analysis.get(id), s -> s.status().finished(), EVENT_PERIOD);
    }

    /** While the job is queued or running. */
    private java.util.function.BooleanSupplier whileActive(AnalysisJob.Snapshot job) {
        return () -> {
            AnalysisJob.Snapshot now = analysis.get(job.id());
            return now != null && !now.status().finished();
        };
    }
}
