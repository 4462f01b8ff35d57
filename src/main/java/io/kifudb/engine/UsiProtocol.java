package io.kifudb.engine;

import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.SfenException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;

/**
 * A USI engine on a pair of streams, in the dialect lishogi uses for Chu Shogi (its analysis client
 * drives Fairy-Stockfish this way): {@code setoption name USI_Variant value chushogi}, positions as
 * {@code position sfen <lishogi Chu SFEN> moves ...} (or {@code startpos}), lion double moves as
 * {@code 7g6f5e}, {@code go} with {@code depth}, {@code movetime}, {@code nodes}, {@code infinite} or the
 * clock ({@code btime wtime byoyomi binc winc}), {@code USI_MultiPV} or {@code MultiPV}, {@code USI_Hash}
 * or {@code Hash}.
 *
 * <p>The search runs in a background thread, so {@code stop}, {@code isready} and {@code quit} are
 * answered while it thinks. Scores follow the USI specification: {@code score mate N} counts plies.
 * Which rules judge the game is our own option {@code Rules} (default {@code chu-lishogi}, since the
 * dialect is lishogi's). A position whose game is over answers {@code bestmove resign}.
 */
public final class UsiProtocol {
    public static final String VARIANT = "chushogi";

    private final BufferedReader in;
    private final PrintStream out;
    private final String version;
    private final Engine engine = new Engine();
    private RuleSet rules = RuleSet.CHU_LISHOGI;
    private Position position;
    /** Set while a {@code go infinite} search may not answer before {@code stop}. */
    private volatile boolean holdBestMove;
    private volatile String pendingBestMove;

    public UsiProtocol(BufferedReader in, PrintStream out, String version) {
        this.in = in;
        this.out = out;
        this.version = version;
        this.position = Position.start(rules);
    }

    private void send(String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }

