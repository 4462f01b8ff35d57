package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.Map;

/** ETag, Cache-Control and 304 on the reads that depend only on the request, and on cached evaluations. */
@QuarkusTest
class ConditionalGetsTest {
    private static void revalidates(String path, Map<String, ?> query, String maxAge) {
        Response first = given().queryParams(query).when().get(path);
        first.then().statusCode(200).header("Cache-Control", "public, max-age=" + maxAge);
        String tag = first.header("ETag");
        assertThat(tag).as(path).matches("\"[0-9a-f]{32}\"");
        given().queryParams(query).header("If-None-Match", tag).when().get(path)
                .then().statusCode(304).header("ETag", tag).body(emptyString());
        given().queryParams(query).header("If-None-Match", "\"something-else\"").when().get(path).then().statusCode(200);
    }

    @Test
    void pureReadsCarryATagOfTheirAnswer() {
        revalidates("/api/rules", Map.of(), "86400");
        revalidates("/api/rules/chu", Map.of(), "86400");
        revalidates("/api/rules/chu/moves", Map.of("play", "7i7h"), "86400");
        revalidates("/api/positions/diagram.svg", Map.of("rules", "chu", "play", "7i7h"), "86400");
        // another position, another answer, another tag
        String a = given().queryParam("play", "7i7h").when().get("/api/rules/chu/moves").header("ETag");
        String b = given().queryParam("play", "7i7g").when().get("/api/rules/chu/moves").header("ETag");
        assertThat(a).isNotEqualTo(b);
        // errors are not tagged
        Response bad = given().queryParam("sfen", "nonsense").when().get("/api/rules/chu/moves");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.header("ETag")).isNull();
    }

    @Test
    void aCachedEvaluationIsTaggedAndChangesOnlyWithTheEvaluation() throws InterruptedException {
        Map<String, Object> request = Map.of("rules", "chu-sdin", "moves", java.util.List.of("7i7h", "6d6e"), "depth", 2);
        String id = given().contentType("application/json").body(request).when().post("/api/analysis").then().extract().path("id");
        for (int i = 0; i < 200; i++) {
            String status = given().when().get("/api/analysis/" + id).then().extract().path("status");
            if (!status.equals("queued") && !status.equals("running")) break;
            Thread.sleep(50);
        }
        revalidates("/api/evals", Map.of("rules", "chu-sdin", "play", "7i7h,6d6e"), "60");
        given().queryParam("rules", "chu-sdin").queryParam("play", "7i7h,6d6e").when().get("/api/evals")
                .then().body("depth", equalTo(2));
    }
}
