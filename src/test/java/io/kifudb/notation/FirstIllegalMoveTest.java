package io.kifudb.notation;

import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.importer.GameImporter;
import io.kifudb.importer.RecordOutcome;
import io.kifudb.notation.IllegalPlies.Bad;
import io.kifudb.notation.IllegalPlies.Case;
import io.kifudb.notation.IllegalPlies.Corrupted;
import io.kifudb.notation.IllegalPlies.Format;
import io.kifudb.notation.IllegalPlies.Kind;
import io.kifudb.rules.Move;
import io.kifudb.rules.Position;
import io.kifudb.store.Game;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/**
 * The property of issue 12: every reader stops at the first move that is not legal, at its own ply. Every
 * record of kifu-corpus (all rule sets), written in each format that can express it, with ply k replaced
 * by an illegal or impossible move in that format's spelling ({@link IllegalPlies}): the reader and the
 * replay name ply k, the move as written and its line, never a later ply; a strict import refuses the
 * record there, a lenient one keeps exactly the k-1 plies before it with the stop's ply and reason.
 *
 * <p>Plies: for the Chu games the first two, the last two, each side's first two-step (Lion) move and six
 * more at random; for the 800-ply 13x13 self-play games one ply per format (seeded, so every run checks
 * the same ones).
 */
class FirstIllegalMoveTest {
    private static final long SEED = 12;

    @Test
    void everyReaderNamesTheFirstIllegalPlyOfEveryCorpusRecordInEveryFormat() {
        List<Case> corpus = IllegalPlies.corpus();
        // 10 lishogi games, 6 historical .csg games, the KIF game, 79 problems (msm-tsume-AB), 3 x 100 self-play games,
        // and the 308 problem records of kifu-corpus/problems
        assertThat(corpus).hasSize(10 + 6 + 1 + 79 + 300 + 308);
        SplittableRandom random = new SplittableRandom(SEED);
        GameImporter importer = new GameImporter();
        Map<Kind, Integer> kinds = new EnumMap<>(Kind.class);
        Map<Format, Integer> formats = new EnumMap<>(Format.class);
        int lionPlies = 0, deep = 0, checked = 0;
        for (Case whole : corpus) {
            if (whole.canonical().isEmpty()) continue; // a problem published without its solution: no ply to spoil
            for (Format f : Format.values()) {
                if (!IllegalPlies.canExpress(f, whole)) continue;
                List<Integer> ks = whole.isChu() ? plies(whole, random) : List.of(selfPlayPly(whole, random));
                // A self-play game (up to 800 plies) is cut 10 plies after k: the reader must still stop at k.
                Case c = whole.isChu() ? whole : whole.prefix(ks.get(0) + 10);
                for (int k : ks) {
                    Position before = c.before(k);
                    int original = before.parseMove(c.canonical().get(k - 1));
                    Bad bad = pick(c, f, k, before, original, random);
                    Corrupted file = IllegalPlies.corrupt(f, c, k, bad, before);
                    check(importer, c, file, c.name() + " as " + f + ", ply " + k + " " + bad.kind() + " '" + file.written() + "'");
                    kinds.merge(bad.kind(), 1, Integer::sum);
                    formats.merge(f, 1, Integer::sum);
                    if (Move.hasMid(original)) lionPlies++;
                    if (k > 200) deep++;
                    checked++;
                }
            }
        }
        // Every kind of mistake in every format, Lion moves and late plies among the replaced ones.
        assertThat(kinds.keySet()).containsExactlyInAnyOrder(Kind.values());
        assertThat(kinds.values()).allMatch(n -> n >= 50);
        assertThat(formats.keySet()).containsExactlyInAnyOrder(Format.values());
        assertThat(lionPlies).isGreaterThanOrEqualTo(200);
        assertThat(deep).isGreaterThanOrEqualTo(200);
        assertThat(checked).isGreaterThan(4000);
    }

    /** One ply of a self-play game: mostly among the first 100 (cheap to replay), one game in ten anywhere. */
    private static int selfPlayPly(Case c, SplittableRandom random) {
        int n = c.record().moves().size();
        return 1 + random.nextInt(random.nextInt(10) == 0 ? n : Math.min(n, 100));
    }

