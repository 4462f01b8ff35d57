package io.kifudb.api;

import io.kifudb.importer.ImportJobs;
import io.kifudb.jobs.QueueFullException;
import io.kifudb.rules.RuleSet;
import io.kifudb.store.Job;
import io.kifudb.store.ImportOutcome;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Sort;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
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
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.RestStreamElementType;
import org.jboss.resteasy.reactive.multipart.FileUpload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Bulk import jobs: submit files, follow their progress, read what became of each record. */
@Path("/api/imports")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Imports", description = "Bulk import jobs")
public class ImportsResource {
    private static final Choice OUTCOME = Choice.of("outcome", ImportOutcome.IMPORTED, ImportOutcome.DUPLICATE, ImportOutcome.FAILED);
    private static final Duration EVENT_PERIOD = Duration.ofMillis(250);
    /** The name of the NDJSON body's example (OpenApiContract writes its value out as text). */
    static final String NDJSON_EXAMPLE = "lishogi export";

    @Inject
    ImportJobs jobs;

    @Inject
    JobQuota quota;

    /** A job, its counters and (on GET) a page of per-record outcomes. */
    public record JobDto(long id,
                         @Schema(description = "queued, running, done, failed or cancelled", enumeration = {"queued", "running", "done", "failed", "cancelled"}) String status,
                         @Schema(nullable = true, description = "the rule set the request named (null: each record's own, else its format's default)") String rules,
                         boolean lenient, int files,
                         @Schema(description = "records found in the files (0 until they are read)") int total,
                         int processed, int imported, int duplicates, int failed,
                         @Schema(nullable = true, description = "why the job as a whole failed (null unless it did)") String error,
                         Instant createdAt, @Schema(nullable = true) Instant startedAt, @Schema(nullable = true) Instant finishedAt,
                         @Schema(nullable = true, description = "a page of per-record outcomes (null in the answer to POST and in the job list)") List<OutcomeDto> outcomes,
                         @Schema(nullable = true, description = "the page of outcomes (null with them)") Integer page,
                         @Schema(nullable = true, description = "outcomes per page (null with them)") Integer size,
                         @Schema(nullable = true, description = "outcomes stored so far that match the filter (null with them)") Long outcomesTotal) {
    }

    /** What became of one record. */
    public record OutcomeDto(@Schema(description = "1-based position of the record in the job") int seq, String source,
                             @Schema(description = "the line of the file where the failing move or field is written (failed, or a lenient "
                                     + "import's stop); else where the record begins; 0 when the file as a whole could not be read") int line,
                             @Schema(description = "1-based number of the record in its file (0 when the file as a whole could not be read)") int record,
                             @Schema(description = "imported, duplicate or failed", enumeration = {"imported", "duplicate", "failed"}) String outcome,
                             @Schema(nullable = true, description = "the stored game (for a duplicate, the copy already stored); null when failed") Long gameId,
                             @Schema(nullable = true, description = "failed: the ply that is not a legal move (0: the record as a whole is refused: unreadable, "
                                     + "or without moves); lenient import: where the stored prefix stops; else null") Integer ply,
                             @Schema(nullable = true, description = "that ply's move as the record writes it, where there is one") String move,
                             @Schema(nullable = true, description = "why the record failed or stopped; null when imported whole") String reason) {
        static OutcomeDto of(ImportOutcome o) {
            return new OutcomeDto(o.seq, o.source, o.line, o.record, o.outcome, o.gameId, o.ply, o.move, o.reason);
        }
    }

