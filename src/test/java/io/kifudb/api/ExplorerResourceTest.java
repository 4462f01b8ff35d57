package io.kifudb.api;

import static io.kifudb.api.PositionTestSupport.allHits;
import static io.kifudb.api.PositionTestSupport.importLishogiCorpus;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.kifudb.index.PositionIndexTestProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code GET /api/explorer} over real HTTP. Its counts are checked against the game-by-game listing of
 * {@code /api/positions/games} (whatever other tests stored too) and against what the corpus games are.
 */
@QuarkusTest
@TestProfile(PositionIndexTestProfile.class)
class ExplorerResourceTest {

    private static JsonPath explorer(Map<String, ?> query) {
        return given().queryParams(query).when().get("/api/explorer").then().statusCode(200).extract().jsonPath();
    }

    /** The explorer's totals, per-move counts, outcomes and first page of games all follow from the listing. */
    private static JsonPath checkAgainstListing(Map<String, String> position) {
        Map<String, Object> query = new HashMap<>(position);
        query.put("size", 200);
        JsonPath e = explorer(query);
        List<Map<String, Object>> hits = allHits(position);

        assertThat(e.getLong("games")).isEqualTo(hits.size());
        assertThat(e.getLong("sente") + e.getLong("draws") + e.getLong("gote") + e.getLong("ongoing")).isEqualTo(e.getLong("games"));
        List<Map<String, Object>> moves = e.getList("moves");
        long viaMoves = moves.stream().mapToLong(m -> ((Number) m.get("games")).longValue()).sum();
        assertThat(viaMoves + e.getLong("ended")).isEqualTo(e.getLong("games"));

        // Recount from the listing, game by game.
        Map<String, long[]> byMove = new TreeMap<>(); // games, sente, draws, gote, ongoing, plies
        Map<String, Long> outcomes = new TreeMap<>();
        long ended = 0, sente = 0, gote = 0, draws = 0, plies = 0;
        for (Map<String, Object> h : hits) {
            String result = (String) h.get("result");
            int n = ((Number) h.get("plies")).intValue();
            plies += n;
            if (result.equals("sente")) sente++;
            if (result.equals("gote")) gote++;
            if (result.equals("draw")) draws++;
            String reason = (String) h.get("reason");
            outcomes.merge(reason != null ? reason : result.equals("ongoing") ? "unfinished" : "unknown", 1L, Long::sum);
            String move = (String) h.get("move");
            if (move == null) {
                ended++;
                continue;
            }
            long[] c = byMove.computeIfAbsent(move, k -> new long[6]);
            c[0]++;
            c[1 + List.of("sente", "draw", "gote", "ongoing").indexOf(result)]++;
            c[5] += n;
        }
        assertThat(e.getLong("sente")).isEqualTo(sente);
        assertThat(e.getLong("gote")).isEqualTo(gote);
        assertThat(e.getLong("draws")).isEqualTo(draws);
        assertThat(e.getLong("ended")).isEqualTo(ended);
        assertThat(e.getLong("averagePlies")).isEqualTo(hits.isEmpty() ? 0 : Math.round((double) plies / hits.size()));
        Map<String, Long> servedOutcomes = new TreeMap<>();
        e.getMap("outcomes").forEach((k, v) -> servedOutcomes.put((String) k, ((Number) v).longValue()));
        assertThat(servedOutcomes).isEqualTo(outcomes);

        Map<String, long[]> served = new TreeMap<>();
        for (Map<String, Object> m : moves) {
            long games = ((Number) m.get("games")).longValue();
            served.put((String) m.get("usi"), new long[] {games, num(m, "sente"), num(m, "draws"), num(m, "gote"), num(m, "ongoing"),
                    num(m, "averagePlies")});
        }
        assertThat(served.keySet()).isEqualTo(byMove.keySet());
        byMove.forEach((usi, c) -> {
            long[] s = served.get(usi);
            assertThat(Arrays.copyOf(s, 5)).as(usi).containsExactly(Arrays.copyOf(c, 5));
            assertThat(s[5]).as("average plies after %s", usi).isEqualTo(Math.round((double) c[5] / c[0]));
        });
        // Most played first, ties by move.
        for (int i = 1; i < moves.size(); i++) {
            long prev = num(moves.get(i - 1), "games"), cur = num(moves.get(i), "games");
            assertThat(prev > cur || (prev == cur && ((String) moves.get(i - 1).get("usi")).compareTo((String) moves.get(i).get("usi")) < 0))
                    .as("move order at %d", i).isTrue();
        }
        // topGames is the listing's first page, in the same (default) order.
        List<Map<String, Object>> top = e.getList("topGames");
        assertThat(top).isEqualTo(hits.subList(0, Math.min(200, hits.size())));
        return e;
    }

