package io.kifudb.mate;

import io.kifudb.rules.Position;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks a published solution line against the solver: is it a forced mate of its own length?
 *
 * <p>The line is replayed under the rules. Every attacker move must be a forcing move (the tsume convention
 * the solver keeps to; a quiet move is reported, not judged). At every defender turn each defence the solver
 * would consider (every move that keeps the royal safe, {@link MateMoves#defences}) is searched for a mate
 * within the plies the line has left after it; a defence with none is a refutation of the line as a mate of
 * that length. The published reply is checked like the others.
 */
public final class SolutionCheck {
    /** What one defence at one ply of the line allows. */
    public record Defence(int ply, String move, boolean published, MateResult.Outcome outcome, int plies, long nodes) {
        /** The solver proved that no mate by forcing moves follows within the plies left. */
        public boolean refutes() {
            return outcome == MateResult.Outcome.NO_MATE;
        }
    }

    /**
     * The result: the plies of the line replayed, the attacker's plies that are no forcing move, and every
     * defence searched.
     */
    public record Report(int plies, List<Integer> quietAttackerPlies, List<Defence> defences) {
        public List<Defence> refutations() {
            return defences.stream().filter(Defence::refutes).toList();
        }

        public boolean undecided() {
            return defences.stream().anyMatch(d -> d.outcome() == MateResult.Outcome.UNKNOWN);
        }
    }

    private SolutionCheck() {}

    /**
     * Checks line (USI, attacker first) from start within nodesPerDefence nodes per search. The position is
     * played on and restored; an illegal move of the line throws the rules' exception.
     */
    public static Report check(Position start, List<String> line, long nodesPerDefence, int hashMegabytes) {
        MateMoves filter = new MateMoves(start);
        MateSolver solver = new MateSolver(hashMegabytes);
        int attacker = start.sideToMove();
        int[] generated = new int[Position.MAX_MOVES], listed = new int[Position.MAX_MOVES];
        List<Integer> quiet = new ArrayList<>();
        List<Defence> defences = new ArrayList<>();
        int made = 0;
        try {
            for (int i = 0; i < line.size(); i++) {
                // Moves are compared as moves, not as spellings (a Lion's 7g6g5f over an empty square is 7g5f).
                int published = start.parseMove(line.get(i));
                int n = start.generate(generated);
                int c = start.sideToMove() == attacker ? filter.forcingMoves(generated, n, listed) : filter.defences(generated, n, listed);
                List<Integer> moves = new ArrayList<>(Math.max(c, 0));
                for (int k = 0; k < c; k++) moves.add(listed[k]);
                if (c == MateMoves.DEFENDER_ENDS_GAME) {
                    // A reply takes the attacker's last royal: the line is no mate at all.
                    defences.add(new Defence(i + 1, "(takes the last royal)", false, MateResult.Outcome.NO_MATE, 0, 0));
                } else if (start.sideToMove() == attacker) {
                    if (!moves.contains(published)) quiet.add(i + 1);
                } else {
                    int left = line.size() - i - 1;
                    for (int d : moves) {
                        String usi = start.usi(d);
                        start.play(usi);
                        MateResult r = left < 1
                                ? new MateResult(MateResult.Outcome.NO_MATE, 0, List.of(), false, 0, 0, 0, 0, null)
                                : solver.solve(start, new MateLimits(nodesPerDefence, 0, left, false));
                        start.unmake();
                        defences.add(new Defence(i + 1, usi, d == published, r.outcome(), r.plies(), r.nodes()));
                    }
                }
                start.play(line.get(i));
                made++;
            }
        } finally {
            for (int i = 0; i < made; i++) start.unmake();
        }
        return new Report(line.size(), List.copyOf(quiet), List.copyOf(defences));
    }
}
