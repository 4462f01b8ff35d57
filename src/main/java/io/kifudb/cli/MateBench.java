package io.kifudb.cli;

import io.kifudb.mate.MateLimits;
import io.kifudb.mate.MateResult;
import io.kifudb.mate.MateSolver;
import io.kifudb.mate.SolutionCheck;
import io.kifudb.notation.GameRecord;
import io.kifudb.notation.Records;
import io.kifudb.notation.RecordFormatException;
import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.SfenException;
import io.kifudb.rules.Status;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
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
    record Problem(String source, String id, RuleSet rules, String sfen, List<String> line) {
        int composerPlies() {
            return line.size();
        }
    }

    private MateBench() {}

    static List<Problem> read(Path file) throws IOException {
        List<Problem> out = new ArrayList<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (NoSuchFileException e) {
            throw new IOException(file + ": no such file", e);
        } catch (CharacterCodingException e) {
            throw new IOException(file + ": not UTF-8 text", e);
        } catch (IOException e) {
            // the JDK's own message does not say which file ("Is a directory")
            throw new IOException(file + ": " + (Files.isDirectory(file) ? "a directory, not a file of problems" : e.getMessage()), e);
        }
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
                out.add(new Problem(where, r.id() == null ? where : r.id(), rules, r.initialSfen(), List.copyOf(r.moves())));
                continue;
            }
            int open = line.indexOf('{'), close = line.indexOf('}');
            if (open < 0 || close < open) throw new RecordFormatException(file.toString(), i + 1, "expected 'SFEN {id} moves' or a JSON record");
            String rest = line.substring(close + 1).strip();
            out.add(new Problem(where, line.substring(open + 1, close).strip(), RuleSet.CHU, line.substring(0, open).strip(),
                    rest.isEmpty() ? List.of() : List.of(rest.split("\\s+"))));
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
        int mates = 0, noMate = 0, unknown = 0, shorter = 0, equal = 0, longer = 0, provedShortest = 0, bad = 0, published = 0, publishedNotMate = 0;
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
            // The composer's line is the yardstick the solver's length is compared with: replayed by the rules, it
            // must be legal and end in the attacker's win. (The solver checks its own line so: MateSolver.verifiedLine.)
            if (!p.line().isEmpty()) {
                published++;
                String wrong = replaysToWin(p, pos.sideToMove(), p.line());
                if (wrong != null) {
                    publishedNotMate++;
                    System.out.println("PUBLISHED LINE NOT A MATE " + p.id() + " (" + p.source() + "): " + wrong);
                }
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
        System.out.printf(Locale.ROOT, "published lines replayed by the rules: %d of %d end in the attacker's win%s%n", published - publishedNotMate,
                published, publishedNotMate == 0 ? "" : " (" + publishedNotMate + " do not: PUBLISHED LINE NOT A MATE above)");
        System.out.printf(Locale.ROOT, "time: %d ms wall, %d ms cpu, %d nodes (%.0f nodes per cpu-second); wall ms per solved problem: median %d, max %d%n",
                wallTotal, cpuTotal, nodesTotal, cpuTotal == 0 ? 0.0 : nodesTotal * 1000.0 / cpuTotal,
                solvedWall.isEmpty() ? 0 : solvedWall.get(solvedWall.size() / 2), solvedWall.isEmpty() ? 0 : solvedWall.get(solvedWall.size() - 1));
        return 0;
    }

    /**
     * Replays a line from the problem's position with the rules: null if every move is legal and the line ends
     * in a win for {@code attacker}, else what is wrong.
     */
    static String replaysToWin(Problem p, int attacker, List<String> line) {
        Position pos = Sfen.parse(p.rules(), p.sfen());
        for (int i = 0; i < line.size(); i++) {
            try {
                pos.play(line.get(i));
            } catch (IllegalMoveException e) {
                return "ply " + (i + 1) + " " + line.get(i) + ": " + e.getMessage();
            }
        }
        Status end = pos.status();
        if (end.isOngoing() || end.isDraw() || end.winner() != attacker)
            return "after " + line.size() + " plies the game is " + (end.isOngoing() ? "not over" : end.toString());
        return null;
    }

    /**
     * {@code bench --mate FILE... --check-lines}: each problem's published line against the solver. At every
     * defender turn of the line each defence is searched for a mate within the plies the line has left
     * (nodes per defence); a defence with none refutes the line as a mate of its length. Attacker moves that
     * are no forcing move are listed (the solver does not judge quiet moves). In the summary a published reply
     * is starred: it is refuted through a later defence the line leaves out.
     */
    static int checkLines(List<Path> files, long nodes, int hashMb, boolean verbose, String machine) throws IOException {
        List<Problem> problems = new ArrayList<>();
        for (Path f : files) problems.addAll(read(f));
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        System.out.printf(Locale.ROOT, "# kifudb bench --mate --check-lines: %d problems, %d nodes per defence, %d MB table, %s, load average %.1f%n",
                problems.size(), nodes, hashMb, machine, load);
        if (verbose) System.out.println("# id  ply  defence  published  outcome  plies_left  mate_plies  nodes");
        int sound = 0, refuted = 0, undecided = 0, withQuiet = 0, skipped = 0;
        long c0 = cpuNanos();
        StringBuilder refutedIds = new StringBuilder(), undecidedIds = new StringBuilder();
        for (Problem p : problems) {
            String id = p.id().replace(' ', '_');
            if (p.line().isEmpty()) {
                skipped++;
                continue;
            }
            SolutionCheck.Report report;
            try {
                report = SolutionCheck.check(Sfen.parse(p.rules(), p.sfen()), p.line(), nodes, hashMb);
            } catch (SfenException | IllegalMoveException e) {
                skipped++;
                System.out.println("SKIP " + p.id() + " (" + p.source() + "): " + e.getMessage());
                continue;
            }
            if (verbose) {
                for (SolutionCheck.Defence d : report.defences()) {
                    System.out.printf(Locale.ROOT, "%-12s %4d  %-10s %-3s %-8s %4d %4d %9d%n", id, d.ply(), d.move(), d.published() ? "*" : "",
                            d.outcome(), p.composerPlies() - d.ply(), d.plies(), d.nodes());
                }
            }
            if (!report.quietAttackerPlies().isEmpty()) withQuiet++;
            List<SolutionCheck.Defence> refutations = report.refutations();
            if (!refutations.isEmpty()) {
                refuted++;
                refutedIds.append(' ').append(id).append('(');
                for (int i = 0; i < refutations.size(); i++) {
                    SolutionCheck.Defence d = refutations.get(i);
                    refutedIds.append(i == 0 ? "" : ",").append(d.ply()).append(':').append(d.move()).append(d.published() ? "*" : "");
                }
                refutedIds.append(')');
            } else if (report.undecided()) {
                undecided++;
                undecidedIds.append(' ').append(id);
            } else {
                sound++;
            }
            if (!report.quietAttackerPlies().isEmpty()) {
                System.out.println("# " + id + ": attacker plies without a forcing move " + report.quietAttackerPlies());
            }
        }
        System.out.printf(Locale.ROOT, "lines checked %d: %d forced mates of their length by forcing moves, %d refuted%s, %d undecided within the limit%s; %d with quiet attacker moves; %d skipped%n",
                sound + refuted + undecided, sound, refuted, refutedIds.length() == 0 ? "" : ":" + refutedIds,
                undecided, undecidedIds.length() == 0 ? "" : ":" + undecidedIds, withQuiet, skipped);
        System.out.printf(Locale.ROOT, "time: %d ms cpu%n", (cpuNanos() - c0) / 1_000_000);
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
