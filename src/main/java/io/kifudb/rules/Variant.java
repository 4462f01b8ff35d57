package io.kifudb.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A board, its piece kinds and its start position: the data part of a rule set. */
public final class Variant {
    public final String id;
    public final Geometry geometry;
    /** Kinds by id; index 0 is unused (0 means an empty square). */
    final PieceKind[] kinds;
    private final Map<String, PieceKind> byToken;
    public final String startSfen;
    /** Depth of the promotion zone in ranks. */
    public final int zoneDepth;
    /** Zobrist keys: {@code pieceKeys[(code + kindCount) * squares + sq]} for piece code (negative: gote). */
    final long[] pieceKeys;
    final long sideKey;
    /** Keys of the counter-strike marker square. */
    final long[] markerKeys;

    private Variant(String id, int size, List<PieceKind> kinds, String startSfen, int zoneDepth) {
        this.id = id;
        this.geometry = new Geometry(size);
        this.kinds = new PieceKind[kinds.size() + 1];
        this.byToken = new HashMap<>();
        for (PieceKind k : kinds) {
            this.kinds[k.id] = k;
            byToken.put(k.token, k);
        }
        this.startSfen = startSfen;
        this.zoneDepth = zoneDepth;
        java.util.SplittableRandom random = new java.util.SplittableRandom(0x6B69667564624CL + size);
        int squares = geometry.squares;
        pieceKeys = new long[(2 * kinds.size() + 1) * squares];
        for (int i = 0; i < pieceKeys.length; i++) pieceKeys[i] = random.nextLong();
        sideKey = random.nextLong();
        markerKeys = new long[squares];
        for (int i = 0; i < squares; i++) markerKeys[i] = random.nextLong();
    }

    public PieceKind kind(int id) {
        return kinds[id];
    }

    public int kindCount() {
        return kinds.length - 1;
    }

    public List<PieceKind> kinds() {
        List<PieceKind> list = new ArrayList<>(kinds.length - 1);
        for (int i = 1; i < kinds.length; i++) list.add(kinds[i]);
        return Collections.unmodifiableList(list);
    }

    /** The kind written with this SFEN token (lowercase, with an optional leading {@code +}), or null. */
    public PieceKind byToken(String token) {
        return byToken.get(token);
    }

    /** Builds a variant from rows of (token, kanji, English, lishogi role, movement, promotes-to token). */
    static final class Builder {
        private final String id;
        private final int size;
        private final List<PieceKind> kinds = new ArrayList<>();
        private final Map<String, String> promotions = new HashMap<>();
        private String startSfen;
        private int zoneDepth;

        Builder(String id, int size) {
            this.id = id;
            this.size = size;
        }

        PieceKind kind(String token, String kanji, String english, String role, String movement, String promotesTo) {
            PieceKind k = new PieceKind(kinds.size() + 1, token, kanji, english, role, movement);
            kinds.add(k);
            if (promotesTo != null) promotions.put(token, promotesTo);
            return k;
        }

        Builder start(String sfen, int zoneDepth) {
            this.startSfen = sfen;
            this.zoneDepth = zoneDepth;
            return this;
        }

        Variant build() {
            Map<String, PieceKind> tokens = new HashMap<>();
            for (PieceKind k : kinds) tokens.put(k.token, k);
            for (PieceKind k : kinds) {
                String p = promotions.get(k.token);
                if (p != null) {
                    PieceKind target = tokens.get(p);
                    if (target == null || !p.equals("+" + k.token))
                        throw new IllegalStateException("bad promotion " + k.token + " -> " + p);
                    k.promotesTo = target.id;
                    target.demotesTo = k.id;
                }
            }
            return new Variant(id, size, kinds, startSfen, zoneDepth);
        }
    }
}