    /** Reads commands until {@code quit} or the end of the input. */
    public void run() throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.isEmpty()) continue;
            if (!handle(line)) break;
        }
        stopAndWait();
    }

    /** Handles one command line; false for {@code quit}. */
    boolean handle(String line) {
        String[] t = line.split("\\s+");
        switch (t[0]) {
            case "usi" -> {
                send("id name kifudb " + version);
                send("id author the kifudb authors");
                send("option name USI_Variant type combo default " + VARIANT + " var " + VARIANT);
                StringBuilder r = new StringBuilder("option name Rules type combo default chu-lishogi");
                for (RuleSet rs : RuleSet.all()) r.append(" var ").append(rs.id);
                send(r.toString());
                send("option name MultiPV type spin default 1 min 1 max 500");
                send("option name Contempt type spin default 0 min 0 max 1000");
                send("option name Threads type spin default 1 min 1 max " + Engine.MAX_THREADS);
                send("option name Hash type spin default " + Engine.DEFAULT_HASH_MB + " min 1 max 16384");
                send("usiok");
            }
            case "isready" -> {
                engine.ready();
                send("readyok");
            }
            case "setoption" -> setOption(line);
            case "usinewgame" -> {
                stopAndWait();
                engine.newGame();
            }
            case "position" -> {
                stopAndWait();
                setPosition(t);
            }
            case "go" -> go(t);
            case "stop" -> {
                holdBestMove = false;
                engine.stop();
                flushPendingBestMove();
            }
            case "ponderhit" -> {
                // Pondering is not supported; a ponder search is an ordinary one.
            }
            case "gameover" -> stopAndWait();
            case "quit" -> {
                return false;
            }
            default -> send("info string unknown command: " + t[0]);
        }
        return true;
    }

    private void setOption(String line) {
        // setoption name <id> [value <x>]; names may not contain " value ".
        String rest = line.substring("setoption".length()).trim();
        if (!rest.startsWith("name ")) return;
        rest = rest.substring(5);
        int v = rest.indexOf(" value ");
        String name = (v < 0 ? rest : rest.substring(0, v)).trim();
        String value = v < 0 ? "" : rest.substring(v + 7).trim();
        try {
            switch (name.toLowerCase(Locale.ROOT)) {
                case "usi_variant" -> {
                    if (!value.equals(VARIANT)) send("info string unsupported variant " + value + ", playing " + VARIANT);
                }
                case "rules" -> {
                    RuleSet r = RuleSet.byId(value);
                    if (r == null) send("info string unknown rules " + value);
                    else {
                        rules = r;
                        position = Position.start(rules);
                    }
                }
                case "multipv", "usi_multipv" -> engine.multiPv(Integer.parseInt(value));
                case "threads" -> engine.threads(Integer.parseInt(value));
                case "hash", "usi_hash" -> engine.hashMegabytes(Integer.parseInt(value));
                case "contempt" -> engine.contempt(Integer.parseInt(value));
                default -> {
                    // Options other GUIs send by habit (USI_Ponder, Skill_Level, ...) are accepted and ignored.
                }
            }
        } catch (NumberFormatException e) {
            send("info string bad value for " + name + ": " + value);
        }
    }

    private void setPosition(String[] t) {
        int i = 1;
        Position p;
        try {
            if (t.length > 1 && t[1].equals("startpos")) {
                p = Position.start(rules);
                i = 2;
            } else if (t.length > 1 && t[1].equals("sfen")) {
                StringBuilder sfen = new StringBuilder();
                i = 2;
                while (i < t.length && !t[i].equals("moves")) sfen.append(t[i++]).append(' ');
                p = Sfen.parse(rules, sfen.toString().trim());
            } else {
                send("info string position needs startpos or sfen");
                return;
            }
            if (i < t.length && t[i].equals("moves")) {
                for (i++; i < t.length; i++) p.play(t[i]);
            }
        } catch (SfenException | IllegalMoveException e) {
            send("info string invalid position: " + e.getMessage());
            return;
        }
        position = p;
    }

    private void go(String[] t) {
        stopAndWait();
        int depth = 0;
        long movetime = 0, nodes = 0, btime = -1, wtime = -1, binc = 0, winc = 0, byoyomi = 0;
        boolean infinite = false;
        try {
            for (int i = 1; i < t.length; i++) {
                switch (t[i]) {
                    case "depth" -> depth = Integer.parseInt(t[++i]);
                    case "movetime" -> movetime = Long.parseLong(t[++i]);
                    case "nodes" -> nodes = Long.parseLong(t[++i]);
                    case "infinite" -> infinite = true;
                    case "btime" -> btime = Long.parseLong(t[++i]);
                    case "wtime" -> wtime = Long.parseLong(t[++i]);
                    case "binc" -> binc = Long.parseLong(t[++i]);
                    case "winc" -> winc = Long.parseLong(t[++i]);
                    case "byoyomi" -> byoyomi = Long.parseLong(t[++i]);
                    default -> {
                        // ponder, mate, searchmoves ...: not supported, ignored.
                    }
                }
            }
        } catch (RuntimeException e) {
            send("info string bad go command");
            return;
        }
        SearchLimits.Clock clock = null;
        boolean sente = position.sideToMove() == Position.SENTE;
        long mine = sente ? btime : wtime;
        if (mine >= 0 || byoyomi > 0) clock = new SearchLimits.Clock(Math.max(0, mine), sente ? binc : winc, byoyomi);
        SearchLimits limits = new SearchLimits(depth, movetime, nodes, clock, infinite);
        holdBestMove = infinite;
        pendingBestMove = null;
        engine.start(position, limits, lines -> {
            for (SearchInfo l : lines) send(l.usiLine(true));
        }, result -> {
            String best = "bestmove " + (result.hasMove() ? result.bestUsi() : "resign");
            synchronized (this) {
                if (holdBestMove) pendingBestMove = best;
                else send(best);
            }
        });
    }

    private synchronized void flushPendingBestMove() {
        if (pendingBestMove != null) {
            send(pendingBestMove);
            pendingBestMove = null;
        }
    }

    private void stopAndWait() {
        holdBestMove = false;
        engine.stop();
        try {
            engine.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        flushPendingBestMove();
    }
}
