package io.kifudb.api;

import io.kifudb.index.IndexUnavailableException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * The position index cannot answer now (being built from the database, shutting down, closed by an
 * operator): 503 with Retry-After, worth retrying, not a bug.
 */
@Provider
public class IndexUnavailableExceptionMapper implements ExceptionMapper<IndexUnavailableException> {
    static final String INDEX_UNAVAILABLE = "index-unavailable";

    @Override
    public Response toResponse(IndexUnavailableException e) {
        Response r = Problems.response(Problem.of(503, INDEX_UNAVAILABLE, "Index unavailable", e.getMessage()));
        if (e.retryAfterSeconds() > 0) r.getHeaders().putSingle("Retry-After", String.valueOf(e.retryAfterSeconds()));
        return r;
    }
}
