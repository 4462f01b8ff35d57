package io.kifudb.api;

import io.kifudb.importer.ImportJobs;
import io.kifudb.rules.RuleSet;
import io.kifudb.store.ImportJob;
import io.kifudb.store.ImportOutcome;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Sort;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
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
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
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
import java.util.Set;

/** Bulk import jobs: submit files, follow their progress, read what became of each record. */
@Path("/api/imports")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Imports", description = "Bulk import jobs")
public class ImportsResource {
    private static final Set<String> OUTCOME_FILTERS = Set.of(ImportOutcome.IMPORTED, ImportOutcome.DUPLICATE, ImportOutcome.FAILED);
    private static final Duration EVENT_PERIOD = Duration.ofMillis(250);

    @Inject
    ImportJobs jobs;

    @Inject
    JobQuota quota;

    /** A job, its counters and (on GET) a page of per-record outcomes. */
    public record JobDto(long id,
                         @Schema(description = "queued, running, done or failed") String status,
                         @Schema(description = "the rule set the request named (null: each record's own, else its format's default)") String rules,
                         boolean lenient, int files,
                         @Schema(description = "records found in the files (0 until they are read)") int total,
                         int processed, int imported, int duplicates, int failed,
                         @Schema(description = "why the job as a whole failed") String error,
                         Instant createdAt, Instant startedAt, Instant finishedAt,
                         @Schema(description = "a page of per-record outcomes (absent in progress events)") List<OutcomeDto> outcomes,
                         Integer page, Integer size,
                         @Schema(description = "outcomes stored so far that match the filter") Long outcomesTotal) {
    }

    /** What became of one record. */
    public record OutcomeDto(int seq, String source, int line,
                             @Schema(description = "imported, duplicate or failed") String outcome,
                             @Schema(description = "the stored game (for a duplicate, the copy already stored)") Long gameId,
                             @Schema(description = "failed: the illegal ply (0: the record could not be read); lenient import: where the stored prefix stops") Integer ply,
                             String move, String reason) {
        static OutcomeDto of(ImportOutcome o) {
            return new OutcomeDto(o.seq, o.source, o.line, o.outcome, o.gameId, o.ply, o.move, o.reason);
        }
    }

