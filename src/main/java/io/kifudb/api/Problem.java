package io.kifudb.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * An error body in the shape of RFC 9457 "Problem Details for HTTP APIs", served as
 * {@code application/problem+json}.
 *
 * <p>{@code type} is a stable URI (see the {@code *_TYPE} slugs and {@link #typeUri(String)}); clients
 * branch on it, never on {@code title} or {@code detail}. The extension members {@code ply},
 * {@code line}, {@code move} and {@code field} point at the offending part of the request where there
 * is one; members that are {@code null} are left out of the JSON.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "A problem (RFC 9457): `type`, `title` and `status` always; `detail` and the members that point at the "
        + "offending part of the request (`ply`, `line`, `move`, `field`) where there is one.",
        requiredProperties = {"type", "title", "status"})
@JsonPropertyOrder({"type", "title", "status", "detail", "ply", "line", "move", "field"})
public record Problem(
        @Schema(format = "uri", description = "the kind of problem, a stable URI to branch on", examples = "https://kifudb.io/problems/illegal-move")
        String type,
        @Schema(examples = "Illegal move") String title,
        @Schema(description = "the HTTP status", examples = "422") int status,
        @Schema(description = "what is wrong, for people") String detail,
        @Schema(description = "the ply of the offending move (1: the first move)") Integer ply,
        @Schema(description = "the line of the record (or of the body) where the offending move or field is written") Integer line,
        @Schema(description = "the offending move as written") String move,
        @Schema(description = "the offending parameter or body field, as a path for nested fields (`pieces[0].piece`)") String field) {

    /** Media type of every error response. */
    public static final String MEDIA_TYPE = "application/problem+json";

    /** Prefix of every problem {@code type}; the slug follows. */
    public static final String TYPE_BASE = "https://kifudb.io/problems/";

    public static final String BAD_REQUEST = "bad-request";
    public static final String NOT_FOUND = "not-found";
    public static final String METHOD_NOT_ALLOWED = "method-not-allowed";
    public static final String NOT_ACCEPTABLE = "not-acceptable";
    public static final String UNSUPPORTED_MEDIA_TYPE = "unsupported-media-type";
    public static final String INVALID_JSON = "invalid-json";
    public static final String INVALID_SFEN = "invalid-sfen";
    public static final String ILLEGAL_MOVE = "illegal-move";
    public static final String UNKNOWN_RULE_SET = "unknown-rule-set";
    public static final String INTERNAL = "internal";

    /** The full type URI of a slug, e.g. {@code invalid-sfen -> https://kifudb.io/problems/invalid-sfen}. */
    public static String typeUri(String slug) {
        return TYPE_BASE + slug;
    }

    /** A problem without extension members. */
    public static Problem of(int status, String typeSlug, String title, String detail) {
        return new Problem(typeUri(typeSlug), title, status, detail, null, null, null, null);
    }

    public Problem withPly(Integer ply) {
        return new Problem(type, title, status, detail, ply, line, move, field);
    }

    public Problem withLine(Integer line) {
        return new Problem(type, title, status, detail, ply, line, move, field);
    }

    public Problem withMove(String move) {
        return new Problem(type, title, status, detail, ply, line, move, field);
    }

    public Problem withField(String field) {
        return new Problem(type, title, status, detail, ply, line, move, field);
    }
}
