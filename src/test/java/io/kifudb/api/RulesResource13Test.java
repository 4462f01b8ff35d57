package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** {@code /api/rules} for the 13×13 rule sets, over real HTTP: each rule at work on positions reached by play. */
@QuarkusTest
class RulesResource13Test {
    private static final String KY_START = "ljunsgkgsnujl/a2yz1w1zy2a/rmvbhdqdhbvmr/ppppppppppppp/3i5i3/13/13/13/3I5I3/PPPPPPPPPPPPP/RMVBHDQDHBVMR/A2YZ1W1ZY2A/LJUNSGKGSNUJL b - 1";
    private static final String S17_START = "lnjcsgkgscjnl/ayuwzxeozwuya/rmvbhdqdhbvmr/ppppppppppppp/3i5i3/13/13/13/3I5I3/PPPPPPPPPPPPP/RMVBHDQDHBVMR/AYUWZOEXZWUYA/LNJCSGKGSCJNL b - 1";
    /** Gote's elephant walks down and takes sente's 7-file pawn on 7f (ShodoshuRuleTest's storyline). */
    private static final String ELEPHANT_TAKES_PAWN = "7j7i,7d7e,7i7h,7c7d,7h7g,7b7c,7g7f,7d4g,1j1i,7c7d,1i1h,7d6e,1h1g,6e7f";

    @Test
    void listsTheThirteenByThirteenRuleSets() {
        given().when().get("/api/rules").then().statusCode(200)
                .body("id", hasItems("dai13-kumazawa", "shodoshu2017", "shodoshu2017-prev"))
                .body("find { it.id == 'dai13-kumazawa' }.boardSize", equalTo(13))
                .body("find { it.id == 'dai13-kumazawa' }.startSfen", equalTo(KY_START))
                .body("find { it.id == 'dai13-kumazawa' }.pieces", hasSize(20))
                .body("find { it.id == 'dai13-kumazawa' }.pieces.kanji", hasItems("悪行", "飛龍", "猛虎", "鉄将"))
                .body("find { it.id == 'dai13-kumazawa' }.promotion", equalTo("NONE"))
                .body("find { it.id == 'dai13-kumazawa' }.offBoard", equalTo("ANY_PIECE"))
                .body("find { it.id == 'dai13-kumazawa' }.tryRule", equalTo("PIECE_TRY"))
                .body("find { it.id == 'dai13-kumazawa' }.sfenField3", equalTo("NONE"))
                .body("find { it.id == 'shodoshu2017' }.boardSize", equalTo(13))
                .body("find { it.id == 'shodoshu2017' }.startSfen", equalTo(S17_START))
                .body("find { it.id == 'shodoshu2017' }.pieces", hasSize(28))
                .body("find { it.id == 'shodoshu2017' }.pieces.kanji", hasItems("猛牛", "嗔猪", "太子"))
                .body("find { it.id == 'shodoshu2017' }.elephantExchange", equalTo("FINAL"))
                .body("find { it.id == 'shodoshu2017' }.tryRule", equalTo("ROYAL_TRY"))
                .body("find { it.id == 'shodoshu2017' }.sfenField3", equalTo("CAPTURING_ELEPHANT"))
                .body("find { it.id == 'shodoshu2017-prev' }.elephantExchange", equalTo("PREVIOUS"))
                .body("find { it.id == 'chu' }.elephantExchange", equalTo("NONE"))
                .body("find { it.id == 'chu' }.sfenField3", equalTo("COUNTER_STRIKE"));
    }

    @Test
    void kumazawaStartListsExitsAndTheKingsExitLoses() {
        given().when().get("/api/rules/dai13-kumazawa/moves").then().statusCode(200)
                .body("moves", hasSize(48))
                .body("moves", hasItems("13koff", "9moff", "7moff", "7l8l"));
        given().queryParam("play", "7moff").when().get("/api/rules/dai13-kumazawa/moves").then().statusCode(200)
                .body("moves", hasSize(0))
                .body("status.result", equalTo("gote"))
                .body("status.reason", equalTo("king-exit"));
    }

