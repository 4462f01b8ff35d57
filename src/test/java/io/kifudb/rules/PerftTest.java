package io.kifudb.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Perft from the start position over canonical moves. The expected counts are those of lishogi's rules
 * library with one move per distinct result (the shogiops oracle's {@code --unique}), which also match
 * HaChu 0.21; within four plies no Lion can be taken and nothing can promote, so all Chu rule sets agree.
 */
class PerftTest {
    private static final long[] EXPECTED = {1, 36, 1_296, 48_315, 1_801_639};

    @ParameterizedTest
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    void startPositionPerftMatchesTheOracle(String id) {
        Position pos = Position.start(RuleSet.byId(id));
        Perft perft = new Perft(4);
        for (int depth = 1; depth <= 4; depth++) assertThat(perft.count(pos, depth)).as("perft(%d)", depth).isEqualTo(EXPECTED[depth]);
        assertThat(pos.sfen()).isEqualTo(RuleSet.byId(id).variant.startSfen);
    }

    @ParameterizedTest
    @ValueSource(strings = {"chu", "chu-lishogi"})
    void makeUnmakeRestoresKeyAndBoard(String id) {
        Position pos = Position.start(RuleSet.byId(id));
        int[] moves = new int[MoveGen.MAX_MOVES];
        int n = pos.generate(moves);
        long key = pos.key();
        String sfen = pos.sfen();
        for (int i = 0; i < n; i++) {
            pos.make(moves[i]);
            long after = pos.key();
            assertThat(Sfen.parse(pos.rules, pos.sfen()).key()).as("incremental key after %s", pos.usi(moves[i])).isEqualTo(after);
            pos.unmake();
            assertThat(pos.key()).isEqualTo(key);
            assertThat(pos.sfen()).isEqualTo(sfen);
        }
    }
}
