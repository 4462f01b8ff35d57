package io.kifudb.api;

import io.kifudb.index.Order;
import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.SfenException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The query parameters that name a position ({@code rules}, {@code sfen}, {@code play}) and page a
 * list ({@code page}, {@code size}, {@code sort}), read the same way by every resource, with the same
 * problems when they are wrong.
 */
final class PositionArgs {
    static final int MAX_SIZE = 200;
    /**
     * Deepest hit a page may reach: a page costs a sort over (page + 1) * size hits, so arbitrarily deep
     * pages would let one request hold that much memory.
     */
    static final int MAX_WINDOW = 100_000;

    private PositionArgs() {}

    /** A position and the moves (canonical) played to reach it from the given SFEN. */
    record Resolved(RuleSet rules, Position position, List<String> played) {}

    /** A rule set that must be given: there is no default (design: never a silent default). */
    static RuleSet requiredRules(String id) {
        return requiredRules(id, "query parameter");
    }

    /** @param where what {@code rules} is in this request: "query parameter" or "body field" */
    static RuleSet requiredRules(String id, String where) {
        if (id == null || id.isBlank())
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Missing rule set", "the " + where + " 'rules' is required")
                    .withField("rules");
        return RulesResource.ruleSet(id);
    }

    /** Parses the SFEN (default: the rule set's start) and plays the comma- or space-separated moves on it. */
    static Resolved resolve(RuleSet rules, String sfen, String play) {
        return resolve(rules, sfen, play, "play");
    }

    /** @param playField the name the request gives the moves ({@code play} in queries, {@code moves} in bodies) */
    static Resolved resolve(RuleSet rules, String sfen, String play, String playField) {
        List<String> moves = play == null || play.isBlank() ? List.of()
                : Arrays.stream(play.split("[,\\s]+")).filter(s -> !s.isEmpty()).toList();
        return play(rules, sfen, moves, playField);
    }

    /**
     * A body's {@code moves} array: each element is one move, at the ply of its place. Not split like a query's
     * {@code play}: an element holding two moves, or none, is refused at its own ply rather than read as the
     * moves it might mean.
     */
    static Resolved resolve(RuleSet rules, String sfen, List<String> moves) {
        return play(rules, sfen, moves == null ? List.of() : moves, "moves");
    }

    private static Resolved play(RuleSet rules, String sfen, List<String> moves, String field) {
        Position pos;
        try {
            pos = sfen == null || sfen.isBlank() ? Position.start(rules) : Sfen.parse(rules, sfen);
        } catch (SfenException e) {
            throw ProblemException.badRequest(Problem.INVALID_SFEN, "Invalid SFEN", e.getMessage()).withField("sfen");
        }
        List<String> played = new ArrayList<>();
        for (String usi : moves) {
            int ply = played.size() + 1;
            if (usi == null)
                throw ProblemException.badRequest(Problem.ILLEGAL_MOVE, "Illegal move", "ply " + ply + ": a move is a USI string, not null")
                        .withPly(ply).withField(field);
            try {
                played.add(pos.usi(pos.play(usi)));
            } catch (IllegalMoveException e) {
                throw ProblemException.badRequest(Problem.ILLEGAL_MOVE, "Illegal move", "ply " + ply + ": " + e.getMessage())
                        .withPly(ply).withMove(usi).withField(field);
            }
        }
        return new Resolved(rules, pos, played);
    }

    static void checkPage(int page, int size) {
        if (page < 0) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad page", "page must be 0 or more").withField("page");
        if (size < 1 || size > MAX_SIZE)
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad size", "size must be 1 to " + MAX_SIZE).withField("size");
        if ((long) (page + 1) * size > MAX_WINDOW)
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Page too deep",
                    "page and size reach beyond hit " + MAX_WINDOW + "; narrow the position or sort the other way").withField("page");
    }

    static Order order(String sort) {
        try {
            return Order.parse(sort);
        } catch (IllegalArgumentException e) {
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad sort", e.getMessage()).withField("sort");
        }
    }
}
