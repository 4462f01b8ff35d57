package io.kifudb.importer;

import io.kifudb.notation.RecordFiles;
import io.kifudb.rules.RuleSet;
import io.kifudb.store.ImportJob;
import io.kifudb.store.ImportOutcome;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Bulk import jobs: a bounded queue in front of a small worker pool. A job reads its files, then imports
 * record after record (each its own transaction, see {@link GameImporter}); counters and per-record
 * outcomes are written to the database in batches, only after the records they count are committed, so
 * a job never reports a game that is not stored.
 */
@ApplicationScoped
public class ImportJobs {
    private static final Logger LOG = Logger.getLogger(ImportJobs.class);
    /** Outcomes and counters are flushed at least this often (records, milliseconds). */
    private static final int FLUSH_RECORDS = 200;
    private static final long FLUSH_MILLIS = 500;
    /** Finished jobs whose last state stays in memory for progress streams. */
    private static final int RECENT_FINISHED = 64;
    /** Records stored per transaction (a failing batch is retried record by record). */
    private static final int BATCH = 50;

    @Inject
    GameImporter importer;

    @Inject
    io.micrometer.core.instrument.MeterRegistry metrics;

    @ConfigProperty(name = "kifudb.import.workers", defaultValue = "1")
    int workers;

    @ConfigProperty(name = "kifudb.import.queue-size", defaultValue = "16")
    int queueSize;

    @ConfigProperty(name = "kifudb.import.max-records", defaultValue = "200000")
    int maxRecords;

    /** Uploads of queued jobs wait on disk, not in memory: a full queue of large uploads costs no heap. */
    @ConfigProperty(name = "kifudb.data-dir")
    Path dataDir;

    private Path spool;

    /** An upload waiting for its job, in a file of the spool folder (deleted when the job ends). */
    private record Spooled(String name, Path file) {}

