package io.kifudb.index;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness includes the position index: position search, the explorer and free text need it open (the
 * database has its own readiness check from the datasource).
 */
@Readiness
@ApplicationScoped
public class PositionIndexHealth implements HealthCheck {
    @Inject
    PositionIndex index;

    @Override
    public HealthCheckResponse call() {
        // A worker process keeps no index (it answers no searches): nothing to wait for.
        if (!index.kept()) return HealthCheckResponse.named("position-index").up().withData("kept", false).build();
        PositionIndex.Status s = index.status();
        return HealthCheckResponse.named("position-index").status(s.open())
                .withData("games", s.games()).withData("positions", s.positions()).build();
    }
}
