package io.kifudb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.notation.GameRecord;
import io.kifudb.notation.LishogiRecords;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bench's fixed inputs: its search positions and the tactical suite's problems. */
class BenchCommandTest {

    @Test
    void searchPositionsAreTheCorpusGamesAtTheirPlies() throws IOException {
        Path file = Path.of("kifu-corpus", "chu", "lishogi", "lishogi-top-players-10.ndjson");
        List<GameRecord> games = LishogiRecords.read(file.toString(), Files.readString(file));
        int checked = 0;
        for (String[] p : BenchCommand.SEARCH_POSITIONS) {
            if (p[0].equals("start")) {
                assertThat(p[2]).isEqualTo(RuleSet.CHU_LISHOGI.variant.startSfen);
                continue;
            }
            GameRecord g = games.stream().filter(x -> x.id().equals(p[0])).findFirst().orElseThrow();
            Position pos = Position.start(RuleSet.CHU_LISHOGI);
            for (String m : g.moves().subList(0, Integer.parseInt(p[1]))) pos.play(m);
            assertThat(pos.sfen()).as("%s at ply %s", p[0], p[1]).isEqualTo(p[2]);
            assertThat(pos.status().isOngoing()).isTrue();
            checked++;
        }
        assertThat(checked).isEqualTo(BenchCommand.SEARCH_POSITIONS.size() - 1);
    }

    @Test
    void tacticalSuiteHasEveryProblemAtOneAndThreePliesBeforeTheEnd() throws IOException {
        List<TacticsSuite.Problem> problems = TacticsSuite.read(TacticsSuite.DEFAULT_FILE);
        assertThat(problems).hasSize(79);
        for (TacticsSuite.Problem p : problems) {
            Position m1 = p.beforeMate(1), m2 = p.beforeMate(2);
            assertThat(m1.sideToMove()).as(p.id()).isEqualTo(Position.SENTE);
            assertThat(m2.sideToMove()).isEqualTo(Position.SENTE);
            assertThat(m1.ply()).isEqualTo(m2.ply() + 2);
        }
    }

    @Test
    void tacticsSolvesAMateInTwoAndStopsEarly() throws IOException {
        TacticsSuite.Problem p = TacticsSuite.read(TacticsSuite.DEFAULT_FILE).get(0);
        TacticsSuite.Outcome o = TacticsSuite.solve(new io.kifudb.engine.Engine().hashMegabytes(8), p, 2, 20_000);
        assertThat(o.solved()).isTrue();
        assertThat(o.score()).isIn("mate 1", "mate 2");
        // Stopped once the mate showed, long before the 20 s allowed.
        assertThat(o.ms()).isLessThan(10_000);
    }
}
