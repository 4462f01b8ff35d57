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
                .body("checks.find { it.name == 'Database connections health check' }.status", equalTo("UP"));
    }

    @Test
    void liveIsUp() {
        given().when().get("/q/health/live")
                .then().statusCode(200)
                .body("status", equalTo("UP"));
    }

    @Test
    void prometheusMetricsAreServed() {
        given().when().get("/q/metrics")
                .then().statusCode(200);
    }
}
