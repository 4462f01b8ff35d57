package io.kifudb.rules;

import static io.kifudb.rules.RuleTestSupport.pos;
import static io.kifudb.rules.RuleTestSupport.sfen;
import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.rules.Status.Reason;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The cheap queries the search uses instead of a full {@link Position#status()}: each must agree with
 * the full judgement (and capture generation with the full generator) wherever both apply.
 */
class SearchSupportTest {

    /** Positions along seeded random legal games, ended ones included (the game's last position). */
    private static List<Position> randomGamePositions(RuleSet rules, long seed, int games, int maxPlies) {
        List<Position> out = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] buf = new int[Position.MAX_MOVES];
        for (int g = 0; g < games; g++) {
            Position p = Position.start(rules);
            for (int ply = 0; ply < maxPlies; ply++) {
                int n = p.generate(buf);
                if (!p.status(buf, n).isOngoing()) break;
                // Prefer captures half of the time, so games reach thin endgames within the ply budget.
                int pick = -1;
                if (rnd.nextBoolean()) {
                    int[] caps = new int[Position.MAX_MOVES];
                    int c = p.generateCaptures(caps);
                    if (c > 0) pick = caps[rnd.nextInt(c)];
                }
                p.make(pick >= 0 ? pick : buf[rnd.nextInt(n)]);
                if (ply % 7 == 0) out.add(Sfen.parse(rules, p.sfen()));
            }
            out.add(Sfen.parse(rules, p.sfen()));
        }
        return out;
    }

    private static boolean captures(Position p, int m) {
        int mid = Move.mid(m), to = Move.to(m);
        return (mid != Move.NO_SQUARE && p.pieceAt(mid) != 0) || (to != Move.from(m) && p.pieceAt(to) != 0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    void captureGenerationIsTheFullListFilteredToCaptures(String id) {
        RuleSet rules = RuleSet.byId(id);
        int[] all = new int[Position.MAX_MOVES], caps = new int[Position.MAX_MOVES];
        int checked = 0, withLionDouble = 0;
        for (Position p : randomGamePositions(rules, 11, 30, 400)) {
            int n = p.generate(all);
            int[] expected = Arrays.stream(all, 0, n).filter(m -> captures(p, m)).toArray();
            int c = p.generateCaptures(caps);
            assertThat(Arrays.copyOf(caps, c)).as("captures of %s", p.sfen()).containsExactly(expected);
            for (int m : expected) if (Move.hasMid(m)) withLionDouble++;
            checked++;
        }
        assertThat(checked).isGreaterThan(300);
        assertThat(withLionDouble).as("two-step captures were exercised").isPositive();
    }

    /** A pass: a two-step move back to its origin through an empty square (rule-sets.md §1). */
    private static boolean isPass(Position p, int m) {
        return Move.from(m) == Move.to(m) && Move.hasMid(m) && p.pieceAt(Move.mid(m)) == 0;
    }

    /**
     * The search confirms its table's move with {@link Position#isPieceMove} instead of generating the whole
     * list: under every rule set (Lion double moves, the 13x13 atoms, exits, tries and exchanges) it must accept
     * exactly the listed moves but the pass, and refuse every move of other positions that is not listed here,
     * which is what a hash key collision would hand it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi", "dai13-kumazawa", "shodoshu2017", "shodoshu2017-prev"})
    void pieceMoveConfirmsExactlyTheListedMovesButThePass(String id) {
        RuleSet rules = RuleSet.byId(id);
        List<Position> positions = randomGamePositions(rules, 23, 12, 300);
        int[] buf = new int[Position.MAX_MOVES];
        int confirmed = 0, passes = 0, refused = 0, twoStep = 0, exits = 0;
        int[] previous = new int[0];
        for (Position p : positions) {
            int n = p.generate(buf);
            int[] listed = Arrays.copyOf(buf, n);
            for (int m : listed) {
                boolean pass = isPass(p, m);
                assertThat(p.isPieceMove(m)).as("%s in %s", p.usi(m), p.sfen()).isEqualTo(!pass);
                if (pass) passes++;
                else confirmed++;
                if (Move.hasMid(m) && !pass) twoStep++;
                if (Move.leavesBoard(m)) exits++;
            }
            // The previous position's moves (the other side's, mostly from other squares) and the same moves with
            // the promotion bit flipped: each is confirmed exactly when it is listed here.
            for (int m : previous) {
                for (int candidate : new int[] {m, m ^ Move.PROMOTE}) {
                    boolean here = Arrays.stream(listed).anyMatch(x -> x == candidate);
                    assertThat(p.isPieceMove(candidate)).as("%s in %s", p.usi(candidate), p.sfen())
                            .isEqualTo(here && !isPass(p, candidate));
                    if (!here) refused++;
                }
            }
            previous = listed;
        }
        assertThat(confirmed).isGreaterThan(2_000);
        assertThat(refused).isGreaterThan(2_000);
        // Two-step moves and passes come from Lion-like pieces (none took a two-step move in dai13-kumazawa's
        // random games); exits exist only in dai13-kumazawa.
        if (rules.offBoard == RuleSet.OffBoard.NONE) assertThat(twoStep).as("two-step moves were exercised").isPositive();
        if (rules.variant == RuleSet.CHU.variant) assertThat(passes).as("passes were exercised").isPositive();
        if (rules.offBoard != RuleSet.OffBoard.NONE) assertThat(exits).as("exits were exercised").isPositive();
    }

    @Test
    void captureGenerationKeepsLionRulesAndLeavesOutThePass() {
        // Sente Lion on 6f next to a gote pawn, and a gote Lion two squares away on 6d protected by the gold
        // on 5c: the protected distant Lion may not be taken directly, nor after taking the pawn first (a
        // pawn is no bridge, rule-sets.md §2 rule 2); taking the pawn, with igui or by stepping, is fine.
        Position p = pos(RuleSet.CHU, sfen("b", "-", "1l:K", "6f:N", "6e:p", "6d:n", "5c:g", "12a:k"));
        int[] caps = new int[Position.MAX_MOVES];
        int c = p.generateCaptures(caps);
        List<String> usi = new ArrayList<>();
        for (int i = 0; i < c; i++) usi.add(p.usi(caps[i]));
        assertThat(usi).contains("6f6e", "6f6e6f").doesNotContain("6f6d", "6f6e6d");
        for (int i = 0; i < c; i++) assertThat(captures(p, caps[i])).as(usi.get(i)).isTrue();
        int[] all = new int[Position.MAX_MOVES];
        int n = p.generate(all);
        assertThat(Arrays.stream(all, 0, n).anyMatch(m -> Move.from(m) == Move.to(m) && !captures(p, m)))
                .as("the full list has a pass, the captures do not").isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"chu", "chu-sdin", "chu-lishogi"})
    void lostByRoyalCaptureAgreesWithStatus(String id) {
        RuleSet rules = RuleSet.byId(id);
        SplittableRandom rnd = new SplittableRandom(5);
        int[] buf = new int[Position.MAX_MOVES];
        int losses = 0;
        for (int g = 0; g < 40; g++) {
            Position p = Position.start(rules);
            for (int ply = 0; ply < 600; ply++) {
                Status st = p.status();
                assertThat(p.lostByRoyalCapture()).as("%s after %s", st, p.sfen()).isEqualTo(st.reason() == Reason.ROYAL_CAPTURED);
                if (!st.isOngoing()) {
                    if (st.reason() == Reason.ROYAL_CAPTURED) losses++;
                    break;
                }
                int n = p.generate(buf);
                p.make(buf[rnd.nextInt(n)]);
            }
        }
        assertThat(losses).as("random games that ended by royal capture").isPositive();
    }

    @Test
    void royallessAttackerOfAProblemHasNotLost() {
        // Under chu a side without royal at set-up plays on (a mating problem's attacker).
        Position p = pos(RuleSet.CHU, sfen("b", "-", "6f:G", "5b:k"));
        assertThat(p.lostByRoyalCapture()).isFalse();
        assertThat(pos(RuleSet.CHU_LISHOGI, sfen("b", "-", "6f:G", "5b:k")).lostByRoyalCapture()).isTrue();
    }

    @Test
    void bareKingStatusGivesTheBareKingVerdictFromCapturesAlone() {
        String[][] cases = {
                {"chu", "b", "6h:K", "5b:k", "6g:g"},
                {"chu", "b", "6h:K", "5b:k", "6e:g"},
                {"chu", "w", "1l:K", "5b:k", "5c:G", "9i:S"},
                {"chu", "w", "5c:K", "5b:k", "9i:G"},
                {"chu", "b", "6h:K", "5b:k"},
                {"chu", "b", "6h:K", "6g:k"},
                {"chu", "b", "6h:K", "9a:P", "5b:k"},
                {"chu-lishogi", "b", "6h:K", "9i:G", "5b:k"},
                {"chu-lishogi", "b", "6h:K", "5b:k", "6e:g"},
                {"chu-lishogi", "b", "6h:K", "5b:k", "6g:g"},
                {"chu-lishogi", "b", "6h:K", "5b:k"},
                {"chu-sdin", "b", "6h:K", "5b:k"},
        };
        int decided = 0;
        for (String[] c : cases) {
            Position p = pos(RuleSet.byId(c[0]), sfen(c[1], "-", Arrays.copyOfRange(c, 2, c.length)));
            Status full = p.status();
            int[] all = new int[Position.MAX_MOVES], caps = new int[Position.MAX_MOVES];
            int n = p.generate(all), k = p.generateCaptures(caps);
            Status fromAll = p.bareKingStatus(all, n), fromCaps = p.bareKingStatus(caps, k);
            assertThat(fromCaps).as("%s %s", c[0], p.sfen()).isEqualTo(fromAll);
            boolean bareEnding = full.reason() == Reason.BARE_KING || full.reason() == Reason.ROYALS_ONLY;
            if (bareEnding) {
                assertThat(fromAll).as("%s %s", c[0], p.sfen()).isEqualTo(full);
                decided++;
            } else {
                assertThat(fromAll).as("%s %s", c[0], p.sfen()).isNull();
            }
        }
        assertThat(decided).isEqualTo(7);
    }

    private static String[] times(int n, String... cycle) {
        String[] out = new String[n * cycle.length];
        for (int i = 0; i < n; i++) System.arraycopy(cycle, 0, out, i * cycle.length, cycle.length);
        return out;
    }

    /**
     * After one cycle the projected verdict is already the one the 4th occurrence gets, for plain
     * shuffles, perpetual check, perpetual attack and passes, under each rule set's repetition rule.
     */
    @Test
    void projectedRepetitionForeseesTheFourthOccurrence() {
        record Cycle(String sfen, String[] prefix, String[] cycle) {}
        List<Cycle> cycles = List.of(
                new Cycle(sfen("b", "-", "6h:K", "12l:G", "5b:k", "1a:g"), new String[0], new String[] {"6h6g", "5b5c", "6g6h", "5c5b"}),
                new Cycle(sfen("w", "-", "6h:K", "12l:G", "5b:k", "1a:g"), new String[0], new String[] {"5b5c", "6h6g", "5c5b", "6g6h"}),
                new Cycle(sfen("b", "-", "9l:K", "3c:R", "1a:k", "12e:g"), new String[] {"3c3a"}, new String[] {"1a1b", "3a3b", "1b1a", "3b3a"}),
                new Cycle(sfen("w", "-", "9l:K", "3c:R", "12a:k", "1c:g"), new String[0], new String[] {"1c1d", "3c3d", "1d1c", "3d3c"}),
                new Cycle(sfen("b", "-", "1l:K", "10j:N", "12a:k", "3c:n"), new String[0], new String[] {"10j10i10j", "3c3d3c"}),
                new Cycle(sfen("b", "-", "1l:K", "10j:N", "12a:k", "3c:n"), new String[0], new String[] {"1l1k", "3c3d3c", "1k1l", "3c3d3c"}));
        // The cycles are Chu positions (12x12, Chu's pieces); each Chu rule set has its own repetition rule.
        for (RuleSet rules : RuleSet.all().stream().filter(r -> r.variant == RuleSet.CHU.variant).toList()) {
            for (Cycle c : cycles) {
                Position p = pos(rules, c.sfen());
                for (String m : c.prefix()) p.play(m);
                assertThat(p.projectedRepetition()).isNull();
                for (String m : c.cycle()) p.play(m);
                assertThat(p.occurrences()).isEqualTo(2);
                Status projected = p.projectedRepetition();
                String keyBefore = p.sfen();
                assertThat(p.sfen()).as("the replay leaves the position as it was").isEqualTo(keyBefore);
                for (String m : times(2, c.cycle())) p.play(m);
                assertThat(p.occurrences()).isEqualTo(4);
                if (rules.repetition == RuleSet.Repetition.NONE) {
                    assertThat(projected).isNull();
                    assertThat(p.status().isOngoing()).isTrue();
                } else {
                    assertThat(projected).as("%s %s", rules, c.sfen()).isNotNull().isEqualTo(p.status());
                }
            }
        }
    }

    /**
     * Projected from every position of a cycle's second round, the verdict is the one the game gets when
     * the first position of the cycle to recur occurs the 4th time, under each rule set, for plain shuffles
     * (the side to move there decides under chu), perpetual check and perpetual attack.
     */
    @Test
    void projectedRepetitionAnywhereInTheCycleForeseesTheEndOfTheGame() {
        record Cycle(String sfen, String[] prefix, String[] cycle) {}
        List<Cycle> cycles = List.of(
                new Cycle(sfen("b", "-", "6h:K", "12l:G", "5b:k", "1a:g"), new String[0], new String[] {"6h6g", "5b5c", "6g6h", "5c5b"}),
                new Cycle(sfen("b", "-", "9l:K", "3c:R", "1a:k", "12e:g"), new String[] {"3c3a"}, new String[] {"1a1b", "3a3b", "1b1a", "3b3a"}),
                new Cycle(sfen("w", "-", "9l:K", "3c:R", "12a:k", "1c:g"), new String[0], new String[] {"1c1d", "3c3d", "1d1c", "3d3c"}));
        int checked = 0;
        for (RuleSet rules : List.of(RuleSet.CHU, RuleSet.CHU_LISHOGI)) {
            for (Cycle c : cycles) {
                for (int stop = 4; stop < 8; stop++) {
                    Position p = pos(rules, c.sfen());
                    for (String m : c.prefix()) p.play(m);
                    int i = 0;
                    for (; i <= stop; i++) p.play(c.cycle()[i % 4]);
                    Status projected = p.projectedRepetition();
                    assertThat(projected).isNotNull();
                    while (p.status().isOngoing()) p.play(c.cycle()[i++ % 4]);
                    assertThat(projected).as("%s %s after %d plies", rules, c.sfen(), stop + 1).isEqualTo(p.status());
                    checked++;
                }
            }
        }
        assertThat(checked).isEqualTo(24);
    }

    @Test
    void projectedRepetitionLooksBackToWhereTheCycleBegan() {
        // chu: S0 (sente to move) recurs first, so sente loses whichever position of the cycle the
        // projection is asked at, as the game's own end shows.
        Position p = pos(RuleSet.CHU, sfen("b", "-", "6h:K", "12l:G", "5b:k", "1a:g"));
        String[] cycle = {"6h6g", "5b5c", "6g6h", "5c5b"};
        for (int i = 0; i < 5; i++) p.play(cycle[i % 4]);
        // After 5 plies: the position after 6h6g again (gote to move), its 2nd occurrence.
        assertThat(p.occurrences()).isEqualTo(2);
        Status projected = p.projectedRepetition();
        assertThat(projected).isEqualTo(Status.win(Position.GOTE, Reason.REPETITION));
        int i = 5;
        while (p.status().isOngoing()) p.play(cycle[i++ % 4]);
        assertThat(p.status()).isEqualTo(projected);
        assertThat(i).isEqualTo(12);
    }

    @Test
    void nullMoveFlipsTheSideClearsTheMarkerAndIsUndone() {
        // A non-Lion just took a Lion on 6f: the marker is set; the null move lets it lapse.
        Position p = pos(RuleSet.CHU, sfen("w", "6f", "1l:K", "6f:G", "6d:n", "5c:g", "12a:k"));
        long key = p.key();
        String before = p.sfen();
        p.makeNull();
        assertThat(p.sideToMove()).isEqualTo(Position.SENTE);
        assertThat(p.counterStrikeSquare()).isEqualTo(-1);
        assertThat(p.key()).isEqualTo(Sfen.parse(RuleSet.CHU, p.sfen()).key());
        assertThat(p.occurrences()).isEqualTo(1);
        assertThat(p.lostByRoyalCapture()).isFalse();
        int[] buf = new int[Position.MAX_MOVES];
        int n = p.generate(buf);
        p.make(buf[0]);
        p.unmake();
        p.unmakeNull();
        assertThat(p.key()).isEqualTo(key);
        assertThat(p.sfen()).isEqualTo(before);
        assertThat(p.ply()).isZero();
        assertThat(n).isPositive();
    }
}
