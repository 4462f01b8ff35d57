package io.kifudb.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.importer.ImportJobs;
import io.kifudb.index.StoredGames;
import io.kifudb.rules.RuleSet;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * {@code bench-import --new-instance}: how soon a new service instance joining a database is useful, and
 * how soon games stored through another instance are found on it. This process (an instance without
 * HTTP) fills the database with random legal games up to the asked number, then starts a second service
 * instance (its own JVM, the same jar unless {@code --instance-jar} names another, the same database, an
 * empty index directory, a free port) while it goes on importing, and times the new instance until it
 * answers at all (liveness), until it is ready (readiness: its index in step), and then, for each of a
 * number of games imported here, from the import job's end to the new instance finding the game by
 * position search.
 */
final class NewInstanceBench {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int FILL_BATCH = 2000;
    private static final Duration READY_TIMEOUT = Duration.ofMinutes(60);
    private static final Duration FOUND_TIMEOUT = Duration.ofSeconds(90);

    private final ImportJobs jobs;
    private final StoredGames store;
    private final PrintStream out;
    private final RuleSet rules;
    private final int maxPlies;
    private final long seed;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    NewInstanceBench(ImportJobs jobs, StoredGames store, PrintStream out, RuleSet rules, int maxPlies, long seed) {
        this.jobs = jobs;
        this.store = store;
        this.out = out;
        this.rules = rules;
        this.maxPlies = maxPlies;
        this.seed = seed;
    }

    /**
     * @param games        games the database should hold before the new instance starts (imported if fewer)
     * @param dataDir      this process's data directory (the new instance shares its database)
     * @param jar          the jar the new instance runs
     * @param importDuring games imported here while the new instance starts (0: none)
     * @param samples      games imported one by one afterwards, each timed until the new instance finds it
     */
    int run(long games, Path dataDir, Path jar, int importDuring, int samples) throws Exception {
        fill(games);
        StoredGames.Stats db = store.stats();
        out.printf("database: %d games up to id %d; new instance: %s%n", db.count(), db.maxId(), jar);

        Path indexDir = dataDir.resolve("index-new-instance");
        deleteTree(indexDir);
        int port = freePort();
        Path log = dataDir.resolve("new-instance.log");
        AtomicBoolean importing = new AtomicBoolean(importDuring > 0);
        AtomicLong importedDuring = new AtomicLong();
        Thread background = new Thread(() -> importBeside(importDuring, importing, importedDuring), "bench-import-beside");
        long t0 = System.nanoTime();
        Process instance = start(jar, dataDir, indexDir, port, log);
        try {
            background.start();
            double live = -1, ready;
            long nextReport = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (true) {
                if (!instance.isAlive()) throw new IllegalStateException("the new instance exited (" + instance.exitValue() + "); see " + log);
                if (live < 0 && status(port, "/q/health/live") == 200) live = seconds(t0);
                HttpResponse<String> r = get(port, "/q/health/ready");
                if (r != null && r.statusCode() == 200) {
                    ready = seconds(t0);
                    break;
                }
                if (System.nanoTime() > nextReport && r != null) {
                    out.printf("  %5.0f s: %s%n", seconds(t0), indexCheck(r.body()));
                    nextReport += TimeUnit.SECONDS.toNanos(30);
                }
                if (seconds(t0) > READY_TIMEOUT.toSeconds()) throw new IllegalStateException("not ready within " + READY_TIMEOUT);
                Thread.sleep(100);
            }
            importing.set(false);
            background.join();
            out.printf("new instance: answering (liveness) after %s, ready after %.1f s; %d games imported here meanwhile%n",
                    live < 0 ? "-" : String.format("%.1f s", live), ready, importedDuring.get());
            out.printf("  its index at ready: %s%n", indexCheck(get(port, "/q/health/ready").body()));

            // Freshness: one game at a time imported here, timed from its job's end until the new instance finds it.
            List<Double> found = new ArrayList<>();
            int missed = 0;
            long sampleSeed = seed * 31 + store.stats().maxId(); // new games on every run over a kept database
            for (int i = 0; i < samples; i++) {
                byte[] one = RandomGames.ndjson(rules, sampleSeed + i, 1, maxPlies, null);
                String moves = JSON.readTree(new String(one, StandardCharsets.UTF_8)).get("moves").asText();
                ImportJobs.Progress p = runJob(one);
                if (p.imported() != 1) continue; // a duplicate of an earlier run: nothing new to find
                long done = System.nanoTime();
                String url = "/api/positions/games?rules=" + rules.id + "&size=1&play=" + URLEncoder.encode(moves.replace(' ', ','), StandardCharsets.UTF_8);
                boolean hit = false;
                while (System.nanoTime() - done < FOUND_TIMEOUT.toNanos()) {
                    HttpResponse<String> r = get(port, url);
                    if (r != null && r.statusCode() == 200 && JSON.readTree(r.body()).get("total").asLong() > 0) {
                        hit = true;
                        break;
                    }
                    Thread.sleep(10);
                }
                if (hit) found.add((System.nanoTime() - done) / 1e6);
                else missed++;
                Thread.sleep(100 + (i * 37) % 400); // not in step with the feed's polls
            }
            double[] ms = found.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            if (ms.length > 0)
                out.printf("freshness: %d games imported here, found on the new instance after p50 %.0f ms, p90 %.0f ms, max %.0f ms%s%n",
                        ms.length, pct(ms, 50), pct(ms, 90), ms[ms.length - 1],
                        missed > 0 ? "; " + missed + " not within " + FOUND_TIMEOUT.toSeconds() + " s" : "");
            else if (missed > 0) out.printf("freshness: none of %d games found within %d s%n", missed, FOUND_TIMEOUT.toSeconds());
            return 0;
        } finally {
            importing.set(false);
            if (background.isAlive()) background.join();
            instance.destroy();
            if (!instance.waitFor(60, TimeUnit.SECONDS)) {
                instance.destroyForcibly();
                instance.waitFor();
            }
            deleteTree(indexDir);
        }
    }

