package io.kifudb.cli;

import io.kifudb.importer.GameImporter;
import io.quarkus.runtime.QuarkusApplication;
import jakarta.inject.Inject;
import picocli.CommandLine;

/** Runs {@link ImportCommand} inside Quarkus (database, migrations, index), then exits. */
public class ImportApplication implements QuarkusApplication {
    @Inject
    GameImporter importer;

    @Override
    public int run(String... args) {
        return new CommandLine(new ImportCommand(importer, System.out, System.err, System.console() != null)).execute(args);
    }
}
