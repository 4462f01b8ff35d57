package io.kifudb.importer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * The shipped corpus imports cleanly: the 10 lishogi games, the 6 historical CSG games, the KIF game, the 300
 * engine games of the 13x13 rule sets (each under the rule set its record names) and the 308 mating problems of
 * kifu-corpus/problems (under chu), none refused.
 */
@QuarkusTest
class CorpusLoaderTest {
    @Inject
    CorpusLoader loader;

    @Test
    void importsTheShippedLishogiGames() {
        CorpusLoader.Summary s = loader.importCorpus();
        assertThat(s.failed()).isZero();
        assertThat(s.imported() + s.duplicates()).isEqualTo(625);
        // A second pass stores nothing new.
        assertThat(loader.importCorpus()).isEqualTo(new CorpusLoader.Summary(0, 625, 0));
        given().queryParam("rules", "chu-lishogi").when().get("/api/games").then().statusCode(200)
                .body("total", greaterThanOrEqualTo(10));
        given().queryParam("rules", "chu").queryParam("player", "Kuri").when().get("/api/games").then().statusCode(200)
                .body("total", greaterThanOrEqualTo(2));
        // The problems are found by their collection (the event), each with its start position and solution.
        given().queryParam("event", "Chu Shogi tsume: Historic Chu Shogi Puzzles (ChuShogiLite), series A (Middle Shogi Manual)")
                .when().get("/api/games").then().statusCode(200).body("total", org.hamcrest.Matchers.equalTo(25));
        for (String rules : new String[] {"dai13-kumazawa", "shodoshu2017", "shodoshu2017-prev"})
            given().queryParam("rules", rules).queryParam("player", "kifudb engine").when().get("/api/games").then().statusCode(200)
                    .body("total", greaterThanOrEqualTo(100));
    }
}
