package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.TestApiKey;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Real answers of every operation, a success and an error each, validated against the schemas of the
 * committed {@code openapi/openapi.json} ({@link OpenApiAnswers}, which TestApiKey also runs on every answer
 * of the rest of the suite). The tour stores a game, imports, analyses a position and a game, and runs a
 * tiny experiment, so the answers hold real values, nulls included; it ends by checking that no operation
 * of the document went without both.
 */
@QuarkusTest
class OpenApiAnswersTest {
    /** lishogi game gZ0HcfLK (ApiDocs.USI_MOVES): 18 plies, gote wins. */
    private static final String GAME = "7j7h 2d2e 8i8h 11d11e 5i5h 1d1e 6k8i 5d5e 10i10h 6c6e 7h8f 1e1f 8f9e8f 4e4f 7i7h 11e11f 6i6h 6e8f";

    @Test
    void theValidatorRefusesAnswersThatDoNotMatch() {
        OpenApiAnswers answers = OpenApiAnswers.get();
        // a job whose id is a number and whose status is not one of the states
        OpenApiAnswers.Check wrong = answers.check("GET", "/api/analysis/x", 200, "application/json",
                "{\"id\":7,\"status\":\"finished\"}");
        assertThat(wrong.answer()).isEqualTo("GET /api/analysis/{id} 200");
        assertThat(String.join("\n", wrong.problems())).contains("id", "status");
        // a game without its required members, and one whose player is a number
        assertThat(answers.check("GET", "/api/games/3", 200, "application/json", "{\"id\":3}").problems()).isNotEmpty();
        // a status the operation does not document, a media type it does not produce
        assertThat(answers.check("GET", "/api/rules", 418, "application/json", "{}").problems()).isNotEmpty();
        assertThat(answers.check("GET", "/api/rules", 200, "text/html", "<p>").problems()).isNotEmpty();
        // a problem without its type
        assertThat(answers.check("GET", "/api/games/3", 404, "application/problem+json", "{\"status\":404}").problems()).isNotEmpty();
        // outside the document: nothing promised, nothing checked
        assertThat(answers.check("GET", "/test-problems/boom", 500, "application/json", "{}").answer()).isNull();
    }