    private static long num(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).longValue();
    }

    /**
     * This test profile's database holds no other chu-lishogi game from the start, so the figures are the
     * ten lishogi games' own: winners sente 3 (Lqyj1bLC, VoPpZxG5, 2u7dwJf9), gote 4, draws 3 (OGH2sJc2
     * by repetition, UUnYczs0 and mU1oGkUg agreed); 2462 plies in all; reasons as the rules decided them
     * (royals lost: royal-captured, bare king: bare-king, repetition) or as the records say (draw, resign).
     */
    @Test
    void theStartPositionAgreesWithTheListingAndTheCorpus() throws Exception {
        importLishogiCorpus();
        JsonPath e = checkAgainstListing(Map.of("rules", "chu-lishogi"));
        assertThat(e.getString("sfen")).isEqualTo(io.kifudb.rules.RuleSet.CHU_LISHOGI.variant.startSfen);
        assertThat(List.of(e.getLong("games"), e.getLong("sente"), e.getLong("draws"), e.getLong("gote"), e.getLong("ongoing"),
                e.getLong("ended"), e.getLong("averagePlies"))).containsExactly(10L, 3L, 3L, 4L, 0L, 0L, 246L);
        Map<String, Long> outcomes = new TreeMap<>();
        e.getMap("outcomes").forEach((k, v) -> outcomes.put((String) k, ((Number) v).longValue()));
        assertThat(outcomes).isEqualTo(Map.of("royal-captured", 3L, "bare-king", 2L, "repetition", 1L, "draw", 2L, "resign", 2L));
        // First moves: 7j7h four times (the three draws and gZ0HcfLK, won by gote), 7i7h twice (both gote), four once.
        List<String> moves = new ArrayList<>();
        for (Map<String, Object> m : e.<Map<String, Object>>getList("moves"))
            moves.add(m.get("usi") + " " + num(m, "games") + " " + num(m, "sente") + "/" + num(m, "draws") + "/" + num(m, "gote")
                    + " " + num(m, "averagePlies"));
        assertThat(moves).containsExactly("7j7h 4 0/3/1 129", "7i7h 2 0/0/2 175", "11j11k 1 1/0/0 555", "4h4g 1 0/0/1 620",
                "5i5h 1 1/0/0 341", "8i8h 1 1/0/0 81");
    }

    @Test
    void alongAGameItsNextMoveIsListedAndTheCountsAddUp() throws Exception {
        long id = importLishogiCorpus().get("Lqyj1bLC");
        List<String> moves = Arrays.asList(given().queryParam("format", "usi").when().get("/api/games/" + id)
                .then().statusCode(200).extract().asString().split(" "));
        assertThat(moves).hasSize(81);
        for (int ply : new int[] {1, 10, 40, 80, 81}) {
            JsonPath e = checkAgainstListing(Map.of("rules", "chu-lishogi", "play", String.join(",", moves.subList(0, ply))));
            if (ply < moves.size()) {
                Map<String, Object> next = e.<Map<String, Object>>getList("moves").stream()
                        .filter(x -> x.get("usi").equals(moves.get(ply))).findFirst().orElseThrow();
                assertThat(num(next, "sente")).as("Lqyj1bLC: sente won").isGreaterThanOrEqualTo(1);
            } else {
                assertThat(e.getLong("ended")).isGreaterThanOrEqualTo(1);
            }
        }
    }

    @Test
    void theTranspositionGamesAreCountedByTheirNextMoveAndResult() {
        PositionsResourceTest.Transposition t = PositionsResourceTest.importTranspositionGames();
        JsonPath e = checkAgainstListing(Map.of("rules", "chu", "sfen", t.sfen()));
        assertThat(e.getLong("games")).isGreaterThanOrEqualTo(4);
        Map<String, Map<String, Object>> byUsi = new HashMap<>();
        for (Map<String, Object> m : e.<Map<String, Object>>getList("moves")) byUsi.put((String) m.get("usi"), m);
        assertThat(num(byUsi.get("8i8h"), "sente")).isGreaterThanOrEqualTo(1);   // A
        assertThat(num(byUsi.get("10i10h"), "gote")).isGreaterThanOrEqualTo(1);  // B
        assertThat(num(byUsi.get("11i11h"), "ongoing")).isGreaterThanOrEqualTo(1); // D
        assertThat(e.getLong("ended")).isGreaterThanOrEqualTo(1);                  // C, a draw
        assertThat(e.getLong("draws")).isGreaterThanOrEqualTo(1);
    }

    @Test
    void topGamesPagesThroughEveryGameNotJustAFew() throws Exception {
        importLishogiCorpus();
        List<Long> all = allHits(Map.of("rules", "chu-lishogi", "sort", "ply")).stream().map(PositionTestSupport::gameId).toList();
        List<Long> paged = new ArrayList<>();
        for (int page = 0; page * 4 < all.size(); page++) {
            JsonPath e = given().queryParam("rules", "chu-lishogi").queryParam("sort", "ply").queryParam("page", page).queryParam("size", 4)
                    .when().get("/api/explorer").then().statusCode(200)
                    .body("games", equalTo(all.size())).body("page", equalTo(page)).extract().jsonPath();
            e.<Number>getList("topGames.gameId").forEach(n -> paged.add(n.longValue()));
        }
        assertThat(paged).hasSizeGreaterThan(4).isEqualTo(all);
    }
}
