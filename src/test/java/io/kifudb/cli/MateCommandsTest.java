package io.kifudb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.Status;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code analyse --mate} and {@code bench --mate}, run in-process as {@code main} would. */
class MateCommandsTest {
    /** Middle Shogi Manual B34 (kifu-corpus/chu/tsume): the composer mates in 4. */
    private static final String B34 = "5ex1+Pc2/6okt3/3s4X2+H/2+D9/3p+v1+Dpt3/12/12/2+a6q2/12/12/12/12 b - 1";

    private record Run(int code, String out, String err) {}

    private static Run run(String... args) {
        PrintStream oldOut = System.out, oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = Main.runStandalone(args);
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    @Test
    void analyseMatePrintsEachShorterMateThenTheBestMove() {
        Run r = run("analyse", "--rules", "chu", "--sfen", B34, "--mate", "--nodes", "400000");
        assertThat(r.code()).isZero();
        List<String> lines = r.out().lines().toList();
        List<String> infos = lines.stream().filter(l -> l.startsWith("info depth ")).toList();
        assertThat(infos).isNotEmpty();
        for (String info : infos)
            assertThat(info).matches("info depth (\\d+) seldepth \\1 score mate \\d+ nodes \\d+ nps \\d+ time \\d+ hashfull \\d+ pv .+");
        String last = infos.get(infos.size() - 1);
        List<String> pv = Arrays.asList(last.substring(last.indexOf(" pv ") + 4).split(" "));
        int mate = Integer.parseInt(last.split(" ")[7]);
        int plies = Integer.parseInt(last.split(" ")[2]);
        assertThat(mate).isLessThanOrEqualTo(4).isEqualTo((plies + 1) / 2);
        assertThat(pv.size()).isLessThanOrEqualTo(plies);
        assertThat(lines.get(lines.size() - 2)).startsWith("info string mate in " + mate + " (" + plies + " plies), no shorter mate by forcing moves");
        assertThat(lines.get(lines.size() - 1)).isEqualTo("bestmove " + pv.get(0));
        // The line is legal and ends in checkmate by the rules.
        Position p = Sfen.parse(RuleSet.CHU, B34);
        for (String m : pv) p.play(m);
        assertThat(p.status()).isEqualTo(Status.win(Position.SENTE, Status.Reason.CHECKMATE));
    }

    @Test
    void analyseMateWithoutAMateSaysSo() {
        Run r = run("analyse", "--rules", "chu", "--mate", "--nodes", "1000");
        assertThat(r.out().lines().toList()).containsExactly(
                r.out().lines().findFirst().orElseThrow(), "bestmove (none)");
        assertThat(r.out()).startsWith("info string no mate: no sequence of forcing moves mates within ");
        Run limited = run("analyse", "--rules", "chu", "--sfen", B34, "--mate", "--nodes", "10");
        assertThat(limited.out()).contains("info string no mate found within limits").endsWith("bestmove (none)\n");
    }

    @Test
    void analyseMateRefusesSeveralLinesOrThreads() {
        Run r = run("analyse", "--rules", "chu", "--sfen", B34, "--mate", "--multipv", "2");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--multipv and --threads must be 1");
    }

    @Test
    void analyseMateRefusesADepthBeyondTheLongestMateLookedFor() {
        // 2 * depth overflowed into a negative bound: a stack trace and exit code 1
        for (String depth : List.of("513", "1073741824", "2147483647")) {
            Run r = run("analyse", "--rules", "chu", "--sfen", B34, "--mate", "--depth", depth);
            assertThat(r.code()).as(depth).isEqualTo(2);
            assertThat(r.err()).as(depth).startsWith("--mate --depth is the longest mate looked for in moves: at most 512").doesNotContain("Exception");
            assertThat(r.out()).as(depth).isEmpty();
        }
        assertThat(run("analyse", "--rules", "chu", "--sfen", B34, "--mate", "--depth", "512", "--nodes", "1000").code()).isZero();
    }

    @Test
    void benchMateReportsEachProblemAndTheSummary(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("problems.ndjson");
        Files.writeString(file, String.join("\n",
                "# two problems: B34 of the Middle Shogi Manual as a JSON record, and a lone Rook that cannot mate",
                "{\"id\":\"B34\",\"rules\":\"chu\",\"initial_sfen\":\"" + B34 + "\",\"moves\":\"10d7d 8e7d 4c6a+ 5b6a 6e8c 7d8c 1c6c\"}",
                "12/12/7k4/12/12/12/12/12/12/5R6/12/12 b - 1 {rook}") + "\n");
        Run r = run("bench", "--mate", file.toString(), "--nodes", "400000", "--movetime", "600000", "--hash", "16", "--verbose");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("# kifudb bench --mate: 2 problems").contains(", 16 MB table,")
                .containsPattern("B34 +chu +7 +MATE +7 +true +equal")
                .containsPattern("rook +chu +0 +NO_MATE")
                .contains("solved 1/2: 0 shorter than the composer's line, 1 equal, 0 longer; shortest proved for 1")
                .contains("not solved: 1 proved without a mate by forcing moves, 0 at the limit: rook(no-mate)")
                .contains("published lines replayed by the rules: 1 of 1 end in the attacker's win").doesNotContain("LINE NOT A MATE");
        Run refused = run("bench", "--mate", file.toString(), "--hash", "0");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("--hash");
        // Only the solver has this table: without --mate the option is refused, not ignored.
        Run alone = run("bench", "--no-perft", "--hash", "512");
        assertThat(alone.code()).isEqualTo(2);
        assertThat(alone.err()).contains("--hash").contains("--mate");
    }

    @Test
    void benchMateReplaysThePublishedLineWithTheRules() {
        List<String> published = List.of("10d7d", "8e7d", "4c6a+", "5b6a", "6e8c", "7d8c", "1c6c");
        MateBench.Problem b34 = new MateBench.Problem("test", "B34", RuleSet.CHU, B34, published);
        // B34's published line (Middle Shogi Manual) ends in checkmate, sente (the attacker) to move at the start.
        assertThat(MateBench.replaysToWin(b34, Position.SENTE, published)).isNull();
        assertThat(MateBench.replaysToWin(b34, Position.GOTE, published)).contains("after 7 plies");
        // Cut short, the line leaves the game going on; a move that is not legal is named with its ply.
        assertThat(MateBench.replaysToWin(b34, Position.SENTE, published.subList(0, 5))).isEqualTo("after 5 plies the game is not over");
        assertThat(MateBench.replaysToWin(b34, Position.SENTE, List.of("10d7d", "8e7d", "4c6a+", "4c6a"))).startsWith("ply 4 4c6a: ");
    }

    @Test
    void benchMateRefusesWhatItCannotReadNamingTheFileAndLine(@TempDir Path dir) throws IOException {
        // each of these was an uncaught exception: a stack trace and exit code 1
        Path garbage = dir.resolve("garbage.txt");
        Files.writeString(garbage, "# one problem, then a line that is none\n12/12/7k4/12/12/12/12/12/12/5R6/12/12 b - 1 {rook}\nnot a problem\n");
        Run r = run("bench", "--mate", garbage.toString(), "--nodes", "1000");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("bench --mate: " + garbage + " line 3: expected 'SFEN {id} moves' or a JSON record").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
        Path rules = dir.resolve("rules.ndjson");
        Files.writeString(rules, "{\"id\":\"x\",\"rules\":\"go\",\"initial_sfen\":\"" + B34 + "\",\"moves\":\"\"}\n");
        r = run("bench", "--mate", rules.toString(), "--nodes", "1000");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("bench --mate: " + rules + " line 1: unknown rule set 'go'");
        for (Path unreadable : List.of(dir.resolve("missing.txt"), dir)) {
            r = run("bench", "--mate", unreadable.toString(), "--nodes", "1000");
            assertThat(r.code()).as(unreadable.toString()).isEqualTo(2);
            assertThat(r.err()).as(unreadable.toString()).startsWith("bench --mate: " + unreadable + ": ").doesNotContain("Exception");
        }
        for (String option : List.of("--nodes", "--movetime")) {
            r = run("bench", "--mate", garbage.toString(), option, "-5");
            assertThat(r.code()).as(option).isEqualTo(2);
            assertThat(r.err()).as(option).contains(option).contains("must not be negative").doesNotContain("Exception");
            assertThat(r.out()).as(option).isEmpty();
        }
    }

    @Test
    void benchMateCheckLinesJudgesEachPublishedLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("lines.txt");
        // B34's line is sound. Its first five plies as a line of their own claim a mate in 5 plies, but B34's
        // shortest mate is 7 plies (the solver proves it, see above), so some defence refutes the short line.
        Files.writeString(file, String.join("\n",
                B34 + " {B34} 10d7d 8e7d 4c6a+ 5b6a 6e8c 7d8c 1c6c",
                B34 + " {B34-cut} 10d7d 8e7d 4c6a+ 5b6a 6e8c") + "\n");
        Run r = run("bench", "--mate", file.toString(), "--check-lines", "--nodes", "100000", "--verbose");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("# kifudb bench --mate --check-lines: 2 problems, 100000 nodes per defence")
                .containsPattern("B34 +6 +7d8c +\\* +MATE")
                .contains("lines checked 2: 1 forced mates of their length by forcing moves, 1 refuted: B34-cut(");
        Run refused = run("bench", "--mate", file.toString(), "--check-lines");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("--check-lines").contains("--nodes");
    }
}
