package io.kifudb.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import org.junit.jupiter.api.Test;

import java.util.List;

/** Self-play games and the experiment report built on them. */
class ExperimentTest {
    private static final SelfPlay.Settings QUICK = new SelfPlay.Settings(SearchLimits.nodes(300), 4, 40, 1);

    @Test
    void wilsonIntervalsAndMeansAreTheTextbookOnes() {
        // Wilson 95% for 0/10 and 5/10 (the usual tables: 0-0.2775 and 0.2366-0.7634)
        Experiment.Share none = Experiment.Share.of(0, 10), half = Experiment.Share.of(5, 10);
        assertThat(none.low()).isEqualTo(0.0);
        assertThat(none.high()).isEqualTo(0.2775);
        assertThat(half.low()).isEqualTo(0.2366);
        assertThat(half.high()).isEqualTo(0.7634);
        Experiment.Mean m = Experiment.Mean.of(List.of(1, 2, 3, 4, 5));
        assertThat(m.mean()).isEqualTo(3.0);
        // sd 1.5811, n 5: 1.96 * 1.5811 / sqrt(5) = 1.3859
        assertThat(m.low()).isEqualTo(1.6141);
        assertThat(m.high()).isEqualTo(4.3859);
    }

    @Test
    void selfPlayGamesAreLegalRepeatableAndEndAsTheRulesSay() {
        for (RuleSet rules : List.of(RuleSet.CHU, RuleSet.DAI13_KUMAZAWA, RuleSet.SHODOSHU2017)) {
            SelfPlay.Game a = SelfPlay.play(rules, new Engine().hashMegabytes(1), QUICK, 42, null);
            SelfPlay.Game b = SelfPlay.play(rules, new Engine().hashMegabytes(1), QUICK, 42, null);
            assertThat(a.moves()).as("same seed and node limit: same game").isEqualTo(b.moves());
            Position p = Sfen.parse(rules, a.startSfen());
            for (String m : a.moves()) p.play(m); // throws on an illegal move
            if (a.cut()) {
                assertThat(a.moves()).hasSize(40);
                assertThat(a.result()).isEqualTo("draw");
                assertThat(a.reason()).isEqualTo("move-limit");
            } else {
                assertThat(p.status().isOngoing()).isFalse();
                assertThat(a.result()).isEqualTo(p.status().result());
            }
        }
    }

    @Test
    void aMoveFiresWhenTheOtherRuleSetJudgesItDifferently() {
        // A Lance reaching the last rank with promotion: lishogi allows it, the JCSA promotion rule of chu does not
        // (rule-sets.md §3, the promotion policies): the move is legal in one and not in the other.
        String sfen = "g5k5/12/11L/12/12/12/12/12/12/12/12/5GK5 b - 1";
        Position lishogi = Sfen.parse(RuleSet.CHU_LISHOGI, sfen);
        lishogi.play("1c1a+");
        assertThat(SelfPlay.differs(RuleSet.CHU, sfen, "1c1a+", lishogi.sfen())).isTrue();
        assertThat(SelfPlay.differs(RuleSet.CHU_LISHOGI, sfen, "1c1a+", lishogi.sfen())).isFalse();
        // an ordinary pawn push comes out the same under both
        String start = RuleSet.CHU.variant.startSfen;
        Position p = Position.start(RuleSet.CHU_LISHOGI);
        p.play("7i7h");
        assertThat(SelfPlay.differs(RuleSet.CHU, start, "7i7h", p.sfen())).isFalse();
    }

    @Test
    void anExperimentReportsEveryGameOfEveryRuleSet() throws InterruptedException {
        Experiment.Report r = Experiment.run(new Experiment.Spec(List.of(RuleSet.SHODOSHU2017, RuleSet.SHODOSHU2017_PREV), 4,
                QUICK, 7, 2), done -> { }, () -> false);
        assertThat(r.complete()).isTrue();
        assertThat(r.ruleSets()).hasSize(2);
        for (Experiment.RuleSetReport x : r.ruleSets()) {
            assertThat(x.games()).isEqualTo(4);
            assertThat(x.senteWins().count() + x.goteWins().count() + x.draws().count()).isEqualTo(4);
            assertThat(x.endings().values().stream().mapToInt(Experiment.Share::count).sum()).isEqualTo(4);
            assertThat(x.plies().mean()).isBetween(1.0, 40.0);
        }
        assertThat(r.ruleSets().get(0).comparedWith()).isEqualTo("shodoshu2017-prev");
        assertThatThrownBy(() -> Experiment.run(new Experiment.Spec(List.of(RuleSet.CHU, RuleSet.SHODOSHU2017), 1, QUICK, 1, 1),
                d -> { }, () -> false)).hasMessageContaining("same board");
    }
}
