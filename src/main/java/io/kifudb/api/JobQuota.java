package io.kifudb.api;

import io.kifudb.jobs.JobRefusedException;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.function.Function;

/**
 * At most {@code kifudb.jobs.per-key} jobs queued or running per API key, counted over every kind (bulk
 * imports, analyses, whole-game analyses, experiments) and over every instance: the jobs are rows in the
 * database, each with its owner, and the count is taken when a job is submitted (see
 * {@link io.kifudb.jobs.Jobs#submit}). Beyond it: 429 with Retry-After. Jobs without a key (anonymous
 * analysis) have their own, smaller quota.
 */
@ApplicationScoped
public class JobQuota {
    @Inject
    ApiKeys keys;

    @Inject
    CurrentVertxRequest request;

    /**
     * Submits a job for the current request's API key: {@code submit} gets the key's owner id (null for a
     * request without a valid key, which is not counted here).
     *
     * @throws ProblemException 429 when the key has {@code kifudb.jobs.per-key} jobs queued or running
     */
    public <T> T admit(Function<String, T> submit) {
        String authorization = request.getCurrent().request().getHeader(HttpHeaders.AUTHORIZATION);
        String owner = keys.check(authorization) == ApiKeys.Verdict.VALID ? owner(authorization) : null;
        try {
            return submit.apply(owner);
        } catch (JobRefusedException e) {
            if (e.reason != JobRefusedException.Reason.KEY_QUOTA) throw e;
            throw ProblemException.tooManyRequests("job-quota", "Too many jobs for this API key",
                    "this key has " + e.count + " jobs queued or running (at most " + e.limit
                            + ", kifudb.jobs.per-key); wait for one to finish or cancel one", 10);
        }
    }

    /**
     * The owner id of a valid key: a digest of it, the same on every instance that accepts the key (never the
     * key itself, which the database must not hold).
     */
    static String owner(String authorization) {
        String key = authorization.substring("Bearer ".length()).strip();
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(("kifudb-job-owner\n" + key).getBytes(StandardCharsets.UTF_8));
            return "key:" + HexFormat.of().formatHex(d, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
