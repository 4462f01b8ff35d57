package io.kifudb.api;

import static io.kifudb.api.PositionTestSupport.allHits;
import static io.kifudb.api.PositionTestSupport.gameId;
import static io.kifudb.api.PositionTestSupport.hitOf;
import static io.kifudb.api.PositionTestSupport.importLishogiCorpus;
import static io.kifudb.api.PositionTestSupport.importRecord;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.index.PositionIndexTestProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** {@code GET /api/positions/games} over real HTTP, on games imported from the corpus and a few built here. */
@QuarkusTest
@TestProfile(PositionIndexTestProfile.class)
class PositionsResourceTest {
    /**
     * Four chu games reaching one position by three move orders after 4 plies (sente's 7i and 6i pawns,
     * gote's 5d and 3d pawns), then parting: A and D push another pawn, B a third one, C ends there.
     */
    static final String[] PREFIX_A = {"7i7h", "5d5e", "6i6h", "3d3e"};
    static final String[] PREFIX_B = {"6i6h", "3d3e", "7i7h", "5d5e"};
    static final String[] PREFIX_C = {"7i7h", "3d3e", "6i6h", "5d5e"};
    static final String GAME_A = "{\"rules\":\"chu\",\"event\":\"transposition A\",\"sente\":\"Kaneko\",\"gote\":\"Ohyama\",\"date\":\"2024-03-01\","
            + "\"moves\":\"7i7h 5d5e 6i6h 3d3e 8i8h\",\"status\":\"resign\",\"winner\":\"sente\"}";
    static final String GAME_B = "{\"rules\":\"chu\",\"event\":\"transposition B\",\"sente\":\"Abe\",\"gote\":\"Sato\",\"date\":\"2023-05-05\","
            + "\"moves\":\"6i6h 3d3e 7i7h 5d5e 10i10h\",\"status\":\"resign\",\"winner\":\"gote\"}";
    static final String GAME_C = "{\"rules\":\"chu\",\"event\":\"transposition C\",\"sente\":\"Mori\",\"gote\":\"Baba\",\"date\":\"2025-01-01\","
            + "\"moves\":\"7i7h 3d3e 6i6h 5d5e\",\"status\":\"draw\"}";
    /** No date and no players: sorts last whichever way dates or names are sorted. */
    static final String GAME_D = "{\"rules\":\"chu\",\"event\":\"transposition D\",\"moves\":\"7i7h 5d5e 6i6h 3d3e 11i11h\"}";

    record Transposition(long a, long b, long c, long d, String sfen) {}

    /** Checks the move orders with the rules endpoint (legal, same position), imports the four games. */
    static Transposition importTranspositionGames() {
        String sfen = given().queryParam("play", String.join(",", PREFIX_A)).when().get("/api/rules/chu/moves").then()
                .statusCode(200).extract().path("sfen");
        for (String[] prefix : List.of(PREFIX_B, PREFIX_C))
            given().queryParam("play", String.join(",", prefix)).when().get("/api/rules/chu/moves").then()
                    .statusCode(200).body("sfen", equalTo(sfen));
        given().queryParam("sfen", sfen).when().get("/api/rules/chu/moves").then().statusCode(200)
                .body("moves", org.hamcrest.Matchers.hasItems("8i8h", "10i10h", "11i11h"));
        return new Transposition(importRecord("application/json", GAME_A, null), importRecord("application/json", GAME_B, null),
                importRecord("application/json", GAME_C, null), importRecord("application/json", GAME_D, null), sfen);
    }

    private static List<String> movesOf(long id) {
        String usi = given().queryParam("format", "usi").when().get("/api/games/" + id).then().statusCode(200).extract().asString();
        return usi.isBlank() ? List.of() : Arrays.asList(usi.split(" "));
    }

    @Test
    void everyImportedGameIsFoundAtPlyZeroOfItsStart() throws Exception {
        Map<String, Long> ids = importLishogiCorpus();
        List<Map<String, Object>> byDefault = allHits(Map.of("rules", "chu-lishogi"));
        List<Map<String, Object>> bySfen = allHits(Map.of("rules", "chu-lishogi", "sfen", RuleSet.CHU_LISHOGI.variant.startSfen));
        assertThat(bySfen).isEqualTo(byDefault);
        assertThat(byDefault).as("this profile's database has no other chu-lishogi game from the start").hasSize(10);
        for (long id : ids.values()) {
            Map<String, Object> hit = hitOf(byDefault, id);
            assertThat(hit).as("game %d at the start", id).isNotNull();
            assertThat(hit.get("ply")).isEqualTo(0);
            assertThat(hit.get("move")).isEqualTo(movesOf(id).get(0));
            var game = given().when().get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
            assertThat(hit.get("result")).isEqualTo(game.getString("result"));
            assertThat(hit.get("reason")).isEqualTo(game.getString("reason"));
            assertThat(hit.get("plies")).isEqualTo(game.getInt("plies"));
        }
        // The corpus facts themselves: SNjoPiHz opens 7i7h and gote took the King at ply 22.
        Map<String, Object> first = hitOf(byDefault, ids.get("SNjoPiHz"));
        assertThat(first).containsEntry("move", "7i7h").containsEntry("result", "gote").containsEntry("plies", 22);
        // Under another rule set the same board is another position: none of these games.
        List<Map<String, Object>> chu = allHits(Map.of("rules", "chu"));
        assertThat(chu).noneMatch(h -> ids.containsValue(gameId(h)));
    }

