package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** {@code /api/rules} over real HTTP. */
@QuarkusTest
class RulesResourceTest {
    private static final String START = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

    @Test
    void listsTheChuRuleSetsWithTheirPieces() {
        given().when().get("/api/rules").then().statusCode(200)
                .body("id", hasItems("chu", "chu-sdin", "chu-lishogi"))
                .body("find { it.id == 'chu' }.boardSize", equalTo(12))
                .body("find { it.id == 'chu' }.startSfen", equalTo(START))
                .body("find { it.id == 'chu' }.pieces", hasSize(39))
                .body("find { it.id == 'chu-sdin' }.promotion", equalTo("SDIN"));
    }

    @Test
    void startPositionHas36Moves() {
        given().queryParam("sfen", START).when().get("/api/rules/chu/moves").then().statusCode(200)
                .body("moves", hasSize(36))
                .body("moves", hasItems("7j6h", "7j7h", "9h9g"))
                .body("status.result", equalTo("ongoing"))
                .body("sideToMove", equalTo("sente"));
    }

    @Test
    void playsMovesInAnySpellingAndEchoesTheCanonicalOne() {
        // Lion moves through an empty first square: the two-square spelling is canonical.
        given().queryParam("play", "7i7h,6d6e,7j7i6h,6c6d5e").when().get("/api/rules/chu-lishogi/moves").then().statusCode(200)
                .body("played", contains("7i7h", "6d6e", "7j6h", "6c5e"))
                .body("sfen", equalTo("lfcsgekgscfl/a1b1txot1b1a/mvrhdq1dhrvm/pppppp1ppppp/3i2pni3/12/12/3I1PN1I3/PPPPP1PPPPPP/MVRHD1QDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 5"))
                .body("moves", hasItem("6h5f"));
    }

    @Test
    void aFinishedGameListsNoMovesAndSaysWhy() {
        // Lion takes the King (chu-lishogi: royals lost). Gote keeps a Gold so no bare-king rule applies first.
        String sfen = "5k5g/12/5N6/12/12/12/12/12/12/12/12/5K6 b - 1";
        given().queryParam("sfen", sfen).queryParam("play", "7c7a").when().get("/api/rules/chu-lishogi/moves").then()
                .statusCode(200)
                .body("moves", hasSize(0))
                .body("status.result", equalTo("sente"))
                .body("status.reason", equalTo("royal-captured"));
    }

    @Test
    void badSfenIs400ProblemNamingTheFault() {
        given().queryParam("sfen", "lfcsgekgscfl/a1b1txot1b1a b - 1").when().get("/api/rules/chu/moves").then()
                .statusCode(400)
                .contentType(startsWith("application/problem+json"))
                .body("type", equalTo("https://kifudb.io/problems/invalid-sfen"))
                .body("detail", containsString("2 ranks"))
                .body("field", equalTo("sfen"));
    }

    @Test
    void illegalMoveIs400WithItsPly() {
        given().queryParam("play", "7i7h,7h7g").when().get("/api/rules/chu/moves").then()
                .statusCode(400)
                .contentType(startsWith("application/problem+json"))
                .body("type", equalTo("https://kifudb.io/problems/illegal-move"))
                .body("ply", equalTo(2))
                .body("move", equalTo("7h7g"))
                .body("detail", containsString("not gote's"));
    }

    @Test
    void unknownRuleSetIs400NotADefault() {
        given().when().get("/api/rules/shogi/moves").then()
                .statusCode(400)
                .contentType(startsWith("application/problem+json"))
                .body("type", equalTo("https://kifudb.io/problems/unknown-rule-set"))
                .body("detail", not(containsString("Exception")));
    }

    @Test
    void garbageMoveTextIs400() {
        given().queryParam("play", "hello").when().get("/api/rules/chu/moves").then()
                .statusCode(400)
                .body("type", equalTo("https://kifudb.io/problems/illegal-move"))
                .body("detail", containsString("not a USI move"));
    }
}
