package io.kifudb.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.Table;
import org.hibernate.annotations.BatchSize;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/** A puzzle found in a stored game (see V22__puzzles.sql; its themes: V23__puzzle_themes.sql). */
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

    /**
     * What the puzzle is (mate-in-N or material) and its motifs (io.kifudb.puzzles.PuzzleThemes). Loaded with
     * the puzzle, a page's sets in one query.
     */
    @ElementCollection(fetch = FetchType.EAGER)
    @CollectionTable(name = "puzzle_theme", joinColumns = @JoinColumn(name = "puzzle_id"))
    @Column(name = "theme", nullable = false, length = 32)
    @BatchSize(size = 200)
    public Set<String> themes = new HashSet<>();

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
