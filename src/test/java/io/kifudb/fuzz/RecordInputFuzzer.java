package io.kifudb.fuzz;

import io.kifudb.importer.GameImporter;
import io.kifudb.notation.Csg;
import io.kifudb.notation.GameRecord;
import io.kifudb.notation.Kif;
import io.kifudb.notation.LishogiRecords;
import io.kifudb.notation.RecordFiles;
import io.kifudb.notation.RecordFormatException;
import io.kifudb.notation.Records;
import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.SfenException;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The fuzz target (Jazzer's {@code fuzzerTestOneInput}) for everything that reads text sent by users:
 * the record readers (KIF/KI2, CSG, lishogi USI lines and NDJSON, our JSON), the whole bulk-import path
 * (format and charset detection, zip archives) and SFEN positions with USI moves.
 *
 * <p>The first byte of an input picks the {@link Target}, the second a rule set, the rest is the text.
 * Each target calls what the REST API calls for that input, up to the point where the database would be
 * written, and accepts only the failures the API answers with a 4xx ({@link RecordFormatException},
 * {@link SfenException}, {@link IllegalMoveException}) or a record refused by the rules. Any other throwable
 * is a finding: it would have been a 500 or a failed import job. Hangs are caught by the fuzzer's
 * per-input timeout.
 */
public final class RecordInputFuzzer {
    private RecordInputFuzzer() {}

    /** What one input exercises. */
    public enum Target {
        /** Bytes as a bulk import reads a file: zip or text, charset and format detected. */
        FILE,
        /** {@code POST /api/games}: one text, format detected. */
        DETECTED_TEXT,
        KIF,
        CSG,
        LISHOGI,
        SFEN;

        byte selector() {
            return (byte) ordinal();
        }
    }

    private static final List<RuleSet> RULE_SETS = RuleSet.all();

    /** An input for a target: selector byte, rule-set byte, payload. */
    public static byte[] input(Target target, RuleSet rules, byte[] payload) {
        byte[] in = new byte[payload.length + 2];
        in[0] = target.selector();
        in[1] = (byte) Math.max(0, RULE_SETS.indexOf(rules));
        System.arraycopy(payload, 0, in, 2, payload.length);
        return in;
    }

    public static void fuzzerTestOneInput(byte[] input) {
        if (input.length < 2) return;
        Target target = Target.values()[Math.floorMod(input[0], Target.values().length)];
        RuleSet rules = RULE_SETS.get(Math.floorMod(input[1], RULE_SETS.size()));
        byte[] payload = Arrays.copyOfRange(input, 2, input.length);
        String text = new String(payload, StandardCharsets.UTF_8);
        switch (target) {
            case FILE -> importFile(payload, (input[1] & 0x80) != 0 ? rules : null, (input[1] & 0x40) != 0);
            case DETECTED_TEXT -> replayAll(rules, () -> Records.read("fuzz", text, rules));
            case KIF -> replayAll(rules, () -> Kif.read("fuzz", Kif.decode(payload), rules));
            case CSG -> replayAll(rules, () -> Csg.read("fuzz", text, null));
            case LISHOGI -> replayAll(rules, () -> LishogiRecords.read("fuzz", text));
            case SFEN -> positionAndMoves(rules, text);
        }
    }

    /** A bulk import of one file, checked as ImportJobs checks a batch, leniently or not. */
    private static void importFile(byte[] bytes, RuleSet requested, boolean lenient) {
        List<RecordFiles.Item> items = RecordFiles.read("fuzz.bin", bytes, requested,
                new RecordFiles.Limits(1_000, 1L << 20));
        new GameImporter().check(1, items, lenient);
    }

    private interface Reader {
        List<GameRecord> read();
    }

    private static void replayAll(RuleSet rules, Reader reader) {
        List<GameRecord> records;
        try {
            records = reader.read();
        } catch (RecordFormatException refused) {
            return;
        }
        List<RecordFiles.Item> items = records.stream()
                .map(r -> new RecordFiles.Item(r.source(), r.line(), r.record(), r, rules, null)).toList();
        new GameImporter().check(1, items, true);
    }

    /** {@code ?sfen=…&play=…}: the position, its moves played one by one, then what the API reports. */
    private static void positionAndMoves(RuleSet rules, String text) {
        String[] parts = text.split("\n", 2);
        Position pos;
        try {
            pos = Sfen.parse(rules, parts[0]);
        } catch (SfenException refused) {
            return;
        }
        // What we write must read back as the same position.
        String written = pos.sfen();
        Position again = Sfen.parse(rules, written);
        if (again.key() != pos.key() || !again.sfen().equals(written))
            throw new IllegalStateException("SFEN does not round-trip: '" + parts[0] + "' -> '" + written + "' -> '" + again.sfen() + "'");
        pos.status();
        pos.legalMoves();
        if (parts.length < 2) return;
        for (String usi : parts[1].trim().split("[\\s,]+")) {
            if (usi.isEmpty() || !pos.status().isOngoing()) return;
            try {
                int move = pos.parseMove(usi);
                pos.usi(move);
                pos.make(move);
            } catch (IllegalMoveException refused) {
                return;
            }
            pos.legalMoves();
        }
    }
}
