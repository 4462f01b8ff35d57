package io.kifudb.index;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness includes the position index: position search, the explorer and free text need it in step
 * with the database. While it is being built (a new instance, a rebuild at startup) readiness is down with
 * {@code state: building} and how far the build has got, so a load balancer sends searches elsewhere;
 * liveness is not affected. An instance with the index off ({@code kifudb.index.enabled=false}) and a
 * {@code worker} process (it answers no searches) keep none and are ready without it ({@code state: off}).
 * The database has its own readiness check from the datasource.
 */
@Readiness
@ApplicationScoped
public class PositionIndexHealth implements HealthCheck {
    @Inject
    PositionIndex index;

    @Override
    public HealthCheckResponse call() {
        PositionIndex.Status s = index.status();
        HealthCheckResponseBuilder r = HealthCheckResponse.named("position-index")
                .status(s.state() == PositionIndex.State.READY || s.state() == PositionIndex.State.OFF);
        // Ready: what it holds; otherwise why not (building, closed) or that there is none here (off).
        if (s.state() == PositionIndex.State.READY) r.withData("games", s.games()).withData("positions", s.positions());
        else r.withData("state", s.state().name().toLowerCase(java.util.Locale.ROOT));
        // The counts once the build has made them (not in the moment before it has counted the games).
        if (s.building() != null) r.withData("indexedGames", s.building().games()).withData("ofGames", s.building().of());
        if (s.state() == PositionIndex.State.BUILDING) r.withData("retryAfterSeconds", PositionIndex.retryAfterSeconds(s.building()));
        return r.build();
    }
}
