package io.kifudb.importer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.kifudb.notation.GameRecord;
import io.kifudb.notation.LishogiRecords;
import io.kifudb.notation.Replay;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The shipped corpus imports cleanly: the 10 lishogi games, the 6 historical CSG games, the KIF game, the 300
 * engine games of the 13x13 rule sets (each under the rule set its record names) and the 308 mating problems of
 * kifu-corpus/problems (under chu), none refused; the problems as problems.
 */
@QuarkusTest
class CorpusLoaderTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    CorpusLoader loader;

    @Test
    void importsTheShippedLishogiGames() throws Exception {
        CorpusLoader.Summary s = loader.importCorpus();
        assertThat(s.failed()).isZero();
        assertThat(s.imported() + s.duplicates()).isEqualTo(625);
        // A second pass stores nothing new.
        assertThat(loader.importCorpus()).isEqualTo(new CorpusLoader.Summary(0, 625, 0));
        given().queryParam("rules", "chu-lishogi").when().get("/api/games").then().statusCode(200)
                .body("total", greaterThanOrEqualTo(10));
        given().queryParam("rules", "chu").queryParam("player", "Kuri").when().get("/api/games").then().statusCode(200)
                .body("total", greaterThanOrEqualTo(2));
        // A collection's problems are found by their event, and each by its start position.
        String seriesA = "Chu Shogi tsume: Historic Chu Shogi Puzzles (ChuShogiLite), series A (Middle Shogi Manual)";
        List<JsonNode> seriesAProblems = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("kifu-corpus/problems/chushogilite-historic-puzzles.ndjson"))) {
            if (line.isBlank() || line.startsWith("#")) continue;
            JsonNode record = JSON.readTree(line);
            if (record.path("event").asText().equals(seriesA)) seriesAProblems.add(record);
        }
        assertThat(seriesAProblems).hasSizeGreaterThan(20);
        given().queryParam("event", seriesA).when().get("/api/games").then().statusCode(200)
                .body("total", equalTo(seriesAProblems.size()));
        for (JsonNode problem : seriesAProblems)
            given().queryParam("rules", "chu").queryParam("sfen", problem.path("initial_sfen").asText()).when().get("/api/positions/games")
                    .then().statusCode(200).body("total", greaterThanOrEqualTo(1));
        for (String rules : new String[] {"dai13-kumazawa", "shodoshu2017", "shodoshu2017-prev"})
            given().queryParam("rules", rules).queryParam("player", "kifudb engine").when().get("/api/games").then().statusCode(200)
                    .body("total", greaterThanOrEqualTo(100));

        // The shipped problems come in as problems: every different (start, solution) pair of the files (a
        // problem found in both collections is stored once) is listed under kind=problem, none under kind=game.
        // (Found by content, not by source: another test may have stored one of them before the corpus did.)
        Set<String> problems = distinctProblemsInTheFiles();
        assertThat(problems).isNotEmpty();
        assertThat(listed("problem")).containsAll(problems);
        assertThat(listed("game")).doesNotContainAnyElementsOf(problems);
        // ... and every other shipped record is a game.
        given().queryParam("kind", "problem").queryParam("rules", "chu-lishogi").when().get("/api/games").then().statusCode(200)
                .body("total", equalTo(0));
    }

    /** The different problems of kifu-corpus/problems, each checked to say it is one. */
    private static Set<String> distinctProblemsInTheFiles() throws Exception {
        Set<String> problems = new HashSet<>();
        try (Stream<Path> files = Files.list(Path.of("kifu-corpus/problems"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".ndjson")).toList()) {
                for (GameRecord r : LishogiRecords.read(file.toString(), Files.readString(file))) {
                    assertThat(r.kind()).as("%s line %d", file, r.line()).isEqualTo(GameRecord.Kind.PROBLEM);
                    RuleSet rules = RuleSet.byId(r.rules());
                    Replay.Result replay = Replay.replay(rules, r);
                    problems.add(key(rules.id, Sfen.parse(rules, r.initialSfen()).sfen(), replay.canonicalMoves()));
                }
            }
        }
        return problems;
    }

    private static String key(String rules, String start, List<String> moves) {
        return rules + " " + start + " " + String.join(" ", moves);
    }

    /** Every stored game of that kind as GET /api/games lists it (rule set, start, moves). */
    private static Set<String> listed(String kind) {
        Set<String> games = new HashSet<>();
        for (int page = 0; ; page++) {
            JsonPath p = given().queryParam("kind", kind).queryParam("size", 200).queryParam("page", page).when().get("/api/games")
                    .then().statusCode(200).extract().jsonPath();
            List<java.util.Map<String, Object>> rows = p.getList("games");
            for (var g : rows) {
                @SuppressWarnings("unchecked") List<String> moves = (List<String>) g.get("moves");
                games.add(key((String) g.get("rules"), (String) g.get("initialSfen"), moves));
            }
            if ((long) (page + 1) * 200 >= p.getLong("total")) return games;
        }
    }
}
