package io.kifudb.api;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.infrastructure.Infrastructure;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A job's progress as a server-sent event stream: the job's state is polled, each change is sent, and the
 * stream ends after the first finished state (or when the job is gone). Jobs publish immutable snapshots,
 * so polling them costs nothing and needs no listener bookkeeping in the jobs themselves.
 */
final class ProgressStream {
    private ProgressStream() {}

    static <T> Multi<T> of(Supplier<T> current, Predicate<T> finished, Duration period) {
        T first = current.get();
        if (first == null || finished.test(first)) return first == null ? Multi.createFrom().empty() : Multi.createFrom().item(first);
        return Multi.createFrom().emitter(emitter -> {
            AtomicReference<T> last = new AtomicReference<>();
            ScheduledFuture<?> poll = Infrastructure.getDefaultWorkerPool().scheduleAtFixedRate(() -> {
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
}
