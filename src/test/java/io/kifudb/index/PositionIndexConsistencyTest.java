package io.kifudb.index;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.kifudb.importer.CorpusLoader;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The index is a copy of the database: rebuilt on request, rebuilt when its files are gone, caught up
 * when games were stored while it was closed, and every time it answers as before.
 */
@QuarkusTest
@TestProfile(PositionIndexTestProfile.class)
class PositionIndexConsistencyTest {
    @Inject
    PositionIndex index;

    @Inject
    StoredGames store;

    @Inject
    CorpusLoader corpus;

    @ConfigProperty(name = "kifudb.index.dir")
    Path dir;

    /** Positions whose answers are compared: starts, and positions deep in corpus games (by SFEN). */
    private List<String[]> probes() {
        List<String[]> probes = new ArrayList<>();
        probes.add(new String[] {"chu-lishogi", RuleSet.CHU_LISHOGI.variant.startSfen});
        probes.add(new String[] {"chu", RuleSet.CHU.variant.startSfen});
        // SNjoPiHz half way, and the position of the chu game from the KIF corpus after 6 plies.
        Position p = Position.start(RuleSet.CHU_LISHOGI);
        for (String m : "7i7h 5d5e 6i6h 3d3e 5i5h 6d6e 7h7g 7d7e 6h6g 8c7d 7g7f".split(" ")) p.play(m);
        probes.add(new String[] {"chu-lishogi", p.sfen()});
        return probes;
    }

    /** Everything the two endpoints say about the probes, as JSON text. */
    private List<String> answers() {
        List<String> out = new ArrayList<>();
        for (String[] probe : probes()) {
            for (String sort : List.of("-date", "ply", "gote")) {
                out.add(given().queryParam("rules", probe[0]).queryParam("sfen", probe[1]).queryParam("sort", sort).queryParam("size", 200)
                        .when().get("/api/positions/games").then().statusCode(200).extract().asString());
            }
            out.add(given().queryParam("rules", probe[0]).queryParam("sfen", probe[1]).queryParam("size", 200)
                    .when().get("/api/explorer").then().statusCode(200).extract().asString());
        }
        return out;
    }

    private void assertInStepWithTheDatabase() {
        PositionIndex.Status s = index.status();
        StoredGames.Stats db = store.stats();
        assertThat(s.open()).isTrue();
        assertThat(s.games()).isEqualTo(db.count());
        assertThat(s.maxGameId()).isEqualTo(db.maxId());
    }

