package io.kifudb.notation;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.rules.Move;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Games under the 13×13 rule sets through KIF (the seeds' kanji names, {@code 盤外}, {@code （トライ）},
 * {@code （取り捨て）}, 13-column diagrams) and through our JSON (USI moves), back to the same canonical moves.
 */
class Kif13RoundTripTest {

    /** A random legal game, biased towards captures, exits, tries and '!' captures. */
    private static List<String> randomGame(RuleSet rules, long seed, int plies) {
        SplittableRandom random = new SplittableRandom(seed);
        Position p = Position.start(rules);
        List<String> moves = new ArrayList<>();
        while (moves.size() < plies) {
            int[] legal = p.legalMoves();
            List<Integer> preferred = new ArrayList<>(), others = new ArrayList<>();
            for (int m : legal) {
                if (Move.leavesBoard(m) && p.kindAt(Move.from(m)).isRoyal()) continue;
                boolean capture = !Move.leavesBoard(m) && ((Move.to(m) != Move.from(m) && p.pieceAt(Move.to(m)) != 0)
                        || (Move.hasMid(m) && p.pieceAt(Move.mid(m)) != 0));
                (capture || Move.leavesBoard(m) || Move.capturesNormally(m) ? preferred : others).add(m);
            }
            if (preferred.isEmpty() && others.isEmpty()) break;
            List<Integer> from = preferred.isEmpty() || (!others.isEmpty() && random.nextBoolean()) ? others : preferred;
            int m = from.get(random.nextInt(from.size()));
            moves.add(p.usi(m));
            p.make(m);
        }
        return moves;
    }

    private static GameRecord record(RuleSet rules, String initialSfen, List<String> moves) {
        return new GameRecord("test", 1, null, rules.id, initialSfen, moves, null, null);
    }

    private static void assertKifRoundTrip(RuleSet rules, GameRecord record) {
        String kif = Kif.write(record, rules);
        GameRecord back = Kif.read("back.kif", kif, rules).get(0);
        assertThat(back.moves()).as(kif).isEqualTo(record.moves());
        assertThat(back.initialSfen()).isEqualTo(record.initialSfen());
        Replay.Result replay = Replay.replay(rules, back);
        assertThat(replay.error()).isNull();
        assertThat(replay.canonicalMoves()).isEqualTo(record.moves());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"dai13-kumazawa", "shodoshu2017", "shodoshu2017-prev"})
    void randomGameSurvivesKifAndJson(String id) {
        RuleSet rules = RuleSet.byId(id);
        for (long seed = 1; seed <= 5; seed++) {
            List<String> moves = randomGame(rules, seed * 7919 + id.length(), 160);
            GameRecord record = record(rules, null, moves);
            assertKifRoundTrip(rules, record);
            String json = Records.toJson(record, rules);
            GameRecord back = Records.read("back.json", json).get(0);
            assertThat(back.rules()).isEqualTo(id);
            assertThat(back.moves()).isEqualTo(moves);
            Replay.Result replay = Replay.replay(rules, back);
            assertThat(replay.error()).isNull();
            assertThat(replay.canonicalMoves()).isEqualTo(moves);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"dai13-kumazawa", "shodoshu2017", "shodoshu2017-prev"})
    void gameFromAMidGamePositionSurvivesKifWithItsDiagram(String id) {
        RuleSet rules = RuleSet.byId(id);
        List<String> all = randomGame(rules, 42, 100);
        assertThat(all.size()).isGreaterThan(20);
        int split = all.size() / 2;
        Position p = Position.start(rules);
        for (String m : all.subList(0, split)) p.play(m);
        GameRecord record = record(rules, p.sfen(), all.subList(split, all.size()));
        String kif = Kif.write(record, rules);
        assertThat(kif).contains(" １３ １２ １１ １０ ９  ８");
        assertThat(kif).contains("|十三");
        assertKifRoundTrip(rules, record);
    }

    @Test
    void chuDiagramHeaderIsUnchanged() {
        assertThat(Kif.fileHeader(12)).isEqualTo(Kif.FILE_HEADER);
    }

    @Test
    void kumazawaExitsAndTryAreWrittenAsOffBoardMoves() {
        RuleSet rules = RuleSet.DAI13_KUMAZAWA;
        List<String> moves = Arrays.asList(("13koff 4e4f 13j13i 4f4e 13i13h 4e4f 13h13g 4f4e 13g13f 4e4f 13f13e 4f4e "
                + "13e13d 4e4f 13d13c 4f4e 13c13b 4e4f 13b13a 4f4e 13atry").split(" "));
        String kif = Kif.write(record(rules, null, moves), rules);
        assertThat(kif).contains("1手目 ▲盤外飛車 （←13十一）");
        assertThat(kif).contains("21手目 ▲盤外歩兵（トライ） （←13一）");
        assertThat(kif).contains("18手目 △4六仲人 （←4五）");
        assertKifRoundTrip(rules, record(rules, null, moves));
        // KI2-style lines without origins resolve too; both Rooks can leave, so 右 says which.
        GameRecord ki2 = Kif.read("ki2", "▲盤外飛車右 △4六仲人 ▲1九歩兵", rules).get(0);
        assertThat(ki2.moves()).containsExactly("1koff", "4e4f", "1j1i");
        MoveError ambiguous = Kif.read("ki2", "▲盤外飛車", rules).get(0).stop();
        assertThat(ambiguous.ply()).isEqualTo(1);
        assertThat(ambiguous.reason()).contains("ambiguous");
    }

    @Test
    void shodoshuNormalCaptureIsMarkedAndTwoStepMovesAreTwoLines() {
        RuleSet rules = RuleSet.SHODOSHU2017_PREV;
        List<String> moves = Arrays.asList(("7j7i 7d7e 7i7h 7c7d 7h7g 7b7c 7g7f 7d4g 1j1i 7c7d 1i1h 7d6e 1h1g 6e7f "
                + "7k7f!").split(" "));
        String kif = Kif.write(record(rules, null, moves), rules);
        assertThat(kif).contains("14手目 △7六酔象 （←6五）");
        assertThat(kif).contains("15手目 ▲仝奔王（取り捨て） （←7十一）");
        assertKifRoundTrip(rules, record(rules, null, moves));
        // The plain spelling is the exchange; （入れ替え） may be written and means the same.
        GameRecord plain = Kif.read("plain", kif.replace("（取り捨て）", "（入れ替え）"), rules).get(0);
        assertThat(plain.moves().get(14)).isEqualTo("7k7f");
        // The restricted Lion's previous-form exchange and second step: two lines with one move number.
        List<String> lion = Arrays.asList("8j8i 7d7e 8l8j 7c7d 8j8h 7d4g 8h8f 7b7c 8f8d+ 10e10f 8d7c6b".split(" "));
        String lionKif = Kif.write(record(rules, null, lion), rules);
        assertThat(lionKif).contains("9手目 ▲8四麒麟成 （←8六）");
        assertThat(lionKif).contains("11手目一歩目 ▲7三獅子 （←8四）").contains("11手目二歩目 ▲6二獅子 （←7三）");
        assertKifRoundTrip(rules, record(rules, null, lion));
    }
}
