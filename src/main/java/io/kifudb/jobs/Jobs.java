package io.kifudb.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.kifudb.store.Job;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The jobs of every kind, in the database ({@link Job}, V4__jobs.sql): the one place that writes job rows.
 *
 * <ul>
 *   <li>Submitting counts the kind's queue and the quotas under a lock every instance takes (the
 *       {@code job_admission} row), so the limits hold across instances.</li>
 *   <li>Claiming takes the oldest queued job of the kinds a worker has room for, or one whose lease ran
 *       out, with {@code select ... for update skip locked} (PostgreSQL and H2 alike): two workers never
 *       take the same job, and neither waits for the other. Each claim adds one to the job's
 *       {@code attempt}; every later write of that worker names it, so a worker whose job was claimed
 *       again by another writes nothing more (a fencing token).</li>
 *   <li>Leases are counted on the database's clock, so machines whose clocks disagree still agree on
 *       when a lease ran out.</li>
 * </ul>
 */
@ApplicationScoped
public class Jobs {
    /** JSON of parameters, progress and results: records, java.time values as ISO text, unknown fields ignored. */
    public static final ObjectMapper JSON = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /** The database's clock in epoch milliseconds (the same SQL on H2 and PostgreSQL). */
    private static final String DB_NOW_MILLIS = "cast(extract(epoch from current_timestamp) * 1000 as bigint)";

    @ConfigProperty(name = "kifudb.jobs.per-key", defaultValue = "4")
    int perKey;

    @ConfigProperty(name = "kifudb.jobs.lease", defaultValue = "30s")
    Duration lease;

    @Inject
    Event<Submitted> submitted;

    /** Fired after a job was queued, so that this process's idle workers look at once rather than at their next poll. */
    public record Submitted(String kind) {}

    /** An uploaded file kept with its job. */
    public record File(String name, byte[] bytes) {}

    /** What to queue: the kind, its parameters, and the limits its service applies. */
    public static final class Submission {
        final String kind;
        final Object params;
        String uid;
        Object progress;
        String owner;
        boolean anonymous;
        int queueLimit;
        int anonymousLimit;
        List<File> files = List.of();

        private Submission(String kind, Object params) {
            this.kind = kind;
            this.params = params;
        }

        public static Submission of(String kind, Object params) {
            return new Submission(kind, params);
        }

        /** The public id (a UUID) of kinds addressed by one. */
        public Submission uid(String uid) {
            this.uid = uid;
            return this;
        }

        /** The progress to show while the job waits. */
        public Submission progress(Object progress) {
            this.progress = progress;
            return this;
        }

        /** The owner for {@code kifudb.jobs.per-key} (null: not counted). */
        public Submission owner(String owner) {
            this.owner = owner;
            return this;
        }

        /** At most this many jobs of the kind may wait (0: no limit). */
        public Submission queueLimit(int limit) {
            this.queueLimit = limit;
            return this;
        }

        /** Started without an API key: at most this many such jobs of the kind queued or running. */
        public Submission anonymous(int limit) {
            this.anonymous = true;
            this.anonymousLimit = limit;
            return this;
        }

        public Submission files(List<File> files) {
            this.files = List.copyOf(files);
            return this;
        }

        public int queueLimit() {
            return queueLimit;
        }

        public int anonymousLimit() {
            return anonymousLimit;
        }
    }

    /** A job as a worker claimed it: what it needs to run or resume it. */
    public record Claim(long id, String kind, String uid, int attempt, String params, String progress, int checkpoint,
                        boolean cancelRequested, boolean abandoned) {}

    /** What the lease keeper needs to know of a running job. */
    public record State(int attempt, String status, boolean cancelRequested) {}

    /**
     * Queues a job if its kind's queue and the quotas have room.
     *
     * @throws JobRefusedException when they have not (nothing is stored then)
     */
    public Job submit(Submission s) {
        Job job = QuarkusTransaction.requiringNew().call(() -> {
            EntityManager em = Job.getEntityManager();
            em.createNativeQuery("select name from job_admission where name = 'submit' for update").getResultList();
            if (s.queueLimit > 0) {
                long queued = Job.count("kind = ?1 and status = ?2", s.kind, Job.QUEUED);
                if (queued >= s.queueLimit) throw new JobRefusedException(JobRefusedException.Reason.QUEUE_FULL, queued, s.queueLimit);
            }
            if (s.owner != null) {
                long active = Job.count("owner = ?1 and status in (?2, ?3)", s.owner, Job.QUEUED, Job.RUNNING);
                if (active >= perKey) throw new JobRefusedException(JobRefusedException.Reason.KEY_QUOTA, active, perKey);
            }
            if (s.anonymous) {
                long active = Job.count("kind = ?1 and anonymous = true and status in (?2, ?3)", s.kind, Job.QUEUED, Job.RUNNING);
                if (active >= s.anonymousLimit)
                    throw new JobRefusedException(JobRefusedException.Reason.ANONYMOUS_QUOTA, active, s.anonymousLimit);
            }
            Job j = newRow(s.kind, s.uid, s.params, s.progress, s.owner, s.anonymous);
            j.status = Job.QUEUED;
            j.persist();
            for (int i = 0; i < s.files.size(); i++) {
                File f = s.files.get(i);
                em.createNativeQuery("insert into job_file (job_id, seq, name, bytes) values (:job, :seq, :name, :bytes)")
                        .setParameter("job", j.id).setParameter("seq", i).setParameter("name", truncate(f.name(), 512))
                        .setParameter("bytes", f.bytes()).executeUpdate();
            }
            return j;
        });
        submitted.fire(new Submitted(s.kind));
        return job;
    }

