package io.kifudb.cli;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * Entry point of {@code java -jar target/quarkus-app/quarkus-run.jar [COMMAND] [OPTIONS]}.
 *
 * <ul>
 *   <li>no command, or {@code serve}: boots Quarkus (the REST service) and waits until it is stopped;</li>
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
        STANDALONE.put("bench", BenchCommand::new);
        STANDALONE.put("version", VersionCommand::new);
    }

    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0 || args[0].equals("serve")) {
            String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
            Quarkus.run(rest);
            return;
        }
        System.exit(runStandalone(args));
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
        out.printf("  %-10s %s%n", "serve", "run the REST service (the default when no command is given)");
        for (Map.Entry<String, Supplier<Object>> e : STANDALONE.entrySet()) {
            out.printf("  %-10s %s%n", e.getKey(), description(e.getValue()));
        }
        out.println();
        out.println("'COMMAND --help' describes the options of a command.");
    }

    private static String description(Supplier<Object> command) {
        String[] lines = new CommandLine(command.get()).getCommandSpec().usageMessage().description();
        return lines.length == 0 ? "" : lines[0];
    }
}
