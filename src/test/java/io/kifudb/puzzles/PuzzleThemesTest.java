package io.kifudb.puzzles;

import static io.kifudb.rules.RuleTestSupport.sfen;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.RuleSet;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * The themes PuzzleThemes reads off a solution line, on positions built for each motif: a Lion taken by the
 * first move or won over the line (what rule-sets.md §2 calls a Lion: 獅子 and the promoted 麒麟), a first move
 * that promotes (§3), and a line that ends in a win by the bare-king rule (§4, seed 000 (2)
 * 「玉二枚、成金一枚が残れば、成金のある方が勝ちである」; chu-sdin has no such rule, seed 002).
 *
 * <p>Sente's King stands on 1l and gote's on 12a unless a test says otherwise; sente moves towards rank a.
 */
class PuzzleThemesTest {
    private static final String[] KINGS = {"1l:K", "12a:k"};

    private static String position(String side, String... placements) {
        String[] all = new String[placements.length + 2];
        System.arraycopy(KINGS, 0, all, 0, 2);
        System.arraycopy(placements, 0, all, 2, placements.length);
        return sfen(side, "-", all);
    }

    @Test
    @DisplayName("lion-trade: the first move takes the opponent's Lion (a Free King takes the Lion on 7c)")
    void firstMoveTakesALion() {
        String p = position("b", "7k:Q", "7c:n", "3a:g");
        assertThat(PuzzleThemes.motifs(RuleSet.CHU, p, List.of("7k7c", "3a3b", "7c7b"))).containsExactly(PuzzleThemes.LION_TRADE);
        // a promoted Kirin is a Lion too (§2 「"Lion" includes a promoted Kirin」)
        String kirin = position("b", "7k:Q", "7c:+o", "3a:g");
        assertThat(PuzzleThemes.motifs(RuleSet.CHU, kirin, List.of("7k7c"))).containsExactly(PuzzleThemes.LION_TRADE);
        // control: the same line with a Dragon King there instead takes no Lion
        String dragon = position("b", "7k:Q", "7c:d", "3a:g");
        assertThat(PuzzleThemes.motifs(RuleSet.CHU, dragon, List.of("7k7c", "3a3b", "7c7b"))).isEmpty();
    }

    @Test
    @DisplayName("lion-trade: the line wins a Lion later (the Free King takes the gold on 7f, then the Lion on 4c)")
    void theLineWinsALion() {
        String p = position("b", "7k:Q", "7f:g", "4c:n", "3a:g");
        assertThat(PuzzleThemes.motifs(RuleSet.CHU, p, List.of("7k7f", "12a11a", "7f4c"))).containsExactly(PuzzleThemes.LION_TRADE);
        // an even trade that does not start with the Lion is none: gote's Free King takes sente's Lion on 2k in between
        String even = position("b", "7k:Q", "7f:g", "4c:n", "3a:g", "2k:N", "2c:q");
        assertThat(PuzzleThemes.motifs(RuleSet.CHU, even, List.of("7k7f", "2c2k", "7f4c"))).isEmpty();
    }

    @Test
    @DisplayName("promotion: the first move promotes (a Rook entering the zone on 7d, §3)")
    void firstMovePromotes() {
        String p = position("b", "7k:R", "3a:g");
        assertThat(PuzzleThemes.motifs(RuleSet.CHU, p, List.of("7k7d+"))).containsExactly(PuzzleThemes.PROMOTION);
        assertThat(PuzzleThemes.motifs(RuleSet.CHU, p, List.of("7k7d"))).isEmpty();
    }

    @Test
    @DisplayName("bare-king: taking gote's last piece leaves its King bare against sente's extra pieces (chu §4; none in chu-sdin)")
    void lineEndsInABareKing() {
        String p = position("b", "9k:Q", "5i:G", "9c:s");
        assertThat(PuzzleThemes.motifs(RuleSet.CHU, p, List.of("9k9c"))).containsExactly(PuzzleThemes.BARE_KING);
        assertThat(PuzzleThemes.of(RuleSet.CHU, p, List.of("9k9c"), 1)).containsExactly("mate-in-1", PuzzleThemes.BARE_KING);
        // chu-sdin has no bare-king rule: the game goes on after the same move
        assertThat(PuzzleThemes.motifs(RuleSet.byId("chu-sdin"), p, List.of("9k9c"))).isEmpty();
        // control: gote keeps a second piece, so it is not bare
        String notBare = position("b", "9k:Q", "5i:G", "9c:s", "3a:g");
        assertThat(PuzzleThemes.motifs(RuleSet.CHU, notBare, List.of("9k9c"))).isEmpty();
    }

    @Test
    @DisplayName("themes: the kind first, then the motifs in their order; a line that is not legal is refused")
    void kindFirstThenMotifs() {
        String p = position("b", "7k:R", "7c:n", "3a:g");
        assertThat(PuzzleThemes.of(RuleSet.CHU, p, List.of("7k7c+"), null)).containsExactly(PuzzleThemes.MATERIAL, PuzzleThemes.LION_TRADE,
                PuzzleThemes.PROMOTION);
        assertThat(PuzzleThemes.ordered(java.util.Set.of("promotion", "lion-trade", "mate-in-3"))).containsExactly("mate-in-3", "lion-trade", "promotion");
        assertThatThrownBy(() -> PuzzleThemes.motifs(RuleSet.CHU, p, List.of("7k6c"))).isInstanceOf(IllegalMoveException.class);
    }
}
