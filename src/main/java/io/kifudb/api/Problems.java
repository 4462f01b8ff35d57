package io.kifudb.api;

import jakarta.ws.rs.core.Response;

/** Builds {@code application/problem+json} responses; shared by the exception mappers. */
public final class Problems {

    private Problems() {
    }

    public static Response response(Problem problem) {
        return Response.status(problem.status())
                .type(Problem.MEDIA_TYPE)
                .entity(problem)
                .build();
    }

    /** The slug and title used for a plain HTTP status (from a WebApplicationException). */
    static Problem forStatus(int status, String detail) {
        return switch (status) {
            case 400 -> Problem.of(status, Problem.BAD_REQUEST, "Bad request", detail);
            case 404 -> Problem.of(status, Problem.NOT_FOUND, "Not found", detail);
            case 405 -> Problem.of(status, Problem.METHOD_NOT_ALLOWED, "Method not allowed", detail);
            case 406 -> Problem.of(status, Problem.NOT_ACCEPTABLE, "Not acceptable", detail);
            case 415 -> Problem.of(status, Problem.UNSUPPORTED_MEDIA_TYPE, "Unsupported media type", detail);
            case 500 -> Problem.of(status, Problem.INTERNAL, "Internal error", detail);
            default -> {
                Response.Status known = Response.Status.fromStatusCode(status);
                String title = known != null ? known.getReasonPhrase() : "HTTP " + status;
                String slug = status >= 500 ? Problem.INTERNAL : "http-" + status;
                yield Problem.of(status, slug, title, detail);
            }
        };
    }
}
