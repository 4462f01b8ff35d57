package io.kifudb.api;

import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * At most {@code kifudb.jobs.per-key} jobs queued or running per API key, counted over every kind (bulk
 * imports, analyses, whole-game analyses, experiments), so that one client cannot fill every queue. Beyond
 * it: 429 with Retry-After. Jobs without a key (anonymous analysis) have their own, smaller quota.
 */
@ApplicationScoped
public class JobQuota {
    @ConfigProperty(name = "kifudb.jobs.per-key", defaultValue = "4")
    int perKey;

    @Inject
    ApiKeys keys;

    @Inject
    CurrentVertxRequest request;

    /** Per key, a check for each job it was admitted: true while that job is queued or running. */
    private final Map<String, List<BooleanSupplier>> active = new HashMap<>();

    /**
     * Submits a job for the current request's API key if the key has room, and counts it against the key until
     * {@code stillActive} says it ended. A request without a valid key (anonymous analysis) is not counted here.
     *
     * @throws ProblemException 429 when the key has {@code perKey} jobs queued or running
     */
    public <T> T admit(Supplier<T> submit, Function<T, BooleanSupplier> stillActive) {
        String key = keys.owner(request.getCurrent().request().getHeader(HttpHeaders.AUTHORIZATION));
        return key == null ? submit.get() : admit(key, submit, stillActive);
    }

    synchronized <T> T admit(String key, Supplier<T> submit, Function<T, BooleanSupplier> stillActive) {
        List<BooleanSupplier> jobs = active.computeIfAbsent(key, k -> new ArrayList<>());
        jobs.removeIf(job -> !job.getAsBoolean());
        if (jobs.size() >= perKey)
            throw ProblemException.tooManyRequests("job-quota", "Too many jobs for this API key",
                    "this key has " + jobs.size() + " jobs queued or running (at most " + perKey
                            + ", kifudb.jobs.per-key); wait for one to finish or cancel one", 10);
        T job = submit.get();
        BooleanSupplier check = stillActive.apply(job);
        if (check.getAsBoolean()) jobs.add(check);
        return job;
    }
}
