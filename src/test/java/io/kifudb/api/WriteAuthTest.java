package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;

import io.kifudb.TestApiKey;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Reads are public, writes need the key: missing (or not given as Bearer) 401, wrong 403, as problem+json with a
 * Bearer challenge.
 */
@QuarkusTest
class WriteAuthTest {
    private static final byte[] GAME = "7i7h 5d5e 7h7g".getBytes(StandardCharsets.UTF_8);

    @Test
    void everyWriteNeedsTheKey() {
        TestApiKey.sendNoKey();
        record Write(String method, String path, String contentType, Object body) {}
        for (Write w : new Write[] {
                new Write("POST", "/api/games", "application/x-ndjson", GAME),
                new Write("POST", "/api/imports", "application/x-ndjson", GAME),
                new Write("POST", "/api/games/1/analysis", null, null),
                new Write("DELETE", "/api/analysis/some-job", null, null),
                new Write("POST", "/api/experiments", "application/json", Map.of("rules", java.util.List.of("chu", "chu-sdin"))),
                new Write("DELETE", "/api/experiments/some-job", null, null)}) {
            var missing = given();
            var wrong = given().header("Authorization", "Bearer not-the-key");
            if (w.contentType() != null) {
                missing = missing.contentType(w.contentType());
                wrong = wrong.contentType(w.contentType());
                if (w.body() instanceof byte[] bytes) {
                    missing = missing.body(bytes);
                    wrong = wrong.body(bytes);
                } else {
                    missing = missing.body(w.body());
                    wrong = wrong.body(w.body());
                }
            }
            missing.when().request(w.method(), w.path()).then().statusCode(401)
                    .contentType(startsWith("application/problem+json"))
                    .header("WWW-Authenticate", startsWith("Bearer"))
                    .body("type", equalTo("https://kifudb.io/problems/unauthorized"));
            wrong.when().request(w.method(), w.path()).then().statusCode(403)
                    .contentType(startsWith("application/problem+json"));
        }
        // the scheme must be Bearer: the right key without it, or in another scheme, is 401 saying so, not a wrong key
        for (String header : List.of(TestApiKey.KEY, "Basic " + TestApiKey.KEY, "Token " + TestApiKey.KEY))
            given().header("Authorization", header).contentType("application/x-ndjson").body(GAME)
                    .when().post("/api/games").then().statusCode(401)
                    .header("WWW-Authenticate", startsWith("Bearer"))
                    .body("type", equalTo("https://kifudb.io/problems/unauthorized"))
                    .body("detail", containsString("the scheme is Bearer"));
        // "Bearer" with no key after it is a missing key
        given().header("Authorization", "Bearer ").contentType("application/x-ndjson").body(GAME)
                .when().post("/api/games").then().statusCode(401).body("title", equalTo("API key required"));
    }

    @Test
    void theKeyOpensWritesAndReadsNeedNone() {
        given().header("Authorization", "Bearer " + TestApiKey.KEY).contentType("application/x-ndjson").body(GAME)
                .when().post("/api/games").then().statusCode(anyOf(is(200), is(201)));
        TestApiKey.sendNoKey();
        given().when().get("/api/games").then().statusCode(200);
        given().when().get("/api/rules/chu/moves").then().statusCode(200);
        given().queryParam("rules", "chu").when().get("/api/explorer").then().statusCode(200);
        // pattern search posts a body but writes nothing: public
        given().contentType("application/json").body(Map.of("rules", "chu")).when().post("/api/positions/search").then().statusCode(200);
    }
}
