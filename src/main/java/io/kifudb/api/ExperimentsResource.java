package io.kifudb.api;

import io.kifudb.analysis.ExperimentJobs;
import io.kifudb.jobs.InvalidJobRequestException;
import io.kifudb.jobs.QueueFullException;
import io.kifudb.rules.RuleSet;
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
import java.util.ArrayList;
import java.util.List;

/** Rule experiments: engine self-play under several rule sets, compared. */
@Path("/api/experiments")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Experiments", description = "Compare rule sets by engine self-play")
public class ExperimentsResource {
    @Inject
    ExperimentJobs experiments;

    @Inject
    JobQuota quota;

    @Schema(description = "Two or more rule sets of the same game, played under the same engine settings and the same random openings.")
    public record ExperimentRequest(@Schema(description = "two or more rule sets of the same board and pieces (required)",
                                            example = "[\"shodoshu2017\", \"shodoshu2017-prev\"]") List<String> rules,
                                    @Schema(description = "games per rule set, 1 to kifudb.experiments.max-games (500); default 200", example = "200") Integer games,
                                    @Schema(description = "engine nodes per move, 1 to kifudb.experiments.max-nodes (200000); default 20000") Long nodes,
                                    @Schema(description = "engine depth per move, 1 to 20 (the node limit still applies)") Integer depth,
                                    @Schema(description = "random plies before the engine plays, 0 to 40 (default 4)") Integer openingPlies,
                                    @Schema(description = "a game is cut (a draw by move-limit) at this many plies, 1 to "
                                            + "kifudb.experiments.max-plies (1000); default 500") Integer maxPlies,
                                    @Schema(description = "seed of the openings (default 1)") Long seed) {}

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "startExperiment", summary = "Start an experiment",
            description = "For rule designers: the engine plays itself under each rule set, from the same random openings with the "
                    + "same settings, and the results are compared. "
                    + "202 with the job; follow it with GET /api/experiments/{id}. When done, its report gives per rule set: games, "
                    + "wins by side and draws, how games ended, average "
                    + "length, and how often the rules that differ fired (a move that comes out differently under the compared rule set), "
                    + "each with a 95% confidence interval (Wilson for shares, normal for means). Each worker process runs "
                    + "`kifudb.experiments.workers` (1) at a time; when `kifudb.experiments.queue-size` wait, 429 with Retry-After. A "
                    + "finished experiment is kept `kifudb.jobs.keep-finished` (24 h)."
                    + ApiDocs.KEY_NEEDED)
    @SecurityRequirement(name = ApiDocs.BEARER)
    @RequestBody(description = "The rule sets and the engine settings.", required = true,
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ExperimentRequest.class), examples = {
                    @ExampleObject(name = "chu rules", summary = "JCSA against lishogi rules, 6 games each at 5000 nodes per move",
                            value = ApiDocs.EXPERIMENT_REQUEST),
                    @ExampleObject(name = "13x13 exchange rule", summary = "the two Shodoshu 2017 exchange rules, 200 games each "
                            + "at the default settings", value = ApiDocs.EXPERIMENT_REQUEST_13)}))
    @APIResponse(responseCode = "202", description = "Queued: the job.",
            headers = @Header(name = "Location", description = ApiDocs.LOCATION, schema = @Schema(type = SchemaType.STRING,
                    examples = "http://localhost:8080/api/experiments/54397ef5-9fc2-413e-afbe-dac6606fd190")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ExperimentJobs.Snapshot.class), examples =
                    @ExampleObject(name = "queued", summary = "the answer to the chu rules example", value = ApiDocs.EXPERIMENT_QUEUED)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_EXPERIMENT)
    @APIResponse(responseCode = "413", ref = ApiDocs.BODY_TOO_LARGE)
    @APIResponse(responseCode = "401", ref = ApiDocs.UNAUTHORIZED)
    @APIResponse(responseCode = "403", ref = ApiDocs.FORBIDDEN)
    @APIResponse(responseCode = "429", ref = ApiDocs.EXPERIMENT_QUEUE_FULL)
    public Response start(ExperimentRequest req) {
        if (req == null || req.rules() == null)
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "No rule sets", "give two rule sets or more in 'rules'").withField("rules");
        List<RuleSet> rules = new ArrayList<>();
        for (String id : req.rules()) rules.add(RulesResource.ruleSet(id));
        ExperimentJobs.Snapshot s;
        try {
            s = quota.admit(owner -> experiments.submit(rules, req.games() == null ? 200 : req.games(), req.nodes(), req.depth(),
                    req.openingPlies() == null ? 4 : req.openingPlies(), req.maxPlies() == null ? 500 : req.maxPlies(),
                    req.seed() == null ? 1 : req.seed(), owner));
        } catch (InvalidJobRequestException e) {
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad experiment", e.getMessage()).withField(e.field);
        } catch (QueueFullException e) {
            throw ProblemException.tooManyRequests("queue-full", "Experiments queued", e.getMessage(), 60);
        }
        return Response.accepted(s).location(URI.create("/api/experiments/" + s.id())).build();
    }

    @GET
    @Path("/{id}")
    @Operation(operationId = "getExperiment", summary = "An experiment: status, progress and (when done) the report",
            description = "Status is queued, running, done, cancelled or failed; `done` counts the games played of `total`. "
                    + "The report is there once the experiment has finished (for a cancelled one, over the games played, with "
                    + "`complete: false`). Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "The experiment as it stands.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ExperimentJobs.Snapshot.class), examples =
                    @ExampleObject(name = "done", summary = "the chu rules example, finished", value = ApiDocs.EXPERIMENT_DONE)))
    @APIResponse(responseCode = "404", ref = ApiDocs.EXPERIMENT_NOT_FOUND)
    public ExperimentJobs.Snapshot get(@Parameter(description = ApiDocs.JOB_ID, example = ApiDocs.EXPERIMENT_ID) @PathParam("id") String id) {
        ExperimentJobs.Snapshot s = experiments.get(id);
        if (s == null) throw ProblemException.notFound("No such experiment", "no experiment with id " + id);
        return s;
    }

    @DELETE
    @Path("/{id}")
    @Operation(operationId = "cancelExperiment", summary = "Cancel an experiment",
            description = "A queued experiment is cancelled at once. A running one stops after the games in progress; the report "
                    + "then covers the games finished (`complete: false`), and the answer is the experiment as it stands when the "
                    + "cancel arrives (still running): GET shows it cancelled once those games are over. A finished experiment is "
                    + "left as it is." + ApiDocs.KEY_NEEDED)
    @SecurityRequirement(name = ApiDocs.BEARER)
    @APIResponse(responseCode = "200", description = "The experiment as it stands when the cancel was sent.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ExperimentJobs.Snapshot.class), examples =
                    @ExampleObject(name = "stopping", summary = "the 13x13 example, cancelled while its first games ran",
                            value = ApiDocs.EXPERIMENT_RUNNING)))
    @APIResponse(responseCode = "401", ref = ApiDocs.UNAUTHORIZED)
    @APIResponse(responseCode = "403", ref = ApiDocs.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiDocs.EXPERIMENT_NOT_FOUND)
    public ExperimentJobs.Snapshot cancel(@Parameter(description = ApiDocs.JOB_ID, example = ApiDocs.EXPERIMENT_ID) @PathParam("id") String id) {
        ExperimentJobs.Snapshot s = experiments.cancel(id);
        if (s == null) throw ProblemException.notFound("No such experiment", "no experiment with id " + id);
        return s;
    }
}
