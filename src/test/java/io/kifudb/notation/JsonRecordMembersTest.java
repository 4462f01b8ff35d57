package io.kifudb.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The members of a JSON game record: a slip of the pen for a member the reader takes in is refused at
 * its line (the record would otherwise lose what its writer meant, e.g. its start position), while the
 * members of lishogi's game export and of our own outputs that carry nothing we keep are read past.
 */
class JsonRecordMembersTest {
    private static final String START_MOVES = "[\"7i7h\", \"6d6e\"]";

    @Test
    void aMisspeltMemberOfAJsonDocumentIsRefusedAtItsLine() {
        String text = """
                {
                  "rules": "chu",
                  "intialSfen": "2k3g5/vtn9/3i8/2p1s7/pO4X5/1+L+S9/12/2+v9/12/12/12/12 b - 1",
                  "moves": ["6e8c"]
                }
                """;
        RecordFormatException e = catchThrowableOfType(RecordFormatException.class, () -> Records.read("problem.json", text));
        assertThat(e.line).isEqualTo(3);
        assertThat(e.getMessage()).contains("'intialSfen'").contains("did you mean 'initialSfen'?");
    }

    @Test
    void aMisspeltMemberOfAnNdjsonLineIsRefusedWithItsLineAndRecord() {
        String text = "{\"rules\": \"chu\", \"moves\": " + START_MOVES + "}\n"
                + "\n"
                + "{\"rules\": \"chu\", \"moves\": " + START_MOVES + ", \"winer\": \"sente\"}\n";
        RecordFormatException e = catchThrowableOfType(RecordFormatException.class, () -> Records.read("games.ndjson", text));
        assertThat(e.line).isEqualTo(3);
        assertThat(e.record).isEqualTo(2);
        assertThat(e.getMessage()).contains("'winer'").contains("did you mean 'winner'?");
        // and the file checker names the same place for that record, the first one being fine
        List<RecordFiles.Item> items = RecordFiles.read("games.ndjson", text.getBytes(java.nio.charset.StandardCharsets.UTF_8), null);
        assertThat(items).hasSize(2);
        assertThat(items.get(0).error()).isNull();
        assertThat(items.get(1).line()).isEqualTo(3);
        assertThat(items.get(1).error()).contains("did you mean 'winner'?");
    }

    @Test
    void lishogisExportMembersAndUnrelatedMembersAreReadPast() throws IOException {
        // a real lishogi game of the corpus, with the members lila's export adds around it
        String real = Files.readAllLines(Path.of("kifu-corpus/chu/lishogi/lishogi-top-players-10.ndjson")).get(0);
        String export = real.substring(0, real.lastIndexOf('}'))
                + ", \"rated\": true, \"variant\": \"chushogi\", \"speed\": \"correspondence\", \"perf\": \"chushogi\","
                + " \"createdAt\": 1700000000000, \"lastMoveAt\": 1700000900000, \"clock\": {\"initial\": 600},"
                + " \"players\": {\"sente\": {\"user\": {\"name\": \"A\"}, \"rating\": 1500}, \"gote\": {\"user\": {\"name\": \"B\"}}},"
                + " \"annotator\": \"someone\"}";
        GameRecord withMembers = Records.read("export.ndjson", export + "\n" + real + "\n").get(0);
        GameRecord plain = Records.read("plain.ndjson", real + "\n" + real + "\n").get(0);
        assertThat(withMembers.moves()).isEqualTo(plain.moves()).hasSize(22);
        assertThat(withMembers.recordedWinner()).isEqualTo(plain.recordedWinner()).isEqualTo("gote");
        assertThat(withMembers.tags()).containsEntry(GameRecord.SENTE, "A").containsEntry(GameRecord.GOTE, "B");
    }
}
