package io.kifudb.cli;

import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.SfenException;

/** Small helpers shared by the standalone commands. */
final class CliSupport {
    private CliSupport() {}

    /** The position after playing moves from sfen (or the start), or null after printing why not. */
    static Position position(RuleSet rules, String sfen, String moves) {
        try {
            Position pos = sfen == null ? Position.start(rules) : Sfen.parse(rules, sfen);
            if (moves != null) {
                int ply = 0;
                for (String m : moves.trim().split("\\s+")) {
                    if (m.isEmpty()) continue;
                    ply++;
                    try {
                        pos.play(m);
                    } catch (IllegalMoveException e) {
                        System.err.println("move " + ply + ": " + e.getMessage());
                        return null;
                    }
                }
            }
            return pos;
        } catch (SfenException e) {
            System.err.println("invalid SFEN: " + e.getMessage());
            return null;
        }
    }
}
