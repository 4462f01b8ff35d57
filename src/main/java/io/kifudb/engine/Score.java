package io.kifudb.engine;

/**
 * Search scores: centi-pawns from the side to move's point of view, and a band near ±{@link #MATE} for
 * games decided by the rules.
 *
 * <p>Chu Shogi ends in many ways (royal capture, checkmate under {@code chu}, bare king, a repetition
 * verdict, no legal move), and the search scores every one of them the same way: a win decided at ply
 * {@code p} from the root is {@code MATE - p}, a loss {@code -(MATE - p)}. So "mate N" means "the game is
 * won by the rules in N moves of the winner", whichever rule decides it, and a shorter win scores higher.
 */
public final class Score {
    public static final int MATE = 30_000;
    /** Larger than any score; bounds of the first window. */
    public static final int INFINITE = 32_000;
    /** Scores beyond this are decided games (wins or losses by the rules). */
    public static final int MATE_BOUND = MATE - 1_000;
    public static final int DRAW = 0;

    private Score() {}

    public static boolean isDecided(int score) {
        return Math.abs(score) >= MATE_BOUND;
    }

    /** Win at ply from the root, from the winner's point of view. */
    public static int winIn(int ply) {
        return MATE - ply;
    }

    public static int lossIn(int ply) {
        return -MATE + ply;
    }

    /** Plies until the decided end (positive: the side to move wins), for a decided score. */
    public static int plies(int score) {
        return score > 0 ? MATE - score : -(MATE + score);
    }

    /**
     * Moves of the winner until the end (positive: the side to move wins); a loss "now" is 0. A win at ply
     * 1 (the side to move's own move ends the game) is 1 move; a loss at ply 2 is -1.
     */
    public static int moves(int score) {
        int plies = plies(score);
        return plies > 0 ? (plies + 1) / 2 : plies / 2;
    }

    /**
     * The USI spelling of a score: {@code cp X}, or {@code mate N} with N in moves of the winner
     * ({@code plies=false}, the project's API and {@code analyse}) or in plies (the USI specification's
     * unit, for the {@code usi} command).
     */
    public static String usi(int score, boolean inPlies) {
        if (!isDecided(score)) return "cp " + score;
        return "mate " + (inPlies ? plies(score) : moves(score));
    }

    /** Converts a score to the transposition table's form (decided scores relative to the node). */
    static int toTable(int score, int ply) {
        if (score >= MATE_BOUND) return score + ply;
        if (score <= -MATE_BOUND) return score - ply;
        return score;
    }

    static int fromTable(int score, int ply) {
        if (score >= MATE_BOUND) return score - ply;
        if (score <= -MATE_BOUND) return score + ply;
        return score;
    }
}
