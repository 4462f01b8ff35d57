package io.kifudb.importer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.both;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shipped corpus imports cleanly: the 10 lishogi games, the 6 historical CSG games, the KIF game, the 300
 * engine games of the 13x13 rule sets (each under the rule set its record names) and the 308 mating problems of
 * kifu-corpus/problems (under chu), none refused.
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
        // The problems are found by their collection (the event), and each by its start position. The event alone does
        // not find all: a record stored before by another test (GamesResourceTest stores Tsume A1) keeps its own event.
        String seriesA = "Chu Shogi tsume: Historic Chu Shogi Puzzles (ChuShogiLite), series A (Middle Shogi Manual)";
        List<JsonNode> problems = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("kifu-corpus/problems/chushogilite-historic-puzzles.ndjson"))) {
            if (line.isBlank() || line.startsWith("#")) continue;
            JsonNode record = JSON.readTree(line);
            if (record.path("event").asText().equals(seriesA)) problems.add(record);
        }
        assertThat(problems).hasSizeGreaterThan(20);
        given().queryParam("event", seriesA).when().get("/api/games").then().statusCode(200)
                .body("total", both(greaterThanOrEqualTo(problems.size() - 1)).and(lessThanOrEqualTo(problems.size())));
        for (JsonNode problem : problems)
            given().queryParam("rules", "chu").queryParam("sfen", problem.path("initial_sfen").asText()).when().get("/api/positions/games")
                    .then().statusCode(200).body("total", greaterThanOrEqualTo(1));
        for (String rules : new String[] {"dai13-kumazawa", "shodoshu2017", "shodoshu2017-prev"})
            given().queryParam("rules", rules).queryParam("player", "kifudb engine").when().get("/api/games").then().statusCode(200)
                    .body("total", greaterThanOrEqualTo(100));
    }
}
