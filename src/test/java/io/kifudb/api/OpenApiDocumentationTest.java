package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The served OpenAPI document documents every {@code /api} operation: a summary and a description, every
 * parameter described with an example, examples for request bodies and JSON answers, at least one 4xx
 * answer, every error answer as {@code application/problem+json} with the Problem schema and an example of
 * a real problem type, a Retry-After header on 429, the bearer key on every write except the two public
 * POSTs and {@code security: []} on every public read, an operationId of its own for every operation, the
 * 400 of an unknown parameter everywhere, every member of an answer required, a server and the licence.
 *
 * <p>Each check collects every operation that breaks it, so one run lists all that is missing.
 */
@QuarkusTest
class OpenApiDocumentationTest {
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
    private static final Set<String> WRITES = Set.of("post", "put", "delete", "patch");
    /** The two POSTs WriteAuthFilter lets through without a key. */
    private static final Set<String> PUBLIC_POSTS = Set.of("/api/positions/search", "/api/analysis");

    private JsonNode doc;

    @BeforeEach
    void load() throws Exception {
        doc = new ObjectMapper().readTree(given().queryParam("format", "json")
                .when().get("/q/openapi")
                .then().statusCode(200)
                .extract().asString());
    }

    @Test
    void documentCoversTheApi() {
        List<String> operations = new ArrayList<>();
        eachOperation((name, op) -> operations.add(name));
        // every resource of the API is in the document (a resource left out would pass every other check)
        assertThat(operations).contains("GET /api/games", "POST /api/games", "GET /api/games/{id}", "POST /api/imports",
                "GET /api/imports/{id}/events", "POST /api/positions/search", "GET /api/positions/games",
                "GET /api/positions/diagram.svg", "GET /api/explorer", "GET /api/rules/{id}/moves", "POST /api/analysis",
                "DELETE /api/analysis/{id}", "GET /api/evals", "POST /api/games/{id}/analysis", "POST /api/experiments");
        assertThat(operations).hasSizeGreaterThanOrEqualTo(24);
    }

    @Test
    void everyOperationHasSummaryAndDescription() {
        List<String> missing = new ArrayList<>();
        eachOperation((name, op) -> {
            if (blank(op.path("summary"))) missing.add(name + ": no summary");
            if (blank(op.path("description"))) missing.add(name + ": no description");
        });
        assertThat(missing).isEmpty();
    }

    @Test
    void everyParameterIsDescribedWithAnExample() {
        List<String> missing = new ArrayList<>();
        eachOperation((name, op) -> {
            for (JsonNode p : op.path("parameters")) {
                JsonNode param = resolve(p);
                String where = name + " parameter " + param.path("name").asText();
                if (blank(param.path("description"))) missing.add(where + ": no description");
                if (!hasExample(param) && !hasExample(param.path("schema"))) missing.add(where + ": no example");
            }
        });
        assertThat(missing).isEmpty();
    }

    @Test
    void everyRequestBodyHasAnExample() {
        List<String> missing = new ArrayList<>();
        eachOperation((name, op) -> {
            if (op.has("requestBody")) {
                JsonNode content = resolve(op.get("requestBody")).path("content");
                if (content.isEmpty()) missing.add(name + ": request body without content");
                content.fields().forEachRemaining(e -> {
                    if (!hasExample(e.getValue())) missing.add(name + " request body " + e.getKey() + ": no example");
                });
            }
        });
        assertThat(missing).isEmpty();
    }

    @Test
    void everySuccessfulJsonAnswerHasSchemaAndExample() {
        List<String> missing = new ArrayList<>();
        eachOperation((name, op) -> eachResponse(op, (code, response) -> {
            if (!code.startsWith("2")) return;
            response.path("content").fields().forEachRemaining(e -> {
                if (!e.getKey().contains("json")) return;
                String where = name + " " + code + " " + e.getKey();
                if (e.getValue().path("schema").isMissingNode()) missing.add(where + ": no schema");
                if (!hasExample(e.getValue())) missing.add(where + ": no example");
            });
        }));
        assertThat(missing).isEmpty();
    }

    @Test
    void everyOperationDeclaresAClientError() {
        List<String> missing = new ArrayList<>();
        eachOperation((name, op) -> {
            boolean any = false;
            for (Iterator<String> codes = op.path("responses").fieldNames(); codes.hasNext(); ) any |= codes.next().startsWith("4");
            if (!any) missing.add(name + ": no 4xx response");
        });
        assertThat(missing).isEmpty();
    }

    @Test
    void everyErrorIsAProblemWithAnExample() {
        List<String> wrong = new ArrayList<>();
        eachOperation((name, op) -> eachResponse(op, (code, response) -> {
            if (!code.startsWith("4") && !code.startsWith("5")) return;
            String where = name + " " + code;
            if (blank(response.path("description"))) wrong.add(where + ": no description");
            JsonNode content = response.path("content");
            List<String> types = new ArrayList<>();
            content.fieldNames().forEachRemaining(types::add);
            if (!types.equals(List.of(Problem.MEDIA_TYPE))) {
                wrong.add(where + ": content " + types + " instead of " + Problem.MEDIA_TYPE);
                return;
            }
            JsonNode media = content.get(Problem.MEDIA_TYPE);
            if (!"#/components/schemas/Problem".equals(media.path("schema").path("$ref").asText()))
                wrong.add(where + ": schema is not the Problem schema");
            List<JsonNode> examples = examples(media);
            if (examples.isEmpty()) wrong.add(where + ": no example");
            for (JsonNode ex : examples) {
                if (!ex.path("type").asText().startsWith(Problem.TYPE_BASE)) wrong.add(where + ": example type " + ex.path("type"));
                if (ex.path("status").asInt() != Integer.parseInt(code)) wrong.add(where + ": example status " + ex.path("status"));
            }
            if (code.equals("429") && !response.path("headers").has("Retry-After")) wrong.add(where + ": no Retry-After header");
        }));
        assertThat(wrong).isEmpty();
    }

