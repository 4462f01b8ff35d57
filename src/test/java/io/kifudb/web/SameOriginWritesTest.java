package io.kifudb.web;

import static io.restassured.RestAssured.given;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.net.URL;

/**
 * A browser sends Origin on every POST, its own page's origin included, and Quarkus's CORS filter checks the
 * configured methods and headers on same-origin requests too: the web app served at / must get through it
 * with its searches (a read with a body), analyses and key-carrying writes.
 */
@QuarkusTest
class SameOriginWritesTest {
    @TestHTTPResource("/")
    URL base;

    private String origin() {
        return base.getProtocol() + "://" + base.getHost() + ":" + base.getPort();
    }

    @Test
    void thePagesOwnOriginMayPostAndSendTheKey() {
        given().header("Origin", origin()).contentType("application/json").body("{\"rules\":\"chu\",\"size\":1}")
                .when().post("/api/positions/search").then().statusCode(200);
        // a write with the key (TestApiKey adds it), refused for its content (the move), never by CORS
        given().header("Origin", origin()).contentType("application/json").body("{\"moves\":[\"7i7h\",\"5d5e\",\"7h7f\"]}")
                .queryParam("rules", "chu").when().post("/api/games").then().statusCode(422);
        given().header("Origin", origin()).when().delete("/api/analysis/no-such-job").then().statusCode(404);
    }
}
