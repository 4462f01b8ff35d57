package io.kifudb.index;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Games stored by another writer on the same database (another instance, a worker, the import command:
 * here rows inserted over a JDBC connection of their own, bypassing this instance's importer) are found
 * by position search and the explorer here, through the index's feed from the database, also when they
 * commit out of id order. The bound itself (2 s) is measured by {@code bench-import --new-instance}; the
 * tests only give it a generous timeout.
 */
@QuarkusTest
@TestProfile(PositionIndexTestProfile.class)
class IndexFreshnessTest {
    private static final Duration GENEROUS = Duration.ofSeconds(30);

    @Inject
    PositionIndex index;

    @Inject
    StoredGames store;

    @Test
    void aGameAnotherWriterStoresIsFoundByPositionSearchAndTheExplorer() throws Exception {
        OtherWriter.RandomGame g = OtherWriter.randomGame(1301, 40);
        long id;
        try (Connection c = OtherWriter.connect()) {
            id = OtherWriter.insert(c, g, "freshness: another writer", Instant.now());
        }
        awaitFound(g, id);
        // The explorer at the game's last position counts it, and at a position on its way lists its move.
        JsonPath last = given().queryParam("rules", "chu-lishogi").queryParam("play", g.play()).when().get("/api/explorer")
                .then().statusCode(200).extract().jsonPath();
        assertThat(last.getLong("ended")).isEqualTo(1);
        assertThat(last.getList("topGames.gameId", Long.class)).contains(id);
        List<String> first30 = g.moves().subList(0, 30);
        JsonPath on = given().queryParam("rules", "chu-lishogi").queryParam("play", String.join(",", first30)).when().get("/api/explorer")
                .then().statusCode(200).extract().jsonPath();
        assertThat(on.getList("moves.usi", String.class)).contains(g.moves().get(30));
        // Free text reads the same index.
        assertThat(given().queryParam("q", "freshness another writer").when().get("/api/games").then().statusCode(200)
                .extract().jsonPath().getList("games.id", Long.class)).contains(id);
    }

    @Test
    void aGameCommittedAfterAHigherIdIsNotSkipped() throws Exception {
        OtherWriter.RandomGame slowGame = OtherWriter.randomGame(1302, 40), fastGame = OtherWriter.randomGame(1303, 40);
        try (Connection slow = OtherWriter.connect(); Connection fast = OtherWriter.connect()) {
            slow.setAutoCommit(false);
            // A slow transaction takes its id first ...
            long slowId = OtherWriter.insert(slow, slowGame, "freshness: slow transaction", Instant.now());
            // ... a quick one takes the next and commits, and the feed takes it in (its watermark passes the slow id) ...
            long fastId = OtherWriter.insert(fast, fastGame, "freshness: quick transaction", Instant.now());
            assertThat(fastId).isGreaterThan(slowId);
            awaitFound(fastGame, fastId);
            assertThat(positionHits(slowGame)).doesNotContain(slowId);
            // ... and then the slow one commits: found all the same.
            slow.commit();
            awaitFound(slowGame, slowId);
        }
    }

    @Test
    void theConsistencyCheckMendsWhatTheFeedCannotSee() throws Exception {
        // A transaction that held its id past the gap timeout (the game above its id is stored as if long
        // ago, as by a machine whose clock is behind): the feed gives the gap up at once, so the periodic
        // check against the database is what finds the game.
        OtherWriter.RandomGame late = OtherWriter.randomGame(1304, 40), above = OtherWriter.randomGame(1305, 40);
        long lateId, aboveId;
        try (Connection slow = OtherWriter.connect(); Connection fast = OtherWriter.connect()) {
            slow.setAutoCommit(false);
            lateId = OtherWriter.insert(slow, late, "freshness: late", Instant.now());
            aboveId = OtherWriter.insert(fast, above, "freshness: above", Instant.now().minus(Duration.ofHours(1)));
            awaitFound(above, aboveId);
            slow.commit();
        }
        Thread.sleep(1000); // a few polls of the feed, which does not look below its watermark outside a gap
        assertThat(positionHits(late)).as("the feed has given the gap up").doesNotContain(lateId);
        index.periodic();
        assertThat(positionHits(late)).contains(lateId);

        // A game deleted from the database (by an operator) leaves the index at the next check.
        try (Connection c = OtherWriter.connect(); PreparedStatement s = c.prepareStatement("delete from game where id = ?")) {
            s.setLong(1, lateId);
            assertThat(s.executeUpdate()).isEqualTo(1);
        }
        index.periodic();
        assertThat(positionHits(late)).doesNotContain(lateId);
        PositionIndex.Status s = index.status();
        StoredGames.Stats db = store.stats();
        assertThat(s.games()).isEqualTo(db.count());
        assertThat(s.maxGameId()).isEqualTo(db.maxId());
    }

    private static List<Long> positionHits(OtherWriter.RandomGame g) {
        return given().queryParam("rules", "chu-lishogi").queryParam("play", g.play()).queryParam("size", 200)
                .when().get("/api/positions/games").then().statusCode(200).extract().jsonPath().getList("hits.gameId", Long.class);
    }

    /** Waits until position search finds the game at its last position (at most {@link #GENEROUS}). */
    private static void awaitFound(OtherWriter.RandomGame g, long id) throws InterruptedException {
        long deadline = System.nanoTime() + GENEROUS.toNanos();
        while (!positionHits(g).contains(id)) {
            if (System.nanoTime() > deadline) throw new AssertionError("game " + id + " not found by position search within " + GENEROUS);
            Thread.sleep(50);
        }
    }
}
