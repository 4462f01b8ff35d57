package io.kifudb.importer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.notation.GameRecord;
import io.kifudb.notation.Replay;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.store.Game;
import io.kifudb.store.GameStored;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.TreeMap;

/**
 * Checks one record with the rules engine and stores it, all or nothing: a refused record writes no
 * row, a duplicate (same rule set, start and canonical moves) is reported and not stored twice.
 */
@ApplicationScoped
public class GameImporter {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    Event<GameStored> stored;

    /** What became of one record. */
    public record Outcome(Kind kind, Game game, Replay.Result replay) {
        public enum Kind { IMPORTED, DUPLICATE, FAILED }
    }

    /**
     * @param rules   the rule set to judge the record under (already resolved: request, record, format default)
     * @param lenient store the legal prefix of a broken record, marking where and why it stops
     */
    @Transactional
    public Outcome importRecord(RuleSet rules, GameRecord record, boolean lenient) {
        Replay.Result r = Replay.replay(rules, record);
        if (!r.ok() && (!lenient || r.finalPosition() == null)) return new Outcome(Outcome.Kind.FAILED, null, r);
        // The start parsed (replay succeeded that far), so write it back in canonical SFEN.
        String start = record.initialSfen() == null ? rules.variant.startSfen : Sfen.parse(rules, record.initialSfen()).sfen();
        String moves = String.join(" ", r.canonicalMoves());
        String hash = hash(rules.id, start, moves);
        Game existing = Game.byHash(hash);
        if (existing != null) return new Outcome(Outcome.Kind.DUPLICATE, existing, r);
        Game g = new Game();
        g.rules = rules.id;
        g.initialSfen = start;
        g.moves = moves;
        g.plies = r.plies();
        if (r.ok() && !r.status().isOngoing()) {
            g.result = r.status().result();
            g.reason = r.status().reason().id;
        } else {
            g.result = recordedResult(record);
            g.reason = record.recordedStatus();
        }
        if (!r.ok()) {
            g.stoppedPly = r.errorPly();
            g.stoppedReason = truncate(r.error(), 512);
        }
        g.sente = truncate(record.tags().get(GameRecord.SENTE), 256);
        g.gote = truncate(record.tags().get(GameRecord.GOTE), 256);
        g.event = truncate(record.tags().get(GameRecord.EVENT), 256);
        g.site = truncate(record.tags().get(GameRecord.SITE), 256);
        g.date = date(record.tags().get(GameRecord.DATE));
        g.source = truncate(record.source(), 512);
        g.sourceId = truncate(record.id(), 128);
        g.comments = record.comments().isEmpty() ? null : json(new TreeMap<>(record.comments()));
        g.contentHash = hash;
        g.createdAt = Instant.now();
        g.persist();
        stored.fire(new GameStored(g));
        return new Outcome(Outcome.Kind.IMPORTED, g, r);
    }

    /** The record's own result where the rules did not decide one (resignation, agreement, time). */
    private static String recordedResult(GameRecord record) {
        String w = record.recordedWinner();
        if ("sente".equals(w) || "gote".equals(w)) return w;
        String s = record.recordedStatus();
        if (s != null && (s.equals("draw") || s.equals("repetition") || s.equals("impasse"))) return "draw";
        return "ongoing";
    }

    static String hash(String rules, String start, String moves) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update((rules + "\n" + start + "\n" + moves).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static LocalDate date(String s) {
        if (s == null || s.length() < 10) return null;
        try {
            return LocalDate.parse(s.substring(0, 10).replace('/', '-').replace('.', '-'));
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static String truncate(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

    private static String json(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
