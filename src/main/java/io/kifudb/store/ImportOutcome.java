package io.kifudb.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** What became of one record of a bulk import job (see V2__import_jobs.sql). */
@Entity
@Table(name = "import_outcome")
public class ImportOutcome extends PanacheEntityBase {
    public static final String IMPORTED = "imported", DUPLICATE = "duplicate", FAILED = "failed";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "job_id", nullable = false)
    public long jobId;

    @Column(nullable = false)
    public int seq;

    @Column(nullable = false, length = 512)
    public String source;

    @Column(nullable = false)
    public int line;

    @Column(nullable = false, length = 16)
    public String outcome;

    @Column(name = "game_id")
    public Long gameId;

    public Integer ply;

    @Column(length = 64)
    public String move;

    @Column(length = 512)
    public String reason;
}
