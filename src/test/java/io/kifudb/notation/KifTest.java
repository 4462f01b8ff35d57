package io.kifudb.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** KIF and KI2-style records: the scalashogi corpus game, headers, boards, KI2, round trips, errors. */
class KifTest {
    private static final Path CORPUS = Path.of("kifu-corpus", "chu");

    private static String corpus(String path) {
        try {
            return Files.readString(CORPUS.resolve(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] resource(String name) {
        try (InputStream in = KifTest.class.getResourceAsStream("/kif/" + name)) {
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static GameRecord one(String source, String text, RuleSet rules) {
        List<GameRecord> games = Kif.read(source, text, rules);
        assertThat(games).hasSize(1);
        return games.get(0);
    }

    private static Replay.Result replayOk(RuleSet rules, GameRecord r) {
        Replay.Result res = Replay.replay(rules, r);
        assertThat(res.error()).as("replay of " + r.source() + " at ply " + res.errorPly() + " " + res.errorMove()).isNull();
        return res;
    }

    private static String sfen(GameRecord r, RuleSet rules) {
        return r.initialSfen() == null ? Position.start(rules).sfen() : Sfen.parse(rules, r.initialSfen()).sfen();
    }

    // ------------------------------------------------------------------ the corpus game

    @Test
    void corpusGameReadsAndReplaysUnderChu() {
        GameRecord r = one("scalashogi-chushogiKif1.kif", corpus("kif/scalashogi-chushogiKif1.kif"), RuleSet.CHU);
        assertThat(r.moves()).hasSize(129);
        assertThat(r.initialSfen()).isNull();
        assertThat(r.moves().get(0)).isEqualTo("7i7h");
        assertThat(r.moves().get(1)).isEqualTo("6c7e"); // 2手目 △7五獅子 （←6三）: lion jump
        assertThat(r.moves().get(56)).isEqualTo("7g6f7g"); // 57手目: 仝獅子 then 7七獅子（居食い）
        assertThat(r.moves().get(57)).isEqualTo("3b10i+"); // 58手目 △10九角行成 （←3二）
        assertThat(r.moves().get(58)).isEqualTo("10j10i"); // 59手目 ▲仝飛車 （←10十）
        assertThat(r.moves().get(67)).isEqualTo("6d5d6c"); // 68手目: 仝獅子 （←6四） then 6三獅子 （←5四）
        assertThat(r.moves().get(99)).isEqualTo("7a6b"); // 100手目 △6二醉象 （←7一）
        assertThat(r.moves().get(108)).isEqualTo("7c8b"); // 109手目 ▲仝角鷹: a promoted piece under its own name
        assertThat(r.moves().get(128)).isEqualTo("7d7c"); // 129手目 ▲7三獅子まで
        Replay.Result res = replayOk(RuleSet.CHU, r);
        assertThat(res.plies()).isEqualTo(129);
        assertThat(res.canonicalMoves()).isEqualTo(r.moves());
        replayOk(RuleSet.CHU_LISHOGI, r);
    }

    @Test
    void corpusGameRoundTrips() {
        GameRecord r = one("kif1", corpus("kif/scalashogi-chushogiKif1.kif"), RuleSet.CHU);
        String kif = Kif.write(r, RuleSet.CHU);
        assertThat(kif).contains("1手目 ▲7八歩兵 （←7九）", "2手目 △7五獅子 （←6三）",
                "57手目一歩目 ▲仝獅子 （←7七）", "57手目二歩目 ▲7七獅子（居食い） （←6六）",
                "107手目 ▲仝龍馬成 （←2八）", "109手目 ▲仝角鷹 （←7三）");
        GameRecord back = one("kif1-written", kif, RuleSet.CHU);
        assertThat(back.moves()).isEqualTo(r.moves());
        assertThat(back.initialSfen()).isNull();
        assertThat(back.tags()).isEqualTo(r.tags());
        // Each line of the original's move section is reproduced exactly, except 129手目's "まで".
        List<String> original = corpus("kif/scalashogi-chushogiKif1.kif").lines().toList();
        List<String> written = kif.lines().filter(l -> l.contains("手目")).toList();
        assertThat(written).hasSize(original.size());
        for (int i = 0; i < original.size() - 1; i++) assertThat(written.get(i)).isEqualTo(original.get(i));
    }

    // ------------------------------------------------------------------ headers, comments, Shift_JIS

    @Test
    void shiftJisHeadersCommentsAndResult() {
        byte[] bytes = resource("headers-comments.sjis.kif");
        String text = Kif.decode(bytes);
        assertThat(text).isEqualTo(new String(bytes, Charset.forName("windows-31j")));
        GameRecord r = one("sjis.kif", text, RuleSet.CHU);
        assertThat(r.moves()).containsExactly("7i7h", "6c7e", "7j6h", "6d6e");
        assertThat(r.tags()).containsEntry(GameRecord.EVENT, "第1回テスト中将棋大会")
                .containsEntry(GameRecord.DATE, "2022-10-26")
                .containsEntry(GameRecord.SITE, "東京・将棋会館")
                .containsEntry(GameRecord.HANDICAP, "平手")
                .containsEntry(GameRecord.SENTE, "山田太郎")
                .containsEntry(GameRecord.GOTE, "鈴木花子")
                .containsEntry("持ち時間", "各60分")
                .containsEntry("戦型", "獅子先攻")
                .containsEntry("終了日時", "2022/10/26 12:34:56")
                .containsEntry(GameRecord.RESULT, "投了");
        assertThat(r.comments()).containsExactlyInAnyOrderEntriesOf(
                Map.of(0, "対局前のコメント", 1, "初手のコメント\n二行目", 4, "醉象と鯨鯢"));
        assertThat(r.recordedStatus()).isEqualTo("resign");
        assertThat(r.recordedWinner()).isEqualTo("gote");
        assertThat(r.initialSfen()).isNull();
        replayOk(RuleSet.CHU, r);

        GameRecord back = one("sjis-written", Kif.write(r, RuleSet.CHU), RuleSet.CHU);
        assertThat(back.moves()).isEqualTo(r.moves());
        assertThat(back.tags()).isEqualTo(r.tags());
        assertThat(back.comments()).isEqualTo(r.comments());
        assertThat(back.recordedStatus()).isEqualTo("resign");
        assertThat(back.recordedWinner()).isEqualTo("gote");
    }

    @Test
    void decodeDetectsUtf8AndBom() {
        String text = "先手：山田\n1手目 ▲7八歩兵 （←7九）\n";
        assertThat(Kif.decode(text.getBytes(StandardCharsets.UTF_8))).isEqualTo(text);
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        byte[] bom = new byte[utf8.length + 3];
        bom[0] = (byte) 0xEF;
        bom[1] = (byte) 0xBB;
        bom[2] = (byte) 0xBF;
        System.arraycopy(utf8, 0, bom, 3, utf8.length);
        assertThat(Kif.decode(bom)).isEqualTo(text);
        assertThat(Kif.decode(text.getBytes(Charset.forName("windows-31j")))).isEqualTo(text);
    }

    @Test
    void datesAreNormalised() {
        String kif = "対局日：２０２１年３月５日（金）\n手数----指手---------消費時間--\n";
        assertThat(one("d", kif, RuleSet.CHU).tags()).containsEntry(GameRecord.DATE, "2021-03-05");
        assertThat(one("d", "開始日時：sometime\n", RuleSet.CHU).tags()).containsEntry(GameRecord.DATE, "sometime");
    }

    // ------------------------------------------------------------------ board diagrams

    @Test
    void boardDiagramStart() {
        GameRecord r = one("board-start.kif", Kif.decode(resource("board-start.kif")), RuleSet.CHU);
        assertThat(r.initialSfen()).isEqualTo("5k6/7+h4/9+o2/5n6/3+p8/12/12/6N5/5P2+B3/12/10E1/6K5 w - 1");
        assertThat(r.moves()).containsExactly("7d6f", "7i7h", "9e9f", "4i3h");
        assertThat(r.tags()).containsEntry(GameRecord.EVENT, "盤面から").containsEntry(GameRecord.SENTE, "A");
        replayOk(RuleSet.CHU, r);

        String kif = Kif.write(r, RuleSet.CHU);
        assertThat(kif).contains(Kif.FILE_HEADER, "|  ・  ・  ・  ・  ・ v玉  ・  ・  ・  ・  ・  ・|一",
                "|  ・  ・  ・  ・  ・  ・  ・  ・  ・v成獅  ・  ・|三", "後手番", "1手目 △6六獅子 （←7四）");
        GameRecord back = one("board-written", kif, RuleSet.CHU);
        assertThat(back.initialSfen()).isEqualTo(r.initialSfen());
        assertThat(back.moves()).isEqualTo(r.moves());
        assertThat(back.tags()).isEqualTo(r.tags());
    }

    @Test
    void boardDiagramKeepsTheStartMoveNumber() {
        // gote keeps a Gold: with its King alone it would be bare (lost) once the pawn is taken
        String sfen = "6k4g/12/12/12/12/12/6p5/6N5/12/12/12/6K5 b - 17";
        GameRecord r = new GameRecord("x", 1, null, null, sfen, List.of("6h6g6h", "6a6b"), null, null);
        String kif = Kif.write(r, RuleSet.CHU);
        assertThat(kif).contains("17手目一歩目 ▲6七獅子 （←6八）", "17手目二歩目 ▲6八獅子（居食い） （←6七）", "18手目 △6二玉将 （←6一）");
        GameRecord back = one("n", kif, RuleSet.CHU);
        assertThat(back.initialSfen()).isEqualTo(sfen);
        assertThat(back.moves()).isEqualTo(r.moves());
    }

    // ------------------------------------------------------------------ KI2

    @Test
    void seedKi2OpeningReadsAndReplays() {
        GameRecord r = one("seed000", Kif.decode(resource("seed000-opening.ki2")), RuleSet.CHU);
        assertThat(r.moves()).hasSize(20);
        assertThat(r.moves().subList(0, 4)).containsExactly("7j6h", "6c7e", "8i8h", "5d5e");
        assertThat(r.moves().get(9)).isEqualTo("4c2e"); // ▽２五龍馬
        assertThat(r.moves().get(14)).isEqualTo("9j11h"); // ▲１１八龍馬
        assertThat(r.moves().get(18)).isEqualTo("1j1i"); // ▲１九横行
        assertThat(r.recordedStatus()).isEqualTo("impasse"); // ▽６五歩兵持将棋
        assertThat(r.recordedWinner()).isNull();
        assertThat(r.tags()).containsEntry(GameRecord.RESULT, "持将棋");
        replayOk(RuleSet.CHU, r);
    }

    @Test
    void ki2SingleKanjiSameSquareTwoStepIguiAndJitto() {
        GameRecord r = one("ki2", "▲７八歩 ▽７五歩 ▲７七歩 ▽７六歩 ▲同　歩\n", RuleSet.CHU);
        assertThat(r.moves()).containsExactly("7i7h", "7d7e", "7h7g", "7e7f", "7g7f");

        String sfen = "6k4g/12/12/12/12/12/6p5/6N5/12/12/12/6K5 b - 1";
        String board = Kif.write(new GameRecord("b", 1, null, null, sfen, List.of(), null, null), RuleSet.CHU);
        GameRecord lion = one("lion", board + "▲６七居喰い ▽６二玉 ▲じっと ▽６一玉 ▲５七・４六獅 ▽６二王\n", RuleSet.CHU);
        assertThat(lion.initialSfen()).isEqualTo(sfen);
        assertThat(lion.moves().get(0)).isEqualTo("6h6g6h");
        assertThat(lion.moves().get(1)).isEqualTo("6a6b");
        assertThat(lion.moves().get(2)).matches("6h\\d[a-l]6h"); // the (canonical) pass
        assertThat(lion.moves().get(4)).isEqualTo("6h4f"); // a quiet two-step is the direct jump
        replayOk(RuleSet.CHU, lion);

        // The pass written as KIF: 一歩目 to an empty square, 二歩目 back with （じっと）.
        String kif = Kif.write(lion, RuleSet.CHU);
        assertThat(kif).contains("（じっと）");
        assertThat(one("lion-kif", kif, RuleSet.CHU).moves()).isEqualTo(lion.moves());
    }

    @Test
    void ki2Disambiguation() {
        // (each side has a piece besides its King, or a bare King would end the game before it starts)
        String sfen = "6k4g/12/12/12/12/12/12/12/7G1G2/12/12/6K5 b - 1";
        String board = Kif.write(new GameRecord("b", 1, null, null, sfen, List.of(), null, null), RuleSet.CHU);
        assertThat(one("r", board + "▲４八金右\n", RuleSet.CHU).moves()).containsExactly("3i4h");
        assertThat(one("l", board + "▲４八金将左\n", RuleSet.CHU).moves()).containsExactly("5i4h");
        assertThat(one("u", board + "▲５八金上\n", RuleSet.CHU).moves()).containsExactly("5i5h");
        // Two Golds can go to 4八: the move is not read, and the record stops there.
        GameRecord amb = one("amb", board + "▲４八金\n", RuleSet.CHU);
        assertThat(amb.moves()).isEmpty();
        assertThat(amb.stop().ply()).isEqualTo(1);
        assertThat(amb.stop().line()).isEqualTo(board.split("\n").length + 1);
        assertThat(amb.stop().move()).isEqualTo("▲４八金");
        assertThat(amb.stop().reason()).startsWith("ambiguous");
        // gote's right is the higher file
        String gote = "6k5/12/12/7g1g2/12/12/12/12/12/12/12/4G1K5 w - 1";
        String gboard = Kif.write(new GameRecord("b", 1, null, null, gote, List.of(), null, null), RuleSet.CHU);
        assertThat(one("g", gboard + "▽４五金右\n", RuleSet.CHU).moves()).containsExactly("5d4e");
    }

    // ------------------------------------------------------------------ lishogi round trips

    @Test
    void lishogiGamesRoundTrip() {
        List<GameRecord> games = LishogiRecords.read("top10", corpus("lishogi/lishogi-top-players-10.ndjson"));
        assertThat(games).hasSize(10);
        for (GameRecord g : games) {
            Replay.Result res = replayOk(RuleSet.CHU_LISHOGI, g);
            String kif = Kif.write(g, RuleSet.CHU_LISHOGI);
            GameRecord back = one(g.id(), kif, RuleSet.CHU_LISHOGI);
            assertThat(back.moves()).as(g.id()).isEqualTo(res.canonicalMoves());
            assertThat(sfen(back, RuleSet.CHU_LISHOGI)).isEqualTo(sfen(g, RuleSet.CHU_LISHOGI));
            assertThat(back.recordedWinner()).as(g.id()).isEqualTo(g.recordedWinner());
            if (List.of("resign", "repetition", "draw").contains(g.recordedStatus()))
                assertThat(back.recordedStatus()).as(g.id()).isEqualTo(g.recordedStatus());
            replayOk(RuleSet.CHU_LISHOGI, back);
        }
    }

    @Test
    void lishogiServerStyleLines() {
        String kif = """
                手合割：中将棋
                先手：
                後手：
                手数----指手---------消費時間--
                   1   7八歩兵 （←7九）   ( 0:01/00:00:01)
                   2   7五獅子 （←6三）   ( 0:02/00:00:02)
                   3   6八獅子 （←7十）
                   4   7六獅子 （←7五）
                   5一歩目 7七獅子 （←6八）
                   5二歩目 6八獅子(じっと) （←7七）
                   6   投了
                """;
        GameRecord r = one("server", kif, RuleSet.CHU);
        assertThat(r.moves()).hasSize(5);
        assertThat(r.moves().get(4)).matches("\\d+[a-l]\\d+[a-l]\\d+[a-l]");
        assertThat(r.tags()).containsEntry(GameRecord.HANDICAP, "中将棋");
        assertThat(r.recordedStatus()).isEqualTo("resign");
        assertThat(r.recordedWinner()).isEqualTo("sente");
        replayOk(RuleSet.CHU, r);
    }

    @Test
    void classicOriginsAndAnIllegalMoveStopTheRecordAtItsPly() {
        // (79) origins; the third move (a pawn two squares) converts but the rules refuse it: it is never
        // played, and the record stops there with the rules' reason (rule-sets.md §1: a Pawn steps forward).
        GameRecord r = one("c", "1 ７八歩(79)\n2 ７五獅子(63)\n3 ７六歩兵(78)\n4 ７六獅子(75)\n", RuleSet.CHU);
        assertThat(r.moves()).containsExactly("7i7h", "6c7e");
        assertThat(r.moveLines()).containsExactly(1, 2);
        assertThat(r.stop()).isEqualTo(new MoveError(3, "3 ７六歩兵(78)", 3, "the Pawn on 7h cannot move to 7f"));
        Replay.Result res = Replay.replay(RuleSet.CHU, r);
        assertThat(res.errorPly()).isEqualTo(3);
        assertThat(res.errorLine()).isEqualTo(3);
        assertThat(res.errorMove()).isEqualTo("3 ７六歩兵(78)");
        assertThat(res.error()).isEqualTo("illegal move 3 ７六歩兵(78): the Pawn on 7h cannot move to 7f");
        assertThat(res.canonicalMoves()).containsExactly("7i7h", "6c7e");
    }

    @Test
    void ki2MoveForbiddenByTheLionRulesStopsWithTheirReason() {
        // ▲６六獅子 takes a protected Lion two squares away: illegal under the JCSA rules (rule-sets.md §2),
        // but it is the only piece that reaches there, so the reader knows the move and the rules say why not.
        String sfen = "6k4g/12/12/12/6p5/6n5/12/6N5/12/12/12/6K5 b - 1";
        String board = Kif.write(new GameRecord("b", 1, null, null, sfen, List.of(), null, null), RuleSet.CHU);
        GameRecord r = one("lion", board + "▲６六獅子\n", RuleSet.CHU);
        assertThat(r.moves()).isEmpty();
        assertThat(r.stop().ply()).isEqualTo(1);
        assertThat(r.stop().reason()).contains("lion capture rules");
        assertThat(Replay.replay(RuleSet.CHU, r).errorPly()).isEqualTo(1);
    }

    @Test
    void asciiColonHeadersAndUnknownHandicapWithStandardStart() {
        GameRecord r = one("h", "棋戦:Cup\n下手:Alice\n上手:Bob\n", RuleSet.CHU);
        assertThat(r.tags()).containsEntry(GameRecord.EVENT, "Cup").containsEntry(GameRecord.SENTE, "Alice")
                .containsEntry(GameRecord.GOTE, "Bob");
        GameRecord odd = new GameRecord("o", 1, null, null, null, List.of("7i7h"), null, null,
                Map.of(GameRecord.HANDICAP, "その他"), null);
        String kif = Kif.write(odd, RuleSet.CHU);
        assertThat(kif).contains("手合割：その他", Kif.FILE_HEADER);
        GameRecord back = one("o", kif, RuleSet.CHU);
        assertThat(back.initialSfen()).isNull();
        assertThat(back.tags()).isEqualTo(odd.tags());
        assertThat(back.moves()).isEqualTo(odd.moves());
    }

    // ------------------------------------------------------------------ errors

    @Test
    void unknownPieceName() {
        String kif = "先手：a\n手数----指手---------消費時間--\n1手目 ▲7八猫 （←7九）\n";
        GameRecord r = one("bad", kif, RuleSet.CHU);
        assertThat(r.moves()).isEmpty();
        assertThat(r.stop().ply()).isEqualTo(1);
        assertThat(r.stop().line()).isEqualTo(3);
        assertThat(r.stop().move()).isEqualTo("1手目 ▲7八猫 （←7九）");
        assertThat(r.stop().reason()).startsWith("unknown piece name");
    }

    @Test
    void emptyOriginSquare() {
        String kif = "1手目 ▲7八歩兵 （←7九）\n2手目 △7五獅子 （←6三）\n\n3手目 ▲7七歩兵 （←7九）\n";
        GameRecord r = one("bad", kif, RuleSet.CHU);
        assertThat(r.moves()).containsExactly("7i7h", "6c7e");
        assertThat(r.stop().ply()).isEqualTo(3);
        assertThat(r.stop().line()).isEqualTo(4);
        assertThat(r.stop().reason()).startsWith("no piece on 7九");
    }

    @Test
    void nameNotMatchingTheOriginPiece() {
        MoveError silver = one("bad", "1手目 ▲7八銀将 （←7九）\n", RuleSet.CHU).stop();
        assertThat(silver.ply()).isEqualTo(1);
        assertThat(silver.line()).isEqualTo(1);
        assertThat(silver.reason()).contains("銀将", "歩兵");
        // a promotion names the unpromoted piece; a piece that cannot promote is refused
        MoveError lion = one("bad", "1手目 ▲7八歩兵 （←7九）\n2手目 △7七獅子成 （←6三）\n", RuleSet.CHU).stop();
        assertThat(lion.ply()).isEqualTo(2);
        assertThat(lion.line()).isEqualTo(2);
        assertThat(lion.reason()).contains("cannot promote");
    }

    @Test
    void garbageLine() {
        String kif = "先手：a\n1手目 ▲7八歩兵 （←7九）\n2手目 △7五獅子 （←6三）\nこれはゴミです\n";
        assertThatThrownBy(() -> Kif.read("bad", kif, RuleSet.CHU))
                .isInstanceOfSatisfying(RecordFormatException.class, e -> assertThat(e.line).isEqualTo(4));
        // Lines that are moves but not legal ones stop the record at their ply, on their line.
        MoveError unexpected = one("bad", "1手目 ▲7八歩兵 （←7九） xyz\n", RuleSet.CHU).stop();
        assertThat(unexpected.ply()).isEqualTo(1);
        assertThat(unexpected.line()).isEqualTo(1);
        assertThat(unexpected.reason()).contains("unexpected");
        // a first step whose second step never comes: the move is the first step's line
        MoveError halfMove = one("bad", "1手目一歩目 ▲7八獅子 （←7十）\n2手目 △7五獅子 （←6三）\n", RuleSet.CHU).stop();
        assertThat(halfMove).isEqualTo(new MoveError(1, "1手目一歩目 ▲7八獅子 （←7十）", 1,
                "a first step (一歩目) without a second step (二歩目)"));
        MoveError skipped = one("bad", "1手目 ▲7八歩兵 （←7九）\n3手目 △7五獅子 （←6三）\n", RuleSet.CHU).stop();
        assertThat(skipped.ply()).isEqualTo(2);
        assertThat(skipped.line()).isEqualTo(2);
        assertThat(skipped.reason()).contains("move number 3 where move 2 is expected");
        assertThatThrownBy(() -> Kif.read("bad", "手合割：香落ち\n1手目 ▲7八歩兵 （←7九）\n", RuleSet.CHU))
                .isInstanceOfSatisfying(RecordFormatException.class, e -> assertThat(e.line).isEqualTo(1));
    }

    @Test
    void ki2WithoutAnyFittingPiece() {
        GameRecord r = one("bad", "▲７八歩兵 ▽７七獅子\n", RuleSet.CHU);
        assertThat(r.moves()).containsExactly("7i7h");
        assertThat(r.stop().ply()).isEqualTo(2);
        assertThat(r.stop().line()).isEqualTo(1);
        assertThat(r.stop().move()).isEqualTo("▽７七獅子");
        assertThat(r.stop().reason()).startsWith("no 獅子 of gote can move to 7七");
    }

    @Test
    void aLionJumpingThreeSquaresStopsTheRecordAndOnlyItsResultIsReadAfterIt() {
        // The first six plies of the corpus game, then the Lion three squares away (it reaches two:
        // pieces-and-setups.md, the Lion's 5x5 area), then moves, a stray line, a comment and the result.
        String kif = "先手：A\n後手：B\n手数----指手---------消費時間--\n"
                + "1手目 ▲7八歩兵 （←7九）\n2手目 △7五獅子 （←6三）\n3手目 ▲6八獅子 （←7十）\n"
                + "4手目 △6五歩兵 （←6四）\n5手目 ▲10八歩兵 （←10九）\n6手目 △5五歩兵 （←5四）\n"
                + "7手目 ▲6五獅子 （←6八）\n8手目 △5四鳳凰 （←7二）\n* not read\nこれは読まれない\n9手目 投了\nまで8手で後手の勝ち\n";
        GameRecord r = one("lion", kif, RuleSet.CHU);
        assertThat(r.moves()).containsExactly("7i7h", "6c7e", "7j6h", "6d6e", "10i10h", "5d5e");
        assertThat(r.moveLines()).containsExactly(4, 5, 6, 7, 8, 9);
        assertThat(r.stop()).isEqualTo(new MoveError(7, "7手目 ▲6五獅子 （←6八）", 10, "the Lion on 6h cannot move to 6e"));
        assertThat(r.comments()).isEmpty();
        // the result is still the record's: move 9 is sente's, who resigned
        assertThat(r.recordedStatus()).isEqualTo("resign");
        assertThat(r.recordedWinner()).isEqualTo("gote");
        Replay.Result res = Replay.replay(RuleSet.CHU, r);
        assertThat(res.errorPly()).isEqualTo(7);
        assertThat(res.errorLine()).isEqualTo(10);
        assertThat(res.plies()).isEqualTo(6);
    }

    @Test
    void otherTagsRoundTrip() {
        Map<String, String> tags = new HashMap<>();
        tags.put(GameRecord.SENTE, "Alice");
        tags.put(GameRecord.GOTE, "Bob");
        tags.put(GameRecord.DATE, "2024-01-02");
        tags.put(GameRecord.EVENT, "Cup");
        tags.put(GameRecord.SITE, "lishogi.org");
        tags.put("表題", "テスト");
        GameRecord r = new GameRecord("t", 1, null, null, null, List.of("7i7h", "6c7e"), "resign", "sente", tags,
                Map.of(0, "start", 2, "line one\nline two"));
        GameRecord back = one("t", Kif.write(r, RuleSet.CHU), RuleSet.CHU);
        Map<String, String> expected = new HashMap<>(tags);
        expected.put(GameRecord.RESULT, "投了");
        assertThat(back.tags()).isEqualTo(expected);
        assertThat(back.comments()).isEqualTo(r.comments());
        assertThat(back.recordedStatus()).isEqualTo("resign");
        assertThat(back.recordedWinner()).isEqualTo("sente");
    }
}
