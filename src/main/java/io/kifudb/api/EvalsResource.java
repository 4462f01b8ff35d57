package io.kifudb.api;

import io.kifudb.analysis.AnalysisService;
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

/** Cached evaluations. */
@Path("/api/evals")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Analysis")
public class EvalsResource {
    @Inject
    AnalysisService analysis;

    @GET
    @Operation(summary = "The cached evaluation of a position", description = "The deepest cached search of the position with at least `multiPv` lines.")
    @APIResponse(responseCode = "200", description = "the evaluation", content = @Content(schema = @Schema(implementation = AnalysisService.Cached.class)))
    @APIResponse(responseCode = "404", description = "no cached evaluation", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public AnalysisService.Cached get(@Parameter(description = "rule set id (required)") @QueryParam("rules") String rules,
                                      @QueryParam("sfen") String sfen, @QueryParam("play") String play,
                                      @QueryParam("multiPv") @DefaultValue("1") int multiPv) {
        PositionArgs.Resolved at = PositionArgs.resolve(PositionArgs.requiredRules(rules), sfen, play);
        if (multiPv < 1) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad multiPv", "multiPv must be 1 or more").withField("multiPv");
        AnalysisService.Cached c = analysis.cached(at.rules(), at.position().sfen(), multiPv);
        if (c == null) throw ProblemException.notFound("No cached evaluation", "no evaluation of this position with " + multiPv + " line(s) is cached");
        return c;
    }
}
