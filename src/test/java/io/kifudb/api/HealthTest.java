package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** Readiness includes the datasource check, so this runs against whichever database is configured. */
@QuarkusTest
class HealthTest {

    @Test
    void readyIsUpWithDatasourceCheck() {
        given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("Database connections health check"))
                .body("checks.find { it.name == 'Database connections health check' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'position-index' }.status", equalTo("UP"));
    }

    @Test
    void browsersOnOtherOriginsMayRead() {
        given().header("Origin", "https://frontend.example").header("Access-Control-Request-Method", "GET")
                .when().options("/api/games").then().statusCode(200)
                .header("Access-Control-Allow-Origin", org.hamcrest.Matchers.anyOf(equalTo("*"), equalTo("https://frontend.example")));
        given().header("Origin", "https://frontend.example").when().get("/api/rules").then().statusCode(200)
                .header("Access-Control-Allow-Origin", org.hamcrest.Matchers.notNullValue());
    }

    @Test
    void liveIsUp() {
        given().when().get("/q/health/live")
                .then().statusCode(200)
                .body("status", equalTo("UP"));
    }

    @Test
    void prometheusMetricsCountImportsAnalysisQueueAndSearchLatency() throws Exception {
        // one bulk import job and one explorer request, then the metrics say so
        long id = given().contentType("application/x-ndjson").body("7i7h 5d5e 7h7g\n".getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .when().post("/api/imports").then().statusCode(202).extract().jsonPath().getLong("id");
        for (int i = 0; i < 200 && !given().when().get("/api/imports/" + id).then().extract().path("status").equals("done"); i++) Thread.sleep(50);
        given().queryParam("rules", "chu-lishogi").when().get("/api/explorer").then().statusCode(200);
        String metrics = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
        org.assertj.core.api.Assertions.assertThat(metrics)
                .containsPattern("kifudb_import_records_total\\{[^}]*outcome=\"(imported|duplicate)\"")
                .contains("kifudb_analysis_queued", "kifudb_analysis_running")
                .containsPattern("http_server_requests_seconds_count\\{[^}]*uri=\"/api/explorer\"");
    }
}
