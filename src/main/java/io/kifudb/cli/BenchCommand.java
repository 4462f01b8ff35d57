package io.kifudb.cli;

import io.kifudb.engine.Engine;
import io.kifudb.engine.Match;
import io.kifudb.engine.SearchLimits;
import io.kifudb.engine.SearchResult;
import io.kifudb.notation.RecordFormatException;
import io.kifudb.rules.Perft;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench}: the fixed benchmark. Perft from the start position under each Chu rule set, best of
 * several runs after a warm-up, with the bytes allocated per node (0 shows the generator allocates
 * nothing in its inner loop); then the search: a fixed depth on fixed positions (the start and middlegame
 * positions of the shipped lishogi games), nodes per second and bytes allocated per node.
 *
 * <p>{@code --tactics} runs the tactical suite instead ({@link TacticsSuite}); {@code --match N} plays
 * engine matches (against a random mover and against the engine at depth 1); {@code --mate FILE...} runs the
 * mate solver on mating problems ({@link MateBench}), with {@code --check-lines} it checks their published lines.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "fixed benchmark: perft and search speed (nodes/s), or the tactical suite, or engine matches")
public final class BenchCommand implements Callable<Integer> {
    /**
     * The search positions: the start, and positions of the games in
     * {@code kifu-corpus/chu/lishogi/lishogi-top-players-10.ndjson} (game id, ply) under chu-lishogi.
     * A test replays the games to check each SFEN.
     */
    static final List<String[]> SEARCH_POSITIONS = List.of(
            new String[] {"start", "0", RuleSet.CHU_LISHOGI.variant.startSfen},
            new String[] {"Lqyj1bLC", "40", "lfcsgekgsc1l/a1b1txot1bfa/mvrhd1d4r/1p1p1p2+INpp/p1pi2pp4/4p1n5/9P2/3IP2P4/PPPP1PP1POPP/MVR1D2D1RVM/A1B1T1XT1B1A/LFCSGKEGSCFL b - 41"},
            new String[] {"msxNDjN8", "80", "lfcqgek4l/a1bs1tothb1a/mvrhd1dg2r1/pp1p1scxpmv1/2pippppipfp/3n3P2p1/P5N1P2P/1P7P2/VMPPPPPBHVM1/2HBRDQDR3/A3TOXTF2A/LFCSGKEGSC1L b - 81"},
            new String[] {"hgNaEt5P", "120", "2q1gekog2l/2b1tddtsb1a/fvrhs3hr2/2mp1c1xp1v1/1ppippppi1m1/9p2/3I1PNHIcn1/1P2P1PP2fp/1MPP3BP1+p1/1V1RDQDR1M2/2BHTOXTC1VA/1FCSGKEGS1FL b - 121"},
            new String[] {"VoPpZxG5", "120", "2cs1ekgscf1/1f2gxot4/m1rhdt6/1v1ppq1hp+P2/2p2p6/1p1i1n1p2N1/12/1PPIPH2I3/L2P1P2P3/VC4DQ1HV1/2F1TOXT4/3SGKEGSCFL b - 121"},
            new String[] {"mU1oGkUg", "80", "l1csgekgscfl/a5ot3a/mvftdq3r1m/pp1p1pp1p2p/6b1i2h/1PPNP7/P2I8/7H2n1/3P1PP1P2P/1VR1D3TF1M/A1B1TOX4A/LFCSGKE1QC1L b - 81"},
            new String[] {"2u7dwJf9", "80", "lfc1gekq1cfl/a1b2x2ob1a/1vrhd2dhrv1/m2ttsgsn2m/ppp1pppppppp/8i3/PH5N1PPP/1P1iP2PI3/MVP2PPBPVM1/4RDQDR3/A1B1TOXTH2A/LFCSGKEGSCFL b - 81"});

    @Option(names = "--depth", defaultValue = "4", description = "perft depth (default ${DEFAULT-VALUE})")
    int depth;

    @Option(names = "--runs", defaultValue = "5", description = "timed perft runs per rule set, best is reported (default ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--search-depth", defaultValue = "9", description = "search depth per position (default ${DEFAULT-VALUE})")
    int searchDepth;

    @Option(names = "--threads", defaultValue = "1", description = "search threads (default ${DEFAULT-VALUE}; more than 1: lazy SMP)")
    int threads;

    @Option(names = "--no-perft", description = "skip the perft part")
    boolean noPerft;

    @Option(names = "--no-search", description = "skip the search part")
    boolean noSearch;

    @Option(names = "--tactics", description = "run the tactical suite (mates in 1 and 2 from the shipped mating problems) instead")
    boolean tactics;

    @Option(names = "--tactics-file", description = "the problems (default: kifu-corpus/chu/tsume/msm-tsume-AB-solutions.txt)")
    Path tacticsFile;

    @Option(names = "--max-mate", defaultValue = "2", description = "tactical suite: mates in 1 up to this many moves (default ${DEFAULT-VALUE})")
    int maxMate;

