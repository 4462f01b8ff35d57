package io.kifudb.puzzles;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.Status;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The themes of a puzzle, read off its position and solution line by the rules alone (no search), so the
 * themes of a stored puzzle can be worked out again from what is stored (V24 does so for the puzzles
 * found before themes were lists).
 *
 * <p>Every puzzle has one theme saying what it is, and any of the motifs:
 * <ul>
 *   <li>{@code mate-in-N}: the search proved a forced win in N moves (however the rules end the game:
 *       checkmate, the last royal taken, bare king); else {@code material}: the best move wins material
 *       by the margin of {@link PuzzleFinder}.</li>
 *   <li>{@code lion-trade}: the solution's first move takes an opponent's Lion, or, over the whole line,
 *       the solver's moves take more of the opponent's Lions than the replies take of the solver's (the
 *       line wins a Lion in an exchange). A Lion is what the Lion capture rules call one (rule-sets.md
 *       §2: the Lion and the promoted Kirin).</li>
 *   <li>{@code promotion}: the solution's first move promotes.</li>
 *   <li>{@code bare-king}: the line ends with the game won by the solver under the rule set's bare-king
 *       rule (the status of the line's last position, rule-sets.md §4). A line the search cut short ends
 *       before the game does, and gets no such theme.</li>
 * </ul>
 * Themes are listed in this order: the kind first, then {@link #MOTIFS}.
 */
public final class PuzzleThemes {
    public static final String MATERIAL = "material";
    public static final String LION_TRADE = "lion-trade";
    public static final String PROMOTION = "promotion";
    public static final String BARE_KING = "bare-king";
    /** The motifs, in the order they are listed after the puzzle's kind. */
    public static final List<String> MOTIFS = List.of(LION_TRADE, PROMOTION, BARE_KING);
    /** The theme of a forced win in N moves. */
    public static final Pattern MATE_IN = Pattern.compile("mate-in-[1-9][0-9]{0,2}");

    private PuzzleThemes() {}

    public static String mateIn(int n) {
        return "mate-in-" + n;
    }

    /**
     * The themes of the puzzle at sfen whose solution is the line.
     *
     * @param mateIn the solver's moves to the forced win, or null for a material puzzle
     * @throws io.kifudb.rules.IllegalMoveException if the line is not legal from the position
     */
    public static List<String> of(RuleSet rules, String sfen, List<String> solution, Integer mateIn) {
        List<String> themes = new ArrayList<>();
        themes.add(mateIn != null ? mateIn(mateIn) : MATERIAL);
        themes.addAll(motifs(rules, sfen, solution));
        return List.copyOf(themes);
    }

    /** The motifs of the line from the position, in {@link #MOTIFS} order. */
    public static List<String> motifs(RuleSet rules, String sfen, List<String> solution) {
        Position p = Sfen.parse(rules, sfen);
        int solver = p.sideToMove();
        boolean firstTakesLion = false;
        int theirLionsTaken = 0, ourLionsTaken = 0;
        for (int i = 0; i < solution.size(); i++) {
            int mover = p.sideToMove(), other = mover ^ 1;
            // a move can only take the other side's pieces; a count that rises (a Kirin promoting) is the mover's own
            int before = lions(p, other);
            p.play(solution.get(i));
            int taken = before - lions(p, other);
            if (mover == solver) theirLionsTaken += taken;
            else ourLionsTaken += taken;
            if (i == 0 && taken > 0) firstTakesLion = true;
        }
        List<String> motifs = new ArrayList<>();
        if (firstTakesLion || theirLionsTaken > ourLionsTaken) motifs.add(LION_TRADE);
        if (!solution.isEmpty() && solution.get(0).endsWith("+")) motifs.add(PROMOTION);
        Status end = p.status();
        if (!end.isOngoing() && end.winner() == solver && end.reason() == Status.Reason.BARE_KING) motifs.add(BARE_KING);
        return List.copyOf(motifs);
    }

    /** The Lions (Lion-rank pieces: the Lion, the promoted Kirin) the side has on the board. */
    static int lions(Position p, int side) {
        int n = 0;
        for (int sq = 0; sq < p.geometry().squares; sq++) {
            int piece = p.pieceAt(sq);
            if (piece != 0 && (piece > 0 ? Position.SENTE : Position.GOTE) == side && p.kindAt(sq).isLion()) n++;
        }
        return n;
    }

    /** Sorts themes into the listed order: the kind first, then the motifs in {@link #MOTIFS} order. */
    public static List<String> ordered(java.util.Collection<String> themes) {
        List<String> out = new ArrayList<>();
        for (String t : themes) if (!MOTIFS.contains(t)) out.add(t);
        for (String m : MOTIFS) if (themes.contains(m)) out.add(m);
        return out;
    }
}