    /** Imports random games until the database holds at least the number asked for. */
    private void fill(long games) throws InterruptedException {
        long have = store.stats().count(), t0 = System.nanoTime();
        if (have >= games) return;
        out.printf("filling the database from %d to %d games ...%n", have, games);
        while (have < games) {
            int n = (int) Math.min(FILL_BATCH, games - have);
            ImportJobs.Progress p = runJob(RandomGames.ndjson(rules, seed * 1_000_003L + have, n, maxPlies, null));
            if (!"done".equals(p.status())) throw new IllegalStateException("import failed: " + p);
            have = store.stats().count();
            out.printf("  %d games (%.0f s)%n", have, seconds(t0));
        }
    }

    /** The import running beside the new instance's start: batches of random games until told to stop. */
    private void importBeside(int games, AtomicBoolean going, AtomicLong imported) {
        try {
            for (int batch = 0; going.get() && imported.get() < games; batch++) {
                int n = (int) Math.min(500, games - imported.get());
                ImportJobs.Progress p = runJob(RandomGames.ndjson(rules, seed * 7_919L + batch, n, maxPlies, null));
                imported.addAndGet(p.imported());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ImportJobs.Progress runJob(byte[] ndjson) throws InterruptedException {
        ImportJobs.Progress p = jobs.submit(List.of(new ImportJobs.Upload("random.ndjson", ndjson)), rules, false);
        while (!p.finished()) {
            Thread.sleep(5);
            p = jobs.progress(p.id());
        }
        return p;
    }

    /**
     * Starts {@code serve} from the jar against this process's database (the same data directory, so the
     * same H2 file through its AUTO_SERVER mode, or the same PostgreSQL settings from the environment and
     * the datasource system properties) with an index directory of its own.
     */
    private Process start(Path jar, Path dataDir, Path indexDir, int port, Path log) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        for (Map.Entry<Object, Object> e : System.getProperties().entrySet()) {
            String k = e.getKey().toString();
            if (k.startsWith("quarkus.datasource.") || k.equals("quarkus.profile")) cmd.add("-D" + k + "=" + e.getValue());
        }
        cmd.addAll(Arrays.asList("-jar", jar.toString(), "serve"));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Map<String, String> env = pb.environment();
        env.put("KIFUDB_DATA_DIR", dataDir.toString());
        env.put("KIFUDB_INDEX_DIR", indexDir.toString());
        env.put("KIFUDB_IMPORT_CORPUS", "false");
        env.put("KIFUDB_API_KEYS", "bench-new-instance");
        env.put("QUARKUS_HTTP_PORT", String.valueOf(port));
        env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
        pb.redirectErrorStream(true).redirectOutput(log.toFile());
        return pb.start();
    }

    /** The position index's readiness check, in a few words. */
    private static String indexCheck(String readiness) {
        try {
            for (JsonNode c : JSON.readTree(readiness).path("checks"))
                if (c.path("name").asText().equals("position-index")) return c.path("status").asText() + " " + c.path("data");
        } catch (IOException e) {
            // not JSON: said as it is
        }
        return readiness;
    }

    private int status(int port, String path) {
        HttpResponse<String> r = get(port, path);
        return r == null ? -1 : r.statusCode();
    }

    /** The answer, or null while nothing listens. */
    private HttpResponse<String> get(int port, String path) {
        try {
            return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static double seconds(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }

    private static double pct(double[] sorted, int p) {
        return sorted[Math.max(0, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) return;
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
