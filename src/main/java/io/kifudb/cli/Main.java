package io.kifudb.cli;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * Entry point of {@code java -jar target/quarkus-app/quarkus-run.jar [COMMAND] [OPTIONS]}.
 *
 * <ul>
 *   <li>no command, or {@code serve}: boots Quarkus (the REST service) and waits until it is stopped;</li>
 *   <li>{@code worker}: boots Quarkus as a job worker only (no API, no position index; HTTP for health and
 *       metrics) and waits until it is stopped;</li>
 *   <li>a command in {@link #STANDALONE}: runs its picocli command object <em>without</em> booting
 *       Quarkus, so it starts in a fraction of a second and opens no port or database;</li>
 *   <li>{@code help}, {@code --help}, {@code -h}: the list of commands; anything else: that list on
 *       stderr and exit code 2.</li>
 * </ul>
 *
 * <p>Standalone commands must not use CDI, configuration injection or anything else that needs the
 * Quarkus runtime. Commands that need the database (e.g. {@code import}) belong on the Quarkus side.
 */
@QuarkusMain
public final class Main {

    /** Commands that run without booting Quarkus: name -> fresh picocli command object. */
    static final Map<String, Supplier<Object>> STANDALONE = new LinkedHashMap<>();

    static {
        STANDALONE.put("perft", PerftCommand::new);
        STANDALONE.put("moves", MovesCommand::new);
        STANDALONE.put("check", CheckCommand::new);
        STANDALONE.put("analyse", AnalyseCommand::new);
        STANDALONE.put("usi", UsiCommand::new);
        STANDALONE.put("bench", BenchCommand::new);
        STANDALONE.put("selfplay", SelfplayCommand::new);
        STANDALONE.put("experiment", ExperimentCommand::new);
        STANDALONE.put("sprt", SprtCommand::new);
        STANDALONE.put("tune", TuneCommand::new);
        STANDALONE.put("version", VersionCommand::new);
    }

    /** Commands that need the database: they boot Quarkus without opening a port, run, and exit. */
    static final Map<String, String> DATABASE_COMMANDS = new LinkedHashMap<>();

    static {
        DATABASE_COMMANDS.put("import", "bulk import record files and folders (recursive) into the configured database");
        DATABASE_COMMANDS.put("reindex", "rebuild the position index from the database (with the service stopped)");
        DATABASE_COMMANDS.put("bench-import", "bulk import benchmark (random legal games, into a temporary database)");
        DATABASE_COMMANDS.put("bench-search", "lookup and explorer latency over HTTP on 1M+ positions (random games, temporary database)");
        // runs no Quarkus itself: it starts processes of the PostgreSQL build
        DATABASE_COMMANDS.put("bench-cluster", "cluster throughput on PostgreSQL: analyses with one and two workers, imports through two API instances");
    }

    // Package-private rather than private: Quarkus makes this class a bean (it is the main class), and a private
    // constructor makes its build print a note about it.
    Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0 || args[0].equals("serve")) {
            String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
            boot(ServeApplication.class, rest, null);
            return;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        switch (args[0]) {
            case "worker" -> runWorker(rest);
            case "bench-cluster" -> System.exit(new CommandLine(new ClusterBenchCommand()).execute(rest));
            case "import" -> runWithDatabase(ImportApplication.class, rest, null);
            case "reindex" -> runWithDatabase(ReindexApplication.class, rest, null);
            case "bench-import" -> runWithDatabase(ImportBenchApplication.class, rest, benchDataDir(rest));
            case "bench-search" -> {
                // This one measures over HTTP: the service listens on a free local port.
                defaultProperty("quarkus.http.host-enabled", "true");
                defaultProperty("quarkus.http.host", "127.0.0.1");
                defaultProperty("quarkus.http.port", String.valueOf(freePort()));
                runWithDatabase(SearchBenchApplication.class, rest, benchDataDir(rest));
            }
            default -> System.exit(runStandalone(args));
        }
    }

    /**
     * {@code worker}: job workers only, against the configured database, until stopped (SIGTERM hands the
     * running jobs back to the queue). Health and metrics on {@code quarkus.http.port}, 8081 unless set, so
     * that a worker beside a service on the same machine does not take its port.
     */
    private static void runWorker(String[] args) {
        if (args.length > 0) {
            boolean help = args[0].equals("--help") || args[0].equals("-h");
            (help ? System.out : System.err).println("""
                    Usage: worker
                      runs job workers only (imports, analyses, experiments) against the configured database, until stopped.
                      No API and no position index; HTTP serves /q/health and /q/metrics only (quarkus.http.port, default 8081).
                      kifudb.jobs.workers (KIFUDB_JOBS_WORKERS) sets the worker threads, kifudb.analysis.workers (KIFUDB_ANALYSIS_WORKERS)
                      how many of them may analyse at once; see docs/cluster.md.""");
            System.exit(help ? 0 : 2);
        }
        defaultConfig("kifudb.role", "worker");
        defaultConfig("kifudb.import-corpus", "false");
        defaultConfig("quarkus.http.port", "8081");
        Quarkus.run(WorkerApplication.class, args);
    }

    /**
     * Sets a property unless it is set already as a system property or as its environment variable (a system
     * property would otherwise hide the operator's environment variable).
     */
    private static void defaultConfig(String key, String value) {
        String env = key.toUpperCase(java.util.Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
        if (System.getProperty(key) == null && System.getenv(env) == null) System.setProperty(key, value);
    }

    /**
     * Boots Quarkus for a command-line run: no HTTP port, no corpus import (the user names what to
     * import), logs on stderr so stdout carries only the command's output. Quarkus exits with the
     * command's exit code.
     */
    private static void runWithDatabase(Class<? extends QuarkusApplication> app, String[] args,
                                        Path deleteAfter) {
        defaultProperty("quarkus.http.host-enabled", "false");
        defaultProperty("kifudb.import-corpus", "false");
        // A command works on the index at once: bring it in step before the command runs, not beside it.
        defaultProperty("kifudb.index.build-in-background", "false");
        defaultProperty("quarkus.banner.enabled", "false");
        defaultProperty("quarkus.log.console.stderr", "true");
        defaultProperty("quarkus.log.level", "WARN");
        boot(app, args, deleteAfter);
    }

    /**
     * Boots Quarkus with the data directory made absolute and checked first; a failed start is one line on
     * stderr ({@link StartupProblems}), exit code 1. The exit handler runs once the application has stopped
     * (database and index closed).
     */
    private static void boot(Class<? extends QuarkusApplication> app, String[] args, Path deleteAfter) {
        // Hibernate announces itself before Quarkus has set the log levels; were the start to fail on a
        // configuration mistake, that notice would be all the screen showed besides the one line.
        java.util.logging.Logger.getLogger("org.hibernate").setLevel(java.util.logging.Level.WARNING);
        String unusable = StartupProblems.prepareDataDir();
        if (unusable != null) {
            System.err.println("kifudb: " + unusable);
            if (deleteAfter != null) deleteTree(deleteAfter);
            System.exit(1);
        }
        Quarkus.run(app, (code, failure) -> {
            if (deleteAfter != null) deleteTree(deleteAfter);
            StartupProblems.exit(code, failure, System.err);
        }, args);
    }

    /**
     * The benchmark imports into --data-dir, else into a fresh temporary directory.
     *
     * @return the temporary directory to remove after the run, or null
     */
    private static Path benchDataDir(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--data-dir") && i + 1 < args.length) {
                System.setProperty(StartupProblems.PROPERTY, args[i + 1]);
                return null;
            }
            if (args[i].startsWith("--data-dir=")) {
                System.setProperty(StartupProblems.PROPERTY, args[i].substring("--data-dir=".length()));
                return null;
            }
        }
        try {
            Path tmp = Files.createTempDirectory("kifudb-bench-");
            System.setProperty("kifudb.data-dir", tmp.toString());
            return tmp;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path root) {
        try (var paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // best effort: a temporary directory left behind is harmless
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void defaultProperty(String key, String value) {
        if (System.getProperty(key) == null) System.setProperty(key, value);
    }

    /** Runs a standalone command (or help) and returns the exit code; never boots Quarkus. */
    static int runStandalone(String[] args) {
        String name = args[0];
        switch (name) {
            case "help", "--help", "-h" -> {
                usage(System.out);
                return 0;
            }
            case "--version", "-V" -> name = "version";
            default -> {
            }
        }
        Supplier<Object> command = STANDALONE.get(name);
        if (command == null) {
            System.err.println("kifudb: unknown command '" + name + "'");
            usage(System.err);
            return 2;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        return new CommandLine(command.get()).execute(rest);
    }

    static void usage(PrintStream out) {
        out.println("Usage: java -jar quarkus-run.jar [COMMAND] [OPTIONS]");
        out.println();
        out.println("Commands:");
        out.printf("  %-12s %s%n", "serve", "run the REST service (the default when no command is given)");
        out.printf("  %-12s %s%n", "worker", "run job workers only (imports, analyses, experiments) against the configured database");
        for (Map.Entry<String, Supplier<Object>> e : STANDALONE.entrySet()) {
            out.printf("  %-12s %s%n", e.getKey(), description(e.getValue()));
        }
        for (Map.Entry<String, String> e : DATABASE_COMMANDS.entrySet()) {
            out.printf("  %-12s %s%n", e.getKey(), e.getValue());
        }
        out.println();
        out.println("'COMMAND --help' describes the options of a command.");
    }

    private static String description(Supplier<Object> command) {
        String[] lines = new CommandLine(command.get()).getCommandSpec().usageMessage().description();
        return lines.length == 0 ? "" : lines[0];
    }
}
