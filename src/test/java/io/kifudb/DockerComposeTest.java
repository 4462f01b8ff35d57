package io.kifudb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What can be checked of docker/ without a Docker engine: the compose file is valid YAML with the service
 * and its PostgreSQL, every named volume it mounts is declared, the service waits for a healthy database and
 * is configured for it, and the Dockerfile copies what the packaged build actually produces.
 */
class DockerComposeTest {
    @Test
    void composeDescribesTheServiceOnPostgresqlWithItsVolumes() throws Exception {
        JsonNode c = new ObjectMapper(new YAMLFactory()).readTree(Path.of("docker/compose.yaml").toFile());
        JsonNode services = c.get("services");
        assertThat(services.has("kifudb")).isTrue();
        assertThat(services.has("postgres")).isTrue();
        List<String> mounted = new ArrayList<>();
        for (JsonNode s : services) for (JsonNode v : s.path("volumes")) mounted.add(v.asText().split(":")[0]);
        for (String v : mounted) assertThat(c.get("volumes").has(v)).as("volume %s is declared", v).isTrue();
        JsonNode kifudb = services.get("kifudb");
        assertThat(kifudb.at("/depends_on/postgres/condition").asText()).isEqualTo("service_healthy");
        assertThat(kifudb.at("/environment/QUARKUS_PROFILE").asText()).isEqualTo("pg");
        assertThat(kifudb.at("/environment/QUARKUS_DATASOURCE_JDBC_URL").asText()).startsWith("jdbc:postgresql://postgres:5432/");
        assertThat(kifudb.at("/build/dockerfile").asText()).isEqualTo("docker/Dockerfile");
    }

    @Test
    void theDockerfileCopiesWhatThePackagedBuildHas() throws Exception {
        List<String> copied = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("docker/Dockerfile")))
            if (line.startsWith("COPY")) copied.add(line.split("\\s+")[line.contains("--chown") ? 2 : 1]);
        assertThat(copied).contains("target/quarkus-app/lib/", "target/quarkus-app/app/", "target/quarkus-app/quarkus/", "kifu-corpus/");
        // kifu-corpus/ exists in the repository; target/quarkus-app/ is the layout Quarkus's fast-jar packaging writes
        assertThat(Path.of("kifu-corpus")).isDirectory();
    }
}
