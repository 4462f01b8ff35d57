package io.kifudb.notation;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.SfenException;
import io.kifudb.rules.Status;

import java.util.List;

/** Replays a record's moves under a rule set, checking every one. */
public final class Replay {
    private Replay() {}

    /**
     * The outcome of a replay: the canonical moves that were legal, the final position and status, and
     * for a refused record the 1-based ply, the move as written, the line where it is written and the
     * reason. Ply 0 means the record has no usable start position (nothing could be replayed).
     */
    public record Result(GameRecord record, RuleSet rules, List<String> canonicalMoves, Position finalPosition,
                         Status status, int errorPly, String errorMove, int errorLine, String error) {
        public boolean ok() {
            return error == null;
        }

        public int plies() {
            return canonicalMoves.size();
        }
    }

    /**
     * Replays the record's moves with the rules, each checked before it is played, up to the first that
     * is not legal; a record its reader stopped in ({@link GameRecord#stop()}) stops there after the moves
     * before it.
     */
    public static Result replay(RuleSet rules, GameRecord record) {
        Position pos;
        try {
            pos = record.initialSfen() == null ? Position.start(rules) : Sfen.parse(rules, record.initialSfen());
        } catch (SfenException e) {
            return new Result(record, rules, List.of(), null, null, 0, null, record.startLine(), "invalid start position: " + e.getMessage());
        }
        MovePlayer player = new MovePlayer(pos);
        List<String> moves = record.moves();
        for (int i = 0; i < moves.size() && player.play(moves.get(i), record.moveLine(i)); i++) { }
        MoveError stop = player.stop();
        if (stop == null && record.stop() != null) {
            // The reader could not read this ply as a legal move, so it read none after it.
            MoveError s = record.stop();
            player.refuse(s.move(), s.line(), s.reason());
            stop = player.stop();
        }
        if (stop == null) return new Result(record, rules, player.canonicalMoves(), pos, pos.status(), 0, null, 0, null);
        return new Result(record, rules, player.canonicalMoves(), pos, pos.status(), stop.ply(), stop.move(), stop.line(),
                stop.message());
    }

    /** Maps lishogi's status keyword to the reason our rules give for that ending, or null if the rules do not decide it. */
    public static Status.Reason lishogiReason(String status) {
        if (status == null) return null;
        return switch (status) {
            case "royalsLost", "kingslost" -> Status.Reason.ROYAL_CAPTURED;
            case "bareKing", "bareking" -> Status.Reason.BARE_KING;
            case "repetition" -> Status.Reason.REPETITION;
            case "perpetualCheck" -> Status.Reason.PERPETUAL_CHECK;
            case "stalemate" -> Status.Reason.NO_LEGAL_MOVE;
            default -> null; // resign, timeout, agreed draw ... are not decided by the rules
        };
    }

    /**
     * lishogi's status keyword for an ending our rules decided, the inverse of {@link #lishogiReason}
     * ({@code mate} for checkmate, lishogi's keyword for shogi), or null where lishogi has no keyword of
     * its own (perpetual attack, royals only, ply limit).
     */
    public static String lishogiStatus(Status.Reason reason) {
        if (reason == null) return null;
        return switch (reason) {
            case ROYAL_CAPTURED -> "royalsLost";
            case BARE_KING -> "bareKing";
            case REPETITION -> "repetition";
            case PERPETUAL_CHECK -> "perpetualCheck";
            case NO_LEGAL_MOVE -> "stalemate";
            case CHECKMATE -> "mate";
            case PERPETUAL_ATTACK, ROYALS_ONLY, PLY_LIMIT, TRY, ROYAL_TRY, KING_EXIT -> null;
        };
    }
}
