package io.kifudb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The standalone commands, run in-process as {@code main} would (no Quarkus boot). */
class StandaloneCommandsTest {
    private static final String START = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

    private record Run(int code, String out) {}

    private static Run run(String stdin, String... args) {
        PrintStream oldOut = System.out;
        InputStream oldIn = System.in;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            if (stdin != null) System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            int code = Main.runStandalone(args);
            return new Run(code, buf.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setIn(oldIn);
        }
    }

    @Test
    void perftPrintsOneLinePerDepth() {
        Run r = run(null, "perft", "--rules", "chu", "--depth", "3");
        assertThat(r.code()).isZero();
        assertThat(r.out().lines().map(l -> l.split(" ")[0] + " " + l.split(" ")[1]).toList())
                .containsExactly("1 36", "2 1296", "3 48315");
    }

    @Test
    void movesBatchUsesTheOracleLineFormat() {
        Run r = run(START + "\n\nnot an sfen\n", "moves", "--rules", "chu-lishogi");
        assertThat(r.code()).isEqualTo(1);
        String[] lines = r.out().split("\n");
        assertThat(lines).hasSize(2);
        String[] cols = lines[0].split("\t");
        assertThat(cols[0]).isEqualTo(START);
        assertThat(cols[1]).isEqualTo("36");
        assertThat(cols[2].split(" ")).hasSize(36).isSorted();
        assertThat(lines[1]).startsWith("not an sfen\tERROR\t");
    }

    @Test
    void movesOfAnEndedGameAreEmpty() {
        // Sente to move has no royal: lost under chu-lishogi, so no moves; under chu it plays on.
        String sfen = "5k6/12/5N6/12/12/12/12/12/12/12/12/12 b - 1";
        assertThat(run(null, "moves", "--rules", "chu-lishogi", sfen).out()).isEqualTo(sfen + "\t0\t\n");
        // Lion in the open: 8 steps, 16 jumps (one takes the King) and one pass.
        assertThat(run(null, "moves", "--rules", "chu", sfen).out().split("\t")[1]).isEqualTo("25");
    }

    @Test
    void checkReportsEachRecord(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("games.txt");
        Files.writeString(f, String.join("\n",
                "7i7h 5d5e",
                "{\"id\":\"x\",\"initial_sfen\":\"" + START + "\",\"moves\":\"7i7h 5d5e 7h7g 5e5f 7g7f 5f5g 7f7e 5g5h 7e7d\"}",
                "7i7h 7h7g 6d6e",
                "{\"moves\": 3}"));
        Run r = run(null, "check", "--rules", "chu", f.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out().lines().toList()).containsExactly(
                "OK 2 ongoing",
                "OK 9 ongoing",
                "ERROR 2 illegal move 7h7g: the piece on 7h is not gote's",
                "ERROR 0 line 4: field 'moves' must be a string");
    }

    @Test
    void checkReadsEveryFormatOfTheCorpusAndWalksFolders() {
        // KIF (Shift_JIS or UTF-8, 129 plies), six CSG games and the lishogi NDJSON, by walking the folder;
        // each file's default rule set applies (KIF/CSG: chu, lishogi: chu-lishogi).
        Run r = run(null, "check", "kifu-corpus/chu");
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(1 + 6 + 10);
        assertThat(lines).allMatch(l -> l.startsWith("OK "));
        // The KIF game ends in checkmate (a rule of chu), hist1.csg is unfinished.
        assertThat(r.code()).isZero();
        assertThat(lines).contains("OK 327 ongoing", "OK 129 sente checkmate", "OK 103 draw repetition");
        // The same folder under chu: two lishogi games are over earlier (checkmate) and fail there.
        Run chu = run(null, "check", "--rules", "chu", "kifu-corpus/chu/lishogi");
        assertThat(chu.code()).isEqualTo(1);
        assertThat(chu.out().lines().filter(l -> l.startsWith("ERROR")).toList()).containsExactly(
                "ERROR 80 the game is already over (sente checkmate)", "ERROR 617 the game is already over (gote checkmate)");
    }