    @Option(names = "--movetime", defaultValue = "1000", description = "ms per tactical problem or per match move (default ${DEFAULT-VALUE})")
    long movetime;

    @Option(names = "--match", defaultValue = "0", description = "play N games against a random mover and N against the engine at depth 1, instead")
    int matchGames;

    @Option(names = "--match-depth", defaultValue = "0", description = "search depth per match move instead of --movetime")
    int matchDepth;

    @Option(names = "--rules", defaultValue = "chu-lishogi", converter = RuleSetConverter.class, description = "rule set of the matches (default ${DEFAULT-VALUE})")
    RuleSet matchRules;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the matches' random openings and random mover (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--verbose", description = "one line per problem or game")
    boolean verbose;

    @Option(names = "--mate", arity = "1..*", paramLabel = "FILE",
            description = "prove the mating problems of these files with the mate solver instead (--movetime and --nodes per problem)")
    List<Path> mateFiles;

    @Option(names = "--nodes", defaultValue = "0", description = "--mate: node limit per problem, 0 for none (default ${DEFAULT-VALUE})")
    long mateNodes;

    @Option(names = "--hash", paramLabel = "MB", description = "--mate: the solver's table size in MB (default 256)")
    Integer mateHash;

    @Option(names = "--check-lines", description = "--mate: check each problem's published line instead: every defence at each of its "
            + "defender turns searched for a mate within the plies left (--nodes per defence)")
    boolean checkLines;