    @Test
    void everyOperationAnswersAsDocumentedOnSuccessAndOnError() throws Exception {
        // ---- rules
        expect(200, () -> given().when().get("/api/rules"));
        expect(406, () -> given().accept("text/csv").when().get("/api/rules"));
        expect(200, () -> given().when().get("/api/rules/dai13-kumazawa"));
        expect(400, () -> given().when().get("/api/rules/chess"));
        expect(200, () -> given().queryParam("play", "7i7h,6d6e").when().get("/api/rules/chu/moves"));
        // a game over: no moves, and a status with its reason
        expect(200, () -> given().queryParam("sfen", "12/12/12/12/12/12/12/12/12/12/12/5K6 w - 1").when().get("/api/rules/chu/moves"));
        expect(400, () -> given().queryParam("play", "7i7h,7h7g").when().get("/api/rules/chu/moves"));
        expect(200, () -> given().queryParam("rules", "chu").queryParam("play", "7i7h").when().get("/api/positions/diagram.svg"));
        expect(400, () -> given().queryParam("rules", "chu").queryParam("sfen", "x").when().get("/api/positions/diagram.svg"));

        // ---- games: a new one (random, so no other test stored it), the known one again, one refused, a lenient one
        long fresh = expect(201, () -> given().queryParam("rules", "chu-sdin").contentType("text/plain").body(randomGame(40))
                .when().post("/api/games")).jsonPath().getLong("id");
        Response stored = given().queryParam("rules", "chu-lishogi").contentType("text/plain").body(GAME).when().post("/api/games");
        assertThat(stored.statusCode()).as(stored.asString()).isIn(200, 201);
        long id = stored.jsonPath().getLong("id");
        expect(200, () -> given().queryParam("rules", "chu-lishogi").contentType("text/plain").body(GAME).when().post("/api/games"));
        Response lenient = given().queryParam("rules", "chu").queryParam("lenient", true).contentType("text/plain")
                .body("7i7h 6d6e 7h6g").when().post("/api/games");
        assertThat(lenient.statusCode()).as(lenient.asString()).isIn(200, 201);
        expect(422, () -> given().queryParam("rules", "chu").contentType("text/plain").body("7i7h 6d6e 7h6g").when().post("/api/games"));
        expect(400, () -> given().contentType("text/plain").body("").when().post("/api/games"));
        for (String format : List.of("json", "kif", "usi", "lishogi", "csg"))
            expect(200, () -> given().queryParam("format", format).when().get("/api/games/" + id));
        expect(404, () -> given().when().get("/api/games/999999"));
        expect(200, () -> given().when().get("/api/games/" + id + "/positions"));
        expect(404, () -> given().when().get("/api/games/999999/positions"));
        expect(400, () -> given().queryParam("format", "pgn").when().get("/api/games/" + id));
        expect(200, () -> given().queryParam("rules", "chu-lishogi").queryParam("result", "gote").when().get("/api/games"));
        expect(400, () -> given().queryParam("size", 0).when().get("/api/games"));

        // ---- positions
        expect(200, () -> given().queryParam("rules", "chu-lishogi").queryParam("play", "7j7h").when().get("/api/positions/games"));
        expect(200, () -> given().queryParam("rules", "chu-lishogi").queryParam("play", "7j7h").queryParam("kind", "game")
                .when().get("/api/positions/games"));
        expect(400, () -> given().queryParam("play", "7j7h").when().get("/api/positions/games"));
        expect(400, () -> given().queryParam("rules", "chu-lishogi").queryParam("kind", "games").when().get("/api/positions/games"));
        expect(200, () -> given().queryParam("rules", "chu-lishogi").when().get("/api/explorer"));
        expect(200, () -> given().queryParam("rules", "chu-lishogi").queryParam("kind", "problem").when().get("/api/explorer"));
        expect(400, () -> given().queryParam("rules", "chu-lishogi").queryParam("sort", "elo").when().get("/api/explorer"));
        expect(400, () -> given().queryParam("rules", "chu-lishogi").queryParam("kind", "puzzle").when().get("/api/explorer"));
        expect(200, () -> given().contentType("application/json")
                .body(Map.of("rules", "chu-lishogi", "pieces", List.of(Map.of("piece", "N")), "result", "gote")).when().post("/api/positions/search"));
        expect(200, () -> given().contentType("application/json")
                .body(Map.of("rules", "chu-lishogi", "pieces", List.of(Map.of("piece", "N")), "kind", "game")).when().post("/api/positions/search"));
        expect(400, () -> given().contentType("application/json")
                .body(Map.of("rules", "chu-lishogi", "pieces", List.of(Map.of("piece", "Z")))).when().post("/api/positions/search"));
        expect(400, () -> given().contentType("application/json")
                .body(Map.of("rules", "chu-lishogi", "kind", "puzzle")).when().post("/api/positions/search"));

        // ---- imports: a body with a stored record, a new one and a broken one
        Response job = expect(202, () -> given().queryParam("rules", "chu-lishogi").queryParam("name", "tour.txt")
                .contentType("text/plain").body(GAME + "\n7j7h 5d5e\n7i7h 6d6e 7h6g\n").when().post("/api/imports"));
        long importId = job.jsonPath().getLong("id");
        awaitImport(importId);
        expect(202, () -> given().multiPart("file", "tour.txt", "7j7h 5d5e 7h7g".getBytes(StandardCharsets.UTF_8), "text/plain")
                .when().post("/api/imports"));
        expect(400, () -> given().contentType("application/x-ndjson").body(new byte[0]).when().post("/api/imports"));
        expect(200, () -> given().queryParam("outcome", "failed").when().get("/api/imports/" + importId));
        expect(200, () -> given().when().get("/api/imports/" + importId));
        expect(404, () -> given().when().get("/api/imports/999999"));
        expect(200, () -> given().queryParam("size", 2).when().get("/api/imports"));
        expect(400, () -> given().queryParam("page", -1).when().get("/api/imports"));
        expect(200, () -> given().accept("text/event-stream").when().get("/api/imports/" + importId + "/events"));
        expect(404, () -> given().when().get("/api/imports/999999/events"));
        // a cancel of a finished job leaves it as it is
        assertThat(expect(200, () -> given().when().delete("/api/imports/" + importId)).jsonPath().getString("status")).isEqualTo("done");
        expect(404, () -> given().when().delete("/api/imports/999999"));

        // ---- analysis: a position, and the whole stored game
        Response analysis = expect(202, () -> given().contentType("application/json")
                .body(Map.of("rules", "chu", "moves", List.of("7i7h", "6d6e"), "depth", 2, "multiPv", 2, "cache", false)).when().post("/api/analysis"));
        String analysisId = analysis.jsonPath().getString("id");
        awaitAnalysis(analysisId);
        expect(200, () -> given().when().get("/api/analysis/" + analysisId));
        expect(200, () -> given().contentType("application/json")
                .body(Map.of("rules", "chu", "moves", List.of("7i7h", "6d6e"), "depth", 2, "multiPv", 2)).when().post("/api/analysis"));
        expect(400, () -> given().contentType("application/json").body(Map.of("rules", "chu", "depth", 0)).when().post("/api/analysis"));
        expect(422, () -> given().contentType("application/json")
                .body(Map.of("rules", "chu", "sfen", "12/12/12/12/12/12/12/12/12/12/12/5K6 w - 1")).when().post("/api/analysis"));
        expect(200, () -> given().accept("text/event-stream").when().get("/api/analysis/" + analysisId + "/events"));
        expect(404, () -> given().when().get("/api/analysis/nope/events"));
        expect(404, () -> given().when().get("/api/analysis/nope"));
        expect(200, () -> given().when().delete("/api/analysis/" + analysisId));
        expect(404, () -> given().when().delete("/api/analysis/nope"));
        expect(200, () -> given().queryParam("rules", "chu").queryParam("play", "7i7h,6d6e").queryParam("multiPv", 2).when().get("/api/evals"));
        // no search of the 13x13 start with ten lines is cached by any test
        expect(404, () -> given().queryParam("rules", "dai13-kumazawa").queryParam("multiPv", 10).when().get("/api/evals"));
        expect(400, () -> given().queryParam("rules", "chu").queryParam("multiPv", 0).when().get("/api/evals"));
        expect(200, () -> given().contentType("application/json").body(Map.of("rules", "chu", "multiPv", 2,
                "positions", List.of(Map.of("moves", List.of("7i7h", "6d6e")), Map.of()))).when().post("/api/evals/batch"));
        expect(400, () -> given().contentType("application/json").body(Map.of("rules", "chu",
                "positions", List.of(Map.of("moves", List.of("7i7h", "7h7g"))))).when().post("/api/evals/batch"));

        expect(404, () -> given().when().get("/api/games/" + fresh + "/analysis"));
        expect(404, () -> given().when().get("/api/games/999999/analysis"));
        Response gameJob = expect(202, () -> given().queryParam("depth", 1).queryParam("movetime", 50).when().post("/api/games/" + id + "/analysis"));
        awaitAnalysis(gameJob.jsonPath().getString("id"));
        expect(200, () -> given().when().get("/api/games/" + id + "/analysis"));
        expect(400, () -> given().queryParam("movetime", 0).when().post("/api/games/" + id + "/analysis"));
        expect(404, () -> given().when().post("/api/games/999999/analysis"));

        // ---- experiments: the smallest one, cancelled and read back
        Response experiment = expect(202, () -> given().contentType("application/json")
                .body(Map.of("rules", List.of("chu", "chu-lishogi"), "games", 1, "nodes", 200, "maxPlies", 20)).when().post("/api/experiments"));
        String experimentId = experiment.jsonPath().getString("id");
        expect(200, () -> given().when().delete("/api/experiments/" + experimentId));
        awaitExperiment(experimentId);
        expect(200, () -> given().when().get("/api/experiments/" + experimentId));
        expect(400, () -> given().contentType("application/json").body(Map.of("rules", List.of("chu"))).when().post("/api/experiments"));
        expect(404, () -> given().when().get("/api/experiments/nope"));
        expect(404, () -> given().when().delete("/api/experiments/nope"));

        // ---- puzzles: a scan of one game (cancelled, or left as it is if it has finished), and the list
        Response scan = expect(202, () -> given().contentType("application/json").body(Map.of("rules", "chu-lishogi", "games", List.of(id), "nodes", 200))
                .when().post("/api/puzzles/scan"));
        String scanId = scan.jsonPath().getString("id");
        expect(200, () -> given().when().get("/api/puzzles/scan/" + scanId));
        expect(404, () -> given().when().get("/api/puzzles/scan/nope"));
        expect(200, () -> given().when().delete("/api/puzzles/scan/" + scanId));
        expect(404, () -> given().when().delete("/api/puzzles/scan/nope"));
        expect(400, () -> given().contentType("application/json").body(Map.of("rules", "chu", "nodes", 0)).when().post("/api/puzzles/scan"));
        expect(200, () -> given().queryParam("rules", "chu").when().get("/api/puzzles"));
        expect(400, () -> given().queryParam("rules", "chu").queryParam("theme", "fork").when().get("/api/puzzles"));

        // ---- auth: a write without a key, with a wrong one
        TestApiKey.sendNoKey();
        expect(401, () -> given().contentType("text/plain").body(GAME).when().post("/api/games"));
        TestApiKey.useKey();
        expect(403, () -> given().header("Authorization", "Bearer wrong").when().delete("/api/experiments/nope"));

        // every operation of the document answered at least one success and one error, each as documented
        Set<String> checked = OpenApiAnswers.get().checked();
        List<String> uncovered = new ArrayList<>();
        for (String op : OpenApiAnswers.get().operations()) {
            if (checked.stream().noneMatch(c -> c.startsWith(op + " 2"))) uncovered.add(op + ": no success checked");
            if (checked.stream().noneMatch(c -> c.startsWith(op + " 4"))) uncovered.add(op + ": no error checked");
        }
        assertThat(uncovered).isEmpty();
    }

