package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.kifudb.TestApiKey;
import io.kifudb.engine.Engine;
import io.kifudb.engine.Score;
import io.kifudb.engine.SearchInfo;
import io.kifudb.engine.SearchLimits;
import io.kifudb.engine.SearchResult;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Puzzle scans over real HTTP with the real engine, on games made of the last plies of the Middle Shogi
 * Manual's mating problems (kifu-corpus/chu/tsume): the puzzles found are checked by the rules (the solution
 * is legal; a complete mating line ends the game in the solver's favour) and by a deeper search of our own
 * (the solution's first move is best, and the second-best move has no mate).
 */
@QuarkusTest
class PuzzlesTest {
    private static final Path TSUME = Path.of("kifu-corpus/chu/tsume/msm-tsume-AB-solutions.txt");
    /** How far a search with twice the confirming search's nodes may move a material puzzle's margin (centipawns). */
    private static final int DEEPER_SEARCH_NOISE_CP = 50;

    @AfterEach
    void keyBack() {
        TestApiKey.useKey();
    }

    /** Stores the last {@code plies} plies of problem n's solution as a game from the position before them. */
    private static long lastPliesOf(int n, int plies) throws Exception {
        String line = Files.readAllLines(TSUME).stream().filter(l -> l.contains("{Tsume ")).skip(n).findFirst().orElseThrow();
        String sfen = line.substring(0, line.indexOf('{')).strip();
        String[] moves = line.substring(line.indexOf('}') + 1).strip().split("\\s+");
        Position p = Sfen.parse(RuleSet.CHU, sfen);
        for (int i = 0; i < moves.length - plies; i++) p.play(moves[i]);
        String record = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode().put("rules", "chu").put("initialSfen", p.sfen())
                .put("moves", String.join(" ", Arrays.copyOfRange(moves, moves.length - plies, moves.length)))
                .put("event", "PuzzlesTest " + n).toString();
        return given().contentType("application/json").body(record).when().post("/api/games").then().statusCode(org.hamcrest.Matchers.anyOf(
                equalTo(200), equalTo(201))).extract().jsonPath().getLong("id");
    }

    private static JsonPath scan(List<Long> games) throws InterruptedException {
        return scan("chu", games);
    }

    private static JsonPath scan(String rules, List<Long> games) throws InterruptedException {
        String id = given().contentType("application/json").body(Map.of("rules", rules, "games", games, "nodes", 20_000))
                .when().post("/api/puzzles/scan").then().statusCode(202).body("status", equalTo("queued")).body("games", equalTo(games.size()))
                .extract().path("id");
        for (int i = 0; i < 1200; i++) {
            JsonPath j = given().when().get("/api/puzzles/scan/" + id).then().statusCode(200).extract().jsonPath();
            if (!List.of("queued", "running").contains(j.getString("status"))) return j;
            Thread.sleep(50);
        }
        throw new AssertionError("puzzle scan " + id + " did not finish in 60 s");
    }

    @Test
    void aScanFindsMatesWhoseSolutionsHoldAndKeepsEachPositionOnce() throws Exception {
        List<Long> games = new ArrayList<>();
        for (int n = 0; n < 4; n++) games.add(lastPliesOf(n, 3));
        JsonPath done = scan(games);
        assertThat(done.getString("status")).isEqualTo("done");
        assertThat(done.getInt("gamesDone")).isEqualTo(4);
        assertThat(done.getLong("positions")).isEqualTo(4 * 4);

        List<Map<String, Object>> found = new ArrayList<>();
        JsonPath page = given().queryParam("rules", "chu").queryParam("theme", "mate").queryParam("size", 200).when().get("/api/puzzles")
                .then().statusCode(200).extract().jsonPath();
        for (Map<String, Object> p : page.<Map<String, Object>>getList("puzzles"))
            if (games.contains(((Number) p.get("gameId")).longValue())) found.add(p);
        // each game starts two solver moves from the mate: its first position is a mate in 2 at most
        assertThat(found).as("puzzles found in the four games").hasSizeGreaterThanOrEqualTo(2);
        assertThat(found.size()).isEqualTo(done.getInt("found"));

        Engine engine = new Engine().hashMegabytes(16).multiPv(2);
        for (Map<String, Object> p : found) {
            String sfen = (String) p.get("sfen");
            @SuppressWarnings("unchecked") List<String> solution = (List<String>) p.get("solution");
            int mateIn = (Integer) p.get("mateIn");
            @SuppressWarnings("unchecked") List<String> themes = (List<String>) p.get("themes");
            assertThat(themes.get(0)).isEqualTo("mate-in-" + mateIn);
            assertThat(themes).isEqualTo(io.kifudb.puzzles.PuzzleThemes.of(RuleSet.CHU, sfen, solution, mateIn));
            assertThat(p.get("marginCp")).isNull();
            // the position is where the game stood at that ply
            JsonPath atPly = given().when().get("/api/games/" + p.get("gameId") + "/positions").then().statusCode(200).extract().jsonPath();
            assertThat(atPly.getList("positions.sfen", String.class).get((Integer) p.get("ply"))).isEqualTo(sfen);
            // the solution is legal, by the rules; a complete line ends the game, won by the solver
            JsonPath after = given().queryParam("sfen", sfen).queryParam("play", String.join(",", solution))
                    .when().get("/api/rules/chu/moves").then().statusCode(200).extract().jsonPath();
            String solver = Sfen.parse(RuleSet.CHU, sfen).sideToMove() == 0 ? "sente" : "gote";
            if (solution.size() == 2 * mateIn - 1) assertThat(after.getString("status.result")).as(p.toString()).isEqualTo(solver);
            // a deeper search (twice the confirming search's nodes): the solution's first move is best, mates no later, and no other move mates
            SearchResult deeper = engine.search(Sfen.parse(RuleSet.CHU, sfen), SearchLimits.nodes(320_000), null);
            SearchInfo best = deeper.lines().get(0), second = deeper.lines().get(1);
            assertThat(best.pv().get(0)).as(p.toString()).isEqualTo(solution.get(0));
            assertThat(Score.isDecided(best.score()) && Score.moves(best.score()) > 0 && Score.moves(best.score()) <= mateIn).isTrue();
            assertThat(Score.isDecided(second.score()) && second.score() > 0).as("the second-best move of " + p + " mates too").isFalse();
        }

        // scanned again: nothing new, each position is kept once
        JsonPath again = scan(games);
        assertThat(again.getInt("found")).isZero();
        // a cancel of a finished scan leaves it as it is
        given().when().delete("/api/puzzles/scan/" + again.getString("id")).then().statusCode(200).body("status", equalTo("done"))
                .body("found", equalTo(0));
        assertThat(given().queryParam("rules", "chu").queryParam("theme", "mate").queryParam("size", 200).when().get("/api/puzzles")
                .then().statusCode(200).extract().jsonPath().getLong("total")).isEqualTo(page.getLong("total"));
        // a theme of one length finds those of that length only
        @SuppressWarnings("unchecked") String theme = ((List<String>) found.get(0).get("themes")).get(0);
        List<List<String>> themes = given().queryParam("rules", "chu").queryParam("theme", theme).queryParam("size", 200).when().get("/api/puzzles")
                .then().statusCode(200).extract().jsonPath().getList("puzzles.themes");
        assertThat(themes).isNotEmpty().allMatch(t -> t.get(0).equals(theme));
    }

    @Test
    void realGamesGivePuzzlesWhoseBestMoveWinsByTheStatedMargin() throws Exception {
        // three lishogi games of strong players (22, 81 and 18 plies), under lishogi's rules as they were played
        List<String> lines = Files.readAllLines(Path.of("kifu-corpus/chu/lishogi/lishogi-top-players-10.ndjson"));
        List<Long> games = new ArrayList<>();
        for (int i : new int[] {0, 1, 8})
            games.add(given().contentType("application/x-ndjson").queryParam("rules", "chu-lishogi").body(lines.get(i).getBytes(java.nio.charset.StandardCharsets.UTF_8)).when().post("/api/games")
                    .then().statusCode(org.hamcrest.Matchers.anyOf(equalTo(200), equalTo(201))).extract().jsonPath().getLong("id"));
        assertThat(scan("chu-lishogi", games).getString("status")).isEqualTo("done");
        List<Map<String, Object>> found = new ArrayList<>();
        for (Map<String, Object> p : given().queryParam("rules", "chu-lishogi").queryParam("size", 200).when().get("/api/puzzles")
                .then().statusCode(200).extract().jsonPath().<Map<String, Object>>getList("puzzles"))
            if (games.contains(((Number) p.get("gameId")).longValue())) found.add(p);
        List<Map<String, Object>> material = found.stream().filter(p -> p.get("mateIn") == null).toList();
        assertThat(material).as("material puzzles in " + found).isNotEmpty();
        Engine engine = new Engine().hashMegabytes(16).multiPv(2);
        for (Map<String, Object> p : material) {
            String sfen = (String) p.get("sfen");
            @SuppressWarnings("unchecked") List<String> solution = (List<String>) p.get("solution");
            @SuppressWarnings("unchecked") List<String> themes = (List<String>) p.get("themes");
            assertThat(themes.get(0)).isEqualTo("material");
            assertThat(themes.contains("promotion")).isEqualTo(solution.get(0).endsWith("+"));
            assertThat(themes).isEqualTo(io.kifudb.puzzles.PuzzleThemes.of(RuleSet.byId("chu-lishogi"), sfen, solution, null));
            int score = (Integer) p.get("scoreCp"), margin = (Integer) p.get("marginCp");
            assertThat(score).isGreaterThanOrEqualTo(io.kifudb.puzzles.PuzzleFinder.WIN_CP);
            assertThat(margin).isGreaterThanOrEqualTo(io.kifudb.puzzles.PuzzleFinder.MARGIN_CP);
            given().queryParam("sfen", sfen).queryParam("play", String.join(",", solution)).when().get("/api/rules/chu-lishogi/moves").then().statusCode(200);
            // a deeper search (twice the confirming search's nodes): the same first move, and the second-best still a wide margin
            // behind. Scores move between node budgets, so a puzzle confirmed just above the margin may come out a little under
            // it one search later (seen: 326 at the confirming search, 297 at twice its nodes); half a pawn is allowed for that.
            SearchResult deeper = engine.search(Sfen.parse(RuleSet.byId("chu-lishogi"), sfen), SearchLimits.nodes(320_000), null);
            SearchInfo best = deeper.lines().get(0), second = deeper.lines().get(1);
            assertThat(best.pv().get(0)).as(p.toString()).isEqualTo(solution.get(0));
            assertThat(Score.isDecided(best.score()) ? best.score() > 0 : best.score() - second.score() >= io.kifudb.puzzles.PuzzleFinder.MARGIN_CP - DEEPER_SEARCH_NOISE_CP)
                    .as("deeper: best %d, second %d for %s", best.score(), second.score(), p).isTrue();
        }
    }

    @Test
    void aScanWithoutGamesCoversThePlayedGamesOrTheProblemsAndACancelStopsIt() throws Exception {
        // one composed problem and one played game of chu stored for sure, whatever else the suite stored
        String problem = Files.readAllLines(Path.of("kifu-corpus/problems/chushogilite-historic-puzzles.ndjson")).get(0);
        assertThat(given().contentType("application/x-ndjson").body(problem.getBytes(java.nio.charset.StandardCharsets.UTF_8)).when()
                .post("/api/games").then().statusCode(org.hamcrest.Matchers.anyOf(equalTo(200), equalTo(201))).extract().path("kind").toString())
                .isEqualTo("problem");
        lastPliesOf(4, 3);
        for (String kind : List.of("game", "problem")) {
            int stored = given().queryParam("rules", "chu").queryParam("kind", kind).queryParam("size", 1).when().get("/api/games")
                    .then().statusCode(200).extract().jsonPath().getInt("total");
            Map<String, Object> request = kind.equals("game") ? Map.of("rules", "chu", "nodes", 1_000_000)
                    : Map.of("rules", "chu", "kind", "problem", "nodes", 1_000_000);
            JsonPath queued = given().contentType("application/json").body(request).when().post("/api/puzzles/scan").then().statusCode(202)
                    .extract().jsonPath();
            // without a kind, the played games (problems are puzzles already); with kind problem, the problems
            assertThat(queued.getString("kind")).isEqualTo(kind);
            assertThat(queued.getInt("games")).as("%s records of chu", kind).isEqualTo(stored);
            String id = queued.getString("id");
            // cancelled at once: at a million nodes a position, the scan cannot have finished its games
            JsonPath cancelled = given().when().delete("/api/puzzles/scan/" + id).then().statusCode(200).extract().jsonPath();
            assertThat(cancelled.getString("status")).isEqualTo("cancelled");
            assertThat(cancelled.getString("finishedAt")).isNotNull();
            assertThat(cancelled.getInt("gamesDone")).isLessThan(stored);
            String finishedAt = given().when().get("/api/puzzles/scan/" + id).then().statusCode(200).body("status", equalTo("cancelled"))
                    .extract().path("finishedAt");
            // a cancel of a finished scan leaves it as it is
            given().when().delete("/api/puzzles/scan/" + id).then().statusCode(200).body("status", equalTo("cancelled"))
                    .body("finishedAt", equalTo(finishedAt));
        }
    }

    @Test
    void badRequestsAreRefusedNamingWhatIsWrong() {
        given().queryParam("rules", "chu").queryParam("theme", "fork").when().get("/api/puzzles").then().statusCode(400).body("field", equalTo("theme"))
                .body("detail", equalTo("unknown theme 'fork'; accepted: mate, material, lion-trade, promotion, bare-king, mate-in-N"));
        given().queryParam("rules", "chu").queryParam("theme", "mate-in-N").when().get("/api/puzzles").then().statusCode(400).body("field", equalTo("theme"));
        for (String theme : List.of("mate", "mate-in-3", "material", "lion-trade", "promotion", "bare-king"))
            given().queryParam("rules", "chu").queryParam("theme", theme).when().get("/api/puzzles").then().statusCode(200).body("theme", equalTo(theme));
        given().queryParam("rules", "chu").queryParam("theme", "mate-in-0").when().get("/api/puzzles").then().statusCode(400).body("field", equalTo("theme"));
        given().when().get("/api/puzzles").then().statusCode(400).body("field", equalTo("rules"));
        given().queryParam("rules", "chu").queryParam("size", 0).when().get("/api/puzzles").then().statusCode(400).body("field", equalTo("size"));
        given().contentType("application/json").body(Map.of("rules", "chu", "games", List.of(999_999_999L))).when().post("/api/puzzles/scan")
                .then().statusCode(400).body("field", equalTo("games[0]"));
        given().contentType("application/json").body(Map.of("rules", "chu", "nodes", 0)).when().post("/api/puzzles/scan")
                .then().statusCode(400).body("field", equalTo("nodes"));
        given().contentType("application/json").body(Map.of("rules", "chu", "game", List.of(1))).when().post("/api/puzzles/scan")
                .then().statusCode(400).body("type", equalTo("https://kifudb.io/problems/unknown-field"));
        given().contentType("application/json").body(Map.of("rules", "chu", "kind", "tsume")).when().post("/api/puzzles/scan")
                .then().statusCode(400).body("field", equalTo("kind"));
        given().contentType("application/json").body(Map.of("rules", "chu", "kind", "game", "games", List.of(1))).when().post("/api/puzzles/scan")
                .then().statusCode(400).body("field", equalTo("kind"));
        given().when().get("/api/puzzles/scan/nope").then().statusCode(404);
        given().when().delete("/api/puzzles/scan/nope").then().statusCode(404);
        TestApiKey.sendNoKey();
        given().contentType("application/json").body(Map.of("rules", "chu")).when().post("/api/puzzles/scan").then().statusCode(401);
        given().when().delete("/api/puzzles/scan/nope").then().statusCode(401);
    }

    @Test
    void aNullAmongTheGamesIsNamedByItsIndex() {
        // a null id was sorted with the others before the ids were checked: a 500
        given().contentType("application/json").body("{\"rules\": \"chu\", \"games\": [999999999, null]}").when().post("/api/puzzles/scan")
                .then().statusCode(400).contentType(org.hamcrest.Matchers.startsWith("application/problem+json"))
                .body("field", equalTo("games[0]"));
        given().contentType("application/json").body("{\"rules\": \"chu\", \"games\": [null]}").when().post("/api/puzzles/scan")
                .then().statusCode(400).contentType(org.hamcrest.Matchers.startsWith("application/problem+json"))
                .body("field", equalTo("games[0]")).body("detail", equalTo("games[0] is null: a game is named by its id"));
    }
}
