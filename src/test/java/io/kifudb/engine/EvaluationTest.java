package io.kifudb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.Move;
import io.kifudb.rules.PieceKind;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.Variant;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The derived piece values and the incremental evaluation. */
class EvaluationTest {
    /** The derived tables (Chu ships tuned parameters, which the engine uses instead: see below). */
    private static final PieceValues CHU = PieceValues.of(RuleSet.CHU, EvalParams.derived(RuleSet.CHU));

    private static int value(String token) {
        return CHU.value[RuleSet.CHU.variant.byToken(token).id];
    }

    @Test
    void chuRuleSetsUseTheShippedParametersAndTheOtherVariantsTheDerived() {
        EvalParams chu = EvalParams.forVariant(RuleSet.CHU);
        assertThat(chu.source).isEqualTo("tuned (params/chu.txt)");
        assertThat(chu).isNotEqualTo(EvalParams.derived(RuleSet.CHU));
        assertThat(EvalParams.forVariant(RuleSet.CHU_LISHOGI)).isEqualTo(chu);
        assertThat(EvalParams.forVariant(RuleSet.CHU_SDIN)).isEqualTo(chu);
        // What the engine searches with: the shipped file's Pawn (35 in 0.3.0, docs/engine.md, Evaluation), not the derived 100.
        int pawn = RuleSet.CHU.variant.byToken("p").id;
        assertThat(chu.value[pawn]).isNotEqualTo(EvalParams.derived(RuleSet.CHU).value[pawn]);
        assertThat(PieceValues.of(RuleSet.CHU_LISHOGI).value[pawn]).isEqualTo(chu.value[pawn]);
        assertThat(EvalParams.forVariant(RuleSet.DAI13_KUMAZAWA)).isEqualTo(EvalParams.derived(RuleSet.DAI13_KUMAZAWA));
    }

    @Test
    void valuesFollowMobility() {
        assertThat(value("p")).isEqualTo(100);
        for (PieceKind k : RuleSet.CHU.variant.kinds()) assertThat(CHU.value[k.id]).as(k.english).isGreaterThanOrEqualTo(100);
        // Stronger movers are worth more, whatever their names.
        assertThat(value("n")).isGreaterThan(value("+h")).isGreaterThan(value("q"));
        assertThat(value("q")).isGreaterThan(value("d")).isGreaterThan(value("r")).isGreaterThan(value("b"));
        assertThat(value("r")).isGreaterThan(value("g")).isGreaterThan(value("s")).isGreaterThan(value("p"));
        assertThat(value("g")).isGreaterThan(value("c"));
        assertThat(value("i")).isGreaterThan(value("p"));
        // Kinds that move alike are worth alike: a promoted Rook is a Dragon King.
        assertThat(value("+r")).isEqualTo(value("d"));
        assertThat(value("+o")).isEqualTo(value("n"));
        // Sente's and gote's tables are each other turned round.
        Variant v = RuleSet.CHU.variant;
        int squares = v.geometry.squares;
        for (PieceKind k : v.kinds())
            for (int sq = 0; sq < squares; sq++)
                assertThat(CHU.psq(-k.id, squares - 1 - sq)).isEqualTo(-CHU.psq(k.id, sq));
    }

    @Test
    void piecesAreWorthMoreInTheCentreAndPawnsNearerThePromotionZone() {
        Variant v = RuleSet.CHU.variant;
        int gold = v.byToken("g").id, pawn = v.byToken("p").id;
        int centre = v.geometry.parse("6f"), corner = v.geometry.parse("1l");
        assertThat(CHU.psq(gold, centre)).isGreaterThan(CHU.psq(gold, corner));
        assertThat(CHU.psq(pawn, v.geometry.parse("6e"))).isGreaterThan(CHU.psq(pawn, v.geometry.parse("6i")));
    }

