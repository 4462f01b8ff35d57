package io.kifudb.puzzles;

import io.kifudb.engine.Engine;
import io.kifudb.engine.Score;
import io.kifudb.engine.SearchInfo;
import io.kifudb.engine.SearchLimits;
import io.kifudb.engine.SearchResult;
import io.kifudb.rules.Position;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.Status;

import java.util.ArrayList;
import java.util.List;

/**
 * Decides whether a position is a puzzle: the side to move has one move that is clearly best. The engine
 * searches the two best moves (multi-PV 2); the position is a puzzle when
 * <ul>
 *   <li>the best move forces a mate the search proved and the second-best does not (theme {@code mate-in-N},
 *       N the solver's moves), or</li>
 *   <li>the best move wins at least {@link #WIN_CP} and the second-best gets at least {@link #MARGIN_CP} less
 *       and no win (theme {@code material}).</li>
 * </ul>
 * The motifs of the solution line ({@code lion-trade}, {@code promotion}, {@code bare-king}) are added by
 * {@link PuzzleThemes}. A position with a single legal move is no puzzle (there is nothing to find).
 */
public final class PuzzleFinder {
    /** What the best move must win, in centipawns (two Pawns on the untuned scale, where a Pawn is 100). */
    public static final int WIN_CP = 200;
    /** How much less the second-best move must get, in centipawns (three Pawns on that scale). */
    public static final int MARGIN_CP = 300;
    /** The solution line of a material puzzle: the winning move, the reply and the follow-up. */
    static final int MATERIAL_LINE = 3;

    private PuzzleFinder() {}

    /** A puzzle: its themes (PuzzleThemes' order), solution line (the solver's move first) and the figures that make it one. */
    public record Found(List<String> themes, List<String> solution, Integer mateIn, Integer scoreCp, Integer marginCp) {
        Found withThemes(List<String> all) {
            return new Found(all, solution, mateIn, scoreCp, marginCp);
        }

        Found withSolution(List<String> line) {
            return new Found(themes, line, mateIn, scoreCp, marginCp);
        }
    }

    /** How many times the screening search's nodes a candidate is searched again with before it is kept. */
    public static final int CONFIRM_FACTOR = 8;

    /**
     * The puzzle in the position (as its SFEN gives it), or null when there is none. Every position is screened with the node
     * budget; a candidate is searched again with {@link #CONFIRM_FACTOR} times as many nodes and kept only if
     * that search finds the same first move and still calls it a puzzle (a shallow search overrates a
     * capture whose recapture it does not see yet). The figures kept are the confirming search's.
     */
    public static Found examine(Engine engine, Position played, long nodes) {
        // The puzzle is its SFEN: searched without the game's history, so that no verdict rests on moves the solver
        // does not see. (With the history, a return to an earlier position of the game was scored as the repetition
        // verdict: lishogi games gave "mate-in-1" puzzles whose move merely repeated a position the opponent had
        // been checking in, ending nothing.)
        Position position = Sfen.parse(played.rules, played.sfen());
        if (!position.status().isOngoing()) return null;
        Found screened = search(engine, position, nodes);
        if (screened == null) return null;
        Found confirmed = search(engine, position, nodes * CONFIRM_FACTOR);
        if (confirmed == null || !confirmed.solution().get(0).equals(screened.solution().get(0))) return null;
        if (confirmed.mateIn() != null && confirmed.solution().size() < 2 * confirmed.mateIn() - 1)
            confirmed = confirmed.withSolution(completeMate(engine, position, confirmed.solution(), 2 * confirmed.mateIn() - 1, nodes * CONFIRM_FACTOR));
        return confirmed.withThemes(PuzzleThemes.of(position.rules, position.sfen(), confirmed.solution(), confirmed.mateIn()));
    }

    /**
     * A mating line the search cut short (its principal variation stops early, as under chu-lishogi, which has
     * no checkmate rule, where it stops when every reply leaves the King to be taken), searched on from its end
     * until it has the mate's plies. Kept only if the rules then say the game is over, won by the solver, at
     * exactly that length; else the cut line stays as it was.
     */
    static List<String> completeMate(Engine engine, Position start, List<String> cut, int plies, long nodes) {
        Position p = Sfen.parse(start.rules, start.sfen());
        int solver = p.sideToMove();
        List<String> line = new ArrayList<>(cut);
        for (String m : cut) p.play(m);
        while (line.size() < plies && p.status().isOngoing()) {
            engine.multiPv(1);
            SearchResult r = engine.search(p, SearchLimits.nodes(nodes), null);
            if (r.lines().isEmpty() || r.lines().get(0).pv().isEmpty() || !Score.isDecided(r.lines().get(0).score())) break;
            for (String m : r.lines().get(0).pv()) {
                if (line.size() >= plies || !p.status().isOngoing()) break;
                p.play(m);
                line.add(m);
            }
        }
        Status end = p.status();
        return line.size() == plies && !end.isOngoing() && end.winner() == solver ? List.copyOf(line) : cut;
    }

    private static Found search(Engine engine, Position position, long nodes) {
        engine.multiPv(2);
        SearchResult r = engine.search(position, SearchLimits.nodes(nodes), null);
        List<SearchInfo> lines = r.lines();
        if (lines.size() < 2 || lines.get(0).pv().isEmpty()) return null;
        return judge(lines.get(0).score(), lines.get(1).score(), lines.get(0).pv());
    }

    /** The verdict on a best and second-best score (from the side to move) and the best line. */
    static Found judge(int best, int second, List<String> pv) {
        if (Score.isDecided(best)) {
            if (best < 0) return null;                                // the side to move is mated whatever it does
            if (Score.isDecided(second) && second > 0) return null;   // another move mates too
            int n = Score.moves(best);
            // the solver's n moves and the defender's n - 1 replies; examine completes a line the search cut short
            List<String> line = pv.subList(0, Math.min(pv.size(), 2 * n - 1));
            return new Found(List.of(PuzzleThemes.mateIn(n)), List.copyOf(line), n, null, null);
        }
        if (Score.isDecided(second)) return null;                    // the second-best is mated: no material question
        if (best < WIN_CP || best - second < MARGIN_CP || second >= WIN_CP) return null;
        List<String> line = List.copyOf(pv.subList(0, Math.min(pv.size(), MATERIAL_LINE)));
        return new Found(List.of(PuzzleThemes.MATERIAL), line, null, best, best - second);
    }
}
