package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /api/analysis} with {@code mode: "mate"} over real HTTP: the mate solver as an analysis job, on
 * composed problems shipped in kifu-corpus/problems. The mate it reports is replayed by the rules
 * (GET /api/rules/chu/moves) and must end in the attacker's win within the composer's length.
 */
@QuarkusTest
class MateAnalysisTest {
    private static final Path PROBLEMS = Path.of("kifu-corpus/problems/chushogilite-historic-puzzles.ndjson");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A shipped problem record by its id. */
    private static JsonNode problem(String id) throws Exception {
        for (String line : Files.readAllLines(PROBLEMS)) {
            if (!line.startsWith("{")) continue;
            JsonNode r = JSON.readTree(line);
            if (id.equals(r.path("id").asText())) return r;
        }
        throw new AssertionError("no problem " + id + " in " + PROBLEMS);
    }

    private static Response post(Map<String, Object> body) {
        return given().contentType("application/json").body(body).when().post("/api/analysis");
    }

    private static JsonPath awaitDone(String id) throws InterruptedException {
        for (int i = 0; i < 1200; i++) {
            JsonPath j = given().when().get("/api/analysis/" + id).then().statusCode(200).extract().jsonPath();
            if (!List.of("queued", "running").contains(j.getString("status"))) return j;
            Thread.sleep(50);
        }
        throw new AssertionError("mate job " + id + " did not finish in 60 s");
    }

    @Test
    void provesTheComposedMateWithALegalMainLineNoLongerThanTheComposers() throws Exception {
        for (String id : List.of("chushogilite-MD1", "chushogilite-D82")) {
            JsonNode p = problem(id);
            String sfen = p.path("initial_sfen").asText();
            int composerPlies = p.path("moves").asText().split("\\s+").length;
            Response r = post(Map.of("rules", "chu", "sfen", sfen, "mode", "mate", "movetime", 30000));
            assertThat(r.statusCode()).as(r.asString()).isEqualTo(202);
            assertThat(r.jsonPath().getString("kind")).isEqualTo("mate");
            JsonPath done = awaitDone(r.jsonPath().getString("id"));
            assertThat(done.getString("status")).as(id).isEqualTo("done");
            assertThat(done.getString("mate.outcome")).as(id).isEqualTo("mate");
            int plies = done.getInt("mate.plies");
            assertThat(plies).as(id + ": mate length against the composer's").isBetween(1, composerPlies);
            List<String> line = done.getList("pvs[0].moves", String.class);
            assertThat(line).as(id).hasSize(plies);
            assertThat(done.getString("bestMove")).isEqualTo(line.get(0));
            assertThat(done.getInt("pvs[0].score.mate")).isEqualTo((plies + 1) / 2);
            // The rules, not the solver, judge the line: every move legal, and the side to move at the start has won.
            String attacker = Sfen.parse(RuleSet.CHU, sfen).sideToMove() == 0 ? "sente" : "gote";
            given().queryParam("sfen", sfen).queryParam("play", String.join(",", line)).when().get("/api/rules/chu/moves")
                    .then().statusCode(200).body("status.result", equalTo(attacker));
            // One ply less than the line is not a win yet (the mate takes all its plies).
            given().queryParam("sfen", sfen).queryParam("play", String.join(",", line.subList(0, plies - 1))).when()
                    .get("/api/rules/chu/moves").then().statusCode(200).body("status.result", equalTo("ongoing"));
        }
    }

    @Test
    void saysWhenThereIsNoMateAndWhenNoneWasFoundWithinTheLimits() throws Exception {
        // The start position: no move gives check, so there is no mate by forcing moves at all (here: within 3 plies).
        String start = RuleSet.CHU.variant.startSfen;
        JsonPath none = awaitDone(post(Map.of("rules", "chu", "sfen", start, "mode", "mate", "depth", 2)).jsonPath().getString("id"));
        assertThat(none.getString("mate.outcome")).isEqualTo("no-mate");
        assertThat(none.getInt("mate.noMateWithin")).isEqualTo(3);
        assertThat(none.getList("pvs")).isEmpty();
        assertThat(none.getString("bestMove")).isNull();

        // Problem A2 (a mate of over 100 plies) within 500 nodes: not decided either way.
        String a2 = problem("chushogilite-A2").path("initial_sfen").asText();
        JsonPath unknown = awaitDone(post(Map.of("rules", "chu", "sfen", a2, "mode", "mate", "nodes", 500)).jsonPath().getString("id"));
        assertThat(unknown.getString("status")).isEqualTo("done");
        assertThat(unknown.getString("mate.outcome")).isEqualTo("not-found");
        assertThat(unknown.getInt("mate.noMateWithin")).isZero();
        assertThat(unknown.getList("pvs")).isEmpty();

        // A search job has no mate answer.
        JsonPath search = awaitDone(post(Map.of("rules", "chu", "sfen", start, "depth", 1, "cache", false)).jsonPath().getString("id"));
        assertThat(search.getString("kind")).isEqualTo("position");
        assertThat(search.getString("mate")).isNull();
    }

    @Test
    void cancellingStopsALongSolvePromptly() throws Exception {
        // Tsume D77 (51 plies published): not solved within 1 M nodes by bench --mate, so 30 s would run on.
        String sfen = problem("chushogilite-D77").path("initial_sfen").asText();
        String id = post(Map.of("rules", "chu", "sfen", sfen, "mode", "mate", "movetime", 30000)).jsonPath().getString("id");
        for (int i = 0; i < 200 && !"running".equals(given().when().get("/api/analysis/" + id).jsonPath().getString("status")); i++) Thread.sleep(25);
        long t0 = System.nanoTime();
        given().when().delete("/api/analysis/" + id).then().statusCode(200);
        JsonPath after = awaitDone(id);
        assertThat(after.getString("status")).isEqualTo("cancelled");
        assertThat((System.nanoTime() - t0) / 1_000_000).as("ms from DELETE to the cancelled job").isLessThan(10_000);
        assertThat(after.getString("mate.outcome")).isIn("mate", "not-found");
    }

    @Test
    void refusesWhatTheMateModeDoesNotTakeNamingTheField() {
        String start = RuleSet.CHU.variant.startSfen;
        Object[][] bad = {
                {Map.of("rules", "chu", "mode", "mates"), "mode"},
                {Map.of("rules", "chu", "mode", "mate", "multiPv", 2), "multiPv"},
                {Map.of("rules", "chu", "mode", "mate", "cache", true), "cache"},
                {Map.of("rules", "chu", "mode", "mate", "depth", 0), "depth"},
                {Map.of("rules", "chu", "mode", "mate", "depth", 513), "depth"},
                {Map.of("rules", "chu", "mode", "mate", "movetime", 0), "movetime"},
                {Map.of("rules", "chu", "sfen", start, "mode", "mate", "mateIn", 3), "mateIn"},
        };
        for (Object[] b : bad) {
            @SuppressWarnings("unchecked") Map<String, Object> body = (Map<String, Object>) b[0];
            Response r = post(body);
            assertThat(r.statusCode()).as(body + ": " + r.asString()).isEqualTo(400);
            assertThat(r.contentType()).startsWith("application/problem+json");
            assertThat(r.jsonPath().getString("field")).as(body.toString()).isEqualTo(b[1]);
        }
    }
}