    private ThreadPoolExecutor executor;
    /** Checks the next batch of a running job while its current batch is stored. */
    private final java.util.concurrent.ExecutorService checker = java.util.concurrent.Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "kifudb-import-check");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean stopping;
    private final Map<Long, Progress> live = new ConcurrentHashMap<>();
    private final Map<Long, Progress> recent = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Progress> eldest) {
            return size() > RECENT_FINISHED;
        }
    });

    /** One uploaded or named file. */
    public record Upload(String name, byte[] bytes) {}

    /** A job's counters as they stand. */
    public record Progress(long id, String status, int files, int total, int imported, int duplicates, int failed, String error) {
        public int processed() {
            return imported + duplicates + failed;
        }

        public boolean finished() {
            return ImportJob.DONE.equals(status) || ImportJob.FAILED.equals(status);
        }

        static Progress of(ImportJob j) {
            return new Progress(j.id, j.status, j.files, j.total, j.imported, j.duplicates, j.failed, j.error);
        }
    }

    /** Thrown when the queue is full; the caller answers 429. */
    public static final class QueueFullException extends RuntimeException {
        public QueueFullException(String message) {
            super(message);
        }
    }

    void onStart(@Observes StartupEvent event) {
        spool = dataDir.resolve("import-spool");
        try {
            // What a previous process left here belongs to jobs marked failed just below.
            if (Files.isDirectory(spool))
                try (var old = Files.list(spool)) {
                    for (Path f : old.toList()) Files.deleteIfExists(f);
                }
            Files.createDirectories(spool);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the import spool folder " + spool.toAbsolutePath(), e);
        }
        executor = new ThreadPoolExecutor(workers, workers, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(queueSize),
                r -> {
                    Thread t = new Thread(r, "kifudb-import");
                    t.setDaemon(true);
                    return t;
                });
        // A job left queued or running by a previous process cannot resume (its upload is gone): say so.
        int stale = QuarkusTransaction.requiringNew().call(() -> ImportJob.update(
                "status = ?1, error = ?2, finishedAt = ?3 where status in (?4, ?5)", ImportJob.FAILED,
                "interrupted: the service stopped before the job finished; records counted as imported are stored",
                Instant.now(), ImportJob.QUEUED, ImportJob.RUNNING));
        if (stale > 0) LOG.warnf("%d import job(s) were interrupted by the last shutdown and are marked failed", stale);
    }

    void onStop(@Observes ShutdownEvent event) {
        stopJobs();
    }

    /** Ends the jobs (also called before the JVM exits on a signal, see GracefulStop); a second call does nothing more. */
    public synchronized void stopJobs() {
        if (executor == null) return;
        // Running jobs see the flag between two batches and stop there, marking themselves failed. No
        // interrupt: it would close the position index's files under a worker that is indexing a game.
        stopping = true;
        executor.shutdown();
        executor.getQueue().clear();
        try {
            if (!executor.awaitTermination(20, TimeUnit.SECONDS)) LOG.warn("import jobs did not stop within 20 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Queues a job over the files.
     *
     * @param rules the rule set for every record, or null for each record's own (else its format's default)
     * @throws QueueFullException when the queue is full
     */
    public Progress submit(List<Upload> files, RuleSet rules, boolean lenient) {
        ImportJob job = QuarkusTransaction.requiringNew().call(() -> {
            ImportJob j = new ImportJob();
            j.status = ImportJob.QUEUED;
            j.rules = rules == null ? null : rules.id;
            j.lenient = lenient;
            j.files = files.size();
            j.createdAt = Instant.now();
            j.persist();
            return j;
        });
        Progress queued = Progress.of(job);
        List<Spooled> spooled = new ArrayList<>(files.size());
        try {
            for (int i = 0; i < files.size(); i++) {
                Path f = spool.resolve(job.id + "-" + i);
                Files.write(f, files.get(i).bytes());
                spooled.add(new Spooled(files.get(i).name(), f));
            }
        } catch (IOException e) {
            delete(spooled);
            QuarkusTransaction.requiringNew().run(() -> ImportJob.deleteById(job.id));
            throw new UncheckedIOException("cannot keep the upload for the job in " + spool.toAbsolutePath(), e);
        }
        live.put(job.id, queued);
        try {
            executor.execute(() -> run(job.id, spooled, rules, lenient));
        } catch (RejectedExecutionException e) {
            live.remove(job.id);
            delete(spooled);
            QuarkusTransaction.requiringNew().run(() -> ImportJob.deleteById(job.id));
            throw new QueueFullException("the import queue is full (" + queueSize + " jobs waiting); try again later");
        }
        return queued;
    }

    /** Whether the job is queued or running here. */
    public boolean active(long id) {
        return live.containsKey(id);
    }

    /** The job's counters: live while it runs here, else as stored; null if there is no such job. */
    public Progress progress(long id) {
        Progress p = live.get(id);
        if (p == null) p = recent.get(id);
        if (p != null) return p;
        ImportJob j = QuarkusTransaction.joiningExisting().call(() -> ImportJob.findById(id));
        return j == null ? null : Progress.of(j);
    }

    private void run(long id, List<Spooled> files, RuleSet rules, boolean lenient) {
        // Every log line of the job carries its id (a field of its own in the JSON logs).
        MDC.put("job", "import-" + id);
        try {
            LOG.infof("import job %d started: %d file(s), rules %s%s", id, files.size(), rules == null ? "as recorded" : rules.id,
                    lenient ? ", lenient" : "");
            runJob(id, files, rules, lenient);
        } finally {
            delete(files);
            MDC.remove("job");
        }
    }

    private static void delete(List<Spooled> files) {
        for (Spooled f : files) {
            try {
                Files.deleteIfExists(f.file());
            } catch (IOException e) {
                LOG.warnf("could not delete the spooled upload %s: %s", f.file(), e.getMessage());
            }
        }
    }

    private void runJob(long id, List<Spooled> files, RuleSet rules, boolean lenient) {
        Instant started = Instant.now();
        QuarkusTransaction.requiringNew().run(() -> ImportJob.update("status = ?1, startedAt = ?2 where id = ?3", ImportJob.RUNNING, started, id));
        Counters c = new Counters(id, files.size());
        c.status = ImportJob.RUNNING;
        c.publish();
        try {
            List<RecordFiles.Item> items = new ArrayList<>();
            for (Spooled f : files) {
                byte[] bytes;
                try {
                    bytes = Files.readAllBytes(f.file());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                items.addAll(RecordFiles.read(f.name(), bytes, rules));
                if (items.size() > maxRecords) {
                    finish(c, ImportJob.FAILED, "the files hold more than " + maxRecords + " records (kifudb.import.max-records); nothing imported");
                    return;
                }
            }
            c.total = items.size();
            c.publish();
            List<RecordOutcome> pending = new ArrayList<>();
            long lastFlush = System.currentTimeMillis();
            // Checking (the rules engine, no database) runs one batch ahead on its own thread while the
            // previous batch is stored: the two halves of the work overlap on two cores.
            java.util.concurrent.Future<GameImporter.CheckedBatch> next = items.isEmpty() ? null
                    : checker.submit(() -> importer.check(1, items.subList(0, Math.min(items.size(), BATCH)), lenient));
            for (int from = 0; from < items.size(); from += BATCH) {
                GameImporter.CheckedBatch batch = await(next);
                int after = from + BATCH;
                next = after >= items.size() ? null
                        : checker.submit(() -> importer.check(after + 1, items.subList(after, Math.min(items.size(), after + BATCH)), lenient));
                if (stopping) {
                    if (next != null) next.cancel(false);
                    flush(c, pending);
                    finish(c, ImportJob.FAILED, "interrupted by shutdown after " + c.processed() + " of " + c.total
                            + " records; records counted as imported are stored");
                    return;
                }
                for (RecordOutcome o : importer.store(batch)) {
                    pending.add(o);
                    c.count(o);
                    metrics.counter("kifudb.import.records", "outcome", o.kind().id()).increment();
                }
                c.publish();
                long now = System.currentTimeMillis();
                if (pending.size() >= FLUSH_RECORDS || now - lastFlush >= FLUSH_MILLIS) {
                    flush(c, pending);
                    lastFlush = now;
                }
            }
            flush(c, pending);
            finish(c, ImportJob.DONE, null);
        } catch (RuntimeException e) {
            LOG.errorf(e, "import job %d failed", id);
            finish(c, ImportJob.FAILED, "internal error: " + e.getMessage());
        }
    }

    private static GameImporter.CheckedBatch await(java.util.concurrent.Future<GameImporter.CheckedBatch> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking records", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /** Writes the pending outcomes and the counters in one transaction. */
    private void flush(Counters c, List<RecordOutcome> pending) {
        List<RecordOutcome> batch = List.copyOf(pending);
        pending.clear();
        QuarkusTransaction.requiringNew().run(() -> {
            for (RecordOutcome o : batch) {
                ImportOutcome row = new ImportOutcome();
                row.jobId = c.id;
                row.seq = o.seq();
                row.source = truncate(o.source(), 512);
                row.line = o.line();
                row.record = o.record();
                row.outcome = o.kind().id();
                row.gameId = o.gameId();
                row.ply = o.ply();
                row.move = truncate(o.move(), 64);
                row.reason = truncate(o.reason(), 512);
                row.persist();
            }
            ImportJob.update("total = ?1, imported = ?2, duplicates = ?3, failed = ?4 where id = ?5",
                    c.total, c.imported, c.duplicates, c.failed, c.id);
        });
        c.publish();
    }

    private void finish(Counters c, String status, String error) {
        c.status = status;
        c.error = error;
        QuarkusTransaction.requiringNew().run(() -> ImportJob.update(
                "status = ?1, error = ?2, finishedAt = ?3, total = ?4, imported = ?5, duplicates = ?6, failed = ?7 where id = ?8",
                status, truncate(error, 512), Instant.now(), c.total, c.imported, c.duplicates, c.failed, c.id));
        Progress last = c.snapshot();
        recent.put(c.id, last);
        live.remove(c.id);
        if (error == null) LOG.infof("import job %d %s: %d records, %d imported, %d duplicates, %d failed", c.id, status, c.total, c.imported, c.duplicates, c.failed);
        else LOG.warnf("import job %d %s: %s", c.id, status, error);
    }

    /** Counters of a running job, owned by its worker thread and published as immutable snapshots. */
    private final class Counters {
        final long id;
        final int files;
        String status;
        String error;
        int total, imported, duplicates, failed;

        Counters(long id, int files) {
            this.id = id;
            this.files = files;
        }

        int processed() {
            return imported + duplicates + failed;
        }

        void count(RecordOutcome o) {
            switch (o.kind()) {
                case IMPORTED -> imported++;
                case DUPLICATE -> duplicates++;
                case FAILED -> failed++;
            }
        }

        Progress snapshot() {
            return new Progress(id, status, files, total, imported, duplicates, failed, error);
        }

        /** Makes the counters visible to readers; called only after the records they count are committed. */
        void publish() {
            live.put(id, snapshot());
        }
    }

    private static String truncate(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }
}