    /** Stores a job that is finished as it is made (an analysis answered from the cache): no queue, no quota. */
    public Job recordDone(String kind, String uid, Object params, Object progress, Object result) {
        return QuarkusTransaction.requiringNew().call(() -> {
            Job j = newRow(kind, uid, params, progress, null, false);
            j.status = Job.DONE;
            j.result = json(result);
            j.startedAt = j.createdAt;
            j.finishedAt = j.createdAt;
            j.persist();
            return j;
        });
    }

    private static Job newRow(String kind, String uid, Object params, Object progress, String owner, boolean anonymous) {
        Job j = new Job();
        j.kind = kind;
        j.uid = uid;
        j.params = json(params);
        j.progress = json(progress);
        j.owner = owner;
        j.anonymous = anonymous;
        j.createdAt = Instant.now();
        return j;
    }

    /** The job with this id if it is of this kind, else null. */
    public Job get(String kind, long id) {
        Job j = QuarkusTransaction.joiningExisting().call(() -> Job.<Job>findById(id));
        return j != null && j.kind.equals(kind) ? j : null;
    }

    /** The job of this kind with this public id, or null. */
    public Job byUid(String kind, String uid) {
        if (uid == null || uid.length() > 36) return null;
        return QuarkusTransaction.joiningExisting().call(() -> Job.<Job>find("uid = ?1 and kind = ?2", uid, kind).firstResult());
    }

