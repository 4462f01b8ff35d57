package io.kifudb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The search's progress counter: the plies since the last capture or promotion, read from the game, and
 * the evaluation drawn towards a draw as they grow (so a side far ahead captures or promotes instead of
 * shuffling to the ply cap).
 */
class ProgressTest {
    // Gote: king 7a, silver 2a, gold 1a, a pawn on 6g before a sente gold on 6h. Sente: a pawn on 1e, a
    // step from the promotion zone (ranks a-d for sente), a Dragon King on 12j, king 6l.
    private static final String SFEN = "5k4sg/12/12/12/11P/12/6p5/6G5/12/D11/12/6K5 b - 1";

    private static Position play(String... moves) {
        Position p = Sfen.parse(RuleSet.CHU_LISHOGI, SFEN);
        // Made without the referee's checks: the shuffles below repeat positions on purpose.
        for (String m : moves) p.make(p.parseMove(m));
        return p;
    }

    @Test
    void quietPliesCountFromTheLastCaptureOrPromotion() {
        assertThat(Search.quietPlies(play())).isZero();
        assertThat(Search.quietPlies(play("6l6k", "7a7b", "6k6l", "7b7a"))).isEqualTo(4);
        // The gold takes the pawn: the count starts again.
        assertThat(Search.quietPlies(play("6l6k", "7a7b", "6h6g"))).isZero();
        assertThat(Search.quietPlies(play("6l6k", "7a7b", "6h6g", "7b7a", "6k6l"))).isEqualTo(2);
        // A promotion (1e1d+ enters the zone) is progress too; the same step unpromoted is not.
        assertThat(Search.quietPlies(play("6l6k", "7a7b", "1e1d+", "7b7a"))).isEqualTo(1);
        assertThat(Search.quietPlies(play("6l6k", "7a7b", "1e1d", "7b7a"))).isEqualTo(4);
        // Counting leaves the position as it was, history included.
        Position p = play("6l6k", "7a7b", "6h6g", "7b7a", "6k6l");
        String sfen = p.sfen();
        int ply = p.ply();
        Search.quietPlies(p);
        assertThat(p.sfen()).isEqualTo(sfen);
        assertThat(p.ply()).isEqualTo(ply);
    }

    @Test
    void theEvaluationDriftsTowardsADrawAfterTheGrace() {
        PieceValues values = PieceValues.of(RuleSet.CHU_LISHOGI);
        Search search = new Search(new TranspositionTable(1), true, 0);
        String[] shuffle = {"6l6k", "7a7b", "6k6l", "7b7a"};
        int previous = Integer.MAX_VALUE;
        for (int quiet = 0; quiet <= 200; quiet += 4) {
            String[] moves = new String[quiet];
            for (int i = 0; i < quiet; i++) moves[i] = shuffle[i % 4];
            search.prepare(play(moves), control(values));
            int eval = search.evaluate(0), scored = search.progressEvaluate(0);
            // Sente is a Dragon King up: ahead whatever the count.
            assertThat(eval).isGreaterThan(200);
            if (quiet <= Search.QUIET_GRACE) assertThat(scored).isEqualTo(eval);
            else assertThat(scored).isLessThan(eval).isGreaterThanOrEqualTo(eval / 2);
            assertThat(scored).as("never rises with the count").isLessThanOrEqualTo(previous);
            previous = scored;
        }
        assertThat(previous).as("after 200 quiet plies: half").isEqualTo(search.evaluate(0) / 2);
    }

    private static SearchControl control(PieceValues values) {
        SearchControl c = new SearchControl(new AtomicBoolean(), SearchLimits.depth(1), 1);
        c.values = values;
        return c;
    }
}
