package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.kifudb.TestApiKey;
import io.kifudb.analysis.EngineVersion;
import io.kifudb.store.Evaluation;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The evaluation cache over real HTTP with the real engine: what an answer says about the search behind it
 * (depth, nodes, engine version), deeper searches replacing shallower ones and never the reverse, other
 * engine versions never served, and {@code POST /api/evals/batch}. Each test uses Chu openings of its own,
 * so that the other test classes' searches (one database for the whole suite) do not meet them.
 */
@QuarkusTest
class EvalsCacheTest {
    @AfterEach
    void keyBack() {
        TestApiKey.useKey();
    }

    private static JsonPath analyse(String play, int depth, int multiPv, boolean cache) throws InterruptedException {
        Response r = given().contentType("application/json")
                .body(Map.of("rules", "chu", "moves", List.of(play.split(",")), "depth", depth, "multiPv", multiPv, "cache", cache))
                .when().post("/api/analysis");
        assertThat(r.statusCode()).as(r.asString()).isIn(200, 202);
        String id = r.jsonPath().getString("id");
        for (int i = 0; i < 1200; i++) {
            JsonPath j = given().when().get("/api/analysis/" + id).then().statusCode(200).extract().jsonPath();
            if (!List.of("queued", "running").contains(j.getString("status"))) {
                assertThat(j.getString("status")).isEqualTo("done");
                return j;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("analysis " + id + " did not finish in 60 s");
    }

    private static JsonPath evals(String play, int multiPv) {
        return given().queryParam("rules", "chu").queryParam("play", play).queryParam("multiPv", multiPv)
                .when().get("/api/evals").then().statusCode(200).extract().jsonPath();
    }

    /** The canonical SFEN after the moves, as the rules resource plays them. */
    private static String sfenAfter(String play) {
        var q = given();
        if (!play.isEmpty()) q = q.queryParam("play", play);
        return q.when().get("/api/rules/chu/moves").then().statusCode(200).extract().path("sfen");
    }

    @Test
    void aDeeperSearchReplacesAShallowerOneAndNeverTheReverse() throws Exception {
        String play = "3i3h,10d10e";
        JsonPath four = analyse(play, 4, 1, false);
        assertThat(four.getInt("depth")).isEqualTo(4);
        JsonPath cached = evals(play, 1);
        assertThat(cached.getInt("depth")).isEqualTo(4);
        assertThat(cached.getLong("nodes")).isEqualTo(four.getLong("nodes"));
        assertThat(cached.getString("bestMove")).isEqualTo(four.getString("bestMove"));
        assertThat(cached.getString("engine")).isEqualTo("kifudb");
        assertThat(cached.getString("version")).isEqualTo(EngineVersion.CURRENT).isNotBlank();

        // a shallower search, forced past the cache, does not replace the deeper result
        JsonPath two = analyse(play, 2, 1, false);
        assertThat(two.getInt("depth")).isEqualTo(2);
        cached = evals(play, 1);
        assertThat(cached.getInt("depth")).isEqualTo(4);
        assertThat(cached.getLong("nodes")).isEqualTo(four.getLong("nodes"));

        // a shallower request is answered from the deeper entry
        given().contentType("application/json").body(Map.of("rules", "chu", "moves", List.of(play.split(",")), "depth", 3))
                .when().post("/api/analysis").then().statusCode(200).body("cached", equalTo(true)).body("depth", equalTo(4));

        // a deeper search with two lines replaces the one-line entry and answers one-line requests, cut to one line
        JsonPath five = analyse(play, 5, 2, false);
        assertThat(five.getInt("depth")).isEqualTo(5);
        cached = evals(play, 1);
        assertThat(cached.getInt("depth")).isEqualTo(5);
        assertThat(cached.getInt("multiPv")).isEqualTo(1);
        assertThat(cached.getList("pvs")).hasSize(1);
        assertThat(cached.getString("pvs[0].moves[0]")).isEqualTo(five.getString("pvs[0].moves[0]"));
        assertThat(evals(play, 2).getInt("depth")).isEqualTo(5);
        String sfen = sfenAfter(play);
        List<Evaluation> rows = QuarkusTransaction.requiringNew().call(() -> Evaluation.of("chu", sfen));
        assertThat(rows).as("the depth-4 one-line row, which the depth-5 two-line row knows better, is gone")
                .extracting(e -> e.multipv + "@" + e.depth).containsExactly("2@5");
    }

    @Test
    void anotherEngineVersionsEvaluationIsNotServedAndGivesWayToTheRunningOne() throws Exception {
        String play = "6i6h,8d8e";
        String sfen = sfenAfter(play);
        QuarkusTransaction.requiringNew().run(() -> {
            Evaluation old = new Evaluation();
            old.rules = "chu";
            old.sfen = sfen;
            old.multipv = 1;
            old.depth = 30;
            old.nodes = 123_456_789L;
            old.timeMs = 60_000;
            old.bestMove = "6h6g";
            old.lines = "[{\"multipv\":1,\"depth\":30,\"score\":{\"cp\":500},\"moves\":[\"6h6g\"]}]";
            old.engineVersion = "0.0.1-an-older-engine";
            old.createdAt = Instant.now();
            old.persist();
        });
        // a depth-30 search by another version is not this engine's word: not served, not a cache hit
        given().queryParam("rules", "chu").queryParam("play", play).when().get("/api/evals").then().statusCode(404);
        JsonPath fresh = analyse(play, 3, 1, true);
        assertThat(fresh.getBoolean("cached")).isFalse();
        JsonPath cached = evals(play, 1);
        assertThat(cached.getInt("depth")).isEqualTo(3);
        assertThat(cached.getString("version")).isEqualTo(EngineVersion.CURRENT);
        List<Evaluation> rows = QuarkusTransaction.requiringNew().call(() -> Evaluation.of("chu", sfen));
        assertThat(rows).extracting(e -> e.engineVersion).containsExactly(EngineVersion.CURRENT);
    }

    @Test
    void aBatchAnswersEveryPositionInOrder() throws Exception {
        String play = "2i2h,11d11e";
        analyse(play, 2, 1, false);
        List<Map<String, Object>> positions = List.of(
                Map.of("moves", List.of("2i2h", "11d11e")),  // cached above
                Map.of(),                                           // the start, with or without a cached evaluation
                Map.of("sfen", sfenAfter("2i2h"), "moves", List.of("11d11e")),  // the first position again, reached from an SFEN
                Map.of("moves", List.of("2i2h", "11d11e", "5i5h", "8d8e", "12i12h")));  // never analysed
        TestApiKey.sendNoKey(); // a read: public
        JsonPath batch = given().contentType("application/json").body(Map.of("rules", "chu", "positions", positions))
                .when().post("/api/evals/batch").then().statusCode(200).extract().jsonPath();
        assertThat(batch.getString("rules")).isEqualTo("chu");
        assertThat(batch.getInt("multiPv")).isEqualTo(1);
        assertThat(batch.getList("evals")).hasSize(4);
        List<Integer> indexes = batch.getList("evals.index", Integer.class);
        assertThat(indexes).containsExactly(0, 1, 2, 3);
        assertThat(batch.getList("evals.sfen", String.class)).containsExactly(sfenAfter(play), sfenAfter(""), sfenAfter(play),
                sfenAfter(play + ",5i5h,8d8e,12i12h"));
        // each entry is what GET /api/evals answers for its position
        JsonPath one = evals(play, 1);
        assertThat(batch.getInt("evals[0].eval.depth")).isEqualTo(one.getInt("depth"));
        assertThat(batch.getString("evals[0].eval.bestMove")).isEqualTo(one.getString("bestMove"));
        assertThat(batch.getString("evals[0].eval.version")).isEqualTo(EngineVersion.CURRENT);
        assertThat(batch.getMap("evals[2].eval")).isEqualTo(batch.getMap("evals[0].eval"));
        assertThat(batch.getMap("evals[3].eval")).isNull();
        int start = given().queryParam("rules", "chu").when().get("/api/evals").statusCode();
        assertThat(batch.getMap("evals[1].eval") == null).isEqualTo(start == 404);
    }

    private static Response batch(Object body) {
        return given().contentType("application/json").body(body).when().post("/api/evals/batch");
    }

    @Test
    void aBadBatchIsRefusedNamingThePositionAndTheLimit() {
        // an illegal move in the second position: its index, the field and the ply
        batch(Map.of("rules", "chu", "positions", List.of(Map.of(), Map.of("moves", List.of("7i7h", "7h7g"))))).then().statusCode(400)
                .body("type", equalTo("https://kifudb.io/problems/illegal-move"))
                .body("field", equalTo("positions[1].moves")).body("ply", equalTo(2)).body("move", equalTo("7h7g"))
                .body("detail", containsString("positions[1]: ply 2"));
        batch(Map.of("rules", "chu", "positions", List.of(Map.of(), Map.of(), Map.of("sfen", "12/12 b - 1")))).then().statusCode(400)
                .body("type", equalTo("https://kifudb.io/problems/invalid-sfen")).body("field", equalTo("positions[2].sfen"));
        // members the request does not have, at either level
        batch(Map.of("rules", "chu", "positions", List.of(Map.of("play", "7i7h")))).then().statusCode(400)
                .body("type", equalTo("https://kifudb.io/problems/unknown-field")).body("field", equalTo("positions[0].play"));
        batch(Map.of("rules", "chu", "sfens", List.of())).then().statusCode(400)
                .body("type", equalTo("https://kifudb.io/problems/unknown-field")).body("field", equalTo("sfens"));
        // the size of a batch is bounded, and it is not empty
        List<Map<String, Object>> many = new ArrayList<>();
        for (int i = 0; i < 101; i++) many.add(Map.of());
        batch(Map.of("rules", "chu", "positions", many)).then().statusCode(400).body("field", equalTo("positions"))
                .body("detail", containsString("1 to 100 positions")).body("detail", containsString("holds 101"));
        batch(Map.of("rules", "chu", "positions", List.of())).then().statusCode(400).body("field", equalTo("positions"));
        batch(Map.of("rules", "chu")).then().statusCode(400).body("field", equalTo("positions"));
        // the rule set and the lines, as for one position
        batch(Map.of("positions", List.of(Map.of()))).then().statusCode(400).body("field", equalTo("rules"));
        batch(Map.of("rules", "chess", "positions", List.of(Map.of()))).then().statusCode(400)
                .body("type", equalTo("https://kifudb.io/problems/unknown-rule-set"));
        batch(Map.of("rules", "chu", "multiPv", 0, "positions", List.of(Map.of()))).then().statusCode(400).body("field", equalTo("multiPv"));
        batch(Map.of("rules", "chu", "multiPv", 11, "positions", List.of(Map.of()))).then().statusCode(400).body("field", equalTo("multiPv"));
        batch("[{}]").then().statusCode(400).body("type", equalTo("https://kifudb.io/problems/invalid-json"));
        given().contentType("application/json").body("{\"rules\":\"chu\",\"positions\":[null]}").when().post("/api/evals/batch")
                .then().statusCode(400).body("field", equalTo("positions[0]")).body("ply", nullValue());
    }

    @Test
    void eachElementOfMovesIsOneMoveAndAProblemNamesItsPly() {
        // the elements were joined with commas and split again: an empty one vanished and one holding two moves
        // counted twice, so the ply named was not the element's place
        batch("{\"rules\":\"chu\",\"positions\":[{},{\"moves\":[\"\",\"7i7h\",\"zz\"]}]}").then().statusCode(400)
                .body("type", equalTo("https://kifudb.io/problems/illegal-move"))
                .body("field", equalTo("positions[1].moves")).body("ply", equalTo(1)).body("move", equalTo(""));
        batch("{\"rules\":\"chu\",\"positions\":[{\"moves\":[\"7i7h 6d6e\",\"zz\"]}]}").then().statusCode(400)
                .body("field", equalTo("positions[0].moves")).body("ply", equalTo(1)).body("move", equalTo("7i7h 6d6e"));
        batch("{\"rules\":\"chu\",\"positions\":[{\"moves\":[\"7i7h,6d6e\"]}]}").then().statusCode(400)
                .body("field", equalTo("positions[0].moves")).body("ply", equalTo(1)).body("move", equalTo("7i7h,6d6e"));
        batch("{\"rules\":\"chu\",\"positions\":[{\"moves\":[\"7i7h\",null]}]}").then().statusCode(400)
                .body("type", equalTo("https://kifudb.io/problems/illegal-move"))
                .body("field", equalTo("positions[0].moves")).body("ply", equalTo(2)).body("move", nullValue())
                .body("detail", equalTo("positions[0]: ply 2: a move is a USI string, not null"));
        // one move per element, as before
        batch(Map.of("rules", "chu", "positions", List.of(Map.of("moves", List.of("7i7h", "6d6e"))))).then().statusCode(200);
    }

    @Test
    void oneEvaluationTakesTheLinesABatchTakes() {
        // a GET asking for more lines than any analysis may have was a 404, where the batch says why: a 400
        given().queryParam("rules", "chu").queryParam("multiPv", 11).when().get("/api/evals").then().statusCode(400)
                .body("type", equalTo("https://kifudb.io/problems/bad-request")).body("field", equalTo("multiPv"))
                .body("detail", equalTo("multiPv must be 1 to 10 (kifudb.analysis.max-multipv)"));
        given().queryParam("rules", "chu").queryParam("multiPv", 0).when().get("/api/evals").then().statusCode(400)
                .body("field", equalTo("multiPv"));
    }
}
