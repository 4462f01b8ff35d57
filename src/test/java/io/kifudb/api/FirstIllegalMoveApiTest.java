package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.kifudb.notation.IllegalPlies;
import io.kifudb.notation.IllegalPlies.Bad;
import io.kifudb.notation.IllegalPlies.Case;
import io.kifudb.notation.IllegalPlies.Corrupted;
import io.kifudb.notation.IllegalPlies.Format;
import io.kifudb.notation.IllegalPlies.Kind;
import io.kifudb.rules.Geometry;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The first illegal move of a record over real HTTP, as the API says it: {@code POST /api/games} answers
 * 422 {@code illegal-move} naming the ply, the move as written and its line (400 only for what cannot be
 * read at all), and with {@code lenient} stores exactly the plies before it; a bulk import reports each
 * broken record with the same ply, line and move, and its number in the file. Records are the corpus's,
 * broken as {@link IllegalPlies} breaks them; all under chu-sdin, which no other test imports games under
 * but the broken-input test.
 */
@QuarkusTest
class FirstIllegalMoveApiTest {
    private static final String RULES = "chu-sdin";
    private static final List<Case> CORPUS = IllegalPlies.corpus();

    /** A corpus record, judged under chu-sdin. */
    private static Case corpusCase(String name) {
        return CORPUS.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow().under(RuleSet.CHU_SDIN);
    }

    private static Corrupted corrupt(Format f, Case c, int k, Kind kind, long seed) {
        Position before = c.before(k);
        Bad bad = IllegalPlies.bad(before, kind, before.parseMove(c.canonical().get(k - 1)), new SplittableRandom(seed));
        assertThat(bad).as("%s at ply %d", kind, k).isNotNull();
        return IllegalPlies.corrupt(f, c, k, bad, before);
    }

    @Test
    void theIssuesKifRecordIsRefusedAtPly7AndLenientlyKeepsItsFirst6Plies() {
        // The corpus KIF game with ply 7 a Lance moved through its own pieces (12十二 to 12八: the Reverse
        // Chariot on 12十一 stands in the way, rule-sets.md §1). Before, the reader played it and the record
        // was refused at ply 23 as unreadable.
        Case kif = corpusCase("chu/kif/scalashogi-chushogiKif1.kif record 1");
        Position before = kif.before(7);
        Geometry g = before.geometry();
        Bad lance = new Bad(Kind.LANCE_THROUGH_OWN_PIECE, g.parse("12l"), g.parse("12h"), before.kindAt(g.parse("12l")), true);
        Corrupted file = IllegalPlies.corrupt(Format.KIF, kif, 7, lance, before);
        assertThat(file.written()).isEqualTo("7手目 ▲12八香車 （←12十二）");
        String reason = "illegal move 7手目 ▲12八香車 （←12十二）: the Lance on 12l cannot move to 12h";

        given().contentType("text/plain; charset=UTF-8").queryParam("rules", RULES).body(file.text().getBytes(StandardCharsets.UTF_8))
                .when().post("/api/games").then()
                .statusCode(422).contentType(startsWith("application/problem+json"))
                .body("type", equalTo("https://kifudb.io/problems/illegal-move"))
                .body("ply", equalTo(7))
                .body("line", equalTo(file.line()))
                .body("move", equalTo(file.written()))
                .body("detail", equalTo("ply 7 (line " + file.line() + "): " + reason));

        JsonPath stored = given().contentType("text/plain; charset=UTF-8").queryParam("rules", RULES).queryParam("lenient", true)
                .body(file.text().getBytes(StandardCharsets.UTF_8)).when().post("/api/games").then()
                .statusCode(201).extract().jsonPath();
        assertThat(stored.getInt("plies")).isEqualTo(6);
        assertThat(stored.getList("moves")).isEqualTo(kif.canonical().subList(0, 6));
        assertThat(stored.getInt("stoppedPly")).isEqualTo(7);
        assertThat(stored.getString("stoppedReason")).isEqualTo(reason);
    }

