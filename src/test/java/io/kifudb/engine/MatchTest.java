package io.kifudb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.rules.RuleSet;
import org.junit.jupiter.api.Test;

class MatchTest {

    /** A shallow search already beats random play: it takes what hangs, random play does not defend. */
    @Test
    void theEngineBeatsARandomMover() {
        Match.Result r = Match.play(RuleSet.CHU_LISHOGI, Match.engine("depth 2", SearchLimits.depth(2), 4),
                Match.random(7), 2, 4, 400, 11);
        assertThat(r.games()).isEqualTo(2);
        assertThat(r.wins()).as("%s", r).isEqualTo(2);
    }

    @Test
    void colorsAlternateWithinAPair() {
        // Two random movers: whatever happens, both colours were played and every game was counted.
        Match.Result r = Match.play(RuleSet.CHU_SDIN, Match.random(1), Match.random(2), 4, 2, 60, 5);
        assertThat(r.games()).isEqualTo(4);
        assertThat(r.unfinished()).isEqualTo(r.draws());
        assertThat(r.plies()).isPositive();
    }
}
