package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.containsStringIgnoringCase;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.notation.Csg;
import io.kifudb.notation.Records;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code /api/games}: one-record import and reads, over real HTTP against the configured database. */
@QuarkusTest
class GamesResourceTest {

    private static String corpusGame(int index) throws Exception {
        return Files.readAllLines(Path.of("kifu-corpus/chu/lishogi/lishogi-top-players-10.ndjson")).get(index);
    }

    @Test
    void importsALishogiGameOnceAndReportsTheDuplicate() throws Exception {
        String game = corpusGame(0); // SNjoPiHz: 22 plies, gote takes the King
        // Under chu (named in the request) rather than the format's chu-lishogi: no other test stores it so.
        long id = given().contentType("application/x-ndjson").queryParam("rules", "chu").body(game.getBytes(java.nio.charset.StandardCharsets.UTF_8)).when().post("/api/games").then()
                .statusCode(201)
                .header("Location", containsString("/api/games/"))
                .body("rules", equalTo("chu"))
                .body("plies", equalTo(22))
                .body("result", equalTo("gote"))
                .body("reason", equalTo("royal-captured"))
                .body("sourceId", equalTo("SNjoPiHz"))
                .body("duplicate", equalTo(false))
                .extract().jsonPath().getLong("id");
        // The lion's 7j7i6h is stored in canonical spelling.
        given().queryParam("format", "usi").when().get("/api/games/" + id).then().statusCode(200)
                .body(startsWith("7i7h 5d5e 6i6h")).body(containsString(" 7j6h "));
        given().contentType("application/x-ndjson").queryParam("rules", "chu").body(game.getBytes(java.nio.charset.StandardCharsets.UTF_8)).when().post("/api/games").then()
                .statusCode(200).body("id", equalTo((int) id)).body("duplicate", equalTo(true));
    }

    @Test
    void aShiftJisKifPostedAsCurlSendsItIsReadInItsCharset() throws Exception {
        // curl --data-binary @game.kif sends the bytes as application/x-www-form-urlencoded, no charset
        byte[] kif = Files.readAllBytes(Path.of("src/test/resources/kif/headers-comments.sjis.kif"));
        java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://localhost:" + io.restassured.RestAssured.port + "/api/games?rules=chu"))
                        .header("Authorization", "Bearer " + io.kifudb.TestApiKey.KEY)
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(kif)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isIn(200, 201);
        io.restassured.path.json.JsonPath game = new io.restassured.path.json.JsonPath(r.body());
        assertThat(game.getString("sente")).isEqualTo("山田太郎");
        assertThat(game.getString("event")).isEqualTo("第1回テスト中将棋大会");
        // a charset the client names is used, and one that does not exist is a 400
        given().contentType("text/plain; charset=no-such-charset").body(kif).queryParam("rules", "chu").when().post("/api/games")
                .then().statusCode(400).contentType(startsWith("application/problem+json"));
    }