    /**
     * Cancels a job: a queued one (or one whose worker is gone) is cancelled at once; a running one is asked
     * to stop, and its worker sees that within a moment and records it as cancelled.
     *
     * @return the job after the request, or null if there is none
     */
    public Job cancel(long id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            EntityManager em = Job.getEntityManager();
            Job j = em.find(Job.class, id, LockModeType.PESSIMISTIC_WRITE);
            if (j == null || j.finished()) return j;
            boolean abandoned = Job.RUNNING.equals(j.status) && (j.leaseUntil == null || j.leaseUntil < now(em));
            if (Job.QUEUED.equals(j.status) || abandoned) {
                j.status = Job.CANCELLED;
                j.cancelRequested = true;
                j.finishedAt = Instant.now();
                j.worker = null;
                j.leaseUntil = null;
                deleteFiles(em, id);
            } else {
                j.cancelRequested = true;
            }
            return j;
        });
    }

    // ---------------------------------------------------------------- workers

    /**
     * Claims the oldest job of these kinds that is queued, or running under a lease that ran out.
     *
     * @return the claim, or null when there is nothing to do
     */
    public Claim claim(Collection<String> kinds, String worker) {
        if (kinds.isEmpty()) return null;
        return QuarkusTransaction.requiringNew().call(() -> {
            EntityManager em = Job.getEntityManager();
            long now = now(em);
            List<?> ids = em.createNativeQuery("select id from job where kind in (:kinds) and (status = 'queued' "
                            + "or (status = 'running' and lease_until < :now)) order by id fetch first 1 rows only for update skip locked")
                    .setParameter("kinds", kinds).setParameter("now", now).getResultList();
            if (ids.isEmpty()) return null;
            Job j = em.find(Job.class, ((Number) ids.get(0)).longValue());
            boolean abandoned = Job.RUNNING.equals(j.status);
            j.status = Job.RUNNING;
            j.attempt++;
            j.worker = truncate(worker, 128);
            j.leaseUntil = now + lease.toMillis();
            if (j.startedAt == null) j.startedAt = Instant.now();
            return new Claim(j.id, j.kind, j.uid, j.attempt, j.params, j.progress, j.checkpoint, j.cancelRequested, abandoned);
        });
    }

    /** Extends the lease of a job this worker holds; false when it no longer holds it. */
    public boolean renew(long id, int attempt) {
        return QuarkusTransaction.requiringNew().call(() -> Job.getEntityManager()
                .createNativeQuery("update job set lease_until = " + DB_NOW_MILLIS + " + :lease where id = :id and attempt = :attempt "
                        + "and status = 'running'")
                .setParameter("lease", lease.toMillis()).setParameter("id", id).setParameter("attempt", attempt)
                .executeUpdate() == 1);
    }

    /** The claim number, status and cancel flag of these jobs (a job that is gone is missing from the map). */
    public Map<Long, State> states(Collection<Long> ids) {
        Map<Long, State> states = new HashMap<>();
        if (ids.isEmpty()) return states;
        QuarkusTransaction.requiringNew().run(() -> {
            for (Job j : Job.<Job>list("id in ?1", ids)) states.put(j.id, new State(j.attempt, j.status, j.cancelRequested));
        });
        return states;
    }

    /** Stores a running job's progress; false when this worker no longer holds the job. */
    public boolean publish(long id, int attempt, Object progress) {
        String json = json(progress);
        return QuarkusTransaction.requiringNew().call(() -> Job.update("progress = ?1 where id = ?2 and attempt = ?3 and status = ?4",
                json, id, attempt, Job.RUNNING) == 1);
    }

    /**
     * In the caller's transaction: updates the job's progress and checkpoint together with the caller's own
     * writes, after checking (under the row's lock) that this worker still holds the job.
     *
     * @throws LeaseLostException when it does not (the caller's transaction then rolls back)
     */
    public <P> P advance(long id, int attempt, Class<P> type, UnaryOperator<P> update, int checkpoint) {
        Job j = held(Job.getEntityManager(), id, attempt);
        P next = update.apply(j.progress == null ? null : read(j.progress, type));
        j.progress = json(next);
        j.checkpoint = checkpoint;
        return next;
    }

    /** Records the end of a job this worker holds (its uploads go with it). */
    public void finish(long id, int attempt, String status, Object progress, Object result, String error) {
        QuarkusTransaction.requiringNew().run(() -> {
            EntityManager em = Job.getEntityManager();
            Job j = held(em, id, attempt);
            j.status = status;
            if (progress != null) j.progress = json(progress);
            j.result = json(result);
            j.error = truncate(error, 512);
            j.finishedAt = Instant.now();
            j.worker = null;
            j.leaseUntil = null;
            deleteFiles(em, id);
        });
    }

    /** Hands a job back to the queue (this process is stopping): the next worker to claim it resumes it. */
    public void release(long id, int attempt, Object progress) {
        QuarkusTransaction.requiringNew().run(() -> {
            Job j = held(Job.getEntityManager(), id, attempt);
            j.status = Job.QUEUED;
            if (progress != null) j.progress = json(progress);
            j.worker = null;
            j.leaseUntil = null;
        });
    }

    private static Job held(EntityManager em, long id, int attempt) {
        Job j = em.find(Job.class, id, LockModeType.PESSIMISTIC_WRITE);
        if (j == null || j.attempt != attempt || !Job.RUNNING.equals(j.status)) throw new LeaseLostException(id);
        return j;
    }

    /** A job's uploaded files, in the order they were sent. */
    public List<File> files(long id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            List<File> files = new ArrayList<>();
            for (Object row : Job.getEntityManager().createNativeQuery("select name, bytes from job_file where job_id = :id order by seq")
                    .setParameter("id", id).getResultList()) {
                Object[] r = (Object[]) row;
                files.add(new File((String) r[0], (byte[]) r[1]));
            }
            return files;
        });
    }

    private static void deleteFiles(EntityManager em, long id) {
        em.createNativeQuery("delete from job_file where job_id = :id").setParameter("id", id).executeUpdate();
    }

    // ---------------------------------------------------------------- housekeeping and counts

    /** Removes finished jobs of a kind that ended before the cutoff. */
    public long forgetFinished(String kind, Instant before) {
        return QuarkusTransaction.requiringNew().call(() -> Job.delete("kind = ?1 and status in (?2, ?3, ?4) and finishedAt < ?5",
                kind, Job.DONE, Job.FAILED, Job.CANCELLED, before));
    }

    /** Jobs of a kind in a status, across every instance. */
    public long count(String kind, String status) {
        return QuarkusTransaction.requiringNew().call(() -> Job.count("kind = ?1 and status = ?2", kind, status));
    }

    public Duration lease() {
        return lease;
    }

    private static long now(EntityManager em) {
        return ((Number) em.createNativeQuery("select " + DB_NOW_MILLIS).getSingleResult()).longValue();
    }

    // ---------------------------------------------------------------- JSON

    public static String json(Object o) {
        if (o == null) return null;
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + o.getClass().getSimpleName() + " as JSON", e);
        }
    }

    public static <T> T read(String json, Class<T> type) {
        if (json == null) return null;
        try {
            return JSON.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored job's JSON is not a " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }

    static String truncate(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }
}
