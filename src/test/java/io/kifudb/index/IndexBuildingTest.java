package io.kifudb.index;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * An instance whose index is being built (here: its files gone, as on a new instance joining a
 * database) runs all the same: liveness is up, readiness is down with the index "building", and the
 * searches it cannot answer yet say so with 503 and Retry-After, until the build is done.
 */
@QuarkusTest
@TestProfile(PositionIndexTestProfile.class)
class IndexBuildingTest {
    @Inject
    PositionIndex index;

    @Inject
    StoredGames store;

    @ConfigProperty(name = "kifudb.index.dir")
    Path dir;

    /** The four searches that need the index, each as a request to send. */
    private static final List<Function<RequestSpecification, Response>> SEARCHES = List.of(
            r -> r.queryParam("rules", "chu-lishogi").get("/api/positions/games"),
            r -> r.queryParam("rules", "chu-lishogi").get("/api/explorer"),
            r -> r.contentType("application/json").body("{\"rules\":\"chu-lishogi\"}").post("/api/positions/search"),
            r -> r.queryParam("q", "building").get("/api/games"));

    @Test
    void whileTheIndexIsBuildingReadinessIsDownAndSearchesAnswer503WithRetryAfter() throws Exception {
        OtherWriter.RandomGame g = OtherWriter.randomGame(1401, 30);
        long id;
        try (Connection c = OtherWriter.connect()) {
            id = OtherWriter.insert(c, g, "building test", Instant.now());
        }
        String before = awaitAnswer(g, id);
        for (var search : SEARCHES) assertThat(search.apply(given().when()).statusCode()).isEqualTo(200);

        OtherWriter.RandomGame meanwhile = OtherWriter.randomGame(1402, 30);
        long meanwhileId;
        index.close();
        deleteContents(dir);
        CountDownLatch gate = new CountDownLatch(1);
        index.holdBuildsOn(gate); // the build waits for it before its first page
        try {
            index.openInBackground();
            given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
            // The build counts the stored games on its own thread before it waits at the gate; until then the
            // check says "building" without the counts, so wait for them (a loaded machine may take a while).
            await(30, "the build to count the games", () -> given().when().get("/q/health/ready").jsonPath()
                    .get("checks.find { it.name == 'position-index' }.data.ofGames") != null);
            given().when().get("/q/health/ready").then().statusCode(503)
                    .body("status", equalTo("DOWN"))
                    .body("checks.find { it.name == 'position-index' }.status", equalTo("DOWN"))
                    .body("checks.find { it.name == 'position-index' }.data.state", equalTo("building"))
                    .body("checks.find { it.name == 'position-index' }.data.ofGames", equalTo((int) store.stats().count()));
            for (var search : SEARCHES) {
                Response r = search.apply(given().when());
                assertThat(r.statusCode()).as(r.asString()).isEqualTo(503);
                assertThat(r.contentType()).startsWith("application/problem+json");
                assertThat(r.jsonPath().getString("type")).isEqualTo("https://kifudb.io/problems/index-unavailable");
                assertThat(r.jsonPath().getString("detail")).contains("being built");
                assertThat(Integer.parseInt(r.header("Retry-After"))).isBetween(1, 60);
            }
            // Writes go on meanwhile: a game imported here while building is found once the index is ready.
            String record = "{\"rules\":\"chu-lishogi\",\"event\":\"imported while building\",\"moves\":\"" + String.join(" ", meanwhile.moves()) + "\"}";
            meanwhileId = given().contentType("application/json").body(record).when().post("/api/games").then().statusCode(201)
                    .extract().jsonPath().getLong("id");
        } finally {
            gate.countDown();
            index.holdBuildsOn(null);
        }

        await(60, "the index to become ready", () -> given().when().get("/q/health/ready").statusCode() == 200);
        given().when().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'position-index' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'position-index' }.data.games", equalTo((int) store.stats().count()));
        assertThat(index.status().lastSync().action()).isEqualTo(PositionIndex.SyncAction.REBUILT);
        assertThat(answer(g)).isEqualTo(before);
        for (var search : SEARCHES) assertThat(search.apply(given().when()).statusCode()).isEqualTo(200);
        awaitAnswer(meanwhile, meanwhileId);
        PositionIndex.Status s = index.status();
        assertThat(s.games()).isEqualTo(store.stats().count());
        assertThat(s.maxGameId()).isEqualTo(store.stats().maxId());
    }

    private static String answer(OtherWriter.RandomGame g) {
        return given().queryParam("rules", "chu-lishogi").queryParam("play", String.join(",", g.moves().subList(0, 4)))
                .queryParam("size", 200).when().get("/api/explorer").then().statusCode(200).extract().asString();
    }

    /** The explorer's answer a few plies into the game, once the feed has the game. */
    private static String awaitAnswer(OtherWriter.RandomGame g, long id) throws InterruptedException {
        await(30, "position search to find game " + id, () -> given().queryParam("rules", "chu-lishogi").queryParam("play", g.play())
                .when().get("/api/positions/games").then().statusCode(200).extract().jsonPath().getList("hits.gameId", Long.class).contains(id));
        return answer(g);
    }

    /** Polls the condition every 50 ms until it holds; fails after the given seconds, saying what it waited for. */
    private static void await(int seconds, String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("waited " + seconds + " s for " + what);
            Thread.sleep(50);
        }
    }

    private static void deleteContents(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) if (!p.equals(dir)) Files.delete(p);
        }
    }
}