    @Override
    public Integer call() throws IOException {
        String machine = String.format(Locale.ROOT, "%d cores, Java %s", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"));
        if (checkLines && (mateFiles == null || mateNodes <= 0)) {
            System.err.println("--check-lines checks the lines of --mate FILE... within --nodes N per defence: both are needed");
            return 2;
        }
        if (mateHash != null && (mateFiles == null || mateHash < 1)) {
            System.err.println("--hash sizes the mate solver's table: it needs --mate FILE... and at least 1 (MB)");
            return 2;
        }
        int hashMb = mateHash == null ? 256 : mateHash;
        if (mateFiles != null) {
            if (mateNodes < 0 || movetime < 0) {
                System.err.println("bench --mate: --nodes and --movetime must not be negative (0: no limit)");
                return 2;
            }
            // A file that cannot be read, or a line that is no problem, is the user's to fix: named, not a stack trace.
            try {
                return checkLines ? MateBench.checkLines(mateFiles, mateNodes, hashMb, verbose, machine)
                        : MateBench.run(mateFiles, movetime, mateNodes, hashMb, verbose, machine);
            } catch (RecordFormatException e) {
                System.err.println("bench --mate: " + e.source + " line " + e.line + ": " + e.getMessage());
                return 2;
            } catch (IOException e) {
                System.err.println("bench --mate: " + e.getMessage());
                return 2;
            }
        }
        if (tactics) return tactics(machine);
        if (matchGames > 0) return matches(machine);
        if (!noPerft) perft(machine);
        if (!noSearch) search(machine);
        return 0;
    }

    private void perft(String machine) {
        System.out.printf("# kifudb bench: perft(%d) from the start position, %s%n", depth, machine);
        System.out.println("# rules        nodes        best_ms   Mnodes/s   bytes/node");
        for (RuleSet rules : new RuleSet[] {RuleSet.CHU_LISHOGI, RuleSet.CHU, RuleSet.CHU_SDIN}) {
            Position pos = Position.start(rules);
            Perft perft = new Perft(depth);
            perft.count(pos, depth); // warm-up
            long best = Long.MAX_VALUE, nodes = 0, allocated = 0;
            for (int i = 0; i < runs; i++) {
                long a0 = allocatedBytes();
                long t0 = System.nanoTime();
                nodes = perft.count(pos, depth);
                long t = System.nanoTime() - t0;
                allocated = allocatedBytes() - a0;
                best = Math.min(best, t);
            }
            System.out.printf("%-12s %10d %10.1f %10.2f %12.3f%n", rules.id, nodes, best / 1e6,
                    nodes / (best / 1e9) / 1e6, allocated < 0 ? Double.NaN : (double) allocated / nodes);
        }
    }

    private void search(String machine) {
        System.out.printf("# kifudb bench: search to depth %d, %d thread(s), chu-lishogi, 64 MB table, %s%n",
                searchDepth, threads, machine);
        Engine engine = new Engine().threads(threads).hashMegabytes(64);
        // Warm-up, so the timed runs measure compiled code.
        engine.search(Position.start(RuleSet.CHU_LISHOGI), SearchLimits.depth(Math.min(searchDepth, 6)), null);
        System.out.println("# position        ply        nodes  wall_ms  knodes/s  cpu_ms  knodes/cpu_s  bytes/node  bestmove");
        long totalNodes = 0, totalNanos = 0, totalCpu = 0;
        for (String[] p : SEARCH_POSITIONS) {
            Position pos = Sfen.parse(RuleSet.CHU_LISHOGI, p[2]);
            engine.newGame();
            long a0 = allocatedBytes();
            long c0 = cpuNanos();
            long t0 = System.nanoTime();
            SearchResult r = engine.search(pos, SearchLimits.depth(searchDepth), null);
            long t = System.nanoTime() - t0;
            long cpu = cpuNanos() - c0;
            long allocated = allocatedBytes() - a0;
            totalNodes += r.nodes();
            totalNanos += t;
            totalCpu += cpu;
            System.out.printf(Locale.ROOT, "%-12s %6s %12d %8d %9.0f %7d %13.0f %11.3f  %s%n", p[0], p[1], r.nodes(), t / 1_000_000,
                    r.nodes() / (t / 1e9) / 1e3, cpu / 1_000_000, threads == 1 ? r.nodes() / (cpu / 1e9) / 1e3 : Double.NaN,
                    allocated < 0 ? Double.NaN : (double) allocated / r.nodes(), r.bestUsi());
        }
        System.out.printf(Locale.ROOT, "total               %12d %8d %9.0f %7d %13.0f%n", totalNodes, totalNanos / 1_000_000,
                totalNodes / (totalNanos / 1e9) / 1e3, totalCpu / 1_000_000,
                threads == 1 ? totalNodes / (totalCpu / 1e9) / 1e3 : Double.NaN);
        if (threads > 1) System.out.println("# with several threads only the wall-clock rate counts (cpu time is the main thread's)");
    }

    /** CPU time of this thread: on a machine busy with other work it shows the search's own speed. */
    private static long cpuNanos() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    private int tactics(String machine) throws IOException {
        Path file = tacticsFile != null ? tacticsFile : TacticsSuite.DEFAULT_FILE;
        List<TacticsSuite.Problem> problems = TacticsSuite.read(file);
        System.out.printf("# kifudb bench --tactics: %d problems of %s under chu, %d ms each, %d thread(s), %s%n",
                problems.size(), file, movetime, threads, machine);
        Engine engine = new Engine().threads(threads).hashMegabytes(64);
        for (int mateIn = 1; mateIn <= maxMate; mateIn++) {
            int solved = 0, total = 0;
            long solvedMs = 0;
            StringBuilder missed = new StringBuilder();
            for (TacticsSuite.Problem p : problems) {
                TacticsSuite.Outcome o = TacticsSuite.solve(engine, p, mateIn, movetime);
                if (o == null) continue;
                total++;
                if (o.solved()) {
                    solved++;
                    solvedMs += o.ms();
                } else {
                    missed.append(' ').append(o.id().replace(' ', '_'));
                }
                if (verbose)
                    System.out.printf("%-14s mate-in-%d %-8s %5d ms depth %2d %-12s %s%n", o.id(), mateIn,
                            o.solved() ? "solved" : "MISSED", o.ms(), o.depth(), o.bestMove(), o.score());
            }
            System.out.printf(Locale.ROOT, "mate in %d: %d/%d solved (%.1f%%), %.0f ms on average when solved%s%n", mateIn, solved,
                    total, total == 0 ? 0.0 : 100.0 * solved / total, solved == 0 ? 0.0 : (double) solvedMs / solved,
                    missed.length() == 0 ? "" : "; missed:" + missed);
        }
        return 0;
    }

    private int matches(String machine) {
        SearchLimits limits = matchDepth > 0 ? SearchLimits.depth(matchDepth) : SearchLimits.movetime(movetime);
        String label = matchDepth > 0 ? "depth " + matchDepth : movetime + " ms/move";
        System.out.printf("# kifudb bench --match: %d games per opponent, %s, engine at %s, 4 random opening plies,"
                + " draw after 600 plies, seed %d, %s%n", matchGames, matchRules.id, label, seed, machine);
        Match.Player engine = Match.engine("kifudb (" + label + ")", limits, 32);
        Match.GameListener games = verbose ? BenchCommand::printGame : null;
        Match.Result vsRandom = Match.play(matchRules, engine, Match.random(seed), matchGames, 4, 600, seed, games);
        System.out.println(vsRandom);
        Match.Player shallow = Match.engine("kifudb (depth 1)", SearchLimits.depth(1), 16);
        Match.Result vsShallow = Match.play(matchRules, engine, shallow, matchGames, 4, 600, seed + 1, games);
        System.out.println(vsShallow);
        return 0;
    }

    /** One game as a line: the engine's colour, the result, and the moves (for {@code check} to replay). */
    private static void printGame(Position end, boolean engineWasSente) {
        int[] history = end.history();
        Position p = Position.start(end.rules);
        StringBuilder moves = new StringBuilder();
        for (int m : history) {
            moves.append(moves.length() == 0 ? "" : " ").append(p.usi(m));
            p.make(m);
        }
        System.out.printf("engine %s: %s after %d plies: %s%n", engineWasSente ? "sente" : "gote", end.status(), history.length, moves);
    }

    private static long allocatedBytes() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t)
            return t.getThreadAllocatedBytes(Thread.currentThread().getId());
        return -1;
    }
}
