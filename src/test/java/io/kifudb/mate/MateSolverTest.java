package io.kifudb.mate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.Status;
import io.kifudb.rules.Status.Reason;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The mate solver judged from outside: every line it reports is replayed on a fresh position with the rules
 * engine's {@code play} (which refuses illegal moves and moves after the game's end) and must end in the
 * rules' win for the side that was to move; composed problems of the shipped corpus must be solved no longer
 * than the composer's line; "shortest" is checked by an exhaustive search that uses the rules alone; and the
 * game ends of each rule set (rule-sets.md §4) decide what a mate is. Limits are node counts, never time.
 */
class MateSolverTest {
    private static final Path TSUME = Path.of("kifu-corpus", "chu", "tsume", "msm-tsume-AB-solutions.txt");
    private static List<String> problems;

    @BeforeAll
    static void readProblems() throws IOException {
        problems = Files.readAllLines(TSUME);
    }

    /** The problem's line of the shipped file: SFEN, then "{Tsume id}", then the composer's solution. */
    private static String[] problem(String id) {
        for (String line : problems) {
            int open = line.indexOf('{'), close = line.indexOf('}');
            if (open > 0 && line.substring(open + 1, close).equals("Tsume " + id)) {
                return new String[] {line.substring(0, open).strip(), line.substring(close + 1).strip()};
            }
        }
        throw new IllegalArgumentException("no problem " + id);
    }

    private static MateResult solve(RuleSet rules, String sfen, long nodes) {
        return new MateSolver(16).solve(Sfen.parse(rules, sfen), MateLimits.nodes(nodes));
    }

