package io.kifudb.notation;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Status;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Every real record of the shipped corpus replays, move by move, under its rule set. */
class CorpusReplayTest {
    private static final Path CORPUS = Path.of("kifu-corpus", "chu");

    /**
     * The 10 lishogi games replay under chu-lishogi, and wherever the rules decide the result (royals lost,
     * bare king, repetition) our status equals lishogi's recorded status and winner; games lishogi ended by
     * resignation or agreement are still ongoing by the rules.
     */
    @Test
    void lishogiGamesReachLishogisResults() throws IOException {
        Path file = CORPUS.resolve("lishogi/lishogi-top-players-10.ndjson");
        List<GameRecord> games = LishogiRecords.read(file.toString(), Files.readString(file));
        assertThat(games).hasSize(10);
        int decided = 0;
        for (GameRecord g : games) {
            Replay.Result r = Replay.replay(RuleSet.CHU_LISHOGI, g);
            assertThat(r.error()).as("game %s", g.id()).isNull();
            assertThat(r.plies()).isEqualTo(g.moves().size());
            Status.Reason expected = Replay.lishogiReason(g.recordedStatus());
            if (expected == null) {
                assertThat(r.status().isOngoing()).as("game %s ended by %s, not by the rules", g.id(), g.recordedStatus()).isTrue();
                continue;
            }
            decided++;
            assertThat(r.status().reason()).as("game %s", g.id()).isEqualTo(expected);
            assertThat(r.status().result()).as("game %s", g.id()).isEqualTo(g.recordedWinner() == null ? "draw" : g.recordedWinner());
        }
        assertThat(decided).isEqualTo(6);
    }

    /**
     * The 79 historical mating problems (series A, B, MD) replay under chu, the attacker having no King
     * (rule-sets.md §1), and each solution ends with the defender checkmated (rule-sets.md §4, checkmate).
     */
    @Test
    void tsumeSolutionsReplayUnderChuAndEndInCheckmate() throws IOException {
        List<String> lines = Files.readAllLines(CORPUS.resolve("tsume/msm-tsume-AB-solutions.txt"));
        List<String> failures = new ArrayList<>();
        int count = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.contains("{")) continue;
            count++;
            String sfen = line.substring(0, line.indexOf('{')).trim();
            String id = line.substring(line.indexOf('{') + 1, line.indexOf('}'));
            List<String> moves = Arrays.asList(line.substring(line.indexOf('}') + 1).trim().split("\\s+"));
            Replay.Result r = Replay.replay(RuleSet.CHU, new GameRecord("tsume", i + 1, id, "chu", sfen, moves, null, null));
            if (!r.ok()) failures.add(id + ": ply " + r.errorPly() + " " + r.error());
            else if (r.status().reason() != Status.Reason.CHECKMATE || r.status().winner() != 0)
                failures.add(id + ": ends " + r.status());
        }
        assertThat(count).isEqualTo(79);
        assertThat(failures).isEmpty();
    }
}
