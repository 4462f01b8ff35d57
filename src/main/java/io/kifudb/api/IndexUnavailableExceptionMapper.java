package io.kifudb.api;

import io.kifudb.index.IndexUnavailableException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** The position index is closed (shutdown, or an operator closed it): 503, worth retrying, not a bug. */
@Provider
public class IndexUnavailableExceptionMapper implements ExceptionMapper<IndexUnavailableException> {
    static final String INDEX_UNAVAILABLE = "index-unavailable";

    @Override
    public Response toResponse(IndexUnavailableException e) {
        return Problems.response(Problem.of(503, INDEX_UNAVAILABLE, "Index unavailable", e.getMessage()));
    }
}
