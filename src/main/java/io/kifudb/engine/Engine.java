package io.kifudb.engine;

import io.kifudb.rules.Move;
import io.kifudb.rules.Position;
import io.kifudb.rules.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The analysis engine: options (threads, hash size, multi-PV), the transposition table, and searches,
 * synchronous ({@link #search}) or in a background thread ({@link #start}) that {@link #stop()} ends.
 *
 * <p>Guarantees: the best move is always one of the position's legal moves; a position whose game is over
 * gets no move (and the rules' verdict); every search completes depth 1 before any limit or stop applies,
 * so it always has a searched move. Several threads search the same tree (lazy SMP) sharing the table;
 * the calling thread is the main one and decides when to stop and what to play.
 *
 * <p>One search at a time per engine.
 */
public final class Engine {
    public static final int DEFAULT_HASH_MB = 64;
    /** Each thread keeps about 7 MB of move buffers; more threads than this would only cost memory. */
    public static final int MAX_THREADS = 64;

    private int threads = 1;
    private int hashMb = DEFAULT_HASH_MB;
    private int multiPv = 1;
    /** What a draw costs the side the engine searches for, in cp (0: a draw is scored 0, as analysis wants). */
    private int contempt;
    private TranspositionTable tt;
    private final List<Search> workers = new ArrayList<>();
    private final AtomicBoolean stop = new AtomicBoolean();
    /** Set by {@link #halt}: every search started from then on is stopped from its start. */
    private volatile boolean halted;
    private volatile Thread background;
    /** Evaluation parameters other than the shipped ones (null: shipped), and their tables. */
    private EvalParams params;
    private PieceValues values;

    public Engine threads(int n) {
        threads = Math.max(1, Math.min(n, MAX_THREADS));
        return this;
    }

    public Engine hashMegabytes(int mb) {
        mb = Math.max(1, Math.min(mb, 16_384));
        if (mb != hashMb) tt = null;
        hashMb = mb;
        return this;
    }

    public Engine multiPv(int k) {
        multiPv = Math.max(1, Math.min(k, 500));
        return this;
    }

    /**
     * Scores a draw (repetition, ply limit, both sides bare) at -cp for the side to move at the root and +cp for
     * the other: a side that expects to outplay its opponent does not take a draw it could avoid at that cost. 0
     * (the default, and what analysis uses) scores every draw 0.
     */
    public Engine contempt(int cp) {
        contempt = Math.max(0, Math.min(cp, 1000));
        return this;
    }

    /**
     * Evaluates with these parameters instead of the variant's shipped ones (null: the shipped ones); only
     * positions of the parameters' variant may then be searched.
     */
    public Engine params(EvalParams p) {
        params = p;
        values = null;
        return this;
    }

    public int threads() {
        return threads;
    }

    public int multiPv() {
        return multiPv;
    }

    /** Forgets what earlier searches learnt (table, move-ordering history): a new game. */
    public void newGame() {
        if (tt != null) tt.clear();
        for (Search w : workers) w.clearHistory();
    }

    /** The main search thread's history scores, for tests (empty before the first search). */
    int[] historyScores() {
        return workers.isEmpty() ? new int[0] : workers.get(0).historyScores();
    }

    /** Allocates the table now (it is otherwise made by the first search). */
    public void ready() {
        table();
    }

    private TranspositionTable table() {
        if (tt == null) {
            tt = new TranspositionTable(hashMb);
            workers.clear();
        }
        return tt;
    }

    /** Asks the running search to stop; it returns its best move promptly (after depth 1 at the least). */
    public void stop() {
        stop.set(true);
    }

    /**
     * Stops the running search and every later one until {@link #resume} (each returns after depth 1):
     * for a job being cancelled that searches one position after another, whose next search would
     * otherwise reset a stop that came between two searches.
     */
    public void halt() {
        halted = true;
        stop.set(true);
    }

    /** Searches run to their limits again after a {@link #halt}. */
    public void resume() {
        halted = false;
    }

    /** Clears the stop flag for a new search, unless halted (set before it is read: a halt in between still holds). */
    private void resetStop() {
        stop.set(false);
        if (halted) stop.set(true);
    }

    public boolean isSearching() {
        return background != null;
    }

    /**
     * Searches the position (which is left as it is: every thread works on its own copy, history
     * included, so repetitions reaching back into the game count).
     */
    public SearchResult search(Position position, SearchLimits limits, SearchListener listener) {
        resetStop();
        return run(position, limits, listener);
    }

    /**
     * Starts the search in a background thread and returns at once; {@code done} receives the result on
     * that thread. The stop flag is reset here, before the thread starts, so a {@link #stop()} right after
     * this call is never lost.
     */
    public void start(Position position, SearchLimits limits, SearchListener listener, Consumer<SearchResult> done) {
        if (background != null) throw new IllegalStateException("a search is already running");
        resetStop();
        Position copy = Search.copyOf(position);
        Thread t = new Thread(() -> {
            try {
                done.accept(run(copy, limits, listener));
            } finally {
                background = null;
            }
        }, "kifudb-search");
        t.setDaemon(true);
        background = t;
        t.start();
    }

    /** Waits for a background search to end. */
    public void join() throws InterruptedException {
        Thread t = background;
        if (t != null) t.join();
    }

    private SearchResult run(Position position, SearchLimits limits, SearchListener listener) {
        Status status = position.status();
        if (!status.isOngoing()) return new SearchResult(Move.NONE, null, 0, 0, 0, List.of(), status);
        TranspositionTable table = table();
        table.newSearch();
        while (workers.size() < threads) workers.add(new Search(table, workers.isEmpty(), workers.size()));
        SearchControl control = new SearchControl(stop, limits, multiPv);
        control.contempt = contempt;
        if (params != null) {
            if (values == null) values = PieceValues.of(position.rules, params);
            control.values = values;
        }
        Search[] active = workers.subList(0, threads).toArray(new Search[0]);
        control.workers = active;
        for (Search w : active) w.prepare(position, control);
        List<Thread> helpers = new ArrayList<>();
        for (int i = 1; i < active.length; i++) {
            Search w = active[i];
            Thread t = new Thread(() -> w.iterate(null), "kifudb-helper-" + i);
            t.setDaemon(true);
            helpers.add(t);
            t.start();
        }
        Search main = active[0];
        main.iterate(listener);
        stop.set(true);
        for (Thread t : helpers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        // The deepest completed iteration of any thread decides (the main thread's on a tie); when a helper
        // got deeper, its lines are reported too, so the last info lines match the best move.
        Search chosen = main;
        for (Search w : active) if (w.completedDepth > chosen.completedDepth && !w.completedLines().isEmpty()) chosen = w;
        if (chosen != main && listener != null) listener.onIteration(chosen.completedLines());
        int best = chosen.bestMove();
        return new SearchResult(best, Move.usi(main.geometry(), best), chosen.completedDepth, control.totalNodes(),
                control.elapsedMs(), chosen.completedLines(), null);
    }
}