    @Test
    void kumazawaPawnTryWins() {
        String march = "13j13i,4e4f,13i13h,4f4e,13h13g,4e4f,13g13f,4f4e,13f13e,4e4f,13e13d,4f4e,13d13c,4e4f,13c13b,4f4e,13b13a,4e4f";
        given().queryParam("play", march).when().get("/api/rules/dai13-kumazawa/moves").then().statusCode(200)
                .body("moves", hasItem("13atry"))
                .body("moves", not(hasItem("13aoff")));
        given().queryParam("play", march + ",13atry").when().get("/api/rules/dai13-kumazawa/moves").then().statusCode(200)
                .body("status.result", equalTo("sente"))
                .body("status.reason", equalTo("try"));
    }

    @Test
    void shodoshuExchangeTurnsTheElephantAndRemovesTheTaker() {
        // Field 3 names the elephant that just captured: it may be taken normally ('!') or exchanged.
        given().queryParam("play", ELEPHANT_TAKES_PAWN).when().get("/api/rules/shodoshu2017/moves").then().statusCode(200)
                .body("sfen", containsString("/6e6/"))
                .body("sfen", endsWith(" b 7f 15"))
                .body("moves", hasItems("7k7f", "7k7f!"));
        // After 7k7f the Free King is gone and the elephant on 7f is sente's.
        given().queryParam("play", ELEPHANT_TAKES_PAWN + ",7k7f").when().get("/api/rules/shodoshu2017/moves").then().statusCode(200)
                .body("played[14]", equalTo("7k7f"))
                .body("sfen", equalTo("lnjcsgkgscjnl/ayuwzx1ozwuya/rmvbhd1dhbvmr/pppppp1pppppp/3i2p2i3/6E6/9q2P/13/3I5I3/PPPPPP1PPPPP1/RMVBHD1DHBVMR/AYUWZOEXZWUYA/LNJCSGKGSCJNL w - 16"));
        // After 7k7f! the Free King stands on 7f and the elephant is gone.
        given().queryParam("play", ELEPHANT_TAKES_PAWN + ",7k7f!").when().get("/api/rules/shodoshu2017/moves").then().statusCode(200)
                .body("sfen", equalTo("lnjcsgkgscjnl/ayuwzx1ozwuya/rmvbhd1dhbvmr/pppppp1pppppp/3i2p2i3/6Q6/9q2P/13/3I5I3/PPPPPP1PPPPP1/RMVBHD1DHBVMR/AYUWZOEXZWUYA/LNJCSGKGSCJNL w - 16"));
    }

    @Test
    void shodoshuNormalCaptureOfAnElephantThatDidNotCaptureIs400() {
        given().queryParam("play", ELEPHANT_TAKES_PAWN + ",1g1f,10e10f,7k7f!").when().get("/api/rules/shodoshu2017/moves").then()
                .statusCode(400)
                .body("type", equalTo("https://kifudb.io/problems/illegal-move"))
                .body("ply", equalTo(17))
                .body("detail", containsString("previous move"));
    }

    @Test
    void shodoshuFormsDifferOnTheFirstStepExchange() {
        String ox = "10i10h,7d7e,10h10g,7c7d,10j10i,7b7c,10l10j,7d6e,10j10h,6e6f,10h8h,7c7d,8h8f,7d8e,1j1i,8e7f,8f7f6f";
        // Final form: the 猛牛 is removed on 7f and gote's Free King on 6f stays.
        given().queryParam("play", ox).when().get("/api/rules/shodoshu2017/moves").then().statusCode(200)
                .body("sfen", containsString("/6Eq5/"));
        // Previous form: the 猛牛 goes on, takes the Free King and lives on 6f.
        given().queryParam("play", ox).when().get("/api/rules/shodoshu2017-prev/moves").then().statusCode(200)
                .body("sfen", containsString("/6EW5/"));
    }
}
