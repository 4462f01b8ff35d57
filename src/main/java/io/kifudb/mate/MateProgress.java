package io.kifudb.mate;

import java.util.List;

/**
 * What a running mate search reports: its counters, the bound it is searching under, and the best mate
 * found so far (none yet: {@code matePlies} 0 and an empty line).
 *
 * @param bound      the longest mate (plies) the current pass looks for
 * @param matePlies  plies of the shortest mate found so far, 0 if none
 * @param line       that mate's main line in USI, empty if none
 */
public record MateProgress(long nodes, long timeMs, int hashfull, int bound, int matePlies, List<String> line) {
    /** Moves of the attacker in the mate found so far (USI {@code score mate N}), 0 if none. */
    public int mateMoves() {
        return (matePlies + 1) / 2;
    }
}
