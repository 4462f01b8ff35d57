package io.kifudb.index;

import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreMode;

import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Aggregates the games reaching a position by next move and result, reading only doc values. Each
 * segment maps its move and reason ordinals to accumulators once, so the per-document work is a few
 * array reads.
 */
final class ExplorerCollector implements Collector {

    /** Counts of games by result, and their total length. */
    static final class Acc {
        long games, sente, gote, draws, ongoing, plies;

        void add(Outcome o, long gamePlies) {
            games++;
            plies += gamePlies;
            switch (o) {
                case SENTE -> sente++;
                case GOTE -> gote++;
                case DRAW -> draws++;
                case ONGOING -> ongoing++;
            }
        }

        void merge(Acc o) {
            games += o.games;
            sente += o.sente;
            gote += o.gote;
            draws += o.draws;
            ongoing += o.ongoing;
            plies += o.plies;
        }

        long averagePlies() {
            return games == 0 ? 0 : Math.round((double) plies / games);
        }
    }

    /** The aggregate: everything, by next move, games ending here, and by outcome (reason). */
    record Totals(Acc all, Map<String, Acc> moves, long ended, Map<String, Long> outcomes) {}

    /** One collector per slice, merged; ready for a searcher with an executor. */
    static final class Manager implements CollectorManager<ExplorerCollector, Totals> {
        @Override
        public ExplorerCollector newCollector() {
            return new ExplorerCollector();
        }

        @Override
        public Totals reduce(Collection<ExplorerCollector> collectors) {
            Acc all = new Acc();
            Map<String, Acc> moves = new HashMap<>();
            long ended = 0;
            Map<String, Long> outcomes = new TreeMap<>();
            for (ExplorerCollector c : collectors) {
                all.merge(c.all);
                c.moves.forEach((usi, a) -> moves.computeIfAbsent(usi, k -> new Acc()).merge(a));
                ended += c.ended;
                c.outcomes.forEach((k, v) -> outcomes.merge(k, v, Long::sum));
            }
            return new Totals(all, moves, ended, outcomes);
        }
    }

    /** Label of a game without a stored reason: unfinished if it has no result, else unknown. */
    static String outcomeLabel(String reason, Outcome result) {
        if (reason != null) return reason;
        return result == Outcome.ONGOING ? "unfinished" : "unknown";
    }

    private final Acc all = new Acc();
    private final Map<String, Acc> moves = new HashMap<>();
    private long ended;
    private final Map<String, Long> outcomes = new HashMap<>();

    @Override
    public ScoreMode scoreMode() {
        return ScoreMode.COMPLETE_NO_SCORES;
    }

    @Override
    public LeafCollector getLeafCollector(LeafReaderContext context) throws IOException {
        var reader = context.reader();
        SortedDocValues move = DocValues.getSorted(reader, PositionDocs.MOVE);
        SortedDocValues reason = DocValues.getSorted(reader, PositionDocs.REASON);
        NumericDocValues result = DocValues.getNumeric(reader, PositionDocs.RESULT);
        NumericDocValues plies = DocValues.getNumeric(reader, PositionDocs.PLIES);
        Acc[] byMove = new Acc[move.getValueCount()];
        String[] reasons = new String[reason.getValueCount()];
        return new LeafCollector() {
            @Override
            public void setScorer(Scorable scorer) {
            }

            @Override
            public void collect(int doc) throws IOException {
                Outcome o = result.advanceExact(doc) ? Outcome.ofCode(result.longValue()) : Outcome.ONGOING;
                long n = plies.advanceExact(doc) ? plies.longValue() : 0;
                all.add(o, n);
                if (move.advanceExact(doc)) {
                    int ord = move.ordValue();
                    Acc a = byMove[ord];
                    if (a == null) byMove[ord] = a = moves.computeIfAbsent(move.lookupOrd(ord).utf8ToString(), k -> new Acc());
                    a.add(o, n);
                } else {
                    ended++;
                }
                String label;
                if (reason.advanceExact(doc)) {
                    int ord = reason.ordValue();
                    label = reasons[ord];
                    if (label == null) reasons[ord] = label = reason.lookupOrd(ord).utf8ToString();
                } else {
                    label = outcomeLabel(null, o);
                }
                outcomes.merge(label, 1L, Long::sum);
            }
        };
    }
}
