package io.kifudb.notation;

import io.kifudb.rules.RuleSet;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Turns files (name + bytes, as uploaded or read from disk) into the records they hold, each with the
 * rule set it falls under, so that bulk import, the corpus loader and {@code check} read files alike.
 *
 * <p>A file that cannot be read becomes one failed {@link Item}; in line-per-record formats (lishogi USI
 * lists, NDJSON) only the bad line fails, so one typo does not lose a whole export. Zip archives are
 * expanded (entries in name order, nested folders included), within {@link Limits}.
 */
public final class RecordFiles {
    /** File name endings read when walking folders (anything is read when named explicitly or uploaded). */
    public static final Set<String> EXTENSIONS = Set.of("kif", "kifu", "ki2", "ki2u", "csg", "ndjson", "jsonl", "json", "usi", "zip");

    private RecordFiles() {}

    /**
     * One record of a file, or the reason a record (or the whole file) could not be read.
     *
     * @param source file name (zip entries as {@code archive.zip!/entry})
     * @param line   1-based line of the file where the record begins, or for a record that could not be
     *               read, where reading failed (0 when the file as a whole could not be read)
     * @param number 1-based number of the record in its file (1 in a file of one record; 0 when the file
     *               as a whole could not be read)
     * @param record the record, or null when it could not be read
     * @param rules  the rule set it falls under (request, else the record's own, else the format's default);
     *               null when the record names an unknown rule set
     * @param error  why the record could not be read, or null
     */
    public record Item(String source, int line, int number, GameRecord record, RuleSet rules, String error) {
        public boolean readable() {
            return error == null;
        }
    }

    /** Guards against archives that expand without bound. */
    public record Limits(int maxEntries, long maxExpandedBytes) {
        public static final Limits DEFAULT = new Limits(100_000, 1L << 30);
    }

    /** Reads every record of one file. */
    public static List<Item> read(String name, byte[] bytes, RuleSet requested) {
        return read(name, bytes, requested, Limits.DEFAULT);
    }

    public static List<Item> read(String name, byte[] bytes, RuleSet requested, Limits limits) {
        List<Item> items = new ArrayList<>();
        if (isZip(bytes)) readZip(name, bytes, requested, limits, items);
        else readText(name, Kif.decode(bytes), requested, items);
        return items;
    }

    /** Reads the records of a text that is already decoded. */
    public static List<Item> readText(String name, String text, RuleSet requested) {
        List<Item> items = new ArrayList<>();
        readText(name, text, requested, items);
        return items;
    }