    @Test
    void oneRecordPostedInEachSingleRecordFormatIsRefusedAtItsPlyAndLine() {
        Case hist2 = corpusCase("chu/historical/hist2.csg record 1");
        // a Lion's three-square jump, a move from an empty square, text that is no move: one per format
        Map<Format, Corrupted> files = Map.of(
                Format.JSON, corrupt(Format.JSON, hist2, 41, Kind.LION_THREE_SQUARES, 1),
                Format.KIF, corrupt(Format.KIF, hist2, 96, Kind.EMPTY_ORIGIN, 2),
                Format.CSG, corrupt(Format.CSG, hist2, 17, Kind.UNREADABLE_TEXT, 3));
        files.forEach((format, file) -> given().contentType("text/plain; charset=UTF-8").queryParam("rules", RULES)
                .body(file.text().getBytes(StandardCharsets.UTF_8)).when().post("/api/games").then()
                .statusCode(422)
                .body("type", equalTo("https://kifudb.io/problems/illegal-move"))
                .body("ply", equalTo(file.k()))
                .body("line", equalTo(file.line()))
                .body("move", equalTo(file.written())));
    }

    @Test
    void aBulkImportReportsEachBrokenRecordAtItsPlyLineAndNumberInEveryFormat() throws Exception {
        Case game = corpusCase("chu/lishogi/lishogi-top-players-10.ndjson record 4");
        SplittableRandom random = new SplittableRandom(12);
        Map<String, Corrupted> files = new java.util.LinkedHashMap<>();
        Kind[] kinds = {Kind.OPPONENTS_PIECE, Kind.UNREACHABLE_SQUARE, Kind.LION_THREE_SQUARES, Kind.UNREADABLE_TEXT, Kind.EMPTY_ORIGIN};
        Format[] formats = Format.values();
        java.util.Set<Integer> plies = new java.util.HashSet<>();
        for (int i = 0; i < formats.length; i++) {
            int k = 2 + random.nextInt(200);
            // distinct plies, so that no two lenient prefixes are the same game (the second would be a duplicate)
            while (!plies.add(k)) k = 2 + random.nextInt(200);
            Corrupted file = corrupt(formats[i], game, k, kinds[i], i);
            String name = "broken-" + formats[i].name().toLowerCase(java.util.Locale.ROOT) + ".txt";
            files.put(name, file);
        }
        for (boolean lenient : List.of(false, true)) {
            RequestSpecification request = given().queryParam("rules", RULES).queryParam("lenient", lenient);
            for (Map.Entry<String, Corrupted> e : files.entrySet())
                request = request.multiPart("files", e.getKey(), e.getValue().text().getBytes(StandardCharsets.UTF_8), "application/octet-stream");
            List<Map<String, Object>> outcomes = outcomes(request.when().post("/api/imports")
                    .then().statusCode(202).extract().jsonPath().getLong("id"));
            for (Map.Entry<String, Corrupted> e : files.entrySet()) {
                Corrupted file = e.getValue();
                Map<String, Object> o = outcomes.stream()
                        .filter(x -> x.get("source").equals(e.getKey()) && x.get("record").equals(file.record())).findFirst()
                        .orElseThrow(() -> new AssertionError(e.getKey() + " record " + file.record() + " not among " + outcomes));
                String what = e.getKey() + (lenient ? " (lenient)" : "");
                assertThat(o.get("outcome")).as(what).isEqualTo(lenient ? "imported" : "failed");
                assertThat(o.get("ply")).as(what).isEqualTo(file.k());
                assertThat(o.get("line")).as(what).isEqualTo(file.line());
                assertThat(o.get("move")).as(what).isEqualTo(file.written());
                assertThat((String) o.get("reason")).as(what)
                        .startsWith((lenient ? "stored up to ply " + (file.k() - 1) + "; " : "") + "illegal move " + file.written() + ": ");
                if (lenient)
                    given().when().get("/api/games/" + o.get("gameId")).then().statusCode(200)
                            .body("plies", equalTo(file.k() - 1)).body("stoppedPly", equalTo(file.k()));
            }
        }
    }

