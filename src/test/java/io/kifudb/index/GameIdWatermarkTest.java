package io.kifudb.index;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * The watermark of the feed from the database: ids skipped below the highest one taken in are watched
 * as gaps until they fill or until no transaction can still commit into them.
 */
class GameIdWatermarkTest {
    private static final long TIMEOUT = 60_000;
    private static final long NOW = 1_000_000_000L;

    @Test
    void anIdCommittedAfterAHigherOneIsAGapUntilItFills() {
        GameIdWatermark w = new GameIdWatermark(TIMEOUT, 100);
        w.reset(100);
        // 101-105 taken by a slow transaction; 106 committed first and seen
        w.taken(106, NOW, NOW);
        assertThat(w.high()).isEqualTo(106);
        assertThat(w.gaps(10)).containsExactly(new GameIdWatermark.Gap(101, 105, NOW + TIMEOUT));
        for (long id = 101; id <= 105; id++) assertThat(w.has(id)).isFalse();
        assertThat(w.has(100)).isTrue();
        assertThat(w.has(106)).isTrue();
        assertThat(w.has(107)).isFalse();

        // the slow transaction commits 103 first, then the rest: the gap splits, then closes
        w.taken(103, NOW, NOW + 500);
        assertThat(w.gaps(10)).containsExactly(new GameIdWatermark.Gap(101, 102, NOW + TIMEOUT),
                new GameIdWatermark.Gap(104, 105, NOW + TIMEOUT));
        assertThat(w.has(103)).isTrue();
        for (long id : new long[] {101, 102, 104, 105}) w.taken(id, NOW, NOW + 600);
        assertThat(w.gapCount()).isZero();
        assertThat(w.high()).isEqualTo(106);
    }

    @Test
    void aGapIsGivenUpOnlyWhenLookedForAfterItsDeadline() {
        GameIdWatermark w = new GameIdWatermark(TIMEOUT, 100);
        w.reset(0);
        w.taken(1, NOW, NOW);
        w.taken(5, NOW + 10, NOW + 20); // 2-4 skipped; the game above them was stored at NOW + 10
        assertThat(w.expire(NOW + 10 + TIMEOUT - 1, Long.MAX_VALUE)).isZero();
        // looked for only up to id 3: the gap reaches beyond, so it stays
        assertThat(w.expire(NOW + 10 + TIMEOUT, 3)).isZero();
        assertThat(w.expire(NOW + 10 + TIMEOUT, 4)).isEqualTo(1);
        assertThat(w.gapCount()).isZero();
        // given up: the ids count as had (the consistency check is the net for a transaction that outlives the timeout)
        assertThat(w.has(3)).isTrue();
    }

    @Test
    void theDeadlineCountsFromWhenTheGameAboveWasStoredAndOldHolesAreNotWatched() {
        GameIdWatermark w = new GameIdWatermark(TIMEOUT, 100);
        w.reset(0);
        // found late (a rebuild read it long after it was stored): its deadline has passed, no gap
        w.taken(10, NOW - 2 * TIMEOUT, NOW);
        assertThat(w.gapCount()).isZero();
        // stored 10 s ago: watched for the remaining 50 s
        w.taken(20, NOW - 10_000, NOW);
        assertThat(w.gaps(10)).containsExactly(new GameIdWatermark.Gap(11, 19, NOW - 10_000 + TIMEOUT));
        // a clock ahead of ours (another machine) never stretches the wait beyond the timeout from now
        w.taken(30, NOW + 3_600_000, NOW);
        assertThat(w.gaps(10)).contains(new GameIdWatermark.Gap(21, 29, NOW + TIMEOUT));
        // unknown storage time: from when it was seen
        w.taken(40, 0, NOW);
        assertThat(w.gaps(10)).contains(new GameIdWatermark.Gap(31, 39, NOW + TIMEOUT));
    }

    @Test
    void beyondItsRoomTheOldestGapIsDroppedAndThatIsReported() {
        GameIdWatermark w = new GameIdWatermark(TIMEOUT, 2);
        w.reset(0);
        w.taken(2, NOW, NOW);
        w.taken(4, NOW, NOW);
        assertThat(w.takeOverflow()).isFalse();
        w.taken(6, NOW, NOW);
        List<GameIdWatermark.Gap> gaps = w.gaps(10);
        assertThat(gaps).extracting(GameIdWatermark.Gap::from).containsExactly(3L, 5L);
        assertThat(w.takeOverflow()).isTrue();
        assertThat(w.takeOverflow()).isFalse();
        assertThat(w.gaps(1)).hasSize(1);
    }
}
