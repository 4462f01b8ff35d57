package io.kifudb.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
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
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code bench-cluster}: throughput of the cluster mode on a real PostgreSQL, with real processes of this
 * jar's PostgreSQL build: two API instances (no job workers of their own) and one, then two, worker
 * processes. It measures analysis throughput (jobs per minute at a fixed node count) with one worker and
 * with two, as a ratio on the same machine, and bulk import throughput with the uploads sent to both API
 * instances. Each phase starts fresh worker processes and warms them up before it is timed.
 *
 * <p>A benchmark, not a test: it prints figures and the machine they were measured on (docs/cluster.md).
 */
@Command(name = "bench-cluster", mixinStandardHelpOptions = true,
        description = "cluster throughput on PostgreSQL: analyses per minute with one and two worker processes, imports through two API instances",
        footer = {"Needs the PostgreSQL build of the jar (./mvnw -B -ntp package -DskipTests -Dquarkus.profile=pg) and an empty database "
                + "it may fill (--db-url, or QUARKUS_DATASOURCE_JDBC_URL/_USERNAME/_PASSWORD).",
                "Starts its processes on free local ports, logs and data under --work-dir, and stops them at the end."})
public final class ClusterBenchCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "bench-cluster-key";

    @Option(names = "--db-url", description = "JDBC URL of the PostgreSQL database (default: QUARKUS_DATASOURCE_JDBC_URL)")
    String dbUrl = System.getenv("QUARKUS_DATASOURCE_JDBC_URL");

    @Option(names = "--db-user", description = "database user (default: QUARKUS_DATASOURCE_USERNAME)")
    String dbUser = System.getenv("QUARKUS_DATASOURCE_USERNAME");

    @Option(names = "--db-password", description = "database password (default: QUARKUS_DATASOURCE_PASSWORD)")
    String dbPassword = System.getenv("QUARKUS_DATASOURCE_PASSWORD");

    @Option(names = "--jar", description = "the PostgreSQL build to run (default: this jar if it is one, else target/postgresql/quarkus-app/quarkus-run.jar)")
    Path jar;

    @Option(names = "--analyses", defaultValue = "16", description = "timed analysis jobs per phase (default ${DEFAULT-VALUE})")
    int analyses;

    @Option(names = "--nodes", defaultValue = "200000", description = "nodes per analysis (default ${DEFAULT-VALUE})")
    long nodes;

    @Option(names = "--rounds", defaultValue = "2", description = "one-worker and two-worker phases, alternated this many times; "
            + "the ratio reported is the median of the rounds' ratios, so that a change in the machine's load weighs less (default ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--games", defaultValue = "4000", description = "random games to import (default ${DEFAULT-VALUE})")
    int games;

    @Option(names = "--uploads", defaultValue = "8", description = "import jobs the games are split into (default ${DEFAULT-VALUE})")
    int uploads;

    @Option(names = "--max-plies", defaultValue = "150", description = "plies per random game at most (default ${DEFAULT-VALUE})")
    int maxPlies;

    @Option(names = "--seed", defaultValue = "3", description = "random seed of positions and games (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--work-dir", description = "logs and data directories of the processes (default: a fresh temporary one, removed after)")
    Path workDir;

    private final PrintStream out;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Process> processes = new ArrayList<>();
    private Path dir;

    public ClusterBenchCommand() {
        this(System.out);
    }

    ClusterBenchCommand(PrintStream out) {
        this.out = out;
    }

    @Override
    public Integer call() throws Exception {
        if (dbUrl == null || !dbUrl.startsWith("jdbc:postgresql:")) {
            System.err.println("bench-cluster: give a PostgreSQL database with --db-url jdbc:postgresql://HOST:PORT/DB (or QUARKUS_DATASOURCE_JDBC_URL)");
            return 2;
        }
        if (jar == null) {
            String self = System.getProperty("java.class.path", "");
            jar = self.endsWith("quarkus-run.jar") && self.contains("postgresql") ? Path.of(self) : Path.of("target/postgresql/quarkus-app/quarkus-run.jar");
        }
        if (!Files.isRegularFile(jar)) {
            System.err.println("bench-cluster: no PostgreSQL build at " + jar + "; build it with ./mvnw -B -ntp package -DskipTests -Dquarkus.profile=pg");
            return 2;
        }
        boolean temporary = workDir == null;
        dir = temporary ? Files.createTempDirectory("kifudb-bench-cluster-") : Files.createDirectories(workDir);
        try {
            out.printf("bench-cluster: %d cores, %s %s, Java %s, load average %.2f at the start%n", Runtime.getRuntime().availableProcessors(),
                    System.getProperty("os.name"), System.getProperty("os.arch"), System.getProperty("java.version"), loadAverage());
            int a = start("api-a", false), b = start("api-b", false);
            awaitReady(a);
            awaitReady(b);
            int[] api = {a, b};
            if (get(a, "/api/games?size=1").get("total").asLong() != 0)
                out.println("note: the database is not empty; the import figures then include duplicates");

            List<String> positions = positions(analyses, 0);
            List<Double> ratios = new ArrayList<>();
            for (int r = 1; r <= rounds; r++) {
                double one = analysisPhase(api, 1, positions);
                double two = analysisPhase(api, 2, positions);
                ratios.add(two / one);
                out.printf("analysis, round %d: %.1f jobs/min with one worker, %.1f with two: ratio two/one %.2f%n", r, one, two, two / one);
            }
            ratios.sort(null);
            double median = ratios.size() % 2 == 1 ? ratios.get(ratios.size() / 2)
                    : (ratios.get(ratios.size() / 2 - 1) + ratios.get(ratios.size() / 2)) / 2;
            out.printf("analysis: ratio two workers / one worker %.2f (median of %d rounds; %d nodes per job, %d jobs per phase; load average now %.2f)%n",
                    median, rounds, nodes, analyses, loadAverage());

            importPhase(api);
            return 0;
        } finally {
            stopAll();
            if (temporary) deleteTree(dir);
            else out.println("logs and data: " + dir.toAbsolutePath());
        }
    }

    /** Jobs per minute with this many fresh worker processes (one analysis at a time each), after a warm-up. */
    private double analysisPhase(int[] api, int workers, List<String> positions) throws Exception {
        List<Process> phase = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            int port = start("worker-" + workers + "-" + (w + 1), true);
            phase.add(processes.get(processes.size() - 1));
            ports.add(port);
        }
        for (int port : ports) awaitReady(port);
        // warm-up: two jobs per worker on positions of their own, untimed (class loading, JIT)
        runAnalyses(api, positions(2 * workers, 1));
        long t0 = System.nanoTime();
        runAnalyses(api, positions);
        double seconds = (System.nanoTime() - t0) / 1e9;
        double perMinute = positions.size() / (seconds / 60);
        out.printf("  %d worker(s): %d analyses of %d nodes in %.1f s = %.1f jobs/min%n", workers, positions.size(), nodes, seconds, perMinute);
        for (Process p : phase) stop(p);
        return perMinute;
    }

    /** Submits one analysis per position, alternately to the API instances, and waits for every one to finish. */
    private void runAnalyses(int[] api, List<String> sfens) throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < sfens.size(); i++) {
            String body = JSON.writeValueAsString(Map.of("rules", "chu", "sfen", sfens.get(i), "nodes", nodes, "cache", false));
            HttpResponse<String> r = send(api[i % api.length], "POST", "/api/analysis", "application/json", body.getBytes(StandardCharsets.UTF_8));
            if (r.statusCode() != 202) throw new IllegalStateException("analysis refused: " + r.statusCode() + " " + r.body());
            ids.add(JSON.readTree(r.body()).get("id").asText());
        }
        for (int i = 0; i < ids.size(); i++) {
            while (true) {
                String status = get(api[i % api.length], "/api/analysis/" + ids.get(i)).get("status").asText();
                if (status.equals("done")) break;
                if (!status.equals("queued") && !status.equals("running")) throw new IllegalStateException("analysis " + ids.get(i) + " " + status);
                Thread.sleep(100);
            }
        }
    }

    /** Bulk import: the games split into uploads sent alternately to both API instances, run by two workers. */
    private void importPhase(int[] api) throws Exception {
        List<Integer> ports = new ArrayList<>();
        for (int w = 1; w <= 2; w++) ports.add(start("import-worker-" + w, true));
        for (int port : ports) awaitReady(port);
        List<byte[]> parts = new ArrayList<>();
        long plies = 0;
        int per = (games + uploads - 1) / uploads;
        for (int u = 0; u < uploads; u++) {
            int n = Math.min(per, games - u * per);
            if (n <= 0) break;
            byte[] part = RandomGames.ndjson(RuleSet.CHU_LISHOGI, seed * 1_000 + u, n, maxPlies, null);
            for (String line : new String(part, StandardCharsets.UTF_8).split("\n"))
                if (!line.isBlank()) plies += JSON.readTree(line).get("moves").asText().split(" ").length;
            parts.add(part);
        }
        long t0 = System.nanoTime();
        List<long[]> jobs = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            int port = api[i % api.length];
            HttpResponse<String> r = send(port, "POST", "/api/imports", "application/x-ndjson", parts.get(i));
            if (r.statusCode() != 202) throw new IllegalStateException("import refused: " + r.statusCode() + " " + r.body());
            jobs.add(new long[] {port, JSON.readTree(r.body()).get("id").asLong()});
        }
        long imported = 0;
        for (long[] j : jobs) {
            JsonNode job;
            while (true) {
                job = get((int) j[0], "/api/imports/" + j[1] + "?size=1");
                if (!job.get("status").asText().matches("queued|running")) break;
                Thread.sleep(100);
            }
            if (!job.get("status").asText().equals("done")) throw new IllegalStateException("import job " + j[1] + " " + job);
            imported += job.get("imported").asLong();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        out.printf("import: %d games (%d plies) in %d jobs through two API instances, run by two workers: %.1f s = %.0f games/s, %.0f plies/s (%d imported)%n",
                games, plies, jobs.size(), seconds, games / seconds, plies / seconds, imported);
    }

    /** Distinct positions a few random plies from the Chu start (salt: another set). */
    private List<String> positions(int n, int salt) {
        SplittableRandom rnd = new SplittableRandom(seed * 31 + salt);
        List<String> sfens = new ArrayList<>();
        while (sfens.size() < n) {
            Position p = Position.start(RuleSet.CHU);
            int plies = 6 + rnd.nextInt(10);
            for (int i = 0; i < plies && p.status().isOngoing(); i++) {
                int[] legal = p.legalMoves();
                p.make(legal[rnd.nextInt(legal.length)]);
            }
            if (p.status().isOngoing() && !sfens.contains(p.sfen())) sfens.add(p.sfen());
        }
        return sfens;
    }

    // ---------------------------------------------------------------- processes

    private int start(String name, boolean worker) throws IOException {
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
        if (worker) command.add("worker");
        ProcessBuilder pb = new ProcessBuilder(command);
        Map<String, String> env = pb.environment();
        env.put("QUARKUS_DATASOURCE_JDBC_URL", dbUrl);
        if (dbUser != null) env.put("QUARKUS_DATASOURCE_USERNAME", dbUser);
        if (dbPassword != null) env.put("QUARKUS_DATASOURCE_PASSWORD", dbPassword);
        env.put("KIFUDB_DATA_DIR", dir.resolve(name).toString());
        env.put("KIFUDB_IMPORT_CORPUS", "false");
        env.put("KIFUDB_API_KEYS", KEY);
        env.put("QUARKUS_HTTP_PORT", String.valueOf(port));
        // every job of a phase is queued at once
        env.put("KIFUDB_JOBS_PER_KEY", "100000");
        env.put("KIFUDB_ANALYSIS_QUEUE_SIZE", "100000");
        env.put("KIFUDB_IMPORT_QUEUE_SIZE", "100000");
        if (!worker) env.put("KIFUDB_JOBS_WORKERS", "0");
        pb.redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile());
        processes.add(pb.start());
        return port;
    }

    private void awaitReady(int port) throws Exception {
        long deadline = System.currentTimeMillis() + 300_000;
        while (System.currentTimeMillis() < deadline) {
            try {
                if (send(port, "GET", "/q/health/ready", null, null).statusCode() == 200) return;
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the process on port " + port + " did not become ready (logs in " + dir + ")");
    }

    private void stop(Process p) throws InterruptedException {
        p.destroy();
        if (!p.waitFor(60, TimeUnit.SECONDS)) p.destroyForcibly().waitFor();
        processes.remove(p);
    }

    private void stopAll() throws InterruptedException {
        for (Process p : new ArrayList<>(processes)) stop(p);
    }

    private HttpResponse<String> send(int port, String method, String path, String contentType, byte[] body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(120))
                .header("Authorization", "Bearer " + KEY)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) b.header("Content-Type", contentType);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode get(int port, String path) throws Exception {
        HttpResponse<String> r = send(port, "GET", path, null, null);
        if (r.statusCode() != 200) throw new IllegalStateException(path + ": " + r.statusCode() + " " + r.body());
        return JSON.readTree(r.body());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static void deleteTree(Path root) {
        try (var paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // best effort: a temporary directory left behind is harmless
        }
    }
}
