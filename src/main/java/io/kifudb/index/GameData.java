package io.kifudb.index;

import io.kifudb.store.Game;

import java.time.Instant;
import java.time.LocalDate;

/**
 * What the index needs of a stored game: enough to replay it, the per-game values that every
 * position document carries for sorting, aggregation and filtering, the text that free-text search
 * reads (players, event, site, comments), its kind ({@code game} or {@code problem}, as {@link Game#kind}: the
 * searches can keep one or the other), and when it was stored (which tells the feed from the
 * database how long a gap below it may still fill, see {@link GameIdWatermark}). A plain value, so the
 * index never holds on to (or lazily loads through) a JPA entity outside its transaction.
 */
public record GameData(long id, String rules, String kind, String initialSfen, String moves, int plies, String result,
                       String reason, String sente, String gote, LocalDate date, String event, String site,
                       String comments, Instant createdAt) {

    /** A played game ({@code kind} game) with no text and no storing time. */
    public GameData(long id, String rules, String initialSfen, String moves, int plies, String result,
                    String reason, String sente, String gote, LocalDate date) {
        this(id, rules, GAME, initialSfen, moves, plies, result, reason, sente, gote, date, null, null, null, null);
    }

    /** The kinds a stored record has (V15__game_kind.sql). */
    public static final String GAME = "game", PROBLEM = "problem";

    public static GameData of(Game g) {
        return new GameData(g.id, g.rules, g.kind, g.initialSfen, g.moves, g.plies, g.result, g.reason, g.sente, g.gote, g.date,
                g.event, g.site, g.comments, g.createdAt);
    }

    /** When the game was stored, in epoch milliseconds (0 if unknown). */
    long storedAtMillis() {
        return createdAt == null ? 0 : createdAt.toEpochMilli();
    }
}
