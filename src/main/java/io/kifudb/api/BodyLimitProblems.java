package io.kifudb.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A body over {@code quarkus.http.limits.max-body-size} is refused by Quarkus with a bare 413. This answers
 * it like every other error, as a problem, at once from the {@code Content-Length} (which curl, browsers and
 * HTTP libraries send for files and forms), before the body is read. A chunked body without a length that
 * runs over the limit still gets Quarkus's bare 413 while it streams in (its reader writes that answer
 * itself, and the resource's reader then fails, see UnexpectedExceptionMapper).
 */
@ApplicationScoped
public class BodyLimitProblems {
    static final String TOO_LARGE = "body-too-large";

    @ConfigProperty(name = "quarkus.http.limits.max-body-size", defaultValue = "10240K")
    MemorySize maxBodySize;

    @Inject
    ObjectMapper json;

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::refuseDeclaredTooLarge);
    }

    private void refuseDeclaredTooLarge(RoutingContext ctx) {
        String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > maxBodySize.asLongValue()) {
                    send(ctx);
                    return;
                }
            } catch (NumberFormatException notANumber) {
                // Vert.x answers a malformed Content-Length itself
            }
        }
        ctx.next();
    }

    private void send(RoutingContext ctx) {
        Problem p = Problem.of(413, TOO_LARGE, "Request body too large",
                "the body is larger than " + maxBodySize.asLongValue() + " bytes (quarkus.http.limits.max-body-size); "
                        + "split a bulk import into several requests");
        String body;
        try {
            body = json.writeValueAsString(p);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a problem always serialises", e);
        }
        // The body is not read: close the connection rather than drain it.
        ctx.response().setStatusCode(413)
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader(HttpHeaders.CONNECTION, "close")
                .end(body)
                .onComplete(done -> ctx.request().connection().close());
    }
}
