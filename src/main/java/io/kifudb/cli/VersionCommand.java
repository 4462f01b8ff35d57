package io.kifudb.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code version}: prints the name and version of this build ({@code kifudb}, then the Maven project version). */
@Command(name = "version",
        description = "print the name and version of this build")
public final class VersionCommand implements Callable<Integer> {

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    boolean help;

    /** Written by Maven resource filtering from the pom (src/main/resources-filtered). */
    private static final String RESOURCE = "/io/kifudb/version.properties";

    @Override
    public Integer call() {
        System.out.println(nameAndVersion());
        return 0;
    }

    public static String nameAndVersion() {
        Properties p = new Properties();
        try (InputStream in = VersionCommand.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("name", "kifudb") + " " + p.getProperty("version", "unknown");
    }
}
