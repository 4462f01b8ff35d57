package io.kifudb.cli;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.kifudb.importer.GameImporter;
import io.kifudb.store.Game;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The {@code import} command against the test database: folders walked, every record checked, a summary. */
@QuarkusTest
class ImportCommandTest {
    @Inject
    GameImporter importer;

    private record Run(int code, String out, String err) {}

    private Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = new CommandLine(new ImportCommand(importer, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false)).execute(args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Transactional
    long games() {
        return Game.count();
    }

    @Test
    void importsAFolderRecursivelyAndReportsTheRecordsItRefuses(@TempDir Path dir) throws Exception {
        Path nested = Files.createDirectories(dir.resolve("a/b"));
        Files.copy(Path.of("kifu-corpus/chu/historical/hist3.csg"), nested.resolve("hist3.csg"));
        Files.copy(Path.of("kifu-corpus/chu/historical/hist4.csg"), dir.resolve("hist4.csg"));
        Files.writeString(dir.resolve("notes.txt"), "not a record: a .txt file is not read when walking a folder");
        Path broken = dir.resolve("broken.usi");
        Files.writeString(broken, "7i7h 5d5e 7h7g 6d6e 7g7f 6e6f 7f6f\n");
        long before = games();

        Run r = run(dir.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("FAILED " + broken + " line 1, ply 7: illegal move 7f6f: the Pawn on 7f cannot move to 6f");
        assertThat(r.err()).contains("import: 100% 3/3 files");
        assertThat(r.out()).matches("(?s)imported \\d+, duplicates \\d+, failed 1 \\(3 records in 3 files; .*plies/s\\)\\n");
        long imported = Long.parseLong(r.out().replaceAll("(?s)imported (\\d+),.*", "$1"));
        assertThat(games() - before).isEqualTo(imported);
        // hist3 has 259 plies, hist4 233: both are stored (now, or by an earlier test).
        given().queryParam("rules", "chu").queryParam("size", 200).when().get("/api/games").then()
                .body("games.findAll { it.plies == 259 || it.plies == 233 }.size()", org.hamcrest.Matchers.greaterThanOrEqualTo(2));

        // A second run stores nothing new: every good record is a duplicate.
        Run again = run(dir.resolve("a").toString(), dir.resolve("hist4.csg").toString());
        assertThat(again.code()).isZero();
        assertThat(again.out()).startsWith("imported 0, duplicates 2, failed 0 (2 records in 2 files;");
    }

    @Test
    void aFolderReachedThroughALinkIsWalkedAndAFailedRecordOfSeveralIsNamedByItsNumber(@TempDir Path dir) throws Exception {
        // the records live in one folder, the command is given a link to it (as kifu-corpus may be a link)
        Path real = Files.createDirectories(dir.resolve("real"));
        Path games = real.resolve("games.usi");
        // record 2 (line 3, after a comment line) has an illegal 7th ply: the Pawn on 7f moved sideways
        Files.writeString(games, "7i7h 5d5e\n# a comment\n7i7h 5d5e 7h7g 6d6e 7g7f 6e6f 7f6f\n");
        Path link = Files.createSymbolicLink(dir.resolve("linked"), real);
        Run r = run("--rules", "chu", link.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("FAILED " + link.resolve("games.usi") + " record 2 line 3, ply 7: illegal move 7f6f");
        assertThat(r.out()).contains("failed 1 (2 records in 1 files;");
    }

    @Test
    void aMissingPathIsAUsageErrorAndImportsNothing(@TempDir Path dir) {
        long before = games();
        Run r = run(Path.of("kifu-corpus/chu/historical/hist6.csg").toString(), dir.resolve("nope").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("no such file or folder");
        assertThat(games()).isEqualTo(before);
    }

    @Test
    void rulesAndLenientOptionsApply(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("partial.usi");
        Files.writeString(f, "7i7h 5d5e 7h7g 6d6e 7g7f 6e6f 7f6f\n");
        Run r = run("--rules", "chu", "--lenient", f.toString());
        assertThat(r.code()).isZero();
        assertThat(r.err()).contains("PARTIAL " + f + " line 1: stored up to ply 6");
        given().queryParam("rules", "chu").queryParam("size", 200).when().get("/api/games").then()
                .body("games.find { it.stoppedPly == 7 && it.plies == 6 }.moves.size()", equalTo(6));
    }
}
