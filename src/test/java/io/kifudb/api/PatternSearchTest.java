package io.kifudb.api;

import static io.kifudb.api.PositionTestSupport.importLishogiCorpus;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.index.PositionIndexTestProfile;
import io.kifudb.rules.Geometry;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * {@code POST /api/positions/search} and {@code GET /api/games?q=} over real HTTP on the ten lishogi corpus
 * games. Every pattern's answer is checked against a brute-force scan: the test replays each game with
 * the rules engine and tests the pattern on every position itself.
 */
@QuarkusTest
@TestProfile(PositionIndexTestProfile.class)
class PatternSearchTest {
    private static final RuleSet RULES = RuleSet.CHU_LISHOGI;
    private static final Geometry GEO = RULES.variant.geometry;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Every position of the corpus games: game id, ply, the position. */
    private record At(long gameId, int ply, Position position) {}

    private List<At> positions;
    private Map<String, Long> ids;

    @BeforeEach
    void importAndReplay() throws Exception {
        ids = importLishogiCorpus();
        positions = new ArrayList<>();
        for (long id : ids.values()) {
            var game = given().when().get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
            List<String> moves = game.getList("moves");
            Position pos = Sfen.parse(RULES, game.getString("initialSfen"));
            positions.add(new At(id, 0, Sfen.parse(RULES, pos.sfen())));
            for (int i = 0; i < moves.size(); i++) {
                pos.play(moves.get(i));
                positions.add(new At(id, i + 1, Sfen.parse(RULES, pos.sfen())));
            }
        }
    }

    private static int code(String token) {
        boolean sente = !token.equals(token.toLowerCase());
        int id = RULES.variant.byToken(token.toLowerCase()).id;
        return sente ? id : -id;
    }

    private static int count(Position p, int code) {
        int n = 0;
        for (int sq = 0; sq < GEO.squares; sq++) if (p.pieceAt(sq) == code) n++;
        return n;
    }

    /** The (game, ply) pairs of the corpus positions the predicate accepts. */
    private Set<String> bruteForce(Predicate<At> pattern) {
        Set<String> out = new TreeSet<>();
        for (At a : positions) if (pattern.test(a)) out.add(a.gameId() + "@" + a.ply());
        return out;
    }

    /** Every hit of the search (all pages), as game@ply, checking that total agrees. */
    private static Set<String> search(Map<String, Object> body) {
        Set<String> out = new TreeSet<>();
        long total = -1;
        for (int page = 0; ; page++) {
            Map<String, Object> b = new HashMap<>(body);
            b.put("rules", RULES.id);
            b.put("page", page);
            b.put("size", 200);
            Response r = given().contentType("application/json").body(b).when().post("/api/positions/search");
            assertThat(r.statusCode()).as(r.asString()).isEqualTo(200);
            total = r.jsonPath().getLong("total");
            List<Map<String, Object>> hits = r.jsonPath().getList("hits");
            for (Map<String, Object> h : hits) assertThat(out.add(h.get("gameId") + "@" + h.get("ply"))).as("a position listed twice").isTrue();
            if (hits.size() < 200) break;
        }
        assertThat(out).hasSize((int) total);
        return out;
    }

    @Test
    void aLionInTheEnemyCampIsFoundExactlyWhereTheBoardsHaveIt() {
        int lion = code("N");
        Set<String> expected = bruteForce(a -> {
            for (int sq = 0; sq < GEO.squares; sq++) if (a.position().pieceAt(sq) == lion && GEO.rankIndex(sq) <= 5) return true;
            return false;
        });
        assertThat(expected).as("the corpus has such positions").isNotEmpty();
        assertThat(search(Map.of("pieces", List.of(Map.of("piece", "N", "region", "12a-1f"))))).isEqualTo(expected);
    }

