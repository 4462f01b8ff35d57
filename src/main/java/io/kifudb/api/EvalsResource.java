package io.kifudb.api;

import io.kifudb.analysis.AnalysisService;
import io.kifudb.jobs.InvalidJobRequestException;
import io.kifudb.rules.RuleSet;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.ArrayList;
import java.util.List;

/** Cached evaluations, of one position or of many. */
@Path("/api/evals")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Analysis")
public class EvalsResource {
    @Inject
    AnalysisService analysis;

    @ConfigProperty(name = "kifudb.analysis.max-eval-batch", defaultValue = "100")
    int maxBatch;

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
                                      @Parameter(description = "lines the evaluation must hold at least, 1 to kifudb.analysis.max-multipv (10)", example = "1")
                                      @QueryParam("multiPv") @DefaultValue("1") int multiPv) {
        PositionArgs.Resolved at = PositionArgs.resolve(PositionArgs.requiredRules(rules), sfen, play);
        // the batch's bound: no analysis holds more lines, so more can never be cached (a 404 would not say why)
        try {
            analysis.multiPv(multiPv);
        } catch (InvalidJobRequestException e) {
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad multiPv", e.getMessage()).withField(e.field);
        }
        AnalysisService.Cached c = analysis.cached(at.rules(), at.position().sfen(), multiPv);
        if (c == null) throw ProblemException.notFound("No cached evaluation", "no evaluation of this position with " + multiPv + " line(s) is cached");
        return c;
    }

    @Schema(name = "EvalBatchRequest", description = "Positions of one rule set whose cached evaluations are wanted, in the order the answer gives them.")
    public record BatchRequest(
            @Schema(description = "rule set id (required)", example = "chu") String rules,
            @Schema(description = "lines each evaluation must hold at least, 1 to kifudb.analysis.max-multipv (10), default 1") Integer multiPv,
            @Schema(description = "1 to kifudb.analysis.max-eval-batch (100) positions") List<BatchPosition> positions) {}

    @Schema(name = "EvalBatchPosition", description = "A position: `sfen` (default the rule set's start), after `moves`.")
    public record BatchPosition(
            @Schema(description = "the position in SFEN (default: the rule set's start)") String sfen,
            @Schema(description = "USI moves played from the SFEN first", example = "[\"7i7h\", \"6d6e\"]") List<String> moves) {}

    @Schema(name = "EvalBatch", description = "The cached evaluations of the positions asked for, one entry per position, in their order.")
    public record BatchAnswer(String rules, @Schema(description = "the lines asked for") int multiPv, List<BatchEntry> evals) {}

    @Schema(name = "EvalBatchEntry", description = "One position of a batch: its index in the request, its SFEN (canonical) and its cached evaluation.")
    public record BatchEntry(@Schema(description = "the position's index in the request's `positions`, from 0") int index, String sfen,
                             @Schema(nullable = true, description = "null when no evaluation of the position with at least `multiPv` lines is cached")
                             AnalysisService.Cached eval) {}

    @POST
    @Path("/batch")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getCachedEvaluations", summary = "The cached evaluations of many positions",
            description = "For showing evaluations beside a whole game or a list of positions in one request: the same answer as GET "
                    + "/api/evals for each position (`sfen`, default the start, after `moves`), in the request's order, `eval: null` where "
                    + "none is cached. At most `kifudb.analysis.max-eval-batch` (100) positions. A position that cannot be set up is a 400 "
                    + "whose `field` names it (`positions[3].moves`, with the `ply`). A read with a body: public, no API key needed.")
    @RequestBody(description = "The positions.", required = true,
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = BatchRequest.class), examples =
                    @ExampleObject(name = "a game's first plies", summary = "the Chu start, after 7i7h and after 7i7h 6d6e", value = ApiDocs.EVAL_BATCH_REQUEST)))
    @APIResponse(responseCode = "200", description = "One entry per position, in order.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = BatchAnswer.class), examples =
                    @ExampleObject(name = "a game's first plies", summary = "the answer to the example", value = ApiDocs.EVAL_BATCH)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_EVAL_BATCH)
    @APIResponse(responseCode = "413", ref = ApiDocs.BODY_TOO_LARGE)
    public BatchAnswer batch(BatchRequest req) {
        if (req == null) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Empty body", "the request body holds no positions");
        RuleSet rules = PositionArgs.requiredRules(req.rules(), "body field");
        int multiPv;
        try {
            multiPv = analysis.multiPv(req.multiPv());
        } catch (InvalidJobRequestException e) {
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad multiPv", e.getMessage()).withField(e.field);
        }
        List<BatchPosition> positions = req.positions();
        if (positions == null || positions.isEmpty() || positions.size() > maxBatch)
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad batch", "positions must hold 1 to " + maxBatch + " positions (kifudb.analysis.max-eval-batch)"
                    + (positions == null ? "" : "; it holds " + positions.size())).withField("positions");
        List<String> sfens = new ArrayList<>(positions.size());
        for (int i = 0; i < positions.size(); i++) {
            BatchPosition p = positions.get(i);
            String at = "positions[" + i + "]";
            if (p == null) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad batch", at + " is null: a position is an object").withField(at);
            try {
                sfens.add(PositionArgs.resolve(rules, p.sfen(), p.moves()).position().sfen());
            } catch (ProblemException e) {
                // the same problem as for one position, said of this one
                Problem one = e.problem();
                throw new ProblemException(new Problem(one.type(), one.title(), one.status(), at + ": " + one.detail(), one.ply(), one.line(),
                        one.move(), at + "." + one.field()));
            }
        }
        List<AnalysisService.Cached> found = analysis.cached(rules, sfens, multiPv);
        List<BatchEntry> entries = new ArrayList<>(sfens.size());
        for (int i = 0; i < sfens.size(); i++) entries.add(new BatchEntry(i, sfens.get(i), found.get(i)));
        return new BatchAnswer(rules.id, multiPv, entries);
    }
}
