package io.kifudb.engine;

import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Position;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An engine in another process, spoken to in USI (lishogi's Chu dialect, as {@link UsiProtocol} speaks
 * it): for matches between this build and another one, e.g. the previous version's jar. The command runs
 * under {@code /bin/sh -c}; options are sent with {@code setoption} after the handshake.
 */
final class UsiPlayer implements SprtMatch.Player {
    private final String name;
    private final String command;
    private final Map<String, String> options;
    private final SearchLimits limits;
    private final long maxMoveMs;
    private Process process;
    private PrintStream in;
    private BlockingQueue<String> out;

    UsiPlayer(String name, String command, Map<String, String> options, SearchLimits limits, long maxMoveMs) {
        this.name = name;
        this.command = command;
        this.options = options;
        this.limits = limits;
        this.maxMoveMs = maxMoveMs;
    }

    @Override
    public String name() {
        return name;
    }

    private void start() throws IOException {
        process = new ProcessBuilder("/bin/sh", "-c", "exec " + command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        in = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
        out = new LinkedBlockingQueue<>();
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        Thread t = new Thread(() -> {
            try {
                String line;
                while ((line = reader.readLine()) != null) out.add(line);
            } catch (IOException e) {
                // the process ended
            }
            out.add("\u0000eof");
        }, "usi-player-" + name);
        t.setDaemon(true);
        t.start();
        send("usi");
        await("usiok", 30_000);
        for (Map.Entry<String, String> o : options.entrySet()) send("setoption name " + o.getKey() + " value " + o.getValue());
        send("isready");
        await("readyok", 60_000);
    }

    private void send(String line) {
        in.println(line);
        in.flush();
    }

    /** Waits for a line starting with the word; returns it. */
    private String await(String word, long ms) throws IOException {
        long deadline = System.nanoTime() + ms * 1_000_000L;
        while (true) {
            long left = deadline - System.nanoTime();
            String line;
            try {
                line = left <= 0 ? null : out.poll(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted");
            }
            if (line == null) throw new IOException(name + ": no " + word + " within " + ms + " ms");
            if (line.equals("\u0000eof")) throw new IOException(name + ": the engine exited");
            if (line.equals(word) || line.startsWith(word + " ")) return line;
        }
    }

    @Override
    public void newGame() throws IOException {
        if (process == null || !process.isAlive()) start();
        send("usinewgame");
    }

    @Override
    public int move(Position p, String startSfen, List<String> moves) throws IOException {
        StringBuilder pos = new StringBuilder("position sfen ").append(startSfen);
        if (!moves.isEmpty()) pos.append(" moves ").append(String.join(" ", moves));
        send(pos.toString());
        List<String> go = new ArrayList<>(List.of("go"));
        if (limits.nodes() > 0) go.addAll(List.of("nodes", Long.toString(limits.nodes())));
        if (limits.movetimeMs() > 0) go.addAll(List.of("movetime", Long.toString(limits.movetimeMs())));
        if (limits.depth() > 0) go.addAll(List.of("depth", Integer.toString(limits.depth())));
        send(String.join(" ", go));
        long wait = limits.movetimeMs() > 0 ? limits.movetimeMs() + 3_000 : maxMoveMs;
        String line;
        try {
            line = await("bestmove", wait);
        } catch (IOException e) {
            close();
            throw e;
        }
        String usi = line.split("\\s+")[1];
        try {
            return p.parseMove(usi);
        } catch (IllegalMoveException e) {
            throw new IOException(name + " played an illegal move " + usi + ": " + e.getMessage());
        }
    }

    @Override
    public void close() {
        if (process == null) return;
        try {
            send("quit");
            if (!process.waitFor(2, TimeUnit.SECONDS)) process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        process = null;
    }
}
