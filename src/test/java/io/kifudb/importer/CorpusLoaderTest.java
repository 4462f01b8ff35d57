package io.kifudb.importer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** The shipped corpus imports cleanly: the 10 lishogi games, the 6 historical CSG games and the KIF game, none refused. */
@QuarkusTest
class CorpusLoaderTest {
    @Inject
    CorpusLoader loader;

    @Test
    void importsTheShippedLishogiGames() {
        CorpusLoader.Summary s = loader.importCorpus();
        assertThat(s.failed()).isZero();
        assertThat(s.imported() + s.duplicates()).isEqualTo(17);
        // A second pass stores nothing new.
        assertThat(loader.importCorpus()).isEqualTo(new CorpusLoader.Summary(0, 17, 0));
        given().queryParam("rules", "chu-lishogi").when().get("/api/games").then().statusCode(200)
                .body("total", greaterThanOrEqualTo(10));
        given().queryParam("rules", "chu").queryParam("player", "Kuri").when().get("/api/games").then().statusCode(200)
                .body("total", greaterThanOrEqualTo(2));
    }
}
