package io.kifudb.importer;

import io.kifudb.notation.RecordFiles;

/**
 * What became of one record of a bulk import.
 *
 * @param seq    1-based position of the record in the import
 * @param source the file (zip entries as {@code archive.zip!/entry})
 * @param line   the line of the file where the failing move (or field) is written: for a refused record
 *               the ply that is not legal, or where reading failed; for a lenient import the ply where the
 *               stored prefix stops; else the line where the record begins
 * @param record 1-based number of the record in its file (0 when the file as a whole could not be read)
 * @param gameId the stored game (imported, or the copy a duplicate matched)
 * @param plies  legal plies stored (0 unless imported)
 * @param ply    failed: the ply that is not a legal move (0: the record is refused as a whole: unreadable,
 *               or without moves); imported leniently: the ply where the legal prefix stops; else null
 * @param move   that ply's move as written, if any
 * @param reason why, or null for a clean import or a duplicate
 */
public record RecordOutcome(int seq, String source, int line, int record, Kind kind, Long gameId, int plies, Integer ply,
                            String move, String reason) {
    public enum Kind {
        IMPORTED, DUPLICATE, FAILED;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    static RecordOutcome unreadable(int seq, RecordFiles.Item item) {
        return new RecordOutcome(seq, item.source(), item.line(), item.number(), Kind.FAILED, null, 0, 0, null, item.error());
    }

    static RecordOutcome of(int seq, RecordFiles.Item item, GameImporter.Outcome out) {
        var replay = out.replay();
        return switch (out.kind()) {
            case FAILED -> {
                GameImporter.Refusal r = out.refusal();
                yield new RecordOutcome(seq, item.source(), r.line(), item.number(), Kind.FAILED, null, 0, r.ply(), r.move(), r.reason());
            }
            case DUPLICATE -> new RecordOutcome(seq, item.source(), item.line(), item.number(), Kind.DUPLICATE, out.game().id, 0, null, null, null);
            case IMPORTED -> replay.ok()
                    ? new RecordOutcome(seq, item.source(), item.line(), item.number(), Kind.IMPORTED, out.game().id, out.game().plies,
                            null, null, null)
                    : new RecordOutcome(seq, item.source(), replay.errorLine(), item.number(), Kind.IMPORTED, out.game().id,
                            out.game().plies, replay.errorPly(), replay.errorMove(),
                            "stored up to ply " + (replay.errorPly() - 1) + "; " + replay.error());
        };
    }
}
