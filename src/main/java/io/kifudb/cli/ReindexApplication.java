package io.kifudb.cli;

import io.kifudb.index.IndexUnavailableException;
import io.kifudb.index.PositionIndex;
import io.quarkus.runtime.QuarkusApplication;
import jakarta.inject.Inject;

/**
 * {@code reindex}: rebuilds the position index from the database (the source of truth). The service
 * does this by itself at startup when the index is missing or out of step; this is for operators.
 */
public class ReindexApplication implements QuarkusApplication {
    @Inject
    PositionIndex index;

    @Override
    public int run(String... args) {
        if (args.length > 0) {
            System.out.println("Usage: reindex\n  rebuilds the position index (kifudb.index.dir) from the configured database;"
                    + " the service must not be running on the same index");
            return args[0].equals("--help") || args[0].equals("-h") ? 0 : 2;
        }
        try {
            PositionIndex.SyncReport r = index.reindex();
            System.out.printf("reindexed %d games, %d positions in %.1f s%n", r.games(), r.positions(), r.millis() / 1000.0);
            return 0;
        } catch (IndexUnavailableException e) {
            System.err.println("kifudb reindex: the index is in use by another process (a running service?); stop it first, "
                    + "or let the service rebuild its own index (it does at startup when the index is missing or out of step)");
            return 1;
        }
    }
}
