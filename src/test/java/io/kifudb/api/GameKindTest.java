package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kifudb.notation.GameRecord;
import io.kifudb.notation.LishogiRecords;
import io.kifudb.notation.RecordFormatException;
import io.kifudb.notation.Records;
import io.kifudb.rules.RuleSet;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A record's kind (a played game or a composed problem) over real HTTP: read from the JSON record's
 * {@code kind}, stored, given in every game answer, filtered by {@code GET /api/games?kind=}, kept by our JSON,
 * and an unknown kind refused naming the field.
 */
@QuarkusTest
class GameKindTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path PROBLEMS = Path.of("kifu-corpus/problems");

    /** The shipped problem record of that id, as its line. */
    private static String problemLine(String id) throws Exception {
        Path file = PROBLEMS.resolve(id.startsWith("jh85-") ? "jh85-chushogi-tsume.ndjson" : "chushogilite-historic-puzzles.ndjson");
        for (String line : Files.readAllLines(file))
            if (line.startsWith("{") && JSON.readTree(line).path("id").asText().equals(id)) return line;
        throw new AssertionError("no problem " + id + " in " + PROBLEMS);
    }

    private static JsonPath post(String contentType, String body) {
        return given().contentType(contentType).body(body.getBytes(StandardCharsets.UTF_8)).when().post("/api/games").then()
                .statusCode(anyOf(is(200), is(201))).extract().jsonPath();
    }

    /** The ids of every stored game of that kind (all pages). */
    private static List<Long> idsOfKind(String kind) {
        List<Long> ids = new ArrayList<>();
        for (int page = 0; ; page++) {
            JsonPath p = given().queryParam("kind", kind).queryParam("size", 200).queryParam("page", page).when().get("/api/games")
                    .then().statusCode(200).extract().jsonPath();
            assertThat(p.getList("games.kind", String.class)).as("kind=%s lists only that kind", kind).containsOnly(kind);
            ids.addAll(p.getList("games.id", Long.class));
            if ((long) (page + 1) * 200 >= p.getLong("total")) return ids;
        }
    }

    private static long total() {
        return given().queryParam("size", 1).when().get("/api/games").then().statusCode(200).extract().jsonPath().getLong("total");
    }

    @Test
    void aProblemRecordIsStoredAsAProblemAndListedOnlyAsOne() throws Exception {
        JsonPath problem = post("application/x-ndjson", problemLine("chushogilite-C12"));
        assertThat(problem.getString("kind")).isEqualTo("problem");
        assertThat(problem.getString("sourceId")).isEqualTo("chushogilite-C12");
        String series = problem.getString("event");
        long problemId = problem.getLong("id");
        // A lishogi game has no kind: it is a game.
        String lishogi = Files.readAllLines(Path.of("kifu-corpus/chu/lishogi/lishogi-top-players-10.ndjson")).get(2);
        JsonPath game = post("application/x-ndjson", lishogi);
        assertThat(game.getString("kind")).isEqualTo("game");
        long gameId = game.getLong("id");

        given().when().get("/api/games/" + problemId).then().statusCode(200).body("kind", equalTo("problem"));
        List<Long> problems = idsOfKind("problem"), games = idsOfKind("game");
        assertThat(problems).contains(problemId).doesNotContain(gameId);
        assertThat(games).contains(gameId).doesNotContain(problemId);
        // Without kind, every kind (existing clients see what they saw before).
        assertThat(total()).isEqualTo(problems.size() + games.size());
        // kind combines with the other filters.
        given().queryParam("kind", "problem").queryParam("event", series).queryParam("size", 200)
                .when().get("/api/games").then().statusCode(200).body("games.id", org.hamcrest.Matchers.hasItem((int) problemId));
        given().queryParam("kind", "game").queryParam("event", series)
                .when().get("/api/games").then().statusCode(200).body("total", equalTo(0));
    }

    @Test
    void anUnknownKindFilterIs400NamingItAndItsValues() {
        given().queryParam("kind", "puzzle").when().get("/api/games").then().statusCode(400)
                .contentType(org.hamcrest.Matchers.startsWith("application/problem+json"))
                .body("field", equalTo("kind"))
                .body("detail", containsString("'puzzle'"))
                .body("detail", containsString("accepted: game, problem"));
        given().queryParam("kind", "Problem").when().get("/api/games").then().statusCode(400).body("field", equalTo("kind"));
    }

    @Test
    void ourJsonKeepsTheKindBothWays() throws Exception {
        long id = post("application/x-ndjson", problemLine("jh85-tsukuri13")).getLong("id");
        // The API's game JSON reads back as a problem record ...
        String exported = given().queryParam("format", "json").when().get("/api/games/" + id).then().statusCode(200)
                .body("kind", equalTo("problem")).extract().asString();
        GameRecord back = Records.read("export", exported).get(0);
        assertThat(back.kind()).isEqualTo(GameRecord.Kind.PROBLEM);
        // ... and sent back, it is the same stored problem.
        JsonPath again = post("application/json", exported);
        assertThat(again.getLong("id")).isEqualTo(id);
        assertThat(again.getBoolean("duplicate")).isTrue();
        // Our record JSON writes kind for a problem and leaves it out for a game; both read back as they were.
        GameRecord problem = LishogiRecords.read("p", problemLine("jh85-tsukuri13")).get(0);
        assertThat(problem.kind()).isEqualTo(GameRecord.Kind.PROBLEM);
        String written = Records.toJson(problem, RuleSet.CHU);
        assertThat(JSON.readTree(written).path("kind").asText()).isEqualTo("problem");
        assertThat(Records.read("w", written).get(0).kind()).isEqualTo(GameRecord.Kind.PROBLEM);
        GameRecord game = Records.read("g", "7i7h 6d6e").get(0);
        assertThat(game.kind()).isEqualTo(GameRecord.Kind.GAME);
        String gameJson = Records.toJson(game, RuleSet.CHU);
        assertThat(JSON.readTree(gameJson).has("kind")).isFalse();
        assertThat(Records.read("g", gameJson).get(0).kind()).isEqualTo(GameRecord.Kind.GAME);
    }

    @Test
    void aRecordOfAnUnknownKindIsRefusedNamingTheFieldAndItsLine() throws Exception {
        ObjectNode riddle = (ObjectNode) JSON.readTree(problemLine("jh85-tsukuri14"));
        riddle.put("kind", "riddle");
        long before = total();
        // One JSON line (as NDJSON): refused at its line, nothing stored.
        given().contentType("application/x-ndjson").body(JSON.writeValueAsBytes(riddle)).when().post("/api/games").then()
                .statusCode(400).body("type", equalTo("https://kifudb.io/problems/invalid-record"))
                .body("detail", containsString("'kind'")).body("detail", containsString("\"riddle\""))
                .body("line", equalTo(1));
        // Our JSON over several lines: the line of the kind field.
        String document = "{\"rules\": \"chu\",\n \"initialSfen\": \"" + riddle.path("initial_sfen").asText() + "\",\n"
                + " \"kind\": \"riddle\",\n \"moves\": \"" + riddle.path("moves").asText() + "\"}";
        given().contentType("application/json").body(document).when().post("/api/games").then()
                .statusCode(400).body("detail", containsString("'kind'")).body("line", equalTo(3));
        // Not a string.
        riddle.put("kind", 1);
        given().contentType("application/json").body(JSON.writeValueAsBytes(riddle)).when().post("/api/games").then()
                .statusCode(400).body("detail", containsString("field 'kind' must be a string"));
        // A file of records: the record and line of the bad one.
        String file = problemLine("jh85-tsukuri14") + "\n\n" + problemLine("jh85-tsukuri15").replace("\"kind\": \"problem\"", "\"kind\": \"riddle\"");
        assertThatThrownBy(() -> LishogiRecords.read("f.ndjson", file)).isInstanceOfSatisfying(RecordFormatException.class, e -> {
            assertThat(e.line).isEqualTo(3);
            assertThat(e.record).isEqualTo(2);
            assertThat(e.getMessage()).contains("'kind'").contains("must be \"game\" or \"problem\", not \"riddle\"");
        });
        assertThat(total()).as("nothing stored").isEqualTo(before);
    }

    @Test
    void aBulkImportStoresProblemsAsProblemsAndFailsTheRecordOfAnUnknownKindAtItsLine() throws Exception {
        String file = problemLine("chushogilite-D20") + "\n" + problemLine("chushogilite-D21").replace("\"kind\": \"problem\"", "\"kind\": \"riddle\"") + "\n";
        long job = given().contentType("application/x-ndjson").body(file.getBytes(StandardCharsets.UTF_8)).queryParam("name", "kinds.ndjson")
                .when().post("/api/imports").then().statusCode(202).extract().jsonPath().getLong("id");
        JsonPath done = null;
        for (int i = 0; i < 600 && done == null; i++) {
            JsonPath j = given().when().get("/api/imports/" + job).then().statusCode(200).extract().jsonPath();
            if (List.of("done", "failed", "cancelled").contains(j.getString("status"))) done = j;
            else Thread.sleep(50);
        }
        assertThat(done).as("import job finished within 30 s").isNotNull();
        assertThat(done.getString("status")).isEqualTo("done");
        List<java.util.Map<String, Object>> outcomes = given().when().get("/api/imports/" + job).then().statusCode(200)
                .extract().jsonPath().getList("outcomes");
        assertThat(outcomes).hasSize(2);
        assertThat(outcomes.get(0).get("outcome")).isIn("imported", "duplicate");
        given().when().get("/api/games/" + outcomes.get(0).get("gameId")).then().statusCode(200)
                .body("kind", equalTo("problem")).body("sourceId", equalTo("chushogilite-D20"));
        assertThat(outcomes.get(1)).containsEntry("outcome", "failed").containsEntry("line", 2).containsEntry("ply", 0);
        assertThat((String) outcomes.get(1).get("reason")).contains("'kind'").contains("\"riddle\"");
    }
}
