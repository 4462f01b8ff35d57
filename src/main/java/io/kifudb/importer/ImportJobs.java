package io.kifudb.importer;

import io.kifudb.jobs.JobFailedException;
import io.kifudb.jobs.JobKind;
import io.kifudb.jobs.JobRefusedException;
import io.kifudb.jobs.Jobs;
import io.kifudb.jobs.QueueFullException;
import io.kifudb.jobs.RunningJob;
import io.kifudb.notation.RecordFiles;
import io.kifudb.rules.RuleSet;
import io.kifudb.store.ImportOutcome;
import io.kifudb.store.Job;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Bulk import jobs (kind {@code import}): the uploads are kept with the job in the database, so any worker
 * can run it. A job reads its files, then stores the records batch after batch; each batch's games, their
 * outcomes and the job's counters and checkpoint are one transaction. So a job never reports a game that
 * is not stored, and a job claimed again after its worker died resumes after its last committed batch,
 * storing nothing twice.
 */
@ApplicationScoped
public class ImportJobs implements JobKind {
    private static final Logger LOG = Logger.getLogger(ImportJobs.class);
    public static final String KIND = "import";
    /** Records stored per transaction (a failing batch is retried record by record). */
    private static final int BATCH = 50;

    @Inject
    GameImporter importer;

    @Inject
    Jobs jobs;

    @Inject
    io.micrometer.core.instrument.MeterRegistry metrics;

    @ConfigProperty(name = "kifudb.import.workers", defaultValue = "1")
    int workers;

    @ConfigProperty(name = "kifudb.import.queue-size", defaultValue = "16")
    int queueSize;

    @ConfigProperty(name = "kifudb.import.max-records", defaultValue = "200000")
    int maxRecords;