    @Test
    void aJsonRecordWithoutMovesIsRefusedUnlessItNamesAPosition() throws Exception {
        given().contentType("application/json").queryParam("rules", RULES).body("{}").when().post("/api/games").then()
                .statusCode(422).contentType(startsWith("application/problem+json"))
                .body("type", equalTo("https://kifudb.io/problems/record-without-moves"))
                .body("line", equalTo(1))
                .body("detail", equalTo("the record has no moves and starts from the chu-sdin start position, so there is no game to "
                        + "store; a record without moves must name the position it records (initialSfen)"));
        // The start position spelled out is no position of its own either; a problem's position is.
        Case tsume = corpusCase("tsume Tsume A1");
        given().contentType("application/json").queryParam("rules", RULES)
                .body("{\"initialSfen\":\"" + Position.start(RuleSet.CHU_SDIN).sfen() + "\",\"moves\":[]}")
                .when().post("/api/games").then().statusCode(422)
                .body("type", equalTo("https://kifudb.io/problems/record-without-moves"));
        given().contentType("application/json").queryParam("rules", RULES)
                .body("{\"event\":\"problem A1\",\"initialSfen\":\"" + tsume.startSfen() + "\"}")
                .when().post("/api/games").then().statusCode(201).body("plies", equalTo(0)).body("initialSfen", equalTo(tsume.startSfen()));

        // In a bulk import, a failed record of its own; the records around it are imported.
        String body = "7i7h 6d6e\n{}\n{\"moves\":\"\",\"sente\":\"nobody\"}\n";
        List<Map<String, Object>> outcomes = outcomes(given().queryParam("rules", RULES).contentType("application/x-ndjson")
                .body(body.getBytes(StandardCharsets.UTF_8)).when().post("/api/imports").then().statusCode(202).extract().jsonPath().getLong("id"));
        assertThat(outcomes).hasSize(3);
        assertThat(outcomes.get(0).get("outcome")).isIn("imported", "duplicate");
        for (Map<String, Object> o : outcomes.subList(1, 3)) {
            assertThat(o).containsEntry("outcome", "failed").containsEntry("ply", 0);
            assertThat((String) o.get("reason")).startsWith("the record has no moves");
        }
        assertThat(outcomes.get(1)).containsEntry("line", 2).containsEntry("record", 2);
        assertThat(outcomes.get(2)).containsEntry("line", 3).containsEntry("record", 3);
    }

    @Test
    void lineIsTheLineOfTheFileForAnIllegalMoveAndForABrokenFieldAlike() {
        // The same record, one field or move per line: the illegal move and the field of the wrong type are
        // both on line 5, and both answers say line 5.
        String illegal = "{\n  \"rules\": \"chu-sdin\",\n  \"moves\": [\n    \"7i7h\",\n    \"7h7f\"\n  ]\n}\n";
        given().contentType("application/json").body(illegal).when().post("/api/games").then()
                .statusCode(422).body("type", equalTo("https://kifudb.io/problems/illegal-move"))
                .body("ply", equalTo(2)).body("line", equalTo(5)).body("move", equalTo("7h7f"));
        String broken = "{\n  \"rules\": \"chu-sdin\",\n  \"moves\": [\n    \"7i7h\"\n  ], \"sente\": 5\n}\n";
        given().contentType("application/json").body(broken).when().post("/api/games").then()
                .statusCode(400).body("type", equalTo("https://kifudb.io/problems/invalid-record"))
                .body("line", equalTo(5)).body("detail", equalTo("line 5: field 'sente' must be a string"));
        // A start position that is none of the rule set's makes the record unreadable (400, at the field's line),
        // not ply 0 of a game.
        given().contentType("application/json").body("{\"rules\":\"chu-sdin\",\n\"initialSfen\":\"9/9 b - 1\",\"moves\":[\"7i7h\"]}")
                .when().post("/api/games").then()
                .statusCode(400).body("type", equalTo("https://kifudb.io/problems/invalid-record")).body("line", equalTo(2));
    }

    /** The outcomes of a finished import job, in record order. */
    private static List<Map<String, Object>> outcomes(long job) throws InterruptedException {
        for (int i = 0; i < 1200; i++) {
            JsonPath j = given().when().get("/api/imports/" + job).then().statusCode(200).extract().jsonPath();
            if (j.getString("status").equals("done"))
                return new ArrayList<>(given().queryParam("size", 1000).when().get("/api/imports/" + job).then().statusCode(200)
                        .extract().jsonPath().getList("outcomes"));
            assertThat(j.getString("status")).isNotEqualTo("failed");
            Thread.sleep(50);
        }
        throw new AssertionError("import job " + job + " did not finish within 60 s");
    }
}
