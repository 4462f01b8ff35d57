package io.kifudb.cli;

import static io.kifudb.cli.LocalService.awaitReady;
import static io.kifudb.cli.LocalService.freePort;
import static io.kifudb.cli.LocalService.get;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.rules.RuleSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Two processes on one embedded database, against the packaged jar: the running service, and the
 * {@code import} command started beside it (it reaches the service's H2 file through AUTO_SERVER, and
 * cannot open the index the service holds). Every game the command stores is found by position search
 * on the service, through the index's feed from the database, without a restart.
 */
class IndexFreshnessIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void gamesTheImportCommandStoresBesideARunningServiceAreFoundThere(@TempDir Path dir) throws Exception {
        int games = 40;
        byte[] ndjson = RandomGames.ndjson(RuleSet.CHU_LISHOGI, 1313, games, 120, null);
        Path file = Files.write(dir.resolve("beside.ndjson"), ndjson);
        int port = freePort();
        Process service = java(dir, List.of("serve"), port, dir.resolve("service.log"));
        try {
            awaitReady(port);
            Process command = java(dir, List.of("import", "--rules", "chu-lishogi", file.toString()), 0, dir.resolve("import.log"));
            assertThat(command.waitFor(180, TimeUnit.SECONDS)).as("the import command ends").isTrue();
            assertThat(command.exitValue()).as(Files.readString(dir.resolve("import.log"))).isZero();
            assertThat(Files.readString(dir.resolve("import.log"))).contains("imported " + games + ",");

            List<String> plays = new ArrayList<>();
            for (String line : new String(ndjson, StandardCharsets.UTF_8).split("\n"))
                plays.add(JSON.readTree(line).get("moves").asText().replace(' ', ','));
            // Generous against the 2 s the feed is for (bench-import --new-instance measures it), and still
            // short of the 30 s periodic check that used to be the only way such games got in.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            for (String play : plays) {
                String path = "/api/positions/games?rules=chu-lishogi&size=1&play=" + URLEncoder.encode(play, StandardCharsets.UTF_8);
                while (get(port, path).get("total").asLong() == 0) {
                    if (System.nanoTime() > deadline) throw new AssertionError("not found on the service within 20 s: " + play);
                    Thread.sleep(100);
                }
            }
            // and the index holds exactly the database's games
            JsonNode check = null;
            for (JsonNode c : get(port, "/q/health/ready").get("checks")) if (c.get("name").asText().equals("position-index")) check = c;
            assertThat(check).isNotNull();
            assertThat(check.get("data").get("games").asLong()).isEqualTo(get(port, "/api/games?size=1").get("total").asLong()).isEqualTo(games);
        } finally {
            service.destroy();
            if (!service.waitFor(60, TimeUnit.SECONDS)) service.destroyForcibly().waitFor();
        }
    }

    private Process java(Path dir, List<String> args, int port, Path log) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                System.getProperty("kifudb.jar", "target/quarkus-app/quarkus-run.jar")));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("KIFUDB_DATA_DIR", dir.resolve("data").toString());
        pb.environment().put("KIFUDB_IMPORT_CORPUS", "false");
        pb.environment().put("KIFUDB_API_KEYS", "freshness-test-key");
        if (port > 0) pb.environment().put("QUARKUS_HTTP_PORT", String.valueOf(port));
        pb.redirectErrorStream(true).redirectOutput(log.toFile());
        return pb.start();
    }
}
