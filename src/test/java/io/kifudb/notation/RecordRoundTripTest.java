package io.kifudb.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * Every real record of kifu-corpus, written in every format that can express it and read back: the
 * replay under the record's rule set gives the same canonical moves, start position and status, the
 * text is detected as the format it is, and the metadata the format has room for survives.
 */
class RecordRoundTripTest {
    private static final Path CORPUS = Path.of("kifu-corpus", "chu");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A corpus record and the rule set it is judged under (chu-lishogi for lishogi games, chu otherwise). */
    private record Case(String name, GameRecord record, RuleSet rules) {}

    /** The formats with a writer, and what each can carry. */
    private enum Format {
        USI(Records.Format.USI), LISHOGI(Records.Format.JSON), JSON(Records.Format.JSON), KIF(Records.Format.KIF),
        CSG(Records.Format.CSG);

        /** What {@link Records#detect} must say of one written record (one lishogi line is a JSON document). */
        final Records.Format detected;

        Format(Records.Format detected) {
            this.detected = detected;
        }
    }

    private static String corpus(String path) {
        try {
            return Files.readString(CORPUS.resolve(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Case> lishogiGames() {
        List<Case> cases = new ArrayList<>();
        for (GameRecord g : LishogiRecords.read("lishogi", corpus("lishogi/lishogi-top-players-10.ndjson")))
            cases.add(new Case("lishogi " + g.id(), g, RuleSet.CHU_LISHOGI));
        return cases;
    }

    private static List<Case> csgGames() {
        List<Case> cases = new ArrayList<>();
        for (int i = 1; i <= 6; i++)
            cases.add(new Case("hist" + i, Csg.read("hist" + i, corpus("historical/hist" + i + ".csg"), null).get(0), RuleSet.CHU));
        return cases;
    }

    private static Case kifGame() {
        return new Case("kif", Records.read("kif", corpus("kif/scalashogi-chushogiKif1.kif")).get(0), RuleSet.CHU);
    }

    /** The mating problems as records: SFEN, {id}, solution (the format CorpusReplayTest reads too). */
    private static List<Case> tsume() {
        List<Case> cases = new ArrayList<>();
        List<String> lines = corpus("tsume/msm-tsume-AB-solutions.txt").lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.contains("{")) continue;
            String sfen = line.substring(0, line.indexOf('{')).trim();
            String id = line.substring(line.indexOf('{') + 1, line.indexOf('}'));
            List<String> moves = Arrays.asList(line.substring(line.indexOf('}') + 1).trim().split("\\s+"));
            cases.add(new Case(id, new GameRecord("tsume", i + 1, id, "chu", sfen, moves, null, null), RuleSet.CHU));
        }
        return cases;
    }

    private static List<Case> allRecords() {
        List<Case> all = new ArrayList<>(lishogiGames());
        all.addAll(csgGames());
        all.add(kifGame());
        all.addAll(tsume());
        return all;
    }

    private static String startSfen(GameRecord r, RuleSet rules) {
        return r.initialSfen() == null ? Position.start(rules).sfen() : Sfen.parse(rules, r.initialSfen()).sfen();
    }

    private static boolean standardStart(Case c) {
        return startSfen(c.record(), c.rules()).equals(Position.start(c.rules()).sfen());
    }

    private static String write(Format f, Case c) {
        return switch (f) {
            case USI -> LishogiRecords.writeUsiLine(c.record(), c.rules());
            case LISHOGI -> LishogiRecords.writeNdjson(c.record(), c.rules());
            case JSON -> Records.toJson(c.record(), c.rules());
            case KIF -> Kif.write(c.record(), c.rules());
            // A start that is none of the setups needs its .fsy beside the .csg: written as custom.fsy.
            case CSG -> Csg.write(c.record(), c.rules());
        };
    }

    private static GameRecord read(Format f, Case c, String text) {
        List<GameRecord> back;
        if (f == Format.CSG) {
            String fsy = Csg.sfenToFsy(startSfen(c.record(), c.rules()));
            back = Csg.read("written", text, c.rules(), name -> name.equals(Csg.CUSTOM_SETUP) ? fsy : null);
        } else {
            // KIF is replayed under the rules as it is read (where a lishogi game ends depends on them)
            back = Records.read("written", text, c.rules());
        }
        assertThat(back).as("%s as %s", c.name(), f).hasSize(1);
        return back.get(0);
    }

    private static Map<String, String> only(Map<String, String> tags, Set<String> keys) {
        Map<String, String> kept = new HashMap<>(tags);
        kept.keySet().retainAll(keys);
        return kept;
    }

    @Test
    void everyCorpusRecordSurvivesEveryFormatThatCanExpressIt() {
        List<Case> cases = allRecords();
        assertThat(cases).hasSize(10 + 6 + 1 + 79);
        // The sizes SOURCES.md gives: 2,462 lishogi plies, 1,639 historical, 129 in the KIF game.
        assertThat(lishogiGames().stream().mapToInt(c -> c.record().moves().size()).sum()).isEqualTo(2462);
        assertThat(csgGames().stream().mapToInt(c -> c.record().moves().size()).sum()).isEqualTo(1639);
        assertThat(kifGame().record().moves()).hasSize(129);
        Map<Format, Integer> written = new HashMap<>();
        for (Case c : cases) {
            Replay.Result original = Replay.replay(c.rules(), c.record());
            assertThat(original.error()).as(c.name()).isNull();
            for (Format f : Format.values()) {
                String what = c.name() + " as " + f;
                if (f == Format.USI && !standardStart(c)) {
                    assertThatThrownBy(() -> write(f, c)).as(what).isInstanceOf(UnwritableRecordException.class)
                            .hasMessageContaining("starts from");
                    continue;
                }
                String text = write(f, c);
                assertThat(Records.detect(text)).as(what).isEqualTo(f.detected);
                GameRecord back = read(f, c, text);

                Replay.Result replay = Replay.replay(c.rules(), back);
                assertThat(replay.error()).as(what).isNull();
                assertThat(replay.canonicalMoves()).as(what).isEqualTo(original.canonicalMoves());
                assertThat(startSfen(back, c.rules())).as(what).isEqualTo(startSfen(c.record(), c.rules()));
                assertThat(replay.status()).as(what).isEqualTo(original.status());
                assertThat(replay.finalPosition().sfen()).as(what).isEqualTo(original.finalPosition().sfen());
                metadataSurvives(f, c, back, what);

                // Writing what was read back gives the same text: nothing drifts on a second trip.
                Case again = new Case(c.name(), back, c.rules());
                assertThat(write(f, again)).as(what + ", written twice").isEqualTo(text);
                written.merge(f, 1, Integer::sum);
            }
        }
        // USI only for the 13 games from the start position (10 lishogi, 2 even historical, the KIF game);
        // every other format for all 96 records.
        assertThat(written).containsEntry(Format.USI, 13).containsEntry(Format.LISHOGI, 96).containsEntry(Format.JSON, 96)
                .containsEntry(Format.KIF, 96).containsEntry(Format.CSG, 96);
    }

    private static void metadataSurvives(Format f, Case c, GameRecord back, String what) {
        GameRecord r = c.record();
        switch (f) {
            case USI -> { } // moves only
            case LISHOGI -> {
                assertThat(back.id()).as(what).isEqualTo(r.id());
                assertThat(back.recordedStatus()).as(what).isEqualTo(r.recordedStatus());
                assertThat(back.recordedWinner()).as(what).isEqualTo(r.recordedWinner());
                assertThat(back.tags()).as(what).isEqualTo(only(r.tags(), Set.of(GameRecord.SENTE, GameRecord.GOTE)));
            }
            case JSON -> {
                assertThat(back.rules()).as(what).isEqualTo(c.rules().id);
                assertThat(back.id()).as(what).isEqualTo(r.id());
                assertThat(back.initialSfen()).as(what).isEqualTo(r.initialSfen());
                assertThat(back.moves()).as(what).isEqualTo(r.moves());
                assertThat(back.recordedStatus()).as(what).isEqualTo(r.recordedStatus());
                assertThat(back.recordedWinner()).as(what).isEqualTo(r.recordedWinner());
                assertThat(back.tags()).as(what).isEqualTo(r.tags());
                assertThat(back.comments()).as(what).isEqualTo(r.comments());
            }
            case KIF -> {
                // The reader also keeps the written result line (千日手, まで22手で後手の勝ち) as the result tag.
                Map<String, String> tags = new HashMap<>(back.tags());
                if (!r.tags().containsKey(GameRecord.RESULT)) tags.remove(GameRecord.RESULT);
                assertThat(tags).as(what).isEqualTo(r.tags());
                assertThat(back.comments()).as(what).isEqualTo(r.comments());
                assertThat(back.recordedWinner()).as(what).isEqualTo(r.recordedWinner());
                // KIF has words for these endings; lishogi's royalsLost and bareKing are only "… wins".
                if (r.recordedStatus() != null && Set.of("resign", "repetition", "draw").contains(r.recordedStatus()))
                    assertThat(back.recordedStatus()).as(what).isEqualTo(r.recordedStatus());
            }
            case CSG -> {
                assertThat(back.rules()).as(what).isEqualTo("chu");
                assertThat(only(back.tags(), Set.of(GameRecord.SENTE, GameRecord.GOTE))).as(what)
                        .isEqualTo(only(r.tags(), Set.of(GameRecord.SENTE, GameRecord.GOTE)));
                assertThat(back.comments()).as(what).isEqualTo(r.comments().containsKey(0) ? Map.of(0, r.comments().get(0)) : Map.of());
                if (r.tags().containsKey(GameRecord.HANDICAP))
                    assertThat(back.tags().get(GameRecord.HANDICAP)).as(what).isEqualTo(r.tags().get(GameRecord.HANDICAP));
            }
        }
    }

    // ------------------------------------------------------------------ what each format writes

    @Test
    void usiLineIsTheRecordsMovesAsWritten() {
        List<String> lines = corpus("lishogi/lishogi-top-players-10.ndjson").lines().toList();
        List<Case> games = lishogiGames();
        for (int i = 0; i < games.size(); i++) {
            String movesInCorpus = parse(lines.get(i)).get("moves").asText();
            assertThat(LishogiRecords.writeUsiLine(games.get(i).record(), RuleSet.CHU_LISHOGI)).isEqualTo(movesInCorpus);
        }
        // The lion's 7j7i6h of SNjoPiHz stays as the record spells it; replay canonicalises it.
        assertThat(LishogiRecords.writeUsiLine(games.get(0).record(), RuleSet.CHU_LISHOGI)).contains(" 7j7i6h ");
    }

    @Test
    void ndjsonLineHasLishogisKeys() {
        List<String> lines = corpus("lishogi/lishogi-top-players-10.ndjson").lines().toList();
        List<Case> games = lishogiGames();
        for (int i = 0; i < games.size(); i++) {
            JsonNode corpusLine = parse(lines.get(i));
            JsonNode written = parse(LishogiRecords.writeNdjson(games.get(i).record(), RuleSet.CHU_LISHOGI));
            // Every key of the corpus line, with the same value; plus lishogi's variant key.
            corpusLine.fieldNames().forEachRemaining(k -> {
                if (!corpusLine.get(k).isNull()) assertThat(written.get(k)).as(k).isEqualTo(corpusLine.get(k));
            });
            assertThat(written.get("variant").asText()).isEqualTo("chushogi");
            assertThat(written.has("players")).isFalse();
        }
        GameRecord hist1 = csgGames().get(0).record();
        JsonNode line = parse(LishogiRecords.writeNdjson(hist1, RuleSet.CHU));
        assertThat(line.at("/players/sente/user/name").asText()).isEqualTo("Mori");
        assertThat(line.at("/players/gote/user/name").asText()).isEqualTo("Fukui");
        assertThat(line.get("initial_sfen").asText()).isEqualTo(Csg.EVEN_SFEN);
        assertThat(line.has("id")).isFalse();
        assertThat(line.get("moves").asText()).startsWith("8i8h 5d5e 7j6h ");
    }

    @Test
    void gameJsonCarriesRulesTagsAndComments() {
        GameRecord hist3 = csgGames().get(2).record();
        JsonNode json = parse(Records.toJson(hist3, RuleSet.CHU));
        assertThat(json.get("rules").asText()).isEqualTo("chu");
        assertThat(json.get("initialSfen").asText()).isEqualTo(Csg.FK_SFEN);
        assertThat(json.get("moves").isArray()).isTrue();
        assertThat(json.get("moves").get(0).asText()).isEqualTo("5d5e");
        assertThat(json.get("sente").asText()).isEqualTo("Masuda");
        assertThat(json.get("gote").asText()).isEqualTo("Kuri");
        assertThat(json.at("/tags/handicap").asText()).isEqualTo("Free King");
        assertThat(json.has("tags") && json.get("tags").has("sente")).isFalse();

        GameRecord kif = kifGame().record();
        JsonNode k = parse(Records.toJson(kif, RuleSet.CHU));
        assertThat(k.has("initialSfen")).isFalse(); // the record names no start: the rule set's start
        assertThat(k.get("moves").size()).isEqualTo(129);

        GameRecord commented = new GameRecord("t", 1, null, null, null, List.of("7i7h", "6c7e"), "resign", "gote",
                Map.of(GameRecord.EVENT, "Club \"open\"", GameRecord.DATE, "2024-05-01", GameRecord.SITE, "Tokyo",
                        "持ち時間", "各30分"),
                Map.of(0, "before", 2, "line one\nline two"));
        String text = Records.toJson(commented, RuleSet.CHU_SDIN);
        assertThat(text).doesNotContain("\n");
        GameRecord back = Records.read("t", text).get(0);
        assertThat(back.rules()).isEqualTo("chu-sdin");
        assertThat(back.tags()).isEqualTo(commented.tags());
        assertThat(back.comments()).isEqualTo(commented.comments());
        assertThat(back.recordedStatus()).isEqualTo("resign");
        assertThat(back.recordedWinner()).isEqualTo("gote");
    }

    @Test
    void severalWrittenRecordsReadAsNdjsonOrUsiLines() {
        List<Case> csg = csgGames();
        // hist1 and hist2 are even games: they are the two CSG games a USI move list can hold.
        List<Case> even = List.of(csg.get(0), csg.get(1));
        String lishogi = LishogiRecords.writeNdjson(even.get(0).record(), RuleSet.CHU) + "\n"
                + LishogiRecords.writeNdjson(even.get(1).record(), RuleSet.CHU) + "\n";
        String usi = LishogiRecords.writeUsiLine(even.get(0).record(), RuleSet.CHU) + "\n"
                + LishogiRecords.writeUsiLine(even.get(1).record(), RuleSet.CHU) + "\n";
        assertThat(Records.detect(lishogi)).isEqualTo(Records.Format.NDJSON);
        assertThat(Records.detect(usi)).isEqualTo(Records.Format.USI);
        for (String text : List.of(lishogi, usi)) {
            List<GameRecord> back = Records.read("several", text);
            assertThat(back).hasSize(2);
            for (int i = 0; i < 2; i++) assertThat(back.get(i).moves()).isEqualTo(even.get(i).record().moves());
        }
        // Among several NDJSON lines, as alone, a line keeps its players.
        List<GameRecord> back = Records.read("l", lishogi);
        assertThat(back.get(0).tags()).containsEntry(GameRecord.SENTE, "Mori").containsEntry(GameRecord.GOTE, "Fukui");
        assertThat(back.get(1).tags()).containsEntry(GameRecord.SENTE, "Kondo").containsEntry(GameRecord.GOTE, "Konishi");
    }

    @Test
    void ourGameJsonOnePerLineReadsAsNdjsonLikeEachDocumentAlone() {
        // every corpus record (lishogi games, historical CSG games, the KIF game, the problems from
        // their own positions, with tags and comments) in our JSON, one per line: an NDJSON file
        List<Case> cases = allRecords();
        StringBuilder ndjson = new StringBuilder();
        for (Case c : cases) ndjson.append(Records.toJson(c.record(), c.rules())).append('\n');
        assertThat(Records.detect(ndjson.toString())).isEqualTo(Records.Format.NDJSON);
        List<GameRecord> lines = Records.read("all.ndjson", ndjson.toString());
        assertThat(lines).hasSize(cases.size());
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            GameRecord alone = Records.read(c.name(), Records.toJson(c.record(), c.rules())).get(0);
            GameRecord line = lines.get(i);
            assertThat(line.moves()).as(c.name()).isEqualTo(alone.moves()).isEqualTo(c.record().moves());
            assertThat(line.initialSfen()).as(c.name()).isEqualTo(alone.initialSfen());
            assertThat(line.rules()).as(c.name()).isEqualTo(c.rules().id);
            assertThat(line.kind()).as(c.name()).isEqualTo(c.record().kind());
            assertThat(line.tags()).as(c.name()).isEqualTo(alone.tags());
            assertThat(line.comments()).as(c.name()).isEqualTo(alone.comments());
            assertThat(line.line()).as(c.name()).isEqualTo(i + 1);
            assertThat(Replay.replay(c.rules(), line).error()).as(c.name()).isNull();
        }
    }

    // ------------------------------------------------------------------ what a format cannot express

    @Test
    void usiLineRefusesGamesItCannotHold() {
        Case tsumeA1 = tsume().get(0);
        assertThatThrownBy(() -> LishogiRecords.writeUsiLine(tsumeA1.record(), RuleSet.CHU))
                .isInstanceOfSatisfying(UnwritableRecordException.class, e -> assertThat(e.format).isEqualTo("usi"))
                .hasMessageContaining("always starts from the chu start position")
                .hasMessageContaining(tsumeA1.record().initialSfen());
        // A handicap game (gote moves first from the Free King setup) is not from the start either.
        assertThatThrownBy(() -> LishogiRecords.writeUsiLine(csgGames().get(2).record(), RuleSet.CHU))
                .isInstanceOf(UnwritableRecordException.class);
        GameRecord empty = new GameRecord("t", 1, null, null, null, List.of(), null, null);
        assertThatThrownBy(() -> LishogiRecords.writeUsiLine(empty, RuleSet.CHU))
                .isInstanceOf(UnwritableRecordException.class).hasMessageContaining("no moves");
        GameRecord spaced = new GameRecord("t", 1, null, null, null, List.of("7i7h", "5d 5e"), null, null);
        assertThatThrownBy(() -> LishogiRecords.writeUsiLine(spaced, RuleSet.CHU))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ply 2: not a USI move: '5d 5e'");
        assertThatThrownBy(() -> LishogiRecords.writeNdjson(spaced, RuleSet.CHU))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ply 2");
        GameRecord badStart = new GameRecord("t", 1, null, null, "not a position", List.of("7i7h"), null, null);
        assertThatThrownBy(() -> LishogiRecords.writeUsiLine(badStart, RuleSet.CHU))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("invalid start position");
        // The start SFEN spelled out in full is the start position: written.
        GameRecord explicit = new GameRecord("t", 1, null, null, RuleSet.CHU.variant.startSfen, List.of("7i7h"), null, null);
        assertThat(LishogiRecords.writeUsiLine(explicit, RuleSet.CHU)).isEqualTo("7i7h");
    }

    @Test
    void standaloneCsgRefusesStartsThatNeedASetupFile() {
        for (Case c : csgGames())
            assertThat(Csg.writeStandalone(c.record(), RuleSet.CHU)).as(c.name()).isEqualTo(Csg.write(c.record(), RuleSet.CHU));
        assertThat(Csg.writeStandalone(lishogiGames().get(0).record(), RuleSet.CHU_LISHOGI)).startsWith("3\nboard.data\nEVEN\n");

        Case tsumeA1 = tsume().get(0);
        assertThatThrownBy(() -> Csg.writeStandalone(tsumeA1.record(), RuleSet.CHU))
                .isInstanceOfSatisfying(UnwritableRecordException.class, e -> assertThat(e.format).isEqualTo("csg"))
                .hasMessageContaining("none of the setups");
        // The even board with gote to move, or with a counter-strike square, is not how a .csg starts.
        for (String start : List.of(Csg.EVEN_SFEN.replace(" b - 1", " w - 1"), Csg.EVEN_SFEN.replace(" b - 1", " b 5e 1"))) {
            GameRecord g = new GameRecord("t", 1, null, "chu", start, List.of(), null, null);
            assertThatThrownBy(() -> Csg.writeStandalone(g, RuleSet.CHU))
                    .isInstanceOf(UnwritableRecordException.class).hasMessageContaining("EVEN setup");
        }
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
