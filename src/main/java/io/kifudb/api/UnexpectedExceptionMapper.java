package io.kifudb.api;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Anything no other mapper handles is a bug: 500 {@code internal}, logged with its stack trace under an
 * id that the response repeats (so a user's report can be matched with the log), and no internals
 * leaked to the client.
 */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class);

    @Override
    public Response toResponse(Throwable e) {
        // Quarkus's body reader throws this after it has answered 413 itself (a chunked body over
        // quarkus.http.limits.max-body-size): the client's mistake, not ours, and already answered.
        if (e instanceof java.io.IOException && "Request too large".equals(e.getMessage()))
            return Problems.response(Problem.of(413, BodyLimitProblems.TOO_LARGE, "Request body too large", e.getMessage()));
        String id = UUID.randomUUID().toString();
        LOG.errorf(e, "unexpected error %s", id);
        return Problems.response(Problem.of(500, Problem.INTERNAL, "Internal error",
                "unexpected error; it was logged with id " + id));
    }
}
