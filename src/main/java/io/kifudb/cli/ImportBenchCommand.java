package io.kifudb.cli;

import io.kifudb.importer.ImportJobs;
import io.kifudb.index.PositionIndex;
import io.kifudb.index.StoredGames;
import io.kifudb.notation.RecordFiles;
import io.kifudb.notation.Replay;
import io.kifudb.rules.RuleSet;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench-import}: bulk import speed. Generates random legal games (seeded, labelled as random in
 * their ids), then measures plies/s for reading + replaying them (no storage) and for a whole bulk
 * import job (read + check + store), until the position index holds every game into the configured database, which {@link Main} points
 * at a fresh temporary data directory unless {@code --data-dir} is given. With {@code --new-instance},
 * {@link NewInstanceBench} instead.
 */
@Command(name = "bench-import", mixinStandardHelpOptions = true,
        description = "bulk import benchmark: plies/s of replay alone and of a whole import job, on random legal games",
        footer = "Runs against a fresh temporary data directory (embedded H2) unless --data-dir is given.")
public final class ImportBenchCommand implements Callable<Integer> {
    @Option(names = "--games", defaultValue = "1000", description = "random games to import (default ${DEFAULT-VALUE})")
    int games;

    @Option(names = "--max-plies", defaultValue = "300", description = "plies per game at most (default ${DEFAULT-VALUE})")
    int maxPlies;

    @Option(names = "--seed", defaultValue = "1", description = "random seed (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--rules", converter = RuleSetConverter.class, defaultValue = "chu-lishogi", description = "rule set (default ${DEFAULT-VALUE})")
    RuleSet rules;

    @Option(names = "--data-dir", description = "data directory to import into (default: a fresh temporary one)")
    String dataDir;

    @Option(names = "--new-instance", description = "instead: fill the database up to --games games (importing only what is missing), "
            + "then time a new service instance joining it (to liveness, to readiness) while imports go on here, and how soon "
            + "games imported here are found on it")
    boolean newInstance;

    @Option(names = "--instance-jar", description = "with --new-instance: the jar the new instance runs (default: this one)")
    Path instanceJar;

    @Option(names = "--import-during", defaultValue = "2000", description = "with --new-instance: games imported here while it starts (default ${DEFAULT-VALUE})")
    int importDuring;

    @Option(names = "--samples", defaultValue = "20", description = "with --new-instance: games timed until it finds them (default ${DEFAULT-VALUE})")
    int samples;

    private final ImportJobs jobs;
    private final PositionIndex index;
    private final StoredGames store;
    private final PrintStream out;

    public ImportBenchCommand(ImportJobs jobs, PositionIndex index, StoredGames store, PrintStream out) {
        this.jobs = jobs;
        this.index = index;
        this.store = store;
        this.out = out;
    }

    @Override
    public Integer call() throws Exception {
        if (newInstance) {
            out.printf("# kifudb bench-import --new-instance: %d random legal games (seed %d, at most %d plies) under %s, %d cores, Java %s%n",
                    games, seed, maxPlies, rules.id, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
            Path jar = instanceJar != null ? instanceJar : thisJar();
            if (jar == null) {
                out.println("cannot tell which jar runs this; name one with --instance-jar");
                return 2;
            }
            return new NewInstanceBench(jobs, store, out, rules, maxPlies, seed)
                    .run(games, Path.of(System.getProperty("kifudb.data-dir")).toAbsolutePath(), jar, importDuring, samples);
        }
        out.printf("# kifudb bench-import: %d random legal games (seed %d, at most %d plies) under %s, %d cores, Java %s%n",
                games, seed, maxPlies, rules.id, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        long t0 = System.nanoTime();
        byte[] ndjson = randomGames(seed, games);
        out.printf("generated in %.1f s (%d bytes of NDJSON)%n", (System.nanoTime() - t0) / 1e9, ndjson.length);

        // Replay alone: read the NDJSON and check every move, storing nothing. Best of 3 after a warm-up.
        long plies = 0, best = Long.MAX_VALUE;
        for (int run = 0; run < 4; run++) {
            long start = System.nanoTime();
            long p = 0;
            for (RecordFiles.Item item : RecordFiles.read("random.ndjson", ndjson, rules)) {
                Replay.Result r = Replay.replay(item.rules(), item.record());
                if (!r.ok()) throw new IllegalStateException("a generated game is not legal: " + r.error());
                p += r.plies();
            }
            long t = System.nanoTime() - start;
            if (run > 0) best = Math.min(best, t);
            plies = p;
        }
        double replayRate = plies / (best / 1e9);
        out.printf("replay:        %d plies in %7.3f s = %9.0f plies/s%n", plies, best / 1e9, replayRate);

        // The whole import: one bulk job, as POST /api/imports runs it, after a warm-up job over other
        // games (as the replay figure is taken warm).
        runJob(randomGames(seed ^ 0x5DEECE66DL, Math.max(50, games / 4)));
        long warmPositions = index == null ? 0 : index.status().positions(); // the warm-up fully indexed before the clock starts
        long start = System.nanoTime();
        ImportJobs.Progress p = runJob(ndjson);
        long stored = System.nanoTime() - start;
        long positions = index == null ? -1 : index.status().positions() - warmPositions; // waits until every stored game is indexed
        long t = System.nanoTime() - start;
        if (!"done".equals(p.status()) || p.imported() + p.duplicates() != games) {
            out.println("import job did not import every game: " + p);
            return 1;
        }
        double importRate = plies / (t / 1e9);
        out.printf("stored:        %d plies in %7.3f s = %9.0f plies/s (the job done: every game checked and committed)%n",
                plies, stored / 1e9, plies / (stored / 1e9));
        out.printf("whole import:  %d plies in %7.3f s = %9.0f plies/s (%d games imported, %d duplicates, stored and indexed: %d positions added to the index)%n",
                plies, t / 1e9, importRate, p.imported(), p.duplicates(), positions);
        out.printf("ratio import/replay: %.2f (goal >= 0.25); goal >= 20000 plies/s: %s%n", importRate / replayRate,
                importRate >= 20_000 ? "met" : "NOT met");
        return 0;
    }

    private ImportJobs.Progress runJob(byte[] ndjson) throws InterruptedException {
        ImportJobs.Progress p = jobs.submit(List.of(new ImportJobs.Upload("random.ndjson", ndjson)), rules, false);
        while (!p.finished()) {
            Thread.sleep(10);
            p = jobs.progress(p.id());
        }
        return p;
    }

    /** The runner jar of this process (quarkus-run.jar), or null when it does not run from one. */
    private static Path thisJar() {
        String cp = System.getProperty("java.class.path", "");
        return cp.endsWith(".jar") && !cp.contains(java.io.File.pathSeparator) ? Path.of(cp).toAbsolutePath() : null;
    }

    private byte[] randomGames(long seed, int games) {
        return RandomGames.ndjson(rules, seed, games, maxPlies, null);
    }
}
