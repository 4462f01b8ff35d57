package io.kifudb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged jar, started as a user would: a relative data directory works for the service and for the
 * import command, and a configuration mistake ends the start with one clear line naming the setting, never
 * a stack trace.
 */
class ConfigurationErrorsIT {
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void aRelativeDataDirectoryIsTheSameFolderForTheServiceAndTheImportCommand(@TempDir Path dir) throws Exception {
        Path records = dir.resolve("games.txt");
        Files.writeString(records, "7i7h 5d5e 7h7g\n7i7h 6d6e\n");
        Run imported = run(dir, Map.of("KIFUDB_DATA_DIR", "datax"), "import", "--rules", "chu", records.toString());
        assertThat(imported.exit()).as(imported.output()).isZero();
        assertThat(imported.output()).contains("imported 2");
        assertThat(dir.resolve("datax").resolve("kifudb.mv.db")).exists();

        int port = freePort();
        Process service = start(dir, Map.of("KIFUDB_DATA_DIR", "datax", "QUARKUS_HTTP_PORT", String.valueOf(port)));
        try {
            awaitReady(port, service);
            HttpResponse<String> games = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/games?size=1")).build(),
                    HttpResponse.BodyHandlers.ofString());
            // the service reads the database the command wrote: the same folder, made absolute
            assertThat(games.body()).contains("\"total\":2");
        } finally {
            service.destroy();
            service.waitFor(60, TimeUnit.SECONDS);
        }
        assertThat(dir.resolve("datax").resolve("index")).isDirectory();
    }

    @Test
    void aConfigurationMistakeIsOneLineNamingTheSetting(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a-file"), "not a folder");
        record Mistake(Map<String, String> env, List<String> said) {}
        for (Mistake m : List.of(
                new Mistake(Map.of("KIFUDB_IMPORT_WORKERS", "two"), List.of("kifudb.import.workers", "two")),
                new Mistake(Map.of("KIFUDB_INDEX_COMMIT_INTERVAL", "soon"), List.of("kifudb.index.commit-interval", "soon")),
                new Mistake(Map.of("QUARKUS_HTTP_PORT", "eighty"), List.of("quarkus.http.port", "eighty")),
                new Mistake(Map.of("KIFUDB_DATA_DIR", dir.resolve("a-file").resolve("data").toString()), List.of("a-file", "KIFUDB_DATA_DIR")))) {
            Run r = run(dir, m.env(), "serve");
            assertThat(r.exit()).as(m.env() + ": " + r.output()).isEqualTo(1);
            List<String> lines = r.output().lines().filter(l -> !l.isBlank()).toList();
            assertThat(lines).as(m.env() + " says one thing").hasSize(1);
            assertThat(lines.get(0)).startsWith("kifudb: ").contains(m.said());
        }
        // a port out of range is found only when the service binds, after its start-up log: still no stack trace
        Run r = run(dir, Map.of("QUARKUS_HTTP_PORT", "99999", "KIFUDB_DATA_DIR", dir.resolve("d2").toString()), "serve");
        assertThat(r.exit()).isEqualTo(1);
        List<String> lines = r.output().lines().filter(l -> !l.isBlank()).toList();
        assertThat(lines.get(lines.size() - 1)).isEqualTo("kifudb: the HTTP port is not valid (quarkus.http.port, QUARKUS_HTTP_PORT): "
                + "port must be <= 65535");
        assertThat(lines).noneMatch(l -> l.startsWith("\tat ") || l.startsWith("Caused by"));
    }

    private record Run(int exit, String output) {}

    private static Run run(Path dir, Map<String, String> env, String... args) throws Exception {
        Process p = builder(dir, env, args).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), out);
    }

    private static Process start(Path dir, Map<String, String> env) throws IOException {
        return builder(dir, env).redirectOutput(dir.resolve("service.log").toFile()).start();
    }

    private static ProcessBuilder builder(Path dir, Map<String, String> env, String... args) {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                Path.of(System.getProperty("kifudb.jar", "target/quarkus-app/quarkus-run.jar")).toAbsolutePath().toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("KIFUDB_IMPORT_CORPUS", "false");
        pb.environment().put("KIFUDB_API_KEYS", "config-test-key");
        pb.environment().putIfAbsent("QUARKUS_HTTP_PORT", "0");
        pb.environment().putAll(env);
        return pb;
    }

    private void awaitReady(int port, Process service) throws Exception {
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline && service.isAlive()) {
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/q/health/ready")).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) return;
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the service did not get ready on port " + port);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
