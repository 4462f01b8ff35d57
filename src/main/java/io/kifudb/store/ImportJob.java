package io.kifudb.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A bulk import job and its counters (see V2__import_jobs.sql). */
@Entity
@Table(name = "import_job")
public class ImportJob extends PanacheEntityBase {
    public static final String QUEUED = "queued", RUNNING = "running", DONE = "done", FAILED = "failed";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, length = 16)
    public String status;

    @Column(length = 32)
    public String rules;

    @Column(nullable = false)
    public boolean lenient;

    @Column(nullable = false)
    public int files;

    @Column(nullable = false)
    public int total;

    @Column(nullable = false)
    public int imported;

    @Column(nullable = false)
    public int duplicates;

    @Column(nullable = false)
    public int failed;

    @Column(length = 512)
    public String error;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "started_at")
    public Instant startedAt;

    @Column(name = "finished_at")
    public Instant finishedAt;

    public boolean finished() {
        return DONE.equals(status) || FAILED.equals(status);
    }
}
