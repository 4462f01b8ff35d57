package io.kifudb.index;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The documents of real corpus games, and the key property the position lookup depends on. */
class PositionDocsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<JsonNode> lishogiGames() throws Exception {
        List<JsonNode> games = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("kifu-corpus/chu/lishogi/lishogi-top-players-10.ndjson")))
            if (!line.isBlank()) games.add(JSON.readTree(line));
        return games;
    }

    /**
     * A lookup by SFEN finds positions reached by play only if the key depends on nothing the SFEN does not
     * show (no history, no move number): re-parsing the SFEN of every position of every game must give
     * the key the replay computed incrementally.
     */
    @Test
    void theKeyOfEveryCorpusPositionIsTheKeyOfItsSfen() throws Exception {
        int positions = 0;
        for (JsonNode g : lishogiGames()) {
            Position pos = Sfen.parse(RuleSet.CHU_LISHOGI, g.get("initial_sfen").asText());
            for (String usi : g.get("moves").asText().split(" ")) {
                pos.make(pos.parseMove(usi));
                Position fresh = Sfen.parse(RuleSet.CHU_LISHOGI, pos.sfen().replaceFirst(" \\d+$", " 1"));
                assertThat(fresh.key()).as("%s after %s", g.get("id").asText(), usi).isEqualTo(pos.key());
                positions++;
            }
        }
        assertThat(positions).isGreaterThan(2000);
        // The salt really separates rule sets: the same board is a different position under each.
        assertThat(Position.start(RuleSet.CHU).key()).isNotEqualTo(Position.start(RuleSet.CHU_LISHOGI).key());
    }

    @Test
    void oneDocumentPerPlyThenTheGameAndEachPositionKeyedOnceByItsFirstVisit() throws Exception {
        for (JsonNode g : lishogiGames()) {
            String[] moves = g.get("moves").asText().split(" ");
            GameData data = new GameData(7, "chu-lishogi", g.get("initial_sfen").asText(), g.get("moves").asText(), moves.length,
                    "draw", g.get("status").asText(), "A", null, null);
            PositionDocs.Built built = PositionDocs.build(data);
            assertThat(built.error()).isNull();
            assertThat(built.positions()).isEqualTo(moves.length + 1);
            List<Document> docs = built.docs();
            assertThat(docs).hasSize(moves.length + 2);
            assertThat(docs.get(docs.size() - 1).get(PositionDocs.TYPE)).isEqualTo(PositionDocs.TYPE_GAME);

            // Independent replay: the keys, and which plies are first visits.
            Position pos = Sfen.parse(RuleSet.CHU_LISHOGI, data.initialSfen());
            Set<Long> seen = new HashSet<>();
            Map<Long, Integer> visits = new HashMap<>();
            long[] keys = new long[moves.length + 1];
            String[] canonical = new String[moves.length];
            keys[0] = pos.key();
            for (int i = 0; i < moves.length; i++) {
                int m = pos.parseMove(moves[i]);
                canonical[i] = pos.usi(m); // lishogi writes some Lion moves in a longer spelling
                pos.make(m);
                keys[i + 1] = pos.key();
            }
            for (long k : keys) visits.merge(k, 1, Integer::sum);
            for (int ply = 0; ply <= moves.length; ply++) {
                Document d = docs.get(ply);
                boolean first = seen.add(keys[ply]);
                IndexableField key = d.getField(first ? PositionDocs.KEY : PositionDocs.KEY_REPEAT);
                assertThat(key).as("ply %d of %s", ply, g.get("id")).isNotNull();
                assertThat(d.getField(first ? PositionDocs.KEY_REPEAT : PositionDocs.KEY)).isNull();
                assertThat(key.binaryValue()).isEqualTo(PositionDocs.keyBytes(keys[ply]));
                assertThat(d.getField(PositionDocs.PLY).numericValue().intValue()).isEqualTo(ply);
                assertThat(d.getField(PositionDocs.VISITS).numericValue().intValue()).isEqualTo(visits.get(keys[ply]));
                IndexableField move = d.getField(PositionDocs.MOVE);
                if (ply < moves.length) assertThat(move.binaryValue()).isEqualTo(new BytesRef(canonical[ply]));
                else assertThat(move).as("no move from the last position").isNull();
                assertThat(d.getField(PositionDocs.SENTE).binaryValue().utf8ToString()).isEqualTo("A");
                assertThat(d.getField(PositionDocs.GOTE)).isNull();
            }
            if (g.get("id").asText().equals("OGH2sJc2")) // drawn by repetition: some position was visited four times
                assertThat(visits.values()).contains(4);
        }
    }

    /** Every document of a record, its positions and its game document, carries the record's kind as a term. */
    @Test
    void everyDocumentOfARecordCarriesItsKind() throws Exception {
        JsonNode p = JSON.readTree(Files.readAllLines(Path.of("kifu-corpus/problems/jh85-chushogi-tsume.ndjson")).get(0));
        String[] moves = p.get("moves").asText().split(" ");
        GameData problem = new GameData(11, "chu", GameData.PROBLEM, p.get("initial_sfen").asText(), p.get("moves").asText(),
                moves.length, "sente", null, null, null, null, null, null, null, null);
        PositionDocs.Built built = PositionDocs.build(problem);
        assertThat(built.error()).isNull();
        assertThat(built.docs()).hasSize(moves.length + 2);
        for (Document d : built.docs()) assertThat(d.getValues(PositionDocs.KIND)).containsExactly(GameData.PROBLEM);
        GameData game = new GameData(12, "chu", RuleSet.CHU.variant.startSfen, "7i7h 5d5e", 2, "ongoing", null, null, null, null);
        for (Document d : PositionDocs.build(game).docs()) assertThat(d.getValues(PositionDocs.KIND)).containsExactly(GameData.GAME);
    }

    @Test
    void aGameThatNoLongerReplaysKeepsItsLegalPrefixAndSaysWhere() {
        GameData bad = new GameData(9, "chu", RuleSet.CHU.variant.startSfen, "7i7h 5d5e 7h7f", 3, "ongoing", null, null, null, null);
        PositionDocs.Built built = PositionDocs.build(bad);
        assertThat(built.positions()).isEqualTo(3);
        // Plies of moves count from 1, as the importer reports them: the third move fails.
        assertThat(built.error()).startsWith("ply 3:").contains("7h7f");
        assertThat(built.docs()).hasSize(4);
        assertThat(built.docs().get(3).get(PositionDocs.REPLAY_FAILED)).isEqualTo("true");

        PositionDocs.Built unknown = PositionDocs.build(new GameData(10, "go", "x", "", 0, "ongoing", null, null, null, null));
        assertThat(unknown.positions()).isZero();
        assertThat(unknown.docs()).hasSize(1);
    }
}