    /** Checks the next batch of a running job while its current batch is stored. */
    private final ExecutorService checker = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "kifudb-import-check");
        t.setDaemon(true);
        return t;
    });

    /** One uploaded or named file. */
    public record Upload(String name, byte[] bytes) {}

    /** What a job was asked to do (its row's params). */
    record Params(String rules, boolean lenient, int files) {}

    /** A job's counters (its row's progress): committed together with the records they count. */
    record Counters(int total, int imported, int duplicates, int failed) {
        static final Counters NONE = new Counters(0, 0, 0, 0);

        int processed() {
            return imported + duplicates + failed;
        }

        Counters withTotal(int n) {
            return new Counters(n, imported, duplicates, failed);
        }

        Counters plus(List<RecordOutcome> outcomes) {
            int i = imported, d = duplicates, f = failed;
            for (RecordOutcome o : outcomes) {
                switch (o.kind()) {
                    case IMPORTED -> i++;
                    case DUPLICATE -> d++;
                    case FAILED -> f++;
                }
            }
            return new Counters(total, i, d, f);
        }
    }

    /** A job's counters as they stand. */
    public record Progress(long id, String status, String rules, boolean lenient, int files, int total, int imported, int duplicates,
                           int failed, String error) {
        public int processed() {
            return imported + duplicates + failed;
        }

        public boolean finished() {
            return Job.finished(status);
        }

        public static Progress of(Job j) {
            Params p = Jobs.read(j.params, Params.class);
            Counters c = j.progress == null ? Counters.NONE : Jobs.read(j.progress, Counters.class);
            return new Progress(j.id, j.status, p.rules(), p.lenient(), p.files(), c.total(), c.imported(), c.duplicates(), c.failed(), j.error);
        }
    }

    @Override
    public String id() {
        return KIND;
    }

    @Override
    public int workers() {
        return workers;
    }

    @Override
    public boolean forgetFinished() {
        return false;
    }

    /** {@link #submit(List, RuleSet, boolean, String)} without an owner (the command-line benchmarks). */
    public Progress submit(List<Upload> files, RuleSet rules, boolean lenient) {
        return submit(files, rules, lenient, null);
    }

    /**
     * Queues a job over the files.
     *
     * @param rules the rule set for every record, or null for each record's own (else its format's default)
     * @param owner the API key's digest, for the per-key quota (null: not counted)
     * @throws QueueFullException when the queue is full
     * @throws JobRefusedException when the owner's quota is reached
     */
    public Progress submit(List<Upload> files, RuleSet rules, boolean lenient, String owner) {
        List<Jobs.File> kept = files.stream().map(f -> new Jobs.File(f.name(), f.bytes())).toList();
        try {
            Job j = jobs.submit(Jobs.Submission.of(KIND, new Params(rules == null ? null : rules.id, lenient, files.size()))
                    .progress(Counters.NONE).owner(owner).queueLimit(queueSize).files(kept));
            return Progress.of(j);
        } catch (JobRefusedException e) {
            if (e.reason != JobRefusedException.Reason.QUEUE_FULL) throw e;
            throw new QueueFullException("the import queue is full (" + queueSize + " jobs waiting); try again later");
        }
    }

    /** The job's counters as stored; null if there is no such import job. */
    public Progress progress(long id) {
        Job j = jobs.get(KIND, id);
        return j == null ? null : Progress.of(j);
    }

    /** The job's row (for its timestamps), or null. */
    public Job row(long id) {
        return jobs.get(KIND, id);
    }

    /**
     * Cancels a job: a queued one never runs; a running one stops after the batch it is storing (the
     * records counted as imported stay stored).
     *
     * @return the job after the request, or null if there is no such import job
     */
    public Progress cancel(long id) {
        if (jobs.get(KIND, id) == null) return null;
        Job j = jobs.cancel(id);
        return j == null ? null : Progress.of(j);
    }

    // ---------------------------------------------------------------- running

    @Override
    public Object run(RunningJob job) {
        Params params = job.params(Params.class);
        RuleSet rules = params.rules() == null ? null : RuleSet.byId(params.rules());
        int from = job.checkpoint();
        if (from == 0) LOG.infof("import job %d started: %d file(s), rules %s%s", job.id(), params.files(),
                rules == null ? "as recorded" : rules.id, params.lenient() ? ", lenient" : "");
        else LOG.infof("import job %d resumed after record %d (claim %d)", job.id(), from, job.attempt());
        List<RecordFiles.Item> items = new ArrayList<>();
        for (Jobs.File f : job.files()) {
            items.addAll(RecordFiles.read(f.name(), f.bytes(), rules));
            if (items.size() > maxRecords)
                throw new JobFailedException("the files hold more than " + maxRecords + " records (kifudb.import.max-records); nothing imported");
        }
        Counters c = job.advanceNow(Counters.class, stored -> (stored == null ? Counters.NONE : stored).withTotal(items.size()), from);
        boolean lenient = params.lenient();
        // Checking (the rules engine, no database) runs one batch ahead on its own thread while the previous
        // batch is stored: the two halves of the work overlap on two cores.
        Future<GameImporter.CheckedBatch> next = from >= items.size() ? null : checkAhead(items, from, lenient);
        for (int at = from; at < items.size(); at += BATCH) {
            GameImporter.CheckedBatch batch = await(next);
            int after = at + BATCH;
            next = after >= items.size() ? null : checkAhead(items, after, lenient);
            if (job.stopping()) {
                if (next != null) next.cancel(false);
                LOG.infof("import job %d stopping after %d of %d records (%s)", job.id(), c.processed(), c.total(),
                        job.cancelRequested() ? "cancelled" : "handed back");
                return null;
            }
            int last = Math.min(items.size(), after);
            Counters[] committed = new Counters[1];
            List<RecordOutcome> outcomes = importer.store(batch, part -> {
                writeOutcomes(job.id(), part);
                committed[0] = job.advance(Counters.class, stored -> stored.plus(part), part.get(part.size() - 1).seq());
            });
            c = committed[0];
            for (RecordOutcome o : outcomes) metrics.counter("kifudb.import.records", "outcome", o.kind().id()).increment();
            if (c.processed() != last) throw new IllegalStateException("import job " + job.id() + ": " + c.processed() + " records counted after " + last);
        }
        LOG.infof("import job %d done: %d records, %d imported, %d duplicates, %d failed", job.id(), c.total(), c.imported(), c.duplicates(), c.failed());
        return null;
    }

    private Future<GameImporter.CheckedBatch> checkAhead(List<RecordFiles.Item> items, int from, boolean lenient) {
        return checker.submit(() -> importer.check(from + 1, items.subList(from, Math.min(items.size(), from + BATCH)), lenient));
    }

    private static GameImporter.CheckedBatch await(Future<GameImporter.CheckedBatch> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking records", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /** In the batch's transaction: what became of each record. */
    private static void writeOutcomes(long jobId, List<RecordOutcome> outcomes) {
        for (RecordOutcome o : outcomes) {
            ImportOutcome row = new ImportOutcome();
            row.jobId = jobId;
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
    }

    private static String truncate(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }
}
