package io.kifudb.cli;

import io.kifudb.importer.GameImporter;
import io.kifudb.importer.RecordOutcome;
import io.kifudb.notation.RecordFiles;
import io.kifudb.rules.RuleSet;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code import}: bulk import of files and folders into the configured database, with progress on
 * stderr and a summary on stdout. Runs inside Quarkus (it needs the database), see {@link ImportApplication}.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "bulk import record files and folders (recursive) into the configured database",
        footer = {"Formats are detected per file (lishogi USI/NDJSON, JSON, KIF/KI2, CSG, zip archives of these); folders are walked"
                + " for files with a known ending (" + "kif, kifu, ki2, csg, ndjson, jsonl, json, usi, zip).",
                "Progress goes to stderr (a bar on a terminal, a line every few seconds otherwise), each refused record too;"
                + " the summary goes to stdout.",
                "Each record is its own transaction: a refused record loses no other. Exit code: 0 when no record failed, 1 otherwise."})
public final class ImportCommand implements Callable<Integer> {
    @Option(names = "--rules", converter = RuleSetConverter.class, description = "rule set id for every record (default: the record's, else the format's)")
    RuleSet rules;

    @Option(names = "--lenient", description = "store the legal prefix of a broken record, marking where and why it stops")
    boolean lenient;

    @Parameters(arity = "1..*", paramLabel = "PATH")
    List<Path> paths;

    private final GameImporter importer;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;

    public ImportCommand(GameImporter importer, PrintStream out, PrintStream err, boolean terminal) {
        this.importer = importer;
        this.out = out;
        this.err = err;
        this.terminal = terminal;
    }

    @Override
    public Integer call() throws IOException {
        List<Path> files;
        try {
            files = RecordFiles.walk(paths);
        } catch (IllegalArgumentException e) {
            err.println("kifudb import: " + e.getMessage());
            return 2;
        }
        long totalBytes = 0;
        for (Path f : files) totalBytes += Files.size(f);
        Progress progress = new Progress(err, terminal, files.size(), totalBytes);
        int seq = 0;
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            List<RecordFiles.Item> items = RecordFiles.read(f.toString(), bytes, rules);
            for (RecordFiles.Item item : items) {
                RecordOutcome o = importer.importItem(++seq, item, lenient);
                progress.record(o);
                // named as check names it: the file, and the record's number in a file of several
                String where = o.source() + (items.size() > 1 ? " record " + item.number() : "") + " line " + o.line();
                if (o.kind() == RecordOutcome.Kind.FAILED)
                    progress.message("FAILED " + where + ", ply " + o.ply() + ": " + o.reason());
                else if (o.reason() != null)
                    progress.message("PARTIAL " + where + ": " + o.reason());
            }
            progress.fileDone(bytes.length);
        }
        progress.finish();
        out.printf("imported %d, duplicates %d, failed %d (%d records in %d files; %d plies stored in %.1f s, %.0f plies/s)%n",
                progress.imported, progress.duplicates, progress.failed, seq, files.size(), progress.plies,
                progress.seconds(), progress.plies / Math.max(progress.seconds(), 1e-9));
        out.flush();
        return progress.failed == 0 ? 0 : 1;
    }

    /** A progress bar over bytes read (a terminal), or a progress line every few seconds (a log). */
    static final class Progress {
        private static final int WIDTH = 30;
        private static final long LOG_EVERY_NANOS = 5_000_000_000L;
        private final PrintStream err;
        private final boolean terminal;
        private final int files;
        private final long totalBytes;
        private final long start = System.nanoTime();
        private long lastDraw;
        int filesDone, imported, duplicates, failed;
        long bytesDone, plies;

        Progress(PrintStream err, boolean terminal, int files, long totalBytes) {
            this.err = err;
            this.terminal = terminal;
            this.files = files;
            this.totalBytes = totalBytes;
        }

        void record(RecordOutcome o) {
            switch (o.kind()) {
                case IMPORTED -> imported++;
                case DUPLICATE -> duplicates++;
                case FAILED -> failed++;
            }
            plies += o.plies();
            draw(false);
        }

        void fileDone(long bytes) {
            filesDone++;
            bytesDone += bytes;
            draw(false);
        }

        void message(String line) {
            if (terminal) err.print("\r\033[K");
            err.println(line);
            draw(true);
        }

        void finish() {
            draw(true);
            if (terminal) err.println();
        }

        double seconds() {
            return (System.nanoTime() - start) / 1e9;
        }

        private void draw(boolean force) {
            long now = System.nanoTime();
            long every = terminal ? 100_000_000L : LOG_EVERY_NANOS;
            if (!force && now - lastDraw < every) return;
            lastDraw = now;
            double fraction = totalBytes == 0 ? 1 : (double) bytesDone / totalBytes;
            String counts = String.format("%d/%d files, %d imported, %d duplicates, %d failed, %.0f plies/s",
                    filesDone, files, imported, duplicates, failed, plies / Math.max(seconds(), 1e-9));
            if (terminal) {
                int filled = (int) Math.round(fraction * WIDTH);
                err.print("\r\033[K[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] "
                        + String.format("%3d%% ", Math.round(fraction * 100)) + counts);
                err.flush();
            } else if (!force || filesDone == files) {
                err.printf("import: %3d%% %s%n", Math.round(fraction * 100), counts);
            }
        }
    }
}
