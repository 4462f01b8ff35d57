package io.kifudb.analysis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Which engine made an evaluation: this build's engine, named as the USI {@code id name} line and
 * {@code kifudb version} name it. Cached evaluations carry it, and only the running version's are
 * served (see V21__evaluation_engine_version.sql for why).
 */
public final class EngineVersion {
    public static final String ENGINE = "kifudb";
    /** This build's version: the Maven project version, which version.properties is filtered from. */
    public static final String CURRENT = read();

    private EngineVersion() {}

    private static String read() {
        Properties p = new Properties();
        try (InputStream in = EngineVersion.class.getResourceAsStream("/io/kifudb/version.properties")) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // never "unknown", the mark of evaluations no version was recorded for
        return p.getProperty("version", "unversioned");
    }
}
