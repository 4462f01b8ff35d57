package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.fuzz.FuzzSeeds;
import io.kifudb.fuzz.RecordInputFuzzer;
import io.kifudb.rules.RuleSet;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Broken input over real HTTP: the inputs the fuzzer once found, and damaged copies of real records
 * (bytes flipped, cut, spliced, lines dropped; seeded, so every run sends the same ones), sent to every
 * endpoint that reads a record or a position. Each answer is a 2xx or a 4xx problem, never a 5xx; a
 * refused record stores nothing, and what a bulk import reports as imported is exactly what was added.
 * (The coverage-guided fuzzing with a million inputs is {@code tools/fuzz}; this is its end-to-end check.)
 */
@QuarkusTest
class BadInputTest {
    private static final int MUTANTS_PER_TARGET = 40;

    private static long storedGames() {
        return given().when().get("/api/games?size=1").then().statusCode(200).extract().jsonPath().getLong("total");
    }

    /** Seeds of one target, damaged, as payloads (selector and rule-set bytes removed). */
    private static List<byte[]> mutants(RecordInputFuzzer.Target target, long seed) {
        List<byte[]> payloads = FuzzSeeds.build(Path.of(".")).stream()
                .filter(s -> s[0] == (byte) target.ordinal()).map(s -> Arrays.copyOfRange(s, 2, s.length))
                .filter(p -> p.length < 64 * 1024).toList();
        Random random = new Random(seed);
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < MUTANTS_PER_TARGET; i++) {
            byte[] p = payloads.get(random.nextInt(payloads.size())).clone();
            out.add(damage(p, payloads.get(random.nextInt(payloads.size())), random));
        }
        return out;
    }

    private static byte[] damage(byte[] p, byte[] other, Random random) {
        if (p.length == 0) return p;
        switch (random.nextInt(5)) {
            case 0 -> { // flip a few bytes
                for (int k = 0; k < 1 + random.nextInt(4); k++) p[random.nextInt(p.length)] ^= (byte) (1 << random.nextInt(8));
                return p;
            }
            case 1 -> { // cut anywhere, even inside a multi-byte character
                return Arrays.copyOf(p, random.nextInt(p.length));
            }
            case 2 -> { // splice the tail of another record in
                int at = random.nextInt(p.length), from = random.nextInt(Math.max(1, other.length));
                byte[] out = Arrays.copyOf(p, at + other.length - from);
                System.arraycopy(other, from, out, at, other.length - from);
                return out;
            }
            case 3 -> { // drop a line
                List<String> lines = new ArrayList<>(Arrays.asList(new String(p, StandardCharsets.UTF_8).split("\n", -1)));
                if (lines.size() > 1) lines.remove(random.nextInt(lines.size()));
                return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
            }
            default -> { // a digit becomes another digit (coordinates, counts, run lengths)
                for (int k = 0; k < p.length; k++) {
                    int i = random.nextInt(p.length);
                    if (p[i] >= '0' && p[i] <= '9') {
                        p[i] = (byte) ('0' + random.nextInt(10));
                        break;
                    }
                }
                return p;
            }
        }
    }

    private static void assertClientError(Response r, String what) {
        assertThat(r.statusCode()).as(what + ": " + r.asString()).isLessThan(500);
        if (r.statusCode() >= 400) assertThat(r.contentType()).as(what).startsWith("application/problem+json");
    }

    @Test
    void brokenRecordsPostedOneByOneAreRefusedWithoutStoringAnything() throws IOException {
        List<byte[]> bodies = new ArrayList<>();
        for (RecordInputFuzzer.Target t : List.of(RecordInputFuzzer.Target.DETECTED_TEXT, RecordInputFuzzer.Target.KIF,
                RecordInputFuzzer.Target.CSG, RecordInputFuzzer.Target.LISHOGI))
            bodies.addAll(mutants(t, t.ordinal()));
        for (byte[] finding : regressions()) bodies.add(Arrays.copyOfRange(finding, 2, finding.length));
        int refused = 0;
        for (byte[] body : bodies) {
            long before = storedGames();
            // chu-sdin: no other test stores games under it, so a mutant equal to a corpus game changes no other test's answer
            Response r = given().contentType("text/plain; charset=UTF-8").body(body).queryParam("rules", "chu-sdin")
                    .when().post("/api/games");
            assertClientError(r, "POST /api/games");
            long after = storedGames();
            if (r.statusCode() == 201) assertThat(after).isEqualTo(before + 1);
            else assertThat(after).as("a refused or duplicate record stores nothing").isEqualTo(before);
            if (r.statusCode() >= 400) refused++;
        }
        // the damage is real: most of these records are refused
        assertThat(refused).isGreaterThan(bodies.size() / 2);
    }

    @Test
    void aBulkImportOfBrokenFilesReportsEveryRecordAndStoresOnlyTheGoodOnes() throws Exception {
        RequestSpecification request = given().queryParam("rules", "chu-sdin");
        int files = 0;
        for (RecordInputFuzzer.Target t : List.of(RecordInputFuzzer.Target.FILE, RecordInputFuzzer.Target.LISHOGI)) {
            for (byte[] file : mutants(t, 100 + t.ordinal())) request = request.multiPart("files", "damaged-" + files++ + ".bin", file, "application/octet-stream");
        }
        long before = storedGames();
        long id = request.when().post("/api/imports").then().statusCode(202).extract().jsonPath().getLong("id");
        JsonPath job = null;
        for (int i = 0; i < 1200; i++) {
            job = given().when().get("/api/imports/" + id).then().statusCode(200).extract().jsonPath();
            if (job.getString("status").equals("done") || job.getString("status").equals("failed")) break;
            Thread.sleep(50);
        }
        assertThat(job.getString("status")).isEqualTo("done");
        assertThat(job.getInt("processed")).isEqualTo(job.getInt("total"));
        assertThat(job.getInt("imported") + job.getInt("duplicates") + job.getInt("failed")).isEqualTo(job.getInt("total"));
        assertThat(job.getInt("failed")).isPositive();
        assertThat(storedGames() - before).isEqualTo(job.getInt("imported"));
    }

    @Test
    void brokenPositionsAndMovesAreAnsweredWithProblems() throws IOException {
        List<byte[]> inputs = new ArrayList<>(mutants(RecordInputFuzzer.Target.SFEN, 200));
        for (byte[] finding : regressions()) if (finding[0] == RecordInputFuzzer.Target.SFEN.ordinal()) inputs.add(Arrays.copyOfRange(finding, 2, finding.length));
        for (byte[] input : inputs) {
            String[] parts = new String(input, StandardCharsets.UTF_8).split("\n", 2);
            String play = parts.length > 1 ? parts[1].trim().replaceAll("\\s+", ",") : "";
            for (RuleSet rules : List.of(RuleSet.byId("chu"), RuleSet.byId("shodoshu2017"))) {
                assertClientError(given().queryParam("sfen", parts[0]).queryParam("play", play)
                        .when().get("/api/rules/" + rules.id + "/moves"), "moves " + parts[0]);
                assertClientError(given().queryParam("rules", rules.id).queryParam("sfen", parts[0])
                        .when().get("/api/explorer"), "explorer " + parts[0]);
                assertClientError(given().queryParam("rules", rules.id).queryParam("sfen", parts[0])
                        .when().get("/api/positions/diagram.svg"), "diagram " + parts[0]);
            }
        }
    }

    private static List<byte[]> regressions() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/fuzz/regressions"))) {
            List<byte[]> out = new ArrayList<>();
            for (Path f : files.sorted().toList()) out.add(Files.readAllBytes(f));
            return out;
        }
    }
}