    /**
     * The search keeps material, piece-square and endgame terms, royal squares and Lion counts
     * incrementally; along random games (captures, promotions, lion double moves, royals taken, exits of
     * dai13-kumazawa, drunk-elephant exchanges of shodoshu2017*) they must equal a fresh computation at
     * every step, with random weights so that no term can hide behind a zero.
     */
    @ParameterizedTest
    @ValueSource(strings = {"chu", "chu-lishogi", "chu-sdin", "dai13-kumazawa", "shodoshu2017", "shodoshu2017-prev"})
    void incrementalEvaluationEqualsAFreshOne(String id) {
        RuleSet rules = RuleSet.byId(id);
        SplittableRandom rnd = new SplittableRandom(3);
        EvalParams params = EvalParams.derived(rules);
        double[] w = params.toVector();
        for (int i = 0; i < w.length; i++) w[i] = rnd.nextInt(-300, 300);
        params.fromVector(w);
        PieceValues values = PieceValues.of(rules, params);
        TranspositionTable tt = new TranspositionTable(1);
        int steps = 0, moverGone = 0;
        Search incremental = new Search(tt, true, 0), fresh = new Search(tt, true, 0);
        for (int game = 0; game < 6; game++) {
            Position root = Position.start(rules);
            incremental.prepare(root, control(values));
            Position mirror = Position.start(rules);
            for (int ply = 0; ply < Search.MAX_PLY - 2; ply++) {
                int[] moves = mirror.legalMoves();
                if (moves.length == 0) break;
                int m = moves[rnd.nextInt(moves.length)];
                // Prefer captures, so pieces (and Lions, and royals) really leave the board.
                for (int tries = 0; tries < 8 && !captures(mirror, m); tries++) m = moves[rnd.nextInt(moves.length)];
                // And, where a drunk elephant can be taken (an exchange in shodoshu2017*), often take it.
                for (int c : moves)
                    if (takesElephant(mirror, c) && rnd.nextInt(3) == 0) m = c;
                boolean exchange = takesElephant(mirror, m) && !mirror.kindAt(Move.from(m)).token.equals("e");
                incremental.doMove(m, ply);
                mirror.make(m);
                if (Move.leavesBoard(m) || (exchange && mirror.kindAt(Move.to(m)).token.equals("e"))) moverGone++;
                fresh.prepare(Sfen.parse(rules, mirror.sfen()), control(values));
                assertThat(incremental.evaluate(ply + 1)).as("after %s at ply %d: %s", mirror.usi(m), ply, mirror.sfen())
                        .isEqualTo(fresh.evaluate(0));
                steps++;
            }
        }
        assertThat(steps).isGreaterThan(300);
        if (rules.offBoard != RuleSet.OffBoard.NONE || rules.elephantExchange != RuleSet.ElephantExchange.NONE)
            assertThat(moverGone).as("exits or exchanges played").isGreaterThan(0);
    }

    private static SearchControl control(PieceValues values) {
        SearchControl c = new SearchControl(new AtomicBoolean(), SearchLimits.depth(1), 1);
        c.values = values;
        return c;
    }

    private static boolean takesElephant(Position p, int m) {
        int to = Move.to(m);
        return to != Move.from(m) && p.kindAt(to) != null && p.kindAt(to).token.equals("e");
    }

    private static boolean captures(Position p, int m) {
        int to = Move.to(m), mid = Move.mid(m);
        return (to != Move.from(m) && p.pieceAt(to) != 0) || (mid != Move.NO_SQUARE && p.pieceAt(mid) != 0);
    }

    /**
     * The search's evaluation and the tuner's features are one linear model: on positions of random games
     * (captures preferred, so that endgames with few pieces arise) of every rule set, with every weight
     * randomised so that none can hide, the search's score equals the weights times the features.
     */
    @ParameterizedTest
    @ValueSource(strings = {"chu", "chu-lishogi", "chu-sdin", "dai13-kumazawa", "shodoshu2017", "shodoshu2017-prev"})
    void theSearchEvaluatesTheTunersLinearModel(String id) {
        RuleSet rules = RuleSet.byId(id);
        SplittableRandom rnd = new SplittableRandom(11);
        EvalParams params = EvalParams.derived(rules);
        double[] w = params.toVector();
        for (int i = 0; i < w.length; i++) w[i] = rnd.nextInt(-300, 300);
        params.fromVector(w);
        PieceValues values = PieceValues.of(rules, params);
        TranspositionTable tt = new TranspositionTable(1);
        int checked = 0, endgames = 0, hunts = 0;
        Search search = new Search(tt, true, 0);
        for (int g = 0; g < 6; g++) {
            Position game = Position.start(rules);
            for (int ply = 0; ply < 200; ply++) {
                int[] moves = game.legalMoves();
                if (moves.length == 0) break;
                int m = moves[rnd.nextInt(moves.length)];
                for (int tries = 0; tries < 20 && !captures(game, m); tries++) m = moves[rnd.nextInt(moves.length)];
                game.make(m);
                // A copy without the history: the search copies its root's whole history otherwise.
                Position p = Sfen.parse(rules, game.sfen());
                search.prepare(p, control(values));
                int sente = EvalFeatures.evaluate(EvalFeatures.of(p, params), params);
                // The features count the tempo from sente's side (+1 sente to move, -1 gote to move).
                int expected = p.sideToMove() == Position.SENTE ? sente : -sente;
                assertThat(search.evaluate(0)).as("%s", p.sfen()).isEqualTo(expected);
                checked++;
                if (Math.min(p.pieceCount(0) - p.royalCount(0), p.pieceCount(1) - p.royalCount(1)) <= EvalParams.FEW) endgames++;
            }
        }
        // Endgames: both royals and a few random pieces on random squares.
        for (int i = 0; i < 200; i++) {
            Position p = Sfen.parse(rules, sparseSfen(rules, rnd));
            search.prepare(p, control(values));
            int sente = EvalFeatures.evaluate(EvalFeatures.of(p, params), params);
            assertThat(search.evaluate(0)).as("%s", p.sfen()).isEqualTo(p.sideToMove() == Position.SENTE ? sente : -sente);
            int left0 = p.pieceCount(0) - p.royalCount(0), left1 = p.pieceCount(1) - p.royalCount(1);
            if (Math.min(left0, left1) <= EvalParams.FEW) endgames++;
            // The hunt terms against a side with more than FEW pieces, far behind.
            int worth0 = params.worth(p, 0), worth1 = params.worth(p, 1);
            if ((left1 > EvalParams.FEW && EvalParams.hunted(left1, left0, worth1, worth0))
                    || (left0 > EvalParams.FEW && EvalParams.hunted(left0, left1, worth0, worth1))) hunts++;
            checked++;
        }
        assertThat(checked).isGreaterThan(300);
        assertThat(endgames).as("positions with the endgame terms").isGreaterThan(100);
        assertThat(hunts).as("positions with the hunt terms beyond the few pieces").isGreaterThan(20);
    }