    @Test
    void absentPiecesEmptySquaresSideToMoveAndPliesCombine() {
        int goteTokin = code("+p"), senteKing = code("K");
        int e5 = GEO.parse("5e"), g7 = GEO.parse("7g");
        Set<String> expected = bruteForce(a -> count(a.position(), goteTokin) == 0
                && a.position().pieceAt(e5) == 0 && a.position().pieceAt(g7) == 0
                && a.position().sideToMove() == 0 && a.ply() >= 20 && a.ply() <= 200
                && count(a.position(), senteKing) == 1);
        assertThat(expected).isNotEmpty();
        Set<String> found = search(Map.of("absent", List.of(Map.of("piece", "+p")), "empty", List.of("5e", "7g"),
                "sideToMove", "sente", "plyFrom", 20, "plyTo", 200,
                "material", List.of(Map.of("piece", "K", "min", 1, "max", 1))));
        assertThat(found).isEqualTo(expected);
        // and the positions with a gote tokin are exactly the others (of sente to move, plies 20-200, one King, 5e and 7g empty)
        Set<String> withTokin = bruteForce(a -> count(a.position(), goteTokin) > 0
                && a.position().pieceAt(e5) == 0 && a.position().pieceAt(g7) == 0
                && a.position().sideToMove() == 0 && a.ply() >= 20 && a.ply() <= 200 && count(a.position(), senteKing) == 1);
        assertThat(withTokin).isNotEmpty();
        assertThat(search(Map.of("pieces", List.of(Map.of("piece", "+p")), "empty", List.of("5e", "7g"),
                "sideToMove", "sente", "plyFrom", 20, "plyTo", 200,
                "material", List.of(Map.of("piece", "K", "min", 1, "max", 1))))).isEqualTo(withTokin);
    }

    @Test
    void materialRangesAndPieceOnSquaresAndAbsentOnSquares() {
        int pawn = code("P"), goteGold = code("g");
        int[] squares = {GEO.parse("7h"), GEO.parse("6h")};
        Set<String> expected = bruteForce(a -> {
            int pawns = count(a.position(), pawn);
            boolean onSquare = a.position().pieceAt(squares[0]) == pawn || a.position().pieceAt(squares[1]) == pawn;
            boolean goldAway = a.position().pieceAt(GEO.parse("7a")) != goteGold;
            return pawns >= 8 && pawns <= 10 && onSquare && goldAway;
        });
        assertThat(expected).isNotEmpty();
        assertThat(search(Map.of(
                "pieces", List.of(Map.of("piece", "P", "squares", List.of("7h", "6h"))),
                "absent", List.of(Map.of("piece", "g", "squares", List.of("7a"))),
                "material", List.of(Map.of("piece", "P", "min", 8, "max", 10))))).isEqualTo(expected);
    }