    /**
     * What both ways of starting an import say about it: the two methods are one operation (POST /api/imports)
     * in the OpenAPI document, so they carry the same text.
     */
    private static final String SUBMIT_DESCRIPTION = "For bulk loads: whole exports, collections of files, archives. "
            + "Either a multipart request with any number of file parts (each read with its own detected format; zip archives "
            + "are expanded), or one file as the body: lishogi NDJSON exports or USI move lists (one record per line), a zip "
            + "archive of record files, or any single-record format (KIF, .csg, game JSON). Records are checked and stored as in "
            + "POST /api/games (`rules`: the rule set for every record, default each record's own, else its format's default), "
            + "duplicates are not stored twice, and a broken record does not stop the job: its outcome says why it failed. "
            + "Answers 202 with the queued job at once; follow it with GET /api/imports/{id} (counters and per-record outcomes) or "
            + "its /events stream (on any instance: the job and its upload are kept in the database, and a worker of any process runs it). "
            + "Each process runs `kifudb.import.workers` jobs at a time (default 1); when `kifudb.import.queue-size` are waiting, "
            + "429 with Retry-After. A job whose files hold more than `kifudb.import.max-records` records fails as a whole, "
            + "importing nothing."
            + ApiDocs.KEY_NEEDED + " Bodies over `quarkus.http.limits.max-body-size` (64 MB) are refused with 413 before they "
            + "reach the service.";

