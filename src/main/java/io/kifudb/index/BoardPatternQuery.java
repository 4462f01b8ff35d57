package io.kifudb.index;

import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BytesRef;

import java.io.IOException;
import java.util.List;

/**
 * Matches position documents whose board (the {@link PositionDocs#BOARD} doc values) has the pattern's
 * square constraints. It only confirms: its approximation is every document, so it is meant to be a
 * clause of a conjunction whose term clauses (rules, material, side to move) pick the candidates, and
 * Lucene then reads the board of those candidates only.
 */
final class BoardPatternQuery extends Query {
    private final List<Pattern.Placement> present;
    private final List<Pattern.Placement> absent;
    private final int[] empty;
    /** Canonical description: equality and hashing for Lucene's query cache. */
    private final String description;

    BoardPatternQuery(Pattern p) {
        this.present = p.present().stream().filter(x -> x.squares() != null).toList();
        this.absent = p.absent().stream().filter(x -> x.squares() != null).toList();
        this.empty = p.empty().clone();
        this.description = "board(present=" + present + ", absent=" + absent + ", empty=" + java.util.Arrays.toString(empty) + ")";
    }

    boolean matches(BytesRef board) {
        byte[] b = board.bytes;
        int o = board.offset;
        for (int sq : empty) if (b[o + sq] != 0) return false;
        for (Pattern.Placement p : absent)
            for (int sq : p.squares()) if (b[o + sq] == p.pieceCode()) return false;
        for (Pattern.Placement p : present) {
            boolean found = false;
            for (int sq : p.squares()) {
                if (b[o + sq] == p.pieceCode()) {
                    found = true;
                    break;
                }
            }
            if (!found) return false;
        }
        return true;
    }

    @Override
    public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
        return new ConstantScoreWeight(this, boost) {
            @Override
            public Scorer scorer(LeafReaderContext context) throws IOException {
                BinaryDocValues boards = DocValues.getBinary(context.reader(), PositionDocs.BOARD);
                DocIdSetIterator approximation = DocIdSetIterator.all(context.reader().maxDoc());
                TwoPhaseIterator twoPhase = new TwoPhaseIterator(approximation) {
                    @Override
                    public boolean matches() throws IOException {
                        return boards.advanceExact(approximation.docID()) && BoardPatternQuery.this.matches(boards.binaryValue());
                    }

                    @Override
                    public float matchCost() {
                        return 200; // a few hundred byte comparisons at most, after decoding the board
                    }
                };
                return new ConstantScoreScorer(this, score(), scoreMode, twoPhase);
            }

            @Override
            public boolean isCacheable(LeafReaderContext ctx) {
                return DocValues.isCacheable(ctx, PositionDocs.BOARD);
            }
        };
    }

    @Override
    public String toString(String field) {
        return description;
    }

    @Override
    public void visit(QueryVisitor visitor) {
        visitor.visitLeaf(this);
    }

    @Override
    public boolean equals(Object other) {
        return sameClassAs(other) && description.equals(((BoardPatternQuery) other).description);
    }

    @Override
    public int hashCode() {
        return classHash() ^ description.hashCode();
    }
}
