package io.kifudb.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kifudb.rules.RuleSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Reading files of records as bulk import, the corpus loader and {@code check} do. */
class RecordFilesTest {
    private static final Path LISHOGI = Path.of("kifu-corpus/chu/lishogi/lishogi-top-players-10.ndjson");
    private static final Path KIF = Path.of("kifu-corpus/chu/kif/scalashogi-chushogiKif1.kif");

    private static byte[] zip(String[] names, byte[][] contents) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(buf)) {
            for (int i = 0; i < names.length; i++) {
                z.putNextEntry(new ZipEntry(names[i]));
                z.write(contents[i]);
            }
        }
        return buf.toByteArray();
    }

    @Test
    void aBadLineFailsAloneAndEachRecordGetsItsFormatsRuleSet() throws Exception {
        String text = Files.readString(LISHOGI) + "{\"moves\": [1]}\n{\"rules\":\"shogi\",\"moves\":\"7g7f\"}\n";
        List<RecordFiles.Item> items = RecordFiles.read("x.ndjson", text.getBytes(StandardCharsets.UTF_8), null);
        assertThat(items).hasSize(12);
        assertThat(items.subList(0, 10)).allMatch(RecordFiles.Item::readable).allMatch(i -> i.rules() == RuleSet.CHU_LISHOGI);
        assertThat(items.get(10).line()).isEqualTo(11);
        // an NDJSON line is read as a JSON record is: a move that is not a string is that ply's error
        assertThat(items.get(10).record().stop()).isEqualTo(new MoveError(1, "1", 11, "not a move: each move is a string, e.g. \"7g7f\""));
        assertThat(items.get(11).error()).isEqualTo("unknown rule set 'shogi'");
        // KIF defaults to chu; a requested rule set wins over every default.
        assertThat(RecordFiles.read("g.kif", Files.readAllBytes(KIF), null).get(0).rules()).isEqualTo(RuleSet.CHU);
        assertThat(RecordFiles.read("g.kif", Files.readAllBytes(KIF), RuleSet.CHU_SDIN).get(0).rules()).isEqualTo(RuleSet.CHU_SDIN);
    }

    @Test
    void lineIsTheLineOfTheFileAndRecordTheRecordsNumberInIt() {
        // NDJSON/USI: blank and '#' lines are no records, so from the second record on line and number differ.
        String lines = "# two games\n7i7h 5d5e\n\n{\"moves\":\"7i7h 5d5e 7h7f\"}\n{\"moves\": 3}\n";
        List<RecordFiles.Item> items = RecordFiles.readText("g.ndjson", lines, RuleSet.CHU);
        assertThat(items).extracting(RecordFiles.Item::line).containsExactly(2, 4, 5);
        assertThat(items).extracting(RecordFiles.Item::number).containsExactly(1, 2, 3);
        assertThat(items.get(1).record().moveLine(2)).isEqualTo(4);
        assertThat(items.get(2).error()).isEqualTo("field 'moves' must be a string or an array of strings");

        // A JSON array: each record begins on its own line; each move and field has its own line.
        String array = "[\n {\"moves\": [\"7i7h\",\n   \"5d5e\"]},\n {\"rules\": \"chu\",\n  \"moves\": \"7i7h 5d5e\"}, {\"moves\": [\"7i7h\", 6]}\n]";
        items = RecordFiles.readText("g.json", array, null);
        assertThat(items).extracting(RecordFiles.Item::line).containsExactly(2, 4, 5);
        assertThat(items).extracting(RecordFiles.Item::number).containsExactly(1, 2, 3);
        GameRecord first = items.get(0).record();
        assertThat(first.moveLines()).containsExactly(2, 3);
        assertThat(items.get(1).record().moveLines()).containsExactly(5, 5);
        // a move that is not a string is that ply's error, not the record's
        GameRecord third = items.get(2).record();
        assertThat(third.moves()).containsExactly("7i7h");
        assertThat(third.stop()).isEqualTo(new MoveError(2, "6", 5, "not a move: each move is a string, e.g. \"7g7f\""));
        // a field of the wrong type makes the record unreadable at the field's line and the record's number
        items = RecordFiles.readText("g.json", "[{\"moves\": []},\n {\"moves\": [],\n  \"event\": 7}]", null);
        assertThat(items).hasSize(1);
        assertThat(items.get(0).line()).isEqualTo(3);
        assertThat(items.get(0).number()).isEqualTo(2);
        assertThat(items.get(0).error()).isEqualTo("field 'event' must be a string");
        // invalid JSON: the line where the parser stopped
        items = RecordFiles.readText("g.json", "{\"moves\":\n [\"7i7h\",\n }", null);
        assertThat(items.get(0).line()).isEqualTo(3);
        assertThat(items.get(0).error()).startsWith("not valid JSON");
    }

    @Test
    void zipEntriesAreReadInOrderAndNamedAfterTheArchive() throws Exception {
        byte[] z = zip(new String[] {"k/game.kif", "l/games.ndjson", "empty.usi"},
                new byte[][] {Files.readAllBytes(KIF), Files.readAllBytes(LISHOGI), new byte[0]});
        List<RecordFiles.Item> items = RecordFiles.read("up.zip", z, null);
        assertThat(items).hasSize(12);
        assertThat(items.get(0).source()).isEqualTo("up.zip!/k/game.kif");
        assertThat(items.get(0).record().moves()).hasSize(129);
        assertThat(items.get(1).source()).isEqualTo("up.zip!/l/games.ndjson");
        assertThat(items.get(11).source()).isEqualTo("up.zip!/empty.usi");
        assertThat(items.get(11).error()).isEqualTo("the file holds no record");
    }

    @Test
    void entryNamesInShiftJisAreReadAndUnreadableNamesFailTheArchiveOnly() throws Exception {
        // An archive made on Japanese Windows: entry names in Shift_JIS, no UTF-8 flag.
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(buf, java.nio.charset.Charset.forName("windows-31j"))) {
            z.putNextEntry(new ZipEntry("中将棋/棋譜.kif"));
            z.write(Files.readAllBytes(KIF));
        }
        List<RecordFiles.Item> items = RecordFiles.read("sjis.zip", buf.toByteArray(), null);
        assertThat(items).hasSize(1);
        assertThat(items.get(0).source()).isEqualTo("sjis.zip!/中将棋/棋譜.kif");
        assertThat(items.get(0).record().moves()).hasSize(129);

        // Found by the fuzzer (tools/fuzz): a name valid in neither charset escaped as an IllegalArgumentException.
        byte[] z = zip(new String[] {"abc.usi"}, new byte[][] {"7i7h".getBytes(StandardCharsets.UTF_8)});
        int at = indexOf(z, "abc".getBytes(StandardCharsets.US_ASCII));
        z[at] = (byte) 0xFF; // neither a UTF-8 byte nor a Shift_JIS lead byte
        List<RecordFiles.Item> bad = RecordFiles.read("bad.zip", z, null);
        assertThat(bad).singleElement().satisfies(i -> assertThat(i.error()).contains("entry name"));
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) if (haystack[i + j] != needle[j]) continue outer;
            return i;
        }
        throw new AssertionError("not found");
    }

    @Test
    void archivesThatExpandBeyondTheLimitsStop() throws Exception {
        byte[] big = new byte[200_000]; // zeros compress to almost nothing
        java.util.Arrays.fill(big, (byte) ' ');
        byte[] z = zip(new String[] {"a.usi", "b.usi"}, new byte[][] {"7i7h".getBytes(StandardCharsets.UTF_8), big});
        List<RecordFiles.Item> items = RecordFiles.read("bomb.zip", z, null, new RecordFiles.Limits(10, 100_000));
        assertThat(items).hasSize(2);
        assertThat(items.get(0).readable()).isTrue();
        assertThat(items.get(1).error()).contains("expands to more than 100000 bytes");
        byte[] many = zip(new String[] {"1.usi", "2.usi", "3.usi"}, new byte[][] {"7i7h".getBytes(), "7i7h".getBytes(), "7i7h".getBytes()});
        assertThat(RecordFiles.read("many.zip", many, null, new RecordFiles.Limits(2, 1000)))
                .extracting(RecordFiles.Item::error).containsExactly(null, null, "the archive has more than 2 files");
        byte[] nested = zip(new String[] {"inner.zip"}, new byte[][] {many});
        assertThat(RecordFiles.read("nested.zip", nested, null).get(0).error()).isEqualTo("archives inside archives are not read");
        byte[] truncated = java.util.Arrays.copyOf(many, 40);
        assertThat(RecordFiles.read("cut.zip", truncated, null)).allMatch(i -> !i.readable());
    }

    @Test
    void walkingAFolderTakesKnownEndingsOnlyButANamedFileAlways(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("x/y"));
        Files.writeString(dir.resolve("x/y/a.KIF"), "");
        Files.writeString(dir.resolve("x/b.csg"), "");
        Files.writeString(dir.resolve("readme.md"), "");
        Files.writeString(dir.resolve("c.txt"), "");
        assertThat(RecordFiles.walk(List.of(dir))).containsExactly(dir.resolve("x/b.csg"), dir.resolve("x/y/a.KIF"));
        assertThat(RecordFiles.walk(List.of(dir.resolve("c.txt")))).containsExactly(dir.resolve("c.txt"));
        assertThatThrownBy(() -> RecordFiles.walk(List.of(dir.resolve("none")))).hasMessageContaining("no such file or folder");
    }
}
