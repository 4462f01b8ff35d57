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

    /** The line of the file where the failing move or field (else the record) is written. */
    @Column(nullable = false)
    public int line;

    /** The record's number in its file (V20__import_outcome_record.sql). */
    @Column(name = "record_no", nullable = false)
    public int record;

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
