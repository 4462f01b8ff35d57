package io.kifudb.index;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.store.GameStored;
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
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopFieldDocs;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The Lucene position index: one document per (game, ply) plus one per game ({@link PositionDocs}), in
 * {@code kifudb.index.dir}. The database is the source of truth; this is a derived copy that is kept
 * in step as games are stored and is rebuilt from the database whenever it is missing or out of step.
 *
 * <p>Writing: one {@link IndexWriter} stays open for the life of the service. A stored game is added
 * after its transaction commits ({@link #onGameStored}); nothing is committed per game (a Lucene commit
 * is an fsync): commits happen every {@code kifudb.index.commit-interval} when something changed, on
 * {@link #commit()}, after a rebuild or catch-up, and on shutdown. Games added since the last commit
 * are lost by a crash, and found again by the check at the next start.
 *
 * <p>Reading: a {@link SearcherManager} over the writer (near-real-time). Every search first refreshes
 * it if the writer has changes, so a search right after an import sees the game, while a bulk import
 * with nobody searching never pays for a refresh per game.
 *
 * <p>Consistency ({@link #sync()}, run at startup): the index is rebuilt when it is missing, unreadable,
 * of another layout ({@link #FORMAT}) or built with other position keys ({@link #keysFingerprint()}).
 * Otherwise the games it holds (count and highest id) are compared with the database: equal means in
 * step; if the database merely has games beyond the index's highest id and the index holds exactly the
 * database's games up to that id, only those are added (catch-up); anything else is a rebuild.
 *
 * <p>Locking: adds share a read lock; commit, rebuild, catch-up and close take the write lock, so the
 * commit's recorded counts and the documents it contains always agree. A rebuild keeps searchers on the
 * old snapshot until it is complete, so nobody sees a half-built index.
 */
@ApplicationScoped
public class PositionIndex {
    private static final Logger LOG = Logger.getLogger(PositionIndex.class);

    /** Version of the document layout; bump it when {@link PositionDocs} changes, and indexes rebuild themselves. */
    static final String FORMAT = "2"; // 2: side to move, material, board and game text
    static final String DATA_FORMAT = "kifudb.format";
    static final String DATA_KEYS = "kifudb.keys";
    static final String DATA_GAMES = "kifudb.games";
    static final String DATA_MAX_ID = "kifudb.maxGameId";
    /** Games read from the database per transaction during a rebuild. */
    private static final int PAGE = 500;

    @ConfigProperty(name = "kifudb.index.dir")
    Path dir;

    @ConfigProperty(name = "kifudb.index.commit-interval", defaultValue = "30s")
    Duration commitInterval;

    @ConfigProperty(name = "kifudb.index.refresh-interval", defaultValue = "1s")
    Duration refreshInterval;

    @ConfigProperty(name = "kifudb.index.ram-buffer-mb", defaultValue = "64")
    double ramBufferMb;

    /** A {@code worker} process (kifudb.role=worker) keeps no index: the API instances index what its jobs store. */
    @ConfigProperty(name = "kifudb.role", defaultValue = "serve")
    String role;

    @Inject
    StoredGames store;

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    /** Guards refreshes against a rebuild starting in the middle of one. */
    private final Object refreshLock = new Object();
    private Directory directory;
    private IndexWriter writer;
    private volatile SearcherManager searchers;
    private volatile boolean open;
    private volatile boolean rebuilding;
    private final AtomicBoolean uncommitted = new AtomicBoolean();
    /** Games waiting to be indexed, at most this many (then the importer waits). */
    private static final int QUEUE_CAPACITY = 2000;
    private static final long QUEUE_WAIT_MILLIS = 30_000;
    private final java.util.concurrent.Semaphore queueSpace = new java.util.concurrent.Semaphore(QUEUE_CAPACITY);
    private final java.util.concurrent.atomic.AtomicLong queued = new java.util.concurrent.atomic.AtomicLong();
    private final Object indexedMonitor = new Object();
    private long indexed; // guarded by indexedMonitor
    private final java.util.concurrent.ExecutorService indexer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "position-indexer");
        t.setDaemon(true);
        return t;
    });
    /** When this process last added a game (nanoTime): the periodic database check waits for a quiet period. */
    private volatile long lastLocalAdd = System.nanoTime();
    /** Set when a game could not be added; the next periodic run re-checks against the database. */
    private final AtomicBoolean outOfStep = new AtomicBoolean();
    private volatile SyncReport lastSync;
    private ScheduledExecutorService scheduler;

    /** What a consistency check did. */
    public enum SyncAction { NONE, CAUGHT_UP, REBUILT }

    /** The outcome of {@link #sync()} or {@link #reindex()}: what was done and why, games and positions written. */
    public record SyncReport(SyncAction action, String why, long games, long positions, long millis) {}

    /** Counts of what the index holds now (uncommitted additions included). */
    public record Status(boolean open, long games, long maxGameId, long positions, boolean uncommittedChanges, SyncReport lastSync) {}

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

    // ---------------------------------------------------------------- lifecycle

    /** Whether this process keeps an index at all (not a {@code worker}). */
    public boolean kept() {
        return !"worker".equals(role);
    }

    /** Opens the index before anything else runs at startup (the corpus loader's imports are indexed as they come). */
    void onStart(@Observes @Priority(100) StartupEvent event) {
        if (!kept()) {
            LOG.info("no position index in a worker process: the API instances index the games its jobs store");
            return;
        }
        try {
            open();
        } catch (UncheckedIOException e) {
            if (!(e.getCause() instanceof LockObtainFailedException)) throw e;
            // Another process (a running service, while the import command runs) has the index open. The
            // database is the source of truth: games stored here are indexed by that process's periodic
            // check (or at its next start). Searches here answer 503 until the index can be opened.
            LOG.warnf("position index in %s is in use by another process; running without it (games stored here "
                    + "will be indexed by the process that has it)", dir.toAbsolutePath());
        }
        scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "position-index");
            t.setDaemon(true);
            return t;
        });
        if (commitInterval.toMillis() > 0)
            scheduler.scheduleWithFixedDelay(this::periodic, commitInterval.toMillis(), commitInterval.toMillis(), TimeUnit.MILLISECONDS);
        // Searches refresh when they find changes, but then the first search after a bulk import pays for
        // flushing all of it (1.5 s after 2000 games); refreshing in the background spreads that cost.
        if (refreshInterval.toMillis() > 0)
            scheduler.scheduleWithFixedDelay(this::backgroundRefresh, refreshInterval.toMillis(), refreshInterval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void backgroundRefresh() {
        // tryLock: never queue behind a rebuild or a commit; the next tick will do.
        if (!lock.readLock().tryLock()) return;
        try {
            if (open) refresh();
        } catch (IOException | RuntimeException e) {
            LOG.warn("position index: background refresh failed", e);
        } finally {
            lock.readLock().unlock();
        }
    }

    @PreDestroy
    void onStop() {
        // Index what is queued, then stop (no interrupt, see below).
        indexer.shutdown();
        try {
            if (!indexer.awaitTermination(60, TimeUnit.SECONDS)) LOG.warn("position index: games still queued at shutdown; the next start catches up");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (scheduler != null) {
            // Never interrupt: an interrupt during Lucene's file I/O closes its channels and with them the
            // writer (a "tragic" event), and the final commit would be lost. Periodic tasks stop being
            // scheduled; one already running finishes.
            scheduler.shutdown();
            try {
                if (!scheduler.awaitTermination(30, TimeUnit.SECONDS)) LOG.warn("position index: background task still running at shutdown");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        close();
    }

    private void periodic() {
        try {
            // Every quiet period, not only when marked out of step: another process (the import command, another
            // service instance on the same PostgreSQL) may have stored games this one never saw. Not while this
            // process is adding games itself: transactions that commit out of id order would look like a gap
            // and cost a needless rebuild; its own adds are checked when it is quiet again.
            boolean quiet = System.nanoTime() - lastLocalAdd > commitInterval.toNanos();
            if (outOfStep.getAndSet(false)) sync();
            else if (open && quiet) {
                lock.writeLock().lock();
                try {
                    if (open) lastSync = syncLocked(null, true);
                } finally {
                    lock.writeLock().unlock();
                }
            }
            if (uncommitted.get()) commit();
        } catch (RuntimeException e) {
            LOG.error("position index: periodic commit failed", e);
        }
    }

    /**
     * Opens the index directory (creating it if need be) and brings it in step with the database.
     *
     * @return what the consistency check did
     */
    public SyncReport open() {
        lock.writeLock().lock();
        try {
            if (open) return lastSync;
            Files.createDirectories(dir);
            directory = FSDirectory.open(dir);
            String why = null;
            if (!DirectoryReader.indexExists(directory)) {
                why = "no index in " + dir.toAbsolutePath();
                openWriter(IndexWriterConfig.OpenMode.CREATE);
            } else {
                try {
                    openWriter(IndexWriterConfig.OpenMode.APPEND);
                } catch (LockObtainFailedException e) {
                    throw e; // another process has it open: not ours to wipe
                } catch (IOException | RuntimeException e) {
                    // Unreadable (files missing, corrupt, another Lucene's format): it is only a copy, start afresh.
                    why = "unreadable index (" + e + ")";
                    LOG.warnf("position index in %s is unreadable, rebuilding it: %s", dir.toAbsolutePath(), e);
                    closeQuietly();
                    directory = FSDirectory.open(dir);
                    // Even OpenMode.CREATE reads the last commit point, and fails on the same damage: clear it.
                    for (String file : directory.listAll()) directory.deleteFile(file);
                    openWriter(IndexWriterConfig.OpenMode.CREATE);
                }
            }
            open = true;
            lastSync = syncLocked(why);
            return lastSync;
        } catch (IOException e) {
            closeQuietly();
            throw new UncheckedIOException("cannot open the position index in " + dir.toAbsolutePath(), e);
        } finally {
            lock.writeLock().unlock();
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

    /** Commits what is pending and closes the index; searches and adds fail or are skipped until {@link #open()}. */
    public void close() {
        awaitQueued();
        lock.writeLock().lock();
        try {
            if (!open) return;
            try {
                if (uncommitted.get()) commitLocked();
            } catch (IOException e) {
                LOG.error("position index: final commit failed; the next start will catch up from the database", e);
            }
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
        if (!kept()) return;
        // The game's transaction has committed: a failure here must not reach the importer's caller,
        // whose game is stored. The index is marked out of step and re-checked against the database.
        // Indexing (a second replay plus Lucene's work) runs on its own thread, so a bulk import keeps
        // both cores busy; searches wait for what was queued before them (see awaitQueued).
        GameData data = GameData.of(event.game());
        queueSpace.acquireUninterruptibly(); // a full queue slows the importer down instead of growing
        queued.incrementAndGet();
        try {
            indexer.execute(() -> {
                try {
                    add(data);
                } catch (RuntimeException e) {
                    outOfStep.set(true);
                    LOG.errorf(e, "position index: could not index game %d; it will be picked up from the database", data.id());
                } finally {
                    queueSpace.release();
                    synchronized (indexedMonitor) {
                        indexed++;
                        indexedMonitor.notifyAll();
                    }
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // Shutting down: the game is stored; the next start catches the index up.
            queueSpace.release();
            synchronized (indexedMonitor) {
                indexed++;
                indexedMonitor.notifyAll();
            }
            outOfStep.set(true);
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

    /** Indexes (or re-indexes) one game; visible to the next search, committed later. */
    public void add(GameData game) {
        PositionDocs.Built built = PositionDocs.build(game); // the replay, outside the lock
        if (built.error() != null)
            LOG.warnf("position index: game %d indexed up to ply %d only: %s", game.id(), built.positions() - 1, built.error());
        lock.readLock().lock();
        try {
            if (!open) {
                outOfStep.set(true);
                LOG.debugf("position index closed; game %d will be indexed when it is opened", game.id());
                return;
            }
            writer.updateDocuments(PositionDocs.gameTerm(game.id()), built.docs());
            uncommitted.set(true);
            lastLocalAdd = System.nanoTime();
        } catch (IOException e) {
            outOfStep.set(true);
            throw new UncheckedIOException(e);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Makes everything added so far durable. Bulk importers call this after each batch. */
    public void commit() {
        awaitQueued(); // what was stored before the commit is in it (before the lock: the indexer needs the read lock)
        lock.writeLock().lock();
        try {
            if (open) commitLocked();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Makes everything added so far visible to searches now (searches also do this themselves when needed). */
    public void flushAndRefresh() {
        awaitQueued();
        lock.readLock().lock();
        try {
            if (!open) return;
            writer.flush();
            refresh();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            lock.readLock().unlock();
        }
    }

    private void commitLocked() throws IOException {
        long[] counts = countGames();
        Map<String, String> data = new LinkedHashMap<>();
        data.put(DATA_FORMAT, FORMAT);
        data.put(DATA_KEYS, keysFingerprint());
        data.put(DATA_GAMES, Long.toString(counts[0]));
        data.put(DATA_MAX_ID, Long.toString(counts[1]));
        writer.setLiveCommitData(data.entrySet());
        writer.commit();
        uncommitted.set(false);
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
        long count = 0, max = 0;
        TermQuery games = new TermQuery(new Term(PositionDocs.TYPE, PositionDocs.TYPE_GAME));
        var weight = s.createWeight(s.rewrite(games), org.apache.lucene.search.ScoreMode.COMPLETE_NO_SCORES, 1f);
        for (LeafReaderContext leaf : s.getIndexReader().leaves()) {
            var scorer = weight.scorer(leaf);
            if (scorer == null) continue;
            NumericDocValues ids = DocValues.getNumeric(leaf.reader(), PositionDocs.GAME_ID);
            var live = leaf.reader().getLiveDocs();
            var it = scorer.iterator();
            for (int doc = it.nextDoc(); doc != org.apache.lucene.search.DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
                if (live != null && !live.get(doc)) continue;
                count++;
                if (ids.advanceExact(doc)) max = Math.max(max, ids.longValue());
            }
        }
        return new long[] {count, max};
    }

    // ---------------------------------------------------------------- consistency

    /** Checks the index against the database and catches up or rebuilds as needed (see the class comment). */
    public SyncReport sync() {
        awaitQueued(); // before the lock: the indexer needs the read lock to finish
        lock.writeLock().lock();
        try {
            if (!open) throw new IndexUnavailableException("the position index is closed");
            lastSync = syncLocked(null);
            return lastSync;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Clears the index and rebuilds it from the database. */
    public SyncReport reindex() {
        awaitQueued();
        lock.writeLock().lock();
        try {
            if (!open) throw new IndexUnavailableException("the position index is closed");
            lastSync = rebuildLocked("requested");
            return lastSync;
        } finally {
            lock.writeLock().unlock();
        }
    }

    private SyncReport syncLocked(String why) {
        return syncLocked(why, false);
    }

    /** @param quiet a periodic check: an index in step is logged at debug level only */
    private SyncReport syncLocked(String why, boolean quiet) {
        long t0 = System.nanoTime();
        outOfStep.set(false); // this check covers whatever set it
        try {
            Map<String, String> data = new HashMap<>();
            for (Map.Entry<String, String> e : writer.getLiveCommitData()) data.put(e.getKey(), e.getValue());
            if (why == null && !FORMAT.equals(data.get(DATA_FORMAT)))
                why = "index layout " + data.get(DATA_FORMAT) + ", this version writes " + FORMAT;
            if (why == null && !keysFingerprint().equals(data.get(DATA_KEYS)))
                why = "the position keys of the rules engine changed";
            if (why != null) return rebuildLocked(why);
            long[] indexed = countGames();
            StoredGames.Stats db = store.stats();
            if (indexed[0] == db.count() && indexed[1] == db.maxId()) {
                SyncReport r = new SyncReport(SyncAction.NONE, "in step: " + db.count() + " games up to id " + db.maxId(), 0, 0, millisSince(t0));
                if (quiet) LOG.debugf("position index %s: %s", dir, r.why());
                else LOG.infof("position index %s: %s", dir, r.why());
                return r;
            }
            String state = "index has " + indexed[0] + " games up to id " + indexed[1] + ", database " + db.count() + " up to id " + db.maxId();
            if (indexed[1] <= db.maxId() && store.countUpTo(indexed[1]) == indexed[0]) {
                long[] written = indexGamesAfter(indexed[1], false);
                commitLocked();
                refresh();
                SyncReport r = new SyncReport(SyncAction.CAUGHT_UP, state, written[0], written[1], millisSince(t0));
                LOG.infof("position index: caught up %d games (%s) in %d ms", r.games(), state, r.millis());
                return r;
            }
            return rebuildLocked(state);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private SyncReport rebuildLocked(String why) {
        long t0 = System.nanoTime();
        LOG.infof("position index: rebuilding from the database (%s)", why);
        synchronized (refreshLock) {
            rebuilding = true;
        }
        try {
            writer.deleteAll();
            long[] written = indexGamesAfter(0, true);
            commitLocked();
            SyncReport r = new SyncReport(SyncAction.REBUILT, why, written[0], written[1], millisSince(t0));
            LOG.infof("position index: rebuilt %d games, %d positions in %d ms", r.games(), r.positions(), r.millis());
            return r;
        } catch (IOException | RuntimeException e) {
            // Leave the last commit as it was: roll back the half-done rebuild and reopen from that commit,
            // so searches keep working; the next sync tries again.
            LOG.error("position index: rebuild failed", e);
            outOfStep.set(true);
            try {
                writer.rollback();
                searchers.close();
                openWriter(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
            } catch (IOException reopen) {
                open = false;
                closeQuietly();
                e.addSuppressed(reopen);
            }
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        } finally {
            synchronized (refreshLock) {
                rebuilding = false;
            }
            if (open) refreshQuietly();
        }
    }

    /**
     * Indexes every stored game with an id above afterId, a page (one transaction) at a time. The games of
     * a page are replayed and added in parallel: the replay (a legal-move generation per ply) costs about
     * as much as the indexing, and the IndexWriter takes documents from several threads.
     */
    private long[] indexGamesAfter(long afterId, boolean fresh) {
        long games = 0, positions = 0, last = afterId, nextLog = 10_000;
        while (true) {
            List<GameData> page = store.after(last, PAGE);
            if (page.isEmpty()) break;
            positions += page.parallelStream().mapToLong(g -> indexOne(g, fresh)).sum();
            games += page.size();
            uncommitted.set(true);
            last = page.get(page.size() - 1).id();
            if (games >= nextLog) {
                LOG.infof("position index: %d games, %d positions so far", games, positions);
                nextLog += 10_000;
            }
        }
        return new long[] {games, positions};
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

    /** What the index holds now. */
    public Status status() {
        awaitQueued();
        lock.readLock().lock();
        try {
            if (!open) return new Status(false, 0, 0, 0, false, lastSync);
            IndexSearcher s = acquire();
            try {
                long[] games = countGames(s);
                long positions = s.count(new TermQuery(new Term(PositionDocs.TYPE, PositionDocs.TYPE_POSITION)));
                return new Status(true, games[0], games[1], positions, uncommitted.get(), lastSync);
            } finally {
                searchers.release(s);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            lock.readLock().unlock();
        }
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
        awaitQueued();
        SearcherManager m = searchers;
        if (!open || m == null) throw new IndexUnavailableException("the position index is closed");
        refresh();
        return m.acquire();
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

    /** The games under a rule set that reach the position with this key (each once, at its first visit). */
    static Query positionQuery(RuleSet rules, long key) {
        // The key is already salted per rule set; the rules term also keeps a 64-bit collision across
        // rule sets from mixing them.
        return new BooleanQuery.Builder()
                .add(new TermQuery(new Term(PositionDocs.KEY, PositionDocs.keyBytes(key))), BooleanClause.Occur.FILTER)
                .add(new TermQuery(new Term(PositionDocs.RULES, rules.id)), BooleanClause.Occur.FILTER)
                .build();
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

    /** One page of the games that reached the position (transpositions included), sorted. */
    public Hits games(RuleSet rules, long key, Order order, int page, int size) {
        try {
            IndexSearcher s = acquire();
            try {
                return hits(s, positionQuery(rules, key), order, page, size);
            } finally {
                release(s);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Next moves from the position with results, plus one page of the games reaching it. */
    public Explorer explore(RuleSet rules, long key, Order order, int page, int size) {
        try {
            IndexSearcher s = acquire();
            try {
                Query q = positionQuery(rules, key);
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
