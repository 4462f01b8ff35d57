package io.kifudb.jobs;

import io.quarkus.vertx.http.runtime.filters.Filters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The {@code worker} command's process ({@code kifudb.role=worker}): job workers only, against the
 * configured database. It keeps no position index and answers no API request; over HTTP it serves only
 * health ({@code /q/health}) and metrics ({@code /q/metrics}), for orchestrators and monitoring.
 */
@ApplicationScoped
public class WorkerRole {
    public static final String PROPERTY = "kifudb.role", WORKER = "worker";

    @ConfigProperty(name = PROPERTY, defaultValue = "serve")
    String role;

    public boolean isWorker() {
        return WORKER.equals(role);
    }

    void onlyHealthAndMetrics(@Observes Filters filters) {
        if (!isWorker()) return;
        filters.register(ctx -> {
            String path = ctx.normalizedPath();
            if (path.startsWith("/q/health") || path.startsWith("/q/metrics")) {
                ctx.next();
                return;
            }
            ctx.response().setStatusCode(404).putHeader("Content-Type", "application/problem+json")
                    .end("{\"type\":\"https://kifudb.io/problems/not-found\",\"title\":\"Not found\",\"status\":404,"
                            + "\"detail\":\"this is a job worker (the worker command): it serves /q/health and /q/metrics only; the API is on the serve instances\"}");
        }, 10_000);
    }
}