    private static void readText(String name, String text, RuleSet requested, List<Item> out) {
        if (text.isBlank()) {
            out.add(new Item(name, 0, 0, null, requested, "the file holds no record"));
            return;
        }
        Records.Format format = Records.detect(text);
        if (format == Records.Format.NDJSON || format == Records.Format.USI) {
            String[] lines = text.split("\r?\n", -1);
            int number = 0;
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i].strip();
                if (line.isEmpty() || line.startsWith("#")) continue;
                number++;
                try {
                    GameRecord r = line.startsWith("{") ? Records.readJsonLine(name, i + 1, number, line)
                            : LishogiRecords.readUsiLine(name, i + 1, number, line);
                    out.add(resolve(name, r, requested, format));
                } catch (RecordFormatException e) {
                    out.add(new Item(name, e.line, e.record, null, requested, e.getMessage()));
                }
            }
            return;
        }
        try {
            for (GameRecord r : Records.read(name, text, requested)) out.add(resolve(name, r, requested, format));
        } catch (RecordFormatException e) {
            out.add(new Item(name, e.line, e.record, null, requested, e.getMessage()));
        }
    }

    private static Item resolve(String name, GameRecord r, RuleSet requested, Records.Format format) {
        if (requested != null) return new Item(name, r.line(), r.record(), r, requested, null);
        if (r.rules() != null) {
            RuleSet own = RuleSet.byId(r.rules());
            if (own == null) return new Item(name, r.line(), r.record(), r, null, "unknown rule set '" + r.rules() + "'");
            return new Item(name, r.line(), r.record(), r, own, null);
        }
        return new Item(name, r.line(), r.record(), r, RuleSet.byId(Records.defaultRules(format)), null);
    }

    static boolean isZip(byte[] bytes) {
        return bytes.length >= 4 && bytes[0] == 'P' && bytes[1] == 'K' && bytes[2] == 3 && bytes[3] == 4;
    }

    private static void readZip(String name, byte[] bytes, RuleSet requested, Limits limits, List<Item> out) {
        List<Item> items = new ArrayList<>();
        try {
            readZip(name, bytes, requested, limits, StandardCharsets.UTF_8, items);
        } catch (IllegalArgumentException notUtf8Names) {
            // Archives made on Japanese Windows name their entries in Shift_JIS without saying so.
            items.clear();
            try {
                readZip(name, bytes, requested, limits, Charset.forName("windows-31j"), items);
            } catch (IllegalArgumentException unreadableNames) {
                out.add(new Item(name, 0, 0, null, requested, "not a readable zip archive: an entry name is in neither UTF-8 nor Shift_JIS"));
                return;
            }
        }
        out.addAll(items);
    }

    /** @throws IllegalArgumentException when an entry name is not valid in {@code names} */
    private static void readZip(String name, byte[] bytes, RuleSet requested, Limits limits, Charset names, List<Item> out) {
        long expanded = 0;
        int entries = 0;
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(bytes), names)) {
            ZipEntry e;
            while ((e = zip.getNextEntry()) != null) {
                if (e.isDirectory()) continue;
                String entryName = name + "!/" + e.getName();
                if (++entries > limits.maxEntries()) {
                    out.add(new Item(name, 0, 0, null, requested, "the archive has more than " + limits.maxEntries() + " files"));
                    return;
                }
                byte[] content = readBounded(zip, limits.maxExpandedBytes() - expanded);
                if (content == null) {
                    out.add(new Item(entryName, 0, 0, null, requested, "the archive expands to more than " + limits.maxExpandedBytes() + " bytes"));
                    return;
                }
                expanded += content.length;
                if (isZip(content)) out.add(new Item(entryName, 0, 0, null, requested, "archives inside archives are not read"));
                else readText(entryName, Kif.decode(content), requested, out);
            }
        } catch (IOException ex) {
            // The bytes are in memory, so any I/O error is a damaged archive (truncated, bad checksum ...).
            out.add(new Item(name, 0, 0, null, requested, "not a readable zip archive: " + ex.getMessage()));
            return;
        }
        if (entries == 0) out.add(new Item(name, 0, 0, null, requested, "the archive holds no file"));
    }

    /** The rest of the stream, or null if it is longer than {@code max} bytes. */
    private static byte[] readBounded(InputStream in, long max) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        long total = 0;
        int n;
        while ((n = in.read(chunk)) > 0) {
            total += n;
            if (total > max) return null;
            buf.write(chunk, 0, n);
        }
        return buf.toByteArray();
    }

    /**
     * The record files under the paths: a file is taken as it is; a folder is walked recursively for
     * files with a known ending ({@link #EXTENSIONS}), in name order.
     *
     * @throws IllegalArgumentException for a path that does not exist
     */
    public static List<Path> walk(List<Path> paths) {
        List<Path> files = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isRegularFile(p)) {
                files.add(p);
            } else if (Files.isDirectory(p)) {
                // FOLLOW_LINKS: a folder linked in (kifu-corpus itself may be a link) is walked too; a loop is an error
                try (Stream<Path> s = Files.walk(p, FileVisitOption.FOLLOW_LINKS)) {
                    s.filter(Files::isRegularFile).filter(RecordFiles::hasKnownExtension).sorted().forEach(files::add);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                throw new IllegalArgumentException(p + ": no such file or folder");
            }
        }
        return files;
    }

    static boolean hasKnownExtension(Path p) {
        String n = p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 && EXTENSIONS.contains(n.substring(dot + 1).toLowerCase(Locale.ROOT));
    }
}
