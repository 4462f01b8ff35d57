package io.kifudb.engine;

import static io.kifudb.engine.EngineTestSupport.isLegal;
import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.rules.Move;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.Status;
import io.kifudb.rules.Status.Reason;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The engine on real positions: mates, legality, limits, game ends, multi-PV. */
class EngineTest {
    private static final String START = RuleSet.CHU.variant.startSfen;
    /** lishogi game msxNDjN8 after 80 plies: a crowded middlegame. */
    private static final String MIDDLEGAME =
            "lfcqgek4l/a1bs1tothb1a/mvrhd1dg2r1/pp1p1scxpmv1/2pippppipfp/3n3P2p1/P5N1P2P/1P7P2/VMPPPPPBHVM1/2HBRDQDR3/A3TOXTF2A/LFCSGKEGSC1L b - 81";

    private static Engine engine() {
        return new Engine().hashMegabytes(16);
    }

    /**
     * A draw by repetition (chu-lishogi: the fourfold repetition is a draw, rule-sets.md) scores 0 by default,
     * so a side that judges itself a little worse takes it: this position arose against HaChu (openings file
     * line 205, docs/matches/hachu-1s-tuned7-open204b.ndjson game 1), where gote's Lion passed (8e7e8e) and ours
     * passed back until the fourth occurrence drew the game at ply 13. With a contempt larger than what the
     * engine thinks it is behind, the same search keeps the game going.
     */
    @Test
    void contemptMakesTheRootSideAvoidARepetitionItWouldOtherwiseTake() {
        Position p = Position.start(RuleSet.CHU_LISHOGI);
        for (String m : "10l11k 3a2b 2l2k 4e4f 8k9k 6c8e 8j8k 8e7e8e".split(" ")) p.make(p.parseMove(m));
        int pass = p.parseMove("7j8j7j");
        SearchResult level = new Engine().search(p, SearchLimits.depth(8), null);
        assertThat(level.bestMove()).isEqualTo(pass);
        assertThat(level.lines().get(0).score()).isZero();
        SearchResult eager = new Engine().contempt(100).search(p, SearchLimits.depth(8), null);
        assertThat(eager.bestMove()).isNotEqualTo(pass);
        assertThat(isLegal(p, eager.bestMove())).isTrue();
        // The line it takes instead scores above the draw's -100 for it, and below 0 (else it had not repeated).
        assertThat(eager.lines().get(0).score()).isBetween(-99, -1);
    }

    @Test
    void everyMateInOneOfTheProblemsIsFoundAtDepthOneAndReallyMates() throws IOException {
        Engine engine = engine();
        int checked = 0;
        for (EngineTestSupport.Problem pr : EngineTestSupport.problems()) {
            Position p = pr.beforeMate(1);
            SearchResult r = engine.search(p, SearchLimits.depth(1), null);
            assertThat(Score.moves(r.score())).as("%s: %s", pr.id(), r.lines()).isEqualTo(1);
            assertThat(r.score()).isEqualTo(Score.winIn(1));
            // The move found need not be the recorded one, but it must be legal and mate under chu.
            assertThat(isLegal(p, r.bestMove())).isTrue();
            p.make(r.bestMove());
            Status st = p.status();
            assertThat(st.winner()).as("%s after %s", pr.id(), r.bestUsi()).isEqualTo(Position.SENTE);
            assertThat(st.reason()).isIn(Reason.CHECKMATE, Reason.ROYAL_CAPTURED, Reason.BARE_KING);
            checked++;
        }
        assertThat(checked).isEqualTo(79);
    }

    @Test
    void everyMateInTwoOfTheProblemsIsFoundByDepthThree() throws IOException {
        Engine engine = engine();
        int checked = 0;
        for (EngineTestSupport.Problem pr : EngineTestSupport.problems()) {
            Position p = pr.beforeMate(2);
            if (p == null) continue;
            SearchResult r = engine.search(p, SearchLimits.depth(3), null);
            assertThat(r.score()).as("%s: %s", pr.id(), r.lines()).isGreaterThanOrEqualTo(Score.MATE_BOUND);
            assertThat(Score.moves(r.score())).as("%s", pr.id()).isBetween(1, 2);
            assertThat(isLegal(p, r.bestMove())).isTrue();
            checked++;
        }
        assertThat(checked).isEqualTo(79);
    }

