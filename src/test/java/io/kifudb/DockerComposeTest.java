package io.kifudb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What can be checked of docker/ without a Docker engine. The compose file (read with SnakeYAML, which
 * resolves its anchors and merge keys as Compose does) runs PostgreSQL, two API instances behind nginx and
 * a scalable worker service, all on the same database, each API instance with an index volume of its own;
 * the nginx configuration sends to exactly those instances. The Dockerfile builds the PostgreSQL flavour
 * from the sources (never from a local target/, which .dockerignore keeps out) into the folder the build
 * actually writes (application.properties), and copies only that build stage's output.
 */
class DockerComposeTest {
    private static final Path COMPOSE = Path.of("docker/compose.yaml");

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @Test
    void composeRunsPostgresqlTwoApiInstancesBehindAProxyAndScalableWorkers() throws Exception {
        Map<String, Object> compose = new Yaml().load(Files.readString(COMPOSE));
        Map<String, Object> services = map(compose.get("services"));
        assertThat(services).containsOnlyKeys("postgres", "api-1", "api-2", "worker", "proxy");
        Map<String, Object> declared = map(compose.get("volumes"));

        // every named volume is declared, every bind-mounted file exists
        for (Map.Entry<String, Object> s : services.entrySet()) {
            for (Object v : (List<?>) map(s.getValue()).getOrDefault("volumes", List.of())) {
                String source = v.toString().split(":")[0];
                if (source.startsWith(".") || source.startsWith("/")) assertThat(COMPOSE.getParent().resolve(source)).as(s.getKey()).isRegularFile();
                else assertThat(declared).as("volume %s of %s is declared", source, s.getKey()).containsKey(source);
            }
        }

        Set<String> indexVolumes = new HashSet<>();
        for (String api : List.of("api-1", "api-2")) {
            Map<String, Object> s = map(services.get(api));
            Map<String, Object> env = map(s.get("environment"));
            assertThat(env.get("QUARKUS_DATASOURCE_JDBC_URL").toString()).startsWith("jdbc:postgresql://postgres:5432/kifudb");
            assertThat(env.get("KIFUDB_JOBS_WORKERS")).as("a pure API instance").isEqualTo("0");
            // the instances must accept the same keys: none generated per instance
            assertThat(env.get("KIFUDB_API_KEYS").toString()).startsWith("${KIFUDB_API_KEYS:?");
            assertThat(map(s.get("build")).get("dockerfile")).isEqualTo("docker/Dockerfile");
            assertThat(map(map(s.get("build")).get("args")).get("DATABASE")).isEqualTo("postgresql");
            assertThat(s).doesNotContainKey("ports");
            List<?> volumes = (List<?>) s.get("volumes");
            assertThat(volumes).hasSize(1);
            assertThat(volumes.get(0).toString()).endsWith(":/data");
            indexVolumes.add(volumes.get(0).toString().split(":")[0]);
        }
        assertThat(indexVolumes).as("each API instance has its own index").hasSize(2);
        assertThat(map(map(map(services.get("api-1")).get("depends_on")).get("postgres")).get("condition")).isEqualTo("service_healthy");
        // the second instance starts once the first is ready, so only one imports the corpus into an empty database
        assertThat(map(map(map(services.get("api-2")).get("depends_on")).get("api-1")).get("condition")).isEqualTo("service_healthy");

        Map<String, Object> worker = map(services.get("worker"));
        assertThat(worker.get("command")).isEqualTo(List.of("worker"));
        // --scale worker=N: nothing that only one container can have
        assertThat(worker).doesNotContainKeys("ports", "container_name", "volumes");
        Map<String, Object> workerEnv = map(worker.get("environment"));
        Map<String, Object> apiEnv = map(map(services.get("api-1")).get("environment"));
        for (String k : List.of("QUARKUS_DATASOURCE_JDBC_URL", "QUARKUS_DATASOURCE_USERNAME", "QUARKUS_DATASOURCE_PASSWORD"))
            assertThat(workerEnv.get(k)).as("the workers use the instances' database: %s", k).isEqualTo(apiEnv.get(k));
        assertThat(map(worker.get("healthcheck")).get("test").toString()).contains("8081");

        Map<String, Object> proxy = map(services.get("proxy"));
        assertThat(proxy.get("image").toString()).startsWith("nginx:");
        assertThat(proxy.get("ports")).isEqualTo(List.of("8080:8080"));
        String nginx = Files.readString(COMPOSE.getParent().resolve("nginx.conf"));
        List<String> upstreams = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^\\s*server\\s+([a-z0-9-]+):(\\d+)").matcher(nginx);
        while (m.find()) upstreams.add(m.group(1) + ":" + m.group(2));
        assertThat(upstreams).containsExactlyInAnyOrder("api-1:8080", "api-2:8080");
        assertThat(nginx).contains("proxy_buffering off"); // event streams pass as they come
    }

    @Test
    void theImageBuildsThePostgresqlFlavourFromTheSourcesItself() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("docker/Dockerfile"));
        String dockerfile = String.join("\n", lines);
        assertThat(dockerfile).contains("ARG DATABASE=postgresql").contains("-Dquarkus.profile=pg");
        // it copies the PostgreSQL build from the folder that build writes
        Properties app = new Properties();
        try (var in = Files.newInputStream(Path.of("src/main/resources/application.properties"))) {
            app.load(in);
        }
        String pgOutput = app.getProperty("%pg.quarkus.package.output-directory");
        assertThat(pgOutput).isNotBlank();
        assertThat(dockerfile).contains("cp -r target/" + pgOutput + " /out");
        assertThat(app.getProperty("%pg.quarkus.datasource.db-kind")).isEqualTo("postgresql");
        // the running image gets only the build stage's output (and the corpus): never a local target/
        for (String line : lines) {
            if (!line.startsWith("COPY")) continue;
            if (line.contains("--from=build")) assertThat(line).contains(" /out/");
            else assertThat(line).doesNotContain("target/");
        }
        assertThat(Files.readAllLines(Path.of(".dockerignore"))).contains("target/");
        assertThat(Path.of("kifu-corpus")).isDirectory();
    }
}