    /** A King each (the variant's "k") and 0-4 random other pieces for one side, 0-12 for the other, random squares. */
    private static String sparseSfen(RuleSet rules, SplittableRandom rnd) {
        Variant v = rules.variant;
        int size = v.geometry.size, squares = v.geometry.squares;
        String[] board = new String[squares];
        java.util.List<PieceKind> kinds = new java.util.ArrayList<>();
        for (PieceKind k : v.kinds()) if (!k.isRoyal() && !k.token.equals("p") && !k.token.equals("l")) kinds.add(k);
        int weak = rnd.nextInt(2);
        for (int side = 0; side < 2; side++) {
            int n = side == weak ? rnd.nextInt(9) : rnd.nextInt(17);
            for (int i = -1; i < n; i++) {
                String t = i < 0 ? "k" : kinds.get(rnd.nextInt(kinds.size())).token;
                int sq;
                do sq = rnd.nextInt(squares); while (board[sq] != null);
                board[sq] = side == 0 ? t.toUpperCase(java.util.Locale.ROOT) : t;
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < size; r++) {
            if (r > 0) sb.append('/');
            int empty = 0;
            for (int f = 0; f < size; f++) {
                String t = board[r * size + f];
                if (t == null) {
                    empty++;
                    continue;
                }
                if (empty > 0) sb.append(empty);
                empty = 0;
                sb.append(t);
            }
            if (empty > 0) sb.append(empty);
        }
        return sb + (rnd.nextBoolean() ? " b - 1" : " w - 1");
    }

    /**
     * The hunt terms weigh the pieces as well as counting them ({@link EvalParams#hunted}): a King with
     * twelve Pawns against nine strong pieces is hunted (the attacker's pieces are drawn to it), the same
     * King and Pawns against nine Pawns are not, though the counts are the same and by count alone
     * neither is (twelve against nine is not "one and a half times as many"). The cut games of
     * docs/engine.md were a lead in value against a King walled in by many small pieces.
     */
    @Test
    void theHuntTermsWeighThePiecesAsWellAsCountingThem() {
        EvalParams params = EvalParams.derived(RuleSet.CHU);
        Position strong = Sfen.parse(RuleSet.CHU, "11k/6pppppp/6pppppp/12/12/12/12/12/NQDDHHRRB3/12/12/5K6 b - 1");
        Position weak = Sfen.parse(RuleSet.CHU, "11k/6pppppp/6pppppp/12/12/12/12/12/PPPPPPPPP3/12/12/5K6 b - 1");
        Geometry g = RuleSet.CHU.variant.geometry;
        int king = g.parse("1a"), close = 0;
        for (int sq = 0; sq < g.squares; sq++) {
            int code = strong.pieceAt(sq);
            if (code > 0 && !RuleSet.CHU.variant.kind(code).isRoyal()) close += g.size - 1 - g.distance(sq, king);
        }
        assertThat(close).isGreaterThan(0);
        assertThat(count(EvalFeatures.of(strong, params), params.huntIndex())).isEqualTo(close);
        assertThat(count(EvalFeatures.of(weak, params), params.huntIndex())).isZero();
        // The search scores both as the features do.
        PieceValues values = PieceValues.of(RuleSet.CHU, params);
        Search search = new Search(new TranspositionTable(1), true, 0);
        for (Position p : new Position[] {strong, weak}) {
            search.prepare(p, control(values));
            assertThat(search.evaluate(0)).as(p.sfen()).isEqualTo(EvalFeatures.evaluate(EvalFeatures.of(p, params), params));
        }
    }

    /**
     * A side hunting a toothless one (a King and a Pawn) counts each piece's best rank entry from its back
     * rank up to its rank ({@link EvalParams#toothless}): the shipped tables charge a Lance for its first step out of home, which a
     * hunter does not pay; with the other side not hunted the step costs what the table says. The cut
     * games of docs/engine.md ended with the hunter's small pieces at home behind such dips.
     */
    @Test
    void aHuntersPiecesLeaveHomeFree() {
        RuleSet rules = RuleSet.CHU_LISHOGI;
        EvalParams params = EvalParams.forVariant(rules);
        int lance = rules.variant.byToken("l").id;
        int dip = params.rank[lance][1] - params.rank[lance][0];
        assertThat(dip).as("the shipped Lance's first step out of home").isNegative();
        PieceValues values = PieceValues.of(rules, params);
        Search search = new Search(new TranspositionTable(1), true, 0);
        // Gote's King and a Pawn against sente's King, Dragon King, six Pawns and Lance (gote hunted), then
        // gote with the same as sente (neither side hunted); the Lance at home or a step up.
        String hunted = "11k/12/11p/12/12/12/12/5K6/D5PPPPPP/12/%s b - 1";
        String even = "11k/d10l/6pppppp/12/12/12/12/5K6/D5PPPPPP/12/%s b - 1";
        // Gote with a Lion, Free King, Dragon King and Horse and six Pawns against all that and two promoted
        // Dragons and the Lance: hunted by value, not toothless.
        String armed = "11k/qdhn8/6pppppp/12/12/12/12/5K6/NQDH+D+HPPPPPP/12/%s b - 1";
        String home = "12/L11", stepped = "L11/12";
        Geometry g = rules.variant.geometry;
        int king = g.parse("1a");
        int closer = (g.size - 1 - g.distance(g.parse("12k"), king)) - (g.size - 1 - g.distance(g.parse("12l"), king));
        String[] sfens = {String.format(hunted, home), String.format(hunted, stepped), String.format(even, home),
            String.format(even, stepped), String.format(armed, home), String.format(armed, stepped)};
        int[] scores = new int[sfens.length];
        for (int i = 0; i < sfens.length; i++) {
            Position p = Sfen.parse(rules, sfens[i]);
            search.prepare(p, control(values));
            scores[i] = search.evaluate(0);
            assertThat(scores[i]).as(sfens[i]).isEqualTo(EvalFeatures.evaluate(EvalFeatures.of(p, params), params));
        }
        assertThat(scores[1] - scores[0]).as("hunting: the step").isEqualTo(params.hunt * closer);
        assertThat(scores[3] - scores[2]).as("not hunting: the step").isEqualTo(dip);
        Position armedHome = Sfen.parse(rules, sfens[4]);
        int left = armedHome.pieceCount(1) - 1, attackerLeft = armedHome.pieceCount(0) - 1;
        assertThat(EvalParams.huntedByCount(left, attackerLeft)).isFalse();
        assertThat(EvalParams.hunted(left, attackerLeft, params.worth(armedHome, 1), params.worth(armedHome, 0))).isTrue();
        assertThat(params.toothless(params.worth(armedHome, 1))).isFalse();
        assertThat(scores[5] - scores[4]).as("hunting an armed side: the step").isEqualTo(dip + params.hunt * closer);
    }

    private static int count(EvalFeatures.Sparse features, int index) {
        for (int i = 0; i < features.index().length; i++) if (features.index()[i] == index) return features.count()[i];
        return 0;
    }

    /** The text form of the parameters reads back to the same parameters, and bad lines are refused by number. */
    @Test
    void parametersSurviveTheirTextFormAndBadLinesAreRefused() {
        EvalParams p = EvalParams.derived(RuleSet.CHU);
        p.value[RuleSet.CHU.variant.byToken("n").id] = 1777;
        p.few[2] = 321;
        EvalParams back = EvalParams.parse(RuleSet.CHU, p.format(java.util.List.of("a test")));
        assertThat(back).isEqualTo(p);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> EvalParams.parse(RuleSet.CHU, "variant chu\nvalue zz 100\n"))
                .hasMessageContaining("line 2").hasMessageContaining("unknown piece zz");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> EvalParams.parse(RuleSet.CHU, "rank p 1 2 3\n"))
                .hasMessageContaining("line 1").hasMessageContaining("takes 12");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> EvalParams.parse(RuleSet.CHU, "variant shodoshu2017\n"))
                .hasMessageContaining("not chu");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> EvalParams.parse(RuleSet.CHU, "bonus 3\n"))
                .hasMessageContaining("unknown parameter bonus");
    }
}