    /** Progress of a job, as sent on the event stream. */
    public record ProgressDto(long id, String status, int files, int total, int processed, int imported, int duplicates,
                              int failed, String error) {
        static ProgressDto of(ImportJobs.Progress p) {
            return new ProgressDto(p.id(), p.status(), p.files(), p.total(), p.processed(), p.imported(), p.duplicates(), p.failed(), p.error());
        }
    }

    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Operation(summary = "Start a bulk import (multipart files)",
            description = "Every file part is read (format detected per file; zip archives are expanded). Answers 202 with the job at once; "
                    + "follow it with GET /api/imports/{id} or its /events stream.")
    @APIResponse(responseCode = "202", description = "queued", content = @Content(schema = @Schema(implementation = JobDto.class)))
    @APIResponse(responseCode = "400", description = "no file, or unknown rule set", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "429", description = "the import queue is full; see Retry-After", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response submitFiles(@Parameter(description = "rule set id for every record (default: each record's own, else its format's default)") @QueryParam("rules") String rules,
                                @Parameter(description = "store the legal prefix of a broken record, marking where and why it stops") @QueryParam("lenient") @DefaultValue("false") boolean lenient,
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
    @Operation(summary = "Start a bulk import (one body)",
            description = "The body is one file: lishogi NDJSON exports or USI move lists (one record per line), a zip archive of record files, "
                    + "or any single-record format. Answers 202 with the job at once.")
    @APIResponse(responseCode = "202", description = "queued", content = @Content(schema = @Schema(implementation = JobDto.class)))
    @APIResponse(responseCode = "400", description = "empty body, or unknown rule set", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "429", description = "the import queue is full; see Retry-After", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response submitBody(@QueryParam("rules") String rules,
                               @QueryParam("lenient") @DefaultValue("false") boolean lenient,
                               @Parameter(description = "a name for the body in outcomes and errors") @QueryParam("name") @DefaultValue("request") String name,
                               byte[] body) {
        RuleSet r = rules == null ? null : RulesResource.ruleSet(rules);
        if (body == null || body.length == 0)
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Empty body", "the request body holds no record");
        return accepted(List.of(new ImportJobs.Upload(name, body)), r, lenient);
    }

    private Response accepted(List<ImportJobs.Upload> uploads, RuleSet rules, boolean lenient) {
        ImportJobs.Progress p;
        try {
            p = quota.admit(() -> jobs.submit(uploads, rules, lenient), queued -> () -> {
                ImportJobs.Progress now = jobs.progress(queued.id());
                return now != null && !now.finished();
            });
        } catch (ImportJobs.QueueFullException e) {
            throw ProblemException.tooManyRequests("queue-full", "Import queue full", e.getMessage(), 30);
        }
        ImportJob j = ImportJob.findById(p.id());
        return Response.accepted(dto(j, p, null, null, null, null)).location(URI.create("/api/imports/" + p.id())).build();
    }

    @GET
    @Path("/{id}")
    @Transactional
    @Operation(summary = "A job: status, counters, per-record outcomes", description = "Outcomes are paged in record order; `outcome` filters them.")
    @APIResponse(responseCode = "200", description = "the job", content = @Content(schema = @Schema(implementation = JobDto.class)))
    @APIResponse(responseCode = "404", description = "no such job", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public JobDto get(@PathParam("id") long id,
                      @Parameter(description = "imported, duplicate or failed") @QueryParam("outcome") String outcome,
                      @QueryParam("page") @DefaultValue("0") int page, @QueryParam("size") @DefaultValue("100") int size) {
        if (outcome != null && !OUTCOME_FILTERS.contains(outcome))
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad outcome filter", "outcome must be imported, duplicate or failed").withField("outcome");
        if (page < 0) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad page", "page must be 0 or more").withField("page");
        if (size < 1 || size > 1000) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad size", "size must be 1 to 1000").withField("size");
        ImportJob j = ImportJob.findById(id);
        if (j == null) throw ProblemException.notFound("No such import job", "no import job with id " + id);
        var q = outcome == null
                ? ImportOutcome.<ImportOutcome>find("jobId", Sort.ascending("seq"), id)
                : ImportOutcome.<ImportOutcome>find("jobId = ?1 and outcome = ?2", Sort.ascending("seq"), id, outcome);
        List<OutcomeDto> outcomes = q.page(Page.of(page, size)).list().stream().map(OutcomeDto::of).toList();
        return dto(j, jobs.progress(id), outcomes, page, size, q.count());
    }

    @GET
    @Transactional
    @Operation(summary = "Recent jobs", description = "Newest first, paged; without outcomes.")
    public List<JobDto> list(@QueryParam("page") @DefaultValue("0") int page, @QueryParam("size") @DefaultValue("20") int size) {
        if (page < 0) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad page", "page must be 0 or more").withField("page");
        if (size < 1 || size > 200) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad size", "size must be 1 to 200").withField("size");
        return ImportJob.<ImportJob>findAll(Sort.descending("id")).page(Page.of(page, size)).list().stream()
                .map(j -> dto(j, jobs.progress(j.id), null, null, null, null)).toList();
    }

    @GET
    @Path("/{id}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    @Blocking
    @Operation(summary = "Progress events (SSE)",
            description = "One event with the job's counters whenever they change (checked four times a second); the stream ends after the "
                    + "event that shows the job done or failed. A finished job gives one event.")
    @APIResponse(responseCode = "404", description = "no such job", content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Multi<ProgressDto> events(@PathParam("id") long id) {
        ImportJobs.Progress first = jobs.progress(id);
        if (first == null) throw ProblemException.notFound("No such import job", "no import job with id " + id);
        return ProgressStream.of(() -> jobs.progress(id), ImportJobs.Progress::finished, EVENT_PERIOD).map(ProgressDto::of);
    }

    private static JobDto dto(ImportJob j, ImportJobs.Progress p, List<OutcomeDto> outcomes, Integer page, Integer size, Long outcomesTotal) {
        // Live counters (this instance runs the job) are fresher than the row, which is written in batches.
        ImportJobs.Progress c = p != null ? p : new ImportJobs.Progress(j.id, j.status, j.files, j.total, j.imported, j.duplicates, j.failed, j.error);
        return new JobDto(j.id, c.status(), j.rules, j.lenient, j.files, c.total(), c.processed(), c.imported(), c.duplicates(), c.failed(),
                c.error(), j.createdAt, j.startedAt, j.finishedAt, outcomes, page, size, outcomesTotal);
    }
}
