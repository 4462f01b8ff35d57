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
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
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
    @Operation(operationId = "getCachedEvaluation", summary = "The cached evaluation of a position",
            description = "For showing an evaluation without starting a search: the deepest cached search of the position "
                    + "(`sfen`, default the start, after `play`) with at least `multiPv` lines, cut to `multiPv` lines. Every "
                    + "analysis job fills the cache, cancelled ones too. Public: no API key needed." + ApiDocs.TAGGED_FOR_A_MINUTE)
    @APIResponse(responseCode = "200", description = "The evaluation.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AnalysisService.Cached.class), examples =
                    @ExampleObject(name = "after 7i7h 6d6e", summary = "GET /api/evals?rules=chu&play=7i7h,6d6e", value = ApiDocs.EVAL)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_EVAL_QUERY)
    @APIResponse(responseCode = "304", ref = ApiDocs.NOT_MODIFIED)
    @APIResponse(responseCode = "404", ref = ApiDocs.NO_CACHED_EVALUATION)
    public AnalysisService.Cached get(@Parameter(description = ApiDocs.RULES + " (required)", required = true, example = "chu") @QueryParam("rules") String rules,
                                      @Parameter(description = ApiDocs.SFEN, example = ApiDocs.CHU_START) @QueryParam("sfen") String sfen,
                                      @Parameter(description = ApiDocs.PLAY, example = "7i7h,6d6e") @QueryParam("play") String play,
                                      @Parameter(description = "lines the evaluation must hold at least, 1 or more", example = "1")
                                      @QueryParam("multiPv") @DefaultValue("1") int multiPv) {
        PositionArgs.Resolved at = PositionArgs.resolve(PositionArgs.requiredRules(rules), sfen, play);
        if (multiPv < 1) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad multiPv", "multiPv must be 1 or more").withField("multiPv");
        AnalysisService.Cached c = analysis.cached(at.rules(), at.position().sfen(), multiPv);
        if (c == null) throw ProblemException.notFound("No cached evaluation", "no evaluation of this position with " + multiPv + " line(s) is cached");
        // The cached search may hold more lines than were asked for; the answer has multiPv of them and says so.
        return c.multiPv() == c.pvs().size() ? c
                : new AnalysisService.Cached(c.rules(), c.sfen(), c.pvs().size(), c.depth(), c.nodes(), c.timeMs(), c.bestMove(), c.pvs(), c.createdAt());
    }
}
