package io.kifudb.engine;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Status;
import java.util.SplittableRandom;

/**
 * Engine matches from the start position: pairs of games with a few random opening moves each (so the
 * games differ), the two players taking each colour once per pair. A game still going after
 * {@code maxPlies} is scored a draw.
 */
public final class Match {
    /** Chooses a move in an ongoing position (the position is not to be changed). */
    public interface Player {
        String name();

        int move(Position position);
    }

    /** The first player's score: wins, draws, losses, and games cut at the ply limit (counted as draws). */
    public record Result(String player, String opponent, int wins, int draws, int losses, int unfinished, long plies) {
        public double points() {
            return wins + draws / 2.0;
        }

        public int games() {
            return wins + draws + losses;
        }

        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT, "%s vs %s: +%d =%d -%d (%.1f/%d; %d cut at the ply limit; %.0f plies per game)",
                    player, opponent, wins, draws, losses, points(), games(), unfinished, games() == 0 ? 0.0 : (double) plies / games());
        }
    }

    private Match() {}

    /** Plays uniformly random legal moves. */
    public static Player random(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        return new Player() {
            @Override
            public String name() {
                return "random";
            }

            @Override
            public int move(Position p) {
                int[] moves = p.legalMoves();
                return moves[rnd.nextInt(moves.length)];
            }
        };
    }

    /** The engine with these limits (one thread, its own table, cleared before each game). */
    public static Player engine(String name, SearchLimits limits, int hashMb) {
        Engine engine = new Engine().hashMegabytes(hashMb);
        return new Player() {
            private int lastPly = Integer.MAX_VALUE;

            @Override
            public String name() {
                return name;
            }

            @Override
            public int move(Position p) {
                // A new game starts lower in plies than the last move seen: forget the old one.
                if (p.ply() < lastPly) engine.newGame();
                lastPly = p.ply();
                return engine.search(p, limits, null).bestMove();
            }
        };
    }

    /**
     * Plays {@code games} games (rounded up to pairs) of a against b under the rules, each pair opening
     * with {@code openingPlies} random moves chosen with the seed; returns a's score.
     */
    public static Result play(RuleSet rules, Player a, Player b, int games, int openingPlies, int maxPlies, long seed) {
        return play(rules, a, b, games, openingPlies, maxPlies, seed, null);
    }

    /** Receives each finished game: its final position (history included) and whether a played sente. */
    public interface GameListener {
        void gameOver(Position end, boolean aWasSente);
    }

    /** As {@link #play(RuleSet, Player, Player, int, int, int, long)}, telling the listener about each game. */
    public static Result play(RuleSet rules, Player a, Player b, int games, int openingPlies, int maxPlies, long seed,
                              GameListener listener) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int wins = 0, draws = 0, losses = 0, unfinished = 0;
        long plies = 0;
        for (int pair = 0; pair < (games + 1) / 2; pair++) {
            long openingSeed = rnd.nextLong();
            for (int aIsSente = 1; aIsSente >= 0; aIsSente--) {
                Position p = Position.start(rules);
                SplittableRandom opening = new SplittableRandom(openingSeed);
                for (int i = 0; i < openingPlies && p.status().isOngoing(); i++) {
                    int[] moves = p.legalMoves();
                    p.make(moves[opening.nextInt(moves.length)]);
                }
                // The players see the game from its start, so p.ply() counts from there.
                Status st = p.status();
                while (st.isOngoing() && p.ply() < maxPlies) {
                    boolean aToMove = (p.sideToMove() == Position.SENTE) == (aIsSente == 1);
                    p.make((aToMove ? a : b).move(p));
                    st = p.status();
                }
                plies += p.ply();
                if (listener != null) listener.gameOver(p, aIsSente == 1);
                if (st.isOngoing()) {
                    unfinished++;
                    draws++;
                } else if (st.isDraw()) {
                    draws++;
                } else if ((st.winner() == Position.SENTE) == (aIsSente == 1)) {
                    wins++;
                } else {
                    losses++;
                }
            }
        }
        return new Result(a.name(), b.name(), wins, draws, losses, unfinished, plies);
    }
}