    /** Replays the line from the start with the rules' checks and returns the final status. */
    private static Status replay(RuleSet rules, String sfen, List<String> line) {
        Position p = Sfen.parse(rules, sfen);
        for (String m : line) p.play(m);
        return p.status();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"B34", "A22", "B33", "B1", "A6", "MD1", "MD2"})
    @DisplayName("composed problems (Middle Shogi Manual, attacker without a King, chu): mate no longer than the composer's, ending in checkmate (rule-sets.md §4, seed 000 「玉将を詰ませば勝ち」)")
    void composedProblemsAreSolvedNoLongerThanTheComposersLine(String id) {
        String[] p = problem(id);
        int composer = p[1].split("\\s+").length;
        MateResult r = solve(RuleSet.CHU, p[0], 400_000);
        assertThat(r.outcome()).isEqualTo(MateResult.Outcome.MATE);
        // The proof bounds the mate; the main line (the defender's longest resistance as far as the search knows
        // it) is no longer than that.
        assertThat(r.plies()).isLessThanOrEqualTo(composer).isOdd();
        assertThat(r.line().size()).isOdd().isLessThanOrEqualTo(r.plies());
        assertThat(r.mateMoves()).isEqualTo((r.plies() + 1) / 2);
        assertThat(replay(RuleSet.CHU, p[0], r.line())).isEqualTo(Status.win(Position.SENTE, Reason.CHECKMATE));
    }

    @Test
    @DisplayName("a mate reported as the shortest has no shorter one: an exhaustive search over checks finds none (B34 after two plies)")
    void shortestMateIsConfirmedByExhaustiveSearch() {
        String[] p = problem("B34");
        Position start = Sfen.parse(RuleSet.CHU, p[0]);
        for (String m : java.util.Arrays.asList(p[1].split("\\s+")).subList(0, 2)) start.play(m);
        MateResult r = new MateSolver(16).solve(start, MateLimits.nodes(400_000));
        assertThat(r.outcome()).isEqualTo(MateResult.Outcome.MATE);
        assertThat(r.shortest()).isTrue();
        assertThat(r.plies()).isLessThanOrEqualTo(5);
        assertThat(new Exhaustive(start).attackerWins(r.plies() - 2)).as("nothing two plies shorter").isFalse();
    }

    @Test
    @DisplayName("a position without a mate is reported as none: a lone Rook checks a lone King forever but cannot mate it")
    void noMateIsProvedAsNone() {
        MateResult r = solve(RuleSet.CHU, board(12, "b", "5c:k", "7j:R"), 2_000_000);
        assertThat(r.outcome()).isEqualTo(MateResult.Outcome.NO_MATE);
        assertThat(r.line()).isEmpty();
        assertThat(r.bound()).isEqualTo(MateLimits.DEFAULT_MAX_PLIES);
    }

    @Test
    @DisplayName("the start position has no forcing move at all: no mate")
    void startPositionHasNoMate() {
        MateResult r = new MateSolver(16).solve(Position.start(RuleSet.CHU), MateLimits.nodes(1000));
        assertThat(r.outcome()).isEqualTo(MateResult.Outcome.NO_MATE);
    }

    @Test
    @DisplayName("a long problem within a small node limit: neither a mate nor its absence is claimed")
    void limitsReachedGiveUnknown() {
        MateResult r = solve(RuleSet.CHU, problem("A2")[0], 3_000);
        assertThat(r.outcome()).isEqualTo(MateResult.Outcome.UNKNOWN);
        assertThat(r.nodes()).isLessThan(3_000 + 2 * 1024);
    }

    @Test
    @DisplayName("the stop flag ends a solve at once; progress reports the counters")
    void stopFlagEndsTheSearch() {
        AtomicBoolean stop = new AtomicBoolean(true);
        AtomicInteger reports = new AtomicInteger();
        MateResult r = new MateSolver(16).solve(Sfen.parse(RuleSet.CHU, problem("A2")[0]), MateLimits.time(600_000), stop,
                p -> reports.incrementAndGet());
        assertThat(r.outcome()).isEqualTo(MateResult.Outcome.UNKNOWN);
        assertThat(r.nodes()).isLessThanOrEqualTo(2 * 1024);
        // A solve that finds mates reports each of them.
        AtomicInteger found = new AtomicInteger();
        MateResult m = new MateSolver(16).solve(Sfen.parse(RuleSet.CHU, problem("B34")[0]), MateLimits.nodes(400_000),
                new AtomicBoolean(), p -> { if (p.matePlies() > 0) found.incrementAndGet(); });
        assertThat(m.outcome()).isEqualTo(MateResult.Outcome.MATE);
        assertThat(found.get()).isPositive();
    }

    @Test
    @DisplayName("chu-sdin has no checkmate rule (seed 002 「王将が取られたら負け」): the same problem ends with the King's capture")
    void withoutACheckmateRuleTheMateEndsInTheRoyalCapture() {
        String sfen = problem("B34")[0];
        MateResult chu = solve(RuleSet.CHU, sfen, 400_000);
        MateResult sdin = solve(RuleSet.CHU_SDIN, sfen, 400_000);
        assertThat(sdin.outcome()).isEqualTo(MateResult.Outcome.MATE);
        assertThat(replay(RuleSet.CHU_SDIN, sfen, sdin.line())).isEqualTo(Status.win(Position.SENTE, Reason.ROYAL_CAPTURED));
        assertThat(sdin.plies()).isOdd().isGreaterThan(chu.plies());
    }

    @Test
    @DisplayName("chu §4 Prince: a King and a Prince both have to go; a Lion takes both in one move (rule-sets.md §4 「its last royal (King, or Prince)」)")
    void kingAndPrinceAreBothTaken() {
        // Gote: King 1a, Prince 1b; sente: a Lion on 2c.
        MateResult r = solve(RuleSet.CHU, board(12, "b", "1a:k", "1b:+e", "2c:N"), 10_000);
        assertThat(r.outcome()).isEqualTo(MateResult.Outcome.MATE);
        assertThat(r.plies()).isEqualTo(1);
        assertThat(replay(RuleSet.CHU, board(12, "b", "1a:k", "1b:+e", "2c:N"), r.line()))
                .isEqualTo(Status.win(Position.SENTE, Reason.ROYAL_CAPTURED));
    }

    @Test
    @DisplayName("chu §4 bare king (seed 000 rule 2): taking the defender's last piece bares it, a win without a check")
    void bareKingWinsWithoutACheck() {
        // Sente: King 12l, Rook 6f; gote: King 1k and a gold on 6a that the Rook takes without touching the King.
        String sfen = board(12, "b", "12l:K", "6f:R", "1k:k", "6a:g");
        MateResult r = solve(RuleSet.CHU, sfen, 10_000);
        assertThat(r.outcome()).isEqualTo(MateResult.Outcome.MATE);
        assertThat(replay(RuleSet.CHU, sfen, r.line())).isEqualTo(Status.win(Position.SENTE, Reason.BARE_KING));
        assertThat(r.plies()).isEqualTo(1);
    }

    @Test
    @DisplayName("dai13-kumazawa §4 try (seed 001 「トライ勝ち」): a pawn on the last rank steps off it and wins")
    void tryWinsOn13x13() {
        String sfen = board(13, "b", "7m:K", "7a:k", "13a:P");
        MateResult r = new MateSolver(16).solve(Sfen.parse(RuleSet.DAI13_KUMAZAWA, sfen), MateLimits.nodes(10_000));
        assertThat(r.outcome()).isEqualTo(MateResult.Outcome.MATE);
        assertThat(r.line()).containsExactly("13atry");
        assertThat(replay(RuleSet.DAI13_KUMAZAWA, sfen, r.line())).isEqualTo(Status.win(Position.SENTE, Reason.TRY));
    }

    @Test
    @DisplayName("a position whose game is over is reported as such, with the rules' verdict (two bare Kings: a draw, seed 000 rule 2)")
    void finishedGameIsGameOver() {
        MateResult r = solve(RuleSet.CHU, board(12, "b", "5c:k", "1l:K"), 100);
        assertThat(r.outcome()).isEqualTo(MateResult.Outcome.GAME_OVER);
        assertThat(r.gameOver()).isEqualTo(Status.draw(Reason.BARE_KING));
    }

    /** An SFEN of a board of the given size with pieces at named squares ("file" + "rank": "token"). */
    static String board(int size, String side, String... placements) {
        String[][] grid = new String[size][size];
        for (String pl : placements) {
            int colon = pl.indexOf(':');
            String sq = pl.substring(0, colon);
            int file = Integer.parseInt(sq.substring(0, sq.length() - 1));
            int rank = sq.charAt(sq.length() - 1) - 'a';
            grid[rank][size - file] = pl.substring(colon + 1);
        }
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < size; r++) {
            if (r > 0) sb.append('/');
            int empty = 0;
            for (int c = 0; c < size; c++) {
                if (grid[r][c] == null) {
                    empty++;
                    continue;
                }
                if (empty > 0) sb.append(empty);
                empty = 0;
                sb.append(grid[r][c]);
            }
            if (empty > 0) sb.append(empty);
        }
        return sb + " " + side + " - 1";
    }

    @Test
    @DisplayName("the reported length is what every defence allows: B26 after 27 plies and 3a4a needs 25 plies, as an exhaustive search confirms (a main line through a reply whose stored length was only a bound once understated it)")
    void reportedLengthHoldsAgainstEveryDefence() {
        String sfen = "8k3/7g2+vN/6t5/7p2f1/12/12/12/12/12/6+p5/12/2+r9 b - 29";
        MateResult r = solve(RuleSet.CHU, sfen, 2_000_000);
        assertThat(r.outcome()).isEqualTo(MateResult.Outcome.MATE);
        Exhaustive x = new Exhaustive(Sfen.parse(RuleSet.CHU, sfen));
        assertThat(x.attackerWins(r.plies())).as("a mate within the reported %d plies", r.plies()).isTrue();
        assertThat(x.attackerWins(r.plies() - 2)).as("none two plies shorter").isFalse();
        assertThat(r.shortest()).isTrue();
        assertThat(r.line()).hasSize(r.plies());
        assertThat(replay(RuleSet.CHU, sfen, r.line())).isEqualTo(Status.win(Position.SENTE, Reason.CHECKMATE));
    }

    /** The position after the first moves of a problem's line, with some of them replaced (ply, 1-based, to move). */
    private static Position after(String id, int plies, String... replacements) {
        String[] p = problem(id);
        String[] line = p[1].split("\\s+");
        for (int i = 0; i + 1 < replacements.length; i += 2) line[Integer.parseInt(replacements[i]) - 1] = replacements[i + 1];
        Position pos = Sfen.parse(RuleSet.CHU, p[0]);
        for (int i = 0; i < plies; i++) pos.play(line[i]);
        return pos;
    }

    // Three Middle Shogi Manual problems whose published line is not a forced mate as transcribed: a defence
    // the line leaves out escapes. Every attacker move of those lines checks, so the tsume convention (checks
    // only) is not what keeps the solver from them.

    @Test
    @DisplayName("B47: the composer's 31-ply line is refuted at ply 22 by 6h6g (no mate in the 9 plies left, as the exhaustive search confirms); after the composer's 6h5g the mate in 9 is there")
    void b47ComposersLineIsRefutedAtPly22() {
        Position composers = after("B47", 22);
        MateResult r = new MateSolver(16).solve(composers, MateLimits.nodes(200_000).withMaxPlies(9));
        assertThat(r.outcome()).isEqualTo(MateResult.Outcome.MATE);
        assertThat(r.plies()).isEqualTo(9);

        Position refuted = after("B47", 22, "22", "6h6g");
        MateResult none = new MateSolver(16).solve(refuted, MateLimits.nodes(500_000).withMaxPlies(9));
        assertThat(none.outcome()).isEqualTo(MateResult.Outcome.NO_MATE);
        assertThat(none.bound()).isEqualTo(9);
        assertThat(new Exhaustive(refuted).attackerWins(9)).as("a mate by checks within 9 plies after 6h6g").isFalse();
    }

    @Test
    @DisplayName("B44: declining the Kirin's promotion at ply 6 (9g9i, optional: rule-sets.md §3) keeps a Kirin on 9i, which may take the Lion on 9g that a Lion on 9i may not (a protected Lion two squares away, §2 rule 2): the composer's mate in one at ply 15 is gone, and no mate by checks is left")
    void b44KirinDecliningPromotionRefutesTheLine() {
        // Plies 7-14 of the published line after either choice at ply 6; then the attacker's Lion jumps to 9g.
        Position lion = after("B44", 14, "14", "6f7g");
        MateResult mate = new MateSolver(16).solve(lion, MateLimits.nodes(100_000));
        assertThat(mate.outcome()).isEqualTo(MateResult.Outcome.MATE);
        assertThat(mate.line()).containsExactly("11e9g");
        lion.play("11e9g");
        assertThat(lion.status()).isEqualTo(Status.win(Position.SENTE, Reason.CHECKMATE));
        assertThatThrownBy(() -> lion.play("9i9g")).isInstanceOf(IllegalMoveException.class);

        Position kirin = after("B44", 14, "6", "9g9i", "14", "6f7g");
        MateResult none = new MateSolver(16).solve(kirin, MateLimits.nodes(100_000));
        assertThat(none.outcome()).isEqualTo(MateResult.Outcome.NO_MATE);
        kirin.play("11e9g");
        kirin.play("9i9g"); // the Kirin's jump takes the Lion
        assertThat(kirin.status().isOngoing()).isTrue();

        assertThat(new MateSolver(16).solve(after("B44", 6, "6", "9g9i"), MateLimits.nodes(200_000)).outcome())
                .as("no mate by checks after 9g9i").isEqualTo(MateResult.Outcome.NO_MATE);
    }

    @Test
    @DisplayName("B23: at ply 10 the Gold's 5b5c (in place of the published 7e5c) leaves no mate by checks; after 7e5c the published 35 plies stand")
    void b23GoldTakesAtPly10() {
        MateResult composers = new MateSolver(16).solve(after("B23", 10), MateLimits.nodes(400_000).withMaxPlies(35));
        assertThat(composers.outcome()).isEqualTo(MateResult.Outcome.MATE);
        assertThat(composers.plies()).isLessThanOrEqualTo(35);

        Position refuted = after("B23", 10, "10", "5b5c");
        MateResult none = new MateSolver(16).solve(refuted, MateLimits.nodes(400_000));
        assertThat(none.outcome()).isEqualTo(MateResult.Outcome.NO_MATE);
        assertThat(new Exhaustive(refuted).attackerWins(7)).as("a mate by checks within 7 plies after 5b5c").isFalse();
    }

    /**
     * A plain exhaustive search using only the rules engine's public moves and attack test, remembering
     * (position, plies) answers: the attacker (the side to move at the start) may play any legal move after
     * which the defender's royal is attacked or taken; the defender any legal move, and it is mated when every
     * one leaves its royal attacked. (For problems whose attacker has no King, where no other game end can
     * follow; the checkmate test is the rules' own definition, rule-sets.md §4.)
     */
    static final class Exhaustive {
        private final Position pos;
        private final int attacker, defender;
        private final java.util.Map<Long, Boolean> known = new java.util.HashMap<>();

        Exhaustive(Position pos) {
            this.pos = pos;
            this.attacker = pos.sideToMove();
            this.defender = attacker ^ 1;
        }

        boolean attackerWins(int plies) {
            if (plies < 1) return false;
            Long key = pos.key() * 1031 + plies;
            Boolean k = known.get(key);
            if (k != null) return k;
            int[] moves = new int[Position.MAX_MOVES];
            int n = pos.generate(moves);
            int royals = pos.royalCount(defender);
            boolean wins = false;
            for (int i = 0; i < n && !wins; i++) {
                pos.make(moves[i]);
                if (pos.royalCount(defender) < royals) wins = true;
                else if (pos.inCheck(defender)) wins = defenderLoses(plies - 1);
                pos.unmake();
            }
            known.put(key, wins);
            return wins;
        }

        private boolean defenderLoses(int plies) {
            Long key = pos.key() * 1031 + plies;
            Boolean k = known.get(key);
            if (k != null) return k;
            int[] moves = new int[Position.MAX_MOVES];
            int n = pos.generate(moves);
            java.util.List<Integer> escapes = new java.util.ArrayList<>();
            for (int i = 0; i < n; i++) {
                pos.make(moves[i]);
                if (!pos.inCheck(defender)) escapes.add(moves[i]);
                pos.unmake();
            }
            // Mated when nothing escapes; else every escape must lose within the plies left.
            boolean loses = escapes.isEmpty() || plies >= 2;
            for (int i = 0; i < escapes.size() && loses; i++) {
                pos.make(escapes.get(i));
                loses = attackerWins(plies - 1);
                pos.unmake();
            }
            known.put(key, loses);
            return loses;
        }
    }
}
