package io.kifudb.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * A job of any kind (see V4__jobs.sql and {@code io.kifudb.jobs}): its parameters, status, progress and
 * result as JSON of its kind's shape, and the lease of the worker running it.
 */
@Entity
@Table(name = "job")
public class Job extends PanacheEntityBase {
    public static final String QUEUED = "queued", RUNNING = "running", DONE = "done", FAILED = "failed", CANCELLED = "cancelled";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, length = 32)
    public String kind;

    @Column(length = 36)
    public String uid;

    @Column(nullable = false, length = 16)
    public String status;

    @Column(nullable = false, columnDefinition = "text")
    public String params;

    @Column(columnDefinition = "text")
    public String progress;

    @Column(columnDefinition = "text")
    public String result;

    @Column(length = 512)
    public String error;

    @Column(length = 64)
    public String owner;

    @Column(nullable = false)
    public boolean anonymous;

    @Column(name = "cancel_requested", nullable = false)
    public boolean cancelRequested;

    @Column(length = 128)
    public String worker;

    @Column(nullable = false)
    public int attempt;

    @Column(name = "lease_until")
    public Long leaseUntil;

    @Column(nullable = false)
    public int checkpoint;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "started_at")
    public Instant startedAt;

    @Column(name = "finished_at")
    public Instant finishedAt;

    public boolean finished() {
        return finished(status);
    }

    public static boolean finished(String status) {
        return DONE.equals(status) || FAILED.equals(status) || CANCELLED.equals(status);
    }
}
