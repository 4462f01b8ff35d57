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
        LISHOGI,
        /** shodoshu2017*: rules 1 and 2 for the promoted Kirin, no counter-strike (seed 004 states none). */
        NO_COUNTER_STRIKE,
        /** No Lion in the variant (dai13-kumazawa). */
        NONE;

        /** Whether field 3 of the SFEN is the counter-strike square under this policy. */
        boolean hasCounterStrike() {
            return this == JCSA || this == SDIN || this == LISHOGI;
        }
    }

    /** When a piece may (or must) promote (rule-sets.md §3). */
    public enum PromotionPolicy {
        /** Enter the zone, or capture from inside it; pawn and go-between also on a quiet last-rank move. */
        JCSA,
        /** Any move starting or ending in the zone; pawn and lance must promote on the last rank. */
        SDIN,
        /** As JCSA but the last-rank exception covers pawn and lance (lishogi). */
        LISHOGI,
        /** Nothing promotes (dai13-kumazawa, seed 001 「この将棋に成りは無い」). */
        NONE
    }

    /** Which pieces may leave the board (rule-sets.md §4 dai13-kumazawa, pieces-and-setups.md §3.3). */
    public enum OffBoard {
        NONE,
        /**
         * K6 (open): every piece whose own move pattern carries it past the edge may leave the board (a slider
         * with a clear path, a stepper at the edge, a knight whose target is off the board: K7, side edges too),
         * from seed 001 「盤外に自分の駒を出す手が指せる」. The narrower reading (sliders, the knight and the try
         * pieces only) is not implemented.
         */
        ANY_PIECE
    }

    /** How a try wins (rule-sets.md §4). */
    public enum TryRule {
        NONE,
        /** dai13-kumazawa: a 歩兵, 仲人 or 悪行 on its last rank steps forward off the board and wins at once. */
        PIECE_TRY,
        /** shodoshu2017*: a side whose royal stands on its last rank at the start of its turn wins (seed 004 (1)). */
        ROYAL_TRY
    }

    /** The drunk-elephant exchange (rule-sets.md §5, seed 004 rules 2, 3, 5). */
    public enum ElephantExchange {
        NONE,
        /**
         * shodoshu2017, seed 004 「新表現」: a two-step piece that exchanges on its first step is removed there
         * and makes no second step (§5.4).
         */
        FINAL,
        /**
         * shodoshu2017-prev, seed 004 「元の表現」: a two-step piece that exchanges on its first step may go on
         * to a square other than the elephant's, and survives there (§5.4).
         */
        PREVIOUS
    }

    /** What SFEN field 3 holds (pieces-and-setups.md §1.5); it is part of the position key. */
    public enum ThirdField {
        /** The square where a non-Lion just captured a Lion (the Chu rule sets). */
        COUNTER_STRIKE,
        /** The square of the enemy unpromoted 酔象 that captured normally on the previous move (shodoshu2017*). */
        CAPTURING_ELEPHANT,
        /** Always {@code -} (dai13-kumazawa). */
        NONE
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
    public final OffBoard offBoard;
    public final TryRule tryRule;
    public final ElephantExchange elephantExchange;

    private RuleSet(String id, String name, Variant variant, LionPolicy lion, PromotionPolicy promotion,
                    BareKing bareKing, Repetition repetition, boolean checkmate, boolean royallessSideLoses,
                    boolean royalsOnlyDraw, int plyLimit) {
        this(id, name, variant, lion, promotion, bareKing, repetition, checkmate, royallessSideLoses, royalsOnlyDraw,
                plyLimit, OffBoard.NONE, TryRule.NONE, ElephantExchange.NONE);
    }

    private RuleSet(String id, String name, Variant variant, LionPolicy lion, PromotionPolicy promotion,
                    BareKing bareKing, Repetition repetition, boolean checkmate, boolean royallessSideLoses,
                    boolean royalsOnlyDraw, int plyLimit, OffBoard offBoard, TryRule tryRule,
                    ElephantExchange elephantExchange) {
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
        this.offBoard = offBoard;
        this.tryRule = tryRule;
        this.elephantExchange = elephantExchange;
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

    /**
     * seed 001, rule-sets.md §4: no promotion; loss when the King is captured or checkmated (K10: 「次の手で玉将を
     * 盤上の何処に動かしても相手に取られてしまう状態」 read as mate); the try and off-board moves; the King leaving
     * the board loses; repetition as {@code chu}; no bare-king rule (K10: the 2023-07-03 post is not seed 001).
     */
    public static final RuleSet DAI13_KUMAZAWA = new RuleSet("dai13-kumazawa",
            "鎌倉横小路流改善熊澤良尊型大将棋 (Kumazawa-type Dai Shogi, 13x13, 96 pieces)", Variants.KUMAZAWA13,
            LionPolicy.NONE, PromotionPolicy.NONE, BareKing.NONE, Repetition.STARTER_LOSES, true, false, false, 0,
            OffBoard.ANY_PIECE, TryRule.PIECE_TRY, ElephantExchange.NONE);
    /**
     * seed 004 with the final exchange rule (新表現), rule-sets.md §4-5: promotion as {@code chu} for the four
     * promoting kinds; loss when all royals are gone or on no legal move; the royal try; no checkmate rule; the
     * {@code chu} repetition rule and no bare-king rule (seed 004 states neither; rule-sets.md §4 decides).
     */
    public static final RuleSet SHODOSHU2017 = new RuleSet("shodoshu2017",
            "2017年型普通唱導集大将棋 (Shodoshu Dai Shogi 2017, 13x13, 108 pieces; final exchange rule)",
            Variants.SHODOSHU2017, LionPolicy.NO_COUNTER_STRIKE, PromotionPolicy.JCSA, BareKing.NONE,
            Repetition.STARTER_LOSES, false, false, false, 0, OffBoard.NONE, TryRule.ROYAL_TRY, ElephantExchange.FINAL);
    /** As {@link #SHODOSHU2017} with the previous exchange rule (seed 004 「元の表現」). */
    public static final RuleSet SHODOSHU2017_PREV = new RuleSet("shodoshu2017-prev",
            "2017年型普通唱導集大将棋 (Shodoshu Dai Shogi 2017, 13x13, 108 pieces; previous exchange rule)",
            Variants.SHODOSHU2017, LionPolicy.NO_COUNTER_STRIKE, PromotionPolicy.JCSA, BareKing.NONE,
            Repetition.STARTER_LOSES, false, false, false, 0, OffBoard.NONE, TryRule.ROYAL_TRY, ElephantExchange.PREVIOUS);

    private static final Map<String, RuleSet> BY_ID = new LinkedHashMap<>();

    static {
        for (RuleSet r : List.of(CHU, CHU_SDIN, CHU_LISHOGI, DAI13_KUMAZAWA, SHODOSHU2017, SHODOSHU2017_PREV))
            BY_ID.put(r.id, r);
    }

    /** What SFEN field 3 means under this rule set. */
    public ThirdField thirdField() {
        if (lionPolicy.hasCounterStrike()) return ThirdField.COUNTER_STRIKE;
        return elephantExchange != ElephantExchange.NONE ? ThirdField.CAPTURING_ELEPHANT : ThirdField.NONE;
    }

    /**
     * Whether positions need the general make/unmake (exits, exchanges, a field 3 other than the
     * counter-strike square); the Chu rule sets keep their short path.
     */
    boolean needsGeneralMake() {
        return offBoard != OffBoard.NONE || elephantExchange != ElephantExchange.NONE
                || thirdField() != ThirdField.COUNTER_STRIKE;
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
