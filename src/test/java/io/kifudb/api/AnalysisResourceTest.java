package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.kifudb.TestApiKey;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/**
 * {@code /api/analysis}, {@code /api/evals} and {@code /api/games/{id}/analysis} over real HTTP, with the
 * real engine, on positions from the Middle Shogi Manual's mating problems (kifu-corpus/chu/tsume).
 */
@QuarkusTest
class AnalysisResourceTest {
    private static final Path TSUME = Path.of("kifu-corpus/chu/tsume/msm-tsume-AB-solutions.txt");

    @AfterEach
    void keyBack() {
        TestApiKey.useKey();
    }

    /** Problem n's position one ply before its solution's end (a mate in 1 for the attacker), as SFEN. */
    private static String mateInOne(int n) throws Exception {
        String line = Files.readAllLines(TSUME).stream().filter(l -> l.contains("{Tsume ")).skip(n).findFirst().orElseThrow();
        String sfen = line.substring(0, line.indexOf('{')).strip();
        String[] moves = line.substring(line.indexOf('}') + 1).strip().split("\\s+");
        Position p = Sfen.parse(RuleSet.CHU, sfen);
        for (int i = 0; i < moves.length - 1; i++) p.play(moves[i]);
        return p.sfen();
    }

    private static JsonPath awaitDone(String id) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            JsonPath j = given().when().get("/api/analysis/" + id).then().statusCode(200).extract().jsonPath();
            if (!List.of("queued", "running").contains(j.getString("status"))) return j;
            Thread.sleep(50);
        }
        throw new AssertionError("analysis " + id + " did not finish in 30 s");
    }

    private static Response post(Map<String, Object> body) {
        return given().contentType("application/json").body(body).when().post("/api/analysis");
    }

    @Test
    void findsTheMateInOneAndAnswersTheSameRequestFromTheCache() throws Exception {
        String sfen = mateInOne(2);
        Response r = post(Map.of("rules", "chu", "sfen", sfen, "depth", 3));
        assertThat(r.statusCode()).as(r.asString()).isIn(200, 202);
        JsonPath done = awaitDone(r.jsonPath().getString("id"));
        assertThat(done.getString("status")).isEqualTo("done");
        assertThat(done.getInt("depth")).isGreaterThanOrEqualTo(3);
        assertThat(done.getInt("pvs[0].score.mate")).isEqualTo(1);
        String best = done.getString("bestMove");
        // the engine that searched, and its version: this build's, as its evaluations in the cache say
        assertThat(done.getString("engine")).isEqualTo("kifudb");
        assertThat(done.getString("version")).isEqualTo(io.kifudb.analysis.EngineVersion.CURRENT).isNotEqualTo("unversioned");
        // the engine's move, played by the rules engine, mates: sente wins there
        given().queryParam("sfen", sfen).queryParam("play", best).when().get("/api/rules/chu/moves").then().statusCode(200)
                .body("status.result", equalTo("sente"));

        // the same request again: answered at once from the cache
        post(Map.of("rules", "chu", "sfen", sfen, "depth", 3)).then().statusCode(200)
                .body("status", equalTo("done")).body("cached", equalTo(true)).body("bestMove", equalTo(best))
                .body("engine", equalTo("kifudb")).body("version", equalTo(io.kifudb.analysis.EngineVersion.CURRENT));
        // a deeper request is not satisfied by it
        Response deeper = post(Map.of("rules", "chu", "sfen", sfen, "depth", 5));
        assertThat(deeper.jsonPath().getBoolean("cached")).isFalse();
        awaitDone(deeper.jsonPath().getString("id"));
        given().queryParam("rules", "chu").queryParam("sfen", sfen).when().get("/api/evals").then().statusCode(200)
                .body("depth", org.hamcrest.Matchers.greaterThanOrEqualTo(5)).body("pvs[0].score.mate", equalTo(1));
        // no evaluation of the start position with 7 lines is cached
        given().queryParam("rules", "chu").queryParam("multiPv", 7).when().get("/api/evals").then().statusCode(404)
                .contentType(startsWith("application/problem+json"));
    }

    @Test
    void multiPvGivesDistinctLegalMovesBestFirst() {
        Response r = post(Map.of("rules", "chu-lishogi", "moves", List.of("7i7h", "6d6e"), "depth", 2, "multiPv", 4, "cache", false));
        assertThat(r.statusCode()).as(r.asString()).isEqualTo(202);
        JsonPath done;
        try {
            done = awaitDone(r.jsonPath().getString("id"));
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        List<Map<String, Object>> lines = done.getList("pvs");
        assertThat(lines).hasSize(4);
        List<String> legal = given().queryParam("play", "7i7h,6d6e").when().get("/api/rules/chu-lishogi/moves").then().extract().jsonPath().getList("moves");
        List<String> firsts = new ArrayList<>();
        List<Integer> scores = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            firsts.add(done.getString("pvs[" + i + "].moves[0]"));
            scores.add(done.getInt("pvs[" + i + "].score.cp"));
        }
        assertThat(new HashSet<>(firsts)).hasSize(4);
        assertThat(legal).containsAll(firsts);
        assertThat(scores).isSortedAccordingTo((a, b) -> Integer.compare(b, a));
        assertThat(done.getString("bestMove")).isEqualTo(firsts.get(0));
    }

    @Test
    void cancellingStopsALongAnalysisPromptlyWithALegalMove() throws Exception {
        String id = post(Map.of("rules", "chu", "movetime", 60000, "cache", false)).then().statusCode(202).extract().path("id");
        Thread.sleep(300);
        long t0 = System.nanoTime();
        // the answer comes once the search has stopped
        given().when().delete("/api/analysis/" + id).then().statusCode(200).body("status", org.hamcrest.Matchers.equalTo("cancelled"));
        JsonPath done = awaitDone(id);
        assertThat((System.nanoTime() - t0) / 1e9).as("seconds to stop").isLessThan(10);
        assertThat(done.getString("status")).isEqualTo("cancelled");
        if (done.getString("bestMove") != null)
            assertThat(given().when().get("/api/rules/chu/moves").then().extract().jsonPath().getList("moves", String.class)).contains(done.getString("bestMove"));
    }

    @Test
    void badRequestsAndTheAnonymousQuota() throws Exception {
        post(Map.of("rules", "chu", "depth", 0)).then().statusCode(400).body("field", equalTo("depth"));
        post(Map.of("rules", "chu", "depth", 1000)).then().statusCode(400).body("field", equalTo("depth"));
        post(Map.of("rules", "chu", "multiPv", 99)).then().statusCode(400).body("field", equalTo("multiPv"));
        post(Map.of("rules", "nope")).then().statusCode(400).body("field", equalTo("rules"));
        // the problem names the body's own fields
        post(Map.of("rules", "chu", "moves", List.of("7i7h", "7h7g"))).then().statusCode(400).body("ply", equalTo(2))
                .body("field", equalTo("moves"));
        post(Map.of("moves", List.of("7i7h"))).then().statusCode(400).body("field", equalTo("rules"))
                .body("detail", equalTo("the body field 'rules' is required"));
        // a finished game: the King already taken
        post(Map.of("rules", "chu", "sfen", "12/12/12/12/12/12/12/12/12/12/12/5K6 w - 1")).then().statusCode(422);
        given().when().get("/api/analysis/nope").then().statusCode(404);

        // without a key: a couple of jobs at once (each capped in time), then 429 with Retry-After; a wrong key: 403
        TestApiKey.sendNoKey();
        List<String> started = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                Response r = post(Map.of("rules", "chu", "movetime", 60000, "cache", false));
                assertThat(r.statusCode()).as(r.asString()).isEqualTo(202);
                started.add(r.path("id"));
            }
            post(Map.of("rules", "chu", "movetime", 1000, "cache", false)).then().statusCode(429)
                    .contentType(startsWith("application/problem+json"))
                    .body("type", equalTo("https://kifudb.io/problems/anonymous-quota"))
                    // an anonymous search lasts at most kifudb.analysis.anonymous-max-movetime-ms (5 s): a place is free by then
                    .header("Retry-After", "5");
            given().header("Authorization", "Bearer wrong").contentType("application/json").body(Map.of("rules", "chu"))
                    .when().post("/api/analysis").then().statusCode(403);
            // cancelling is a write: it needs a key
            given().when().delete("/api/analysis/" + started.get(0)).then().statusCode(401);
        } finally {
            TestApiKey.useKey();
            for (String id : started) given().when().delete("/api/analysis/" + id).then().statusCode(200);
        }
    }

    @Test
    void eachElementOfMovesIsOneMoveAndAProblemNamesItsPly() {
        // an element holding two moves was split into both, and an empty one skipped: a guess, and the ply named was off
        for (String mode : List.of("search", "mate")) {
            post(Map.of("rules", "chu", "mode", mode, "moves", List.of("7i7h,6d6e", "zz"))).then().statusCode(400)
                    .body("type", equalTo("https://kifudb.io/problems/illegal-move"))
                    .body("field", equalTo("moves")).body("ply", equalTo(1)).body("move", equalTo("7i7h,6d6e"));
            post(Map.of("rules", "chu", "mode", mode, "moves", List.of("7i7h", " ", "zz"))).then().statusCode(400)
                    .body("field", equalTo("moves")).body("ply", equalTo(2)).body("move", equalTo(" "));
        }
    }

    @Test
    void aFullQueueAnswers429WithRetryAfter() {
        List<String> started = new ArrayList<>();
        try {
            Response refused = null;
            for (int i = 0; i < 20 && refused == null; i++) {
                Response r = post(Map.of("rules", "chu", "movetime", 60000, "cache", false));
                if (r.statusCode() == 202) started.add(r.path("id"));
                else refused = r;
            }
            assertThat(refused).as("the queue never filled").isNotNull();
            refused.then().statusCode(429).header("Retry-After", org.hamcrest.Matchers.notNullValue())
                    .contentType(startsWith("application/problem+json"));
            assertThat(started).hasSizeLessThanOrEqualTo(1 + 8);
        } finally {
            for (String id : started) given().when().delete("/api/analysis/" + id).then().statusCode(200);
        }
    }

    @Test
    void aWholeGameIsAnalysedPlyByPlyAndStoredWithTheGame() throws Exception {
        String game = Files.readAllLines(Path.of("kifu-corpus/chu/lishogi/lishogi-top-players-10.ndjson")).get(0); // 22 plies
        long id = given().contentType("application/x-ndjson").body(game.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .when().post("/api/games").then().extract().jsonPath().getLong("id");
        List<String> moves = given().when().get("/api/games/" + id).then().extract().jsonPath().getList("moves");
        given().when().get("/api/games/" + id + "/analysis").then().statusCode(404);
        String job = given().queryParam("movetime", 30).when().post("/api/games/" + id + "/analysis").then().statusCode(202)
                .body("kind", equalTo("game")).body("positions", equalTo(moves.size() + 1)).extract().path("id");
        JsonPath done = awaitDone(job);
        assertThat(done.getString("status")).isEqualTo("done");
        assertThat(done.getInt("positionsDone")).isEqualTo(moves.size() + 1);
        JsonPath a = given().when().get("/api/games/" + id + "/analysis").then().statusCode(200).extract().jsonPath();
        List<Map<String, Object>> plies = a.getList("plies");
        assertThat(plies).hasSize(moves.size());
        int blunders = 0, mistakes = 0, inaccuracies = 0;
        for (int i = 0; i < plies.size(); i++) {
            Map<String, Object> p = plies.get(i);
            assertThat(p.get("ply")).isEqualTo(i + 1);
            assertThat(p.get("move")).isEqualTo(moves.get(i));
            assertThat(p.get("score")).as("ply %d", i + 1).isNotNull();
            assertThat((Integer) p.get("loss")).isGreaterThanOrEqualTo(0);
            String j = (String) p.get("judgement");
            if ("blunder".equals(j)) blunders++;
            if ("mistake".equals(j)) mistakes++;
            if ("inaccuracy".equals(j)) inaccuracies++;
            if (j != null) assertThat((Integer) p.get("loss")).isGreaterThanOrEqualTo(50);
        }
        assertThat(a.getInt("blunders")).isEqualTo(blunders);
        assertThat(a.getInt("mistakes")).isEqualTo(mistakes);
        assertThat(a.getInt("inaccuracies")).isEqualTo(inaccuracies);
        assertThat(a.getString("settings")).isEqualTo("movetime=30");
        given().queryParam("movetime", 999999).when().post("/api/games/" + id + "/analysis").then().statusCode(400).body("field", equalTo("movetime"));
        given().when().post("/api/games/99999999/analysis").then().statusCode(404);
    }
}
