package io.kifudb.api;

import io.kifudb.jobs.InvalidJobRequestException;
import io.kifudb.jobs.QueueFullException;
import io.kifudb.puzzles.PuzzleFinder;
import io.kifudb.puzzles.PuzzleScans;
import io.kifudb.puzzles.PuzzleThemes;
import io.kifudb.rules.RuleSet;
import io.kifudb.store.Puzzle;
import io.quarkus.hibernate.orm.panache.PanacheQuery;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.panache.common.Sort;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
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
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.net.URI;
import java.util.Arrays;
import java.util.List;

/** Puzzles found in the stored games, and the scans that find them. */
@Path("/api/puzzles")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Puzzles", description = "Positions of the stored games where one move is clearly best")
public class PuzzlesResource {
    /** The themes a list may be filtered by: every theme a puzzle can have, and {@code mate} for every forced win. */
    static final Choice THEME = Choice.of("theme", "mate", PuzzleThemes.MATERIAL, PuzzleThemes.LION_TRADE, PuzzleThemes.PROMOTION,
            PuzzleThemes.BARE_KING).orFamily("mate-in-N", PuzzleThemes.MATE_IN);
    /** Which stored records a scan without a list of games covers. */
    static final Choice SCAN_KIND = Choice.of("kind", "game", "problem");
    private static final String THEMES_DOC = "`mate-in-N` (a forced win in N moves the search proved, the second-best move having none) or "
            + "`material` (the best move wins at least " + PuzzleFinder.WIN_CP + " centipawns, the second-best " + PuzzleFinder.MARGIN_CP
            + " less), then any motifs of the solution line: `lion-trade` (its first move takes an opponent's Lion, or the line takes more "
            + "of the opponent's Lions than of the solver's), `promotion` (its first move promotes), `bare-king` (the line ends with the "
            + "solver winning by the bare-king rule of the rule set)";

    @Inject
    PuzzleScans scans;

    @Inject
    JobQuota quota;

    @Schema(name = "Puzzle", description = "A position where one move is clearly best, with its solution and where it was found")
    public record PuzzleDto(long id, String rules, @Schema(description = "the position, the solver to move") String sfen,
                            @Schema(description = "what the puzzle is (mate-in-N or material), then the motifs of its solution line "
                                    + "(lion-trade, promotion, bare-king), in that order", example = "[\"mate-in-2\", \"lion-trade\"]") List<String> themes,
                            @Schema(description = "the solution line in USI, the solver's move first") List<String> solution,
                            @Schema(nullable = true, description = "mate puzzles: the solver's moves to the mate") Integer mateIn,
                            @Schema(nullable = true, description = "material and promotion puzzles: the best line's score, centipawns from the solver") Integer scoreCp,
                            @Schema(nullable = true, description = "material and promotion puzzles: how much less the second-best move gets, centipawns") Integer marginCp,
                            @Schema(description = "the game the position was found in") long gameId,
                            @Schema(description = "the ply of that game at which the position stood (0: its start)") int ply,
                            @Schema(description = "the search that found it") String settings) {
        static PuzzleDto of(Puzzle p) {
            return new PuzzleDto(p.id, p.rules, p.sfen, PuzzleThemes.ordered(p.themes), Arrays.asList(p.solution.split(" ")), p.mateIn, p.scoreCp, p.marginCp, p.gameId,
                    p.ply, p.settings);
        }
    }

    @Schema(name = "PuzzlePage", description = "One page of puzzles, oldest first")
    public record PuzzlePage(String rules, @Schema(nullable = true, description = "the theme asked for, null for all") String theme, int page, int size,
                             long total, List<PuzzleDto> puzzles) {}

