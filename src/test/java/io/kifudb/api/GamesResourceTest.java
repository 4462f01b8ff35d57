package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

/** {@code /api/games}: one-record import and reads, over real HTTP against the configured database. */
@QuarkusTest
class GamesResourceTest {

    private static String corpusGame(int index) throws Exception {
        return Files.readAllLines(Path.of("kifu-corpus/chu/lishogi/lishogi-top-players-10.ndjson")).get(index);
    }

    @Test
    void importsALishogiGameOnceAndReportsTheDuplicate() throws Exception {
        String game = corpusGame(0); // SNjoPiHz: 22 plies, gote takes the King
        long id = given().contentType("application/x-ndjson").body(game.getBytes(java.nio.charset.StandardCharsets.UTF_8)).when().post("/api/games").then()
                .statusCode(201)
                .header("Location", containsString("/api/games/"))
                .body("rules", equalTo("chu-lishogi"))
                .body("plies", equalTo(22))
                .body("result", equalTo("gote"))
                .body("reason", equalTo("royal-captured"))
                .body("sourceId", equalTo("SNjoPiHz"))
                .body("duplicate", equalTo(false))
                .extract().jsonPath().getLong("id");
        // The lion's 7j7i6h is stored in canonical spelling.
        given().queryParam("format", "usi").when().get("/api/games/" + id).then().statusCode(200)
                .body(startsWith("7i7h 5d5e 6i6h")).body(containsString(" 7j6h "));
        given().contentType("application/x-ndjson").body(game.getBytes(java.nio.charset.StandardCharsets.UTF_8)).when().post("/api/games").then()
                .statusCode(200).body("id", equalTo((int) id)).body("duplicate", equalTo(true));
    }

    @Test
    void anIllegalMoveIs422WithPlyAndMoveAndStoresNothing() {
        long before = given().queryParam("event", "illegal-check").when().get("/api/games").then().extract().jsonPath().getLong("total");
        String record = "{\"event\":\"illegal-check\",\"rules\":\"chu\",\"moves\":[\"7i7h\",\"5d5e\",\"7h7f\"]}";
        given().contentType("application/json").body(record).when().post("/api/games").then()
                .statusCode(422)
                .contentType(startsWith("application/problem+json"))
                .body("type", equalTo("https://kifudb.io/problems/illegal-move"))
                .body("ply", equalTo(3))
                .body("move", equalTo("7h7f"))
                .body("detail", containsString("cannot move to 7f"));
        given().queryParam("event", "illegal-check").when().get("/api/games").then().body("total", equalTo((int) before));
    }

    @Test
    void lenientImportKeepsTheLegalPrefixAndSaysWhereItStopped() {
        String record = "{\"event\":\"lenient-check\",\"sente\":\"Alice\",\"gote\":\"Bob\",\"date\":\"2024-05-01\",\"moves\":\"8i8h 4c4b 5i5h 5h5f\"}";
        given().contentType("application/json").queryParam("rules", "chu").queryParam("lenient", true).body(record)
                .when().post("/api/games").then()
                .statusCode(201)
                .body("plies", equalTo(3))
                .body("stoppedPly", equalTo(4))
                .body("stoppedReason", containsString("5h5f"))
                .body("result", equalTo("ongoing"));
        given().queryParam("player", "Bob").queryParam("from", "2024-01-01").queryParam("to", "2024-12-31")
                .when().get("/api/games").then().statusCode(200)
                .body("total", greaterThanOrEqualTo(1))
                .body("games.gote", everyItem(equalTo("Bob")));
    }

    @Test
    void badRequestsAreProblems() {
        given().contentType("text/plain").queryParam("rules", "go").body("7i7h").when().post("/api/games").then()
                .statusCode(400).body("type", equalTo("https://kifudb.io/problems/unknown-rule-set"));
        given().contentType("application/json").body("{\"moves\": 5}").when().post("/api/games").then()
                .statusCode(400).body("type", equalTo("https://kifudb.io/problems/invalid-record"));
        given().contentType("text/plain").body("7i7h\n7i7h 5d5e").when().post("/api/games").then()
                .statusCode(400).body("detail", containsString("2 records"));
        given().when().get("/api/games/999999").then().statusCode(404)
                .contentType(startsWith("application/problem+json"));
        given().queryParam("from", "yesterday").when().get("/api/games").then().statusCode(400).body("field", equalTo("from"));
        given().queryParam("size", 0).when().get("/api/games").then().statusCode(400);
    }

    @Test
    void listsGamesNewestFirstWithPaging() throws Exception {
        given().contentType("application/x-ndjson").body(corpusGame(1).getBytes(java.nio.charset.StandardCharsets.UTF_8)).when().post("/api/games");
        given().contentType("application/x-ndjson").body(corpusGame(5).getBytes(java.nio.charset.StandardCharsets.UTF_8)).when().post("/api/games");
        given().queryParam("rules", "chu-lishogi").queryParam("size", 1).when().get("/api/games").then().statusCode(200)
                .body("games", hasSize(1))
                .body("total", greaterThanOrEqualTo(2));
        given().queryParam("result", "draw").queryParam("rules", "chu-lishogi").when().get("/api/games").then()
                .body("games.reason", everyItem(equalTo("repetition")));
    }
}
