package io.kifudb.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.time.LocalDate;

/** A stored game: its rule set, start, canonical moves, result and metadata (see V1__games.sql). */
@Entity
@Table(name = "game")
public class Game extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, length = 32)
    public String rules;

    @Column(name = "initial_sfen", nullable = false, length = 512)
    public String initialSfen;

    /** Canonical USI moves, space-separated. */
    @Column(nullable = false, columnDefinition = "text")
    public String moves;

    @Column(nullable = false)
    public int plies;

    /** {@code game} (played) or {@code problem} (a composed start and its solution); see V15__game_kind.sql. */
    @Column(nullable = false, length = 16)
    public String kind = "game";

    @Column(nullable = false, length = 16)
    public String result;

    @Column(length = 32)
    public String reason;

    @Column(name = "stopped_ply", nullable = false)
    public int stoppedPly;

    @Column(name = "stopped_reason", length = 512)
    public String stoppedReason;

    @Column(length = 256)
    public String sente;

    @Column(length = 256)
    public String gote;

    @Column(length = 256)
    public String event;

    @Column(name = "game_date")
    public LocalDate date;

    @Column(length = 256)
    public String site;

    @Column(length = 512)
    public String source;

    @Column(name = "source_id", length = 128)
    public String sourceId;

    /** JSON object from ply to comment. */
    @Column(columnDefinition = "text")
    public String comments;

    @Column(name = "content_hash", nullable = false, length = 64)
    public String contentHash;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    public static Game byHash(String hash) {
        return find("contentHash", hash).firstResult();
    }
}
