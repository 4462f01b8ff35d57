package io.kifudb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.rules.RuleSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Texel tuner on real games: it lowers the prediction error, and the same input gives the same file. */
class TunerTest {
    private static final RuleSet rules = RuleSet.CHU_LISHOGI;

    /**
     * Self-play games at depth 1 after random openings (quick, and decided by the rules), the cut ones left
     * out.
     */
    private static List<Tuner.Game> selfPlayGames(int count) {
        Engine engine = new Engine().hashMegabytes(4);
        SelfPlay.Settings sp = new SelfPlay.Settings(SearchLimits.depth(1), 6, 400, 4);
        List<Tuner.Game> games = new ArrayList<>();
        for (int seed = 0; games.size() < count && seed < 200; seed++) {
            SelfPlay.Game g = SelfPlay.play(rules, engine, sp, seed, null);
            if (g.cut()) continue;
            double result = g.result().equals("sente") ? 1 : g.result().equals("gote") ? 0 : 0.5;
            games.add(new Tuner.Game(g.startSfen(), g.moves(), result));
        }
        return games;
    }

    @Test
    void tuningLowersTheErrorAndIsReproducible() {
        List<Tuner.Game> games = selfPlayGames(24);
        assertThat(games).hasSize(24);
        Tuner.Settings settings = new Tuner.Settings(8, 2, 0.25, 60, 2.0, 1e-7, 5, java.util.Set.copyOf(Tuner.GROUPS), 0);
        List<String> log = new ArrayList<>();
        Tuner.Report first = new Tuner(rules, EvalParams.derived(rules), settings, log::add).tune(games);
        assertThat(first.positions()).isGreaterThan(500);
        assertThat(first.validationPositions()).isGreaterThan(0);
        assertThat(first.trainAfter()).isLessThan(first.trainBefore());
        assertThat(first.params()).isNotEqualTo(EvalParams.derived(rules));
        Tuner.Report second = new Tuner(rules, EvalParams.derived(rules), settings, s -> {}).tune(games);
        assertThat(second.params().format(List.of())).isEqualTo(first.params().format(List.of()));
        // And the file it writes is read back as the same parameters.
        assertThat(EvalParams.parse(rules, first.params().format(List.of(first.summary())))).isEqualTo(first.params());
    }

    @Test
    void aFitWithNothingHeldOutSaysSoInsteadOfPrintingNaN() {
        List<Tuner.Game> games = selfPlayGames(4);
        Tuner.Settings settings = new Tuner.Settings(8, 2, 0.0, 10, 2.0, 1e-7, 5, java.util.Set.copyOf(Tuner.GROUPS), 0);
        List<String> log = new ArrayList<>();
        Tuner.Report report = new Tuner(rules, EvalParams.derived(rules), settings, log::add).tune(games);
        assertThat(report.validationPositions()).isZero();
        assertThat(report.summary()).contains("validation none (no positions held out)").doesNotContain("NaN");
        assertThat(log).isNotEmpty().noneMatch(line -> line.contains("NaN"));
    }

    @Test
    void aHalfLifeDiscountsAResultByThePliesLeftSoAQuickerWinCountsMore() {
        java.util.Set<String> all = java.util.Set.copyOf(Tuner.GROUPS);
        Tuner plain = new Tuner(rules, null, new Tuner.Settings(8, 2, 0.1, 10, 1.0, 1e-7, 5, all, 0), s -> {});
        Tuner paced = new Tuner(rules, null, new Tuner.Settings(8, 2, 0.1, 10, 1.0, 1e-7, 5, all, 100), s -> {});
        assertThat(plain.target(1, 300)).isEqualTo(1.0);
        assertThat(plain.target(0, 300)).isEqualTo(0.0);
        // Half the way to a draw every 100 plies, for either side's win; a draw stays a draw.
        assertThat(paced.target(1, 0)).isEqualTo(1.0);
        assertThat(paced.target(1, 100)).isEqualTo(0.75);
        assertThat(paced.target(0, 200)).isEqualTo(0.375);
        assertThat(paced.target(0.5, 50)).isEqualTo(0.5);
        assertThat(paced.target(1, 40)).isGreaterThan(paced.target(1, 41));
    }
}
