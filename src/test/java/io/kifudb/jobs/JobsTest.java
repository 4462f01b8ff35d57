package io.kifudb.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kifudb.store.Job;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The job table's claim, lease and admission rules, on the configured database (H2 by default, PostgreSQL in
 * the second CI pass), with threads standing in for workers and instances. Each test uses a kind of its own
 * that no worker of the application runs, so only the test claims its jobs.
 */
@QuarkusTest
class JobsTest {
    @Inject
    Jobs jobs;

    record Params(int n) {}

    record Counter(int done) {}

    private static String kind() {
        return "test-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private long submit(String kind, int n) {
        return jobs.submit(Jobs.Submission.of(kind, new Params(n))).id;
    }

    private static void expireLease(long id) {
        QuarkusTransaction.requiringNew().run(() -> Job.update("leaseUntil = 0 where id = ?1", id));
    }

    @Test
    void workersClaimTheOldestJobsEachOnceAndNeverALiveOne() throws Exception {
        String kind = kind();
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 6; i++) ids.add(submit(kind, i));
        // six workers at once: each job goes to exactly one of them
        ExecutorService pool = Executors.newFixedThreadPool(6);
        List<Future<Jobs.Claim>> claims = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            String worker = "w" + i;
            claims.add(pool.submit(() -> jobs.claim(Set.of(kind), worker)));
        }
        List<Long> claimed = new ArrayList<>();
        for (Future<Jobs.Claim> f : claims) {
            Jobs.Claim c = f.get();
            assertThat(c).isNotNull();
            assertThat(c.attempt()).isEqualTo(1);
            assertThat(c.abandoned()).isFalse();
            claimed.add(c.id());
        }
        pool.shutdown();
        assertThat(claimed).containsExactlyInAnyOrderElementsOf(ids);
        // every job is running under a live lease: nothing more to claim
        assertThat(jobs.claim(Set.of(kind), "late")).isNull();

        // one at a time, the oldest first
        String other = kind();
        long first = submit(other, 1), second = submit(other, 2);
        assertThat(jobs.claim(Set.of(other), "w").id()).isEqualTo(first);
        assertThat(jobs.claim(Set.of(other), "w").id()).isEqualTo(second);
    }

    @Test
    void aJobWhoseLeaseRanOutIsClaimedAgainAndTheFormerWorkerCanWriteNothingMore() {
        String kind = kind();
        long id = submit(kind, 1);
        Jobs.Claim first = jobs.claim(Set.of(kind), "first");
        assertThat(jobs.renew(id, first.attempt())).isTrue();
        QuarkusTransaction.requiringNew().run(() -> jobs.advance(id, first.attempt(), Counter.class, c -> new Counter(10), 10));

        expireLease(id);
        Jobs.Claim second = jobs.claim(Set.of(kind), "second");
        assertThat(second.id()).isEqualTo(id);
        assertThat(second.attempt()).isEqualTo(2);
        assertThat(second.abandoned()).isTrue();
        // the new worker resumes from what the first committed
        assertThat(second.checkpoint()).isEqualTo(10);
        assertThat(Jobs.read(second.progress(), Counter.class).done()).isEqualTo(10);

        // the first worker is fenced out: no renewal, no progress, no checkpoint, no end
        assertThat(jobs.renew(id, first.attempt())).isFalse();
        assertThat(jobs.publish(id, first.attempt(), new Counter(99))).isFalse();
        assertThatThrownBy(() -> QuarkusTransaction.requiringNew().run(() -> jobs.advance(id, first.attempt(), Counter.class, c -> new Counter(20), 20)))
                .isInstanceOf(LeaseLostException.class);
        assertThatThrownBy(() -> jobs.finish(id, first.attempt(), Job.DONE, null, null, null)).isInstanceOf(LeaseLostException.class);
        Job row = jobs.get(kind, id);
        assertThat(row.checkpoint).isEqualTo(10);
        assertThat(row.status).isEqualTo(Job.RUNNING);

        // the second worker's writes stand
        QuarkusTransaction.requiringNew().run(() -> jobs.advance(id, second.attempt(), Counter.class, c -> new Counter(c.done() + 5), 15));
        jobs.finish(id, second.attempt(), Job.DONE, null, Map.of("ok", true), null);
        row = jobs.get(kind, id);
        assertThat(row.status).isEqualTo(Job.DONE);
        assertThat(row.checkpoint).isEqualTo(15);
        assertThat(Jobs.read(row.progress, Counter.class).done()).isEqualTo(15);
        assertThat(row.finishedAt).isNotNull();
        assertThat(row.leaseUntil).isNull();
    }

    @Test
    void aJobHandedBackIsQueuedWithItsCheckpointAndResumedByTheNextClaim() {
        String kind = kind();
        long id = submit(kind, 1);
        Jobs.Claim first = jobs.claim(Set.of(kind), "stopping");
        QuarkusTransaction.requiringNew().run(() -> jobs.advance(id, first.attempt(), Counter.class, c -> new Counter(7), 7));
        jobs.release(id, first.attempt(), null);
        assertThat(jobs.get(kind, id).status).isEqualTo(Job.QUEUED);
        Jobs.Claim next = jobs.claim(Set.of(kind), "next");
        assertThat(next.id()).isEqualTo(id);
        assertThat(next.abandoned()).isFalse();
        assertThat(next.checkpoint()).isEqualTo(7);
    }

    @Test
    void cancellingStopsAQueuedJobAtOnceAndAsksARunningOneToStop() {
        String kind = kind();
        long queued = submit(kind, 1);
        assertThat(jobs.cancel(queued).status).isEqualTo(Job.CANCELLED);
        assertThat(jobs.claim(Set.of(kind), "w")).as("a cancelled job is never claimed").isNull();

        long running = submit(kind, 2);
        Jobs.Claim c = jobs.claim(Set.of(kind), "w");
        Job after = jobs.cancel(running);
        assertThat(after.status).isEqualTo(Job.RUNNING);
        assertThat(jobs.states(List.of(running)).get(running).cancelRequested()).isTrue();
        jobs.finish(running, c.attempt(), Job.CANCELLED, null, null, null);
        assertThat(jobs.get(kind, running).status).isEqualTo(Job.CANCELLED);

        // a running job whose worker is gone (lease ran out) is cancelled at once
        long orphan = submit(kind, 3);
        jobs.claim(Set.of(kind), "dead");
        expireLease(orphan);
        assertThat(jobs.cancel(orphan).status).isEqualTo(Job.CANCELLED);
        assertThat(jobs.cancel(987_654_321L)).isNull();
    }

    @Test
    void admissionCountsTheQueueAndTheAnonymousQuotaOverConcurrentSubmissions() throws Exception {
        String kind = kind();
        // twelve submissions at once, as from several instances: exactly the queue's five get in
        ExecutorService pool = Executors.newFixedThreadPool(12);
        List<Future<Boolean>> results = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            int n = i;
            Callable<Boolean> submit = () -> {
                try {
                    jobs.submit(Jobs.Submission.of(kind, new Params(n)).queueLimit(5));
                    return true;
                } catch (JobRefusedException e) {
                    assertThat(e.reason).isEqualTo(JobRefusedException.Reason.QUEUE_FULL);
                    return false;
                }
            };
            results.add(pool.submit(submit));
        }
        int accepted = 0;
        for (Future<Boolean> r : results) if (r.get()) accepted++;
        pool.shutdown();
        assertThat(accepted).isEqualTo(5);
        assertThat(jobs.count(kind, Job.QUEUED)).isEqualTo(5);
        // a running job leaves the queue, and its place is free
        jobs.claim(Set.of(kind), "w");
        jobs.submit(Jobs.Submission.of(kind, new Params(99)).queueLimit(5));

        String anonymousKind = kind();
        jobs.submit(Jobs.Submission.of(anonymousKind, new Params(1)).anonymous(2));
        jobs.submit(Jobs.Submission.of(anonymousKind, new Params(2)).anonymous(2));
        assertThatThrownBy(() -> jobs.submit(Jobs.Submission.of(anonymousKind, new Params(3)).anonymous(2)))
                .isInstanceOfSatisfying(JobRefusedException.class, e -> assertThat(e.reason).isEqualTo(JobRefusedException.Reason.ANONYMOUS_QUOTA));
        // jobs with a key are not counted against the anonymous quota
        jobs.submit(Jobs.Submission.of(anonymousKind, new Params(4)).owner("key:test"));
    }

    @Test
    void uploadsAreKeptWithTheJobUntilItEnds() {
        String kind = kind();
        byte[] big = new byte[300_000];
        for (int i = 0; i < big.length; i++) big[i] = (byte) i;
        long id = jobs.submit(Jobs.Submission.of(kind, new Params(1))
                .files(List.of(new Jobs.File("a.ndjson", "7i7h\n".getBytes()), new Jobs.File("b.zip", big)))).id;
        List<Jobs.File> files = jobs.files(id);
        assertThat(files).extracting(Jobs.File::name).containsExactly("a.ndjson", "b.zip");
        assertThat(files.get(1).bytes()).isEqualTo(big);
        Jobs.Claim c = jobs.claim(Set.of(kind), "w");
        jobs.finish(id, c.attempt(), Job.DONE, null, null, null);
        assertThat(jobs.files(id)).isEmpty();
    }
}