    @Test
    void checkReadsAZipAndNamesTheFileOfEachBadRecord(@TempDir Path dir) throws Exception {
        Path zip = dir.resolve("games.zip");
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new java.util.zip.ZipEntry("a/hist2.csg"));
            out.write(Files.readAllBytes(Path.of("kifu-corpus/chu/historical/hist2.csg")));
            out.putNextEntry(new java.util.zip.ZipEntry("b/broken.usi"));
            out.write("7i7h 5d5e 7h7g 6d6e 7g7f 6e6f 7f6f\n".getBytes(StandardCharsets.UTF_8));
        }
        Path missing = dir.resolve("missing.kif");
        Run r = run(null, "check", zip.toString(), missing.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out().lines().toList()).containsExactly(
                "ERROR 0 " + missing + ": no such file or folder",
                "OK 160 ongoing",
                "ERROR 7 " + zip + "!/b/broken.usi line 1: illegal move 7f6f: the Pawn on 7f cannot move to 6f");
    }

    @Test
    void analysePrintsInfoPerDepthThenALegalBestMove() {
        Run r = run(null, "analyse", "--rules", "chu-lishogi", "--moves", "7i7h 6d6e", "--depth", "3", "--multipv", "2");
        assertThat(r.code()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.stream().filter(l -> l.startsWith("info depth ")).map(l -> l.split(" ")[2] + "/" + l.split(" ")[6]).toList())
                .containsExactly("1/1", "1/2", "2/1", "2/2", "3/1", "3/2");
        assertThat(lines.get(0)).matches("info depth 1 seldepth \\d+ multipv 1 score (cp|mate) -?\\d+ nodes \\d+ nps \\d+ time \\d+ hashfull \\d+ pv .+");
        String best = lines.get(lines.size() - 1);
        assertThat(best).startsWith("bestmove ");
        io.kifudb.rules.Position p = io.kifudb.rules.Position.start(io.kifudb.rules.RuleSet.CHU_LISHOGI);
        p.play("7i7h");
        p.play("6d6e");
        assertThat(p.legalMoves()).contains(p.parseMove(best.substring(9)));
    }

    @Test
    void analyseOfAFinishedGameGivesNoMove() {
        Run r = run(null, "analyse", "--rules", "chu-lishogi", "--sfen", "5k6/12/5N6/12/12/12/12/12/12/12/12/12 b - 1");
        assertThat(r.code()).isZero();
        assertThat(r.out().lines().toList()).containsExactly("info string game over: gote royal-captured", "bestmove (none)");
    }

    @Test
    void analyseMateScoresCountMovesOfTheWinner() {
        // The rook takes the King: a win in 1 move.
        Run r = run(null, "analyse", "--rules", "chu", "--sfen", "11k/3g8/12/12/11R/12/12/12/12/12/6G5/5K6 b - 1", "--depth", "2");
        assertThat(r.out()).contains(" score mate 1 ");
    }

    @Test
    void usiAnswersTheHandshakeOnStdin() {
        Run r = run("usi\nisready\nquit\n", "usi");
        assertThat(r.code()).isZero();
        assertThat(r.out().lines().toList()).contains("usiok", "readyok").anyMatch(l -> l.startsWith("id name kifudb"));
    }

    @Test
    void helpListsTheEngineCommands() {
        assertThat(run(null, "help").out()).contains("analyse", "usi", "bench");
    }

    @Test
    void selfplayWritesRecordsThatCheckReadsAndRepeatsWithTheSeed(@TempDir Path dir) throws Exception {
        String[] args = {"selfplay", "--rules", "dai13-kumazawa", "--games", "2", "--nodes", "200", "--max-plies", "30", "--seed", "9"};
        Run a = run(null, args), b = run(null, args);
        assertThat(a.code()).isZero();
        assertThat(a.out()).isEqualTo(b.out());
        List<String> lines = a.out().lines().toList();
        assertThat(lines).hasSize(2);
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        for (String l : lines) {
            var o = json.readTree(l);
            assertThat(o.get("rules").asText()).isEqualTo("dai13-kumazawa");
            assertThat(o.get("event").asText()).contains("self-play", "200 nodes");
            assertThat(o.get("engine").get("nodes").asInt()).isEqualTo(200);
        }
        Path f = dir.resolve("games.ndjson");
        Files.writeString(f, a.out());
        Run check = run(null, "check", f.toString());
        assertThat(check.code()).isZero();
        assertThat(check.out().lines()).hasSize(2).allMatch(l -> l.startsWith("OK "));
    }

    @Test
    void unknownRuleSetIsAUsageError() {
        assertThat(run(null, "perft", "--rules", "shogi", "--depth", "1").code()).isEqualTo(2);
    }
}
