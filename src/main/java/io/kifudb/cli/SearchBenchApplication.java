package io.kifudb.cli;

import io.kifudb.importer.ImportJobs;
import io.kifudb.index.PositionIndex;
import io.quarkus.runtime.QuarkusApplication;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import picocli.CommandLine;

/** Runs {@link SearchBenchCommand} inside the service (HTTP on a free local port), then exits. */
public class SearchBenchApplication implements QuarkusApplication {
    @Inject
    ImportJobs jobs;

    @Inject
    PositionIndex index;

    @ConfigProperty(name = "quarkus.http.port")
    int port;

    @Override
    public int run(String... args) {
        return new CommandLine(new SearchBenchCommand(jobs, index, System.out, port)).execute(args);
    }
}
