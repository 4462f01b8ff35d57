package io.kifudb.cli;

import io.kifudb.engine.Engine;
import io.kifudb.engine.SearchInfo;
import io.kifudb.engine.SearchLimits;
import io.kifudb.engine.SearchResult;
import io.kifudb.mate.MateLimits;
import io.kifudb.mate.MateResult;
import io.kifudb.mate.MateSolver;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code analyse}: one search of one position, printing USI-style {@code info} lines per completed depth
 * (mate scores in moves of the winner, as the API reports them) and then {@code bestmove}. With
 * {@code --mate}, the mate solver ({@link MateSolver}) instead: an {@code info} line per mate found (each
 * shorter than the last), then {@code bestmove}, or a line saying no mate was found.
 */
@Command(name = "analyse", mixinStandardHelpOptions = true,
        description = "analyse one position: info lines per completed depth, then bestmove",
        footer = {"Without --depth, --movetime or --nodes the search stops at depth 8.",
                "Scores are from the side to move's point of view: cp (centipawns, a Pawn worth 100 before tuning) or mate N (N moves of the winner;"
                        + " negative when the side to move loses). A position whose game is over prints"
                        + " 'info string game over: RESULT REASON' and 'bestmove (none)'.",
                "With --mate: proves a forced mate for the side to move (forcing moves only: checks, royal captures,"
                        + " tries), the shortest it can within the limits; --depth N looks for mates of at most N moves (N up to 512),"
                        + " --movetime and --nodes bound the work (without any limit: " + AnalyseCommand.DEFAULT_MATE_MS
                        + " ms). Prints 'info ... score mate N ... pv ...' per mate found, 'info string' whether a shorter"
                        + " one is ruled out, and 'bestmove'; or 'info string no mate ...' and 'bestmove (none)'."})
public final class AnalyseCommand implements Callable<Integer> {
    static final int DEFAULT_DEPTH = 8;
    static final long DEFAULT_MATE_MS = 30_000;
    /** The longest mate --mate --depth may ask for, in moves: the solver's default bound (2 * 512 - 1 plies). */
    static final int MAX_MATE_MOVES = (MateLimits.DEFAULT_MAX_PLIES + 1) / 2;

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

    @Option(names = "--mate", description = "prove a forced mate for the side to move with the mate solver instead of searching")
    boolean mate;

    @Override
    public Integer call() {
        Position pos = CliSupport.position(rules, sfen, moves);
        if (pos == null) return 2;
        if (depth < 0 || movetime < 0 || nodes < 0 || multipv < 1 || threads < 1 || hash < 1) {
            System.err.println("--depth, --movetime and --nodes must not be negative; --multipv, --threads and --hash at least 1");
            return 2;
        }
        if (mate) return mate(pos);
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

    /** {@code analyse --mate}: the solver's mates as USI info lines, then bestmove. */
    private int mate(Position pos) {
        if (multipv != 1 || threads != 1) {
            System.err.println("--mate searches one line with one thread: --multipv and --threads must be 1");
            return 2;
        }
        // The solver's own longest mate bounds --depth, as kifudb.analysis.max-mate-moves does the API's; unchecked,
        // 2 * depth overflows into a negative bound.
        if (depth > MAX_MATE_MOVES) {
            System.err.println("--mate --depth is the longest mate looked for in moves: at most " + MAX_MATE_MOVES + ", or 0 for no bound");
            return 2;
        }
        long ms = depth == 0 && movetime == 0 && nodes == 0 ? DEFAULT_MATE_MS : movetime;
        int maxPlies = depth == 0 ? MateLimits.DEFAULT_MAX_PLIES : 2 * depth;
        MateLimits limits = new MateLimits(nodes, ms, maxPlies, true);
        int[] reported = {0};
        MateResult r = new MateSolver(hash).solve(pos, limits, new AtomicBoolean(), p -> {
            if (p.matePlies() == 0 || p.matePlies() == reported[0]) return;
            reported[0] = p.matePlies();
            System.out.println(infoLine(p.matePlies(), p.mateMoves(), p.nodes(), p.timeMs(), p.hashfull(), p.line()));
            System.out.flush();
        });
        switch (r.outcome()) {
            case GAME_OVER -> {
                System.out.println("info string game over: " + r.gameOver());
                System.out.println("bestmove (none)");
            }
            case MATE -> {
                if (r.plies() != reported[0])
                    System.out.println(infoLine(r.plies(), r.mateMoves(), r.nodes(), r.timeMs(), r.hashfull(), r.line()));
                System.out.println("info string mate in " + r.mateMoves() + " (" + r.plies() + " plies), "
                        + (r.shortest() ? "no shorter mate by forcing moves" : "a shorter mate is not ruled out within the limits")
                        + "; nodes " + r.nodes() + " time " + r.timeMs());
                System.out.println("bestmove " + r.line().get(0));
            }
            case NO_MATE -> {
                System.out.println("info string no mate: no sequence of forcing moves mates within " + r.bound()
                        + " plies; nodes " + r.nodes() + " time " + r.timeMs());
                System.out.println("bestmove (none)");
            }
            case UNKNOWN -> {
                System.out.println("info string no mate found within limits; nodes " + r.nodes() + " time " + r.timeMs());
                System.out.println("bestmove (none)");
            }
        }
        return 0;
    }

    private static String infoLine(int plies, int moves, long nodes, long timeMs, int hashfull, List<String> line) {
        long nps = timeMs > 0 ? nodes * 1000 / timeMs : nodes;
        return "info depth " + plies + " seldepth " + plies + " score mate " + moves + " nodes " + nodes + " nps " + nps
                + " time " + timeMs + " hashfull " + hashfull + " pv " + String.join(" ", line);
    }
}
