package io.kifudb;

import io.quarkus.test.junit.callback.QuarkusTestBeforeEachCallback;
import io.quarkus.test.junit.callback.QuarkusTestMethodContext;
import io.restassured.RestAssured;
import io.kifudb.api.OpenApiAnswers;
import io.restassured.filter.Filter;

import java.util.List;

/**
 * Before every Quarkus test method, RestAssured is set to send the suite's API key (application.properties:
 * {@code %test.kifudb.api-keys}) with every request that has no Authorization header of its own, so every
 * write in the tests passes through the real key check. (A Quarkus callback, not a JUnit extension: it
 * runs in the test's class loader, which has its own RestAssured.) Tests of the key check itself call
 * {@link #sendNoKey()} to send none, or set a wrong one on the request. Every answer is also checked against the
 * committed OpenAPI document ({@link OpenApiAnswers}), so one a generated client would reject fails its test.
 */
public class TestApiKey implements QuarkusTestBeforeEachCallback {
    public static final String KEY = "test-suite-key";
    private static volatile boolean anonymous;

    private static final Filter ADD_KEY = (req, res, ctx) -> {
        if (!anonymous && !req.getHeaders().hasHeaderWithName("Authorization")) req.header("Authorization", "Bearer " + KEY);
        return ctx.next(req, res);
    };

    /** Requests from now on carry the key (the default before each test). */
    public static void useKey() {
        anonymous = false;
        RestAssured.replaceFiltersWith(List.of(ADD_KEY, OpenApiAnswers.FILTER));
    }

    /** Requests from now on carry no key, unless one is set on the request. */
    public static void sendNoKey() {
        anonymous = true;
    }

    @Override
    public void beforeEach(QuarkusTestMethodContext context) {
        useKey();
    }
}
