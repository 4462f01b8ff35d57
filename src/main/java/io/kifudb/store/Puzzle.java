package io.kifudb.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A puzzle found in a stored game (see V22__puzzles.sql). */
@Entity
@Table(name = "puzzle")
public class Puzzle extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, length = 32)
    public String rules;

    @Column(nullable = false, length = 512)
    public String sfen;

    @Column(nullable = false, length = 32)
    public String theme;

    /** USI moves separated by spaces. */
    @Column(nullable = false, length = 2048)
    public String solution;

    @Column(name = "mate_in")
    public Integer mateIn;

    @Column(name = "score_cp")
    public Integer scoreCp;

    @Column(name = "margin_cp")
    public Integer marginCp;

    @Column(name = "game_id", nullable = false)
    public long gameId;

    @Column(nullable = false)
    public int ply;

    @Column(nullable = false, length = 128)
    public String settings;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    public static boolean known(String rules, String sfen) {
        return count("rules = ?1 and sfen = ?2", rules, sfen) > 0;
    }
}