    /**
     * Every corpus game is found half way through and at its end, looked up by the SFEN the engine gives
     * for that ply, listed once at the first ply it stood there, with the move it played then.
     */
    @Test
    void everyGameIsFoundByTheSfenOfAnyOfItsPositionsAtItsFirstVisit() throws Exception {
        Map<String, Long> ids = importLishogiCorpus();
        int repeated = 0;
        for (long id : ids.values()) {
            List<String> moves = movesOf(id);
            Position pos = Position.start(RuleSet.CHU_LISHOGI);
            List<Long> keys = new ArrayList<>(List.of(pos.key()));
            List<String> sfens = new ArrayList<>(List.of(pos.sfen()));
            for (String m : moves) {
                pos.make(pos.parseMove(m));
                keys.add(pos.key());
                sfens.add(pos.sfen());
            }
            for (int ply : new int[] {moves.size() / 2, moves.size()}) {
                int first = keys.indexOf(keys.get(ply));
                int visits = (int) keys.stream().filter(k -> k.equals(keys.get(ply))).count();
                if (first != ply) repeated++;
                List<Map<String, Object>> hits = allHits(Map.of("rules", "chu-lishogi", "sfen", sfens.get(ply)));
                Map<String, Object> hit = hitOf(hits, id);
                assertThat(hit).as("game %d at ply %d", id, ply).isNotNull();
                assertThat(hit.get("ply")).isEqualTo(first);
                assertThat(hit.get("visits")).isEqualTo(visits);
                assertThat(hit.get("move")).isEqualTo(first < moves.size() ? moves.get(first) : null);
            }
        }
        // OGH2sJc2 ends in a fourfold repetition: its last position was first reached earlier.
        assertThat(repeated).isGreaterThanOrEqualTo(1);
        // play= finds the same as sfen=: the whole of the shortest game.
        List<String> shortest = movesOf(ids.get("SNjoPiHz"));
        Map<String, Object> end = hitOf(allHits(Map.of("rules", "chu-lishogi", "play", String.join(",", shortest))), ids.get("SNjoPiHz"));
        assertThat(end).containsEntry("ply", 22).containsEntry("visits", 1);
        assertThat(end.get("move")).isNull();
    }

    @Test
    void aPositionReachedByDifferentMoveOrdersFindsEveryGame() {
        Transposition t = importTranspositionGames();
        List<Map<String, Object>> hits = allHits(Map.of("rules", "chu", "play", String.join(",", PREFIX_B)));
        assertThat(hitOf(hits, t.a())).containsEntry("ply", 4).containsEntry("move", "8i8h")
                .containsEntry("sente", "Kaneko").containsEntry("gote", "Ohyama").containsEntry("date", "2024-03-01")
                .containsEntry("result", "sente").containsEntry("reason", "resign");
        assertThat(hitOf(hits, t.b())).containsEntry("ply", 4).containsEntry("move", "10i10h").containsEntry("result", "gote");
        assertThat(hitOf(hits, t.c())).containsEntry("ply", 4).containsEntry("result", "draw");
        assertThat(hitOf(hits, t.c()).get("move")).as("C ends there").isNull();
        assertThat(hitOf(hits, t.d())).containsEntry("move", "11i11h").containsEntry("result", "ongoing");
        // By SFEN, whatever its move number (not part of the position).
        String otherMoveNumber = t.sfen().replaceFirst(" \\d+$", " 37");
        assertThat(allHits(Map.of("rules", "chu", "sfen", otherMoveNumber))).isEqualTo(hits);
        // One ply earlier the move orders differ: A and D share that position, B and C do not.
        List<Map<String, Object>> before = allHits(Map.of("rules", "chu", "play", String.join(",", Arrays.copyOf(PREFIX_A, 3))));
        assertThat(hitOf(before, t.a())).isNotNull();
        assertThat(hitOf(before, t.d())).isNotNull();
        assertThat(hitOf(before, t.b())).isNull();
        assertThat(hitOf(before, t.c())).isNull();
        // Same board under chu-lishogi: another rule set, another position.
        List<Map<String, Object>> lishogi = allHits(Map.of("rules", "chu-lishogi", "play", String.join(",", PREFIX_B)));
        assertThat(lishogi).noneMatch(h -> List.of(t.a(), t.b(), t.c(), t.d()).contains(gameId(h)));
    }

