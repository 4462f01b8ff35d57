package io.kifudb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.rules.RuleSet;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Cluster mode on a real PostgreSQL, with real processes: two API instances (A and B, no job workers of
 * their own) and a worker process, each its own JVM and port, all on one database. A bulk import submitted
 * to A is followed on B (GET and the SSE stream); the worker is killed (SIGKILL) in the middle of it, a
 * third API instance starts, and a second worker takes the job over once the dead worker's lease has run
 * out: the job finishes with every record stored exactly once and the counts adding up, and the position
 * index of every API instance comes to agree with the database. An analysis submitted to B runs on the
 * worker, streams on A, and a cancel on A stops it. No job fails.
 *
 * <p>Needs the PostgreSQL build of the jar ({@code ./mvnw -B -ntp package -DskipTests -Dquarkus.profile=pg},
 * or {@code -Dkifudb.pg.jar=...}) and an empty database: {@code KIFUDB_IT_PG_URL} (a JDBC URL),
 * {@code KIFUDB_IT_PG_USER}, {@code KIFUDB_IT_PG_PASSWORD}. {@code .ci/run} provides both; without a URL the
 * test is skipped.
 */
class ClusterIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "cluster-test-key";
    /** Enough records that the worker is still importing when it is killed, few enough for CI. */
    private static final int GAMES = 2000;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Process> processes = new ArrayList<>();
    private final Map<Integer, Path> names = new java.util.HashMap<>();

    @Test
    void jobsSurviveAKilledWorkerAndAnyInstanceAnswersForAnyJob() throws Exception {
        String url = setting("KIFUDB_IT_PG_URL");
        if (url == null || url.isBlank())
            System.out.println("ClusterIT skipped: it needs a PostgreSQL database (KIFUDB_IT_PG_URL, KIFUDB_IT_PG_USER, KIFUDB_IT_PG_PASSWORD; .ci/run gives one)");
        Assumptions.assumeTrue(url != null && !url.isBlank(),
                "ClusterIT needs a PostgreSQL database: set KIFUDB_IT_PG_URL (and KIFUDB_IT_PG_USER, KIFUDB_IT_PG_PASSWORD); .ci/run does");
        Path jar = Path.of(System.getProperty("kifudb.pg.jar", "target/postgresql/quarkus-app/quarkus-run.jar"));
        assertThat(jar).as("the PostgreSQL build of the jar: ./mvnw -B -ntp package -DskipTests -Dquarkus.profile=pg").isRegularFile();
        // Data directories and logs of the processes stay under target/ for a look after a failure.
        Path dir = Files.createDirectories(Path.of("target/cluster-it/" + System.currentTimeMillis()));
        byte[] games = RandomGames.ndjson(RuleSet.CHU_LISHOGI, 21, GAMES, 150, null);
        try {
            int a = freePort(), b = freePort(), w1 = freePort();
            start(jar, dir, "a", a, false, url);
            start(jar, dir, "b", b, false, url);
            Process worker1 = start(jar, dir, "w1", w1, true, url);
            for (int port : new int[] {a, b, w1}) awaitReady(port);
            assertThat(get(a, "/api/games?size=1").get("total").asLong()).as("an empty database").isZero();
            // A worker answers health and metrics, nothing else.
            assertThat(send(w1, "GET", "/api/games", null, null).statusCode()).isEqualTo(404);

            // A bulk import submitted to A, followed on B.
            HttpResponse<String> submitted = send(a, "POST", "/api/imports", "application/x-ndjson", games);
            assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
            long importId = JSON.readTree(submitted.body()).get("id").asLong();
            List<JsonNode> importEvents = new CopyOnWriteArrayList<>();
            CompletableFuture<Void> importStream = follow(b, "/api/imports/" + importId + "/events", importEvents);
            JsonNode job;
            long deadline = System.currentTimeMillis() + 180_000;
            do {
                Thread.sleep(50);
                job = get(b, "/api/imports/" + importId + "?size=1");
            } while (job.get("processed").asInt() < 300 && System.currentTimeMillis() < deadline);
            assertThat(job.get("status").asText()).as("killed while it runs: %s", job).isEqualTo("running");

            worker1.destroyForcibly(); // SIGKILL: no lease renewed, no job handed back
            worker1.waitFor();
            int atKill = get(b, "/api/imports/" + importId + "?size=1").get("processed").asInt();
            assertThat(atKill).isLessThan(GAMES);

            // A new API instance and a new worker start while the job is orphaned.
            int c = freePort(), w2 = freePort();
            start(jar, dir, "c", c, false, url);
            start(jar, dir, "w2", w2, true, url);
            awaitReady(c);
            awaitReady(w2);

            // An analysis submitted to B runs on the worker and streams on A; a cancel on A stops it.
            HttpResponse<String> analysis = send(b, "POST", "/api/analysis", "application/json",
                    "{\"rules\":\"chu\",\"moves\":[\"7i7h\",\"6d6e\"],\"movetime\":60000,\"cache\":false}".getBytes(StandardCharsets.UTF_8));
            assertThat(analysis.statusCode()).as(analysis.body()).isEqualTo(202);
            String analysisId = JSON.readTree(analysis.body()).get("id").asText();
            List<JsonNode> analysisEvents = new CopyOnWriteArrayList<>();
            CompletableFuture<Void> analysisStream = follow(a, "/api/analysis/" + analysisId + "/events", analysisEvents);
            deadline = System.currentTimeMillis() + 120_000;
            while (analysisEvents.stream().noneMatch(e -> e.get("depth").asInt() >= 2) && System.currentTimeMillis() < deadline)
                Thread.sleep(50);
            assertThat(analysisEvents).as("A streams the depths the worker finds").anyMatch(e -> e.get("depth").asInt() >= 2);
            assertThat(metric(w2, "kifudb_jobs_running{kind=\"analysis\"")).as("the analysis runs on the worker").isEqualTo(1.0);
            long t0 = System.nanoTime();
            HttpResponse<String> cancelled = send(a, "DELETE", "/api/analysis/" + analysisId, null, null);
            assertThat(cancelled.statusCode()).isEqualTo(200);
            JsonNode stopped = awaitAnalysis(c, analysisId);
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertThat(stopped.get("status").asText()).isEqualTo("cancelled");
            // Stopped by the cancel, not by its 60 s movetime: the bound is far from both the lease keeper's
            // ticks (a fraction of a second when the machine is quiet) and the 60 s, since on a loaded
            // 2-core machine the three processes' ticks took 7.5 s.
            System.out.printf("ClusterIT: the cancel on A stopped the worker's job, as seen on C, after %.2f s%n", seconds);
            assertThat(seconds).as("seconds from the cancel on A to the stopped job").isLessThan(30);
            assertThat(stopped.get("bestMove").isNull()).isFalse();
            analysisStream.get(30, TimeUnit.SECONDS);
            assertThat(analysisEvents.get(analysisEvents.size() - 1).get("status").asText()).isEqualTo("cancelled");

            // The second worker took the import over after the dead worker's lease ran out, and finished it.
            deadline = System.currentTimeMillis() + 300_000;
            do {
                Thread.sleep(200);
                job = get(b, "/api/imports/" + importId + "?size=1");
            } while (!job.get("status").asText().matches("done|failed|cancelled") && System.currentTimeMillis() < deadline);
            assertThat(job.get("status").asText()).as(job.toString()).isEqualTo("done");
            assertThat(job.get("total").asInt()).isEqualTo(GAMES);
            assertThat(job.get("processed").asInt()).isEqualTo(GAMES);
            assertThat(job.get("failed").asInt()).isZero();
            // distinct random games: a duplicate would be a record stored before the kill and again after it
            assertThat(job.get("duplicates").asInt()).isZero();
            assertThat(job.get("imported").asInt()).isEqualTo(GAMES);
            long stored = get(c, "/api/games?size=1").get("total").asLong();
            assertThat(stored).as("every record stored exactly once").isEqualTo(GAMES);
            Set<Long> gameIds = new HashSet<>();
            Set<Integer> seqs = new HashSet<>();
            for (int page = 0; page * 1000 < GAMES; page++)
                for (JsonNode o : get(a, "/api/imports/" + importId + "?size=1000&page=" + page).get("outcomes")) {
                    assertThat(o.get("outcome").asText()).isEqualTo("imported");
                    assertThat(seqs.add(o.get("seq").asInt())).isTrue();
                    assertThat(gameIds.add(o.get("gameId").asLong())).isTrue();
                }
            assertThat(seqs).hasSize(GAMES);
            assertThat(gameIds).hasSize(GAMES);

            // B's stream followed the job through the kill and the takeover, to its end.
            importStream.get(30, TimeUnit.SECONDS);
            assertThat(importEvents).isNotEmpty();
            for (int i = 1; i < importEvents.size(); i++)
                assertThat(importEvents.get(i).get("processed").asInt()).isGreaterThanOrEqualTo(importEvents.get(i - 1).get("processed").asInt());
            assertThat(importEvents).anyMatch(e -> e.get("processed").asInt() > atKill && e.get("processed").asInt() < GAMES);
            JsonNode last = importEvents.get(importEvents.size() - 1);
            assertThat(last.get("status").asText()).isEqualTo("done");
            assertThat(last.get("processed").asInt()).isEqualTo(GAMES);

            // No job failed, on any instance's word.
            for (int port : new int[] {a, b, c})
                for (JsonNode j : getArray(port, "/api/imports")) assertThat(j.get("status").asText()).isEqualTo("done");

            // The index of every API instance comes to agree with the database.
            for (int port : new int[] {a, b, c}) {
                long indexed = -1;
                deadline = System.currentTimeMillis() + 120_000;
                while (System.currentTimeMillis() < deadline) {
                    indexed = indexedGames(port);
                    if (indexed == stored) break;
                    Thread.sleep(250);
                }
                assertThat(indexed).as("games in the index of the instance on port %d", port).isEqualTo(stored);
            }
            long someGame = gameIds.iterator().next();
            JsonNode g = get(a, "/api/games/" + someGame);
            String sfen = io.kifudb.rules.Position.start(RuleSet.CHU_LISHOGI).sfen();
            for (int port : new int[] {a, b, c})
                assertThat(get(port, "/api/positions/games?rules=chu-lishogi&size=1&sfen=" + java.net.URLEncoder.encode(sfen, StandardCharsets.UTF_8))
                        .get("total").asLong()).as("the start position, in the index on port %d", port).isEqualTo(stored);
            assertThat(g.get("rules").asText()).isEqualTo("chu-lishogi");

            // A game stored through A is found by position search on B within 2 s (a quiet cluster: the
            // freshness the cluster promises, not a benchmark). Its last position is its own.
            byte[] oneMore = RandomGames.ndjson(RuleSet.CHU_LISHOGI, 22, 1, 150, null);
            HttpResponse<String> posted = send(a, "POST", "/api/games", "application/x-ndjson", oneMore);
            long storedAt = System.nanoTime();
            assertThat(posted.statusCode()).as(posted.body()).isEqualTo(201);
            long newGame = JSON.readTree(posted.body()).get("id").asLong();
            JsonNode plies = get(a, "/api/games/" + newGame + "/positions").get("positions");
            String lastSfen = plies.get(plies.size() - 1).get("sfen").asText();
            String onB = "/api/positions/games?rules=chu-lishogi&size=10&sfen=" + java.net.URLEncoder.encode(lastSfen, StandardCharsets.UTF_8);
            boolean found = false;
            double waited;
            do {
                for (JsonNode h : get(b, onB).get("hits")) found |= h.get("gameId").asLong() == newGame;
                waited = (System.nanoTime() - storedAt) / 1e9;
                if (!found) Thread.sleep(50);
            } while (!found && waited < 10);
            assertThat(found).as("the game stored through A, found on B").isTrue();
            assertThat(waited).as("seconds from its storing on A to its finding on B").isLessThan(2.0);

            // A worker process keeps no position index: it never opened or built one.
            for (String worker : new String[] {"w1", "w2"})
                assertThat(dir.resolve(worker).resolve("index")).as("the index directory of worker %s", worker).doesNotExist();

            // Nothing went wrong on the way: no error logged, and no worker dropped work it had done.
            for (Path log : names.values()) {
                if (log.getFileName().toString().equals("w1.log")) continue; // killed
                for (String line : Files.readAllLines(log))
                    assertThat(line).as(log.getFileName().toString()).doesNotContain(" ERROR ").doesNotContain("its work here is dropped");
            }
        } finally {
            for (Process p : processes) p.destroy();
            for (Process p : processes) if (!p.waitFor(30, TimeUnit.SECONDS)) p.destroyForcibly();
        }
    }

    private static String setting(String env) {
        String v = System.getProperty(env.toLowerCase(java.util.Locale.ROOT).replace('_', '.'));
        return v != null ? v : System.getenv(env);
    }

    private Process start(Path jar, Path dir, String name, int port, boolean worker, String url) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx384m",
                "-jar", jar.toString()));
        if (worker) command.add("worker");
        ProcessBuilder pb = new ProcessBuilder(command);
        Map<String, String> env = pb.environment();
        env.put("QUARKUS_DATASOURCE_JDBC_URL", url);
        env.put("QUARKUS_DATASOURCE_USERNAME", String.valueOf(setting("KIFUDB_IT_PG_USER")));
        env.put("QUARKUS_DATASOURCE_PASSWORD", String.valueOf(setting("KIFUDB_IT_PG_PASSWORD")));
        env.put("KIFUDB_DATA_DIR", dir.resolve(name).toString());
        env.put("KIFUDB_IMPORT_CORPUS", "false");
        env.put("KIFUDB_API_KEYS", KEY);
        env.put("QUARKUS_HTTP_PORT", String.valueOf(port));
        // A killed worker's jobs are taken over this long after its last renewal.
        env.put("KIFUDB_JOBS_LEASE", "3s");
        // API instances run no jobs (pure API). Each index follows the database's new games by its feed (every
        // 250 ms by default) and checks itself against the database, bucket by bucket, every 2 s here.
        if (!worker) env.put("KIFUDB_JOBS_WORKERS", "0");
        env.put("KIFUDB_INDEX_COMMIT_INTERVAL", "2s");
        pb.redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile());
        Process p = pb.start();
        processes.add(p);
        names.put(port, dir.resolve(name + ".log"));
        return p;
    }

    private void awaitReady(int port) throws Exception {
        long deadline = System.currentTimeMillis() + 180_000;
        while (System.currentTimeMillis() < deadline) {
            try {
                if (send(port, "GET", "/q/health/ready", null, null).statusCode() == 200) return;
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new AssertionError("the process on port " + port + " did not become ready; its log: " + names.get(port));
    }

    private JsonNode awaitAnalysis(int port, String id) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        JsonNode j;
        do {
            j = get(port, "/api/analysis/" + id);
            if (!j.get("status").asText().matches("queued|running")) return j;
            Thread.sleep(50);
        } while (System.currentTimeMillis() < deadline);
        return j;
    }

    /** Reads a server-sent event stream to its end in the background, keeping each event's JSON. */
    private CompletableFuture<Void> follow(int port, String path, List<JsonNode> events) {
        HttpRequest r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).header("Accept", "text/event-stream").build();
        return http.sendAsync(r, HttpResponse.BodyHandlers.ofLines()).thenAccept(response -> {
            assertThat(response.statusCode()).isEqualTo(200);
            response.body().filter(l -> l.startsWith("data:")).forEach(l -> {
                try {
                    events.add(JSON.readTree(l.substring(5).strip()));
                } catch (IOException e) {
                    throw new AssertionError("not JSON: " + l, e);
                }
            });
        });
    }

    private long indexedGames(int port) throws Exception {
        HttpResponse<String> r = send(port, "GET", "/q/health/ready", null, null);
        for (JsonNode check : JSON.readTree(r.body()).get("checks"))
            if (check.get("name").asText().equals("position-index") && check.has("data")) return check.get("data").path("games").asLong(-1);
        return -1;
    }

    private double metric(int port, String prefix) throws Exception {
        for (String line : send(port, "GET", "/q/metrics", null, null).body().split("\n"))
            if (line.startsWith(prefix)) return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
        throw new AssertionError("no metric " + prefix + " on port " + port);
    }

    private HttpResponse<String> send(int port, String method, String path, String contentType, byte[] body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + KEY)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) b.header("Content-Type", contentType);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode get(int port, String path) throws Exception {
        HttpResponse<String> r = send(port, "GET", path, null, null);
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private List<JsonNode> getArray(int port, String path) throws Exception {
        List<JsonNode> all = new ArrayList<>();
        get(port, path).forEach(all::add);
        return all;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
