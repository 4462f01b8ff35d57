package io.kifudb.cli;

import io.quarkus.runtime.QuarkusBindException;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A configuration mistake is told in one line on stderr, never as a stack trace: a data directory that
 * cannot be made or written, a property value of the wrong type, a port in use, a database that cannot be
 * opened. Only a failure that is none of these (a bug) keeps its stack trace, for the report.
 *
 * <p>The data directory ({@code kifudb.data-dir}) is made absolute before Quarkus starts, so a relative one
 * ({@code KIFUDB_DATA_DIR=datax}) means the same folder to the database (H2 refuses a path relative to the
 * working directory unless it starts with {@code ./}), the index, the key file and the import spool.
 */
final class StartupProblems {
    static final String PROPERTY = "kifudb.data-dir";
    private static final String ENV = "KIFUDB_DATA_DIR";
    /** SmallRye Config's message codes (SRCFG00029: ...), which say nothing to a user. */
    private static final Pattern CONFIG_CODE = Pattern.compile("SRCFG\\d+:\\s*");
    /** ArC's message for an injected property that does not convert. */
    private static final Pattern FAILED_TO_LOAD = Pattern.compile("Failed to load config value of type (?:class )?([\\w.$]+) for: (\\S+)");
    private static final Pattern PROPERTY_NAME = Pattern.compile("(?:property|for:?)\\s+([a-z][\\w.-]*\\.[\\w.-]+)");

    private StartupProblems() {}

    /**
     * Makes {@code kifudb.data-dir} absolute (as a system property, which every other source yields to) and
     * checks that the directory can be made and written.
     *
     * @return null when the directory is usable, else the one line that says why not
     */
    static String prepareDataDir() {
        String given = System.getProperty(PROPERTY);
        String source = "-D" + PROPERTY;
        if (given == null) {
            given = System.getenv(ENV);
            source = ENV;
        }
        if (given == null) {
            given = packagedDefault();
            source = PROPERTY + " (default)";
        }
        if (given == null || given.isBlank()) return PROPERTY + " is empty: give the folder for the database and the index";
        Path dir = Path.of(given).toAbsolutePath().normalize();
        if (!source.endsWith("(default)")) System.setProperty(PROPERTY, dir.toString());
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".write-check", "");
            Files.delete(probe);
            return null;
        } catch (IOException | SecurityException e) {
            return "the data directory " + dir + " (" + source + ") cannot be used: " + reason(e);
        }
    }

    /** The data directory application.properties names, for the check when nothing overrides it. */
    private static String packagedDefault() {
        try (InputStream in = StartupProblems.class.getResourceAsStream("/application.properties")) {
            if (in == null) return null;
            Properties p = new Properties();
            p.load(in);
            return p.getProperty(PROPERTY);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Quarkus's exit handler for the service and the database commands: a failed start is reported in one
     * line (or, for a bug, with its stack trace), then the process exits with the code.
     */
    static void exit(int code, Throwable failure, PrintStream err) {
        if (failure != null) {
            String line = describe(failure);
            if (line != null) {
                err.println("kifudb: " + line);
            } else {
                err.println("kifudb: failed to start (a bug; please report it with this trace):");
                failure.printStackTrace(err);
            }
        }
        System.exit(code);
    }

    /** One line for a configuration mistake, or null when the failure is not one. */
    static String describe(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof QuarkusBindException bind)
                return "port " + bind.getPort() + " is in use by another process (quarkus.http.port, QUARKUS_HTTP_PORT)";
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String m = t.getMessage() == null ? "" : t.getMessage();
            if (m.contains("SRCFG") || t.getClass().getName().startsWith("io.smallrye.config")
                    || t.getClass().getName().equals("io.quarkus.runtime.configuration.ConfigurationException")
                    || m.startsWith("Failed to load config value")) {
                return "configuration: " + configMessage(failure);
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            // Vert.x checks the port's range only when it binds
            if (t instanceof IllegalArgumentException && t.getMessage() != null && t.getMessage().startsWith("port "))
                return "the HTTP port is not valid (quarkus.http.port, QUARKUS_HTTP_PORT): " + t.getMessage();
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof FileSystemException fs) return "cannot use " + fs.getFile() + ": " + reason(fs);
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql)
                return "cannot open the database (quarkus.datasource.jdbc.url, QUARKUS_DATASOURCE_*): " + firstLine(sql.getMessage());
        }
        return null;
    }

    /**
     * The most telling message of a configuration failure, in one line: the property, the value given and why
     * it does not do (SmallRye's message codes and Quarkus's headings left out).
     */
    private static String configMessage(Throwable failure) {
        String property = null, innermost = null;
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m == null) continue;
            Matcher name = PROPERTY_NAME.matcher(m);
            if (property == null && name.find()) property = name.group(1);
            innermost = m;
        }
        String text = innermost == null ? failure.toString() : innermost.replaceAll("\\s+", " ").strip();
        // "... threw an Exception whilst being converted SRCFG00029: Expected an integer value, got "abc"": the reason is last
        Matcher code = CONFIG_CODE.matcher(text);
        int reason = -1;
        while (code.find()) reason = code.end();
        if (reason >= 0) text = text.substring(reason);
        Matcher load = FAILED_TO_LOAD.matcher(text);
        if (load.find()) {
            property = load.group(2);
            String type = load.group(1);
            text = "not a valid " + type.substring(type.lastIndexOf('.') + 1);
        }
        if (property == null) return text;
        String env = property.toUpperCase(java.util.Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
        String given = System.getProperty(property) != null ? "-D" + property + "=" + System.getProperty(property)
                : System.getenv(env) != null ? env + "=" + System.getenv(env) : null;
        return (text.contains(property) ? text : property + ": " + text) + (given == null ? "" : " (given: " + given + ")");
    }

    private static String reason(Exception e) {
        if (e instanceof FileSystemException fs) {
            String why = fs.getReason();
            if (why == null) why = e instanceof java.nio.file.NoSuchFileException ? "no such file or directory"
                    : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : e instanceof java.nio.file.FileAlreadyExistsException ? "a file of that name is in the way"
                    : e.getClass().getSimpleName();
            return why + (fs.getFile() == null ? "" : " (" + fs.getFile() + ")");
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static String firstLine(String s) {
        if (s == null) return "";
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}
