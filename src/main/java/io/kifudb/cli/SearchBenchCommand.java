package io.kifudb.cli;

import io.kifudb.importer.ImportJobs;
import io.kifudb.index.PositionIndex;
import io.kifudb.rules.RuleSet;

import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench-search}: position lookup and explorer latency over HTTP. Fills a fresh database with
 * random legal games (seeded, labelled random) until the index holds at least the asked number of
 * positions, then has concurrent clients ask {@code GET /api/positions/games} for positions those
 * games reached and {@code GET /api/explorer} for positions near the start (which many games share)
 * and deeper ones, and reports latency percentiles as the clients saw them.
 */
@Command(name = "bench-search", mixinStandardHelpOptions = true,
        description = "position lookup and explorer latency over HTTP on at least a million indexed positions of random legal games",
        footer = "Runs against a fresh temporary data directory (embedded H2) unless --data-dir is given.")
public final class SearchBenchCommand implements Callable<Integer> {
    @Option(names = "--positions", defaultValue = "1000000", description = "indexed positions to reach at least (default ${DEFAULT-VALUE})")
    long positions;

    @Option(names = "--clients", defaultValue = "8", description = "concurrent HTTP clients (default ${DEFAULT-VALUE})")
    int clients;

    @Option(names = "--requests", defaultValue = "4000", description = "timed requests per endpoint (default ${DEFAULT-VALUE})")
    int requests;

    @Option(names = "--seed", defaultValue = "7", description = "random seed (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--max-plies", defaultValue = "300", description = "plies per random game at most (default ${DEFAULT-VALUE})")
    int maxPlies;

    @Option(names = "--rules", converter = RuleSetConverter.class, defaultValue = "chu-lishogi", description = "rule set (default ${DEFAULT-VALUE})")
    RuleSet rules;

    @Option(names = "--data-dir", description = "data directory (default: a fresh temporary one)")
    String dataDir;

    private final ImportJobs jobs;
    private final PositionIndex index;
    private final PrintStream out;
    private final int port;

    public SearchBenchCommand(ImportJobs jobs, PositionIndex index, PrintStream out, int port) {
        this.jobs = jobs;
        this.index = index;
        this.out = out;
        this.port = port;
    }

    @Override
    public Integer call() throws Exception {
        out.printf("# kifudb bench-search: random legal games under %s (seed %d) until >= %d positions; %d clients over HTTP; %d cores, Java %s%n",
                rules.id, seed, positions, clients, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        SplittableRandom pick = new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
        List<String> anyPly = new ArrayList<>(), opening = new ArrayList<>();
        long indexed = index.status().positions();
        int batch = 0;
        long t0 = System.nanoTime();
        while (indexed < positions) {
            // Keep a sample of the positions as they are generated: 1 in 200 of all, every one of the first 6 plies.
            byte[] games = RandomGames.ndjson(rules, seed + batch, 1000, maxPlies, (pos, ply) -> {
                if (ply <= 6 && opening.size() < 200_000) opening.add(pos.sfen());
                if (pick.nextInt(200) == 0) anyPly.add(pos.sfen());
            });
            ImportJobs.Progress p = jobs.submit(List.of(new ImportJobs.Upload("random-" + batch + ".ndjson", games)), rules, false);
            while (!p.finished()) {
                Thread.sleep(50);
                p = jobs.progress(p.id());
            }
            if (!"done".equals(p.status()) || p.failed() > 0) {
                out.println("import failed: " + p);
                return 1;
            }
            indexed = index.status().positions();
            batch++;
            out.printf("  %d games, %d positions indexed (%.0f s)%n", batch * 1000, indexed, (System.nanoTime() - t0) / 1e9);
        }
        index.commit();

        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        String base = "http://127.0.0.1:" + port;
        List<String> lookups = new ArrayList<>(), explorers = new ArrayList<>();
        for (int i = 0; i < requests + 400; i++) {
            String sfen = anyPly.get(pick.nextInt(anyPly.size()));
            lookups.add(base + "/api/positions/games?rules=" + rules.id + "&sfen=" + URLEncoder.encode(sfen, StandardCharsets.UTF_8));
            // half near the start (shared by many games: the explorer's heavy case), half anywhere
            String e = i % 2 == 0 ? opening.get(pick.nextInt(opening.size())) : anyPly.get(pick.nextInt(anyPly.size()));
            explorers.add(base + "/api/explorer?rules=" + rules.id + "&sfen=" + URLEncoder.encode(e, StandardCharsets.UTF_8));
        }
        report("exact-position lookup", http, lookups);
        report("explorer", http, explorers);
        return 0;
    }

    private void report(String name, HttpClient http, List<String> urls) throws Exception {
        run(http, urls.subList(0, 400)); // warm-up
        List<String> timed = urls.subList(400, urls.size());
        long start = System.nanoTime();
        long[] nanos = run(http, timed);
        double seconds = (System.nanoTime() - start) / 1e9;
        Arrays.sort(nanos);
        out.printf("%-22s %6d requests: p50 %6.2f ms, p95 %6.2f ms, p99 %6.2f ms, max %7.2f ms; %6.0f requests/s%n", name, nanos.length,
                pct(nanos, 50), pct(nanos, 95), pct(nanos, 99), nanos[nanos.length - 1] / 1e6, nanos.length / seconds);
    }

    private static double pct(long[] sorted, int p) {
        int i = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, i)] / 1e6;
    }

    /** Sends the requests from the concurrent clients; each request's latency as its client saw it. */
    private long[] run(HttpClient http, List<String> urls) throws Exception {
        long[] nanos = new long[urls.size()];
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                done.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < urls.size(); i = next.getAndIncrement()) {
                        HttpRequest req = HttpRequest.newBuilder(URI.create(urls.get(i))).timeout(Duration.ofSeconds(30)).GET().build();
                        long t = System.nanoTime();
                        HttpResponse<byte[]> r = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
                        nanos[i] = System.nanoTime() - t;
                        if (r.statusCode() != 200)
                            throw new IllegalStateException(urls.get(i) + " answered " + r.statusCode() + ": " + new String(r.body(), StandardCharsets.UTF_8));
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) f.get();
        } finally {
            pool.shutdown();
        }
        return nanos;
    }
}
