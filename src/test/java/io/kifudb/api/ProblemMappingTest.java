package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.hasKey;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.junit.jupiter.api.Test;

/** Every kind of failure comes back as {@code application/problem+json} with a stable type. */
@QuarkusTest
class ProblemMappingTest {

    /** Test-only endpoints; hidden so the served OpenAPI document stays the prod one. */
    @Path("/test-problems")
    public static class ErrorResource {

        public record Payload(String sfen, int depth) {
        }

        @GET
        @Path("problem")
        @Operation(hidden = true)
        public String problem() {
            throw ProblemException.unprocessable(Problem.ILLEGAL_MOVE, "Illegal move", "7g7e is not legal here")
                    .withPly(12).withMove("7g7e");
        }

        @GET
        @Path("rules/{id}")
        @Operation(hidden = true)
        public String rules(@PathParam("id") String id) {
            throw ProblemException.unknownRuleSet(id);
        }

        @GET
        @Path("depth")
        @Produces(MediaType.TEXT_PLAIN)
        @Operation(hidden = true)
        public String depth(@QueryParam("depth") int depth) {
            return "depth " + depth;
        }

        @POST
        @Path("payload")
        @Consumes(MediaType.APPLICATION_JSON)
        @Produces(MediaType.TEXT_PLAIN)
        @Operation(hidden = true)
        public String payload(Payload payload) {
            return payload.sfen() + " " + payload.depth();
        }

        @GET
        @Path("boom")
        @Operation(hidden = true)
        public String boom() {
            throw new IllegalStateException("secret internals");
        }
    }

    @Test
    void problemExceptionKeepsStatusTypeAndExtensions() {
        given().when().get("/test-problems/problem")
                .then().statusCode(422)
                .contentType("application/problem+json")
                .body("type", equalTo("https://kifudb.io/problems/illegal-move"))
                .body("title", equalTo("Illegal move"))
                .body("status", equalTo(422))
                .body("detail", equalTo("7g7e is not legal here"))
                .body("ply", equalTo(12))
                .body("move", equalTo("7g7e"))
                .body("$", not(hasKey("line")))
                .body("$", not(hasKey("field")));
    }

    @Test
    void unknownRuleSetIs400() {
        given().when().get("/test-problems/rules/nope")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("type", equalTo("https://kifudb.io/problems/unknown-rule-set"))
                .body("field", equalTo("rules"));
    }

    @Test
    void goodQueryParameterWorks() {
        given().queryParam("depth", 3).when().get("/test-problems/depth")
                .then().statusCode(200).body(equalTo("depth 3"));
    }

    @Test
    void badQueryParameterIs400() {
        given().queryParam("depth", "abc").when().get("/test-problems/depth")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("type", equalTo("https://kifudb.io/problems/bad-request"))
                .body("status", equalTo(400))
                .body("detail", containsString("abc"));
    }

    @Test
    void unknownSubPathIs404() {
        given().when().get("/test-problems/no-such-thing")
                .then().statusCode(404)
                .contentType("application/problem+json")
                .body("type", equalTo("https://kifudb.io/problems/not-found"))
                .body("status", equalTo(404));
    }

    @Test
    void wrongMethodIs405() {
        given().when().delete("/test-problems/problem")
                .then().statusCode(405)
                .contentType("application/problem+json")
                .body("type", equalTo("https://kifudb.io/problems/method-not-allowed"));
    }

    @Test
    void aBodyDeclaredTooLargeIs413ProblemBeforeItIsSent() throws Exception {
        // Only the head is sent: the answer comes from Content-Length, before any of the 100 MB.
        String answer = rawExchange("POST /api/imports HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer test-suite-key\r\n"
                + "Content-Type: application/x-ndjson\r\nContent-Length: 100000000\r\n\r\n", null);
        assertThat(answer).startsWith("HTTP/1.1 413").containsIgnoringCase("content-type: application/problem+json")
                .contains("\"type\":\"https://kifudb.io/problems/body-too-large\"").contains("67108864 bytes");
    }

    @Test
    void aChunkedBodyBeyondTheLimitIs413() throws Exception {
        // No Content-Length: the limit is found while the body streams in (64 MB + 1 chunk). Quarkus's
        // reader answers this one itself (a bare 413), but never a 5xx, and the connection is closed.
        String answer = rawExchange("POST /api/imports HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer test-suite-key\r\n"
                + "Content-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n", 65);
        assertThat(answer).startsWith("HTTP/1.1 413");
    }

    /** Sends a request head, then {@code chunkedMegabytes} of 1 MB chunks if not null, and returns the whole answer. */
    private static String rawExchange(String head, Integer chunkedMegabytes) throws Exception {
        try (java.net.Socket socket = new java.net.Socket("localhost", io.restassured.RestAssured.port)) {
            socket.setSoTimeout(30_000);
            var out = socket.getOutputStream();
            out.write(head.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            if (chunkedMegabytes != null) {
                byte[] chunk = new byte[1 << 20];
                java.util.Arrays.fill(chunk, (byte) ' ');
                try {
                    for (int i = 0; i < chunkedMegabytes; i++) {
                        out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                        out.write(chunk);
                        out.write("\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                    }
                    out.write("0\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                } catch (java.io.IOException closedByTheServer) {
                    // the server answered and closed before the whole body was sent: read what it said
                }
            }
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    @Test
    void wrongContentTypeIs415() {
        given().contentType(ContentType.TEXT).body("hello").when().post("/test-problems/payload")
                .then().statusCode(415)
                .contentType("application/problem+json")
                .body("type", equalTo("https://kifudb.io/problems/unsupported-media-type"));
    }

    @Test
    void validJsonBodyWorks() {
        given().contentType(ContentType.JSON).body("{\"sfen\":\"x\",\"depth\":2}")
                .when().post("/test-problems/payload")
                .then().statusCode(200).body(equalTo("x 2"));
    }

    @Test
    void malformedJsonIs400() {
        given().contentType(ContentType.JSON).body("{\"sfen\": \"x\",\n \"depth\": }")
                .when().post("/test-problems/payload")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("type", equalTo("https://kifudb.io/problems/invalid-json"))
                .body("line", equalTo(2));
    }

    @Test
    void wrongJsonShapeIs400WithField() {
        given().contentType(ContentType.JSON).body("{\"sfen\": \"x\", \"depth\": \"deep\"}")
                .when().post("/test-problems/payload")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("type", equalTo("https://kifudb.io/problems/invalid-json"))
                .body("field", equalTo("depth"));
    }

    @Test
    void unexpectedExceptionIs500WithoutInternals() {
        given().when().get("/test-problems/boom")
                .then().statusCode(500)
                .contentType("application/problem+json")
                .body("type", equalTo("https://kifudb.io/problems/internal"))
                .body("status", equalTo(500))
                .body("detail", not(containsString("secret")));
    }
}
