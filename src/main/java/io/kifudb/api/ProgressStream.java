package io.kifudb.api;

import io.smallrye.mutiny.Multi;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A job's progress as a server-sent event stream: the job's row is polled, each change is sent, and the
 * stream ends after the first finished state (or when the job is gone). The row is where every worker
 * writes its job's progress (a few times a second), so a stream served by any instance follows a job run
 * by any worker, and the jobs need no listener bookkeeping. The polls read the database, so they run on
 * threads of their own, never on an event loop.
 */
final class ProgressStream {
    private static final ScheduledExecutorService POLLS = Executors.newScheduledThreadPool(2, r -> {
        Thread t = new Thread(r, "kifudb-progress-stream");
        t.setDaemon(true);
        return t;
    });

    /** How long the answer to a cancel waits for the job to stop (the operations' descriptions say 2 s). */
    static final Duration CANCEL_WAIT = Duration.ofSeconds(2);

    private ProgressStream() {}

    static <T> Multi<T> of(Supplier<T> current, Predicate<T> finished, Duration period) {
        T first = current.get();
        if (first == null || finished.test(first)) return first == null ? Multi.createFrom().empty() : Multi.createFrom().item(first);
        return Multi.createFrom().emitter(emitter -> {
            AtomicReference<T> last = new AtomicReference<>();
            ScheduledFuture<?> poll = POLLS.scheduleWithFixedDelay(() -> {
                try {
                    T s = current.get();
                    if (s == null) {
                        emitter.complete();
                        return;
                    }
                    if (!Objects.equals(s, last.getAndSet(s))) emitter.emit(s);
                    if (finished.test(s)) emitter.complete();
                } catch (RuntimeException e) {
                    emitter.fail(e);
                }
            }, 0, period.toMillis(), TimeUnit.MILLISECONDS);
            emitter.onTermination(() -> poll.cancel(false));
        });
    }

    /**
     * The job as it ends: {@code state} polled again through {@code current} until it is finished, gone
     * or {@code max} has passed (then the last state read). For the answer to a cancel, which should show
     * the job stopped rather than as it was when told to stop.
     */
    static <T> T untilFinished(T state, Supplier<T> current, Predicate<T> finished, Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        while (!finished.test(state) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            T now = current.get();
            if (now == null) break;
            state = now;
        }
        return state;
    }
}
