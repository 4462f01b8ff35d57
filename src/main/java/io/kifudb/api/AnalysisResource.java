package io.kifudb.api;

import io.kifudb.analysis.AnalysisJob;
import io.kifudb.analysis.AnalysisService;
import io.kifudb.engine.SearchLimits;
import io.kifudb.jobs.InvalidJobRequestException;
import io.kifudb.jobs.QueueFullException;
import io.kifudb.mate.MateLimits;
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
import org.eclipse.microprofile.config.inject.ConfigProperty;
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
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
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

    @ConfigProperty(name = "kifudb.analysis.anonymous-max-movetime-ms", defaultValue = "5000")
    long anonymousMaxMovetimeMs;

    /** Problem type of an analysis without a key while the anonymous jobs are all taken. */
    static final String ANONYMOUS_QUOTA = "anonymous-quota";

    @Schema(description = "What to analyse and how long. Limits combine (the first reached stops the search) and are capped by the "
            + "service's configuration; with none, the search runs for the default time.")
    public record AnalysisRequest(
            @Schema(description = "rule set id (required)", example = "chu") String rules,
            @Schema(description = "the position in SFEN (default: the rule set's start)") String sfen,
            @Schema(description = "USI moves played from the SFEN first", example = "[\"7i7h\", \"6d6e\"]") List<String> moves,
            @Schema(description = "search depth in plies, 1 to kifudb.analysis.max-depth (40)") Integer depth,
            @Schema(description = "search time in ms, 1 to kifudb.analysis.max-movetime-ms (60000); without a key at most "
                    + "kifudb.analysis.anonymous-max-movetime-ms (5000)") Long movetime,
            @Schema(description = "node budget, 1 to kifudb.analysis.max-nodes") Long nodes,
            @Schema(description = "number of best lines (multi-PV), 1 to kifudb.analysis.max-multipv (10), default 1") Integer multiPv,
            @Schema(description = "answer from the evaluation cache when it holds a search at least as deep (default true); "
                    + "mode search only") Boolean cache,
            @Schema(description = "`search` (default): the engine's best lines. `mate`: the mate solver proves a forced mate for the side "
                    + "to move (the shortest it can within the limits, by forcing moves) with its main line, or that there is none; "
                    + "`depth` is then the longest mate looked for in moves, 1 to kifudb.analysis.max-mate-moves (512), and "
                    + "`multiPv` and `cache` do not apply", enumeration = {"search", "mate"}) String mode) {}

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "startAnalysis", summary = "Start an analysis",
            description = "For analysis boards: the engine searches one position (`sfen`, default the start, after `moves`). "
                    + "202 with the queued job; follow it with GET /api/analysis/{id} or its /events stream. 200 with a finished job "
                    + "when the evaluation cache already satisfies the request "
                    + "(same position and rule set, at least the requested depth and lines; without a depth: at least as many nodes, or as much time); "
                    + "`cache: false` searches anyway. `mode: mate` runs the mate solver instead (never from the cache): it proves the "
                    + "shortest forced mate it can for the side to move by forcing moves, within the limits (`depth`: the longest mate "
                    + "looked for, in moves), and answers in `mate` (`mate`, `no-mate` or `not-found`) with the mate's main line as the "
                    + "one line of `pvs`. Scores are from the side to move: `cp` (centipawns) or `mate` (moves to a forced end). "
                    + "Jobs run one per worker (`kifudb.analysis.workers`); when `kifudb.analysis.queue-size` wait, 429 with Retry-After. "
                    + "Public: a key is optional. With `Authorization: Bearer <key>` the configured caps apply; without one a small "
                    + "anonymous quota does (`kifudb.analysis.anonymous-jobs` jobs queued or running at once across all anonymous "
                    + "clients, 429 with Retry-After beyond it; each search at most `kifudb.analysis.anonymous-max-movetime-ms`). A wrong key is "
                    + "403; a key not given as `Bearer <key>` is 401.")
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiDocs.BEARER))
    @RequestBody(description = "What to analyse and how long.", required = true,
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AnalysisRequest.class), examples = {
                    @ExampleObject(name = "to a depth", summary = "the Chu start after 7i7h 6d6e, to depth 6", value = ApiDocs.ANALYSIS_REQUEST),
                    @ExampleObject(name = "two lines", summary = "the best two lines for 30 s (without a key the search stops at 5 s)",
                            value = ApiDocs.ANALYSIS_REQUEST_MULTIPV),
                    @ExampleObject(name = "from an SFEN", summary = "the position after 7i7h, given as SFEN, for 1.5 s",
                            value = ApiDocs.ANALYSIS_REQUEST_SFEN),
                    @ExampleObject(name = "a mate", summary = "the mate solver on a composed problem (MSM MD1), for at most 10 s",
                            value = ApiDocs.ANALYSIS_REQUEST_MATE)}))
    @APIResponse(responseCode = "202", description = "Queued (or already running): the job as it stands.",
            headers = @Header(name = "Location", description = ApiDocs.LOCATION, schema = @Schema(type = SchemaType.STRING,
                    examples = "http://localhost:8080/api/analysis/f40e7d82-8c24-4123-a363-b86cd027b95e")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AnalysisJob.Snapshot.class), examples =
                    @ExampleObject(name = "queued", summary = "the answer to the depth 6 example", value = ApiDocs.ANALYSIS_QUEUED)))
    @APIResponse(responseCode = "200", description = "Answered from the evaluation cache: a finished job with `cached: true`.",
            headers = @Header(name = "Location", description = ApiDocs.LOCATION, schema = @Schema(type = SchemaType.STRING,
                    examples = "http://localhost:8080/api/analysis/a5814855-7f0a-417b-a68c-f560225e6f18")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AnalysisJob.Snapshot.class), examples =
                    @ExampleObject(name = "cached", summary = "the depth 6 example, sent again", value = ApiDocs.ANALYSIS_CACHED)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_ANALYSIS_REQUEST)
    @APIResponse(responseCode = "413", ref = ApiDocs.BODY_TOO_LARGE)
    @APIResponse(responseCode = "401", ref = ApiDocs.UNAUTHORIZED)
    @APIResponse(responseCode = "403", ref = ApiDocs.FORBIDDEN)
    @APIResponse(responseCode = "422", ref = ApiDocs.GAME_OVER)
    @APIResponse(responseCode = "429", ref = ApiDocs.ANALYSIS_TOO_MANY)
    public Response start(@jakarta.ws.rs.HeaderParam(jakarta.ws.rs.core.HttpHeaders.AUTHORIZATION) String authorization, AnalysisRequest req) {
        ApiKeys.Verdict verdict = keys.check(authorization);
        // No key is anonymous analysis; a key that is wrong, or not given as Bearer, is refused as for any write.
        if (verdict == ApiKeys.Verdict.WRONG || verdict == ApiKeys.Verdict.NOT_BEARER) return WriteAuthFilter.unauthorized(verdict);
        if (req == null) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Empty body", "the request body holds no analysis request");
        PositionArgs.Resolved at = PositionArgs.resolve(PositionArgs.requiredRules(req.rules(), "body field"), req.sfen(), req.moves());
        AnalysisJob.Snapshot s;
        boolean anonymous = verdict == ApiKeys.Verdict.MISSING;
        try {
            if ("mate".equals(req.mode())) {
                if (req.multiPv() != null) throw new InvalidJobRequestException("multiPv", "multiPv does not apply with mode mate: a mate has one main line");
                if (req.cache() != null) throw new InvalidJobRequestException("cache", "cache does not apply with mode mate: mate jobs are not cached");
                MateLimits limits = analysis.mateLimits(req.depth(), req.movetime(), req.nodes());
                if (!at.position().status().isOngoing())
                    throw ProblemException.unprocessable("game-over", "Game over", "the game is over in this position (" + at.position().status() + ")");
                s = quota.admit(owner -> analysis.submitMate(at.rules(), at.position(), limits, anonymous, owner));
                return (s.status().finished() ? Response.ok(s) : Response.accepted(s)).location(URI.create("/api/analysis/" + s.id())).build();
            }
            if (req.mode() != null && !"search".equals(req.mode()))
                throw new InvalidJobRequestException("mode", "mode must be search or mate, not '" + req.mode() + "'");
            SearchLimits limits = analysis.limits(req.depth(), req.movetime(), req.nodes());
            int multiPv = analysis.multiPv(req.multiPv());
            if (!at.position().status().isOngoing())
                throw ProblemException.unprocessable("game-over", "Game over", "the game is over in this position (" + at.position().status() + ")");
            s = quota.admit(owner -> analysis.submit(at.rules(), at.position(), limits, req.depth(), multiPv, req.cache() == null || req.cache(),
                    anonymous, owner));
        } catch (InvalidJobRequestException e) {
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad analysis request", e.getMessage()).withField(e.field);
        } catch (QueueFullException e) {
            throw ProblemException.tooManyRequests("queue-full", "Analysis queue full", e.getMessage(), 10);
        } catch (AnalysisService.AnonymousQuotaException e) {
            // Too many requests, not a missing credential: the client may simply wait. An anonymous search ends
            // within anonymous-max-movetime-ms, so a place is free again by then at the latest for running ones.
            throw ProblemException.tooManyRequests(ANONYMOUS_QUOTA, "Anonymous quota used up", e.getMessage(),
                    (int) Math.max(1, (anonymousMaxMovetimeMs + 999) / 1000));
        }
        Response.ResponseBuilder r = s.status().finished() ? Response.ok(s) : Response.accepted(s);
        return r.location(URI.create("/api/analysis/" + s.id())).build();
    }

    @GET
    @Path("/{id}")
    @Operation(operationId = "getAnalysis", summary = "An analysis job",
            description = "For polling a job: status (queued, running, done, cancelled, failed), depth, seldepth, nodes, nps, time, "
                    + "best move and `pvs`, the principal variations of the last completed depth, best first (scores from the side "
                    + "to move: `cp` or `mate` in moves). A whole-game job (`kind: game`) counts `positionsDone` of `positions`; its "
                    + "result is read at GET /api/games/{id}/analysis. Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "The job as it stands.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AnalysisJob.Snapshot.class), examples = {
                    @ExampleObject(name = "done", summary = "the depth 6 example, finished", value = ApiDocs.ANALYSIS_DONE),
                    @ExampleObject(name = "running, two lines", summary = "the two-line example while it searches",
                            value = ApiDocs.ANALYSIS_RUNNING_MULTIPV),
                    @ExampleObject(name = "a mate", summary = "the mate example, solved: mate in 10 (19 plies), no shorter one by forcing moves",
                            value = ApiDocs.ANALYSIS_MATE_DONE)}))
    @APIResponse(responseCode = "404", ref = ApiDocs.ANALYSIS_JOB_NOT_FOUND)
    public AnalysisJob.Snapshot get(@Parameter(description = ApiDocs.JOB_ID, example = ApiDocs.ANALYSIS_JOB_ID) @PathParam("id") String id) {
        AnalysisJob.Snapshot s = analysis.get(id);
        if (s == null) throw ProblemException.notFound("No such analysis job", "no analysis job with id " + id);
        return s;
    }

    @DELETE
    @Path("/{id}")
    @Operation(operationId = "cancelAnalysis", summary = "Cancel a job",
            description = "A queued job never runs; a running one is told to stop, keeps (and caches) what it found, and the answer "
                    + "comes once it has stopped (within moments; should it take over 2 s, the answer still shows it running and GET "
                    + "shows it cancelled once it has). A finished job is left as it is." + ApiDocs.KEY_NEEDED)
    @SecurityRequirement(name = ApiDocs.BEARER)
    @APIResponse(responseCode = "200", description = "The job once it has stopped.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AnalysisJob.Snapshot.class), examples =
                    @ExampleObject(name = "cancelled", summary = "a running job, cancelled", value = ApiDocs.ANALYSIS_CANCELLED)))
    @APIResponse(responseCode = "401", ref = ApiDocs.UNAUTHORIZED)
    @APIResponse(responseCode = "403", ref = ApiDocs.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiDocs.ANALYSIS_JOB_NOT_FOUND)
    public AnalysisJob.Snapshot cancel(@Parameter(description = ApiDocs.JOB_ID, example = ApiDocs.ANALYSIS_JOB_ID) @PathParam("id") String id) {
        AnalysisJob.Snapshot s = analysis.cancel(id);
        if (s == null) throw ProblemException.notFound("No such analysis job", "no analysis job with id " + id);
        // The search stops within a thousand nodes; answer with the job as it ended rather than as it was.
        return ProgressStream.untilFinished(s, () -> analysis.get(id), x -> x.status().finished(), ProgressStream.CANCEL_WAIT);
    }

    @GET
    @Path("/{id}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    @Blocking
    @Operation(operationId = "streamAnalysisEvents", summary = "Progress events (SSE)",
            description = "For live analysis displays: a server-sent event stream, one event (the job as JSON in `data:`) per change "
                    + "(each new depth; checked five times a second); the stream ends with the finished job. A finished job gives "
                    + "one event. Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "The event stream: `data:` lines, each holding the job (the schema is that of "
            + "one event's data), separated by blank lines.",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(implementation = AnalysisJob.Snapshot.class), examples = {
                    @ExampleObject(name = "running", summary = "the SFEN example: the data of an event at depth 7", value = ApiDocs.ANALYSIS_EVENT_RUNNING),
                    @ExampleObject(name = "done", summary = "the SFEN example: the data of the last event", value = ApiDocs.ANALYSIS_EVENT_DONE)}))
    @APIResponse(responseCode = "404", ref = ApiDocs.ANALYSIS_JOB_NOT_FOUND)
    public Multi<AnalysisJob.Snapshot> events(@Parameter(description = ApiDocs.JOB_ID, example = ApiDocs.ANALYSIS_JOB_ID) @PathParam("id") String id) {
        AnalysisJob.Snapshot first = analysis.get(id);
        if (first == null) throw ProblemException.notFound("No such analysis job", "no analysis job with id " + id);
        return ProgressStream.of(() -> analysis.get(id), s -> s.status().finished(), EVENT_PERIOD);
    }
}