    @Test
    void aRecordLongerThanTheLimitIsRefusedBeforeItIsReplayed() throws Exception {
        // kifudb.import.max-plies = 10000: a lion stepping back and forth 10,001 times (legal, but too long)
        String shuffle = String.join(" ", java.util.Collections.nCopies(2501, "7i7h 7d7e 7h7i 7e7d")).substring(0, 10001 * 5 - 1);
        long before = given().when().get("/api/games?size=1").then().extract().jsonPath().getLong("total");
        given().contentType("text/plain").body(shuffle).when().post("/api/games").then()
                .statusCode(422).contentType(startsWith("application/problem+json"))
                .body("type", equalTo("https://kifudb.io/problems/record-too-long"))
                .body("detail", equalTo("the record has 10001 plies; at most 10000 are accepted (kifudb.import.max-plies)"));
        // In a bulk import the record fails alone.
        long job = given().contentType("application/x-ndjson").body((shuffle + "\n7i7h\n").getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .when().post("/api/imports").then().statusCode(202).extract().jsonPath().getLong("id");
        io.restassured.path.json.JsonPath j = null;
        for (int i = 0; i < 600; i++) {
            j = given().queryParam("outcome", "failed").when().get("/api/imports/" + job).then().extract().jsonPath();
            if (j.getString("status").equals("done")) break;
            Thread.sleep(50);
        }
        assertThat(j.getInt("failed")).isEqualTo(1);
        assertThat(j.getString("outcomes[0].reason")).contains("at most 10000");
        assertThat(j.getInt("outcomes[0].line")).isEqualTo(1);
        assertThat(given().when().get("/api/games?size=1").then().extract().jsonPath().getLong("total") - before)
                .isEqualTo(j.getInt("imported"));
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

    // ------------------------------------------------------------------ GET /api/games/{id}?format=...

    private static final String TEXT_UTF8 = "text/plain; charset=UTF-8";

    /** Posts one record (201, or 200 if an earlier test stored it already) and gives the game's id. */
    private static long store(String contentType, String rules, String record) {
        var request = given().contentType(contentType).body(record.getBytes(StandardCharsets.UTF_8));
        if (rules != null) request = request.queryParam("rules", rules);
        return request.when().post("/api/games").then().statusCode(anyOf(is(200), is(201)))
                .extract().jsonPath().getLong("id");
    }

    /** GETs a game in a text format, checking the media type and the file name, and gives the body as UTF-8. */
    private static String fetch(long id, String format, String mediaType, String extension) {
        ExtractableResponse<Response> r = given().queryParam("format", format).when().get("/api/games/" + id).then()
                .statusCode(200)
                .contentType(startsWith(mediaType))
                .header("Content-Disposition", containsString("filename=\"game-" + id + "." + extension + "\""))
                .extract();
        return new String(r.asByteArray(), StandardCharsets.UTF_8);
    }

    /** Re-imports a written game under the stored game's rule set: the same game, found as a duplicate. */
    private static void reimportsAsTheSameGame(long id, String contentType, String rules, String text) {
        given().contentType(contentType).queryParam("rules", rules).body(text.getBytes(StandardCharsets.UTF_8))
                .when().post("/api/games").then()
                .statusCode(200).body("duplicate", equalTo(true)).body("id", equalTo((int) id));
    }

    @Test
    void aLishogiGameComesBackAsTheSameGameInEveryFormat() throws Exception {
        String line = corpusGame(3); // hgNaEt5P: 328 plies, gote wins by bare king
        long id = store("application/x-ndjson", null, line);
        String usi = given().queryParam("format", "usi").when().get("/api/games/" + id).then().statusCode(200).extract().asString();

        String kif = fetch(id, "kif", "text/plain", "kif");
        given().queryParam("format", "kif").when().get("/api/games/" + id).then().contentType(containsStringIgnoringCase("charset=utf-8"));
        assertThat(Records.detect(kif)).isEqualTo(Records.Format.KIF);
        assertThat(kif).contains("1手目 ▲7八歩兵 （←7九）", "まで328手で後手の勝ち");
        reimportsAsTheSameGame(id, TEXT_UTF8, "chu-lishogi", kif);

        String csg = fetch(id, "csg", "text/plain", "csg");
        assertThat(Records.detect(csg)).isEqualTo(Records.Format.CSG);
        assertThat(csg).startsWith("3\nboard.data\nEVEN\n").contains("\n1 P 7i - 7h\n1 P 5d - 5e\n");
        reimportsAsTheSameGame(id, TEXT_UTF8, "chu-lishogi", csg);

        String lishogi = fetch(id, "lishogi", "application/x-ndjson", "ndjson");
        assertThat(lishogi).endsWith("}\n").hasLineCount(1);
        JsonNode exported = new ObjectMapper().readTree(lishogi);
        JsonNode original = new ObjectMapper().readTree(line);
        assertThat(exported.get("id").asText()).isEqualTo("hgNaEt5P");
        assertThat(exported.get("initial_sfen")).isEqualTo(original.get("initial_sfen"));
        assertThat(exported.get("status").asText()).isEqualTo("bareKing");
        assertThat(exported.get("winner").asText()).isEqualTo("gote");
        assertThat(exported.get("moves").asText()).isEqualTo(usi);
        reimportsAsTheSameGame(id, "application/x-ndjson", "chu-lishogi", lishogi);

        // Our own game JSON reads back as the same game (its numeric id is the database's, ignored).
        String json = given().when().get("/api/games/" + id).then().statusCode(200).extract().asString();
        given().contentType("application/json").body(json.getBytes(StandardCharsets.UTF_8)).when().post("/api/games").then()
                .statusCode(200).body("duplicate", equalTo(true)).body("id", equalTo((int) id));
    }

    @Test
    void aHistoricalGameKeepsItsTextAndPlayers() throws Exception {
        String hist3 = Files.readString(Path.of("kifu-corpus/chu/historical/hist3.csg"));
        long id = store(TEXT_UTF8, "chu", hist3); // Masuda - Kuri, Free King handicap, gote moves first

        // The .csg written from the stored game is the original file, up to spacing.
        String csg = fetch(id, "csg", "text/plain", "csg");
        assertThat(csg.replaceAll("[ \t]+", " ").strip()).isEqualTo(hist3.replaceAll("[ \t]+", " ").strip());
        reimportsAsTheSameGame(id, TEXT_UTF8, "chu", csg);

        String kif = fetch(id, "kif", "text/plain", "kif");
        assertThat(kif).contains("先手：Masuda\n", "後手：Kuri\n", "後手番");
        reimportsAsTheSameGame(id, TEXT_UTF8, "chu", kif);

        String lishogi = fetch(id, "lishogi", "application/x-ndjson", "ndjson");
        JsonNode exported = new ObjectMapper().readTree(lishogi);
        assertThat(exported.at("/players/sente/user/name").asText()).isEqualTo("Masuda");
        assertThat(exported.at("/players/gote/user/name").asText()).isEqualTo("Kuri");
        assertThat(exported.get("initial_sfen").asText()).isEqualTo(Csg.FK_SFEN);
        assertThat(exported.has("id")).isFalse();
        given().contentType("application/x-ndjson").queryParam("rules", "chu").body(lishogi.getBytes(StandardCharsets.UTF_8))
                .when().post("/api/games").then()
                .statusCode(200).body("duplicate", equalTo(true)).body("id", equalTo((int) id))
                .body("sente", equalTo("Masuda")).body("gote", equalTo("Kuri"));
    }

    @Test
    void csgRefusesAGameFromAnotherStartThatKifAndLishogiCarry() throws Exception {
        // Tsume A1 of the Middle Shogi Manual: a problem position, solved by checkmate.
        String line = Files.readAllLines(Path.of("kifu-corpus/chu/tsume/msm-tsume-AB-solutions.txt")).stream()
                .filter(l -> l.contains("{Tsume A1}")).findFirst().orElseThrow();
        String sfen = line.substring(0, line.indexOf('{')).trim();
        String moves = line.substring(line.indexOf('}') + 1).trim();
        // Marked as the problem it is, with its collection's name, as kifu-corpus/problems ships it: CorpusLoaderTest finds it so.
        String event = "Chu Shogi tsume: Historic Chu Shogi Puzzles (ChuShogiLite), series A (Middle Shogi Manual)";
        String record = new ObjectMapper().createObjectNode().put("rules", "chu").put("kind", "problem").put("initialSfen", sfen)
                .put("moves", moves).put("event", event).toString();
        long id = store("application/json", null, record);

        given().queryParam("format", "csg").when().get("/api/games/" + id).then()
                .statusCode(422)
                .contentType(startsWith("application/problem+json"))
                .body("type", equalTo("https://kifudb.io/problems/unwritable-record"))
                .body("field", equalTo("format"))
                .body("detail", containsString("none of the setups"));

        String kif = fetch(id, "kif", "text/plain", "kif");
        assertThat(kif).contains("棋戦：" + event, "まで" + moves.split(" ").length + "手で先手の勝ち");
        reimportsAsTheSameGame(id, TEXT_UTF8, "chu", kif);

        String lishogi = fetch(id, "lishogi", "application/x-ndjson", "ndjson");
        JsonNode exported = new ObjectMapper().readTree(lishogi);
        assertThat(exported.get("initial_sfen").asText()).isEqualTo(sfen);
        assertThat(exported.get("status").asText()).isEqualTo("mate");
        assertThat(exported.get("winner").asText()).isEqualTo("sente");
        reimportsAsTheSameGame(id, "application/x-ndjson", "chu", lishogi);

        given().queryParam("format", "pgn").when().get("/api/games/" + id).then()
                .statusCode(400)
                .contentType(startsWith("application/problem+json"))
                .body("field", equalTo("format"))
                .body("detail", containsString("accepted: json, usi, kif, csg, lishogi"));
    }

    @Test
    void a13x13GameImportsFromItsKifWhenTheRuleSetIsNamed() {
        // A legal game under each 13x13 rule set (the first legal move, 40 times, read from the rules endpoint),
        // written as KIF by our writer and imported back: KIF does not say which game it records, so ?rules= does.
        for (String rules : List.of("dai13-kumazawa", "shodoshu2017")) {
            List<String> moves = new java.util.ArrayList<>();
            for (int i = 0; i < 40; i++) {
                List<String> legal = given().queryParam("play", String.join(",", moves)).when().get("/api/rules/" + rules + "/moves")
                        .then().statusCode(200).extract().jsonPath().getList("moves");
                if (legal.isEmpty()) break;
                moves.add(legal.get(i % legal.size()));
            }
            io.kifudb.rules.RuleSet rs = io.kifudb.rules.RuleSet.byId(rules);
            String kif = io.kifudb.notation.Kif.write(new io.kifudb.notation.GameRecord("test", 1, null, rules, null, moves, null, null), rs);
            long id = store(TEXT_UTF8, rules, kif);
            given().when().get("/api/games/" + id).then().statusCode(200).body("rules", equalTo(rules)).body("moves", equalTo(
                    given().queryParam("play", String.join(",", moves)).when().get("/api/rules/" + rules + "/moves").then().extract().jsonPath().getList("played")));
        }
    }

    @Test
    void storedGamesAreCacheableWithETags() throws Exception {
        long id = store("application/x-ndjson", null, corpusGame(4));
        for (String format : List.of("json", "usi", "kif")) {
            String etag = given().queryParam("format", format).when().get("/api/games/" + id).then().statusCode(200)
                    .header("Cache-Control", containsString("max-age")).extract().header("ETag");
            assertThat(etag).isNotBlank();
            given().queryParam("format", format).header("If-None-Match", etag).when().get("/api/games/" + id).then().statusCode(304);
            given().queryParam("format", format).header("If-None-Match", "\"something-else\"").when().get("/api/games/" + id).then().statusCode(200);
        }
        String json = given().when().get("/api/games/" + id).then().extract().header("ETag");
        String usi = given().queryParam("format", "usi").when().get("/api/games/" + id).then().extract().header("ETag");
        assertThat(json).isNotEqualTo(usi);
    }

    @Test
    void everyPositionOfAGameIsTheOneTheRulesEndpointReachesWithItsMoves() throws Exception {
        long id = store("application/x-ndjson", null, corpusGame(2));
        JsonNode game = new ObjectMapper().readTree(given().when().get("/api/games/" + id).then().statusCode(200).extract().asString());
        List<String> moves = new ObjectMapper().convertValue(game.get("moves"), new com.fasterxml.jackson.core.type.TypeReference<List<String>>() {});
        ExtractableResponse<Response> answer = given().when().get("/api/games/" + id + "/positions").then().statusCode(200)
                .body("gameId", equalTo((int) id)).body("rules", equalTo(game.get("rules").asText()))
                .body("positions", hasSize(moves.size() + 1)).extract();
        JsonNode positions = new ObjectMapper().readTree(answer.asString()).get("positions");
        assertThat(positions.get(0).get("move").isNull()).isTrue();
        // Checked against the rules endpoint, which replays the same moves by another path, every 10th ply and the last.
        java.util.SortedSet<Integer> checked = new java.util.TreeSet<>(List.of(moves.size()));
        for (int ply = 0; ply <= moves.size(); ply += 10) checked.add(ply);
        for (int ply : checked) {
            JsonNode at = positions.get(ply);
            assertThat(at.get("ply").asInt()).isEqualTo(ply);
            if (ply > 0) assertThat(at.get("move").asText()).isEqualTo(moves.get(ply - 1));
            String expected = given().queryParam("play", String.join(",", moves.subList(0, ply)))
                    .when().get("/api/rules/" + game.get("rules").asText() + "/moves").then().statusCode(200).extract().path("sfen");
            assertThat(at.get("sfen").asText()).as("ply %d", ply).isEqualTo(expected);
        }
        String etag = answer.header("ETag");
        given().header("If-None-Match", etag).when().get("/api/games/" + id + "/positions").then().statusCode(304);
        given().when().get("/api/games/999999999/positions").then().statusCode(404).body("title", equalTo("No such game"));
    }
}
