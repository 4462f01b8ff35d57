package io.kifudb.cli;

import io.kifudb.mate.MateLimits;
import io.kifudb.mate.MateResult;
import io.kifudb.mate.MateSolver;
import io.kifudb.notation.GameRecord;
import io.kifudb.notation.Records;
import io.kifudb.notation.RecordFormatException;
import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.SfenException;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench --mate FILE...}: the mate solver on mating problems with known solutions. Each problem is
 * solved from its start position under its rule set ({@code chu} unless the record names one) within the
 * given time and node limits; its solution's length (plies) is the composer's, to compare with.
 *
 * <p>Files: one problem per line, either {@code SFEN {id} moves...} (the historical problem lists) or a JSON
 * record ({@code id}, {@code rules}, {@code initial_sfen}, {@code moves}, as the shipped problem collections);
 * blank lines and lines starting with {@code #} are skipped.
 */
final class MateBench {
    /** One problem: where it comes from, its position and rule set, and the length of its known solution. */
    record Problem(String source, String id, RuleSet rules, String sfen, int composerPlies) {}

    private MateBench() {}

    static List<Problem> read(Path file) throws IOException {
        List<Problem> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        int record = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            record++;
            String where = file.getFileName() + ":" + (i + 1);
            if (line.startsWith("{")) {
                GameRecord r = Records.readJsonLine(file.toString(), i + 1, record, line);
                RuleSet rules = r.rules() == null ? RuleSet.CHU : RuleSet.byId(r.rules());
                if (rules == null) throw new RecordFormatException(file.toString(), i + 1, "unknown rule set '" + r.rules() + "'");
                out.add(new Problem(where, r.id() == null ? where : r.id(), rules, r.initialSfen(), r.moves().size()));
                continue;
            }
            int open = line.indexOf('{'), close = line.indexOf('}');
            if (open < 0 || close < open) throw new RecordFormatException(file.toString(), i + 1, "expected 'SFEN {id} moves' or a JSON record");
            String rest = line.substring(close + 1).strip();
            out.add(new Problem(where, line.substring(open + 1, close).strip(), RuleSet.CHU, line.substring(0, open).strip(),
                    rest.isEmpty() ? 0 : Arrays.asList(rest.split("\\s+")).size()));
        }
        return out;
    }

    /** Solves every problem of the files and prints one line each (with verbose) and the summary. */
    static int run(List<Path> files, long movetimeMs, long nodes, int hashMb, boolean verbose, String machine) throws IOException {
        List<Problem> problems = new ArrayList<>();
        for (Path f : files) problems.addAll(read(f));
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        System.out.printf(Locale.ROOT, "# kifudb bench --mate: %d problems, %s per problem, %d MB table, %s, load average %.1f%n",
                problems.size(), limitText(movetimeMs, nodes), hashMb, machine, load);
        if (verbose) System.out.println("# id  rules  composer_plies  outcome  plies  shortest  vs_composer  nodes  wall_ms  cpu_ms  line");
        MateSolver solver = new MateSolver(hashMb);
        int mates = 0, noMate = 0, unknown = 0, shorter = 0, equal = 0, longer = 0, provedShortest = 0, bad = 0;
        long wallTotal = 0, cpuTotal = 0, nodesTotal = 0;
        List<Long> solvedWall = new ArrayList<>();
        StringBuilder notSolved = new StringBuilder(), longerIds = new StringBuilder();
        for (Problem p : problems) {
            Position pos;
            try {
                pos = Sfen.parse(p.rules(), p.sfen());
            } catch (SfenException | IllegalMoveException e) {
                bad++;
                System.out.println("SKIP " + p.id() + " (" + p.source() + "): " + e.getMessage());
                continue;
            }
            long c0 = cpuNanos(), t0 = System.nanoTime();
            MateResult r = solver.solve(pos, new MateLimits(nodes, movetimeMs, MateLimits.DEFAULT_MAX_PLIES, true));
            long wall = (System.nanoTime() - t0) / 1_000_000, cpu = (cpuNanos() - c0) / 1_000_000;
            wallTotal += wall;
            cpuTotal += cpu;
            nodesTotal += r.nodes();
            String versus = "";
            switch (r.outcome()) {
                case MATE -> {
                    mates++;
                    solvedWall.add(wall);
                    if (r.shortest()) provedShortest++;
                    if (r.plies() < p.composerPlies()) {
                        shorter++;
                        versus = "shorter";
                    } else if (r.plies() == p.composerPlies()) {
                        equal++;
                        versus = "equal";
                    } else {
                        longer++;
                        versus = "LONGER";
                        longerIds.append(' ').append(p.id().replace(' ', '_'));
                    }
                }
                case NO_MATE -> {
                    noMate++;
                    notSolved.append(' ').append(p.id().replace(' ', '_')).append("(no-mate)");
                }
                default -> {
                    unknown++;
                    notSolved.append(' ').append(p.id().replace(' ', '_')).append(r.outcome() == MateResult.Outcome.GAME_OVER ? "(game-over)" : "(limit)");
                }
            }
            if (verbose)
                System.out.printf(Locale.ROOT, "%-12s %-5s %4d  %-8s %4d  %-5s %-8s %9d %7d %7d  %s%n", p.id().replace(' ', '_'), p.rules().id,
                        p.composerPlies(), r.outcome(), r.plies(), r.shortest(), versus, r.nodes(), wall, cpu, String.join(" ", r.line()));
        }
        int total = problems.size() - bad;
        solvedWall.sort(null);
        System.out.printf(Locale.ROOT, "solved %d/%d: %d shorter than the composer's line, %d equal, %d longer%s; shortest proved for %d%n",
                mates, total, shorter, equal, longer, longerIds.length() == 0 ? "" : " (" + longerIds.toString().strip() + ")", provedShortest);
        System.out.printf(Locale.ROOT, "not solved: %d proved without a mate by forcing moves, %d at the limit%s%n", noMate, unknown,
                notSolved.length() == 0 ? "" : ":" + notSolved);
        System.out.printf(Locale.ROOT, "time: %d ms wall, %d ms cpu, %d nodes (%.0f nodes per cpu-second); wall ms per solved problem: median %d, max %d%n",
                wallTotal, cpuTotal, nodesTotal, cpuTotal == 0 ? 0.0 : nodesTotal * 1000.0 / cpuTotal,
                solvedWall.isEmpty() ? 0 : solvedWall.get(solvedWall.size() / 2), solvedWall.isEmpty() ? 0 : solvedWall.get(solvedWall.size() - 1));
        return 0;
    }

    private static String limitText(long movetimeMs, long nodes) {
        if (movetimeMs > 0 && nodes > 0) return movetimeMs + " ms or " + nodes + " nodes";
        if (nodes > 0) return nodes + " nodes";
        return movetimeMs + " ms";
    }

    private static long cpuNanos() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }
}
