/**
 * The REST API. The OpenAPI definition below declares, once, what several operations share: the bearer
 * security scheme and the error responses (each an {@code application/problem+json} {@link io.kifudb.api.Problem}
 * with examples the service really answers). Operations refer to a response by its name in
 * {@link io.kifudb.api.ApiDocs}; the document's title, version and description come from
 * {@code quarkus.smallrye-openapi.info-*}, which take precedence over the {@code info} here.
 */
@OpenAPIDefinition(
        info = @Info(title = "kifudb API", version = "see quarkus.smallrye-openapi.info-version"),
        servers = @Server(url = "/", description = "the instance that serves this document (at /q/openapi); a client "
                + "generated from the file puts the address of its instance here"),
        components = @Components(
                securitySchemes = @SecurityScheme(securitySchemeName = ApiDocs.BEARER, type = SecuritySchemeType.HTTP,
                        scheme = "bearer", description = ApiDocs.BEARER_DESCRIPTION),
                responses = {
                        // ---- shared
                        @APIResponse(name = ApiDocs.UNAUTHORIZED, description = "No API key, or a key not in the Bearer scheme "
                                + "(a bare key, `Basic ...`): the request needs `Authorization: Bearer <key>`.",
                                headers = @Header(name = "WWW-Authenticate", description = "the scheme to use",
                                        schema = @Schema(type = SchemaType.STRING, examples = "Bearer realm=\"kifudb\"")),
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {@ExampleObject(name = "unauthorized", value = ApiDocs.P_UNAUTHORIZED),
                                                @ExampleObject(name = "not Bearer", value = ApiDocs.P_NOT_BEARER)})),
                        @APIResponse(name = ApiDocs.FORBIDDEN, description = "The key in `Authorization: Bearer <key>` is not one of "
                                + "`kifudb.api-keys`.",
                                headers = @Header(name = "WWW-Authenticate", description = "the scheme to use",
                                        schema = @Schema(type = SchemaType.STRING, examples = "Bearer realm=\"kifudb\"")),
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "forbidden", value = ApiDocs.P_FORBIDDEN))),
                        @APIResponse(name = ApiDocs.INVALID_PARAMETER, description = "A query parameter the operation does not "
                                + "take (`unknown-parameter`, naming the closest one it does), a parameter given twice, or a path or "
                                + "query parameter that does not have the parameter's type (e.g. an id that is not a number).",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {@ExampleObject(name = "unknown-parameter", value = ApiDocs.P_UNKNOWN_PARAMETER),
                                                @ExampleObject(name = "repeated parameter", value = ApiDocs.P_REPEATED_PARAMETER),
                                                @ExampleObject(name = "invalid-parameter", value = ApiDocs.P_INVALID_PARAMETER)})),
                        @APIResponse(name = ApiDocs.NOT_ACCEPTABLE, description = "The Accept header names no media type the "
                                + "operation produces.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "not-acceptable", value = ApiDocs.P_NOT_ACCEPTABLE))),
                        @APIResponse(name = ApiDocs.INDEX_UNAVAILABLE, description = "The position index cannot answer yet: it is "
                                + "being built from the database (an instance that has just joined, a rebuild at startup; readiness "
                                + "says `building` meanwhile), or it is closed (the service is shutting down). Worth retrying after "
                                + "Retry-After seconds, or on another instance.",
                                headers = @Header(name = "Retry-After", description = ApiDocs.RETRY_AFTER,
                                        schema = @Schema(type = SchemaType.INTEGER, examples = "5")),
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "index-unavailable", value = ApiDocs.P_INDEX_UNAVAILABLE))),

                        // ---- positions (rules, sfen, play) and listings of them
                        @APIResponse(name = ApiDocs.BAD_POSITION, description = "The position cannot be set up: the rule set "
                                + "unknown (or missing, where `rules` is a query parameter), an unreadable SFEN, or an illegal move in `play` (the problem gives its ply and move).",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {
                                                @ExampleObject(name = "missing rules", value = ApiDocs.P_MISSING_RULES),
                                                @ExampleObject(name = "unknown-rule-set", value = ApiDocs.P_UNKNOWN_RULE_SET),
                                                @ExampleObject(name = "invalid-sfen", value = ApiDocs.P_INVALID_SFEN),
                                                @ExampleObject(name = "illegal-move", value = ApiDocs.P_ILLEGAL_MOVE_IN_PLAY)})),
                        @APIResponse(name = ApiDocs.BAD_POSITION_LISTING, description = "The position cannot be set up (`rules` "
                                + "missing or unknown, an unreadable SFEN, an illegal move in `play` with its ply), the `kind` is "
                                + "neither game nor problem, or the paging "
                                + "or sort is wrong (`size` 1 to 200, at most 100000 hits deep, a known sort key).",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {
                                                @ExampleObject(name = "missing rules", value = ApiDocs.P_MISSING_RULES),
                                                @ExampleObject(name = "unknown-rule-set", value = ApiDocs.P_UNKNOWN_RULE_SET),
                                                @ExampleObject(name = "invalid-sfen", value = ApiDocs.P_INVALID_SFEN),
                                                @ExampleObject(name = "illegal-move", value = ApiDocs.P_ILLEGAL_MOVE_IN_PLAY),
                                                @ExampleObject(name = "bad kind", value = ApiDocs.P_BAD_KIND),
                                                @ExampleObject(name = "bad sort", value = ApiDocs.P_BAD_SORT),
                                                @ExampleObject(name = "page too deep", value = ApiDocs.P_PAGE_TOO_DEEP)})),
                        @APIResponse(name = ApiDocs.UNKNOWN_RULE_SET, description = "No rule set has that id.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "unknown-rule-set", value = ApiDocs.P_UNKNOWN_RULE_SET))),
                        @APIResponse(name = ApiDocs.BAD_PATTERN, description = "The pattern is wrong: `rules` missing or unknown, "
                                + "an unknown piece or square, a bad region, count, side, kind, result or date, more than 64 criteria, "
                                + "bad paging or sort (the problem's `field` names the member, e.g. `pieces[0].piece`), a member "
                                + "the pattern does not have (`unknown-field`, naming the closest one it has), or the "
                                + "body is not JSON of the pattern's shape (`invalid-json`).",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {
                                                @ExampleObject(name = "unknown piece", value = ApiDocs.P_BAD_PATTERN_PIECE),
                                                @ExampleObject(name = "unknown square", value = ApiDocs.P_BAD_PATTERN_SQUARE),
                                                @ExampleObject(name = "missing rules", value = ApiDocs.P_MISSING_RULES),
                                                @ExampleObject(name = "unknown-field", value = ApiDocs.P_UNKNOWN_PATTERN_FIELD),
                                                @ExampleObject(name = "invalid-json", value = ApiDocs.P_INVALID_JSON)})),

                        // ---- games
                        @APIResponse(name = ApiDocs.BAD_RECORD, description = "The body holds no record, a record that cannot "
                                + "be read (a broken header, a line that is no part of a record, invalid JSON, a start position "
                                + "that is none of the rule set's; the problem gives the line), more than one record, or the rule "
                                + "set is unknown.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {
                                                @ExampleObject(name = "empty record", value = ApiDocs.P_EMPTY_RECORD),
                                                @ExampleObject(name = "invalid-record", value = ApiDocs.P_UNREADABLE_RECORD),
                                                @ExampleObject(name = "several records", value = ApiDocs.P_ONE_RECORD_EXPECTED),
                                                @ExampleObject(name = "unknown-rule-set", value = ApiDocs.P_UNKNOWN_RULE_SET)})),
                        @APIResponse(name = ApiDocs.ILLEGAL_MOVE_IN_RECORD, description = "The record was read but breaks the rules: "
                                + "the problem names the first ply that is not a legal move (the rules refuse it, its piece is not "
                                + "there, or its text denotes no move), that move as the record writes it, the line of the file "
                                + "where it is written, and why. Nothing is stored (unless `lenient`, which stores the legal plies "
                                + "before it instead of refusing). A record longer than `kifudb.import.max-plies` is refused before "
                                + "it is replayed (`record-too-long`); a record without moves that names no start position of its "
                                + "own is no game to store (`record-without-moves`).",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {@ExampleObject(name = "illegal-move", value = ApiDocs.P_ILLEGAL_MOVE_IN_RECORD),
                                                @ExampleObject(name = "record-too-long", value = ApiDocs.P_RECORD_TOO_LONG),
                                                @ExampleObject(name = "record-without-moves", value = ApiDocs.P_RECORD_WITHOUT_MOVES)})),
                        @APIResponse(name = ApiDocs.BAD_GAME_FORMAT, description = "An unknown `format`, or an id that is not a number.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {
                                                @ExampleObject(name = "unknown format", value = ApiDocs.P_UNKNOWN_FORMAT),
                                                @ExampleObject(name = "invalid-parameter", value = ApiDocs.P_INVALID_PARAMETER)})),
                        @APIResponse(name = ApiDocs.UNWRITABLE_RECORD, description = "The requested format cannot express this game "
                                + "(`csg`: a game that is not Chu Shogi, or whose start is none of the .csg setups).",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "unwritable-record", value = ApiDocs.P_UNWRITABLE_RECORD))),
                        @APIResponse(name = ApiDocs.GAME_NOT_FOUND, description = "No game has that id.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "not-found", value = ApiDocs.P_GAME_NOT_FOUND))),
                        @APIResponse(name = ApiDocs.BAD_GAME_SEARCH, description = "A bad filter or paging: an unknown rule set, "
                                + "a date that is not yyyy-MM-dd, `page` below 0, `size` outside 1 to 200.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {
                                                @ExampleObject(name = "bad date", value = ApiDocs.P_BAD_DATE),
                                                @ExampleObject(name = "bad size", value = ApiDocs.P_BAD_SIZE),
                                                @ExampleObject(name = "unknown-rule-set", value = ApiDocs.P_UNKNOWN_RULE_SET)})),

                        // ---- imports
                        @APIResponse(name = ApiDocs.BAD_IMPORT, description = "Nothing to import (an empty body, a multipart "
                                + "request without a file part) or an unknown rule set.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {
                                                @ExampleObject(name = "empty body", value = ApiDocs.P_EMPTY_IMPORT_BODY),
                                                @ExampleObject(name = "no file", value = ApiDocs.P_NO_FILE),
                                                @ExampleObject(name = "unknown-rule-set", value = ApiDocs.P_UNKNOWN_RULE_SET)})),
                        @APIResponse(name = ApiDocs.BAD_IMPORT_LISTING, description = "A bad `outcome` filter or paging, or an id "
                                + "that is not a number.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {
                                                @ExampleObject(name = "bad outcome filter", value = ApiDocs.P_BAD_OUTCOME_FILTER),
                                                @ExampleObject(name = "bad size", value = ApiDocs.P_BAD_IMPORT_SIZE),
                                                @ExampleObject(name = "invalid-parameter", value = ApiDocs.P_INVALID_PARAMETER)})),
                        @APIResponse(name = ApiDocs.IMPORT_QUEUE_FULL, description = "As many import jobs as "
                                + "`kifudb.import.queue-size` are waiting already (`queue-full`, retry after 30 s), or the API key "
                                + "already has `kifudb.jobs.per-key` jobs of any kind queued or running (`job-quota`, 10 s).",
                                headers = @Header(name = "Retry-After", description = ApiDocs.RETRY_AFTER,
                                        schema = @Schema(type = SchemaType.INTEGER, examples = "30")),
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {@ExampleObject(name = "queue-full", value = ApiDocs.P_IMPORT_QUEUE_FULL),
                                                @ExampleObject(name = "job-quota", value = ApiDocs.P_JOB_QUOTA)})),
                        @APIResponse(name = ApiDocs.IMPORT_JOB_NOT_FOUND, description = "No import job has that id.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "not-found", value = ApiDocs.P_IMPORT_JOB_NOT_FOUND))),

                        // ---- analysis
                        @APIResponse(name = ApiDocs.BAD_ANALYSIS_REQUEST, description = "The request is wrong: no body, `rules` "
                                + "missing or unknown, an unreadable SFEN, an illegal move in `moves` (`field: moves`, with the ply and the move), "
                                + "a limit out of range (`field` names it), a field the request does not have (`unknown-field`, "
                                + "naming the closest one it has), or a body that is not JSON of the request's shape.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {
                                                @ExampleObject(name = "limit out of range", value = ApiDocs.P_BAD_ANALYSIS_LIMIT),
                                                @ExampleObject(name = "too many lines", value = ApiDocs.P_BAD_ANALYSIS_MULTIPV),
                                                @ExampleObject(name = "illegal-move", value = ApiDocs.P_ILLEGAL_MOVE_IN_MOVES),
                                                @ExampleObject(name = "missing rules", value = ApiDocs.P_MISSING_RULES_FIELD),
                                                @ExampleObject(name = "empty body", value = ApiDocs.P_EMPTY_ANALYSIS_BODY),
                                                @ExampleObject(name = "unknown-field", value = ApiDocs.P_UNKNOWN_FIELD)})),
                        @APIResponse(name = ApiDocs.ANALYSIS_TOO_MANY, description = "As many analysis jobs as "
                                + "`kifudb.analysis.queue-size` are waiting already (`queue-full`, retry after 10 s), the API key already "
                                + "has `kifudb.jobs.per-key` jobs of any kind queued or running (`job-quota`, 10 s), or, sent without a key, "
                                + "the anonymous quota (`kifudb.analysis.anonymous-jobs` jobs queued or running at once) is used up "
                                + "(`anonymous-quota`; retry after `kifudb.analysis.anonymous-max-movetime-ms`, or send a key).",
                                headers = @Header(name = "Retry-After", description = ApiDocs.RETRY_AFTER,
                                        schema = @Schema(type = SchemaType.INTEGER, examples = "10")),
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {@ExampleObject(name = "queue-full", value = ApiDocs.P_ANALYSIS_QUEUE_FULL),
                                                @ExampleObject(name = "job-quota", value = ApiDocs.P_JOB_QUOTA),
                                                @ExampleObject(name = "anonymous-quota", value = ApiDocs.P_ANONYMOUS_QUOTA)})),
                        @APIResponse(name = ApiDocs.GAME_OVER, description = "The game is over in that position (the rules decided "
                                + "it): there is nothing to analyse.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "game-over", value = ApiDocs.P_GAME_OVER))),
                        @APIResponse(name = ApiDocs.ANALYSIS_QUEUE_FULL, description = "As many analysis jobs as "
                                + "`kifudb.analysis.queue-size` are waiting already (`queue-full`; retry after the given seconds: 10 "
                                + "for a position, 30 for a whole game), or the API key already has `kifudb.jobs.per-key` jobs of any "
                                + "kind queued or running (`job-quota`, 10 s).",
                                headers = @Header(name = "Retry-After", description = ApiDocs.RETRY_AFTER,
                                        schema = @Schema(type = SchemaType.INTEGER, examples = "10")),
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {@ExampleObject(name = "queue-full", value = ApiDocs.P_ANALYSIS_QUEUE_FULL),
                                                @ExampleObject(name = "job-quota", value = ApiDocs.P_JOB_QUOTA)})),
                        @APIResponse(name = ApiDocs.ANALYSIS_JOB_NOT_FOUND, description = "No analysis job has that id. Finished "
                                + "jobs are removed `kifudb.jobs.keep-finished` (24 h) after they ended; their results stay in the "
                                + "evaluation cache (GET /api/evals).",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "not-found", value = ApiDocs.P_ANALYSIS_JOB_NOT_FOUND))),
                        @APIResponse(name = ApiDocs.PUZZLE_SCAN_NOT_FOUND, description = "No scan has that id (finished scans are "
                                + "removed `kifudb.jobs.keep-finished`, 24 h, after they ended).",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "not-found", value = PuzzlesResource.Examples.P_SCAN_NOT_FOUND))),
                        @APIResponse(name = ApiDocs.BAD_EVAL_QUERY, description = "The position cannot be set up (`rules` missing "
                                + "or unknown, an unreadable SFEN, an illegal move in `play`), or `multiPv` is not 1 to `kifudb.analysis.max-multipv` (10).",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {
                                                @ExampleObject(name = "bad multiPv", value = ApiDocs.P_BAD_EVAL_MULTIPV),
                                                @ExampleObject(name = "missing rules", value = ApiDocs.P_MISSING_RULES),
                                                @ExampleObject(name = "illegal-move", value = ApiDocs.P_ILLEGAL_MOVE_IN_PLAY)})),
                        @APIResponse(name = ApiDocs.BAD_EVAL_BATCH, description = "`rules` missing or unknown, `multiPv` out "
                                + "of range, no positions or more than `kifudb.analysis.max-eval-batch`, a position that cannot be set up "
                                + "(`field` names it: `positions[1].sfen`, `positions[1].moves` with the `ply`), a member the request does "
                                + "not have (`unknown-field`), or a body that is not JSON of the request's shape (`invalid-json`).",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {
                                                @ExampleObject(name = "illegal-move", value = ApiDocs.P_BAD_BATCH_MOVE),
                                                @ExampleObject(name = "too many positions", value = ApiDocs.P_BAD_BATCH_SIZE),
                                                @ExampleObject(name = "unknown-field", value = ApiDocs.P_UNKNOWN_BATCH_FIELD),
                                                @ExampleObject(name = "missing rules", value = ApiDocs.P_MISSING_RULES_FIELD)})),
                        @APIResponse(name = ApiDocs.NO_CACHED_EVALUATION, description = "No search of this position with at least "
                                + "`multiPv` lines is cached; POST /api/analysis makes one.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "not-found", value = ApiDocs.P_NO_CACHED_EVALUATION))),
                        @APIResponse(name = ApiDocs.BAD_GAME_ANALYSIS, description = "`movetime` or `depth` out of range (`field` "
                                + "names it), or an id that is not a number.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {
                                                @ExampleObject(name = "movetime out of range", value = ApiDocs.P_BAD_GAME_ANALYSIS),
                                                @ExampleObject(name = "invalid-parameter", value = ApiDocs.P_INVALID_PARAMETER)})),
                        @APIResponse(name = ApiDocs.GAME_NOT_ANALYSED, description = "The game has no stored analysis (it does not "
                                + "exist, or was never analysed, or its analysis has not finished yet).",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "not-found", value = ApiDocs.P_GAME_NOT_ANALYSED))),

                        // ---- experiments
                        @APIResponse(name = ApiDocs.BAD_EXPERIMENT, description = "Fewer than two rule sets, an unknown one, rule "
                                + "sets of different games, a setting out of range (`field` names it), a field the request does not "
                                + "have (`unknown-field`, naming the closest one it has), or a body that is not JSON of the request's shape.",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {
                                                @ExampleObject(name = "different games", value = ApiDocs.P_BAD_EXPERIMENT),
                                                @ExampleObject(name = "no rule sets", value = ApiDocs.P_NO_RULE_SETS),
                                                @ExampleObject(name = "games out of range", value = ApiDocs.P_BAD_EXPERIMENT_GAMES),
                                                @ExampleObject(name = "unknown-rule-set", value = ApiDocs.P_UNKNOWN_RULE_SET),
                                                @ExampleObject(name = "unknown-field", value = ApiDocs.P_UNKNOWN_EXPERIMENT_FIELD)})),
                        @APIResponse(name = ApiDocs.EXPERIMENT_QUEUE_FULL, description = "`kifudb.experiments.queue-size` experiments "
                                + "are waiting already (`queue-full`, retry after 60 s), or the API key already "
                                + "has `kifudb.jobs.per-key` jobs of any kind queued or running (`job-quota`, 10 s).",
                                headers = @Header(name = "Retry-After", description = ApiDocs.RETRY_AFTER,
                                        schema = @Schema(type = SchemaType.INTEGER, examples = "60")),
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = {@ExampleObject(name = "queue-full", value = ApiDocs.P_EXPERIMENT_QUEUE_FULL),
                                                @ExampleObject(name = "job-quota", value = ApiDocs.P_JOB_QUOTA)})),
                        @APIResponse(name = ApiDocs.EXPERIMENT_NOT_FOUND, description = "No experiment has that id (finished "
                                + "experiments are removed `kifudb.jobs.keep-finished`, 24 h, after they ended).",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "not-found", value = ApiDocs.P_EXPERIMENT_NOT_FOUND))),

                        // ---- caching
                        @APIResponse(name = ApiDocs.NOT_MODIFIED, description = "Not modified: the tag in If-None-Match is the current "
                                + "answer's; no body.",
                                headers = {
                                        @Header(name = "ETag", description = "a hash of the answer", schema = @Schema(type = SchemaType.STRING, examples = "\"2c9a0924fa97f7d7aa90ffa2bcaf34aa\"")),
                                        @Header(name = "Cache-Control", description = "how long the answer may be kept without asking again", schema = @Schema(type = SchemaType.STRING, examples = "public, max-age=86400"))}),

                        // ---- limits
                        @APIResponse(name = ApiDocs.BODY_TOO_LARGE, description = "The request body (by its Content-Length) is "
                                + "larger than `quarkus.http.limits.max-body-size` (64 MB) and is refused before it is read; split a "
                                + "bulk import into several requests. (A chunked body without a length that runs over the limit gets "
                                + "the same status with an empty body.)",
                                content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class),
                                        examples = @ExampleObject(name = "body-too-large", value = ApiDocs.P_BODY_TOO_LARGE)))}))
package io.kifudb.api;

import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.servers.Server;
