package io.kifudb.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.notation.RecordFiles;
import io.kifudb.notation.Replay;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@link Position#decodeCanonical} (the index's fast replay of stored games) gives exactly the move
 * {@link Position#parseMove} finds, for every canonical move of every shipped record: Chu games (lion
 * double moves, igui, passes, promotions) and the 13x13 engine games (exits, tries, exchanges, {@code !}).
 */
class DecodeCanonicalTest {
    @Test
    void decodingAStoredMoveGivesTheCheckedMove() throws Exception {
        long moves = 0;
        int games = 0;
        for (Path f : RecordFiles.walk(List.of(Path.of("kifu-corpus")))) {
            for (RecordFiles.Item item : RecordFiles.read(f.toString(), Files.readAllBytes(f), null)) {
                Replay.Result r = Replay.replay(item.rules(), item.record());
                assertThat(r.ok()).as(item.source()).isTrue();
                Position p = item.record().initialSfen() == null ? Position.start(item.rules()) : Sfen.parse(item.rules(), item.record().initialSfen());
                for (String usi : r.canonicalMoves()) {
                    int checked = p.parseMove(usi);
                    assertThat(p.decodeCanonical(usi)).as("%s: %s", item.source(), usi).isEqualTo(checked);
                    p.make(checked);
                    moves++;
                }
                games++;
            }
        }
        assertThat(games).isEqualTo(317);
        assertThat(moves).isGreaterThan(200_000);
    }
}