    @GET
    @Operation(operationId = "listPuzzles", summary = "Puzzles found in the stored games",
            description = "For puzzle trainers: positions of the stored games where one move is clearly best, as a puzzle-scan job found "
                    + "them. Each puzzle's `themes`: " + THEMES_DOC + ". Each position once, with the game and ply it was found at. "
                    + "`theme` keeps the puzzles that have it: `mate` (every forced win), `mate-in-N`, `material`, `lion-trade`, "
                    + "`promotion`, `bare-king`. Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "One page of puzzles.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PuzzlePage.class), examples =
                    @ExampleObject(name = "mates", summary = "GET /api/puzzles?rules=chu&theme=mate&size=1", value = Examples.PAGE)))
    @APIResponse(responseCode = "400", description = "`rules` missing or unknown, a theme that is none of the themes, bad paging, "
            + "or a query parameter the operation does not take.",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class), examples = {
                    @ExampleObject(name = "bad theme", value = Examples.P_BAD_THEME),
                    @ExampleObject(name = "missing rules", value = ApiDocs.P_MISSING_RULES)}))
    public PuzzlePage list(@Parameter(description = ApiDocs.RULES + " (required)", required = true, example = "chu") @QueryParam("rules") String rules,
                           @Parameter(description = "mate, mate-in-N, material, lion-trade, promotion or bare-king (default: every puzzle)", example = "mate") @QueryParam("theme") String theme,
                           @Parameter(description = "page number, from 0", example = "0") @QueryParam("page") @DefaultValue("0") int page,
                           @Parameter(description = "puzzles per page, 1 to 200", example = "20") @QueryParam("size") @DefaultValue("20") int size) {
        RuleSet r = PositionArgs.requiredRules(rules);
        THEME.check(theme);
        PositionArgs.checkPage(page, size);
        return QuarkusTransaction.joiningExisting().call(() -> {
            PanacheQuery<Puzzle> q = theme == null ? Puzzle.find("rules = ?1", Sort.by("id"), r.id)
                    : theme.equals("mate") ? Puzzle.find("rules = ?1 and mateIn is not null", Sort.by("id"), r.id)
                    : Puzzle.find("rules = ?1 and ?2 member of themes", Sort.by("id"), r.id, theme);
            List<PuzzleDto> puzzles = q.page(page, size).list().stream().map(PuzzleDto::of).toList();
            return new PuzzlePage(r.id, theme, page, size, q.count(), puzzles);
        });
    }

    @Schema(name = "PuzzleScanRequest", description = "The games to scan and the search per position.")
    public record ScanRequest(@Schema(description = "rule set id (required)", example = "chu") String rules,
                              @Schema(description = "ids of the games to scan, whatever their kind (default: every stored record of the rule set of `kind`)") List<Long> games,
                              @Schema(nullable = true, enumeration = {"game", "problem"}, description = "when `games` is not given, which "
                                      + "stored records: `game` (played games, the default) or `problem` (composed problems, which are puzzles "
                                      + "already); not with `games`") String kind,
                              @Schema(description = "engine nodes per position, 1 to kifudb.puzzles.max-nodes (1000000); default 20000") Long nodes) {}

    @POST
    @Path("/scan")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "startPuzzleScan", summary = "Scan stored games for puzzles",
            description = "A puzzle-scan job: the engine searches every position of the games (two best moves, `nodes` per position; "
                    + "without `games`, the rule set's played games, or its problems with `kind: problem`), "
                    + "searches each candidate again with " + PuzzleFinder.CONFIRM_FACTOR + " times the nodes, and keeps those where both "
                    + "searches find the same move clearly best (see GET /api/puzzles); a position already kept is not kept again. 202 "
                    + "with the job; follow it with GET /api/puzzles/scan/{id}. Each worker process runs `kifudb.puzzles.workers` (1) at "
                    + "a time; when `kifudb.puzzles.queue-size` (2) wait, 429 with Retry-After." + ApiDocs.KEY_NEEDED)
    @SecurityRequirement(name = ApiDocs.BEARER)
    @RequestBody(description = "What to scan.", required = true,
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScanRequest.class), examples =
                    @ExampleObject(name = "two games", summary = "games 17 and 18, 20000 nodes a position", value = Examples.SCAN_REQUEST)))
    @APIResponse(responseCode = "202", description = "Queued: the job.",
            headers = @Header(name = "Location", description = ApiDocs.LOCATION, schema = @Schema(type = SchemaType.STRING,
                    examples = "http://localhost:8080/api/puzzles/scan/5b0c8f0e-6f7e-4d55-9b0a-63f2a1d4c9e1")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PuzzleScans.Snapshot.class), examples =
                    @ExampleObject(name = "queued", summary = "the answer to the example", value = Examples.SCAN_QUEUED)))
    @APIResponse(responseCode = "400", description = "`rules` missing or unknown, a game that is not stored or is of another rule set "
            + "(`field` names it: `games[1]`), `nodes` out of range, `kind` not `game` or `problem`, or given with `games`, a field the request does not have (`unknown-field`), or a body that "
            + "is not JSON of the request's shape.",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class), examples = {
                    @ExampleObject(name = "no such game", value = Examples.P_NO_GAME),
                    @ExampleObject(name = "missing rules", value = ApiDocs.P_MISSING_RULES_FIELD)}))
    @APIResponse(responseCode = "413", ref = ApiDocs.BODY_TOO_LARGE)
    @APIResponse(responseCode = "401", ref = ApiDocs.UNAUTHORIZED)
    @APIResponse(responseCode = "403", ref = ApiDocs.FORBIDDEN)
    @APIResponse(responseCode = "429", description = "`kifudb.puzzles.queue-size` scans are waiting already (`queue-full`, retry after "
            + "60 s), or the API key already has `kifudb.jobs.per-key` jobs of any kind queued or running (`job-quota`, 10 s).",
            headers = @Header(name = "Retry-After", description = ApiDocs.RETRY_AFTER, schema = @Schema(type = SchemaType.INTEGER, examples = "60")),
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class), examples = {
                    @ExampleObject(name = "queue-full", value = Examples.P_QUEUE_FULL),
                    @ExampleObject(name = "job-quota", value = ApiDocs.P_JOB_QUOTA)}))
    public Response scan(ScanRequest req) {
        if (req == null) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Empty body", "the request body holds no scan request");
        RuleSet rules = PositionArgs.requiredRules(req.rules(), "body field");
        PuzzleScans.Snapshot s;
        try {
            SCAN_KIND.check(req.kind());
            s = quota.admit(owner -> scans.submit(rules, req.games(), req.kind(), req.nodes(), owner));
        } catch (InvalidJobRequestException e) {
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad puzzle scan", e.getMessage()).withField(e.field);
        } catch (QueueFullException e) {
            throw ProblemException.tooManyRequests("queue-full", "Puzzle scans queued", e.getMessage(), 60);
        }
        return Response.accepted(s).location(URI.create("/api/puzzles/scan/" + s.id())).build();
    }

    @GET
    @Path("/scan/{id}")
    @Operation(operationId = "getPuzzleScan", summary = "A puzzle scan: status and progress",
            description = "Status is queued, running, done, cancelled or failed; `gamesDone` of `games` scanned, `positions` searched, "
                    + "`found` new puzzles stored. Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "The scan as it stands.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PuzzleScans.Snapshot.class), examples =
                    @ExampleObject(name = "done", summary = "the two-game example, finished", value = Examples.SCAN_DONE)))
    @APIResponse(responseCode = "404", ref = ApiDocs.PUZZLE_SCAN_NOT_FOUND)
    public PuzzleScans.Snapshot get(@Parameter(description = ApiDocs.JOB_ID, example = "5b0c8f0e-6f7e-4d55-9b0a-63f2a1d4c9e1") @PathParam("id") String id) {
        PuzzleScans.Snapshot s = scans.get(id);
        if (s == null) throw ProblemException.notFound("No such puzzle scan", "no puzzle scan with id " + id);
        return s;
    }

    @DELETE
    @Path("/scan/{id}")
    @Operation(operationId = "cancelPuzzleScan", summary = "Cancel a puzzle scan",
            description = "A queued scan never runs; a running one is told to stop, keeps the puzzles of the games it finished, and the "
                    + "answer comes once it has stopped (within moments; should it take over 2 s, the answer still shows it running and "
                    + "GET shows it cancelled once it has). A finished scan is left as it is." + ApiDocs.KEY_NEEDED)
    @SecurityRequirement(name = ApiDocs.BEARER)
    @APIResponse(responseCode = "200", description = "The scan once it has stopped.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PuzzleScans.Snapshot.class), examples =
                    @ExampleObject(name = "cancelled", summary = "a running scan, cancelled", value = Examples.SCAN_CANCELLED)))
    @APIResponse(responseCode = "401", ref = ApiDocs.UNAUTHORIZED)
    @APIResponse(responseCode = "403", ref = ApiDocs.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiDocs.PUZZLE_SCAN_NOT_FOUND)
    public PuzzleScans.Snapshot cancel(@Parameter(description = ApiDocs.JOB_ID, example = "5b0c8f0e-6f7e-4d55-9b0a-63f2a1d4c9e1") @PathParam("id") String id) {
        PuzzleScans.Snapshot s = scans.cancel(id);
        if (s == null) throw ProblemException.notFound("No such puzzle scan", "no puzzle scan with id " + id);
        // The search stops within a thousand nodes; answer with the scan as it ended rather than as it was.
        return ProgressStream.untilFinished(s, () -> scans.get(id), PuzzlesResource::finished, ProgressStream.CANCEL_WAIT);
    }

    private static boolean finished(PuzzleScans.Snapshot s) {
        return !s.status().equals("queued") && !s.status().equals("running");
    }

    /** The examples of the OpenAPI document. */
    static final class Examples {
        private Examples() {}

        static final String PAGE = """
                {"rules":"chu","theme":"mate","page":0,"size":1,"total":2,"puzzles":[
                 {"id":2,"rules":"chu","sfen":"11l/6c+Xt1ka/6m3mc/5p6/11p/12/12/12/12/9R2/12/12 b - 29","themes":["mate-in-2"],
                  "solution":["5b4b","2b2a","3j3b+"],"mateIn":2,"scoreCp":null,"marginCp":null,"gameId":6,"ply":0,"settings":"nodes=20000,confirm=160000"}]}""";
        static final String P_BAD_THEME = """
                {"type":"https://kifudb.io/problems/bad-request","title":"Bad theme","status":400,
                 "detail":"unknown theme 'fork'; accepted: mate, material, lion-trade, promotion, bare-king, mate-in-N","field":"theme"}""";
        static final String SCAN_REQUEST = """
                {"rules":"chu","games":[17,18],"nodes":20000}""";
        static final String SCAN_QUEUED = """
                {"id":"5b0c8f0e-6f7e-4d55-9b0a-63f2a1d4c9e1","status":"queued","rules":"chu","kind":null,"games":2,"gamesDone":0,"positions":0,"found":0,
                 "nodes":20000,"error":null,"createdAt":"2026-12-01T13:10:02.118Z","finishedAt":null}""";
        static final String SCAN_DONE = """
                {"id":"5b0c8f0e-6f7e-4d55-9b0a-63f2a1d4c9e1","status":"done","rules":"chu","kind":null,"games":2,"gamesDone":2,"positions":61,"found":3,
                 "nodes":20000,"error":null,"createdAt":"2026-12-01T13:10:02.118Z","finishedAt":"2026-12-01T13:10:31.502Z"}""";
        static final String SCAN_CANCELLED = """
                {"id":"0d7c2a91-4b3e-4f0a-8e5d-2c6b9f1a7e34","status":"cancelled","rules":"chu-lishogi","kind":"game","games":10,"gamesDone":3,
                 "positions":412,"found":5,"nodes":20000,"error":null,"createdAt":"2026-12-01T13:20:00.000Z","finishedAt":"2026-12-01T13:22:41.310Z"}""";
        static final String P_NO_GAME = """
                {"type":"https://kifudb.io/problems/bad-request","title":"Bad puzzle scan","status":400,
                 "detail":"no game with id 999","field":"games[1]"}""";
        static final String P_QUEUE_FULL = """
                {"type":"https://kifudb.io/problems/queue-full","title":"Puzzle scans queued","status":429,
                 "detail":"2 puzzle scans are waiting; try again later"}""";
        static final String P_SCAN_NOT_FOUND = """
                {"type":"https://kifudb.io/problems/not-found","title":"No such puzzle scan","status":404,
                 "detail":"no puzzle scan with id 0c3e42b5-9a0e-4a8c-b7a1-3f1d8e2b6c4d"}""";
    }
}