    /** The plies to replace: first, second, last two, each side's first two-step move, and some at random. */
    private static List<Integer> plies(Case c, SplittableRandom random) {
        int n = c.canonical().size();
        TreeSet<Integer> ks = new TreeSet<>();
        if (!c.isChu()) {
            ks.add(1 + random.nextInt(n));
            return new ArrayList<>(ks);
        }
        ks.add(1);
        ks.add(Math.min(2, n));
        ks.add(n);
        ks.add(Math.max(1, n - 1));
        Position p = c.before(1);
        boolean[] twoStepSeen = new boolean[2];
        for (int i = 0; i < n; i++) {
            int m = p.parseMove(c.canonical().get(i));
            if (Move.hasMid(m) && !twoStepSeen[p.sideToMove()]) {
                twoStepSeen[p.sideToMove()] = true;
                ks.add(i + 1);
            }
            p.make(m);
        }
        for (int i = 0; i < 6; i++) ks.add(1 + random.nextInt(n));
        return new ArrayList<>(ks);
    }

    /**
     * A mistake for the ply: kinds taken in turn, a Lion three-square jump first whenever the side to move
     * has a Lion; the first kind the position allows. (A .csg file of a start that is none of the setups
     * knows who moves first only from its first move, so the opponent's piece is not moved at ply 1 there.)
     */
    private static Bad pick(Case c, Format f, int k, Position before, int original, SplittableRandom random) {
        Kind[] all = Kind.values();
        int start = random.nextInt(all.length);
        if (random.nextInt(3) == 0) {
            Bad lion = IllegalPlies.bad(before, Kind.LION_THREE_SQUARES, original, random);
            if (lion != null) return lion;
        }
        for (int i = 0; i < all.length; i++) {
            Kind kind = all[(start + i) % all.length];
            if (kind == Kind.OPPONENTS_PIECE && k == 1 && f == Format.CSG && Csg.builtIn(c.startSfen()) == null) continue;
            Bad bad = IllegalPlies.bad(before, kind, original, random);
            if (bad != null) return bad;
        }
        throw new IllegalStateException("no illegal move at all in " + before.sfen());
    }

    /**
     * The reader stops at ply k (nothing after it is read as a move; the record's number in its file is
     * right); a strict import refuses it there, naming the ply, its line and the move as written, and
     * stores nothing; a lenient import keeps exactly the k-1 plies before it, with the stop's ply and
     * reason (or nothing, when no ply before it is legal and the record names no start of its own).
     */
    private static void check(GameImporter importer, Case c, Corrupted file, String what) {
        List<RecordFiles.Item> items = IllegalPlies.read(file, c);
        int i = file.record() - 1;
        RecordFiles.Item item = items.get(i);
        assertThat(item.readable()).as(what + ": " + item.error()).isTrue();
        assertThat(item.number()).as(what).isEqualTo(file.record());
        if (file.format() == Format.KIF || file.format() == Format.CSG) {
            // These readers replay as they read (their moves only become moves on the board): they stop at k.
            assertThat(item.record().moves()).as(what).hasSize(file.k() - 1);
            assertThat(item.record().stop().ply()).as(what).isEqualTo(file.k());
        }

        GameImporter.CheckedBatch strict = importer.check(1, items, false);
        assertThat(strict.toStore(i)).as(what).isNull();
        RecordOutcome refused = strict.refused(i);
        assertThat(refused.kind()).as(what).isEqualTo(RecordOutcome.Kind.FAILED);
        assertThat(refused.ply()).as(what + ": " + refused.reason()).isEqualTo(file.k());
        assertThat(refused.line()).as(what).isEqualTo(file.line());
        assertThat(refused.record()).as(what).isEqualTo(file.record());
        assertThat(refused.move()).as(what).isEqualTo(file.written());
        assertThat(refused.reason()).as(what).startsWith("illegal move " + file.written() + ": ");

        GameImporter.CheckedBatch lenient = importer.check(1, items, true);
        if (file.k() == 1 && c.standardStart()) {
            assertThat(lenient.toStore(i)).as(what).isNull();
            assertThat(lenient.refused(i).ply()).as(what).isEqualTo(1);
            return;
        }
        Game g = lenient.toStore(i);
        assertThat(g).as(what + ": " + lenient.refused(i)).isNotNull();
        assertThat(g.plies).as(what).isEqualTo(file.k() - 1);
        assertThat(g.moves).as(what).isEqualTo(String.join(" ", c.canonical().subList(0, file.k() - 1)));
        assertThat(g.stoppedPly).as(what).isEqualTo(file.k());
        assertThat(g.stoppedReason).as(what).isEqualTo(truncate(refused.reason(), 512));
    }

    private static String truncate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