    /** Random legal moves from the Chu start, seeded anew each run. */
    private static String randomGame(int plies) {
        java.util.Random random = new java.util.Random(System.nanoTime());
        io.kifudb.rules.Position pos = io.kifudb.rules.Position.start(io.kifudb.rules.RuleSet.byId("chu-sdin"));
        List<String> moves = new ArrayList<>();
        for (int i = 0; i < plies && pos.status().isOngoing(); i++) {
            int[] legal = pos.legalMoves();
            String usi = pos.usi(legal[random.nextInt(legal.length)]);
            pos.play(usi);
            moves.add(usi);
        }
        return String.join(" ", moves);
    }

    /** Sends the request (OpenApiAnswers checks its answer on the way back) and expects the status. */
    private static Response expect(int status, Supplier<Response> request) {
        Response r = request.get();
        assertThat(r.statusCode()).as(r.asString()).isEqualTo(status);
        return r;
    }

    private static void awaitImport(long id) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            String s = given().when().get("/api/imports/" + id).then().extract().path("status");
            if (s.equals("done") || s.equals("failed")) return;
            Thread.sleep(50);
        }
        throw new AssertionError("import " + id + " did not finish");
    }

    private static void awaitAnalysis(String id) throws InterruptedException {
        for (int i = 0; i < 1200; i++) {
            String s = given().when().get("/api/analysis/" + id).then().extract().path("status");
            if (!s.equals("queued") && !s.equals("running")) return;
            Thread.sleep(50);
        }
        throw new AssertionError("analysis " + id + " did not finish");
    }

    private static void awaitExperiment(String id) throws InterruptedException {
        for (int i = 0; i < 1200; i++) {
            String s = given().when().get("/api/experiments/" + id).then().extract().path("status");
            if (!s.equals("queued") && !s.equals("running")) return;
            Thread.sleep(50);
        }
        throw new AssertionError("experiment " + id + " did not finish");
    }
}
