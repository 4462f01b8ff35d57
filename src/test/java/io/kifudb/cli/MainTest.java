package io.kifudb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The standalone side of {@link Main}: plain unit tests, no Quarkus. */
class MainTest {

    @Test
    void versionCommandPrintsNameAndVersion() {
        String out = capture(() -> assertThat(Main.runStandalone(new String[] {"version"})).isZero());
        assertThat(out.strip()).matches("kifudb \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    }

    @Test
    void unknownCommandExitsWith2() {
        PrintStream err = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            assertThat(Main.runStandalone(new String[] {"no-such-command"})).isEqualTo(2);
        } finally {
            System.setErr(err);
        }
        assertThat(buf.toString(StandardCharsets.UTF_8)).contains("unknown command", "serve", "version");
    }

    @Test
    void helpListsCommands() {
        String out = capture(() -> assertThat(Main.runStandalone(new String[] {"help"})).isZero());
        assertThat(out).contains("serve", "version");
    }

    private static String capture(Runnable r) {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setOut(old);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }
}
