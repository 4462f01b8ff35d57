package io.kifudb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.rules.RuleSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The SPRT match harness: pairing, the test's decisions, engines in other processes. */
class SprtMatchTest {
    private static final SprtMatch.Hypotheses H = new SprtMatch.Hypotheses(0, 50, 0.05, 0.05);

    private static SprtMatch.Settings settings(List<List<String>> openings, int maxGames) {
        return new SprtMatch.Settings(RuleSet.CHU_LISHOGI, openings, 300, maxGames, 1, H);
    }

    /**
     * Two copies of one engine at a fixed depth play each opening twice with the same moves, colours
     * swapped: every pair scores exactly one game's worth for each, whatever the games' results; the Elo
     * estimate is 0 and the test leans towards H0 (A is not better by elo1) but three pairs are too few to
     * decide.
     */
    @Test
    void twoCopiesOfOneEngineSplitEveryPair() throws Exception {
        List<List<String>> openings = SprtMatch.randomOpenings(RuleSet.CHU_LISHOGI, 3, 6, 300, 5);
        assertThat(openings).hasSize(3);
        List<SprtMatch.Game> games = new ArrayList<>();
        SprtMatch.Outcome o = SprtMatch.run(settings(openings, 6),
                () -> SprtMatch.local("a", null, SearchLimits.depth(1), 1),
                () -> SprtMatch.local("b", null, SearchLimits.depth(1), 1), games::add, t -> {});
        int pairs = o.tally().pairs();
        assertThat(pairs).isEqualTo(3);
        assertThat(o.tally().pentanomial).containsExactly(0, 0, 3, 0, 0);
        assertThat(o.tally().elo()).isCloseTo(0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(o.tally().llr(H)).isNegative().isGreaterThan(H.lower());
        assertThat(o.verdict()).startsWith("no decision");
        for (int pair = 0; pair < pairs; pair++) {
            SprtMatch.Game g1 = games.get(2 * pair), g2 = games.get(2 * pair + 1);
            assertThat(g1.aSente()).isTrue();
            assertThat(g2.aSente()).isFalse();
            assertThat(g1.opening()).isEqualTo(g2.opening()).isEqualTo(pair + 1);
            assertThat(g1.moves()).isEqualTo(g2.moves());
            assertThat(g1.moves().subList(0, 6)).isEqualTo(openings.get(pair));
        }
    }

    /**
     * Going on from an earlier run: its games as a run with two workers writes them (pairs out of order, and a
     * pair finished after one that was not) give the whole pairs from the first, which count in the tally and
     * are not played again; the run then plays the pairs after them.
     */
    @Test
    void aRunGoesOnFromTheWholePairsOfAnEarlierOne() throws Exception {
        List<List<String>> openings = SprtMatch.randomOpenings(RuleSet.CHU_LISHOGI, 4, 6, 300, 7);
        List<SprtMatch.Game> first = new ArrayList<>();
        SprtMatch.run(settings(openings, 6), () -> SprtMatch.local("a", null, SearchLimits.depth(1), 1),
                () -> SprtMatch.local("b", null, SearchLimits.depth(1), 1), first::add, t -> {});
        assertThat(first).hasSize(6);
        // As two workers may write them: pair 2 before pair 1, and pair 3 finished with pair 2's second game lost.
        List<SprtMatch.Game> written = List.of(first.get(2), first.get(3), first.get(0), first.get(1), first.get(5), first.get(4));
        assertThat(SprtMatch.wholePairs(written)).containsExactlyElementsOf(first);
        List<SprtMatch.Game> withGap = List.of(first.get(4), first.get(5), first.get(0), first.get(1), first.get(2));
        assertThat(SprtMatch.wholePairs(withGap)).containsExactly(first.get(0), first.get(1));

        List<SprtMatch.Game> second = new ArrayList<>();
        SprtMatch.Outcome o = SprtMatch.run(settings(openings, 8), SprtMatch.wholePairs(withGap),
                () -> SprtMatch.local("a", null, SearchLimits.depth(1), 1),
                () -> SprtMatch.local("b", null, SearchLimits.depth(1), 1), second::add, t -> {});
        assertThat(o.tally().pairs()).isEqualTo(4);
        assertThat(second).hasSize(8);
        // The earlier pair is handed back as it was; pairs 2 and 3 are played again, the same at a fixed depth.
        assertThat(second.subList(0, 2)).containsExactly(first.get(0), first.get(1));
        for (int i = 2; i < 6; i++) assertThat(second.get(i).moves()).isEqualTo(first.get(i).moves());
        assertThat(second.get(6).opening()).isEqualTo(4);
    }

    /** A clearly stronger player (the engine at depth 1 against random moves) is found better: H1, early. */
    @Test
    void aClearlyStrongerPlayerIsAccepted() throws Exception {
        List<List<String>> openings = SprtMatch.randomOpenings(RuleSet.CHU_LISHOGI, 20, 6, 300, 7);
        SprtMatch.Outcome o = SprtMatch.run(settings(openings, 60),
                () -> SprtMatch.local("depth 1", null, SearchLimits.depth(1), 1), () -> random(3), g -> {}, t -> {});
        assertThat(o.verdict()).isEqualTo("H1 accepted");
        assertThat(o.tally().games()).isLessThan(60);
        assertThat(o.tally().elo()).isGreaterThan(200);
        assertThat(o.tally().llr(H)).isGreaterThanOrEqualTo(H.upper());
    }

    /**
     * With two workers the pair still under way when the test decides is played out and counted: the verdict
     * keeps the games and LLR it was reached at, and the summary says so when more games came after it.
     */
    @Test
    void theVerdictKeepsWhereTheTestDecidedWhenPairsUnderWayFinishAfterIt() throws Exception {
        List<List<String>> openings = SprtMatch.randomOpenings(RuleSet.CHU_LISHOGI, 20, 6, 300, 7);
        SprtMatch.Settings s = new SprtMatch.Settings(RuleSet.CHU_LISHOGI, openings, 300, 60, 2, H);
        SprtMatch.Outcome o = SprtMatch.run(s, () -> SprtMatch.local("depth 1", null, SearchLimits.depth(1), 1), () -> random(3),
                g -> {}, t -> {});
        assertThat(o.verdict()).isEqualTo("H1 accepted");
        assertThat(o.decidedLlr()).isGreaterThanOrEqualTo(H.upper());
        assertThat(o.decidedAtGames()).isPositive().isLessThanOrEqualTo(o.tally().games());
        assertThat(o.decidedAtGames() % 2).isZero();
        if (o.decidedAtGames() < o.tally().games())
            assertThat(o.summary(H)).startsWith("H1 accepted at " + o.decidedAtGames() + " games (LLR ");
        else
            assertThat(o.summary(H)).startsWith("H1 accepted: games " + o.tally().games());
    }

    private static SprtMatch.Player random(long seed) {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        return new SprtMatch.Player() {
            @Override
            public String name() {
                return "random";
            }

            @Override
            public void newGame() {
            }

            @Override
            public int move(io.kifudb.rules.Position p, String startSfen, List<String> moves) {
                int[] legal = p.legalMoves();
                return legal[rnd.nextInt(legal.length)];
            }

            @Override
            public void close() {
            }
        };
    }

    /** An engine in another process that answers with an illegal move loses that game, and only that one. */
    @Test
    void aUsiEngineThatPlaysAnIllegalMoveLosesTheGame() throws Exception {
        String script = "while read l; do case \"$l\" in usi) echo usiok;; isready) echo readyok;;"
                + " go*) echo bestmove 1a1a;; quit) exit 0;; esac; done";
        List<List<String>> openings = List.of(List.of("8i8h"));
        List<SprtMatch.Game> games = new ArrayList<>();
        SprtMatch.Outcome o = SprtMatch.run(settings(openings, 2),
                () -> SprtMatch.local("engine", null, SearchLimits.depth(1), 1),
                () -> SprtMatch.usi("broken", "sh -c '" + script + "'", Map.of(), SearchLimits.depth(1), 10_000), games::add, t -> {});
        assertThat(o.tally().wins).isEqualTo(2);
        assertThat(games).allSatisfy(g -> {
            assertThat(g.reason()).isEqualTo("engine-failure");
            assertThat(g.detail()).contains("broken").contains("1a1a");
        });
    }
}
