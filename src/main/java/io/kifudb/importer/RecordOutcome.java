package io.kifudb.importer;

import io.kifudb.notation.RecordFiles;

/**
 * What became of one record of a bulk import.
 *
 * @param seq    1-based position of the record in the import
 * @param gameId the stored game (imported, or the copy a duplicate matched)
 * @param plies  legal plies stored (0 unless imported)
 * @param ply    failed: the ply that is illegal (0: the record could not be read at all);
 *               imported leniently: the ply where the legal prefix stops; else null
 * @param move   that ply's move as written, if any
 * @param reason why, or null for a clean import or a duplicate
 */
public record RecordOutcome(int seq, String source, int line, Kind kind, Long gameId, int plies, Integer ply, String move, String reason) {
    public enum Kind {
        IMPORTED, DUPLICATE, FAILED;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    static RecordOutcome unreadable(int seq, RecordFiles.Item item) {
        return new RecordOutcome(seq, item.source(), item.line(), Kind.FAILED, null, 0, 0, null, item.error());
    }

    static RecordOutcome of(int seq, RecordFiles.Item item, GameImporter.Outcome out) {
        var replay = out.replay();
        return switch (out.kind()) {
            case FAILED -> new RecordOutcome(seq, item.source(), item.line(), Kind.FAILED, null, 0, replay.errorPly(), replay.errorMove(), replay.error());
            case DUPLICATE -> new RecordOutcome(seq, item.source(), item.line(), Kind.DUPLICATE, out.game().id, 0, null, null, null);
            case IMPORTED -> replay.ok()
                    ? new RecordOutcome(seq, item.source(), item.line(), Kind.IMPORTED, out.game().id, out.game().plies, null, null, null)
                    : new RecordOutcome(seq, item.source(), item.line(), Kind.IMPORTED, out.game().id, out.game().plies,
                            replay.errorPly(), replay.errorMove(), "stored up to ply " + (replay.errorPly() - 1) + "; " + replay.error());
        };
    }
}
