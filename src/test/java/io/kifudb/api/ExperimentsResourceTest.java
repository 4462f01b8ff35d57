package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

/** {@code /api/experiments}: a small real experiment (short engine games) and the requests it refuses. */
@QuarkusTest
class ExperimentsResourceTest {
    @Test
    void aSmallExperimentReportsBothRuleSets() throws Exception {
        String id = given().contentType("application/json")
                .body(Map.of("rules", List.of("shodoshu2017", "shodoshu2017-prev"), "games", 2, "nodes", 200, "maxPlies", 30, "seed", 5))
                .when().post("/api/experiments").then().statusCode(202).body("total", equalTo(4)).extract().path("id");
        JsonPath j = null;
        for (int i = 0; i < 600; i++) {
            j = given().when().get("/api/experiments/" + id).then().statusCode(200).extract().jsonPath();
            if (!List.of("queued", "running").contains(j.getString("status"))) break;
            Thread.sleep(50);
        }
        assertThat(j.getString("status")).isEqualTo("done");
        assertThat(j.getInt("done")).isEqualTo(4);
        List<Map<String, Object>> sets = j.getList("report.ruleSets");
        assertThat(sets).extracting(s -> s.get("rules")).containsExactly("shodoshu2017", "shodoshu2017-prev");
        for (int k = 0; k < 2; k++) {
            String p = "report.ruleSets[" + k + "].";
            assertThat(j.getInt(p + "games")).isEqualTo(2);
            assertThat(j.getInt(p + "senteWins.count") + j.getInt(p + "goteWins.count") + j.getInt(p + "draws.count")).isEqualTo(2);
            assertThat(j.getDouble(p + "plies.mean")).isBetween(1.0, 30.0);
        }
    }

    @Test
    void refusesWhatItCannotCompare() {
        given().contentType("application/json").body(Map.of("rules", List.of("chu", "shodoshu2017")))
                .when().post("/api/experiments").then().statusCode(400).body("field", equalTo("rules"));
        given().contentType("application/json").body(Map.of("rules", List.of("chu")))
                .when().post("/api/experiments").then().statusCode(400).body("field", equalTo("rules"));
        given().contentType("application/json").body(Map.of("rules", List.of("chu", "chu-sdin"), "games", 0))
                .when().post("/api/experiments").then().statusCode(400).body("field", equalTo("games"));
        given().contentType("application/json").body(Map.of("rules", List.of("chu", "chu-sdin"), "nodes", 1_000_000_000))
                .when().post("/api/experiments").then().statusCode(400).body("field", equalTo("nodes"));
        given().contentType("application/json").body(Map.of("rules", List.of("chu", "xiangqi")))
                .when().post("/api/experiments").then().statusCode(400).body("field", equalTo("rules"));
        given().when().get("/api/experiments/nope").then().statusCode(404);
    }
}
