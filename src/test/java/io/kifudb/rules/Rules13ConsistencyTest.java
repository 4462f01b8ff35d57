package io.kifudb.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random games under each 13×13 rule set, biased towards captures, exits, tries and '!' captures so that
 * exchanges and the rest happen often: in every position the moves are distinct and each parses back from its
 * USI (and from its longer spelling through an empty first square; all moves every third ply, the played
 * move always); make/unmake of every move restores the
 * key; the played move's position has the key its SFEN gives, and unmake restores SFEN and key. The test
 * also counts what the games went through, so it cannot pass without exercising the new rules.
 */
class Rules13ConsistencyTest {
    private static final int GAMES = 40, MAX_PLIES = 300;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"dai13-kumazawa", "shodoshu2017", "shodoshu2017-prev"})
    void randomGamesStayConsistent(String id) {
        RuleSet rules = RuleSet.byId(id);
        SplittableRandom random = new SplittableRandom(20261129L + id.hashCode());
        Map<String, Integer> seen = new TreeMap<>();
        int[] buf = new int[MoveGen.MAX_MOVES];
        for (int game = 0; game < GAMES; game++) {
            Position p = Position.start(rules);
            while (p.ply() < MAX_PLIES) {
                int n = p.generate(buf);
                if (!p.status(buf, n).isOngoing()) {
                    seen.merge("ended " + p.status().reason().id, 1, Integer::sum);
                    break;
                }
                List<Integer> rare = new ArrayList<>(), preferred = new ArrayList<>(), others = new ArrayList<>();
                Set<Integer> distinct = new HashSet<>();
                long key = p.key();
                for (int i = 0; i < n; i++) {
                    int m = buf[i];
                    assertThat(m & ~(Move.PROMOTE | Move.EXIT | Move.TRY | Move.NORMAL_CAPTURE | 0xFFFFFF)).isZero();
                    String usi = p.usi(m);
                    assertThat(distinct.add(m)).as("%s listed twice in %s", usi, p.sfen()).isTrue();
                    // Parsing regenerates the moves, so every move is parsed back on every third ply only.
                    if (p.ply() % 3 == 0) {
                        assertThat(p.parseMove(usi)).as("%s parses back in %s", usi, p.sfen()).isEqualTo(m);
                        checkLongSpelling(p, m);
                    }
                    if (Move.promotes(m)) assertThat(rules.promotionPolicy).isNotEqualTo(RuleSet.PromotionPolicy.NONE);
                    p.make(m);
                    p.unmake();
                    assertThat(p.key()).isEqualTo(key);
                    // The King's exit ends the game at once (Dai13RuleTest covers it): keep it out of the games.
                    if (Move.leavesBoard(m) && p.kindAt(Move.from(m)).isRoyal()) continue;
                    (Move.capturesNormally(m) || Move.isTry(m) ? rare : special(p, m) ? preferred : others).add(m);
                }
                if (!rare.isEmpty() && random.nextBoolean()) preferred = rare;
                else preferred.addAll(rare);
                if (preferred.isEmpty() && others.isEmpty()) break;
                List<Integer> from = preferred.isEmpty() || (!others.isEmpty() && random.nextInt(3) == 0) ? others : preferred;
                int m = from.get(random.nextInt(from.size()));
                count(p, m, seen);
                assertThat(p.parseMove(p.usi(m))).isEqualTo(m);
                String before = p.sfen();
                p.make(m);
                String after = p.sfen();
                Position parsed = Sfen.parse(rules, after);
                assertThat(parsed.sfen()).isEqualTo(after);
                assertThat(parsed.key()).as("key after %s from %s", p.usi(m), before).isEqualTo(p.key());
                p.unmake();
                assertThat(p.sfen()).isEqualTo(before);
                assertThat(p.key()).isEqualTo(key);
                p.make(m);
            }
        }
        if (rules.offBoard != RuleSet.OffBoard.NONE) {
            assertThat(seen).containsKeys("exit", "try", "ended try");
        } else {
            assertThat(seen).containsKeys("exchange", "normal capture (!)", "promotion", "dance capturing in passing",
                    "exempt elephant", "ended royal-captured");
            assertThat(seen.get("exchange")).isGreaterThan(20);
        }
    }

    /** A move the games should play often: a capture, an exit or try, a '!' capture. */
    private static boolean special(Position p, int m) {
        if (Move.leavesBoard(m) || Move.capturesNormally(m)) return true;
        int to = Move.to(m), mid = Move.mid(m);
        return (to != Move.from(m) && p.pieceAt(to) != 0) || (Move.hasMid(m) && p.pieceAt(mid) != 0);
    }

    private static void count(Position p, int m, Map<String, Integer> seen) {
        if (Move.isTry(m)) seen.merge("try", 1, Integer::sum);
        else if (Move.leavesBoard(m)) seen.merge("exit", 1, Integer::sum);
        if (Move.capturesNormally(m)) seen.merge("normal capture (!)", 1, Integer::sum);
        if (Move.promotes(m)) {
            seen.merge("promotion", 1, Integer::sum);
            assertThat(p.kindAt(Move.from(m)).token).as("only four kinds promote (S7)").isIn("e", "o", "x", "p");
        }
        if (p.exemptElephantSquare() >= 0) seen.merge("exempt elephant", 1, Integer::sum);
        boolean elephantTaken = false;
        for (int sq : new int[] {Move.hasMid(m) ? Move.mid(m) : -1, Move.to(m) == Move.from(m) ? -1 : Move.to(m)}) {
            if (sq < 0 || Move.leavesBoard(m)) continue;
            PieceKind k = p.kindAt(sq);
            if (k != null && k.exchangedWhenTaken && !(Move.capturesNormally(m) && sq == p.exemptElephantSquare()))
                elephantTaken = true;
        }
        if (elephantTaken) seen.merge("exchange", 1, Integer::sum);
        if (p.kindAt(Move.from(m)).dance2[0] != 0 && Move.hasMid(m)) seen.merge("dance capturing in passing", 1, Integer::sum);
    }

    /**
     * A quiet two-square move of a dance or restricted-Lion piece may also be written through an empty first
     * square (rule-sets.md §1): that spelling must name the same move.
     */
    private static void checkLongSpelling(Position p, int m) {
        PieceKind k = p.kindAt(Move.from(m));
        if (Move.hasMid(m) || Move.leavesBoard(m) || !(k.lionStep || k.dance2[0] != 0)) return;
        Geometry g = p.geometry();
        int from = Move.from(m), to = Move.to(m);
        if (g.distance(from, to) != 2) return;
        for (int d = 0; d < 8; d++) {
            int a = g.neighbour(from, d);
            if (a < 0 || p.pieceAt(a) != 0 || g.distance(a, to) != 1) continue;
            if (k.dance2[0] != 0 && g.direction(from, to) != d) continue;
            String longer = g.name(from) + g.name(a) + g.name(to) + (Move.promotes(m) ? "+" : "") + (Move.capturesNormally(m) ? "!" : "");
            assertThat(p.parseMove(longer)).as("%s in %s", longer, p.sfen()).isEqualTo(m);
        }
    }
}
