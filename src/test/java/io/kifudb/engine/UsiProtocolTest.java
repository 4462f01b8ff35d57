package io.kifudb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The USI dialect, driven line by line as a GUI (or lishogi's analysis client) would. */
class UsiProtocolTest {
    private PrintStream toEngine;
    private final BlockingQueue<String> fromEngine = new LinkedBlockingQueue<>();
    private Thread engineThread;

    @BeforeEach
    void start() throws IOException {
        PipedOutputStream commands = new PipedOutputStream();
        BufferedReader in = new BufferedReader(new InputStreamReader(new PipedInputStream(commands, 1 << 16), StandardCharsets.UTF_8));
        toEngine = new PrintStream(commands, true, StandardCharsets.UTF_8);
        PrintStream out = new PrintStream(new LineCollector(fromEngine), true, StandardCharsets.UTF_8);
        UsiProtocol usi = new UsiProtocol(in, out, "test");
        engineThread = new Thread(() -> {
            try {
                usi.run();
            } catch (IOException e) {
                fromEngine.add("IOException " + e);
            }
        });
        engineThread.start();
    }

    @AfterEach
    void quit() throws InterruptedException {
        toEngine.println("quit");
        engineThread.join(10_000);
        assertThat(engineThread.isAlive()).isFalse();
    }

    /** Collects printed lines into a queue. */
    private static final class LineCollector extends OutputStream {
        private final BlockingQueue<String> lines;
        private final StringBuilder current = new StringBuilder();

        LineCollector(BlockingQueue<String> lines) {
            this.lines = lines;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                lines.add(current.toString());
                current.setLength(0);
            } else if (b != '\r') {
                current.append((char) b);
            }
        }
    }

    private void send(String line) {
        toEngine.println(line);
    }

    /** Lines up to and including the first that starts with prefix (fails after 20 s). */
    private List<String> until(String prefix) throws InterruptedException {
        List<String> seen = new ArrayList<>();
        while (true) {
            String line = fromEngine.poll(20, TimeUnit.SECONDS);
            assertThat(line).as("waiting for '%s' after %s", prefix, seen).isNotNull();
            seen.add(line);
            if (line.startsWith(prefix)) return seen;
        }
    }

    private static String last(List<String> lines) {
        return lines.get(lines.size() - 1);
    }

    @Test
    void handshakeAnnouncesTheChuVariantAndOptions() throws InterruptedException {
        send("usi");
        List<String> lines = until("usiok");
        assertThat(lines.get(0)).isEqualTo("id name kifudb test");
        assertThat(lines).contains("option name USI_Variant type combo default chushogi var chushogi");
        assertThat(lines).anyMatch(l -> l.startsWith("option name MultiPV type spin"));
        assertThat(lines).anyMatch(l -> l.startsWith("option name Threads type spin"));
        assertThat(lines).anyMatch(l -> l.startsWith("option name Hash type spin"));
        assertThat(lines).contains("option name Contempt type spin default 0 min 0 max 1000");
        send("isready");
        assertThat(until("readyok")).containsExactly("readyok");
    }

    @Test
    void searchesThePositionGivenBySfenAndMoves() throws InterruptedException {
        send("setoption name USI_Variant value chushogi");
        send("setoption name USI_Hash value 16");
        send("usinewgame");
        String sfen = RuleSet.CHU_LISHOGI.variant.startSfen;
        send("position sfen " + sfen + " moves 7i7h 6d6e");
        send("go depth 3");
        List<String> lines = until("bestmove");
        assertThat(lines.stream().filter(l -> l.startsWith("info depth")).count()).isEqualTo(3);
        String best = last(lines).substring("bestmove ".length());
        Position p = Sfen.parse(RuleSet.CHU_LISHOGI, sfen);
        p.play("7i7h");
        p.play("6d6e");
        assertThat(EngineTestSupport.isLegal(p, p.parseMove(best))).isTrue();
        assertThat(p.usi(p.parseMove(best))).as("canonical spelling").isEqualTo(best);
    }

    @Test
    void multiPvAndStartpos() throws InterruptedException {
        send("setoption name MultiPV value 3");
        send("position startpos");
        send("go depth 2");
        List<String> lines = until("bestmove");
        List<String> depth2 = lines.stream().filter(l -> l.startsWith("info depth 2 ")).toList();
        assertThat(depth2).hasSize(3);
        assertThat(depth2.get(2)).contains(" multipv 3 ");
    }

    @Test
    void goInfiniteAnswersOnlyAfterStop() throws InterruptedException {
        send("position startpos moves 7i7h");
        send("go infinite");
        Thread.sleep(400);
        send("isready");
        List<String> lines = until("readyok");
        assertThat(lines).noneMatch(l -> l.startsWith("bestmove"));
        send("stop");
        String best = last(until("bestmove"));
        Position p = Position.start(RuleSet.CHU_LISHOGI);
        p.play("7i7h");
        assertThat(EngineTestSupport.isLegal(p, p.parseMove(best.substring(9)))).isTrue();
    }

    @Test
    void clockBasedGoReturnsInTime() throws InterruptedException {
        send("position startpos");
        long t0 = System.nanoTime();
        send("go btime 3000 wtime 3000 byoyomi 0");
        until("bestmove");
        // A 3 s clock gets about a 30th of it; generous for a loaded machine.
        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(3_000);
    }

    @Test
    void mateScoresCountPliesAndAFinishedGameResigns() throws Exception {
        // Rules chu (our option), a mating problem 3 plies before its end: mate in 2 moves, 3 plies in USI.
        EngineTestSupport.Problem pr = EngineTestSupport.problems().get(0);
        List<String> prefix = pr.solution().subList(0, pr.solution().size() - 3);
        send("setoption name Rules value chu");
        send("position sfen " + pr.sfen() + " moves " + String.join(" ", prefix));
        send("go depth 3");
        List<String> lines = until("bestmove");
        assertThat(lines).anyMatch(l -> l.startsWith("info depth 3 ") && l.contains(" score mate 3 "));
        send("position sfen " + pr.sfen() + " moves " + String.join(" ", pr.solution()));
        send("go depth 2");
        assertThat(last(until("bestmove"))).isEqualTo("bestmove resign");
    }

    @Test
    void badInputIsReportedNotFatal() throws InterruptedException {
        send("position sfen not-a-board b - 1");
        send("position startpos moves 7i7h 7h7g");
        send("frobnicate");
        send("isready");
        List<String> lines = until("readyok");
        assertThat(lines.stream().filter(l -> l.startsWith("info string")).count()).isEqualTo(3);
    }
}
