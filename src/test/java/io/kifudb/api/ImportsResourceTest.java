package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** {@code /api/imports}: bulk import jobs over real HTTP, on the shipped records (and broken copies of them). */
@QuarkusTest
class ImportsResourceTest {
    private static final Path LISHOGI = Path.of("kifu-corpus/chu/lishogi/lishogi-top-players-10.ndjson");
    private static final Path HISTORICAL = Path.of("kifu-corpus/chu/historical");
    private static final Path KIF = Path.of("kifu-corpus/chu/kif/scalashogi-chushogiKif1.kif");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The corpus NDJSON with its 3rd game's 5th move replaced by an illegal one and an unreadable last line. */
    private static byte[] brokenNdjson() throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(LISHOGI));
        JsonNode third = JSON.readTree(lines.get(2));
        String[] moves = third.get("moves").asText().split(" ");
        moves[4] = "1a1l"; // a lance cannot cross the board through its own pieces
        ((com.fasterxml.jackson.databind.node.ObjectNode) third).put("moves", String.join(" ", moves));
        ((com.fasterxml.jackson.databind.node.ObjectNode) third).put("id", "broken-copy");
        lines.set(2, JSON.writeValueAsString(third));
        lines.add("{\"moves\": 3}");
        return (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private static JsonPath awaitFinished(long id) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            JsonPath job = given().when().get("/api/imports/" + id).then().statusCode(200).extract().jsonPath();
            String status = job.getString("status");
            if (status.equals("done") || status.equals("failed") || status.equals("cancelled")) return job;
            Thread.sleep(50);
        }
        throw new AssertionError("import job " + id + " did not finish within 30 s");
    }

    @Test
    void ndjsonBodyImportsEveryGoodRecordAndReportsEachBadOneWithItsPly() throws Exception {
        long gamesBefore = given().when().get("/api/games?size=1").then().extract().jsonPath().getLong("total");
        Response submitted = given().contentType("application/x-ndjson").body(brokenNdjson())
                .queryParam("name", "broken.ndjson").when().post("/api/imports");
        submitted.then().statusCode(202).header("Location", containsString("/api/imports/"))
                .body("status", org.hamcrest.Matchers.oneOf("queued", "running", "done"));
        long id = submitted.jsonPath().getLong("id");

        JsonPath job = awaitFinished(id);
        assertThat(job.getString("status")).isEqualTo("done");
        assertThat(job.getInt("total")).isEqualTo(11);
        assertThat(job.getInt("failed")).isEqualTo(2);
        assertThat(job.getInt("imported") + job.getInt("duplicates")).isEqualTo(9);
        assertThat(job.getInt("processed")).isEqualTo(11);

        List<Map<String, Object>> failed = given().queryParam("outcome", "failed").when().get("/api/imports/" + id)
                .then().statusCode(200).extract().jsonPath().getList("outcomes");
        assertThat(failed).hasSize(2);
        assertThat(failed.get(0)).containsEntry("seq", 3).containsEntry("line", 3).containsEntry("ply", 5)
                .containsEntry("move", "1a1l").containsEntry("source", "broken.ndjson");
        assertThat(failed.get(1)).containsEntry("seq", 11).containsEntry("line", 11).containsEntry("ply", 0);
        assertThat((String) failed.get(1).get("reason")).contains("'moves' must be a string");

        // Every good record is stored with the plies it has; the broken one left nothing behind.
        List<Map<String, Object>> good = given().queryParam("size", 1000).when().get("/api/imports/" + id)
                .then().extract().jsonPath().getList("outcomes");
        assertThat(good).hasSize(11);
        List<String> lines = Files.readAllLines(LISHOGI);
        for (Map<String, Object> o : good) {
            if (o.get("outcome").equals("failed")) continue;
            int line = (Integer) o.get("line");
            String expectedId = JSON.readTree(lines.get(line - 1)).get("id").asText();
            given().when().get("/api/games/" + o.get("gameId")).then().statusCode(200)
                    .body("sourceId", equalTo(expectedId)).body("rules", equalTo("chu-lishogi"));
        }
        long gamesAfter = given().when().get("/api/games?size=1").then().extract().jsonPath().getLong("total");
        assertThat(gamesAfter - gamesBefore).isEqualTo(job.getInt("imported"));
        // The upload waited in the database with its job, and is gone now that the job has ended.
        Number kept = io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().call(() -> (Number) io.kifudb.store.Job.getEntityManager()
                .createNativeQuery("select count(*) from job_file where job_id = :id").setParameter("id", id).getSingleResult());
        assertThat(kept.longValue()).isZero();
        given().queryParam("player", "broken-copy").when().get("/api/games").then().body("total", equalTo(0));
    }

    @Test
    void multipartFilesAndAZipAreAllRead() throws Exception {
        ByteArrayOutputStream zipBytes = new ByteArrayOutputStream();
        int csgFiles = 0;
        try (ZipOutputStream zip = new ZipOutputStream(zipBytes);
             var csgs = Files.list(HISTORICAL)) {
            for (Path p : csgs.filter(p -> p.toString().endsWith(".csg")).sorted().toList()) {
                zip.putNextEntry(new ZipEntry("historical/" + p.getFileName()));
                zip.write(Files.readAllBytes(p));
                zip.closeEntry();
                csgFiles++;
            }
        }
        assertThat(csgFiles).isEqualTo(6);
        long id = given().multiPart("files", "historical.zip", zipBytes.toByteArray(), "application/zip")
                .multiPart("files", "game.kif", Files.readAllBytes(KIF), "application/octet-stream")
                .queryParam("rules", "chu")
                .when().post("/api/imports").then().statusCode(202).body("files", equalTo(2)).body("rules", equalTo("chu"))
                .extract().jsonPath().getLong("id");
        JsonPath job = awaitFinished(id);
        assertThat(job.getString("status")).isEqualTo("done");
        assertThat(job.getInt("total")).isEqualTo(7);
        assertThat(job.getInt("failed")).isZero();
        List<Map<String, Object>> outcomes = job.getList("outcomes");
        assertThat(outcomes).extracting(o -> (String) o.get("source"))
                .startsWith("historical.zip!/historical/hist1.csg").endsWith("game.kif");
        // The KIF game replays 129 plies; CSG game 1 has 327 (see CsgTest / KifTest).
        Object kifGame = outcomes.get(6).get("gameId");
        given().when().get("/api/games/" + kifGame).then().body("plies", equalTo(129)).body("rules", equalTo("chu"));
        given().when().get("/api/games/" + outcomes.get(0).get("gameId")).then().body("plies", equalTo(327));
    }

    @Test
    void lenientJobsStoreTheLegalPrefixAndSayWhereItStops() throws Exception {
        List<String> lines = Files.readAllLines(LISHOGI);
        JsonNode game = JSON.readTree(lines.get(5));
        String[] moves = game.get("moves").asText().split(" ");
        String broken = String.join(" ", java.util.Arrays.copyOf(moves, 12)) + " 9i9a";
        long id = given().contentType("text/plain").body(broken).queryParam("lenient", true)
                .when().post("/api/imports").then().statusCode(202).extract().jsonPath().getLong("id");
        JsonPath job = awaitFinished(id);
        assertThat(job.getInt("imported") + job.getInt("duplicates")).isEqualTo(1);
        Map<String, Object> o = job.getMap("outcomes[0]");
        given().when().get("/api/games/" + o.get("gameId")).then().body("plies", equalTo(12)).body("stoppedPly", equalTo(13));
        if (o.get("outcome").equals("imported")) {
            assertThat(o).containsEntry("ply", 13).containsEntry("move", "9i9a");
            assertThat((String) o.get("reason")).startsWith("stored up to ply 12");
        }
    }

    @Test
    void progressStreamEndsWithTheFinishedJob() throws Exception {
        long id = given().contentType("application/x-ndjson").body(Files.readAllBytes(LISHOGI))
                .when().post("/api/imports").then().statusCode(202).extract().jsonPath().getLong("id");
        String stream = given().accept("text/event-stream").when().get("/api/imports/" + id + "/events")
                .then().statusCode(200).contentType(startsWith("text/event-stream")).extract().asString();
        List<JsonNode> events = new ArrayList<>();
        for (String line : stream.split("\n")) {
            if (line.startsWith("data:")) events.add(JSON.readTree(line.substring(5).strip()));
        }
        assertThat(events).isNotEmpty();
        JsonNode last = events.get(events.size() - 1);
        assertThat(last.get("status").asText()).isEqualTo("done");
        assertThat(last.get("processed").asInt()).isEqualTo(10);
        assertThat(last.get("imported").asInt() + last.get("duplicates").asInt()).isEqualTo(10);
        for (int i = 1; i < events.size(); i++)
            assertThat(events.get(i).get("processed").asInt()).isGreaterThanOrEqualTo(events.get(i - 1).get("processed").asInt());
        // A finished job's stream is its final state, once.
        String again = given().accept("text/event-stream").when().get("/api/imports/" + id + "/events").then().statusCode(200).extract().asString();
        assertThat(again.lines().filter(l -> l.startsWith("data:")).count()).isEqualTo(1);
    }

    @Test
    void aCancelledImportStopsAfterABatchAndKeepsWhatItStored() throws Exception {
        // 4000 records (the corpus export again and again: after the first copy, duplicates), seconds of checking
        byte[] once = Files.readAllBytes(LISHOGI);
        ByteArrayOutputStream many = new ByteArrayOutputStream();
        for (int i = 0; i < 400; i++) many.write(once);
        long first = given().contentType("application/x-ndjson").body(many.toByteArray()).when().post("/api/imports")
                .then().statusCode(202).extract().jsonPath().getLong("id");
        long second = given().contentType("application/x-ndjson").body(many.toByteArray()).when().post("/api/imports")
                .then().statusCode(202).extract().jsonPath().getLong("id");
        for (int i = 0; i < 600 && given().when().get("/api/imports/" + first).then().extract().jsonPath().getInt("processed") == 0; i++)
            Thread.sleep(20);
        // one import runs at a time (kifudb.import.workers): the second waits, and a cancel ends it at once
        given().when().delete("/api/imports/" + second).then().statusCode(200).body("status", equalTo("cancelled")).body("processed", equalTo(0));
        given().when().delete("/api/imports/" + first).then().statusCode(200);
        JsonPath job = awaitFinished(first);
        assertThat(job.getString("status")).isEqualTo("cancelled");
        assertThat(job.getInt("total")).isEqualTo(4000);
        assertThat(job.getInt("processed")).isBetween(1, 3999);
        // what it counted is what it stored: one outcome per record processed
        assertThat(job.getLong("outcomesTotal")).isEqualTo(job.getInt("processed"));
        assertThat(awaitFinished(second).getLong("outcomesTotal")).isZero();
        // a finished job is left as it is
        given().when().delete("/api/imports/" + first).then().statusCode(200).body("status", equalTo("cancelled"));
        given().when().delete("/api/imports/999999").then().statusCode(404).contentType(startsWith("application/problem+json"));
    }

    @Test
    void badRequestsAreProblems() {
        given().when().get("/api/imports/999999").then().statusCode(404).contentType(startsWith("application/problem+json"));
        given().when().get("/api/imports/999999/events").then().statusCode(404);
        given().contentType("application/x-ndjson").body("7i7h".getBytes(StandardCharsets.UTF_8)).queryParam("rules", "shogi")
                .when().post("/api/imports").then().statusCode(400).body("type", containsString("unknown-rule-set"));
        given().contentType("application/x-ndjson").body(new byte[0]).when().post("/api/imports").then().statusCode(400);
        long id = given().contentType("application/x-ndjson").body("7i7h 5d5e".getBytes(StandardCharsets.UTF_8))
                .when().post("/api/imports").then().statusCode(202).extract().jsonPath().getLong("id");
        given().queryParam("outcome", "lost").when().get("/api/imports/" + id).then().statusCode(400).body("field", equalTo("outcome"));
        given().queryParam("size", 0).when().get("/api/imports/" + id).then().statusCode(400);
    }
}
