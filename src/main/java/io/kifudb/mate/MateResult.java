package io.kifudb.mate;

import io.kifudb.rules.Status;

import java.util.List;

/**
 * The answer of a mate search for the side to move.
 *
 * @param outcome   what was established
 * @param plies     plies within which the mate is forced ({@link Outcome#MATE}: the proof's bound), else 0
 * @param line      the main line in USI: the attacker's shortest way, the defender's longest resistance as far
 *                  as the search knows it ({@link Outcome#MATE}; at most {@code plies} long, ending in the rules'
 *                  win), else empty
 * @param shortest  for a mate: whether no shorter mate by forcing moves exists (a search under one ply less
 *                  was disproved); false when a limit stopped that search first. A mate that starts with a
 *                  quiet move (no check) may still be shorter: the solver plays forcing moves only
 * @param bound     for {@link Outcome#NO_MATE}: no mate by forcing moves exists within this many plies
 * @param gameOver  for {@link Outcome#GAME_OVER}: the rules' verdict on the position
 */
public record MateResult(Outcome outcome, int plies, List<String> line, boolean shortest, int bound,
                         long nodes, long timeMs, int hashfull, Status gameOver) {

    public enum Outcome {
        /** A forced mate: {@link #line()} ends in a position the rules judge won by the side that was to move. */
        MATE,
        /** Proved: no mate by forcing moves within {@link #bound()} plies. */
        NO_MATE,
        /** Neither a mate nor its absence was established before a limit (or the stop flag) ended the search. */
        UNKNOWN,
        /** The position's game is already over. */
        GAME_OVER
    }

    /** Moves of the attacker until mate (USI {@code score mate N}, as the API and {@code analyse} count). */
    public int mateMoves() {
        return (plies + 1) / 2;
    }
}
