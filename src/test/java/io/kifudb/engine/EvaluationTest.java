package io.kifudb.engine;

import static org.assertj.core.api.Assertions.assertThat;

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
    private static final PieceValues CHU = PieceValues.of(RuleSet.CHU);

    private static int value(String token) {
        return CHU.value[RuleSet.CHU.variant.byToken(token).id];
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
     * The search keeps material, piece-square terms, royal squares and Lion counts incrementally; along
     * random games (captures, promotions, lion double moves, royals taken) they must equal a fresh
     * computation at every step.
     */
    @ParameterizedTest
    @ValueSource(strings = {"chu", "chu-lishogi"})
    void incrementalEvaluationEqualsAFreshOne(String id) {
        RuleSet rules = RuleSet.byId(id);
        SplittableRandom rnd = new SplittableRandom(3);
        TranspositionTable tt = new TranspositionTable(1);
        int steps = 0;
        for (int game = 0; game < 12; game++) {
            Position root = Position.start(rules);
            Search incremental = new Search(tt, true, 0);
            incremental.prepare(root, new SearchControl(new AtomicBoolean(), SearchLimits.depth(1), 1));
            Position mirror = Position.start(rules);
            for (int ply = 0; ply < Search.MAX_PLY - 2; ply++) {
                int[] moves = mirror.legalMoves();
                if (moves.length == 0) break;
                int m = moves[rnd.nextInt(moves.length)];
                // Prefer captures, so pieces (and Lions, and royals) really leave the board.
                for (int tries = 0; tries < 8 && !captures(mirror, m); tries++) m = moves[rnd.nextInt(moves.length)];
                incremental.doMove(m, ply);
                mirror.make(m);
                Search fresh = new Search(tt, true, 0);
                fresh.prepare(Sfen.parse(rules, mirror.sfen()), new SearchControl(new AtomicBoolean(), SearchLimits.depth(1), 1));
                assertThat(incremental.evaluate(ply + 1)).as("after %s at ply %d: %s", mirror.usi(m), ply, mirror.sfen())
                        .isEqualTo(fresh.evaluate(0));
                steps++;
            }
        }
        assertThat(steps).isGreaterThan(500);
    }

    private static boolean captures(Position p, int m) {
        int to = Move.to(m), mid = Move.mid(m);
        return (to != Move.from(m) && p.pieceAt(to) != 0) || (mid != Move.NO_SQUARE && p.pieceAt(mid) != 0);
    }
}
