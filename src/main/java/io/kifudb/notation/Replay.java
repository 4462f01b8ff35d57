package io.kifudb.notation;

import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.SfenException;
import io.kifudb.rules.Status;

import java.util.ArrayList;
import java.util.List;

/** Replays a record's moves under a rule set, checking every one. */
public final class Replay {
    private Replay() {}

    /**
     * The outcome of a replay: the canonical moves that were legal, the final position and status, and
     * for a refused record the 1-based ply, the move as written and the reason.
     */
    public record Result(GameRecord record, RuleSet rules, List<String> canonicalMoves, Position finalPosition,
                         Status status, int errorPly, String errorMove, String error) {
        public boolean ok() {
            return error == null;
        }

        public int plies() {
            return canonicalMoves.size();
        }
    }

    public static Result replay(RuleSet rules, GameRecord record) {
        Position pos;
        try {
            pos = record.initialSfen() == null ? Position.start(rules) : Sfen.parse(rules, record.initialSfen());
        } catch (SfenException e) {
            return new Result(record, rules, List.of(), null, null, 0, null, "invalid start position: " + e.getMessage());
        }
        List<String> canonical = new ArrayList<>(record.moves().size());
        for (String usi : record.moves()) {
            Status st = pos.status();
            int ply = canonical.size() + 1;
            if (!st.isOngoing())
                return new Result(record, rules, canonical, pos, st, ply, usi, "the game is already over (" + st + ")");
            try {
                int m = pos.parseMove(usi);
                canonical.add(pos.usi(m));
                pos.make(m);
            } catch (IllegalMoveException e) {
                return new Result(record, rules, canonical, pos, st, ply, usi, e.getMessage());
            }
        }
        return new Result(record, rules, canonical, pos, pos.status(), 0, null, null);
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
