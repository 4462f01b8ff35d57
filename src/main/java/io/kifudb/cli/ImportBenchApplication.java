package io.kifudb.cli;

import io.kifudb.importer.ImportJobs;
import io.kifudb.index.PositionIndex;
import io.kifudb.index.StoredGames;
import io.quarkus.runtime.QuarkusApplication;
import jakarta.inject.Inject;
import picocli.CommandLine;

/** Runs {@link ImportBenchCommand} inside Quarkus, then exits. */
public class ImportBenchApplication implements QuarkusApplication {
    @Inject
    ImportJobs jobs;

    @Inject
    PositionIndex index;

    @Inject
    StoredGames store;

    @Override
    public int run(String... args) {
        return new CommandLine(new ImportBenchCommand(jobs, index, store, System.out)).execute(args);
    }
}
