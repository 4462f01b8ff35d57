package io.kifudb.rules;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A variant plus the policies that judge it ({@code rule-sets.md}). Rule sets differ only in these
 * policies; the move generator and the position are shared.
 */
public final class RuleSet {
    /** Who may capture a Lion, and when (rule-sets.md §2). */
    public enum LionPolicy {
        /** Okazaki / JCSA: counter-strike bans capturing a protected Lion (seed 000 rule B). */
        JCSA,
        /** SDIN: counter-strike bans every Lion capture (seed 002). */
        SDIN,
        /** lishogi: after a counter-strike a non-Lion may capture a Lion only on the marker square. */
        LISHOGI
    }

    /** When a piece may (or must) promote (rule-sets.md §3). */
    public enum PromotionPolicy {
        /** Enter the zone, or capture from inside it; pawn and go-between also on a quiet last-rank move. */
        JCSA,
        /** Any move starting or ending in the zone; pawn and lance must promote on the last rank. */
        SDIN,
        /** As JCSA but the last-rank exception covers pawn and lance (lishogi). */
        LISHOGI
    }

    /** The bare-king rule's flavour (rule-sets.md §4). */
    public enum BareKing { NONE, JCSA, LISHOGI }

    /** What the fourth occurrence of a position means (rule-sets.md §4). */
    public enum Repetition {
        NONE,
        /** The side that started the repetition loses (seed 000 rule 4). */
        STARTER_LOSES,
        /** Draw, unless one side checked or attacked on every move of the cycle: that side loses. */
        DRAW_UNLESS_PERPETUAL
    }

    public final String id;
    public final String name;
    public final Variant variant;
    public final LionPolicy lionPolicy;
    public final PromotionPolicy promotionPolicy;
    public final BareKing bareKing;
    public final Repetition repetition;
    /** A side with exactly one royal loses when every legal move leaves it capturable. */
    public final boolean checkmate;
    /** lishogi: the side to move without any royal has lost, whatever its start. */
    public final boolean royallessSideLoses;
    /** lishogi: only the two royals left (stuck pawns and lances aside), neither attacked: draw. */
    public final boolean royalsOnlyDraw;
    /** Plies after which the game is drawn, 0 for none (lishogi: 1000). */
    public final int plyLimit;
    /** Salt mixed into position keys so equal boards under different rule sets never share a key. */
    public final long keySalt;

    private RuleSet(String id, String name, Variant variant, LionPolicy lion, PromotionPolicy promotion,
                    BareKing bareKing, Repetition repetition, boolean checkmate, boolean royallessSideLoses,
                    boolean royalsOnlyDraw, int plyLimit) {
        this.id = id;
        this.name = name;
        this.variant = variant;
        this.lionPolicy = lion;
        this.promotionPolicy = promotion;
        this.bareKing = bareKing;
        this.repetition = repetition;
        this.checkmate = checkmate;
        this.royallessSideLoses = royallessSideLoses;
        this.royalsOnlyDraw = royalsOnlyDraw;
        this.plyLimit = plyLimit;
        long h = 0x9E3779B97F4A7C15L;
        for (char c : id.toCharArray()) h = (h ^ c) * 0x100000001B3L;
        this.keySalt = h;
    }

    public static final RuleSet CHU = new RuleSet("chu", "Chu Shogi (JCSA / Okazaki rules)", Variants.CHU,
            LionPolicy.JCSA, PromotionPolicy.JCSA, BareKing.JCSA, Repetition.STARTER_LOSES,
            true, false, false, 0);
    public static final RuleSet CHU_SDIN = new RuleSet("chu-sdin", "Chu Shogi (SDIN app rules)", Variants.CHU,
            LionPolicy.SDIN, PromotionPolicy.SDIN, BareKing.NONE, Repetition.NONE,
            false, false, false, 0);
    public static final RuleSet CHU_LISHOGI = new RuleSet("chu-lishogi", "Chu Shogi (as lishogi.org plays it)",
            Variants.CHU, LionPolicy.LISHOGI, PromotionPolicy.LISHOGI, BareKing.LISHOGI,
            Repetition.DRAW_UNLESS_PERPETUAL, false, true, true, 1000);

    private static final Map<String, RuleSet> BY_ID = new LinkedHashMap<>();

    static {
        for (RuleSet r : List.of(CHU, CHU_SDIN, CHU_LISHOGI)) BY_ID.put(r.id, r);
    }

    /** The rule set with this id, or null. */
    public static RuleSet byId(String id) {
        return id == null ? null : BY_ID.get(id);
    }

    public static List<RuleSet> all() {
        return List.copyOf(BY_ID.values());
    }

    public Geometry geometry() {
        return variant.geometry;
    }

    @Override
    public String toString() {
        return id;
    }
}
