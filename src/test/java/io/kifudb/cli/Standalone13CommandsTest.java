package io.kifudb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** {@code perft} and {@code moves} with {@code --rules} naming a 13×13 rule set. */
class Standalone13CommandsTest {
    private record Run(int code, String out) {}

    private static Run run(String... args) {
        PrintStream oldOut = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            int code = Main.runStandalone(args);
            return new Run(code, buf.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
        }
    }

    private static java.util.List<String> depthsAndNodes(String out) {
        return out.lines().map(l -> l.split(" ")[0] + " " + l.split(" ")[1]).toList();
    }

    @Test
    void perftUnderEachThirteenByThirteenRuleSet() {
        Run ky = run("perft", "--rules", "dai13-kumazawa", "--depth", "2");
        assertThat(ky.code()).isZero();
        assertThat(depthsAndNodes(ky.out())).containsExactly("1 48", "2 2256");
        for (String id : new String[] {"shodoshu2017", "shodoshu2017-prev"}) {
            Run s = run("perft", "--rules", id, "--depth", "3");
            assertThat(s.code()).isZero();
            assertThat(depthsAndNodes(s.out())).containsExactly("1 13", "2 169", "3 3040");
        }
    }

    @Test
    void perftAfterMovesThatUseTheNewSpellings() {
        // Gote's elephant takes sente's pawn on 7f; sente takes it normally ('!'); then one ply more.
        Run r = run("perft", "--rules", "shodoshu2017", "--moves",
                "7j7i 7d7e 7i7h 7c7d 7h7g 7b7c 7g7f 7d4g 1j1i 7c7d 1i1h 7d6e 1h1g 6e7f 7k7f!", "--depth", "1");
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("1 ");
    }

    @Test
    void movesOfTheKumazawaStart() {
        Run r = run("moves", "--rules", "dai13-kumazawa",
                "ljunsgkgsnujl/a2yz1w1zy2a/rmvbhdqdhbvmr/ppppppppppppp/3i5i3/13/13/13/3I5I3/PPPPPPPPPPPPP/RMVBHDQDHBVMR/A2YZ1W1ZY2A/LJUNSGKGSNUJL b - 1");
        assertThat(r.code()).isZero();
        String[] cols = r.out().strip().split("\t");
        assertThat(cols[1]).isEqualTo("48");
        assertThat(cols[2].split(" ")).contains("13koff", "7moff").isSorted();
    }
}
