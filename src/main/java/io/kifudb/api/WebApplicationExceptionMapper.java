package io.kifudb.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.jboss.logging.Logger;

/**
 * Every {@link WebApplicationException} (404, 405, 406, 415, a resource's own 4xx...) -> problem+json
 * with the same status.
 *
 * <p>Quarkus REST reports a {@code @QueryParam}/{@code @PathParam} that cannot be converted (say
 * {@code ?depth=abc}) as a {@link NotFoundException} wrapping the conversion error, as JAX-RS says.
 * For a client that is a bad request, not a missing resource, so it becomes a 400 {@code bad-request}.
 * A request body that is not JSON arrives wrapped in a 400 and becomes {@code invalid-json}.
 */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    private static final Logger LOG = Logger.getLogger(WebApplicationExceptionMapper.class);

    @Override
    public Response toResponse(WebApplicationException e) {
        Throwable cause = e.getCause();
        if (cause instanceof JsonProcessingException json) {
            // Quarkus REST wraps a body that is not JSON at all in a 400 WebApplicationException.
            return JsonExceptionMappers.toProblem(json);
        }
        if (e instanceof NotFoundException && cause != null && !(cause instanceof WebApplicationException)) {
            return Problems.response(Problem.of(400, Problem.BAD_REQUEST, "Invalid parameter",
                    "a query or path parameter has an invalid value: " + describe(cause)));
        }
        int status = e.getResponse() != null ? e.getResponse().getStatus() : 500;
        if (status >= 500) {
            LOG.error("request failed", e);
            return Problems.response(Problems.forStatus(status, null));
        }
        return Problems.response(Problems.forStatus(status, detailOf(e)));
    }

    private static String detailOf(WebApplicationException e) {
        if (e.getCause() != null && !(e.getCause() instanceof WebApplicationException)) {
            return describe(e.getCause());
        }
        String message = e.getMessage();
        // JAX-RS fills in "HTTP 404 Not Found" when there is no message of its own: no news there.
        if (message == null || message.startsWith("HTTP " + (e.getResponse() == null ? "" : e.getResponse().getStatus()))) {
            return null;
        }
        return message;
    }

    static String describe(Throwable t) {
        String message = t.getMessage();
        if (t instanceof NumberFormatException) {
            return "not a number (" + message + ")";
        }
        return message != null ? message : t.getClass().getSimpleName();
    }
}
