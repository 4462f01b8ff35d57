package io.kifudb.cli;

import io.kifudb.engine.Engine;
import io.kifudb.engine.SearchInfo;
import io.kifudb.engine.SearchLimits;
import io.kifudb.engine.SearchResult;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code analyse}: one search of one position, printing USI-style {@code info} lines per completed depth
 * (mate scores in moves of the winner, as the API reports them) and then {@code bestmove}.
 */
@Command(name = "analyse", mixinStandardHelpOptions = true,
        description = "analyse one position: info lines per completed depth, then bestmove",
        footer = {"Without --depth, --movetime or --nodes the search stops at depth 8.",
                "Scores are from the side to move's point of view: cp (pawn = 100) or mate N (N moves of the winner;"
                        + " negative when the side to move loses). A position whose game is over prints"
                        + " 'info string game over: RESULT REASON' and 'bestmove (none)'."})
public final class AnalyseCommand implements Callable<Integer> {
    static final int DEFAULT_DEPTH = 8;

    @Option(names = "--rules", required = true, converter = RuleSetConverter.class, description = "rule set id, e.g. chu")
    RuleSet rules;

    @Option(names = "--sfen", description = "position (default: the rule set's start)")
    String sfen;

    @Option(names = "--moves", description = "USI moves to play first, space-separated")
    String moves;

    @Option(names = "--depth", defaultValue = "0", description = "deepest iteration")
    int depth;

    @Option(names = "--movetime", defaultValue = "0", description = "time limit in ms")
    long movetime;

    @Option(names = "--nodes", defaultValue = "0", description = "node limit")
    long nodes;

    @Option(names = "--multipv", defaultValue = "1", description = "number of best moves to report, each with its line (default ${DEFAULT-VALUE})")
    int multipv;

    @Option(names = "--threads", defaultValue = "1", description = "search threads (default ${DEFAULT-VALUE})")
    int threads;

    @Option(names = "--hash", defaultValue = "64", description = "transposition table size in MB (default ${DEFAULT-VALUE})")
    int hash;

    @Override
    public Integer call() {
        Position pos = CliSupport.position(rules, sfen, moves);
        if (pos == null) return 2;
        if (depth < 0 || movetime < 0 || nodes < 0 || multipv < 1 || threads < 1 || hash < 1) {
            System.err.println("--depth, --movetime and --nodes must not be negative; --multipv, --threads and --hash at least 1");
            return 2;
        }
        int d = depth == 0 && movetime == 0 && nodes == 0 ? DEFAULT_DEPTH : depth;
        Engine engine = new Engine().threads(threads).hashMegabytes(hash).multiPv(multipv);
        SearchResult r = engine.search(pos, new SearchLimits(d, movetime, nodes, null, false), lines -> {
            for (SearchInfo l : lines) System.out.println(l.usiLine(false));
            System.out.flush();
        });
        if (r.gameOver() != null) System.out.println("info string game over: " + r.gameOver());
        System.out.println("bestmove " + (r.hasMove() ? r.bestUsi() : "(none)"));
        return 0;
    }
}
