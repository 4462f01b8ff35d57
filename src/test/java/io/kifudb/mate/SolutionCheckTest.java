package io.kifudb.mate;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The published-line check on shipped Middle Shogi Manual problems (rules: chu, checkmate ends the game,
 * rule-sets.md §4): a sound line has every defence mated within the plies it leaves; a line with a missed
 * defence is refuted at that defence, and the position is restored afterwards.
 */
class SolutionCheckTest {
    private static final Path TSUME = Path.of("kifu-corpus", "chu", "tsume", "msm-tsume-AB-solutions.txt");

    /** The start position and line of a problem of the shipped file. */
    private static Object[] problem(String id) throws IOException {
        for (String line : Files.readAllLines(TSUME)) {
            int open = line.indexOf('{'), close = line.indexOf('}');
            if (open > 0 && line.substring(open + 1, close).equals("Tsume " + id)) {
                return new Object[] {Sfen.parse(RuleSet.CHU, line.substring(0, open).strip()),
                        Arrays.asList(line.substring(close + 1).strip().split("\\s+"))};
            }
        }
        throw new IllegalArgumentException("no problem " + id);
    }

    @Test
    @DisplayName("B34's 7-ply line is a forced mate of its length: every defence at plies 2, 4 and 6 is mated within the plies left")
    @SuppressWarnings("unchecked")
    void soundLineHasNoRefutation() throws IOException {
        Object[] p = problem("B34");
        Position start = (Position) p[0];
        String before = Sfen.format(start);
        SolutionCheck.Report r = SolutionCheck.check(start, (List<String>) p[1], 100_000, 16);
        assertThat(r.refutations()).isEmpty();
        assertThat(r.undecided()).isFalse();
        assertThat(r.quietAttackerPlies()).isEmpty();
        assertThat(r.defences()).extracting(SolutionCheck.Defence::ply).containsOnly(2, 4, 6);
        assertThat(r.defences()).filteredOn(SolutionCheck.Defence::published).hasSize(3);
        assertThat(Sfen.format(start)).isEqualTo(before);
    }

    @Test
    @DisplayName("B47 from ply 21: the line's last 11 plies are refuted by 6h6g at its ply 22 (no mate within the 9 plies left), not by the published 6h5g")
    @SuppressWarnings("unchecked")
    void missedDefenceRefutesTheLine() throws IOException {
        Object[] p = problem("B47");
        Position pos = (Position) p[0];
        List<String> line = (List<String>) p[1];
        for (String m : line.subList(0, 20)) pos.play(m);
        SolutionCheck.Report r = SolutionCheck.check(pos, line.subList(20, line.size()), 300_000, 16);
        // Plies are counted from the checked line's start: its ply 2 is the problem's ply 22.
        assertThat(r.refutations()).extracting(SolutionCheck.Defence::ply, SolutionCheck.Defence::move, SolutionCheck.Defence::published)
                .contains(org.assertj.core.groups.Tuple.tuple(2, "6h6g", false));
        assertThat(r.defences()).filteredOn(d -> d.ply() == 2 && d.move().equals("6h5g"))
                .singleElement().satisfies(d -> assertThat(d.outcome()).isEqualTo(MateResult.Outcome.MATE));
    }

    @Test
    @DisplayName("moves are compared as moves, not spellings: B15 opens with the Lion's 7g6g5f over an empty square, the canonical 7g5f (rule-sets.md §1), a check, not a quiet move")
    @SuppressWarnings("unchecked")
    void publishedSpellingIsNotAQuietMove() throws IOException {
        Object[] p = problem("B15");
        List<String> line = (List<String>) p[1];
        assertThat(line.get(0)).isEqualTo("7g6g5f");
        SolutionCheck.Report r = SolutionCheck.check((Position) p[0], line.subList(0, 3), 10_000, 16);
        assertThat(r.quietAttackerPlies()).isEmpty();
        assertThat(r.defences()).filteredOn(SolutionCheck.Defence::published).extracting(SolutionCheck.Defence::move).containsExactly("5d6c");
    }
}
