package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed {@code openapi/openapi.yaml} must be the document the application serves.
 *
 * <p>Only the prod build writes {@code openapi/} ({@code %prod.quarkus.smallrye-openapi.store-schema-directory}),
 * so this test compares the committed file with what the code says now. The comparison is of the JSON
 * documents as trees, since SmallRye may order the keys of one schema differently between the build-time
 * and the runtime document.
 */
@QuarkusTest
class OpenApiCurrentTest {

    private static final Path COMMITTED = Path.of("openapi", "openapi.yaml");
    private static final Path COMMITTED_JSON = Path.of("openapi", "openapi.json");
    private static final String HOW_TO_REFRESH =
            "openapi/openapi.yaml is out of date: run `./mvnw -B package -DskipTests` and commit openapi/";

    @Test
    void committedSpecIsCurrent() throws Exception {
        assertThat(COMMITTED).as(HOW_TO_REFRESH).exists();
        assertThat(COMMITTED_JSON).as(HOW_TO_REFRESH).exists();
        ObjectMapper json = new ObjectMapper();
        JsonNode committed = json.readTree(Files.readString(COMMITTED_JSON));
        JsonNode served = json.readTree(given().queryParam("format", "json")
                .when().get("/q/openapi")
                .then().statusCode(200)
                .extract().asString());
        assertThat(served).as(HOW_TO_REFRESH).isEqualTo(committed);
    }
}