    /** Progress of a job, as sent on the event stream. */
    public record ProgressDto(long id,
                              @Schema(enumeration = {"queued", "running", "done", "failed", "cancelled"}) String status,
                              int files, int total, int processed, int imported, int duplicates, int failed,
                              @Schema(nullable = true, description = "why the job as a whole failed (null unless it did)") String error) {
        static ProgressDto of(ImportJobs.Progress p) {
            return new ProgressDto(p.id(), p.status(), p.files(), p.total(), p.processed(), p.imported(), p.duplicates(), p.failed(), p.error());
        }
    }

    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Operation(operationId = "startImport", summary = "Start a bulk import", description = SUBMIT_DESCRIPTION)
    @SecurityRequirement(name = ApiDocs.BEARER)
    @RequestBody(description = "Files of records: any number of file parts, or one file as the body.", required = true, content =
            @Content(mediaType = MediaType.MULTIPART_FORM_DATA, schema = @Schema(type = SchemaType.OBJECT,
                    description = "any number of file parts, under any names; a part's file name names its records in the outcomes",
                    properties = @SchemaProperty(name = "file", type = SchemaType.STRING, format = "binary",
                            description = "a record file (NDJSON, USI move lists, KIF, .csg, JSON or zip); repeat the part for more")),
                    examples = @ExampleObject(name = "one file part", summary = "a file part holding a USI move list",
                            value = ApiDocs.IMPORT_MULTIPART)))
    @APIResponse(responseCode = "202", description = "Queued: the job, with nothing processed yet.",
            headers = @Header(name = "Location", description = ApiDocs.LOCATION, schema = @Schema(type = SchemaType.STRING,
                    examples = "http://localhost:8080/api/imports/2")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = JobDto.class), examples =
                    @ExampleObject(name = "queued", value = ApiDocs.IMPORT_QUEUED)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_IMPORT)
    @APIResponse(responseCode = "413", ref = ApiDocs.BODY_TOO_LARGE)
    @APIResponse(responseCode = "401", ref = ApiDocs.UNAUTHORIZED)
    @APIResponse(responseCode = "403", ref = ApiDocs.FORBIDDEN)
    @APIResponse(responseCode = "429", ref = ApiDocs.IMPORT_QUEUE_FULL)
    public Response submitFiles(@Parameter(description = ApiDocs.RULES + ", for every record (default: each record's own, else its format's default)",
                                        example = "chu-lishogi") @QueryParam("rules") String rules,
                                @Parameter(description = ApiDocs.LENIENT, example = "false") @QueryParam("lenient") @DefaultValue("false") boolean lenient,
                                @RestForm(FileUpload.ALL) List<FileUpload> files) {
        RuleSet r = rules == null ? null : RulesResource.ruleSet(rules);
        if (files == null || files.isEmpty())
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "No file", "the multipart request holds no file part");
        List<ImportJobs.Upload> uploads = new ArrayList<>();
        for (FileUpload f : files) {
            try {
                // Copied now: the upload's temporary file is removed when this request ends.
                uploads.add(new ImportJobs.Upload(Objects.requireNonNullElse(f.fileName(), f.name()), Files.readAllBytes(f.uploadedFile())));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return accepted(uploads, r, lenient);
    }

    @POST
    @Consumes({"application/x-ndjson", "application/zip", MediaType.APPLICATION_OCTET_STREAM, MediaType.TEXT_PLAIN, MediaType.APPLICATION_JSON})
    @Operation(operationId = "startImport", summary = "Start a bulk import", description = SUBMIT_DESCRIPTION)
    @SecurityRequirement(name = ApiDocs.BEARER)
    @RequestBody(description = "Files of records: any number of file parts, or one file as the body.", required = true, content = {
            @Content(mediaType = GamesResource.NDJSON, schema = @Schema(type = SchemaType.STRING, format = "binary"), examples =
                    @ExampleObject(name = NDJSON_EXAMPLE, summary = "a lishogi NDJSON export, one game per line",
                            value = ApiDocs.LISHOGI_EXPORT)),
            @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING, format = "binary"), examples =
                    @ExampleObject(name = "USI move lists", summary = "three records, one per line: stored already, new, broken at ply 3 "
                            + "(with ?rules=chu-lishogi&name=club-games.txt)", value = ApiDocs.IMPORT_BODY)),
            @Content(mediaType = "application/zip", schema = @Schema(type = SchemaType.STRING, format = "binary"), examples =
                    @ExampleObject(name = "zip archive", summary = "a zip of record files (binary; shown here by its entries)",
                            value = "club-games.txt, lishogi-export.ndjson, game-16.kif")),
            @Content(mediaType = MediaType.APPLICATION_OCTET_STREAM, schema = @Schema(type = SchemaType.STRING, format = "binary"), examples =
                    @ExampleObject(name = "USI move lists", summary = "any file of records, format detected from its bytes",
                            value = ApiDocs.IMPORT_BODY)),
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(description = "one record, or an array of records, in game "
                    + "JSON (or lishogi's export objects)"), examples =
                    @ExampleObject(name = "game JSON", summary = "one record, or an array of records, in game JSON", value = ApiDocs.GAME_JSON_RECORD))})
    @APIResponse(responseCode = "202", description = "Queued: the job, with nothing processed yet.",
            headers = @Header(name = "Location", description = ApiDocs.LOCATION, schema = @Schema(type = SchemaType.STRING,
                    examples = "http://localhost:8080/api/imports/2")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = JobDto.class), examples =
                    @ExampleObject(name = "queued", value = ApiDocs.IMPORT_QUEUED)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_IMPORT)
    @APIResponse(responseCode = "413", ref = ApiDocs.BODY_TOO_LARGE)
    @APIResponse(responseCode = "401", ref = ApiDocs.UNAUTHORIZED)
    @APIResponse(responseCode = "403", ref = ApiDocs.FORBIDDEN)
    @APIResponse(responseCode = "429", ref = ApiDocs.IMPORT_QUEUE_FULL)
    public Response submitBody(@Parameter(description = ApiDocs.RULES + ", for every record (default: each record's own, else its format's default)",
                                       example = "chu-lishogi") @QueryParam("rules") String rules,
                               @Parameter(description = ApiDocs.LENIENT, example = "false") @QueryParam("lenient") @DefaultValue("false") boolean lenient,
                               @Parameter(description = "one-body form only: a name for the body in outcomes and errors (default `request`)",
                                       example = "club-games.txt") @QueryParam("name") @DefaultValue("request") String name,
                               byte[] body) {
        RuleSet r = rules == null ? null : RulesResource.ruleSet(rules);
        if (body == null || body.length == 0)
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Empty body", "the request body holds no record");
        return accepted(List.of(new ImportJobs.Upload(name, body)), r, lenient);
    }

    private Response accepted(List<ImportJobs.Upload> uploads, RuleSet rules, boolean lenient) {
        ImportJobs.Progress p;
        try {
            p = quota.admit(owner -> jobs.submit(uploads, rules, lenient, owner));
        } catch (QueueFullException e) {
            throw ProblemException.tooManyRequests("queue-full", "Import queue full", e.getMessage(), 30);
        }
        return Response.accepted(dto(jobs.row(p.id()), null, null, null, null)).location(URI.create("/api/imports/" + p.id())).build();
    }

    @GET
    @Path("/{id}")
    @Transactional
    @Operation(operationId = "getImport", summary = "A job: status, counters, per-record outcomes",
            description = "For following an import and finding the records it refused. Status is queued, running, done, failed or cancelled "
                    + "(the job as a whole: an unreadable archive, say; single records that fail do not fail the job). Counters are "
                    + "live while the job runs. Outcomes are paged in record order (`page` from 0, `size` 1 to 1000, default 100); "
                    + "`outcome` keeps one kind, e.g. `failed` to see every refused record with its line, ply, move and reason; "
                    + "`outcomesTotal` counts those stored so far. Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "The job and one page of its outcomes.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = JobDto.class), examples =
                    @ExampleObject(name = "done", summary = "the USI move lists example, finished", value = ApiDocs.IMPORT_DONE)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_IMPORT_LISTING)
    @APIResponse(responseCode = "404", ref = ApiDocs.IMPORT_JOB_NOT_FOUND)
    public JobDto get(@Parameter(description = ApiDocs.JOB_ID, example = "2") @PathParam("id") long id,
                      @Parameter(description = "only outcomes of this kind", example = "failed", schema = @Schema(type = SchemaType.STRING,
                              enumeration = {"imported", "duplicate", "failed"})) @QueryParam("outcome") String outcome,
                      @Parameter(description = ApiDocs.PAGE + ", of the outcomes", example = "0") @QueryParam("page") @DefaultValue("0") int page,
                      @Parameter(description = "outcomes per page, 1 to 1000", example = "100") @QueryParam("size") @DefaultValue("100") int size) {
        OUTCOME.check(outcome);
        if (page < 0) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad page", "page must be 0 or more").withField("page");
        if (size < 1 || size > 1000) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad size", "size must be 1 to 1000").withField("size");
        Job j = jobs.row(id);
        if (j == null) throw ProblemException.notFound("No such import job", "no import job with id " + id);
        var q = outcome == null
                ? ImportOutcome.<ImportOutcome>find("jobId", Sort.ascending("seq"), id)
                : ImportOutcome.<ImportOutcome>find("jobId = ?1 and outcome = ?2", Sort.ascending("seq"), id, outcome);
        List<OutcomeDto> outcomes = q.page(Page.of(page, size)).list().stream().map(OutcomeDto::of).toList();
        return dto(j, outcomes, page, size, q.count());
    }

    @GET
    @Transactional
    @Operation(operationId = "listImports", summary = "Recent jobs",
            description = "For an overview of what was imported. Newest first, paged (`page` from 0, `size` 1 to 200, default 20); "
                    + "each job with its counters, without outcomes. Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "One page of jobs, newest first.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.ARRAY, implementation = JobDto.class),
                    examples = @ExampleObject(name = "jobs", value = ApiDocs.IMPORT_LIST)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_IMPORT_LISTING)
    public List<JobDto> list(@Parameter(description = ApiDocs.PAGE, example = "0") @QueryParam("page") @DefaultValue("0") int page,
                             @Parameter(description = "jobs per page, 1 to 200", example = "20") @QueryParam("size") @DefaultValue("20") int size) {
        if (page < 0) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad page", "page must be 0 or more").withField("page");
        if (size < 1 || size > 200) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad size", "size must be 1 to 200").withField("size");
        return Job.<Job>find("kind", Sort.descending("id"), ImportJobs.KIND).page(Page.of(page, size)).list().stream()
                .map(j -> dto(j, null, null, null, null)).toList();
    }

    /** The answer to DELETE: a running job, asked to stop after the batch it is storing. */
    private static final String IMPORT_CANCELLING = """
            {"id":7,"status":"running","rules":"chu-lishogi","lenient":false,"files":1,"total":3000,"processed":450,"imported":450,
             "duplicates":0,"failed":0,"error":null,"createdAt":"2026-12-01T10:04:30.139Z","startedAt":"2026-12-01T10:04:32.018Z",
             "finishedAt":null,"outcomes":null,"page":null,"size":null,"outcomesTotal":null}""";

    @DELETE
    @Path("/{id}")
    @Operation(operationId = "cancelImport", summary = "Cancel an import",
            description = "For an import started by mistake: a queued job never runs (its upload is dropped); a running one, on "
                    + "whichever worker, stops after the batch of records it is storing, within about a second, and ends as "
                    + "`cancelled`: the records counted as imported stay stored, with their outcomes. The answer is the job as it "
                    + "stands when the cancel arrives; GET shows it cancelled once it has stopped. A finished job is left as it is."
                    + ApiDocs.KEY_NEEDED)
    @SecurityRequirement(name = ApiDocs.BEARER)
    @APIResponse(responseCode = "200", description = "The job as it stands when the cancel arrives.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = JobDto.class), examples =
                    @ExampleObject(name = "stopping", summary = "a running job, asked to stop", value = IMPORT_CANCELLING)))
    @APIResponse(responseCode = "400", ref = ApiDocs.INVALID_PARAMETER)
    @APIResponse(responseCode = "401", ref = ApiDocs.UNAUTHORIZED)
    @APIResponse(responseCode = "403", ref = ApiDocs.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiDocs.IMPORT_JOB_NOT_FOUND)
    public JobDto cancel(@Parameter(description = ApiDocs.JOB_ID, example = "7") @PathParam("id") long id) {
        if (jobs.cancel(id) == null) throw ProblemException.notFound("No such import job", "no import job with id " + id);
        return dto(jobs.row(id), null, null, null, null);
    }

    @GET
    @Path("/{id}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    @Blocking
    @Operation(operationId = "streamImportEvents", summary = "Progress events (SSE)",
            description = "For progress bars: a server-sent event stream. One event (a JSON ProgressDto in `data:`) with the job's "
                    + "counters whenever they change (checked four times a second); the stream ends after the event that shows the "
                    + "job done or failed. A finished job gives one event. Public: no API key needed.")
    @APIResponse(responseCode = "200", description = "The event stream: `data:` lines, each holding the job's progress (the schema "
            + "is that of one event's data), separated by blank lines.",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(implementation = ProgressDto.class), examples =
                    @ExampleObject(name = "finished job", summary = "the data of the one event of the USI move lists example, once it is done",
                            value = ApiDocs.IMPORT_EVENT_DONE)))
    @APIResponse(responseCode = "400", ref = ApiDocs.INVALID_PARAMETER)
    @APIResponse(responseCode = "404", ref = ApiDocs.IMPORT_JOB_NOT_FOUND)
    public Multi<ProgressDto> events(@Parameter(description = ApiDocs.JOB_ID, example = "2") @PathParam("id") long id) {
        ImportJobs.Progress first = jobs.progress(id);
        if (first == null) throw ProblemException.notFound("No such import job", "no import job with id " + id);
        return ProgressStream.of(() -> jobs.progress(id), ImportJobs.Progress::finished, EVENT_PERIOD).map(ProgressDto::of);
    }

    private static JobDto dto(Job j, List<OutcomeDto> outcomes, Integer page, Integer size, Long outcomesTotal) {
        // The counters are the row's, written with each batch of records they count (on whichever worker runs the job).
        ImportJobs.Progress c = ImportJobs.Progress.of(j);
        return new JobDto(j.id, c.status(), c.rules(), c.lenient(), c.files(), c.total(), c.processed(), c.imported(), c.duplicates(), c.failed(),
                c.error(), j.createdAt, j.startedAt, j.finishedAt, outcomes, page, size, outcomesTotal);
    }
}
