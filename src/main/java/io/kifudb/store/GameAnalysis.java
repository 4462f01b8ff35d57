package io.kifudb.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** The engine's analysis of every position of a stored game (see V3__analysis.sql). */
@Entity
@Table(name = "game_analysis")
public class GameAnalysis extends PanacheEntityBase {
    @Id
    @Column(name = "game_id")
    public Long gameId;

    @Column(nullable = false, length = 128)
    public String settings;

    @Column(nullable = false)
    public int blunders;

    @Column(nullable = false)
    public int mistakes;

    @Column(nullable = false)
    public int inaccuracies;

    /** JSON array, one entry per ply. */
    @Column(nullable = false, columnDefinition = "text")
    public String plies;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
