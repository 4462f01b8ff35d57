package io.kifudb.cli;

import static io.kifudb.cli.LocalService.awaitReady;
import static io.kifudb.cli.LocalService.freePort;
import static io.kifudb.cli.LocalService.get;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Crash safety, against the packaged service on its embedded H2 database: a bulk import is killed (SIGKILL)
 * half-way, the service is started again on the same data directory, and once the killed worker's lease has
 * run out the job resumes after its last committed batch and finishes: every record the job had reported as
 * imported is stored, every record is stored once (none twice, none lost), every stored game is whole (its
 * moves replay to its recorded length), and the position index agrees with the database. A graceful stop
 * (SIGTERM) hands the jobs back instead, and the next start finishes them.
 */
class CrashSafetyIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "crash-test-key";
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void aKilledBulkImportLosesNothingItReportedAndLeavesNothingHalfWritten(@TempDir Path dir) throws Exception {
        byte[] games = RandomGames.ndjson(RuleSet.CHU_LISHOGI, 11, 3000, 200, null);
        int port = freePort();
        Process service = start(dir, port);
        long reported;
        long jobId;
        try {
            awaitReady(port);
            HttpResponse<String> submitted = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/imports"))
                    .header("Authorization", "Bearer " + KEY).header("Content-Type", "application/x-ndjson")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(games)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
            jobId = JSON.readTree(submitted.body()).get("id").asLong();
            JsonNode job;
            long deadline = System.currentTimeMillis() + 120_000;
            do {
                Thread.sleep(20);
                job = get(port, "/api/imports/" + jobId + "?size=1");
            } while (job.get("imported").asLong() < 400 && System.currentTimeMillis() < deadline);
            assertThat(job.get("status").asText()).as("killed while running").isEqualTo("running");
            reported = job.get("imported").asLong();
        } finally {
            service.destroyForcibly(); // SIGKILL: no shutdown hook, no final commit
            service.waitFor();
        }

        // Structured logs (JSON on, as in the Docker image): every line an object; the job's lines carry its id.
        List<String> lines = Files.readAllLines(dir.resolve("service-" + port + ".log"));
        assertThat(lines).isNotEmpty();
        boolean jobStarted = false;
        for (String line : lines) {
            if (line.isBlank()) continue;
            JsonNode entry = JSON.readTree(line);
            assertThat(entry.has("timestamp") && entry.has("level") && entry.has("loggerName") && entry.has("message")).as(line).isTrue();
            if (entry.get("message").asText().startsWith("import job " + jobId + " started")) {
                assertThat(entry.get("mdc").get("job").asText()).isEqualTo("import-" + jobId);
                jobStarted = true;
            }
        }
        assertThat(jobStarted).as("the job's start is logged").isTrue();

        int port2 = freePort();
        Process again = start(dir, port2);
        try {
            awaitReady(port2);
            // The killed process's lease (3 s here) runs out, and this process takes the job over where it stood.
            JsonNode job = awaitFinished(port2, jobId);
            assertThat(job.get("status").asText()).as(job.toString()).isEqualTo("done");
            assertThat(job.get("total").asInt()).isEqualTo(3000);
            assertThat(job.get("processed").asInt()).isEqualTo(3000);
            assertThat(job.get("failed").asInt()).isZero();
            // 3000 distinct random games: a duplicate would be a record stored before the kill and again after it
            assertThat(job.get("duplicates").asInt()).isZero();
            long total = get(port2, "/api/games?size=1").get("total").asLong();
            assertThat(total).as("every record stored once: the games are the job's imports").isEqualTo(job.get("imported").asLong());
            assertThat(total).as("every game the job reported as imported before the kill is stored").isGreaterThanOrEqualTo(reported);
            // every game is whole, and every outcome the job recorded names one of them
            Set<Long> stored = new HashSet<>();
            for (int page = 0; page * 200 < total; page++) {
                for (JsonNode g : get(port2, "/api/games?size=200&page=" + page).get("games")) {
                    stored.add(g.get("id").asLong());
                    // whole: the stored moves replay legally to the stored length
                    Position p = Sfen.parse(RuleSet.CHU_LISHOGI, g.get("initialSfen").asText());
                    for (JsonNode m : g.get("moves")) p.play(m.asText());
                    assertThat(g.get("moves").size()).isEqualTo(g.get("plies").asInt());
                }
            }
            assertThat(stored).hasSize((int) total);
            Set<Integer> seqs = new HashSet<>();
            Set<Long> named = new HashSet<>();
            for (int page = 0; page * 1000 < 3000; page++) {
                for (JsonNode o : get(port2, "/api/imports/" + jobId + "?size=1000&page=" + page).get("outcomes")) {
                    assertThat(seqs.add(o.get("seq").asInt())).as("one outcome per record").isTrue();
                    assertThat(o.get("outcome").asText()).isEqualTo("imported");
                    assertThat(named.add(o.get("gameId").asLong())).as("one game per record").isTrue();
                }
            }
            assertThat(seqs).hasSize(3000);
            assertThat(named).isEqualTo(stored);
            // the index comes to agree with the database (caught up at start, then following the resumed job's games
            // through its feed, polled every 250 ms: the last batch may still be on its way when the job reads done)
            long indexed = -1;
            for (int i = 0; i < 100 && indexed != total; i++) {
                if (i > 0) Thread.sleep(100);
                for (JsonNode check : get(port2, "/q/health/ready").get("checks"))
                    if (check.get("name").asText().equals("position-index")) indexed = check.get("data").get("games").asLong();
            }
            assertThat(indexed).as("games in the index within 10 s of the job's end").isEqualTo(total);
        } finally {
            again.destroy();
            again.waitFor();
        }
    }

    @Test
    void aStoppedServiceHandsItsJobsBackAndTheNextStartFinishesThem(@TempDir Path dir) throws Exception {
        byte[] games = RandomGames.ndjson(RuleSet.CHU_LISHOGI, 12, 3000, 200, null);
        int port = freePort();
        Process service = start(dir, port);
        long importId;
        try {
            awaitReady(port);
            String analysisId = JSON.readTree(post(port, "/api/analysis", "application/json",
                    "{\"rules\":\"chu\",\"moves\":[\"7i7h\",\"6d6e\"],\"movetime\":60000,\"cache\":false}".getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                    .get("id").asText();
            importId = JSON.readTree(post(port, "/api/imports", "application/x-ndjson", games)).get("id").asLong();
            long deadline = System.currentTimeMillis() + 60_000;
            while (get(port, "/api/imports/" + importId + "?size=1").get("imported").asLong() < 100 && System.currentTimeMillis() < deadline)
                Thread.sleep(20);
            while (get(port, "/api/analysis/" + analysisId).get("depth").asInt() < 2 && System.currentTimeMillis() < deadline)
                Thread.sleep(20);
        } finally {
            service.destroy(); // SIGTERM: a graceful shutdown
            // A second SIGTERM while the first stop runs, as `timeout` sends one to the process and one to its group.
            Thread.sleep(300);
            service.destroy();
            // The one-minute analysis is cancelled, not waited for; the import stops after its current batch.
            assertThat(service.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).as("stopped within 30 s").isTrue();
        }
        // The jobs were handed back before the database closed (GracefulStop): no warning or error on the way out,
        // and one stop for the two signals.
        int stops = 0;
        for (String line : Files.readAllLines(dir.resolve("service-" + port + ".log"))) {
            if (line.isBlank()) continue;
            JsonNode entry = JSON.readTree(line);
            if (entry.get("message").asText().startsWith("SIGTERM: ending the jobs")) stops++;
            String level = entry.get("level").asText();
            boolean expected = entry.get("loggerName").asText().startsWith("org.flywaydb"); // H2 newer than Flyway knows
            if ((level.equals("WARN") || level.equals("ERROR")) && !expected)
                throw new AssertionError("logged on shutdown: " + line);
        }
        assertThat(stops).as("stops logged for two SIGTERMs").isEqualTo(1);

        int port2 = freePort();
        Process again = start(dir, port2);
        try {
            awaitReady(port2);
            // The cancelled search cached what it had found.
            assertThat(get(port2, "/api/evals?rules=chu&play=7i7h,6d6e").get("depth").asInt()).isGreaterThanOrEqualTo(2);
            // The import stopped between two batches, went back to the queue, and the next start finished it.
            JsonNode job = awaitFinished(port2, importId);
            assertThat(job.get("status").asText()).isEqualTo("done");
            long total = get(port2, "/api/games?size=1").get("total").asLong();
            assertThat(total).isEqualTo(job.get("imported").asLong()).isEqualTo(3000 - job.get("duplicates").asLong());
        } finally {
            again.destroy();
            again.waitFor();
        }
    }

    private JsonNode awaitFinished(int port, long importId) throws Exception {
        long deadline = System.currentTimeMillis() + 240_000;
        JsonNode job;
        do {
            Thread.sleep(200);
            job = get(port, "/api/imports/" + importId + "?size=1");
        } while (!job.get("status").asText().matches("done|failed|cancelled") && System.currentTimeMillis() < deadline);
        return job;
    }

    private String post(int port, String path, String contentType, byte[] body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", "Bearer " + KEY).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isIn(200, 202);
        return r.body();
    }

    private Process start(Path dir, int port) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                System.getProperty("kifudb.jar", "target/quarkus-app/quarkus-run.jar"));
        pb.environment().put("KIFUDB_DATA_DIR", dir.resolve("data").toString());
        pb.environment().put("KIFUDB_IMPORT_CORPUS", "false");
        pb.environment().put("KIFUDB_API_KEYS", KEY);
        pb.environment().put("QUARKUS_HTTP_PORT", String.valueOf(port));
        pb.environment().put("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "true");
        // A killed process's jobs are taken over this long after its last lease renewal.
        pb.environment().put("KIFUDB_JOBS_LEASE", "3s");
        pb.redirectErrorStream(true).redirectOutput(dir.resolve("service-" + port + ".log").toFile());
        return pb.start();
    }
}
