package io.kifudb.api;

import io.kifudb.analysis.ExperimentJobs;
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
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
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
    public record ExperimentRequest(@Schema(example = "[\"shodoshu2017\", \"shodoshu2017-prev\"]") List<String> rules,
                                    @Schema(description = "games per rule set", example = "200") Integer games,
                                    @Schema(description = "engine nodes per move (default 20000)") Long nodes,
                                    @Schema(description = "engine depth per move (the node limit still applies)") Integer depth,
                                    @Schema(description = "random plies before the engine plays (default 4)") Integer openingPlies,
                                    @Schema(description = "a game is cut (a draw by move-limit) at this many plies (default 500)") Integer maxPlies,
                                    @Schema(description = "seed of the openings (default 1)") Long seed) {}

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Start an experiment",
            description = "202 with the job. When done, its report gives per rule set: games, wins by side and draws, how games ended, average "
                    + "length, and how often the rules that differ fired (a move that comes out differently under the compared rule set), "
                    + "each with a 95% confidence interval (Wilson for shares, normal for means).")
    @APIResponse(responseCode = "202", description = "queued", content = @Content(schema = @Schema(implementation = ExperimentJobs.Snapshot.class)))
    @APIResponse(responseCode = "400", description = "bad rule sets or settings (the problem's field says which)",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "429", description = "experiments are queued already; see Retry-After",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response start(ExperimentRequest req) {
        if (req == null || req.rules() == null)
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "No rule sets", "give two rule sets or more in 'rules'").withField("rules");
        List<RuleSet> rules = new ArrayList<>();
        for (String id : req.rules()) rules.add(RulesResource.ruleSet(id));
        ExperimentJobs.Snapshot s;
        try {
            s = quota.admit(() -> experiments.submit(rules, req.games() == null ? 200 : req.games(), req.nodes(), req.depth(),
                    req.openingPlies() == null ? 4 : req.openingPlies(), req.maxPlies() == null ? 500 : req.maxPlies(),
                    req.seed() == null ? 1 : req.seed()), job -> () -> {
                ExperimentJobs.Snapshot now = experiments.get(job.id());
                return now != null && (now.status().equals("queued") || now.status().equals("running"));
            });
        } catch (ExperimentJobs.InvalidRequestException e) {
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad experiment", e.getMessage()).withField(e.field);
        } catch (ExperimentJobs.QueueFullException e) {
            throw ProblemException.tooManyRequests("queue-full", "Experiments queued", e.getMessage(), 60);
        }
        return Response.accepted(s).location(URI.create("/api/experiments/" + s.id())).build();
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "An experiment: status, progress and (when done) the report")
    @APIResponse(responseCode = "200", description = "the job", content = @Content(schema = @Schema(implementation = ExperimentJobs.Snapshot.class)))
    @APIResponse(responseCode = "404", description = "no such experiment", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public ExperimentJobs.Snapshot get(@PathParam("id") String id) {
        ExperimentJobs.Snapshot s = experiments.get(id);
        if (s == null) throw ProblemException.notFound("No such experiment", "no experiment with id " + id);
        return s;
    }

    @DELETE
    @Path("/{id}")
    @Operation(summary = "Cancel an experiment", description = "It stops after the games in progress; the report covers the games finished.")
    @APIResponse(responseCode = "200", description = "the job", content = @Content(schema = @Schema(implementation = ExperimentJobs.Snapshot.class)))
    @APIResponse(responseCode = "404", description = "no such experiment", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public ExperimentJobs.Snapshot cancel(@PathParam("id") String id) {
        ExperimentJobs.Snapshot s = experiments.cancel(id);
        if (s == null) throw ProblemException.notFound("No such experiment", "no experiment with id " + id);
        return s;
    }
}
