package io.kifudb.index;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.store.GameStored;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.IOUtils;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The Lucene position index: one document per (game, ply) plus one per game ({@link PositionDocs}), in
 * {@code kifudb.index.dir}. The database is the source of truth; this is a derived copy, one per service
 * instance, that follows the database and is rebuilt from it whenever it is missing or unusable.
 *
 * <p>Following the database. Several processes may store games in one database (service instances on
 * one PostgreSQL, the {@code import} command or a worker beside a running service, on H2 through its
 * AUTO_SERVER mode), so the index does not rely on being told: every {@code kifudb.index.poll-interval}
 * its feed ({@link #poll}) asks the database for the games above the highest id it has taken in, and for
 * the ids of the gaps below it that may still fill, because ids are given out before their transactions
 * commit, not in commit order ({@link GameIdWatermark}). Games this process stores are also added at once
 * after their transaction commits ({@link #onGameStored}), so a search right after an import here sees
 * them. Both report to the watermark, so a game is indexed once whichever comes first. Every
 * {@code kifudb.index.commit-interval} a consistency check compares the counts of games per id bucket in
 * the index and in the database and mends what differs ({@link #reconcile}): games missed (a gap given
 * up too early, a failed add) are added, games gone from the database removed.
 *
 * <p>Writing. One {@link IndexWriter} stays open for the life of the service; nothing is committed per
 * game (a Lucene commit is an fsync): commits happen every {@code kifudb.index.commit-interval} when
 * something changed, on {@link #commit()}, after a rebuild, and on shutdown. Games added since the last
 * commit are lost by a crash, and found again by the check at the next start.
 *
 * <p>Reading. A {@link SearcherManager} over the writer (near-real-time). Every search first refreshes it
 * if the writer has changes, so a search sees every game added before it.
 *
 * <p>Opening. The service opens the index at startup on a thread of its own ({@code
 * kifudb.index.build-in-background}); until it is in step with the database the index is <em>building</em>:
 * readiness is down (a load balancer sends no searches; liveness stays up) and searches answer 503 with
 * Retry-After. It is rebuilt when it is missing, unreadable, of another layout ({@link #FORMAT}), built
 * with other position keys ({@link #keysFingerprint()}) or from another database, or holds less than half
 * of the database's games; otherwise the consistency check brings it in step. A rebuild reads the games in
 * pages by id while a pool of threads replays them and builds their documents, and commits once at the end.
 *
 * <p>Locking. Adds, the feed, the consistency check and commits share a read lock; opening, closing and
 * rebuilding take the write lock. Adds and the feed only try the read lock: while a rebuild runs they
 * step aside (the rebuild or the feed after it takes their games in), so importers never wait for one. A
 * rebuild of an index that is already in use keeps searchers on the old snapshot until it is complete.
 */
@ApplicationScoped
public class PositionIndex {
    private static final Logger LOG = Logger.getLogger(PositionIndex.class);

    /** Version of the document layout; bump it when {@link PositionDocs} changes, and indexes rebuild themselves. */
    static final String FORMAT = "3"; // 2: side to move, material, board and game text; 3: kind (game or problem)
    static final String DATA_FORMAT = "kifudb.format";
    static final String DATA_KEYS = "kifudb.keys";
    static final String DATA_GAMES = "kifudb.games";
    static final String DATA_MAX_ID = "kifudb.maxGameId";
    /** Which database the index was built from ({@link StoredGames#identity()}). */
    static final String DATA_DATABASE = "kifudb.database";
    /** Games read from the database per transaction during a rebuild. */
    private static final int REBUILD_PAGE = 1000;
    /** Games the feed reads per query. */
    private static final int FEED_PAGE = 500;
    /** Pages the feed reads in one poll at most (then it lets the others have the lock). */
    private static final int FEED_PAGES_PER_POLL = 20;
    /** Gaps the feed asks for in one query. */
    private static final int GAPS_PER_QUERY = 100;
    /** Gaps tracked at once; beyond it the oldest are left to the consistency check. */
    private static final int MAX_GAPS = 10_000;
    /** Fewer games than this are indexed on the calling thread, more on the build pool. */
    private static final int PARALLEL_FROM = 16;

    @ConfigProperty(name = "kifudb.index.enabled", defaultValue = "true")
    boolean enabled;

    @ConfigProperty(name = "kifudb.index.dir")
    Path dir;

    @ConfigProperty(name = "kifudb.index.commit-interval", defaultValue = "30s")
    Duration commitInterval;

    @ConfigProperty(name = "kifudb.index.refresh-interval", defaultValue = "1s")
    Duration refreshInterval;

    @ConfigProperty(name = "kifudb.index.poll-interval", defaultValue = "250ms")
    Duration pollInterval;

    @ConfigProperty(name = "kifudb.index.gap-timeout", defaultValue = "60s")
    Duration gapTimeout;

    @ConfigProperty(name = "kifudb.index.ram-buffer-mb", defaultValue = "64")
    double ramBufferMb;

    @ConfigProperty(name = "kifudb.index.build-ram-buffer-mb", defaultValue = "256")
    double buildRamBufferMb;

    @ConfigProperty(name = "kifudb.index.build-threads", defaultValue = "0")
    int buildThreadsSetting;

    @ConfigProperty(name = "kifudb.index.build-in-background", defaultValue = "true")
    boolean buildInBackground;

    /** A {@code worker} process (kifudb.role=worker) keeps no index: the API instances index what its jobs store. */
    @ConfigProperty(name = "kifudb.role", defaultValue = "serve")
    String role;

    @Inject
    StoredGames store;

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    /** Guards refreshes against a rebuild starting in the middle of one. */
    private final Object refreshLock = new Object();
    /** One commit at a time (commits run under the shared read lock). */
    private final Object commitLock = new Object();
    private Directory directory;
    private IndexWriter writer;
    private volatile SearcherManager searchers;
    /** The writer is open. */
    private volatile boolean open;
    /** Open and in step with the database: searches are answered and the feed runs. */
    private volatile boolean ready;
    private volatile boolean rebuilding;
    /** Shutting down: a build in progress gives up (rolled back; the next start builds again). */
    private volatile boolean stopping;
    /** Why the index just opened must be rebuilt (no index, unreadable), or null to check it against the database. */
    private String rebuildReason;
    /** The sync at open or the rebuild running now, for readiness and Retry-After; null when none. */
    private volatile Progress progress;
    private final AtomicBoolean syncing = new AtomicBoolean();
    private volatile GameIdWatermark watermark = new GameIdWatermark(60_000, MAX_GAPS);
    /** {@link StoredGames#identity()} as last read; recorded with each commit. */
    private volatile String databaseIdentity = "";
    private final AtomicBoolean uncommitted = new AtomicBoolean();
    /** Set when a game could not be added; the next consistency check looks at every bucket. */
    private final AtomicBoolean outOfStep = new AtomicBoolean();
    /**
     * Since when (epoch ms; 0: it can) the feed could not read the database, and whether that was logged:
     * a failure is logged once it has lasted {@link #FEED_FAILURE_LOGGED_AFTER_MILLIS}, so a blip, or the
     * database closing under the last poll of a shutdown, is not.
     */
    private long feedFailingSince;
    private boolean feedFailureLogged;
    private static final long FEED_FAILURE_LOGGED_AFTER_MILLIS = 5_000;
    private volatile SyncReport lastSync;
    /** Test seam: while set, a rebuild waits for it before each page (so a test can watch the building state). */
    private volatile CountDownLatch buildGate;

    /** Games waiting to be indexed, at most this many (then the importer waits). */
    private static final int QUEUE_CAPACITY = 2000;
    private static final long QUEUE_WAIT_MILLIS = 30_000;
    private final Semaphore queueSpace = new Semaphore(QUEUE_CAPACITY);
    private final AtomicLong queued = new AtomicLong();
    private final Object indexedMonitor = new Object();
    private long indexed; // guarded by indexedMonitor
    private final ExecutorService indexer = Executors.newSingleThreadExecutor(daemon("position-indexer"));
    private ScheduledExecutorService scheduler;
    private ExecutorService syncRunner;
    private ExecutorService buildPool;
    private int buildThreads;

    /** What a consistency check did. */
    public enum SyncAction { NONE, CAUGHT_UP, REBUILT }

    /**
     * The outcome of opening, a consistency check or {@link #reindex()}: what was done and why, games
     * and positions written (and games removed, gone from the database).
     */
    public record SyncReport(SyncAction action, String why, long games, long positions, long millis) {}

    /** Where the index stands: off (not on this instance), closed, building (not in step with the database yet), ready. */
    public enum State { OFF, CLOSED, BUILDING, READY }

    /** How far the build (or the check at open) has got: games indexed so far, of about how many, for how long. */
    public record Building(long games, long of, long millis) {}

    /**
     * Counts of what the index holds now (uncommitted additions included); {@code building} while building,
     * once the build has counted the games it is to index (null in the moment before).
     */
    public record Status(State state, long games, long maxGameId, long positions, boolean uncommittedChanges,
                         SyncReport lastSync, Building building) {
        /** Open for searches. */
        public boolean open() {
            return state == State.READY;
        }
    }

    /** One game reaching a position: the first time it did (ply), the move it played there and the game's values. */
    public record Hit(long gameId, int ply, String move, int visits, String sente, String gote, LocalDate date,
                      Outcome result, String reason, int plies) {}

    /** One page of hits and how many there are in all. */
    public record Hits(long total, List<Hit> hits) {}

    /** Games that continued with one move, by result. */
    public record MoveStats(String usi, long games, long sente, long gote, long draws, long ongoing, long averagePlies) {}

    /**
     * The explorer's answer: the games reaching a position by result, the moves they continued with, and
     * one page of the games themselves. {@code ended}: games whose record ends in the position, so
     * {@code games} = sum of the moves' games + {@code ended}.
     */
    public record Explorer(long games, long sente, long gote, long draws, long ongoing, long ended, long averagePlies,
                           Map<String, Long> outcomes, List<MoveStats> moves, Hits topGames) {}

    /** A sync or rebuild under way. */
    private static final class Progress {
        final long of;
        final long startNanos = System.nanoTime();
        final AtomicLong games = new AtomicLong();

        Progress(long of) {
            this.of = of;
        }

        Building snapshot() {
            long done = games.get();
            // of was counted at the start; games stored meanwhile are built too
            return new Building(done, Math.max(of, done), millisSince(startNanos));
        }
    }

    private static ThreadFactory daemon(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, n.get() == 0 && !name.endsWith("-") ? name : name + n.get());
            n.incrementAndGet();
            t.setDaemon(true);
            return t;
        };
    }

    // ---------------------------------------------------------------- lifecycle

    /**
     * Whether this process keeps an index at all: not in a {@code worker} process (it answers no searches;
     * the API instances index the games its jobs store) nor with {@code kifudb.index.enabled=false}.
     */
    public boolean kept() {
        return enabled && !"worker".equals(role);
    }

    /**
     * Opens the index before anything else runs at startup (the corpus loader's imports are taken in as
     * they come, by the feed if not yet by the index itself).
     */
    void onStart(@Observes @Priority(100) StartupEvent event) {
        if ("worker".equals(role)) {
            LOG.info("no position index in a worker process: the API instances index the games its jobs store");
            return;
        }
        if (!enabled) {
            LOG.info("position index off on this instance (kifudb.index.enabled=false): position search and the explorer answer 503");
            return;
        }
        watermark = new GameIdWatermark(gapTimeout.toMillis(), MAX_GAPS);
        buildThreads = buildThreadsSetting > 0 ? buildThreadsSetting : Runtime.getRuntime().availableProcessors();
        buildPool = Executors.newFixedThreadPool(buildThreads, daemon("position-index-build-"));
        syncRunner = Executors.newSingleThreadExecutor(daemon("position-index-sync"));
        try {
            if (buildInBackground) openInBackground();
            else open();
        } catch (UncheckedIOException e) {
            if (!(e.getCause() instanceof LockObtainFailedException)) throw e;
            // Another process (a running service, while the import command runs) has the index open. The
            // database is the source of truth: games stored here are taken in by that process's feed.
            // Searches here answer 503.
            LOG.warnf("position index in %s is in use by another process; running without it (games stored here "
                    + "will be indexed by the process that has it)", dir.toAbsolutePath());
        }
        scheduler = Executors.newScheduledThreadPool(2, daemon("position-index-"));
        if (commitInterval.toMillis() > 0)
            scheduler.scheduleWithFixedDelay(this::periodic, commitInterval.toMillis(), commitInterval.toMillis(), TimeUnit.MILLISECONDS);
        if (pollInterval.toMillis() > 0)
            scheduler.scheduleWithFixedDelay(this::poll, pollInterval.toMillis(), pollInterval.toMillis(), TimeUnit.MILLISECONDS);
        // Searches refresh when they find changes, but then the first search after a bulk import pays for
        // flushing all of it (1.5 s after 2000 games); refreshing in the background spreads that cost.
        if (refreshInterval.toMillis() > 0)
            scheduler.scheduleWithFixedDelay(this::backgroundRefresh, refreshInterval.toMillis(), refreshInterval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void backgroundRefresh() {
        // tryLock: never queue behind a rebuild; the next tick will do.
        if (!lock.readLock().tryLock()) return;
        try {
            if (ready) refresh();
        } catch (IOException | RuntimeException e) {
            LOG.warn("position index: background refresh failed", e);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Before the application's beans go (the database among them): no more polls or checks. */
    void onShutdown(@Observes ShutdownEvent event) {
        stopReadingDatabase();
    }

    /**
     * Ends the feed's polls and the periodic checks (one under way finishes); the index still answers
     * searches and takes in games handed to it. Called at shutdown, and by a signal before the JVM exits:
     * the embedded H2 database closes itself in a shutdown hook of its own, at the same time as the
     * application's, and a poll running then fails inside the connection pool, which logs warnings.
     */
    public void stopReadingDatabase() {
        if (!kept()) return;
        stopping = true;
        // No interrupt (see onStop): a poll under way finishes, a build gives up at its next page.
        for (ExecutorService e : new ExecutorService[] {scheduler, syncRunner}) {
            if (e == null) continue;
            e.shutdown();
            try {
                if (!e.awaitTermination(30, TimeUnit.SECONDS)) LOG.warn("position index: background task still running at shutdown");
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @PreDestroy
    void onStop() {
        if (!kept()) return;
        stopping = true;
        // Index what is queued, then stop (no interrupt, see below).
        indexer.shutdown();
        try {
            if (!indexer.awaitTermination(60, TimeUnit.SECONDS)) LOG.warn("position index: games still queued at shutdown; the next start catches up");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // Never interrupt: an interrupt during Lucene's file I/O closes its channels and with them the
        // writer (a "tragic" event), and the final commit would be lost. Periodic tasks stop being
        // scheduled; one already running finishes, and a build gives up at its next page.
        for (ExecutorService e : new ExecutorService[] {scheduler, syncRunner}) {
            if (e == null) continue;
            e.shutdown();
            try {
                if (!e.awaitTermination(60, TimeUnit.SECONDS)) LOG.warn("position index: background task still running at shutdown");
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
            }
        }
        close();
        if (buildPool != null) buildPool.shutdown();
    }

    /**
     * Opens the index directory (creating it if need be) and brings it in step with the database before
     * returning (the commands, and tests, use this; the service opens in the background).
     *
     * @return what the consistency check did
     */
    public SyncReport open() {
        lock.writeLock().lock();
        try {
            if (!open) openWriterLocked();
            if (!ready) syncAtOpenLocked();
            return lastSync;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Opens the index directory and brings it in step with the database on a thread of its own; until
     * then the index is building ({@link #status()}) and searches answer 503.
     */
    public void openInBackground() {
        lock.writeLock().lock();
        try {
            if (!open) openWriterLocked();
        } finally {
            lock.writeLock().unlock();
        }
        startSync();
    }

    private void startSync() {
        if (!syncing.compareAndSet(false, true)) return;
        try {
            syncRunner.execute(() -> {
                try {
                    lock.writeLock().lock();
                    try {
                        if (open && !ready && !stopping) syncAtOpenLocked();
                    } finally {
                        lock.writeLock().unlock();
                    }
                } catch (CancellationException stopped) {
                    LOG.info("position index: build stopped by shutdown; the next start builds again");
                } catch (RuntimeException e) {
                    // A start that fails (a bad setting found after the index began) closes the database under the build.
                    if (stopping || databaseClosed(e)) LOG.info("position index: build stopped, the application is stopping; the next start builds again");
                    else LOG.errorf(e, "position index: could not be brought in step with the database; trying again in %s", commitInterval);
                } finally {
                    syncing.set(false);
                }
            });
        } catch (RejectedExecutionException shuttingDown) {
            syncing.set(false);
        }
    }

    /** Hibernate's answer once the application has closed it (its message is all that tells it apart). */
    private static boolean databaseClosed(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause())
            if (t instanceof IllegalStateException && String.valueOf(t.getMessage()).contains("EntityManagerFactory is closed")) return true;
        return false;
    }

    private void openWriterLocked() {
        try {
            Files.createDirectories(dir);
            directory = FSDirectory.open(dir);
            rebuildReason = null;
            if (!DirectoryReader.indexExists(directory)) {
                rebuildReason = "no index in " + dir.toAbsolutePath();
                openWriter(IndexWriterConfig.OpenMode.CREATE);
            } else {
                try {
                    openWriter(IndexWriterConfig.OpenMode.APPEND);
                } catch (LockObtainFailedException e) {
                    throw e; // another process has it open: not ours to wipe
                } catch (IOException | RuntimeException e) {
                    // Unreadable (files missing, corrupt, another Lucene's format): it is only a copy, start afresh.
                    rebuildReason = "unreadable index (" + e + ")";
                    LOG.warnf("position index in %s is unreadable, rebuilding it: %s", dir.toAbsolutePath(), e);
                    closeQuietly();
                    directory = FSDirectory.open(dir);
                    // Even OpenMode.CREATE reads the last commit point, and fails on the same damage: clear it.
                    for (String file : directory.listAll()) directory.deleteFile(file);
                    openWriter(IndexWriterConfig.OpenMode.CREATE);
                }
            }
            open = true;
        } catch (IOException e) {
            closeQuietly();
            throw new UncheckedIOException("cannot open the position index in " + dir.toAbsolutePath(), e);
        }
    }

    private void openWriter(IndexWriterConfig.OpenMode mode) throws IOException {
        IndexWriterConfig config = new IndexWriterConfig()
                .setOpenMode(mode)
                .setRAMBufferSizeMB(ramBufferMb)
                // Commits are ours (with the counts in their user data), never implicit on close.
                .setCommitOnClose(false);
        writer = new IndexWriter(directory, config);
        // Opening a reader touches every segment, so a damaged index fails here rather than in a search.
        searchers = new SearcherManager(writer, null);
    }

    /** Commits what is pending and closes the index; searches fail and adds are skipped until {@link #open()}. */
    public void close() {
        awaitQueued();
        lock.writeLock().lock();
        try {
            if (!open) return;
            try {
                if (ready && uncommitted.get()) commitLocked(false);
            } catch (IOException | RuntimeException e) {
                LOG.error("position index: final commit failed; the next start will catch up from the database", e);
            }
            ready = false;
            open = false;
            closeQuietly();
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void closeQuietly() {
        IOUtils.closeWhileHandlingException(searchers, writer, directory);
        searchers = null;
        writer = null;
        directory = null;
    }

    // ---------------------------------------------------------------- writing

    void onGameStored(@Observes(during = TransactionPhase.AFTER_SUCCESS) GameStored event) {
        // The game's transaction has committed: a failure here must not reach the importer's caller,
        // whose game is stored. Not searchable yet (building, closed): the feed takes the game in later.
        // Indexing (a second replay plus Lucene's work) runs on its own thread, so a bulk import keeps
        // both cores busy; searches wait for what was queued before them (see awaitQueued).
        if (!kept() || !ready) return;
        GameData data = GameData.of(event.game());
        queueSpace.acquireUninterruptibly(); // a full queue slows the importer down instead of growing
        queued.incrementAndGet();
        try {
            indexer.execute(() -> {
                try {
                    add(data);
                } catch (RuntimeException e) {
                    outOfStep.set(true);
                    LOG.errorf(e, "position index: could not index game %d; the consistency check will add it", data.id());
                } finally {
                    queueSpace.release();
                    countIndexed();
                }
            });
        } catch (RejectedExecutionException e) {
            // Shutting down: the game is stored; the next start catches the index up.
            queueSpace.release();
            countIndexed();
        }
    }

    private void countIndexed() {
        synchronized (indexedMonitor) {
            indexed++;
            indexedMonitor.notifyAll();
        }
    }

    /**
     * Waits (at most {@link #QUEUE_WAIT_MILLIS}) until every game queued for indexing before this call is
     * in the index, so a search right after an import sees it.
     */
    private void awaitQueued() {
        long target = queued.get();
        long deadline = System.currentTimeMillis() + QUEUE_WAIT_MILLIS;
        synchronized (indexedMonitor) {
            while (indexed < target) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    LOG.warnf("position index: searching before %d queued games are indexed", target - indexed);
                    return;
                }
                try {
                    indexedMonitor.wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Indexes one game this process stored, unless the feed was first; visible to the next search, committed later. */
    private void add(GameData game) {
        if (watermark.has(game.id())) return;
        PositionDocs.Built built = PositionDocs.build(game); // the replay, outside the lock
        if (built.error() != null)
            LOG.warnf("position index: game %d indexed up to ply %d only: %s", game.id(), built.positions() - 1, built.error());
        // A rebuild (or opening, closing) holds the index: step aside, the rebuild or the feed after it takes the game in.
        if (!lock.readLock().tryLock()) return;
        try {
            if (!ready) return;
            writer.updateDocuments(PositionDocs.gameTerm(game.id()), built.docs());
            watermark.taken(game.id(), game.storedAtMillis(), System.currentTimeMillis());
            uncommitted.set(true);
        } catch (IOException e) {
            outOfStep.set(true);
            throw new UncheckedIOException(e);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Makes everything added so far durable. */
    public void commit() {
        awaitQueued(); // what was stored before the commit is in it
        lock.readLock().lock();
        try {
            if (ready) commitLocked(true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * Commits, recording the layout, the keys, the database and the games counted just before (adds
     * may go on meanwhile, so the commit holds at least those). Called under the read or the write lock.
     *
     * @param mayReadDatabase false for the final commit at shutdown, when the database may be closed: an
     *                        index started on an empty database that has not read the database's identity
     *                        yet (its first game) commits without it, and its next open skips that one check
     */
    private void commitLocked(boolean mayReadDatabase) throws IOException {
        synchronized (commitLock) {
            uncommitted.set(false);
            long[] counts = countGames();
            if (mayReadDatabase && databaseIdentity.isEmpty() && counts[0] > 0) databaseIdentity = store.identity();
            Map<String, String> data = new LinkedHashMap<>();
            data.put(DATA_FORMAT, FORMAT);
            data.put(DATA_KEYS, keysFingerprint());
            data.put(DATA_DATABASE, databaseIdentity);
            data.put(DATA_GAMES, Long.toString(counts[0]));
            data.put(DATA_MAX_ID, Long.toString(counts[1]));
            writer.setLiveCommitData(data.entrySet());
            try {
                writer.commit();
            } catch (IOException | RuntimeException e) {
                uncommitted.set(true);
                throw e;
            }
        }
    }

    /**
     * Games in the index and the highest game id, counted in the index itself (so re-indexed games are
     * not counted twice), from a new near-real-time reader: everything added so far, and bypassing the
     * shared searcher, which a rebuild must leave on the old snapshot.
     */
    private long[] countGames() throws IOException {
        try (DirectoryReader reader = DirectoryReader.open(writer)) {
            return countGames(new IndexSearcher(reader));
        }
    }

    private static long[] countGames(IndexSearcher s) throws IOException {
        long[] out = new long[2];
        forEachGame(s, id -> {
            out[0]++;
            out[1] = Math.max(out[1], id);
        });
        return out;
    }

    /** Calls back with the id of every game document (live ones only). */
    private static void forEachGame(IndexSearcher s, java.util.function.LongConsumer action) throws IOException {
        TermQuery games = new TermQuery(new Term(PositionDocs.TYPE, PositionDocs.TYPE_GAME));
        var weight = s.createWeight(s.rewrite(games), ScoreMode.COMPLETE_NO_SCORES, 1f);
        for (LeafReaderContext leaf : s.getIndexReader().leaves()) {
            var scorer = weight.scorer(leaf);
            if (scorer == null) continue;
            NumericDocValues ids = DocValues.getNumeric(leaf.reader(), PositionDocs.GAME_ID);
            var live = leaf.reader().getLiveDocs();
            var it = scorer.iterator();
            for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
                if (live != null && !live.get(doc)) continue;
                if (ids.advanceExact(doc)) action.accept(ids.longValue());
            }
        }
    }

    /**
     * Indexes games read from the database, on the build pool when there are many, and reports them to
     * the watermark. Games the watermark has already are skipped unless {@code again} (the consistency
     * check found them missing from the index).
     *
     * @param seenAtMillis when the database was asked for them
     * @return positions written
     */
    private long indexGames(List<GameData> games, long seenAtMillis, boolean again) {
        List<GameData> todo = again ? games : games.stream().filter(g -> !watermark.has(g.id())).toList();
        if (todo.isEmpty()) return 0;
        long positions = 0;
        if (todo.size() < PARALLEL_FROM || buildThreads <= 1) {
            for (GameData g : todo) positions += indexOne(g, false);
        } else {
            int chunk = (todo.size() + buildThreads - 1) / buildThreads;
            List<Future<Long>> parts = new ArrayList<>();
            for (int from = 0; from < todo.size(); from += chunk) {
                List<GameData> part = todo.subList(from, Math.min(todo.size(), from + chunk));
                parts.add(buildPool.submit(() -> {
                    long n = 0;
                    for (GameData g : part) n += indexOne(g, false);
                    return n;
                }));
            }
            positions = sum(parts);
        }
        for (GameData g : todo) watermark.taken(g.id(), g.storedAtMillis(), seenAtMillis);
        uncommitted.set(true);
        return positions;
    }

    /** Waits for every part (never interrupting one: see onStop) and adds up their results; the first failure is thrown. */
    private static long sum(List<Future<Long>> parts) {
        long total = 0;
        RuntimeException failure = null;
        for (Future<Long> f : parts) {
            try {
                total += getUninterruptibly(f);
            } catch (ExecutionException e) {
                RuntimeException r = e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
                if (failure == null) failure = r;
                else failure.addSuppressed(r);
            }
        }
        if (failure != null) throw failure;
        return total;
    }

    private static <T> T getUninterruptibly(Future<T> f) throws ExecutionException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return f.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    private long indexOne(GameData g, boolean fresh) {
        PositionDocs.Built b = PositionDocs.build(g);
        if (b.error() != null)
            LOG.warnf("position index: game %d indexed up to ply %d only: %s", g.id(), b.positions() - 1, b.error());
        try {
            // After deleteAll no old copy can exist, and addDocuments skips the delete-by-term work.
            if (fresh) writer.addDocuments(b.docs());
            else writer.updateDocuments(PositionDocs.gameTerm(g.id()), b.docs());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.positions();
    }

    // ---------------------------------------------------------------- following the database

    /**
     * The feed: takes in the games stored since the last poll, by any process, and those that filled a
     * gap (see {@link GameIdWatermark}). Runs every {@code kifudb.index.poll-interval} while ready; the
     * queries go by the primary key and usually return nothing.
     */
    void poll() {
        if (!ready || !lock.readLock().tryLock()) return;
        try {
            feedLocked();
        } finally {
            lock.readLock().unlock();
        }
    }

    /** One round of the feed; under the read or the write lock. */
    private void feedLocked() {
        try {
            if (!ready) return;
            long seenAt = System.currentTimeMillis();
            for (int page = 0; page < FEED_PAGES_PER_POLL && !stopping; page++) {
                List<GameData> games = store.after(watermark.high(), FEED_PAGE);
                indexGames(games, seenAt, false);
                if (games.size() < FEED_PAGE) break;
            }
            List<GameIdWatermark.Gap> gaps = watermark.gaps(GAPS_PER_QUERY);
            if (!gaps.isEmpty()) {
                List<GameData> filled = store.inGaps(gaps, FEED_PAGE);
                indexGames(filled, seenAt, false);
                // Give up only gaps that were looked through in full (the query was not cut at its limit).
                if (filled.size() < FEED_PAGE) {
                    int expired = watermark.expire(seenAt, gaps.get(gaps.size() - 1).to());
                    if (expired > 0) LOG.debugf("position index: %d gaps in the game ids given up (never committed)", expired);
                }
            }
            if (feedFailureLogged) LOG.info("position index: reading new games from the database works again");
            feedFailingSince = 0;
            feedFailureLogged = false;
        } catch (RuntimeException e) {
            long now = System.currentTimeMillis();
            if (feedFailingSince == 0) feedFailingSince = now;
            if (!feedFailureLogged && !stopping && now - feedFailingSince >= FEED_FAILURE_LOGGED_AFTER_MILLIS) {
                feedFailureLogged = true;
                LOG.warn("position index: cannot read new games from the database; retrying", e);
            }
        }
    }

    /** Every {@code kifudb.index.commit-interval}: the consistency check, then a commit if anything changed. */
    void periodic() {
        try {
            if (open && !ready) {
                // The sync at open failed (the database was unreachable?): try again.
                if (!stopping) startSync();
                return;
            }
            if (!ready || !lock.readLock().tryLock()) return;
            try {
                if (ready) check();
                if (ready && uncommitted.get()) commitLocked(true);
            } finally {
                lock.readLock().unlock();
            }
        } catch (IOException | RuntimeException e) {
            if (!stopping) LOG.error("position index: periodic check or commit failed", e); // else: the database closed under it
        }
    }

    /**
     * The periodic consistency check: the games the index holds up to the feed's watermark against the
     * database's; where they differ, or an add failed, the per-bucket comparison mends what the feed is
     * not about to (games above its watermark or in its open gaps are left to it).
     */
    private void check() throws IOException {
        boolean force = outOfStep.getAndSet(false) | watermark.takeOverflow();
        // Up to the watermark only: above it the feed is at work, and a busy database is always ahead of it.
        long high = watermark.high();
        long[] indexed = new long[1];
        try (DirectoryReader reader = DirectoryReader.open(writer)) {
            forEachGame(new IndexSearcher(reader), id -> {
                if (id <= high) indexed[0]++;
            });
        }
        if (!force && indexed[0] == store.countUpTo(high)) return;
        long[] r = reconcile(true);
        if (r[0] + r[2] > 0)
            LOG.infof("position index: the consistency check added %d games missed and removed %d gone from the database", r[0], r[2]);
    }

    /**
     * Compares the games per bucket of ids in the index and in the database, and in each bucket that
     * differs adds the games the index lacks and removes those the database no longer has.
     *
     * <p>The index is read first: every game in it was committed before it was added, so a game the
     * database lacks afterwards was deleted from it, never merely not committed yet.
     *
     * @param leaveToFeed skip missing games the feed is about to take in (above its watermark, in an open gap)
     * @return games added, positions written, games removed
     */
    private long[] reconcile(boolean leaveToFeed) throws IOException {
        Map<Long, Long> inIndex = new HashMap<>();
        Map<Long, TreeSet<Long>> idsInIndex = new HashMap<>();
        try (DirectoryReader reader = DirectoryReader.open(writer)) {
            IndexSearcher s = new IndexSearcher(reader);
            forEachGame(s, id -> inIndex.merge(id / StoredGames.BUCKET, 1L, Long::sum));
            Map<Long, Long> inDb = store.bucketCounts();
            Set<Long> differing = new TreeSet<>();
            for (var e : inDb.entrySet()) if (!e.getValue().equals(inIndex.get(e.getKey()))) differing.add(e.getKey());
            for (Long b : inIndex.keySet()) if (!inDb.containsKey(b)) differing.add(b);
            if (differing.isEmpty()) return new long[3];
            for (Long b : differing) idsInIndex.put(b, new TreeSet<>());
            forEachGame(s, id -> {
                TreeSet<Long> ids = idsInIndex.get(id / StoredGames.BUCKET);
                if (ids != null) ids.add(id);
            });
        }
        List<Long> missing = new ArrayList<>();
        long removed = 0;
        for (var e : new java.util.TreeMap<>(idsInIndex).entrySet()) {
            long from = e.getKey() * StoredGames.BUCKET;
            Set<Long> inDbIds = new HashSet<>(store.idsBetween(from, from + StoredGames.BUCKET - 1));
            for (Long id : inDbIds)
                if (!e.getValue().contains(id) && !(leaveToFeed && !watermark.has(id))) missing.add(id);
            for (Long id : e.getValue()) {
                if (inDbIds.contains(id)) continue;
                writer.deleteDocuments(PositionDocs.gameTerm(id));
                removed++;
            }
        }
        if (removed > 0) uncommitted.set(true);
        missing.sort(null);
        long positions = 0;
        for (int i = 0; i < missing.size(); i += FEED_PAGE) {
            long seenAt = System.currentTimeMillis();
            positions += indexGames(store.byIds(missing.subList(i, Math.min(missing.size(), i + FEED_PAGE))), seenAt, true);
            Progress p = progress;
            if (p != null) p.games.set(Math.min(p.of, i + FEED_PAGE));
        }
        return new long[] {missing.size(), positions, removed};
    }

    // ---------------------------------------------------------------- consistency at open, rebuild

    /** Clears the index and rebuilds it from the database; searches keep the old snapshot until it is done. */
    public SyncReport reindex() {
        awaitQueued();
        lock.writeLock().lock();
        try {
            if (!open) throw unavailable();
            lastSync = rebuildLocked("requested");
            ready = true;
            return lastSync;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Brings the index just opened in step with the database (see the class comment) and makes it ready:
     * the watermark starts from what the database held just before.
     */
    private void syncAtOpenLocked() {
        long t0 = System.nanoTime();
        outOfStep.set(false);
        String why = rebuildReason;
        try {
            Map<String, String> data = new HashMap<>();
            for (Map.Entry<String, String> e : writer.getLiveCommitData()) data.put(e.getKey(), e.getValue());
            if (why == null && !FORMAT.equals(data.get(DATA_FORMAT)))
                why = "index layout " + data.get(DATA_FORMAT) + ", this version writes " + FORMAT;
            if (why == null && !keysFingerprint().equals(data.get(DATA_KEYS)))
                why = "the position keys of the rules engine changed";
            databaseIdentity = store.identity();
            String builtFrom = data.get(DATA_DATABASE);
            if (why == null && builtFrom != null && !builtFrom.isEmpty() && !builtFrom.equals(databaseIdentity))
                why = "the index was built from another database (first game " + builtFrom + ", here " + databaseIdentity + ")";
            long[] indexed = countGames();
            StoredGames.Stats db = store.stats();
            String state = "index has " + indexed[0] + " games up to id " + indexed[1] + ", database " + db.count() + " up to id " + db.maxId();
            if (why == null && indexed[0] < db.count() / 2) why = state + ": faster rebuilt than patched";
            if (why != null) {
                lastSync = rebuildLocked(why);
            } else {
                progress = new Progress(Math.max(0, db.count() - indexed[0]));
                // Read before the comparison: every game committed by then is in the index after it.
                long seenAt = System.currentTimeMillis();
                List<StoredGames.Stored> recent = recentGames(seenAt);
                long[] r = reconcile(false);
                watermark.reset(recent.isEmpty() ? db.maxId() : recent.get(0).id() - 1);
                for (StoredGames.Stored g : recent)
                    watermark.taken(g.id(), g.createdAt() == null ? 0 : g.createdAt().toEpochMilli(), seenAt);
                if (r[0] + r[2] > 0) {
                    commitLocked(true);
                    refresh();
                    lastSync = new SyncReport(SyncAction.CAUGHT_UP, state, r[0], r[1], millisSince(t0));
                    LOG.infof("position index: caught up %d games, removed %d (%s) in %d ms", r[0], r[2], state, lastSync.millis());
                } else {
                    lastSync = new SyncReport(SyncAction.NONE, "in step: " + db.count() + " games up to id " + db.maxId(), 0, 0, millisSince(t0));
                    LOG.infof("position index %s: %s", dir, lastSync.why());
                }
            }
            rebuildReason = null;
            ready = true;
            // Games this process stored while the lock was held were not added (add steps aside): take
            // them in now, before anyone is told the index is ready.
            feedLocked();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            progress = null;
        }
    }

    /**
     * The games stored lately (by id, from the top down to the first page all older than the gap timeout):
     * where the watermark starts after a check at open, so the gaps among them are watched.
     */
    private List<StoredGames.Stored> recentGames(long now) {
        List<StoredGames.Stored> recent = new ArrayList<>();
        long below = Long.MAX_VALUE;
        while (true) {
            List<StoredGames.Stored> page = store.before(below, FEED_PAGE);
            recent.addAll(0, page);
            if (page.size() < FEED_PAGE) break;
            below = page.get(0).id();
            boolean allOld = page.stream().allMatch(g -> g.createdAt() != null && g.createdAt().toEpochMilli() < now - gapTimeout.toMillis());
            if (allOld || recent.size() >= MAX_GAPS * 10) break;
        }
        return recent;
    }

    private SyncReport rebuildLocked(String why) {
        long t0 = System.nanoTime();
        LOG.infof("position index: rebuilding from the database (%s)", why);
        synchronized (refreshLock) {
            rebuilding = true;
        }
        boolean wasReady = ready;
        var config = writer.getConfig();
        double ram = config.getRAMBufferSizeMB();
        try {
            Progress p = new Progress(store.stats().count());
            progress = p;
            writer.deleteAll();
            watermark.reset(0);
            databaseIdentity = store.identity();
            // Fewer, larger segments while building (capped at a quarter of the heap).
            config.setRAMBufferSizeMB(Math.max(ram, Math.min(buildRamBufferMb, Runtime.getRuntime().maxMemory() / 4.0 / (1 << 20))));
            long[] written = indexAll(p);
            config.setRAMBufferSizeMB(ram);
            commitLocked(true);
            SyncReport r = new SyncReport(SyncAction.REBUILT, why, written[0], written[1], millisSince(t0));
            LOG.infof("position index: rebuilt %d games, %d positions in %d ms", r.games(), r.positions(), r.millis());
            return r;
        } catch (IOException | RuntimeException e) {
            // Leave the last commit as it was: roll back the half-done rebuild and reopen from that commit.
            // The watermark no longer describes it, so the index is checked against the database again
            // before it answers (the periodic task starts that).
            if (e instanceof CancellationException) LOG.info("position index: rebuild stopped");
            else LOG.error("position index: rebuild failed", e);
            ready = false;
            try {
                writer.rollback();
                searchers.close();
                openWriter(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
            } catch (IOException reopen) {
                open = false;
                closeQuietly();
                e.addSuppressed(reopen);
            }
            if (wasReady) LOG.warn("position index: answering 503 until it is in step with the database again");
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        } finally {
            progress = null;
            synchronized (refreshLock) {
                rebuilding = false;
            }
            if (open) refreshQuietly();
        }
    }

    /**
     * Indexes every stored game into the emptied index. This thread reads pages of games by id (keyset
     * paging, one short transaction each) while the build pool replays them and builds and adds their
     * documents (the replay, a move generation per ply, costs about as much as Lucene's work; the
     * IndexWriter takes documents from several threads at once), a few pages ahead at most.
     */
    private long[] indexAll(Progress p) {
        Semaphore ahead = new Semaphore(buildThreads + 1);
        List<Future<Long>> pages = new ArrayList<>();
        long games = 0, last = 0, nextLog = 10_000;
        try {
            while (true) {
                if (stopping) throw new CancellationException("shutting down");
                CountDownLatch gate = buildGate;
                if (gate != null) {
                    try {
                        gate.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new CancellationException("interrupted");
                    }
                }
                List<GameData> page = store.after(last, REBUILD_PAGE);
                if (page.isEmpty()) break;
                long seenAt = System.currentTimeMillis();
                for (GameData g : page) watermark.taken(g.id(), g.storedAtMillis(), seenAt);
                ahead.acquireUninterruptibly();
                try {
                    pages.add(buildPool.submit(() -> {
                        try {
                            long positions = 0;
                            for (GameData g : page) {
                                positions += indexOne(g, true);
                                p.games.incrementAndGet();
                            }
                            return positions;
                        } finally {
                            ahead.release();
                        }
                    }));
                } catch (RejectedExecutionException e) {
                    ahead.release();
                    throw new CancellationException("shutting down");
                }
                games += page.size();
                last = page.get(page.size() - 1).id();
                for (Future<Long> f : pages) if (f.isDone()) sum(List.of(f)); // a failed page stops the build now
                if (games >= nextLog) {
                    LOG.infof("position index: %d games read, %d indexed so far", games, p.games.get());
                    nextLog += 10_000;
                }
            }
            return new long[] {games, sum(pages)};
        } catch (RuntimeException e) {
            // Let the pages under way finish before the caller rolls back (no interrupts, see onStop).
            for (Future<Long> f : pages) {
                try {
                    getUninterruptibly(f);
                } catch (ExecutionException | CancellationException ignored) {
                    // the first failure is the one reported
                }
            }
            throw e;
        }
    }

    /**
     * A fingerprint of the rules engine's position keys (start position and one move, per rule set):
     * an index built with other keys would silently find nothing, so it is rebuilt instead.
     */
    static String keysFingerprint() {
        return KeysFingerprint.VALUE;
    }

    /** Computed once, on first use (the keys are fixed for the life of the JVM). */
    private static final class KeysFingerprint {
        static final String VALUE = compute();
    }

    private static String compute() {
        long h = 0xcbf29ce484222325L;
        for (RuleSet r : RuleSet.all()) {
            Position p = Position.start(r);
            h = (h ^ p.key()) * 0x100000001b3L;
            int[] moves = p.legalMoves();
            if (moves.length > 0) {
                p.make(moves[0]);
                h = (h ^ p.key()) * 0x100000001b3L;
            }
        }
        return Long.toHexString(h);
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /** Test seam: a rebuild waits for the latch before each page it reads (null: it does not wait). */
    void holdBuildsOn(CountDownLatch gate) {
        buildGate = gate;
    }

    // ---------------------------------------------------------------- state

    /** What the index holds now; while it is building, how far the build has got (never waits for it). */
    public Status status() {
        if (!kept()) return new Status(State.OFF, 0, 0, 0, false, null, null);
        if (!open) return new Status(State.CLOSED, 0, 0, 0, false, lastSync, null);
        if (!ready) return new Status(State.BUILDING, 0, 0, 0, false, lastSync, building());
        awaitQueued();
        SearcherManager m = searchers;
        if (m == null) return new Status(State.CLOSED, 0, 0, 0, false, lastSync, null);
        try {
            refresh();
            IndexSearcher s = m.acquire();
            try {
                long[] games = countGames(s);
                long positions = s.count(new TermQuery(new Term(PositionDocs.TYPE, PositionDocs.TYPE_POSITION)));
                return new Status(State.READY, games[0], games[1], positions, uncommitted.get(), lastSync, null);
            } finally {
                m.release(s);
            }
        } catch (AlreadyClosedException closed) {
            return new Status(State.CLOSED, 0, 0, 0, false, lastSync, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How far the build has got; null before it has counted the games it is to index (there is no "of" yet). */
    private Building building() {
        Progress p = progress;
        return p == null ? null : p.snapshot();
    }

    /** Why the index cannot answer now, with when to try again. */
    private IndexUnavailableException unavailable() {
        if ("worker".equals(role))
            return new IndexUnavailableException("a worker process keeps no position index", 0);
        if (!enabled)
            return new IndexUnavailableException("the position index is off on this instance (kifudb.index.enabled=false)", 0);
        if (open && !ready) {
            Building b = building();
            String done = b != null && b.of() > 0 ? ": " + b.games() + " of " + b.of() + " games so far" : "";
            return new IndexUnavailableException("the position index is being built from the database" + done + "; try again later",
                    retryAfterSeconds(b));
        }
        return new IndexUnavailableException("the position index is closed", 10);
    }

    /** The time the build still needs at its pace so far, between 1 and 60 s (5 s before it has a pace or a count). */
    static int retryAfterSeconds(Building b) {
        if (b == null || b.games() <= 0 || b.of() <= b.games() || b.millis() <= 0) return 5;
        double left = b.millis() / 1000.0 * (b.of() - b.games()) / b.games();
        return (int) Math.max(1, Math.min(60, Math.ceil(left)));
    }

    // ---------------------------------------------------------------- searching

    private void refresh() throws IOException {
        synchronized (refreshLock) {
            if (!rebuilding) searchers.maybeRefreshBlocking();
        }
    }

    private void refreshQuietly() {
        try {
            refresh();
        } catch (IOException e) {
            LOG.warn("position index: refresh failed", e);
        }
    }

    private IndexSearcher acquire() throws IOException {
        if (!ready) throw unavailable();
        awaitQueued();
        SearcherManager m = searchers;
        if (!ready || m == null) throw unavailable();
        try {
            refresh();
            return m.acquire();
        } catch (AlreadyClosedException e) {
            throw unavailable(); // closed under the search
        }
    }

    private void release(IndexSearcher s) {
        try {
            SearcherManager m = searchers;
            if (m != null) m.release(s);
            else s.getIndexReader().decRef();
        } catch (IOException e) {
            LOG.warn("position index: releasing a searcher failed", e);
        }
    }

    /**
     * The games under a rule set that reach the position with this key (each once, at its first visit),
     * of one kind ({@code game} or {@code problem}) or, when kind is null, of both.
     */
    static Query positionQuery(RuleSet rules, long key, String kind) {
        // The key is already salted per rule set; the rules term also keeps a 64-bit collision across
        // rule sets from mixing them.
        BooleanQuery.Builder b = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(PositionDocs.KEY, PositionDocs.keyBytes(key))), BooleanClause.Occur.FILTER)
                .add(new TermQuery(new Term(PositionDocs.RULES, rules.id)), BooleanClause.Occur.FILTER);
        if (kind != null) b.add(kindQuery(kind), BooleanClause.Occur.FILTER);
        return b.build();
    }

    private static Query kindQuery(String kind) {
        return new TermQuery(new Term(PositionDocs.KIND, kind));
    }

    /** The most board squares a variant has: material counts above it cannot occur. */
    private static final int MAX_COUNT = 15 * 15;

    /** The Lucene query of a pattern (see {@link Pattern}); public for tests and the benchmark. */
    static Query patternQuery(Pattern p) {
        BooleanQuery.Builder b = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(PositionDocs.TYPE, PositionDocs.TYPE_POSITION)), BooleanClause.Occur.FILTER)
                .add(new TermQuery(new Term(PositionDocs.RULES, p.rules().id)), BooleanClause.Occur.FILTER);
        if (p.sideToMove() != null)
            b.add(new TermQuery(new Term(PositionDocs.SIDE_TO_MOVE, p.sideToMove() == 0 ? "b" : "w")), BooleanClause.Occur.FILTER);
        if (p.plyFrom() != null || p.plyTo() != null)
            b.add(org.apache.lucene.document.NumericDocValuesField.newSlowRangeQuery(PositionDocs.PLY,
                    p.plyFrom() == null ? 0 : p.plyFrom(), p.plyTo() == null ? Long.MAX_VALUE : p.plyTo()), BooleanClause.Occur.FILTER);
        // Every piece looked for must be on the board at all: a term lookup that narrows the candidates
        // before any board is read.
        for (Pattern.Placement x : p.present()) b.add(materialIn(x.pieceCode(), 1, MAX_COUNT), BooleanClause.Occur.FILTER);
        for (Pattern.Placement x : p.absent())
            if (x.squares() == null) b.add(materialIn(x.pieceCode(), 1, MAX_COUNT), BooleanClause.Occur.MUST_NOT);
        for (Pattern.Material m : p.material()) {
            if (m.min() > 0) b.add(materialIn(m.pieceCode(), m.min(), Math.min(m.max(), MAX_COUNT)), BooleanClause.Occur.FILTER);
            else if (m.max() < MAX_COUNT) b.add(materialIn(m.pieceCode(), m.max() + 1, MAX_COUNT), BooleanClause.Occur.MUST_NOT);
        }
        Pattern.Metadata md = p.metadata();
        if (md.kind() != null) b.add(kindQuery(md.kind()), BooleanClause.Occur.FILTER);
        if (md.player() != null)
            b.add(new BooleanQuery.Builder()
                    .add(exact(PositionDocs.SENTE, md.player()), BooleanClause.Occur.SHOULD)
                    .add(exact(PositionDocs.GOTE, md.player()), BooleanClause.Occur.SHOULD)
                    .setMinimumNumberShouldMatch(1).build(), BooleanClause.Occur.FILTER);
        if (md.sente() != null) b.add(exact(PositionDocs.SENTE, md.sente()), BooleanClause.Occur.FILTER);
        if (md.gote() != null) b.add(exact(PositionDocs.GOTE, md.gote()), BooleanClause.Occur.FILTER);
        if (md.event() != null) b.add(exact(PositionDocs.EVENT, md.event()), BooleanClause.Occur.FILTER);
        if (md.result() != null)
            b.add(org.apache.lucene.document.NumericDocValuesField.newSlowExactQuery(PositionDocs.RESULT, md.result().ordinal()), BooleanClause.Occur.FILTER);
        if (md.from() != null || md.to() != null)
            b.add(org.apache.lucene.document.NumericDocValuesField.newSlowRangeQuery(PositionDocs.DATE,
                    md.from() == null ? Long.MIN_VALUE + 1 : md.from().toEpochDay(),
                    md.to() == null ? Long.MAX_VALUE : md.to().toEpochDay()), BooleanClause.Occur.FILTER);
        if (p.needsBoard()) b.add(new BoardPatternQuery(p), BooleanClause.Occur.FILTER);
        return b.build();
    }

    private static Query materialIn(int pieceCode, int min, int max) {
        List<BytesRef> terms = new ArrayList<>();
        for (int c = min; c <= max; c++) terms.add(new BytesRef(PositionDocs.materialTerm(pieceCode, c)));
        return new org.apache.lucene.search.TermInSetQuery(PositionDocs.MATERIAL, terms);
    }

    private static Query exact(String field, String value) {
        return org.apache.lucene.document.SortedDocValuesField.newSlowExactQuery(field, new BytesRef(value));
    }

    /** One page of the positions that match a pattern (a game may match at several plies), sorted. */
    public Hits search(Pattern pattern, Order order, int page, int size) {
        try {
            IndexSearcher s = acquire();
            try {
                return hits(s, patternQuery(pattern), order, page, size);
            } finally {
                release(s);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Game ids whose players, event, site or comments contain every word of the text, newest first, at most limit. */
    public record TextHits(long total, List<Long> gameIds) {}

    public TextHits searchText(String text, int limit) {
        try {
            IndexSearcher s = acquire();
            try {
                var parser = new org.apache.lucene.queryparser.simple.SimpleQueryParser(TEXT_ANALYZER, PositionDocs.TEXT);
                parser.setDefaultOperator(BooleanClause.Occur.MUST);
                Query parsed = parser.parse(text);
                if (parsed == null) return new TextHits(0, List.of());
                Query q = new BooleanQuery.Builder()
                        .add(new TermQuery(new Term(PositionDocs.TYPE, PositionDocs.TYPE_GAME)), BooleanClause.Occur.FILTER)
                        .add(parsed, BooleanClause.Occur.MUST)
                        .build();
                int total = s.count(q);
                if (total == 0) return new TextHits(0, List.of());
                TopFieldDocs top = s.search(q, new TopFieldCollectorManager(new Sort(longField(PositionDocs.GAME_ID, true, false)),
                        Math.min(limit, total), null, Integer.MAX_VALUE));
                List<LeafReaderContext> leaves = s.getIndexReader().leaves();
                List<Long> ids = new ArrayList<>(top.scoreDocs.length);
                for (ScoreDoc sd : top.scoreDocs) {
                    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(sd.doc, leaves));
                    ids.add(longValue(leaf.reader(), PositionDocs.GAME_ID, sd.doc - leaf.docBase, 0));
                }
                return new TextHits(total, ids);
            } finally {
                release(s);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The analyzer the index writer uses for text (IndexWriterConfig's default): queries must use the same. */
    private static final org.apache.lucene.analysis.Analyzer TEXT_ANALYZER = new org.apache.lucene.analysis.standard.StandardAnalyzer();

    /** One page of the games of a kind (null: both) that reached the position (transpositions included), sorted. */
    public Hits games(RuleSet rules, long key, String kind, Order order, int page, int size) {
        try {
            IndexSearcher s = acquire();
            try {
                return hits(s, positionQuery(rules, key, kind), order, page, size);
            } finally {
                release(s);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Next moves from the position with results, plus one page of the games reaching it; games of a kind (null: both). */
    public Explorer explore(RuleSet rules, long key, String kind, Order order, int page, int size) {
        try {
            IndexSearcher s = acquire();
            try {
                Query q = positionQuery(rules, key, kind);
                ExplorerCollector.Totals t = s.search(q, new ExplorerCollector.Manager());
                List<MoveStats> moves = new ArrayList<>();
                for (Map.Entry<String, ExplorerCollector.Acc> e : t.moves().entrySet()) {
                    ExplorerCollector.Acc a = e.getValue();
                    moves.add(new MoveStats(e.getKey(), a.games, a.sente, a.gote, a.draws, a.ongoing, a.averagePlies()));
                }
                moves.sort((x, y) -> x.games() != y.games() ? Long.compare(y.games(), x.games()) : x.usi().compareTo(y.usi()));
                ExplorerCollector.Acc all = t.all();
                return new Explorer(all.games, all.sente, all.gote, all.draws, all.ongoing, t.ended(), all.averagePlies(),
                        t.outcomes(), moves, hits(s, q, order, page, size));
            } finally {
                release(s);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Hits hits(IndexSearcher s, Query q, Order order, int page, int size) throws IOException {
        int total = s.count(q);
        long wanted = (long) (page + 1) * size;
        if ((long) page * size >= total) return new Hits(total, List.of());
        int n = (int) Math.min(wanted, total);
        TopFieldDocs top = s.search(q, new TopFieldCollectorManager(sort(order), n, null, Integer.MAX_VALUE));
        List<LeafReaderContext> leaves = s.getIndexReader().leaves();
        List<Hit> hits = new ArrayList<>(size);
        for (int i = page * size; i < top.scoreDocs.length; i++) hits.add(hit(leaves, top.scoreDocs[i]));
        return new Hits(total, hits);
    }

    private static Sort sort(Order order) {
        boolean desc = order.descending();
        SortField primary = switch (order.field()) {
            case DATE -> longField(PositionDocs.DATE, desc, true);
            case PLY -> longField(PositionDocs.PLY, desc, false);
            case PLIES -> longField(PositionDocs.PLIES, desc, false);
            case ID -> longField(PositionDocs.GAME_ID, desc, false);
            case SENTE -> stringField(PositionDocs.SENTE, desc);
            case GOTE -> stringField(PositionDocs.GOTE, desc);
        };
        return order.field() == Order.Field.ID ? new Sort(primary) : new Sort(primary, longField(PositionDocs.GAME_ID, desc, false));
    }

    private static SortField longField(String name, boolean desc, boolean missingLast) {
        SortField f = new SortField(name, SortField.Type.LONG, desc);
        // The missing value takes part in the comparison before the reversal: pick the end that lands last.
        if (missingLast) f.setMissingValue(desc ? Long.MIN_VALUE : Long.MAX_VALUE);
        return f;
    }

    private static SortField stringField(String name, boolean desc) {
        SortField f = new SortField(name, SortField.Type.STRING, desc);
        f.setMissingValue(desc ? SortField.STRING_FIRST : SortField.STRING_LAST);
        return f;
    }

    private static Hit hit(List<LeafReaderContext> leaves, ScoreDoc sd) throws IOException {
        LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(sd.doc, leaves));
        LeafReader r = leaf.reader();
        int doc = sd.doc - leaf.docBase;
        long date = longValue(r, PositionDocs.DATE, doc, Long.MIN_VALUE);
        return new Hit(longValue(r, PositionDocs.GAME_ID, doc, 0), (int) longValue(r, PositionDocs.PLY, doc, 0),
                stringValue(r, PositionDocs.MOVE, doc), (int) longValue(r, PositionDocs.VISITS, doc, 1),
                stringValue(r, PositionDocs.SENTE, doc), stringValue(r, PositionDocs.GOTE, doc),
                date == Long.MIN_VALUE ? null : LocalDate.ofEpochDay(date),
                Outcome.ofCode(longValue(r, PositionDocs.RESULT, doc, 0)),
                stringValue(r, PositionDocs.REASON, doc), (int) longValue(r, PositionDocs.PLIES, doc, 0));
    }

    private static long longValue(LeafReader r, String field, int doc, long missing) throws IOException {
        NumericDocValues v = DocValues.getNumeric(r, field);
        return v.advanceExact(doc) ? v.longValue() : missing;
    }

    private static String stringValue(LeafReader r, String field, int doc) throws IOException {
        SortedDocValues v = DocValues.getSorted(r, field);
        return v.advanceExact(doc) ? v.lookupOrd(v.ordValue()).utf8ToString() : null;
    }
}