    @Test
    void theDefenderSeesItIsMated() throws IOException {
        // One ply before the attacker's mate in 1, the defender to move: every defence loses.
        EngineTestSupport.Problem pr = EngineTestSupport.problems().get(0);
        Position p = pr.beforeMate(2);
        p.play(pr.solution().get(pr.solution().size() - 3));
        SearchResult r = engine().search(p, SearchLimits.depth(3), null);
        assertThat(r.score()).as("%s", r.lines()).isEqualTo(Score.lossIn(2));
        assertThat(Score.moves(r.score())).isEqualTo(-1);
        assertThat(isLegal(p, r.bestMove())).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    void theBestMoveIsAlwaysLegal(String id) {
        RuleSet rules = RuleSet.byId(id);
        Engine engine = engine();
        int checked = 0;
        for (Position p : EngineTestSupport.randomPositions(rules, 42 + id.length(), 6, 37, 400)) {
            String before = p.sfen();
            SearchResult r = engine.search(p, SearchLimits.nodes(3_000), null);
            assertThat(p.sfen()).as("the caller's position is left alone").isEqualTo(before);
            assertThat(r.hasMove()).isTrue();
            assertThat(isLegal(p, r.bestMove())).as("%s in %s", r.bestUsi(), p.sfen()).isTrue();
            assertThat(r.bestUsi()).isEqualTo(p.usi(r.bestMove()));
            for (SearchInfo line : r.lines()) assertThat(line.pv()).isNotEmpty();
            checked++;
        }
        assertThat(checked).isGreaterThan(30);
    }

    @Test
    void historyScoresStayWithinTheirBoundOverAGameOfSearches() {
        // Searches of one game keep their history from move to move (until a new game): over many
        // searches every score must stay within the bound, the moves that cut off gaining and the quiet
        // moves tried before them losing.
        Engine engine = engine();
        Position p = Sfen.parse(RuleSet.CHU_LISHOGI, MIDDLEGAME);
        for (int move = 0; move < 12; move++) {
            SearchResult r = engine.search(p, SearchLimits.depth(8), null);
            p.make(r.bestMove());
        }
        int[] history = engine.historyScores();
        int limit = Search.HISTORY_LIMIT;
        IntSummaryStatistics range = Arrays.stream(history).summaryStatistics();
        assertThat(range.getMax()).isBetween(limit / 2, limit);
        assertThat(range.getMin()).isBetween(-limit, -1);
    }

    @Test
    void aForcedMoveIsReturnedAtDepthOne() {
        // Gote's King on 1a is attacked by the rook on 1e; its only other piece is a pawn stuck on 12l:
        // the King has moves, but every legal move is a King move, and the engine must pick one of them.
        Position p = Sfen.parse(RuleSet.CHU_SDIN, "11k/12/12/12/11R/12/12/12/12/12/12/p10K w - 1");
        int[] legal = p.legalMoves();
        SearchResult r = engine().search(p, SearchLimits.depth(1), null);
        assertThat(r.depth()).isEqualTo(1);
        assertThat(isLegal(p, r.bestMove())).isTrue();
        assertThat(Move.from(r.bestMove())).isEqualTo(p.geometry().parse("1a"));
        assertThat(legal.length).isPositive();
    }

    @Test
    void anOnlyMoveIsReturned() {
        // chu-sdin: sente (no royal, as in a mating problem) has only a pawn on 1b, which must promote on
        // the last rank: its one legal move is 1b1a+.
        Position p = Sfen.parse(RuleSet.CHU_SDIN, "12/11P/12/12/12/12/12/12/12/12/12/k11 b - 1");
        assertThat(p.legalMoves()).hasSize(1);
        for (int depth = 1; depth <= 3; depth++) {
            SearchResult r = engine().search(p, SearchLimits.depth(depth), null);
            assertThat(r.bestUsi()).isEqualTo("1b1a+");
        }
        SearchResult timed = engine().search(p, SearchLimits.movetime(5_000), null);
        assertThat(timed.bestUsi()).isEqualTo("1b1a+");
        assertThat(timed.depth()).as("with a time limit an only move is played after depth 1").isEqualTo(1);
    }

    @Test
    void endedPositionsGetNoMove() {
        List<Position> ended = new ArrayList<>();
        // Bare king (chu): gote is bare and cannot reach the gold.
        ended.add(Sfen.parse(RuleSet.CHU, "12/7k4/12/12/3G8/12/12/6K5/12/12/12/12 w - 1"));
        // lishogi: the side to move has no royal.
        ended.add(Sfen.parse(RuleSet.CHU_LISHOGI, "5k6/12/5N6/12/12/12/12/12/12/12/12/12 b - 1"));
        // Checkmate (chu): the end of a mating problem's solution.
        try {
            EngineTestSupport.Problem pr = EngineTestSupport.problems().get(0);
            Position mated = pr.beforeMate(1);
            mated.play(pr.solution().get(pr.solution().size() - 1));
            ended.add(mated);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        // A royal just captured (sdin): sente's rook took the King.
        Position taken = Sfen.parse(RuleSet.CHU_SDIN, "11k/12/12/12/11R/12/12/12/12/12/12/K11 b - 1");
        taken.play("1e1a");
        ended.add(taken);
        Engine engine = engine();
        for (Position p : ended) {
            assertThat(p.status().isOngoing()).as(p.sfen()).isFalse();
            SearchResult r = engine.search(p, SearchLimits.depth(3), null);
            assertThat(r.hasMove()).as(p.sfen()).isFalse();
            assertThat(r.bestMove()).isEqualTo(Move.NONE);
            assertThat(r.gameOver()).isEqualTo(p.status());
            assertThat(r.lines()).isEmpty();
        }
    }

    @Test
    void aDepthLimitGivesExactlyThatDepth() {
        List<Integer> depths = new ArrayList<>();
        SearchResult r = engine().search(Sfen.parse(RuleSet.CHU_LISHOGI, MIDDLEGAME), SearchLimits.depth(4),
                lines -> depths.add(lines.get(0).depth()));
        assertThat(depths).containsExactly(1, 2, 3, 4);
        assertThat(r.depth()).isEqualTo(4);
        assertThat(r.lines().get(0).depth()).isEqualTo(4);
    }

    @Test
    void aNodeLimitStopsNearTheLimit() {
        for (long limit : new long[] {20_000, 150_000}) {
            SearchResult r = engine().search(Sfen.parse(RuleSet.CHU_LISHOGI, MIDDLEGAME), SearchLimits.nodes(limit), null);
            // Checked exactly at the budget, after which the search unwinds without new nodes.
            assertThat(r.nodes()).isBetween(limit, limit + 100);
            assertThat(isLegal(Sfen.parse(RuleSet.CHU_LISHOGI, MIDDLEGAME), r.bestMove())).isTrue();
        }
    }

    @Test
    void aMovetimeLimitIsHonoured() {
        SearchResult r = engine().search(Sfen.parse(RuleSet.CHU_LISHOGI, MIDDLEGAME), SearchLimits.movetime(300), null);
        assertThat(r.depth()).isPositive();
        // Generous: the machine may be busy; the point is that a 300 ms search does not run for long.
        assertThat(r.timeMs()).isLessThan(3_000);
    }

    @Test
    void twoThreadsReachTheDepthAndAgreeOnALegalMove() {
        Position p = Sfen.parse(RuleSet.CHU_LISHOGI, MIDDLEGAME);
        List<Integer> depths = new ArrayList<>();
        SearchResult r = engine().threads(2).search(p, SearchLimits.depth(5), lines -> depths.add(lines.get(0).depth()));
        assertThat(r.depth()).isEqualTo(5);
        assertThat(depths).isSorted().endsWith(5);
        assertThat(isLegal(p, r.bestMove())).isTrue();
        assertThat(r.bestUsi()).isEqualTo(r.lines().get(0).pv().get(0));
    }

    @Test
    void cancellationReturnsPromptlyWithALegalMove() throws InterruptedException {
        Engine engine = engine().threads(2);
        Position p = Sfen.parse(RuleSet.CHU_LISHOGI, MIDDLEGAME);
        BlockingQueue<SearchResult> done = new ArrayBlockingQueue<>(1);
        engine.start(p, SearchLimits.forever(), null, done::add);
        Thread.sleep(300);
        assertThat(engine.isSearching()).isTrue();
        long t0 = System.nanoTime();
        engine.stop();
        SearchResult r = done.poll(5, TimeUnit.SECONDS);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(r).as("a result after stop").isNotNull();
        assertThat(ms).as("ms from stop to result").isLessThan(2_000);
        assertThat(isLegal(p, r.bestMove())).isTrue();
        engine.join();
        assertThat(engine.isSearching()).isFalse();
    }

    /**
     * A halt between two searches holds: a job that searches position after position (puzzle scans, game
     * analysis) is cancelled between them, and its next search must not clear the stop. After resume the
     * engine searches to its limits again.
     */
    @Test
    void aHaltBetweenSearchesStopsTheNextOnesUntilResumed() {
        Engine engine = engine();
        Position p = Sfen.parse(RuleSet.CHU_LISHOGI, MIDDLEGAME);
        engine.halt();
        SearchResult halted = engine.search(p, SearchLimits.depth(6), null);
        assertThat(halted.depth()).as("a search started after the halt stops after its first iteration").isEqualTo(1);
        assertThat(isLegal(p, halted.bestMove())).isTrue();
        assertThat(engine.search(p, SearchLimits.depth(6), null).depth()).as("and so does the next").isEqualTo(1);
        engine.resume();
        assertThat(engine.search(p, SearchLimits.depth(4), null).depth()).isEqualTo(4);
    }

    @Test
    void multiPvGivesDistinctRootMovesOrderedByScore() {
        Position p = Sfen.parse(RuleSet.CHU_LISHOGI, MIDDLEGAME);
        SearchResult r = engine().multiPv(4).search(p, SearchLimits.depth(3), null);
        assertThat(r.lines()).hasSize(4);
        Set<String> first = new HashSet<>();
        int previous = Integer.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            SearchInfo line = r.lines().get(i);
            assertThat(line.multipv()).isEqualTo(i + 1);
            assertThat(line.score()).isLessThanOrEqualTo(previous);
            previous = line.score();
            assertThat(first.add(line.pv().get(0))).as("distinct root moves").isTrue();
            assertThat(isLegal(p, p.parseMove(line.pv().get(0)))).isTrue();
        }
        assertThat(r.bestUsi()).isEqualTo(r.lines().get(0).pv().get(0));
    }

    @Test
    void multiPvIsCappedByTheNumberOfLegalMoves() {
        Position p = Sfen.parse(RuleSet.CHU_SDIN, "11k/12/12/12/11R/12/12/12/12/12/12/p10K w - 1");
        SearchResult r = engine().multiPv(50).search(p, SearchLimits.depth(2), null);
        assertThat(r.lines()).hasSize(p.legalMoves().length);
    }

    @ParameterizedTest
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    void takingTheLastRoyalIsAWinInOne(String id) {
        // Sente's rook can take gote's King on 1a.
        Position p = Sfen.parse(RuleSet.byId(id), "11k/3g8/12/12/11R/12/12/12/12/12/6G5/5K6 b - 1");
        SearchResult r = engine().search(p, SearchLimits.depth(3), null);
        assertThat(r.bestUsi()).startsWith("1e1a"); // with or without promotion
        assertThat(r.score()).isEqualTo(Score.winIn(1));
    }

    @Test
    void bareKingWinsUnderChuButNotUnderSdin() {
        // Sente's rook takes gote's last piece besides the King (the gold on 5c); gote, bare and far from
        // the rook, cannot take it back: under chu sente has won at once (bare king), under sdin nothing
        // is decided yet.
        String sfen = "k11/12/7g4/12/7R4/12/12/12/12/12/12/11K b - 1";
        SearchResult chu = engine().search(Sfen.parse(RuleSet.CHU, sfen), SearchLimits.depth(2), null);
        assertThat(chu.bestUsi()).startsWith("5e5c");
        assertThat(chu.score()).isEqualTo(Score.winIn(1));
        SearchResult sdin = engine().search(Sfen.parse(RuleSet.CHU_SDIN, sfen), SearchLimits.depth(2), null);
        assertThat(Score.isDecided(sdin.score())).as("%s", sdin.lines()).isFalse();
    }

    @Test
    void theBareSideTakesTheExtraPieceToDraw() {
        // chu: sente's King is bare and gote's gold stands next to it. Taking it leaves both bare (a draw);
        // any other move leaves sente bare against an extra piece with gote to move: lost at once.
        Position p = Sfen.parse(RuleSet.CHU, "12/7k4/12/12/12/12/6g5/6K5/12/12/12/12 b - 1");
        assertThat(p.status().isOngoing()).isTrue();
        SearchResult r = engine().multiPv(2).search(p, SearchLimits.depth(3), null);
        assertThat(r.bestUsi()).isEqualTo("6h6g");
        assertThat(r.score()).isEqualTo(Score.DRAW);
        assertThat(r.lines().get(1).score()).isEqualTo(Score.lossIn(1));
    }

    @Test
    void makingTheFourthOccurrenceTheOpponentStartedWinsUnderChu() {
        // Kings shuffling (RepetitionRuleTest): sente, to move at the repeated position, started the cycle.
        // Before gote's last move of the third cycle, gote can make the 4th occurrence and win at once.
        Position p = Sfen.parse(RuleSet.CHU, "12/7k4/12/12/12/12/12/6K5/12/12/12/G10g b - 1");
        String[] cycle = {"6h6g", "5b5c", "6g6h", "5c5b"};
        for (int i = 0; i < 11; i++) p.play(cycle[i % 4]);
        assertThat(p.occurrences()).isEqualTo(3);
        SearchResult r = engine().search(p, SearchLimits.depth(3), null);
        assertThat(r.bestUsi()).isEqualTo("5c5b");
        assertThat(r.score()).isEqualTo(Score.winIn(1));
        p.play("5c5b");
        assertThat(p.status()).isEqualTo(Status.win(Position.GOTE, Reason.REPETITION));
    }
}