    @Test
    void sortsByDateNamesAndPlyWithMissingValuesLast() {
        Transposition t = importTranspositionGames();
        List<Long> mine = List.of(t.a(), t.b(), t.c(), t.d());
        Map<String, List<Long>> expected = Map.of(
                "date", List.of(t.b(), t.a(), t.c(), t.d()),
                "-date", List.of(t.c(), t.a(), t.b(), t.d()),
                "sente", List.of(t.b(), t.a(), t.c(), t.d()),
                "-gote", List.of(t.b(), t.a(), t.c(), t.d()),
                "gote", List.of(t.c(), t.a(), t.b(), t.d()));
        expected.forEach((sort, order) -> {
            List<Map<String, Object>> hits = allHits(Map.of("rules", "chu", "sfen", t.sfen(), "sort", sort));
            assertThat(hits.stream().map(PositionTestSupport::gameId).filter(mine::contains).toList()).as(sort).isEqualTo(order);
        });
        // Over a big listing: each order holds throughout, and games without the value come last.
        checkOrder(allHits(Map.of("rules", "chu-lishogi", "play", "7j7h", "sort", "date")), "date", false);
        checkOrder(allHits(Map.of("rules", "chu", "sort", "-date")), "date", true);
        checkOrder(allHits(Map.of("rules", "chu", "sort", "sente")), "sente", false);
        checkOrder(allHits(Map.of("rules", "chu", "sort", "-ply")), "ply", true);
        checkOrder(allHits(Map.of("rules", "chu", "sort", "plies")), "plies", false);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void checkOrder(List<Map<String, Object>> hits, String field, boolean descending) {
        Comparator<Comparable> c = descending ? Comparator.<Comparable>reverseOrder() : Comparator.<Comparable>naturalOrder();
        Comparable previous = null;
        boolean missingSeen = false;
        for (Map<String, Object> h : hits) {
            Comparable v = (Comparable) h.get(field);
            if (v == null) {
                missingSeen = true;
                continue;
            }
            assertThat(missingSeen).as("%s: a value after a missing one", field).isFalse();
            if (previous != null) assertThat(c.compare(previous, v)).as("%s: %s then %s", field, previous, v).isLessThanOrEqualTo(0);
            previous = v;
        }
    }

    @Test
    void pagesAreSlicesOfOneStableOrder() throws Exception {
        importLishogiCorpus();
        importTranspositionGames();
        for (String sort : List.of("-date", "ply", "sente")) {
            List<Long> all = allHits(Map.of("rules", "chu-lishogi", "sort", sort)).stream().map(PositionTestSupport::gameId).toList();
            assertThat(all).hasSizeGreaterThanOrEqualTo(10).doesNotHaveDuplicates();
            List<Long> paged = new ArrayList<>();
            for (int page = 0; page * 3 < all.size(); page++) {
                var r = given().queryParam("rules", "chu-lishogi").queryParam("sort", sort).queryParam("page", page).queryParam("size", 3)
                        .when().get("/api/positions/games").then().statusCode(200)
                        .body("total", equalTo(all.size())).body("page", equalTo(page)).body("size", equalTo(3))
                        .body("sort", equalTo(sort)).extract().jsonPath();
                List<Number> ids = r.getList("hits.gameId");
                assertThat(ids).hasSize(Math.min(3, all.size() - page * 3));
                ids.forEach(n -> paged.add(n.longValue()));
            }
            assertThat(paged).as(sort).isEqualTo(all);
            given().queryParam("rules", "chu-lishogi").queryParam("page", all.size()).queryParam("size", 1)
                    .when().get("/api/positions/games").then().statusCode(200)
                    .body("hits", hasSize(0)).body("total", equalTo(all.size()));
        }
    }

    @Test
    void badInputIsA400ProblemOnBothEndpoints() {
        for (String path : List.of("/api/positions/games", "/api/explorer")) {
            problem(path, Map.of(), "bad-request", "rules");
            problem(path, Map.of("rules", "go"), "unknown-rule-set", "rules");
            problem(path, Map.of("rules", "chu", "sfen", "lfcsgekgscfl/a1b1txot1b1a b - 1"), "invalid-sfen", "sfen");
            problem(path, Map.of("rules", "chu", "play", "7i7h,7h7g"), "illegal-move", "play")
                    .body("ply", equalTo(2)).body("move", equalTo("7h7g"));
            problem(path, Map.of("rules", "chu", "size", "0"), "bad-request", "size");
            problem(path, Map.of("rules", "chu", "size", "201"), "bad-request", "size");
            problem(path, Map.of("rules", "chu", "page", "-1"), "bad-request", "page");
            problem(path, Map.of("rules", "chu", "page", "5000", "size", "200"), "bad-request", "page");
            problem(path, Map.of("rules", "chu", "sort", "rating"), "bad-request", "sort");
            given().queryParam("rules", "chu").queryParam("page", "abc").when().get(path).then()
                    .statusCode(400).contentType(startsWith("application/problem+json"));
        }
    }

    private static io.restassured.response.ValidatableResponse problem(String path, Map<String, ?> query, String type, String field) {
        var r = given().queryParams(query).when().get(path).then()
                .statusCode(400)
                .contentType(startsWith("application/problem+json"))
                .body("type", equalTo(Problem.typeUri(type)));
        return Objects.equals(field, null) ? r : r.body("field", equalTo(field));
    }
}
