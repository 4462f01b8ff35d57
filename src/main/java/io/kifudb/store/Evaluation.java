package io.kifudb.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A cached engine evaluation of one position (see V3__analysis.sql). */
@Entity
@Table(name = "evaluation")
public class Evaluation extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, length = 32)
    public String rules;

    @Column(nullable = false, length = 512)
    public String sfen;

    @Column(nullable = false)
    public int multipv;

    @Column(nullable = false)
    public int depth;

    @Column(nullable = false)
    public long nodes;

    @Column(name = "time_ms", nullable = false)
    public long timeMs;

    @Column(name = "best_move", length = 32)
    public String bestMove;

    /** JSON array of lines. */
    @Column(nullable = false, columnDefinition = "text")
    public String lines;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    /** The version of the engine that searched (see V21__evaluation_engine_version.sql). */
    @Column(name = "engine_version", nullable = false, length = 64)
    public String engineVersion;

    /** The deepest evaluation of the position by the given engine version with at least multipv lines, or null. */
    public static Evaluation best(String rules, String sfen, int multipv, String engineVersion) {
        return find("rules = ?1 and sfen = ?2 and multipv >= ?3 and engineVersion = ?4 order by depth desc, multipv asc",
                rules, sfen, multipv, engineVersion).firstResult();
    }

    /** Every cached evaluation of the position, whatever its lines and engine version. */
    public static java.util.List<Evaluation> of(String rules, String sfen) {
        return list("rules = ?1 and sfen = ?2", rules, sfen);
    }
}
