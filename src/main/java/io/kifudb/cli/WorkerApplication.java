package io.kifudb.cli;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.QuarkusApplication;

/**
 * The {@code worker} command inside Quarkus: the job workers ({@link io.kifudb.jobs.JobWorkers}) start with
 * the application; this only waits until the process is told to stop.
 */
public class WorkerApplication implements QuarkusApplication {
    @Override
    public int run(String... args) {
        Quarkus.waitForExit();
        return 0;
    }
}
