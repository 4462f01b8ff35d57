package io.kifudb.api;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.jboss.logging.Logger;

/** {@link ProblemException} -> its problem, as {@code application/problem+json}. */
@Provider
public class ProblemExceptionMapper implements ExceptionMapper<ProblemException> {

    private static final Logger LOG = Logger.getLogger(ProblemExceptionMapper.class);

    @Override
    public Response toResponse(ProblemException e) {
        if (e.status() >= 500) {
            LOG.error("request failed: " + e.getMessage(), e);
        }
        Response r = Problems.response(e.problem());
        if (e.retryAfterSeconds() > 0) r.getHeaders().putSingle("Retry-After", String.valueOf(e.retryAfterSeconds()));
        return r;
    }
}
