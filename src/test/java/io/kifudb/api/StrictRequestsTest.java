package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Requests the service does not understand are refused with a problem that names what is wrong, over real
 * HTTP, for every class of mistake: a query parameter or body field nobody declared (with the closest
 * known name), a value outside a fixed list (with the list), a parameter given twice, numbers and JSON that
 * do not mean one thing. The checks that hold for every operation walk the served OpenAPI document, so a new
 * operation is covered without being named here. (The key scheme and the anonymous quota are in
 * WriteAuthTest and AnalysisResourceTest, configuration mistakes in cli.ConfigurationErrorsIT.)
 */
@QuarkusTest
class StrictRequestsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String UNKNOWN_PARAMETER = "https://kifudb.io/problems/unknown-parameter";
    private static final String UNKNOWN_FIELD = "https://kifudb.io/problems/unknown-field";

    private JsonNode doc;

    @BeforeEach
    void load() throws Exception {
        doc = JSON.readTree(given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200).extract().asString());
    }

    // ---------------------------------------------------------------- query parameters

    /**
     * Position reads take the moves in the URL, so the request line may be long (application.properties:
     * 64 KB, some 9,000 plies): a line of 60,000 characters reaches the service, which then judges its
     * parameters; one over the limit is refused before it by the HTTP server, with a bare 414 that the API
     * document does not list (so without the filter that checks answers against it).
     */
    @Test
    void aRequestLineOfUpTo64KilobytesReachesTheService() {
        given().queryParam("bogus", "a".repeat(60_000)).when().get("/api/rules/chu-lishogi/moves")
                .then().statusCode(400).body("type", equalTo(UNKNOWN_PARAMETER)).body("field", equalTo("bogus"));
        given().noFilters().queryParam("bogus", "a".repeat(70_000)).when().get("/api/rules/chu-lishogi/moves").then().statusCode(414);
    }

    @Test
    void everyOperationRefusesAQueryParameterItDoesNotDeclareAndTakesEveryOneItDoes() {
        List<String> wrong = new ArrayList<>();
        eachOperation((name, op) -> {
            String method = name.substring(0, name.indexOf(' '));
            String path = name.substring(name.indexOf(' ') + 1).replaceAll("\\{[^}]+}", "1");
            Response r = withBody(given(), op).queryParam("bogusParameter", "1").when().request(method, path);
            if (r.statusCode() != 400 || !UNKNOWN_PARAMETER.equals(r.path("type")) || !"bogusParameter".equals(r.path("field")))
                wrong.add(name + " with ?bogusParameter: " + r.statusCode() + " " + r.asString());
            // each parameter the document declares is one the service knows (whatever it then says of the value)
            for (JsonNode p : op.path("parameters")) {
                if (!p.path("in").asText().equals("query")) continue;
                String param = p.path("name").asText();
                Response known = withBody(given(), op).queryParam(param, "x").when().request(method, path);
                if (UNKNOWN_PARAMETER.equals(known.path("type")))
                    wrong.add(name + ": the documented parameter '" + param + "' is refused as unknown");
            }
        });
        assertThat(wrong).isEmpty();
    }

    @Test
    void anUnknownParameterNamesTheOneMeant() {
        // the explorer's moves are `play` (an analysis body calls them `moves`): not the start position's answer
        unknownParameter(given().queryParam("rules", "chu").queryParam("moves", "7i7h"), "/api/explorer", "moves", "play");
        unknownParameter(given().queryParam("rules", "chu").queryParam("moves", "7i7h"), "/api/positions/games", "moves", "play");
        // letter case, a slip, another API's word
        unknownParameter(given().queryParam("rules", "chu").queryParam("multipv", "2"), "/api/evals", "multipv", "multiPv");
        unknownParameter(given().queryParam("palyer", "Kuri"), "/api/games", "palyer", "player");
        unknownParameter(given().queryParam("limit", "5"), "/api/games", "limit", "size");
        unknownParameter(given().queryParam("fen", "x"), "/api/rules/chu/moves", "fen", "sfen");
        // nothing close: no guess, but the list of what the operation takes
        given().queryParam("rules", "chu").queryParam("colour", "black").when().get("/api/explorer").then().statusCode(400)
                .body("type", equalTo(UNKNOWN_PARAMETER)).body("field", equalTo("colour"))
                .body("detail", equalTo("unknown query parameter 'colour'; this operation takes: kind, page, play, rules, sfen, size, sort"));
        // an operation without query parameters says so
        given().queryParam("rules", "chu").when().get("/api/rules").then().statusCode(400)
                .body("detail", containsString("this operation takes none"));
    }

    @Test
    void aParameterGivenTwiceIsRefusedRatherThanHalfRead() {
        given().queryParam("rules", "chu", "chu-sdin").when().get("/api/explorer").then().statusCode(400)
                .body("field", equalTo("rules")).body("detail", containsString("given 2 times"));
        given().queryParam("play", "7i7h").queryParam("play", "6d6e").when().get("/api/rules/chu/moves").then().statusCode(400)
                .body("field", equalTo("play"));
    }

    @Test
    void aParameterThatIsNotOfItsTypeIsRefusedNamingIt() {
        // the conversion failed inside the framework, which could not say which parameter it was converting
        invalidParameter(given().queryParam("rules", "chu").queryParam("multiPv", "abc"), "get", "/api/evals", "multiPv",
                "the query parameter 'multiPv' must be a whole number, not 'abc'");
        invalidParameter(given().queryParam("rules", "chu").queryParam("size", "99999999999"), "get", "/api/puzzles", "size",
                "the query parameter 'size' must be a whole number from -2147483648 to 2147483647, not '99999999999'");
        invalidParameter(given().queryParam("rules", "chu").queryParam("page", "1.5"), "get", "/api/puzzles", "page",
                "the query parameter 'page' must be a whole number, not '1.5'");
        invalidParameter(given(), "get", "/api/games/abc", "id", "the path parameter 'id' must be a whole number, not 'abc'");
        invalidParameter(given().queryParam("depth", "deep"), "post", "/api/games/1/analysis", "depth",
                "the query parameter 'depth' must be a whole number, not 'deep'");
        // Boolean.parseBoolean read anything but "true" as false: a guess
        invalidParameter(given().queryParam("rules", "chu").queryParam("lenient", "yes").contentType("application/json")
                .body("{\"moves\":[\"7i7h\",\"7i7h\"]}"), "post", "/api/games", "lenient",
                "the query parameter 'lenient' must be true or false, not 'yes'");
        // "+1" is a whole number: taken, and answered as any lookup is (a position no other test analyses, so not cached)
        given().queryParam("rules", "chu").queryParam("play", "12i12h,1d1e").queryParam("multiPv", "+1").when().get("/api/evals")
                .then().statusCode(404);
    }

    private static void invalidParameter(RequestSpecification request, String method, String path, String field, String detail) {
        request.when().request(method, path).then().statusCode(400)
                .contentType(org.hamcrest.Matchers.startsWith("application/problem+json"))
                .body("type", equalTo("https://kifudb.io/problems/bad-request"))
                .body("title", equalTo("Invalid parameter"))
                .body("field", equalTo(field))
                .body("detail", equalTo(detail));
    }

    /** A small body of a media type the operation takes (not multipart), so that it is the one matched. */
    private static RequestSpecification withBody(RequestSpecification request, JsonNode op) {
        JsonNode content = op.path("requestBody").path("content");
        if (content.isMissingNode()) return request;
        if (content.has("application/json")) return request.contentType("application/json").body("{}");
        if (content.has("text/plain")) return request.contentType("text/plain").body("x");
        return request;
    }

    private static void unknownParameter(RequestSpecification request, String path, String given, String meant) {
        request.when().get(path).then().statusCode(400)
                .body("type", equalTo(UNKNOWN_PARAMETER))
                .body("field", equalTo(given))
                .body("detail", containsString("'" + given + "' (did you mean '" + meant + "'?)"));
    }

    // ---------------------------------------------------------------- body fields

    @Test
    void anUnknownBodyFieldIsRefusedWithItsPathAndTheFieldMeant() {
        unknownField("/api/analysis", Map.of("rules", "chu", "play", List.of("7i7h")), "play", "moves");
        unknownField("/api/analysis", Map.of("rules", "chu", "multipv", 2), "multipv", "multiPv");
        unknownField("/api/positions/search", Map.of("rules", "chu", "piece", "N"), "piece", "pieces");
        unknownField("/api/positions/search", Map.of("rules", "chu", "pieces", List.of(Map.of("piece", "N", "square", "8f"))),
                "pieces[0].square", "squares");
        unknownField("/api/positions/search", Map.of("rules", "chu", "material", List.of(Map.of("piece", "N", "minimum", 1))),
                "material[0].minimum", "min");
        unknownField("/api/experiments", Map.of("rules", List.of("chu", "chu-lishogi"), "game", 2), "game", "games");
        // and the known fields are listed
        given().contentType("application/json").body(Map.of("rules", "chu", "colour", "black")).when().post("/api/positions/search")
                .then().statusCode(400).body("detail", containsString("known fields: absent, empty, event, from, gote, kind, material, page, pieces"));
    }

    private static void unknownField(String path, Map<String, ?> body, String field, String meant) {
        given().contentType("application/json").body(body).when().post(path).then().statusCode(400)
                .body("type", equalTo(UNKNOWN_FIELD))
                .body("field", equalTo(field))
                .body("detail", containsString("'" + field + "' (did you mean '" + meant + "'?)"));
    }

    @Test
    void jsonThatDoesNotMeanOneThingIsRefused() {
        // a key twice: which depth?
        invalidJson("{\"rules\":\"chu\",\"depth\":3,\"depth\":30}", "Duplicate field 'depth'");
        // a fraction where a whole number is meant: not quietly 5
        invalidJson("{\"rules\":\"chu\",\"depth\":5.5}", "a whole number is expected, got 5.5");
        // a second value after the first
        invalidJson("{\"rules\":\"chu\",\"depth\":3} {\"depth\":30}", "the body holds more after its JSON value");
    }

    @Test
    void aValueOfAnotherJsonTypeIsRefusedNotConverted() {
        // Jackson would read "8" as 8, 7 as "7", "yes" and 1 as booleans: guesses at what the client meant
        wrongJsonType("{\"rules\":\"chu\",\"depth\":\"8\"}", "depth", "a whole number is expected, got \"8\"");
        wrongJsonType("{\"rules\":\"chu\",\"nodes\":\"\"}", "nodes", "a whole number is expected, got \"\"");
        wrongJsonType("{\"rules\":\"chu\",\"moves\":[\"7i7h\",7]}", "moves[1]", "a string is expected, got 7");
        wrongJsonType("{\"rules\":\"chu\",\"cache\":\"yes\"}", "cache", "true or false is expected, got \"yes\"");
        wrongJsonType("{\"rules\":\"chu\",\"cache\":1}", "cache", "true or false is expected, got 1");
        wrongJsonType("{\"rules\":true}", "rules", "a string is expected, got true");
        // a value of another kind altogether, or a body that is no object
        wrongJsonType("{\"rules\":\"chu\",\"depth\":[8]}", "depth", "a whole number is expected, got an array");
        wrongJsonType("{\"rules\":\"chu\",\"moves\":{}}", "moves", "an array is expected, got an object");
        wrongJsonType("[]", null, "an object is expected, got an array");
        wrongJsonType("7", null, "an object is expected, got 7");
        // a key given twice is named too, at the top level as inside
        wrongJsonType("{\"rules\":\"chu\",\"rules\":\"dai\"}", "rules", "Duplicate field 'rules'");
        // the same values of their own types are taken
        // (a position no other test analyses: its evaluation is cached for the rest of the run)
        given().contentType("application/json").body("{\"rules\":\"chu\",\"depth\":1,\"cache\":false,\"moves\":[\"1i1h\",\"12d12e\"]}")
                .when().post("/api/analysis").then().statusCode(202);
    }

    private static void wrongJsonType(String body, String field, String detail) {
        given().contentType("application/json").body(body).when().post("/api/analysis").then().statusCode(400)
                .contentType("application/problem+json")
                .body("type", equalTo("https://kifudb.io/problems/invalid-json"))
                .body("field", equalTo(field))
                .body("detail", equalTo(detail));
    }

    private static void invalidJson(String body, String detail) {
        given().contentType("application/json").body(body).when().post("/api/analysis").then().statusCode(400)
                .body("type", equalTo("https://kifudb.io/problems/invalid-json")).body("detail", equalTo(detail));
    }

    @Test
    void recordFilesStayAsPermissiveAsTheirFormats() throws Exception {
        // a lishogi export line as lishogi writes it: players, clock, dates and more that no reader here needs
        String line = Files.readAllLines(Path.of("kifu-corpus/chu/lishogi/lishogi-top-players-10.ndjson")).get(0);
        Map<String, Object> export = JSON.readValue(line, Map.class);
        Map<String, Object> full = new HashMap<>(export);
        full.put("rated", true);
        full.put("speed", "correspondence");
        full.put("createdAt", 1700000000000L);
        full.put("players", Map.of("sente", Map.of("user", Map.of("name", "a")), "gote", Map.of("user", Map.of("name", "b"))));
        full.put("clock", Map.of("initial", 600, "increment", 10));
        String body = JSON.writeValueAsString(full);
        Response one = given().queryParam("rules", "chu-sdin").contentType("application/x-ndjson").body(body.getBytes(StandardCharsets.UTF_8))
                .when().post("/api/games");
        assertThat(one.statusCode()).as(one.asString()).isIn(200, 201);
        long id = given().queryParam("rules", "chu-sdin").contentType("application/x-ndjson")
                .body((body + "\n" + body + "\n").getBytes(StandardCharsets.UTF_8))
                .when().post("/api/imports").then().statusCode(202).extract().jsonPath().getLong("id");
        String status = "queued";
        for (int i = 0; i < 400 && (status.equals("queued") || status.equals("running")); i++) {
            Thread.sleep(50);
            status = given().when().get("/api/imports/" + id).then().extract().path("status");
        }
        given().when().get("/api/imports/" + id).then().statusCode(200).body("status", equalTo("done"))
                .body("failed", equalTo(0)).body("duplicates", equalTo(2));
    }

    // ---------------------------------------------------------------- fixed lists of values

    @Test
    void everyParameterWithAFixedListOfValuesRefusesAnotherAndListsThem() {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, JsonNode> e : enumParameters().entrySet()) {
            String[] where = e.getKey().split(" ");
            String method = where[0], path = where[1].replaceAll("\\{[^}]+}", "1"), param = where[2];
            Response r = given().queryParam("rules", "chu-lishogi").queryParam(param, "bogus-value").when().request(method, path);
            // rules is required on some of these operations and refused on others: ask without it there
            if (UNKNOWN_PARAMETER.equals(r.path("type")))
                r = given().queryParam(param, "bogus-value").when().request(method, path);
            checked++;
            String detail = r.path("detail");
            if (r.statusCode() != 400 || !param.equals(r.path("field")) || detail == null) {
                wrong.add(e.getKey() + ": " + r.statusCode() + " " + r.asString());
                continue;
            }
            for (JsonNode v : e.getValue()) {
                String value = v.asText().replaceFirst("^-", "");
                if (!detail.contains(value)) wrong.add(e.getKey() + ": the problem does not list '" + value + "': " + detail);
            }
        }
        assertThat(wrong).isEmpty();
        // result, format, outcome, and the sort of the position searches at least
        assertThat(checked).isGreaterThanOrEqualTo(5);
    }

    @Test
    void fixedListsInBodiesAndRuleSetsAreCheckedTheSameWay() {
        for (Map.Entry<String, String> f : Map.of("sideToMove", "black", "result", "win", "kind", "puzzle", "sort", "elo").entrySet())
            given().contentType("application/json").body(Map.of("rules", "chu", f.getKey(), f.getValue())).when().post("/api/positions/search")
                    .then().statusCode(400).body("field", equalTo(f.getKey())).body("detail", containsString("accepted: "));
        // an unknown rule set: every id it could have been, and the one it most likely was
        given().queryParam("rules", "chuu").when().get("/api/explorer").then().statusCode(400)
                .body("type", equalTo("https://kifudb.io/problems/unknown-rule-set"))
                .body("detail", equalTo("no rule set with id 'chuu' (did you mean 'chu'?); accepted: chu, chu-sdin, chu-lishogi, "
                        + "dai13-kumazawa, shodoshu2017, shodoshu2017-prev"));
        // GET /api/games?result=win is a mistake, not an empty page
        given().queryParam("result", "win").when().get("/api/games").then().statusCode(400)
                .body("detail", equalTo("unknown result 'win'; accepted: sente, gote, draw, ongoing"));
    }

    /** "GET /api/games result" -> its enum, for every query parameter of the document that has one. */
    private Map<String, JsonNode> enumParameters() {
        Map<String, JsonNode> out = new HashMap<>();
        eachOperation((name, op) -> {
            for (JsonNode p : op.path("parameters")) {
                JsonNode values = p.path("schema").path("enum");
                if (p.path("in").asText().equals("query") && values.isArray()) out.put(name + " " + p.path("name").asText(), values);
            }
        });
        return out;
    }

    // ---------------------------------------------------------------- answers that must say what is there

    @Test
    void theAnalysisOfAGameThatDoesNotExistIsNoSuchGame() {
        given().when().get("/api/games/987654/analysis").then().statusCode(404)
                .body("title", equalTo("No such game")).body("detail", equalTo("no game with id 987654"));
        Response stored = given().queryParam("rules", "chu-sdin").contentType("text/plain").body("7i7h 5d5e 7h7g").when().post("/api/games");
        assertThat(stored.statusCode()).as(stored.asString()).isIn(200, 201);
        long id = stored.jsonPath().getLong("id");
        given().when().get("/api/games/" + id + "/analysis").then().statusCode(404)
                .body("title", equalTo("No analysis")).body("detail", containsString("has not been analysed"));
    }

    @Test
    void aCachedEvaluationSaysHowManyLinesItGives() throws Exception {
        String id = given().contentType("application/json")
                .body(Map.of("rules", "chu-sdin", "moves", List.of("7i7h", "5d5e"), "depth", 2, "multiPv", 3, "cache", false))
                .when().post("/api/analysis").then().statusCode(202).extract().path("id");
        String status = "queued";
        for (int i = 0; i < 600 && (status.equals("queued") || status.equals("running")); i++) {
            Thread.sleep(50);
            status = given().when().get("/api/analysis/" + id).then().extract().path("status");
        }
        assertThat(status).isEqualTo("done");
        for (int lines = 1; lines <= 3; lines++)
            given().queryParam("rules", "chu-sdin").queryParam("play", "7i7h,5d5e").queryParam("multiPv", lines)
                    .when().get("/api/evals").then().statusCode(200)
                    .body("multiPv", equalTo(lines)).body("pvs", hasSize(lines));
    }

    // ---------------------------------------------------------------- walking the document

    private void eachOperation(BiConsumer<String, JsonNode> action) {
        for (Iterator<Map.Entry<String, JsonNode>> paths = doc.path("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            if (!path.getKey().startsWith("/api/")) continue;
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext(); ) {
                Map.Entry<String, JsonNode> op = ops.next();
                if (List.of("get", "post", "delete", "put", "patch").contains(op.getKey()))
                    action.accept(op.getKey().toUpperCase() + " " + path.getKey(), op.getValue());
            }
        }
    }
}
