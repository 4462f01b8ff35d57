package io.kifudb.cli;

import io.kifudb.engine.SearchLimits;
import io.kifudb.engine.SelfPlay;
import picocli.CommandLine.Option;

/** The engine settings of self-play games, shared by {@code selfplay} and {@code experiment} (a picocli mixin). */
public final class SelfPlayOptions {
    @Option(names = "--movetime", description = "ms per move")
    Long movetime;

    @Option(names = "--nodes", description = "nodes per move (default 20000 when no limit is given)")
    Long nodes;

    @Option(names = "--depth", description = "depth per move")
    Integer depth;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the random opening plies; game n uses seed+n (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--opening-plies", defaultValue = "4", description = "random plies before the engine plays (default ${DEFAULT-VALUE})")
    int openingPlies;

    @Option(names = "--max-plies", defaultValue = "500", description = "cut a game (a draw by move-limit) at this many plies (default ${DEFAULT-VALUE})")
    int maxPlies;

    @Option(names = "--threads", defaultValue = "1", description = "games played at once, one engine each (default ${DEFAULT-VALUE})")
    int threads;

    /** A node limit when none is given: games that repeat exactly with the seed, at a few ms per move. */
    static SearchLimits limits(Integer depth, Long movetime, Long nodes) {
        if (depth == null && movetime == null && nodes == null) nodes = 20_000L;
        return new SearchLimits(depth == null ? 0 : depth, movetime == null ? 0 : movetime, nodes == null ? 0 : nodes, null, false);
    }

    SelfPlay.Settings settings() {
        return new SelfPlay.Settings(limits(depth, movetime, nodes), openingPlies, maxPlies, 16);
    }
}
