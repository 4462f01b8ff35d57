package io.kifudb.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kifudb.rules.RuleSet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

/** Colin Adams' .csg records and .fsy setups: conversion, the six historical games, round trips, errors. */
class CsgTest {
    private static final Path DIR = Path.of("kifu-corpus", "chu", "historical");
    private static final int[] PLIES = {327, 160, 259, 233, 343, 317};

    private static String file(String name) {
        try {
            return Files.readString(DIR.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Resolves setup names against the corpus directory (which holds the .fsy files, not the .data ones). */
    private static final Function<String, String> DIRECTORY = name -> Files.isRegularFile(DIR.resolve(name)) ? file(name) : null;

    private static GameRecord hist(int i) {
        List<GameRecord> games = Csg.read("hist" + i + ".csg", file("hist" + i + ".csg"), DIRECTORY);
        assertThat(games).hasSize(1);
        return games.get(0);
    }

    @Test
    void evenFsyIsTheStandardStartPosition() {
        assertThat(Csg.fsyToSfen(file("EVEN.fsy"), false)).isEqualTo(RuleSet.CHU.variant.startSfen);
        assertThat(Csg.EVEN_SFEN).isEqualTo(RuleSet.CHU.variant.startSfen);
    }

    @Test
    void builtInSetupsAreTheCorpusFiles() {
        assertThat(Csg.fsyToSfen(file("EVEN.fsy"), false)).isEqualTo(Csg.EVEN_SFEN);
        assertThat(Csg.fsyToSfen(file("FK.fsy"), true)).isEqualTo(Csg.FK_SFEN);
        assertThat(Csg.fsyToSfen(file("FKa.fsy"), true)).isEqualTo(Csg.FKA_SFEN);
        assertThat(Csg.fsyToSfen(file("FK+DK.fsy"), true)).isEqualTo(Csg.FK_DK_SFEN);
    }

    @Test
    void sfenToFsyInvertsFsyToSfen() {
        for (String name : List.of("EVEN.fsy", "FK.fsy", "FKa.fsy", "FK+DK.fsy")) {
            String sfen = Csg.fsyToSfen(file(name), false);
            String fsy = Csg.sfenToFsy(sfen);
            assertThat(fsy.strip()).as(name).isEqualTo(file(name).strip());
            assertThat(Csg.fsyToSfen(fsy, false)).isEqualTo(sfen);
        }
        String promoted = "l+f10/12/12/12/12/12/12/12/12/12/12/+NK10 b - 1".replace("+N", "+O");
        assertThat(Csg.sfenToFsy(promoted)).isEqualTo("/L,+FL,10/12/12/12/12/12/12/12/12/12/12/+ky,k,10/\n");
        assertThat(Csg.fsyToSfen(Csg.sfenToFsy(promoted), false)).isEqualTo(promoted);
    }

    @Test
    void historicalGamesReplayUnderChu() {
        for (int i = 1; i <= 6; i++) {
            GameRecord g = hist(i);
            Replay.Result r = Replay.replay(RuleSet.CHU, g);
            assertThat(r.error()).as("hist%d: ply %d %s", i, r.errorPly(), r.errorMove()).isNull();
            assertThat(r.ok()).isTrue();
            assertThat(r.plies()).as("hist%d", i).isEqualTo(PLIES[i - 1]);
            assertThat(g.rules()).isEqualTo("chu");
        }
    }

    @Test
    void headersGiveSentePlayerOnLine4AndGotePlayerOnLine5() {
        GameRecord g1 = hist(1);
        assertThat(g1.tags()).containsEntry(GameRecord.SENTE, "Mori").containsEntry(GameRecord.GOTE, "Fukui")
                .containsEntry(GameRecord.HANDICAP, "EVEN");
        assertThat(g1.comments()).containsEntry(0, "See Chu Shogi Library for a commentary.");
        assertThat(g1.initialSfen()).isEqualTo(Csg.EVEN_SFEN);
        assertThat(g1.moves()).startsWith("8i8h", "5d5e", "7j6h");
        assertThat(g1.moves().get(36)).isEqualTo("6g6f6g"); // 19 Ln 6g x! 6f
        assertThat(g1.moves()).contains("11g12g11f", "4g3f2f");

        GameRecord g2 = hist(2);
        assertThat(g2.comments()).isEmpty();
        assertThat(g2.tags()).containsEntry(GameRecord.SENTE, "Kondo").containsEntry(GameRecord.GOTE, "Konishi");

        // Handicap games: the giver, gote (upper side), moves first; line 5 names them.
        GameRecord g3 = hist(3);
        assertThat(g3.initialSfen()).isEqualTo(Csg.FK_SFEN);
        assertThat(g3.tags()).containsEntry(GameRecord.SENTE, "Masuda").containsEntry(GameRecord.GOTE, "Kuri")
                .containsEntry(GameRecord.HANDICAP, "Free King");
        assertThat(g3.moves().get(0)).isEqualTo("5d5e");
        assertThat(hist(4).initialSfen()).isEqualTo(Csg.FKA_SFEN);
        assertThat(hist(5).initialSfen()).isEqualTo(Csg.FK_DK_SFEN);
        assertThat(hist(6).tags()).containsEntry(GameRecord.SENTE, "Matsumoto").containsEntry(GameRecord.GOTE, "Mori");
    }

    @Test
    void resolverTextIsUsedWhenGiven() {
        Map<String, String> data = Map.of("board.data", "EVEN.fsy", "freekingMSMa.data", "FK.fsy",
                "freekingMSMb.data", "FKa.fsy", "dragonkingMSM.data", "FK+DK.fsy");
        for (int i = 1; i <= 6; i++) {
            String text = file("hist" + i + ".csg");
            GameRecord viaFiles = Csg.read("h", text, name -> data.containsKey(name) ? file(data.get(name)) : null).get(0);
            GameRecord builtIn = Csg.read("h", text, null).get(0);
            assertThat(viaFiles.initialSfen()).isEqualTo(builtIn.initialSfen());
            assertThat(viaFiles.moves()).isEqualTo(builtIn.moves());
        }
        // A setup the resolver does not know, of no built-in name or handicap, is an error on line 2.
        String text = file("hist2.csg").replace("board.data", "other.fsy").replace("\nEVEN\n", "\nOdd\n");
        assertThatThrownBy(() -> Csg.read("x.csg", text, n -> null))
                .isInstanceOfSatisfying(RecordFormatException.class, e -> assertThat(e.line).isEqualTo(2));
        assertThat(Csg.read("x.csg", text, n -> file("EVEN.fsy")).get(0).initialSfen()).isEqualTo(Csg.EVEN_SFEN);
    }

    @Test
    void writingTheHistoricalGamesGivesBackTheirText() {
        for (int i = 1; i <= 6; i++) {
            String original = file("hist" + i + ".csg");
            String written = Csg.write(hist(i), RuleSet.CHU);
            assertThat(normalise(written)).as("hist%d", i).isEqualTo(normalise(original));
        }
    }

    private static String normalise(String csg) {
        return csg.replaceAll("[ \t]+", " ").strip();
    }

    @Test
    void roundTripKeepsMovesSetupAndTags() {
        for (int i = 1; i <= 6; i++) {
            GameRecord g = hist(i);
            GameRecord back = Csg.read("rt", Csg.write(g, RuleSet.CHU), null).get(0);
            assertThat(back.moves()).as("hist%d", i).isEqualTo(g.moves());
            assertThat(back.initialSfen()).isEqualTo(g.initialSfen());
            assertThat(back.tags()).isEqualTo(g.tags());
            assertThat(back.comments()).isEqualTo(g.comments());
        }
    }

    @Test
    void customStartPositionsAreWrittenAsCustomFsy() {
        String sfen = "6k5/12/2g9/12/12/12/12/12/12/3P8/5N6/6K5 w - 1";
        GameRecord g = new GameRecord("t", 1, null, "chu", sfen, List.of("6a6b", "7k7j7k", "6b6a", "7k6j5i"),
                null, null, Map.of(GameRecord.SENTE, "A", GameRecord.GOTE, "B"), Map.of(0, "two\nlines"));
        String csg = Csg.write(g, RuleSet.CHU);
        assertThat(csg).startsWith("3\ncustom.fsy\nHandicap\nA\nB\ntwo\nlines\n\n\n\n0 P 1a - 1a\n1 K 6a - 6b\n2 Ln 7k - 7j - 7k\n");
        assertThat(csg).endsWith("2 K 6b - 6a\n3 Ln 7k - 5i\n");
        String fsy = Csg.sfenToFsy(sfen);
        GameRecord back = Csg.read("t", csg, name -> name.equals(Csg.CUSTOM_SETUP) ? fsy : null).get(0);
        assertThat(back.initialSfen()).isEqualTo(sfen);
        assertThat(back.moves()).isEqualTo(List.of("6a6b", "7k7j7k", "6b6a", "7k5i"));
        assertThat(back.comments()).containsEntry(0, "two\nlines");
        assertThat(Replay.replay(RuleSet.CHU, back).ok()).isTrue();

        // Without moves the handicap name carries who moves first.
        for (String side : List.of("b", "w")) {
            String s = sfen.replace(" w ", " " + side + " ");
            GameRecord empty = new GameRecord("t", 1, null, "chu", s, List.of(), null, null);
            assertThat(Csg.read("t", Csg.write(empty, RuleSet.CHU), n -> Csg.sfenToFsy(s)).get(0).initialSfen()).isEqualTo(s);
        }
        // The standard start position (null SFEN) is the built-in even setup.
        GameRecord even = new GameRecord("t", 1, null, "chu", null, List.of("8i8h", "5d5e"), null, null);
        String text = Csg.write(even, RuleSet.CHU);
        assertThat(text).startsWith("3\nboard.data\nEVEN\n").endsWith("0 P 1a - 1a\n1 P 8i - 8h\n1 P 5d - 5e\n");
    }

    @Test
    void promotionsAndDeclinesAreWritten() {
        GameRecord g = hist(1);
        String csg = Csg.write(g, RuleSet.CHU);
        assertThat(csg).contains("\n65 S 8h x 8i =\n", "\n141 R 2j x 2c =\n");
    }

    private static final String HEADER = "3\nboard.data\nEVEN\nA\nB\n\n\n\n\n\n0 P 1a - 1a\n1 P 8i - 8h\n";

    private static RecordFormatException error(String text) {
        try {
            Csg.read("bad.csg", text, null);
        } catch (RecordFormatException e) {
            assertThat(e.source).isEqualTo("bad.csg");
            return e;
        }
        throw new AssertionError("no RecordFormatException for:\n" + text);
    }

    /** The first move of the text that is not a legal move (ply 2 after HEADER's first move): its error. */
    private static MoveError stop(String text) {
        GameRecord g = Csg.read("bad.csg", text, null).get(0);
        assertThat(g.stop()).as(text).isNotNull();
        assertThat(g.moves()).hasSize(g.stop().ply() - 1);
        return g.stop();
    }

    @Test
    void badMoveLinesStopTheRecordAtTheirPlyAndLine() {
        MoveError e = stop(HEADER + "1 Zz 5d - 5e\n1 P 8h - 8g\n");
        assertThat(e).isEqualTo(new MoveError(2, "1 Zz 5d - 5e", 13, "unknown piece abbreviation 'Zz'"));

        assertThat(stop(HEADER + "1 +K 5d - 5e\n").line()).isEqualTo(13);

        e = stop(HEADER + "1 P 5d - 5m\n");
        assertThat(e.line()).isEqualTo(13);
        assertThat(e.reason()).contains("malformed square '5m'");
        assertThat(stop(HEADER + "1 P 13d - 5e\n").line()).isEqualTo(13);
        assertThat(stop(HEADER + "1 P d5 - 5e\n").line()).isEqualTo(13);
        assertThat(stop(HEADER + "1 P 5d ~ 5e\n").line()).isEqualTo(13);
        assertThat(stop(HEADER + "1 P 5d - 5e - \n").line()).isEqualTo(13);
        assertThat(stop(HEADER + "one P 5d - 5e\n").line()).isEqualTo(13);
        assertThat(stop(HEADER + "1 P 5d - 5e\n0 P 1a - 1a\n").reason()).contains("move number 0");

        // The piece named must stand on the origin square.
        e = stop(HEADER + "1 L 5d - 5e\n");
        assertThat(e.line()).isEqualTo(13);
        assertThat(e.ply()).isEqualTo(2);
        assertThat(e.reason()).contains("Pawn");
        assertThat(stop(HEADER + "1 P 5e - 5f\n").reason()).contains("empty");
        // What the line says of the board must be so: 'x' captures, '-' does not.
        assertThat(stop(HEADER + "1 P 5d x 5e\n").reason()).isEqualTo("'x' (capture) on 5e, but 5e is empty");
        assertThat(stop(HEADER + "1 Ln 6c - 6d\n").reason()).isEqualTo("'-' (no capture) to 6d, but 6d holds P (Pawn)");
        // The rules refuse the rest (rule-sets.md §1: a Pawn steps one square forward): the rules' reason.
        assertThat(stop(HEADER + "1 P 5d - 5f\n").reason()).isEqualTo("the Pawn on 5d cannot move to 5f");
        // A Lion jumps at most two squares (pieces-and-setups.md: the Lion's area is the 5x5 around it).
        assertThat(stop(HEADER.replace("1 P 8i - 8h\n", "1 P 7i - 7h\n") + "1 P 5d - 5e\n2 Ln 7j - 7g\n").ply()).isEqualTo(3);
    }

    @Test
    void badHeadersMakeTheFileUnreadable() {
        RecordFormatException e = error("3\nboard.data\nEVEN\n");
        assertThat(e.line).isEqualTo(4);
        assertThat(e.getMessage()).contains("truncated header");
        assertThat(error("3\nboard.data\nEVEN\nA\n").line).isEqualTo(5);
        assertThat(error("").line).isEqualTo(1);
        assertThat(error("2\nboard.data\nEVEN\nA\nB\n").line).isEqualTo(1);

        assertThat(error("3\nnowhere.data\nOdd\nA\nB\n\n").line).isEqualTo(2);
        // An unknown file name with a known handicap name falls back to that handicap's built-in setup.
        assertThat(Csg.read("ok", "3\nx.fsy\nFree King\nA\nB\n", null).get(0).initialSfen()).isEqualTo(Csg.FK_SFEN);
    }

    @Test
    void anyWhitespaceAndTheDummyLineAreAccepted() {
        GameRecord g = Csg.read("ws", "3\r\nboard.data\r\nEVEN\r\nA\r\nB\r\n\r\n1\t P  8i -\t8h\r\n1 P 5d - 5e =\r\n", null).get(0);
        assertThat(g.moves()).containsExactly("8i8h", "5d5e");
        assertThat(g.stop()).isNull();
        // '+' promotes, alone or glued to the square
        assertThat(CsgMove.parse("139 P 1e - 1d +").usi()).isEqualTo("1e1d+");
        assertThat(CsgMove.parse("139 P 1e - 1d+").usi()).isEqualTo("1e1d+");
        assertThat(g.comments()).isEmpty();
        // A file without the comment line: line 6 is already a move.
        assertThat(Csg.read("nc", "3\nboard.data\nEVEN\nA\nB\n0 P 1a - 1a\n1 P 8i - 8h\n", null).get(0).moves())
                .containsExactly("8i8h");
        assertThat(Csg.read("nc", "3\nboard.data\nEVEN\nA\nB\n1 P 8i - 8h\n", null).get(0).moves()).containsExactly("8i8h");
        GameRecord h = Csg.read("empty", "3\nboard.data\nEVEN\nA\nB\n", null).get(0);
        assertThat(h.moves()).isEmpty();
        assertThat(h.initialSfen()).isEqualTo(Csg.EVEN_SFEN);
    }
}
