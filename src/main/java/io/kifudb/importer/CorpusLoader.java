package io.kifudb.importer;

import io.kifudb.notation.RecordFiles;
import io.kifudb.store.Game;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * On the first start of an empty database, imports the game records shipped in {@code kifu-corpus/}
 * so that a fresh service has real games in it ({@code kifudb.import-corpus}).
 */
@ApplicationScoped
public class CorpusLoader {
    private static final Logger LOG = Logger.getLogger(CorpusLoader.class);

    @ConfigProperty(name = "kifudb.import-corpus", defaultValue = "true")
    boolean enabled;

    @ConfigProperty(name = "kifudb.corpus-dir", defaultValue = "kifu-corpus")
    Path corpusDir;

    @Inject
    GameImporter importer;

    /** How a corpus import went. */
    public record Summary(int imported, int duplicates, int failed) {}

    void onStart(@Observes StartupEvent event) {
        if (!enabled || Game.count() > 0) return;
        if (!Files.isDirectory(corpusDir)) {
            LOG.warnf("kifudb.import-corpus is on but %s is not a directory; nothing imported", corpusDir.toAbsolutePath());
            return;
        }
        Summary s = importCorpus();
        LOG.infof("imported %d games from %s (%d duplicates, %d failed)", s.imported(), corpusDir.toAbsolutePath(), s.duplicates(), s.failed());
    }

    /** Imports every record file of the corpus directory; each record is its own transaction. */
    public Summary importCorpus() {
        int imported = 0, duplicates = 0, failed = 0, seq = 0;
        for (Path file : RecordFiles.walk(List.of(corpusDir))) {
            List<RecordFiles.Item> items;
            try {
                items = RecordFiles.read(corpusDir.relativize(file).toString(), Files.readAllBytes(file), null);
            } catch (IOException e) {
                failed++;
                LOG.warnf("corpus %s: %s", file, e.getMessage());
                continue;
            }
            for (RecordFiles.Item item : items) {
                RecordOutcome o = importer.importItem(++seq, item, false);
                switch (o.kind()) {
                    case IMPORTED -> imported++;
                    case DUPLICATE -> duplicates++;
                    case FAILED -> {
                        failed++;
                        LOG.warnf("corpus %s line %d: ply %d: %s", o.source(), o.line(), o.ply(), o.reason());
                    }
                }
            }
        }
        return new Summary(imported, duplicates, failed);
    }
}
