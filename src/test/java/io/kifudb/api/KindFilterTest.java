package io.kifudb.api;

import static io.kifudb.api.PositionTestSupport.allHits;
import static io.kifudb.api.PositionTestSupport.gameId;
import static io.kifudb.api.PositionTestSupport.importRecord;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kifudb.index.PositionIndexTestProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The {@code kind} filter of the position searches ({@code GET /api/positions/games}, {@code GET /api/explorer},
 * {@code POST /api/positions/search}) over real HTTP. The data: two shipped problems, and two played games
 * from the first problem's start position (one follows the solution for two plies, one plays another move),
 * so that position is reached by both kinds. What the database says each record is
 * ({@code GET /api/games?kind=}) is the oracle: the answer for a kind is the unfiltered answer keeping the
 * records of that kind, and the two kinds add up to the unfiltered counts.
 */
@QuarkusTest
@TestProfile(PositionIndexTestProfile.class)
class KindFilterTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path PROBLEMS = Path.of("kifu-corpus/problems/jh85-chushogi-tsume.ndjson");

    private long problem1, problem2, followsTheSolution, playsAnotherMove;
    private String start1, start2, firstMove, otherMove;

    private static ObjectNode problemRecord(String id) throws Exception {
        for (String line : Files.readAllLines(PROBLEMS))
            if (line.startsWith("{") && JSON.readTree(line).path("id").asText().equals(id)) return (ObjectNode) JSON.readTree(line);
        throw new AssertionError("no problem " + id + " in " + PROBLEMS);
    }

    @BeforeEach
    void importProblemsAndGamesFromTheirStart() throws Exception {
        ObjectNode p1 = problemRecord("jh85-tsukuri01"), p2 = problemRecord("jh85-tsukuri03");
        problem1 = importRecord("application/x-ndjson", JSON.writeValueAsString(p1), null);
        problem2 = importRecord("application/x-ndjson", JSON.writeValueAsString(p2), null);
        // The position after parsing, as the API writes it (the lookups below pass it back as sfen).
        start1 = given().queryParam("rules", "chu").queryParam("sfen", p1.path("initial_sfen").asText()).queryParam("size", 1)
                .when().get("/api/positions/games").then().statusCode(200).extract().path("sfen");
        start2 = p2.path("initial_sfen").asText();
        String[] solution = p1.path("moves").asText().split(" ");
        firstMove = solution[0];
        List<String> legal = given().queryParam("sfen", start1).when().get("/api/rules/chu/moves").then().statusCode(200)
                .extract().jsonPath().getList("moves", String.class);
        otherMove = legal.stream().filter(m -> !m.equals(firstMove)).findFirst().orElseThrow();
        followsTheSolution = importGame(start1, solution[0] + " " + solution[1]);
        playsAnotherMove = importGame(start1, otherMove);
    }

    private static long importGame(String sfen, String moves) throws Exception {
        ObjectNode game = JSON.createObjectNode().put("rules", "chu").put("initialSfen", sfen).put("moves", moves)
                .put("sente", "Kind Test").put("gote", "Kind Test 2").put("event", "kind filter test");
        long id = importRecord("application/json", JSON.writeValueAsString(game), null);
        given().when().get("/api/games/" + id).then().statusCode(200).body("kind", equalTo("game"));
        return id;
    }

    /** The ids the database holds as problems (all pages of GET /api/games?kind=problem). */
    private static Set<Long> problemIds() {
        Set<Long> ids = new HashSet<>();
        for (int page = 0; ; page++) {
            JsonPath p = given().queryParam("kind", "problem").queryParam("size", 200).queryParam("page", page).when().get("/api/games")
                    .then().statusCode(200).extract().jsonPath();
            ids.addAll(p.getList("games.id", Long.class));
            if ((long) (page + 1) * 200 >= p.getLong("total")) return ids;
        }
    }

    private static Map<String, Object> with(Map<String, ?> query, String kind) {
        Map<String, Object> q = new HashMap<>(query);
        q.put("kind", kind);
        return q;
    }

    private static List<Long> ids(List<Map<String, Object>> hits) {
        return hits.stream().map(PositionTestSupport::gameId).toList();
    }

    /** Each kind's listing is the unfiltered listing (in its order) keeping the records of that kind. */
    private static void checkListingSplit(Map<String, ?> position, Set<Long> problems) {
        List<Map<String, Object>> all = allHits(position);
        List<Map<String, Object>> ofProblems = allHits(with(position, "problem")), ofGames = allHits(with(position, "game"));
        assertThat(ofProblems).isEqualTo(all.stream().filter(h -> problems.contains(gameId(h))).toList());
        assertThat(ofGames).isEqualTo(all.stream().filter(h -> !problems.contains(gameId(h))).toList());
    }

    @Test
    void aProblemsPositionIsFoundWithKindProblemAndNotWithKindGame() {
        Set<Long> problems = problemIds();
        assertThat(problems).contains(problem1, problem2).doesNotContain(followsTheSolution, playsAnotherMove);

        // The second problem's start: only the problem reaches it.
        Map<String, String> at2 = Map.of("rules", "chu", "sfen", start2);
        assertThat(ids(allHits(with(at2, "problem")))).contains(problem2);
        assertThat(ids(allHits(with(at2, "game")))).doesNotContain(problem2);
        assertThat(ids(allHits(at2))).as("without kind: both, as before").contains(problem2);
        checkListingSplit(at2, problems);

        // The first problem's start, and the position after its first move: the problem and the games.
        Map<String, String> at1 = Map.of("rules", "chu", "sfen", start1);
        assertThat(ids(allHits(with(at1, "problem")))).contains(problem1).doesNotContain(followsTheSolution, playsAnotherMove);
        assertThat(ids(allHits(with(at1, "game")))).contains(followsTheSolution, playsAnotherMove).doesNotContain(problem1);
        assertThat(ids(allHits(at1))).contains(problem1, followsTheSolution, playsAnotherMove);
        checkListingSplit(at1, problems);
        Map<String, String> after = Map.of("rules", "chu", "sfen", start1, "play", firstMove);
        assertThat(ids(allHits(with(after, "game")))).contains(followsTheSolution).doesNotContain(playsAnotherMove, problem1);
        checkListingSplit(after, problems);
    }

    private static JsonPath explorer(Map<String, ?> query) {
        return given().queryParams(query).queryParam("size", 200).when().get("/api/explorer").then().statusCode(200).extract().jsonPath();
    }

    private static Map<String, Long> counts(JsonPath e) {
        Map<String, Long> c = new TreeMap<>();
        for (String k : List.of("games", "sente", "draws", "gote", "ongoing", "ended")) c.put(k, e.getLong(k));
        e.getMap("outcomes").forEach((k, v) -> c.put("outcome " + k, ((Number) v).longValue()));
        for (Map<String, Object> m : e.<Map<String, Object>>getList("moves"))
            for (String k : List.of("games", "sente", "draws", "gote", "ongoing")) c.put(m.get("usi") + " " + k, ((Number) m.get(k)).longValue());
        return c;
    }

    private static Map<String, Long> sum(Map<String, Long> a, Map<String, Long> b) {
        Map<String, Long> s = new TreeMap<>(a);
        b.forEach((k, v) -> s.merge(k, v, Long::sum));
        s.values().removeIf(v -> v == 0); // a move or outcome one kind never has is absent, not 0, in its answer
        return s;
    }

    @Test
    void explorerCountsSplitByKindAddUpToTheUnfilteredCounts() {
        Set<Long> problems = problemIds();
        for (Map<String, String> at : List.of(Map.of("rules", "chu", "sfen", start1), Map.of("rules", "chu", "sfen", start1, "play", firstMove),
                Map.of("rules", "chu", "sfen", start2))) {
            JsonPath all = explorer(at), ofGames = explorer(with(at, "game")), ofProblems = explorer(with(at, "problem"));
            Map<String, Long> unfiltered = counts(all);
            unfiltered.values().removeIf(v -> v == 0);
            assertThat(sum(counts(ofGames), counts(ofProblems))).as("%s", at).isEqualTo(unfiltered);
            // topGames of a kind are the unfiltered topGames of that kind (all fit in a page here).
            List<Map<String, Object>> top = all.getList("topGames");
            assertThat(all.getLong("games")).isLessThanOrEqualTo(200);
            assertThat(ofProblems.<Map<String, Object>>getList("topGames")).isEqualTo(top.stream().filter(h -> problems.contains(gameId(h))).toList());
            assertThat(ofGames.<Map<String, Object>>getList("topGames")).isEqualTo(top.stream().filter(h -> !problems.contains(gameId(h))).toList());
        }
        // At the first problem's start: the problem plays its first move; the games play it and another one.
        Map<String, String> at1 = Map.of("rules", "chu", "sfen", start1);
        JsonPath ofProblems = explorer(with(at1, "problem")), ofGames = explorer(with(at1, "game"));
        assertThat(ofProblems.getList("moves.usi", String.class)).contains(firstMove).doesNotContain(otherMove);
        assertThat(ofGames.getList("moves.usi", String.class)).contains(firstMove, otherMove);
        assertThat(ofGames.getList("topGames.gameId", Long.class)).contains(followsTheSolution, playsAnotherMove).doesNotContain(problem1);
        assertThat(ofProblems.getList("topGames.gameId", Long.class)).contains(problem1);
    }

    /** The gote King on 11i and the sente Lion on 7g, at ply 0: the first problem's start (and so its games'). */
    private static final String PATTERN = """
            {"rules":"chu","pieces":[{"piece":"k","squares":["11i"]},{"piece":"N","squares":["7g"]}],"plyTo":0,"size":200%s}""";

    private static JsonPath search(String kind) {
        Response r = given().contentType("application/json").body(PATTERN.formatted(kind == null ? "" : ",\"kind\":\"" + kind + "\""))
                .when().post("/api/positions/search");
        assertThat(r.statusCode()).as(r.asString()).isEqualTo(200);
        return r.jsonPath();
    }

    @Test
    void patternSearchKeepsTheKindAskedFor() {
        Set<Long> problems = problemIds();
        JsonPath all = search(null), ofProblems = search("problem"), ofGames = search("game");
        assertThat(all.getList("hits.gameId", Long.class)).contains(problem1, followsTheSolution, playsAnotherMove);
        assertThat(ofProblems.getList("hits.gameId", Long.class)).contains(problem1).doesNotContain(followsTheSolution, playsAnotherMove);
        assertThat(ofGames.getList("hits.gameId", Long.class)).contains(followsTheSolution, playsAnotherMove).doesNotContain(problem1);
        assertThat(ofProblems.getLong("total") + ofGames.getLong("total")).isEqualTo(all.getLong("total"));
        List<Map<String, Object>> hits = all.getList("hits");
        assertThat((long) hits.size()).isEqualTo(all.getLong("total"));
        assertThat(ofProblems.<Map<String, Object>>getList("hits")).isEqualTo(hits.stream().filter(h -> problems.contains(gameId(h))).toList());
        assertThat(ofGames.<Map<String, Object>>getList("hits")).isEqualTo(hits.stream().filter(h -> !problems.contains(gameId(h))).toList());
    }

    @Test
    void anUnknownKindIsA400NamingItAndTheKindsThereAre() {
        for (String path : List.of("/api/positions/games", "/api/explorer")) {
            for (String bad : List.of("games", "Problem", "all")) {
                given().queryParam("rules", "chu").queryParam("kind", bad).when().get(path).then().statusCode(400)
                        .contentType(startsWith("application/problem+json"))
                        .body("field", equalTo("kind"))
                        .body("detail", containsString("'" + bad + "'"))
                        .body("detail", containsString("accepted: game, problem"));
            }
            given().queryParam("rules", "chu").queryParam("kind", "game", "problem").when().get(path).then().statusCode(400)
                    .body("field", equalTo("kind")).body("detail", containsString("given 2 times"));
        }
        given().contentType("application/json").body("{\"rules\":\"chu\",\"kind\":\"puzzle\"}").when().post("/api/positions/search").then()
                .statusCode(400).contentType(startsWith("application/problem+json"))
                .body("field", equalTo("kind")).body("detail", containsString("'puzzle'")).body("detail", containsString("accepted: game, problem"));
        given().contentType("application/json").body("{\"rules\":\"chu\",\"kinds\":\"game\"}").when().post("/api/positions/search").then()
                .statusCode(400).body("field", equalTo("kinds")).body("detail", containsString("'kinds' (did you mean 'kind'?)"));
    }
}
