package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code kifudb.jobs.per-key}: jobs queued or running per API key, over real HTTP. The keys are this test's
 * own: the quota counts a key's jobs in the database, where other tests' jobs under the suite's key may be.
 */
@QuarkusTest
@TestProfile(JobQuotaTest.TwoJobsPerKey.class)
class JobQuotaTest {
    static final String KEY = "quota-test-key", OTHER_KEY = "second-quota-test-key";

    public static class TwoJobsPerKey implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("kifudb.jobs.per-key", "2", "kifudb.api-keys", "test-suite-key," + KEY + "," + OTHER_KEY);
        }
    }

    private static Response analyse(String key) {
        // a long search, so that the job stays queued or running until it is cancelled
        return given().header("Authorization", "Bearer " + key).contentType("application/json")
                .body(Map.of("rules", "chu", "movetime", 60000, "cache", false)).when().post("/api/analysis");
    }

    @Test
    void aKeyMayHaveTwoJobsAtOnceAndAnotherKeyIsNotHeldUp() {
        List<String> started = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) started.add(analyse(KEY).then().statusCode(202).extract().path("id"));
            analyse(KEY).then().statusCode(429).header("Retry-After", "10")
                    .contentType(startsWith("application/problem+json"))
                    .body("type", equalTo("https://kifudb.io/problems/job-quota"));
            // An import job counts against the same key.
            given().header("Authorization", "Bearer " + KEY).contentType("application/x-ndjson").body("7i7h\n".getBytes(java.nio.charset.StandardCharsets.UTF_8)).when().post("/api/imports").then().statusCode(429)
                    .body("type", equalTo("https://kifudb.io/problems/job-quota"));

            started.add(analyse(OTHER_KEY).then().statusCode(202).extract().path("id"));

            // A cancelled job frees its place.
            given().when().delete("/api/analysis/" + started.remove(0)).then().statusCode(200);
            started.add(analyse(KEY).then().statusCode(202).extract().path("id"));
        } finally {
            for (String id : started) given().when().delete("/api/analysis/" + id).then().statusCode(200);
        }
        assertThat(started).hasSize(3);
    }
}