    @Test
    void everyOperationHasItsOwnOperationId() {
        List<String> ids = new ArrayList<>(), missing = new ArrayList<>();
        eachOperation((name, op) -> {
            if (blank(op.path("operationId"))) missing.add(name);
            else ids.add(op.path("operationId").asText());
        });
        assertThat(missing).as("operations without an operationId").isEmpty();
        assertThat(ids).as("operationIds").doesNotHaveDuplicates();
    }

    @Test
    void everyOperationDocumentsTheProblemOfAParameterItDoesNotTake() {
        List<String> missing = new ArrayList<>();
        eachOperation((name, op) -> {
            if (!op.path("responses").has("400")) missing.add(name);
        });
        assertThat(missing).as("QueryParameterCheck answers 400 on every operation").isEmpty();
    }

    @Test
    void theDocumentSaysWhereToSendRequestsAndUnderWhichLicence() {
        assertThat(doc.path("servers").isArray() && !doc.path("servers").isEmpty()).as("servers").isTrue();
        assertThat(doc.path("info").path("license").path("name").asText()).isEqualTo("MIT");
    }

    @Test
    void answersRequireEveryMemberTheServiceWrites() {
        // what a request body refers to (its members are optional), and the answers that leave null members out
        Set<String> optional = Set.of("AnalysisRequest", "PatternRequest", "PieceCriterion", "MaterialCriterion", "ExperimentRequest",
                "Problem", "Eval");
        List<String> wrong = new ArrayList<>();
        doc.path("components").path("schemas").fields().forEachRemaining(e -> {
            JsonNode properties = e.getValue().path("properties");
            if (properties.isEmpty() || optional.contains(e.getKey())) return;
            List<String> required = new ArrayList<>();
            e.getValue().path("required").forEach(r -> required.add(r.asText()));
            properties.fieldNames().forEachRemaining(p -> {
                if (!required.contains(p)) wrong.add(e.getKey() + "." + p + " is not required");
            });
        });
        assertThat(wrong).isEmpty();
        // a problem always has its type, title and status
        List<String> problem = new ArrayList<>();
        doc.path("components").path("schemas").path("Problem").path("required").forEach(r -> problem.add(r.asText()));
        assertThat(problem).containsExactlyInAnyOrder("type", "title", "status");
    }

    @Test
    void writesNeedTheBearerKey() {
        JsonNode scheme = doc.path("components").path("securitySchemes").path(ApiDocs.BEARER);
        assertThat(scheme.path("type").asText()).isEqualTo("http");
        assertThat(scheme.path("scheme").asText()).isEqualTo("bearer");
        List<String> wrong = new ArrayList<>();
        eachOperation((name, op) -> {
            String method = name.substring(0, name.indexOf(' ')).toLowerCase();
            String path = name.substring(name.indexOf(' ') + 1);
            boolean keyed = false, open = false;
            for (JsonNode requirement : op.path("security")) {
                if (requirement.has(ApiDocs.BEARER)) keyed = true;
                if (requirement.isEmpty()) open = true;
            }
            if (WRITES.contains(method) && !(method.equals("post") && PUBLIC_POSTS.contains(path))) {
                if (!keyed || open) wrong.add(name + ": a write without the bearer requirement");
                if (!op.path("responses").has("401") || !op.path("responses").has("403"))
                    wrong.add(name + ": a write without 401 and 403");
            } else if (!keyed && !(op.path("security").isArray() && op.path("security").isEmpty())) {
                // a public read says so, so that a generated client sends no key
                wrong.add(name + ": a public operation without security: []");
            }
        });
        assertThat(wrong).isEmpty();
    }

    // ---------------------------------------------------------------- walking the document

    private void eachOperation(BiConsumer<String, JsonNode> action) {
        doc.path("paths").fields().forEachRemaining(path -> {
            if (!path.getKey().startsWith("/api/")) return;
            path.getValue().fields().forEachRemaining(op -> {
                if (METHODS.contains(op.getKey())) action.accept(op.getKey().toUpperCase() + " " + path.getKey(), op.getValue());
            });
        });
    }

    private void eachResponse(JsonNode op, BiConsumer<String, JsonNode> action) {
        op.path("responses").fields().forEachRemaining(e -> action.accept(e.getKey(), resolve(e.getValue())));
    }

    /** A {@code $ref} to a component, followed; anything else as it is. */
    private JsonNode resolve(JsonNode node) {
        String ref = node.path("$ref").asText(null);
        if (ref == null) return node;
        assertThat(ref).startsWith("#/components/");
        JsonNode target = doc;
        for (String part : ref.substring(2).split("/")) target = target.path(part);
        assertThat(target.isMissingNode()).as("the target of " + ref).isFalse();
        return resolve(target);
    }

    private List<JsonNode> examples(JsonNode media) {
        List<JsonNode> out = new ArrayList<>();
        if (media.has("example")) out.add(media.get("example"));
        for (Iterator<Map.Entry<String, JsonNode>> it = media.path("examples").fields(); it.hasNext(); )
            out.add(resolve(it.next().getValue()).path("value"));
        return out;
    }

    private static boolean hasExample(JsonNode node) {
        return (node.has("example") && !node.get("example").isNull())
                || (node.has("examples") && !node.get("examples").isEmpty());
    }

    private static boolean blank(JsonNode text) {
        return !text.isTextual() || text.asText().isBlank();
    }
}
