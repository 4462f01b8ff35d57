package io.kifudb.index;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.Term;
import org.apache.lucene.util.BytesRef;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The documents of one game: one per position (ply 0..plies), then one for the game itself.
 *
 * <p>Layout, chosen so that the queries we have and the ones planned stay single-field lookups:
 * <ul>
 *   <li>{@link #KEY}: the position key (8 bytes) on the <em>first</em> time the game reaches that position;
 *       later visits of the same game (repetitions) carry it as {@link #KEY_REPEAT} instead. A lookup by
 *       {@code key} therefore yields each game once, and counts and pages need no grouping.</li>
 *   <li>Per position doc values: {@link #PLY}, {@link #MOVE} (played from here; absent at the last ply),
 *       {@link #VISITS} (how often the game stood here). Per game values repeated on every position doc:
 *       {@link #GAME_ID}, {@link #RESULT}, {@link #REASON}, {@link #PLIES}, {@link #DATE}, {@link #SENTE},
 *       {@link #GOTE}: sorting and the explorer's aggregation read these columns and never the database.</li>
 *   <li>{@link #RULES} and {@link #KIND} (game or problem) as terms on every doc: the filters every search has.</li>
 *   <li>{@link #GAME} (the id as a term) on every doc of the game: the whole block is replaced or deleted
 *       by that one term, which makes indexing a game idempotent.</li>
 *   <li>The game doc comes last in the block (positions are its children), the order Lucene's block
 *       joins need, so position criteria can later be combined with game metadata without a join index.</li>
 * </ul>
 * Nothing is stored: every value shown in an answer is a doc value.
 */
final class PositionDocs {
    static final String TYPE = "type";
    static final String TYPE_POSITION = "pos";
    static final String TYPE_GAME = "game";
    static final String GAME = "game";
    static final String RULES = "rules";
    /** The record's kind as a term, {@code game} or {@code problem}: the searches keep one kind or both. */
    static final String KIND = "kind";
    static final String KEY = "key";
    static final String KEY_REPEAT = "key.repeat";
    /** On a game doc whose moves did not replay (then it has fewer position docs than plies + 1). */
    static final String REPLAY_FAILED = "replayFailed";

    static final String GAME_ID = "gameId";
    static final String PLY = "ply";
    static final String MOVE = "move";
    static final String VISITS = "visits";
    static final String RESULT = "result";
    static final String REASON = "reason";
    static final String PLIES = "plies";
    static final String DATE = "date";
    static final String SENTE = "sente";
    static final String GOTE = "gote";
    static final String EVENT = "event";
    /** Side to move of a position: {@code b} (sente) or {@code w} (gote), as in SFEN. */
    static final String SIDE_TO_MOVE = "stm";
    /** Material of a position: one term {@code <piece code>:<count>} per piece code present (see {@link #materialTerm}). */
    static final String MATERIAL = "material";
    /** The board of a position: one signed byte per square (the rules engine's piece codes), for pattern checks. */
    static final String BOARD = "board";
    /** On the game doc: players, event, site and comments, for free-text search. */
    static final String TEXT = "text";

    private PositionDocs() {}

    /** The documents of a game and how far its replay went. */
    record Built(List<Document> docs, int positions, String error) {}

    /** The material term of a piece code (positive sente, negative gote) held count (at least 1) times. */
    static String materialTerm(int pieceCode, int count) {
        return pieceCode + ":" + count;
    }

    static Term gameTerm(long gameId) {
        return new Term(GAME, Long.toString(gameId));
    }

    static BytesRef keyBytes(long key) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) b[i] = (byte) (key >>> (56 - 8 * i));
        return new BytesRef(b);
    }

    /** Replays the game from its start and builds its documents. */
    static Built build(GameData g) {
        RuleSet rules = RuleSet.byId(g.rules());
        String[] moves = g.moves() == null || g.moves().isBlank() ? new String[0] : g.moves().trim().split(" ");
        long[] keys = new long[moves.length + 1];
        byte[][] boards = new byte[moves.length + 1][];
        int[] sides = new int[moves.length + 1];
        String[] played = new String[moves.length];
        int reached = 0;
        String error = null;
        if (rules == null) {
            error = "unknown rule set '" + g.rules() + "'";
        } else {
            try {
                Position pos = Sfen.parse(rules, g.initialSfen());
                keys[0] = pos.key();
                boards[0] = board(pos);
                sides[0] = pos.sideToMove();
                reached = 1;
                for (int i = 0; i < moves.length; i++) {
                    // parseMove, not play: the stored moves were checked on import; status per ply would double the cost.
                    int m = pos.parseMove(moves[i]);
                    played[i] = pos.usi(m);
                    pos.make(m);
                    keys[i + 1] = pos.key();
                    boards[i + 1] = board(pos);
                    sides[i + 1] = pos.sideToMove();
                    reached = i + 2;
                }
            } catch (RuntimeException e) {
                error = "ply " + reached + ": " + e.getMessage();
            }
        }

        // Shared per-game fields: the same (immutable) field instances go on every doc of the block.
        List<Field> perGame = new ArrayList<>(8);
        perGame.add(new StringField(GAME, Long.toString(g.id()), Field.Store.NO));
        perGame.add(new StringField(RULES, g.rules(), Field.Store.NO));
        perGame.add(new StringField(KIND, g.kind() == null ? GameData.GAME : g.kind(), Field.Store.NO));
        perGame.add(new NumericDocValuesField(GAME_ID, g.id()));
        perGame.add(new NumericDocValuesField(RESULT, Outcome.of(g.result()).ordinal()));
        perGame.add(new NumericDocValuesField(PLIES, g.plies()));
        if (g.reason() != null) perGame.add(new SortedDocValuesField(REASON, new BytesRef(g.reason())));
        if (g.date() != null) perGame.add(new NumericDocValuesField(DATE, g.date().toEpochDay()));
        if (g.sente() != null) perGame.add(new SortedDocValuesField(SENTE, new BytesRef(g.sente())));
        if (g.gote() != null) perGame.add(new SortedDocValuesField(GOTE, new BytesRef(g.gote())));
        if (g.event() != null) perGame.add(new SortedDocValuesField(EVENT, new BytesRef(g.event())));
        StringField positionType = new StringField(TYPE, TYPE_POSITION, Field.Store.NO);

        Map<Long, Integer> visits = new HashMap<>();
        for (int ply = 0; ply < reached; ply++) visits.merge(keys[ply], 1, Integer::sum);
        Map<Long, Boolean> seen = new HashMap<>();

        List<Document> docs = new ArrayList<>(reached + 1);
        for (int ply = 0; ply < reached; ply++) {
            Document d = new Document();
            d.add(positionType);
            boolean first = seen.putIfAbsent(keys[ply], Boolean.TRUE) == null;
            d.add(new StringField(first ? KEY : KEY_REPEAT, keyBytes(keys[ply]), Field.Store.NO));
            d.add(new NumericDocValuesField(PLY, ply));
            d.add(new NumericDocValuesField(VISITS, visits.get(keys[ply])));
            if (ply < moves.length && played[ply] != null) d.add(new SortedDocValuesField(MOVE, new BytesRef(played[ply])));
            d.add(sides[ply] == 0 ? SENTE_TO_MOVE : GOTE_TO_MOVE);
            d.add(new BinaryDocValuesField(BOARD, new BytesRef(boards[ply])));
            addMaterial(d, boards[ply]);
            for (Field f : perGame) d.add(f);
            docs.add(d);
        }
        Document game = new Document();
        game.add(new StringField(TYPE, TYPE_GAME, Field.Store.NO));
        if (error != null) game.add(new StringField(REPLAY_FAILED, "true", Field.Store.NO));
        for (Field f : perGame) game.add(f);
        String text = text(g);
        if (!text.isEmpty()) game.add(new TextField(TEXT, text, Field.Store.NO));
        docs.add(game);
        return new Built(docs, reached, error);
    }

    private static final StringField SENTE_TO_MOVE = new StringField(SIDE_TO_MOVE, "b", Field.Store.NO);
    private static final StringField GOTE_TO_MOVE = new StringField(SIDE_TO_MOVE, "w", Field.Store.NO);

    private static byte[] board(Position pos) {
        int n = pos.geometry().squares;
        byte[] b = new byte[n];
        for (int sq = 0; sq < n; sq++) b[sq] = (byte) pos.pieceAt(sq);
        return b;
    }

    /**
     * One term per piece code on the board with its count: material criteria are then term lookups.
     * The forty-odd terms of a position go in as one field with a token per term rather than one
     * {@link StringField} each: the same postings (docs only, no norms), a fraction of Lucene's per-field
     * work, which in a rebuild is paid some fifty times per position.
     */
    private static void addMaterial(Document d, byte[] board) {
        int[] counts = new int[256];
        int distinct = 0;
        for (byte p : board) if (p != 0 && counts[p & 0xFF]++ == 0) distinct++;
        String[] terms = new String[distinct];
        int n = 0;
        for (int i = 0; i < 256; i++) if (counts[i] != 0) terms[n++] = cachedMaterialTerm((byte) i, counts[i]);
        d.add(new Field(MATERIAL, new TermsStream(terms), MATERIAL_TYPE));
    }

    /** Indexed like a {@link StringField} (docs only, no norms), its terms given by a token stream. */
    private static final FieldType MATERIAL_TYPE = new FieldType();

    static {
        MATERIAL_TYPE.setIndexOptions(IndexOptions.DOCS);
        MATERIAL_TYPE.setOmitNorms(true);
        MATERIAL_TYPE.setTokenized(true);
        MATERIAL_TYPE.freeze();
    }

    /** {@link #materialTerm} by piece code (as an unsigned byte) and count, made once each. */
    private static final String[][] MATERIAL_TERMS = new String[256][];

    private static String cachedMaterialTerm(byte pieceCode, int count) {
        String[] byCount = MATERIAL_TERMS[pieceCode & 0xFF];
        if (byCount == null || byCount.length <= count) {
            // A race here only makes the same strings twice.
            String[] grown = new String[Math.max(count + 1, 64)];
            if (byCount != null) System.arraycopy(byCount, 0, grown, 0, byCount.length);
            MATERIAL_TERMS[pieceCode & 0xFF] = byCount = grown;
        }
        String t = byCount[count];
        if (t == null) byCount[count] = t = materialTerm(pieceCode, count);
        return t;
    }

    /** The given terms as tokens, each once, in order. */
    private static final class TermsStream extends TokenStream {
        private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
        private final String[] terms;
        private int next;

        TermsStream(String[] terms) {
            this.terms = terms;
        }

        @Override
        public boolean incrementToken() {
            if (next >= terms.length) return false;
            clearAttributes();
            term.setEmpty().append(terms[next++]);
            return true;
        }

        @Override
        public void reset() {
            next = 0;
        }
    }

    /** Players, event, site and comments (the stored JSON's text values) of a game, for free-text search. */
    static String text(GameData g) {
        StringBuilder sb = new StringBuilder();
        for (String s : new String[] {g.sente(), g.gote(), g.event(), g.site()}) if (s != null) sb.append(s).append('\n');
        if (g.comments() != null) {
            try {
                COMMENTS.readTree(g.comments()).forEach(c -> sb.append(c.asText()).append('\n'));
            } catch (java.io.IOException e) {
                sb.append(g.comments());
            }
        }
        return sb.toString().strip();
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper COMMENTS = new com.fasterxml.jackson.databind.ObjectMapper();
}
