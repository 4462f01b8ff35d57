package io.kifudb.api;

import io.kifudb.index.PositionIndex;
import io.kifudb.jobs.JobWorkers;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * SIGTERM and SIGINT end the jobs first, then the application. A plain JVM exit runs every shutdown hook at
 * once, and the embedded H2 database has a hook of its own that closes it (it cannot be turned off with
 * AUTO_SERVER, which the import command needs): a job ending during the shutdown could then not store its
 * last state. Here the job workers stop their jobs (an import after the batch it is storing, an analysis
 * caching what it found, an experiment after the games in progress) and hand each back to the queue, where
 * the next worker resumes it, and the position index stops polling the database (the next start catches
 * up with what it did not read); only then does the JVM exit (Quarkus's own shutdown, which commits the index,
 * follows as usual).
 */
@ApplicationScoped
public class GracefulStop {
    private static final Logger LOG = Logger.getLogger(GracefulStop.class);

    @Inject
    JobWorkers workers;

    @Inject
    PositionIndex index;

    @ConfigProperty(name = "quarkus.http.host-enabled", defaultValue = "true")
    boolean serving;

    /** Set by the first signal: a second one (a supervisor that signals the process and its group) finds the stop under way. */
    private final AtomicBoolean stopping = new AtomicBoolean();

    void install(@Observes StartupEvent event) {
        // Only the service run from the jar: tests and the command-line database commands keep the JVM's handling.
        if (LaunchMode.current() != LaunchMode.NORMAL || !serving) return;
        for (String name : new String[] {"TERM", "INT"}) {
            int exitCode = 128 + (name.equals("TERM") ? 15 : 2);
            try {
                // Not on the signal thread: stopping waits for the jobs.
                onSignal(name, () -> new Thread(() -> stopThenExit(name, exitCode), "kifudb-stop").start());
            } catch (ReflectiveOperationException | IllegalArgumentException unavailable) {
                LOG.debugf("signal %s cannot be handled here; the JVM's default applies", name);
            }
        }
    }

    /**
     * {@code sun.misc.Signal.handle(new Signal(name), signal -> action.run())}: the JDK's only way to act on a
     * signal before the shutdown hooks run (module jdk.unsupported, kept for this use). Called by reflection
     * because javac warns about every compile-time use of it, and no option turns that warning off.
     */
    private static void onSignal(String name, Runnable action) throws ReflectiveOperationException {
        Class<?> signal = Class.forName("sun.misc.Signal");
        Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
        Object handler = Proxy.newProxyInstance(GracefulStop.class.getClassLoader(), new Class<?>[] {handlerType},
                (proxy, method, args) -> switch (method.getName()) {
                    case "handle" -> {
                        action.run();
                        yield null;
                    }
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> "kifudb SIG" + name + " handler";
                });
        try {
            signal.getMethod("handle", signal, handlerType).invoke(null, signal.getConstructor(String.class).newInstance(name), handler);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException unavailable) throw unavailable;
            throw e;
        }
    }

    private void stopThenExit(String signal, int exitCode) {
        if (!stopping.compareAndSet(false, true)) {
            LOG.debugf("SIG%s: already stopping", signal);
            return;
        }
        LOG.infof("SIG%s: ending the jobs before stopping", signal);
        try {
            workers.stop();
            index.stopReadingDatabase();
        } finally {
            System.exit(exitCode);
        }
    }
}