    @Test
    void reindexDeletedFilesAndACatchUpAllGiveTheSameAnswers() throws Exception {
        corpus.importCorpus();
        assertInStepWithTheDatabase();
        List<String> before = answers();
        assertThat(before.get(0)).contains("\"total\":"); // sanity: the probes are real answers
        assertThat(index.status().positions()).isGreaterThan(2000);

        // 1. An explicit rebuild.
        PositionIndex.SyncReport r = index.reindex();
        assertThat(r.action()).isEqualTo(PositionIndex.SyncAction.REBUILT);
        assertThat(r.games()).isEqualTo(store.stats().count());
        assertThat(answers()).isEqualTo(before);
        assertInStepWithTheDatabase();

        // 2. Reopening an index in step does nothing.
        index.close();
        assertThat(index.open().action()).isEqualTo(PositionIndex.SyncAction.NONE);

        // 3. The index directory emptied while closed: opening rebuilds it from the database.
        index.close();
        deleteContents(dir);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.count()).isZero();
        }
        PositionIndex.SyncReport rebuilt = index.open();
        assertThat(rebuilt.action()).isEqualTo(PositionIndex.SyncAction.REBUILT);
        assertThat(rebuilt.why()).startsWith("no index");
        assertThat(answers()).isEqualTo(before);

        // 4. Games stored while the index is closed (as after a crash before its commit): caught up on open.
        index.close();
        given().queryParam("rules", "chu").when().get("/api/positions/games").then()
                .statusCode(503).contentType(startsWith("application/problem+json"))
                .body("type", equalTo("https://kifudb.io/problems/index-unavailable"));
        String record = "{\"rules\":\"chu\",\"event\":\"while closed\",\"sente\":\"Closed\",\"moves\":\"8i8h 5d5e 7i7h 6d6e 12i12h\"}";
        long id = given().contentType("application/json").body(record).when().post("/api/games").then()
                .statusCode(201).extract().jsonPath().getLong("id");
        PositionIndex.SyncReport caught = index.open();
        assertThat(caught.action()).isEqualTo(PositionIndex.SyncAction.CAUGHT_UP);
        assertThat(caught.games()).isEqualTo(1);
        assertThat(caught.positions()).isEqualTo(6);
        assertInStepWithTheDatabase();
        given().queryParam("rules", "chu").queryParam("play", "8i8h,5d5e,7i7h,6d6e,12i12h").when().get("/api/positions/games").then()
                .statusCode(200).body("hits.find { it.gameId == " + id + " }.ply", equalTo(5));
        // The answers about the old probes only changed by that game, if at all: a rebuild agrees with the catch-up.
        List<String> afterCatchUp = answers();
        index.reindex();
        assertThat(answers()).isEqualTo(afterCatchUp);
    }

    @Test
    void aCommitRecordsTheGamesItHolds() throws Exception {
        corpus.importCorpus();
        index.commit();
        StoredGames.Stats db = store.stats();
        index.close();
        try (var reader = org.apache.lucene.index.DirectoryReader.open(org.apache.lucene.store.FSDirectory.open(dir))) {
            var data = reader.getIndexCommit().getUserData();
            assertThat(data).containsEntry(PositionIndex.DATA_GAMES, Long.toString(db.count()))
                    .containsEntry(PositionIndex.DATA_MAX_ID, Long.toString(db.maxId()))
                    .containsEntry(PositionIndex.DATA_FORMAT, PositionIndex.FORMAT)
                    .containsEntry(PositionIndex.DATA_KEYS, PositionIndex.keysFingerprint());
        } finally {
            index.open();
        }
    }

    @Test
    void anIndexOfAnotherLayoutOrWithDamagedFilesIsRebuilt() throws Exception {
        corpus.importCorpus();
        List<String> before = answers();

        // An index of the layout before this one (layout 2: no kind), as an upgrade finds it: a problem's
        // documents written without their kind, the layout version of then in the last commit.
        var problem = given().queryParam("kind", "problem").queryParam("size", 1).when().get("/api/games").then().statusCode(200)
                .extract().jsonPath();
        long problemId = problem.getLong("games[0].id");
        String problemStart = problem.getString("games[0].initialSfen"), problemRules = problem.getString("games[0].rules");
        index.close();
        try (var d = org.apache.lucene.store.FSDirectory.open(dir);
             var w = new org.apache.lucene.index.IndexWriter(d, new org.apache.lucene.index.IndexWriterConfig())) {
            List<org.apache.lucene.document.Document> old = PositionDocs.build(store.byIds(List.of(problemId)).get(0)).docs();
            old.forEach(doc -> doc.removeFields(PositionDocs.KIND));
            w.updateDocuments(PositionDocs.gameTerm(problemId), old);
            var data = new java.util.HashMap<String, String>();
            w.getLiveCommitData().forEach(e -> data.put(e.getKey(), e.getValue()));
            data.put(PositionIndex.DATA_FORMAT, "2");
            w.setLiveCommitData(data.entrySet());
            w.commit();
        }
        assertThat(docsOfKind(problemId, "problem")).as("the old layout: no kind").isZero();
        PositionIndex.SyncReport r = index.open();
        assertThat(r.action()).isEqualTo(PositionIndex.SyncAction.REBUILT);
        assertThat(r.why()).contains("layout 2");
        assertThat(answers()).isEqualTo(before);
        assertThat(docsOfKind(problemId, "problem")).as("rebuilt with the kind").isPositive();
        given().queryParam("rules", problemRules).queryParam("sfen", problemStart).queryParam("kind", "problem").when()
                .get("/api/positions/games").then().statusCode(200).body("hits.gameId", org.hamcrest.Matchers.hasItem((int) problemId));

        // A segment file gone, the commit point still there: unreadable, so rebuilt.
        index.close();
        try (Stream<Path> files = Files.list(dir)) {
            Path segment = files.filter(p -> p.getFileName().toString().endsWith(".si")).findFirst().orElseThrow();
            Files.delete(segment);
        }
        r = index.open();
        assertThat(r.action()).isEqualTo(PositionIndex.SyncAction.REBUILT);
        assertThat(r.why()).startsWith("unreadable index");
        assertThat(answers()).isEqualTo(before);
        assertInStepWithTheDatabase();
    }

    /** The documents of a game that carry that kind, in the index's last commit. */
    private long docsOfKind(long gameId, String kind) throws IOException {
        index.commit();
        try (var reader = org.apache.lucene.index.DirectoryReader.open(org.apache.lucene.store.FSDirectory.open(dir))) {
            return new org.apache.lucene.search.IndexSearcher(reader).count(new org.apache.lucene.search.BooleanQuery.Builder()
                    .add(new org.apache.lucene.search.TermQuery(PositionDocs.gameTerm(gameId)), org.apache.lucene.search.BooleanClause.Occur.FILTER)
                    .add(new org.apache.lucene.search.TermQuery(new org.apache.lucene.index.Term(PositionDocs.KIND, kind)),
                            org.apache.lucene.search.BooleanClause.Occur.FILTER)
                    .build());
        }
    }

    private static void deleteContents(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) if (!p.equals(dir)) Files.delete(p);
        }
    }
}
