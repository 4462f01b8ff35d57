package io.kifudb.importer;

import io.kifudb.notation.GameRecord;
import io.kifudb.notation.RecordFormatException;
import io.kifudb.notation.Records;
import io.kifudb.rules.RuleSet;
import io.kifudb.store.Game;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

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
        int imported = 0, duplicates = 0, failed = 0;
        for (Path file : files()) {
            try {
                String text = io.kifudb.notation.Kif.decode(Files.readAllBytes(file));
                for (GameRecord r : Records.read(corpusDir.relativize(file).toString(), text)) {
                    String id = r.rules() != null ? r.rules() : Records.defaultRules(Records.detect(text));
                    RuleSet rules = RuleSet.byId(id) != null ? RuleSet.byId(id) : RuleSet.CHU_LISHOGI;
                    GameImporter.Outcome out = importer.importRecord(rules, r, false);
                    if (out.kind() == GameImporter.Outcome.Kind.FAILED) {
                        failed++;
                        LOG.warnf("corpus %s line %d: ply %d: %s", file, r.line(), out.replay().errorPly(), out.replay().error());
                    } else if (out.kind() == GameImporter.Outcome.Kind.IMPORTED) {
                        imported++;
                    } else {
                        duplicates++;
                    }
                }
            } catch (IOException | RecordFormatException e) {
                failed++;
                LOG.warnf("corpus %s: %s", file, e.getMessage());
            }
        }
        return new Summary(imported, duplicates, failed);
    }

    /** The record files the readers know today (lishogi exports, CSG, KIF). */
    private List<Path> files() {
        try (Stream<Path> s = Files.walk(corpusDir)) {
            return s.filter(Files::isRegularFile).filter(p -> p.toString().matches(".*\\.(ndjson|csg|kif)")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
