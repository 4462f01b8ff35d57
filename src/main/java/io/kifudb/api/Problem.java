package io.kifudb.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

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
@JsonPropertyOrder({"type", "title", "status", "detail", "ply", "line", "move", "field"})
public record Problem(
        String type,
        String title,
        int status,
        String detail,
        Integer ply,
        Integer line,
        String move,
        String field) {

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
