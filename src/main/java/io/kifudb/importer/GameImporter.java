package io.kifudb.importer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.notation.GameRecord;
import io.kifudb.notation.RecordFiles;
import io.kifudb.notation.Replay;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.store.Game;
import io.kifudb.store.GameStored;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    /** Longest record accepted (the default also holds where the importer is made without CDI, as in the fuzz target). */
    @ConfigProperty(name = "kifudb.import.max-plies", defaultValue = "10000")
    int maxPlies = 10_000;

    /**
     * What became of one record: the game stored (or the copy a duplicate matched), the replay, and for a
     * refused record why.
     */
    public record Outcome(Kind kind, Game game, Replay.Result replay, Refusal refusal) {
        public enum Kind { IMPORTED, DUPLICATE, FAILED }
    }

    /**
     * Why a record is not stored.
     *
     * @param type   what kind of refusal (the API answers each with its own problem type)
     * @param ply    the ply that is not a legal move, or 0 when the record is refused as a whole
     * @param move   that ply as the record writes it, or null
     * @param line   the line of the file where that ply (or else the record) is written
     * @param reason why, for people
     */
    public record Refusal(Type type, int ply, String move, int line, String reason) {
        public enum Type {
            /** Ply {@code ply} is not a legal move (strict import; or lenient, with no legal ply before it to keep). */
            ILLEGAL_MOVE,
            /** The start position the record names is not a position of the rule set. */
            INVALID_START,
            /** No moves, and no start position of its own: there is no game to store. */
            NO_MOVES,
            /** More plies than {@code kifudb.import.max-plies}. */
            TOO_LONG
        }
    }

    /**
     * Imports one item of a bulk import: an unreadable item or one whose rule set is unknown fails
     * without touching the database; a storage error fails that record alone.
     */
    public RecordOutcome importItem(int seq, RecordFiles.Item item, boolean lenient) {
        if (!item.readable()) return RecordOutcome.unreadable(seq, item);
        try {
            return RecordOutcome.of(seq, item, importRecord(item.rules(), item.record(), lenient));
        } catch (RuntimeException e) {
            // e.g. a concurrent import stored the same game first (unique content hash): this record's
            // transaction rolled back; report it and go on with the others.
            return new RecordOutcome(seq, item.source(), item.line(), item.number(), RecordOutcome.Kind.FAILED, null, 0, 0, null,
                    "could not be stored: " + rootMessage(e));
        }
    }

    private static String rootMessage(Throwable e) {
        while (e.getCause() != null) e = e.getCause();
        return truncate(String.valueOf(e.getMessage()), 400);
    }

    /**
     * A batch after the rules have checked it, nothing written yet: the outcomes of the records refused
     * so far, and the games to store. Checking touches no database, so a bulk import checks the next batch
     * on another thread while this one is stored.
     */
    public static final class CheckedBatch {
        private final int firstSeq;
        private final List<RecordFiles.Item> items;
        private final boolean lenient;
        private final RecordOutcome[] outcomes;
        private final List<Integer> toStore = new ArrayList<>();
        private final List<Checked> checked = new ArrayList<>();

        private CheckedBatch(int firstSeq, List<RecordFiles.Item> items, boolean lenient) {
            this.firstSeq = firstSeq;
            this.items = items;
            this.lenient = lenient;
            this.outcomes = new RecordOutcome[items.size()];
        }

        /** Before {@link #store}: the outcome of item {@code i} if it was refused, else null (it is to be stored). */
        public RecordOutcome refused(int i) {
            return toStore.contains(i) ? null : outcomes[i];
        }

        /** Before {@link #store}: the game row (not saved yet) item {@code i} is to be stored as, or null if refused. */
        public Game toStore(int i) {
            int k = toStore.indexOf(i);
            return k < 0 ? null : checked.get(k).game();
        }
    }

    /** Checks a batch with the rules engine (no database). */
    public CheckedBatch check(int firstSeq, List<RecordFiles.Item> items, boolean lenient) {
        CheckedBatch b = new CheckedBatch(firstSeq, items, lenient);
        for (int i = 0; i < items.size(); i++) {
            RecordFiles.Item item = items.get(i);
            if (!item.readable()) {
                b.outcomes[i] = RecordOutcome.unreadable(firstSeq + i, item);
                continue;
            }
            Checked c = check(item.rules(), item.record(), lenient);
            if (c.game() == null) {
                b.outcomes[i] = RecordOutcome.of(firstSeq + i, item, new Outcome(Outcome.Kind.FAILED, null, c.replay(), c.refusal()));
            } else {
                b.toStore.add(i);
                b.checked.add(c);
            }
        }
        return b;
    }

    /**
     * Stores a checked batch in one transaction, for speed, with the same outcome as {@link #importItem}
     * one by one: if the shared transaction fails (a storage error, a concurrent import of the same game)
     * it is rolled back and the records are imported again one transaction each, so only the culprit fails.
     */
    public List<RecordOutcome> store(CheckedBatch b) {
        return store(b, outcomes -> {});
    }

    /**
     * {@link #store(CheckedBatch)}, with {@code sameTransaction} called in the transaction that stores the
     * records, with their outcomes, before it commits: a bulk import job writes the outcomes and its
     * checkpoint there, so that what is stored and what the job says it stored never differ. When the shared
     * transaction fails, it is called once per record, in that record's transaction (a record that could not
     * be stored: in one of its own). If it throws, its transaction rolls back and the exception is passed on.
     */
    public List<RecordOutcome> store(CheckedBatch b, java.util.function.Consumer<List<RecordOutcome>> sameTransaction) {
        RuntimeException[] fromCaller = new RuntimeException[1];
        try {
            return QuarkusTransaction.requiringNew().call(() -> {
                List<Outcome> stored = b.checked.isEmpty() ? List.of() : storeAll(b.checked);
                RecordOutcome[] outcomes = b.outcomes.clone();
                for (int k = 0; k < b.toStore.size(); k++) {
                    int i = b.toStore.get(k);
                    outcomes[i] = RecordOutcome.of(b.firstSeq + i, b.items.get(i), stored.get(k));
                }
                List<RecordOutcome> all = Arrays.asList(outcomes);
                callerPart(sameTransaction, all, fromCaller);
                return all;
            });
        } catch (RuntimeException e) {
            if (fromCaller[0] != null) throw fromCaller[0];
        }
        // One record at a time: each stored (or refused) with its own outcome.
        RecordOutcome[] outcomes = b.outcomes.clone();
        for (int i = 0; i < b.items.size(); i++) {
            int at = i;
            RecordFiles.Item item = b.items.get(i);
            try {
                outcomes[i] = QuarkusTransaction.requiringNew().call(() -> {
                    RecordOutcome o = outcomes[at] != null ? outcomes[at]
                            : RecordOutcome.of(b.firstSeq + at, item, importRecord(item.rules(), item.record(), b.lenient));
                    callerPart(sameTransaction, List.of(o), fromCaller);
                    return o;
                });
            } catch (RuntimeException e) {
                if (fromCaller[0] != null) throw fromCaller[0];
                // e.g. a concurrent import stored the same game first (unique content hash): this record's
                // transaction rolled back; report it and go on with the others.
                RecordOutcome failed = new RecordOutcome(b.firstSeq + at, item.source(), item.line(), item.number(), RecordOutcome.Kind.FAILED,
                        null, 0, 0, null, "could not be stored: " + rootMessage(e));
                QuarkusTransaction.requiringNew().run(() -> callerPart(sameTransaction, List.of(failed), fromCaller));
                outcomes[i] = failed;
            }
        }
        return Arrays.asList(outcomes);
    }

    private static void callerPart(java.util.function.Consumer<List<RecordOutcome>> part, List<RecordOutcome> outcomes, RuntimeException[] thrown) {
        try {
            part.accept(outcomes);
        } catch (RuntimeException e) {
            thrown[0] = e;
            throw e;
        }
    }

    /**
     * @param rules   the rule set to judge the record under (already resolved: request, record, format default)
     * @param lenient store the legal prefix of a broken record, marking where and why it stops
     */
    @Transactional
    public Outcome importRecord(RuleSet rules, GameRecord record, boolean lenient) {
        Checked c = check(rules, record, lenient);
        if (c.game() == null) return new Outcome(Outcome.Kind.FAILED, null, c.replay(), c.refusal());
        return storeAll(List.of(c)).get(0);
    }

    /** A record after the rules have checked it: the game to store (unsaved), or null and why when refused. */
    private record Checked(Replay.Result replay, Game game, Refusal refusal) {
        static Checked refused(Replay.Result replay, Refusal refusal) {
            return new Checked(replay, null, refusal);
        }
    }

    /** Replays the record and builds its game row; touches no database. */
    private Checked check(RuleSet rules, GameRecord record, boolean lenient) {
        String tooLong = tooLong(record);
        if (tooLong != null)
            return Checked.refused(null, new Refusal(Refusal.Type.TOO_LONG, maxPlies + 1, record.moves().get(maxPlies),
                    record.moveLine(maxPlies), tooLong));
        Replay.Result r = Replay.replay(rules, record);
        Refusal refusal = refusal(r, lenient);
        if (refusal != null) return Checked.refused(r, refusal);
        // The start parsed (replay succeeded that far), so write it back in canonical SFEN.
        String start = record.initialSfen() == null ? rules.variant.startSfen : Sfen.parse(rules, record.initialSfen()).sfen();
        String moves = String.join(" ", r.canonicalMoves());
        Game g = new Game();
        g.rules = rules.id;
        g.kind = record.kind().id;
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
        g.contentHash = hash(rules.id, start, moves);
        return new Checked(r, g, null);
    }

    /**
     * Why a replayed record is not stored, or null when it is (whole, or with {@code lenient} its legal
     * prefix): a start position that is none of the rule set's; a record with no moves that starts from
     * the rule set's start (every such record would be the same empty game; only a record that names a
     * start of its own is a position worth keeping); an illegal ply, unless {@code lenient} and there is a
     * legal prefix (or a position of its own) to keep.
     */
    public static Refusal refusal(Replay.Result r, boolean lenient) {
        if (r.finalPosition() == null) return new Refusal(Refusal.Type.INVALID_START, 0, null, r.errorLine(), r.error());
        boolean nothingToKeep = r.plies() == 0 && ownStart(r) == null;
        if (r.ok() && nothingToKeep)
            return new Refusal(Refusal.Type.NO_MOVES, 0, null, r.record().line(), "the record has no moves and starts from the "
                    + r.rules().id + " start position, so there is no game to store; a record without moves must name the "
                    + "position it records (initialSfen)");
        if (!r.ok() && (!lenient || nothingToKeep))
            return new Refusal(Refusal.Type.ILLEGAL_MOVE, r.errorPly(), r.errorMove(), r.errorLine(),
                    r.error() + (lenient ? " (no legal ply before it to keep)" : ""));
        return null;
    }

    /** The start the record names, canonical, when it is not the rule set's start position; else null. */
    private static String ownStart(Replay.Result r) {
        if (r.record().initialSfen() == null) return null;
        String start = Sfen.parse(r.rules(), r.record().initialSfen()).sfen();
        return start.equals(Position.start(r.rules()).sfen()) ? null : start;
    }

    /**
     * Stores checked games in the current transaction, skipping those already stored (or stored
     * earlier in the same list): one query finds the duplicates of the whole list.
     */
    private List<Outcome> storeAll(List<Checked> checked) {
        List<String> hashes = checked.stream().map(c -> c.game().contentHash).distinct().toList();
        Map<String, Game> known = new HashMap<>();
        for (Game g : Game.<Game>list("contentHash in ?1", hashes)) known.put(g.contentHash, g);
        List<Outcome> out = new ArrayList<>(checked.size());
        Instant now = Instant.now();
        for (Checked c : checked) {
            Game existing = known.get(c.game().contentHash);
            if (existing != null) {
                out.add(new Outcome(Outcome.Kind.DUPLICATE, existing, c.replay(), null));
                continue;
            }
            Game g = c.game();
            g.createdAt = now;
            g.persist();
            known.put(g.contentHash, g);
            stored.fire(new GameStored(g));
            out.add(new Outcome(Outcome.Kind.IMPORTED, g, c.replay(), null));
        }
        return out;
    }

    /** Why the record is refused for its length ({@code kifudb.import.max-plies}), or null if it is not. */
    public String tooLong(GameRecord record) {
        if (record.moves().size() <= maxPlies) return null;
        return "the record has " + record.moves().size() + " plies; at most " + maxPlies + " are accepted (kifudb.import.max-plies)";
    }

    /** The record's own result where the rules did not decide one (resignation, agreement, time). */
    private static String recordedResult(GameRecord record) {
        String w = record.recordedWinner();
        if ("sente".equals(w) || "gote".equals(w)) return w;
        String s = record.recordedStatus();
        // move-limit: a self-play game cut at its ply limit, adjudicated a draw
        if (s != null && (s.equals("draw") || s.equals("repetition") || s.equals("impasse") || s.equals("move-limit"))) return "draw";
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