    /** The six historical CSG games (players named), imported under chu; game id -> its JSON. */
    private static Map<Long, io.restassured.path.json.JsonPath> importHistorical() throws Exception {
        Map<Long, io.restassured.path.json.JsonPath> games = new HashMap<>();
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of("kifu-corpus/chu/historical"))) {
            for (var f : files.filter(p -> p.toString().endsWith(".csg")).sorted().toList()) {
                long id = PositionTestSupport.importRecord("text/plain", java.nio.file.Files.readString(f), "chu");
                games.put(id, given().when().get("/api/games/" + id).then().statusCode(200).extract().jsonPath());
            }
        }
        assertThat(games).hasSize(6);
        return games;
    }

    @Test
    void gameFiltersNarrowTheHits() throws Exception {
        Map<Long, io.restassured.path.json.JsonPath> games = importHistorical();
        Set<String> kuriAtStart = new TreeSet<>();
        Set<String> drawnOrSenteAtStart = new TreeSet<>();
        for (var e : games.entrySet()) {
            if ("Kuri".equals(e.getValue().getString("sente")) || "Kuri".equals(e.getValue().getString("gote"))) kuriAtStart.add(e.getKey() + "@0");
        }
        assertThat(kuriAtStart).as("Kuri played some of the historical games").isNotEmpty().hasSizeLessThan(6);
        Map<String, Object> body = new HashMap<>(Map.of("player", "Kuri", "plyTo", 0));
        body.put("rules", "chu");
        assertThat(searchUnder("chu", body)).isEqualTo(kuriAtStart);
        String senteOfFirst = games.values().iterator().next().getString("sente");
        // Every chu game that player had sente in, those other test classes stored too (the database's own filter).
        Set<String> bySente = new TreeSet<>();
        for (long id : given().queryParam("rules", "chu").queryParam("sente", senteOfFirst).queryParam("size", 200).when().get("/api/games")
                .then().statusCode(200).extract().jsonPath().getList("games.id", Long.class)) bySente.add(id + "@0");
        assertThat(bySente).isNotEmpty();
        assertThat(searchUnder("chu", Map.of("sente", senteOfFirst, "plyTo", 0))).isEqualTo(bySente);
        assertThat(searchUnder("chu", Map.of("sente", senteOfFirst, "gote", "nobody", "plyTo", 0))).isEmpty();
    }

    /** Like search, under another rule set. */
    private static Set<String> searchUnder(String rules, Map<String, Object> body) {
        Map<String, Object> b = new HashMap<>(body);
        b.put("rules", rules);
        b.put("size", 200);
        Response r = given().contentType("application/json").body(b).when().post("/api/positions/search");
        assertThat(r.statusCode()).as(r.asString()).isEqualTo(200);
        Set<String> out = new TreeSet<>();
        for (Map<String, Object> h : r.jsonPath().<Map<String, Object>>getList("hits")) out.add(h.get("gameId") + "@" + h.get("ply"));
        assertThat(out).hasSize(r.jsonPath().getInt("total"));
        return out;
    }

    @Test
    void freeTextAgreesWithThePlayerFilter() throws Exception {
        importHistorical();
        // Lucene's text (any field, any case) against the database's exact player filter.
        List<Integer> byText = given().queryParam("q", "kuri").queryParam("size", 200).when().get("/api/games").then().statusCode(200)
                .extract().jsonPath().getList("games.id");
        List<Integer> byPlayer = given().queryParam("player", "Kuri").queryParam("size", 200).when().get("/api/games").then()
                .extract().jsonPath().getList("games.id");
        assertThat(byPlayer).isNotEmpty();
        assertThat(byText).containsExactlyElementsOf(byPlayer);
        // every word must match; a word no game has gives nothing
        given().queryParam("q", "kuri zzqqxxnotaname").when().get("/api/games").then().body("total", equalTo(0));
        // text and the other filters combine
        given().queryParam("q", "kuri").queryParam("rules", "chu-lishogi").when().get("/api/games").then().body("total", equalTo(0));
        // user syntax never breaks the query
        given().queryParam("q", "\"unbalanced ( -").when().get("/api/games").then().statusCode(200);
    }

    @Test
    void badPatternsAreProblemsNamingTheField() {
        record Case(Map<String, Object> body, String field) {}
        for (Case c : List.of(
                new Case(Map.of("rules", "chu", "pieces", List.of(Map.of("piece", "Z"))), "pieces[0].piece"),
                new Case(Map.of("rules", "chu", "pieces", List.of(Map.of("piece", "N", "squares", List.of("13a")))), "pieces[0].squares[0]"),
                new Case(Map.of("rules", "chu", "absent", List.of(Map.of("piece", "n", "region", "1a"))), "absent[0].region"),
                new Case(Map.of("rules", "chu", "empty", List.of("5z")), "empty[0]"),
                new Case(Map.of("rules", "chu", "material", List.of(Map.of("piece", "P", "min", 3, "max", 2))), "material[0]"),
                new Case(Map.of("rules", "chu", "sideToMove", "black"), "sideToMove"),
                new Case(Map.of("rules", "chu", "from", "yesterday"), "from"),
                new Case(Map.of("rules", "shogi"), "rules"),
                new Case(Map.of("pieces", List.of()), "rules"))) {
            given().contentType("application/json").body(c.body()).when().post("/api/positions/search").then()
                    .statusCode(400).contentType(startsWith("application/problem+json")).body("field", equalTo(c.field()));
        }
        given().contentType("application/json").body("{\"rules\":").when().post("/api/positions/search").then().statusCode(400);
    }
}
