package io.kifudb.cli;

import io.kifudb.rules.Perft;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code perft}: leaf counts of the canonical legal-move tree, depth by depth. */
@Command(name = "perft", mixinStandardHelpOptions = true,
        description = "count the leaves of the legal-move tree (canonical moves; an ended game has none)",
        footer = "Prints one line per depth: DEPTH NODES MILLIS.")
public final class PerftCommand implements Callable<Integer> {
    @Option(names = "--rules", required = true, converter = RuleSetConverter.class, description = "rule set id, e.g. chu")
    RuleSet rules;

    @Option(names = "--sfen", description = "start position (default: the rule set's start)")
    String sfen;

    @Option(names = "--moves", description = "USI moves to play first, space-separated")
    String moves;

    @Option(names = "--depth", required = true, description = "deepest depth to count")
    int depth;

    @Override
    public Integer call() {
        Position pos = CliSupport.position(rules, sfen, moves);
        if (pos == null) return 2;
        if (depth < 1 || depth > 12) {
            System.err.println("--depth must be between 1 and 12");
            return 2;
        }
        Perft perft = new Perft(depth);
        for (int d = 1; d <= depth; d++) {
            long t0 = System.nanoTime();
            long nodes = perft.count(pos, d);
            System.out.println(d + " " + nodes + " " + (System.nanoTime() - t0) / 1_000_000);
        }
        return 0;
    }
}
