package io.kifudb.rules;

/** Whether a game goes on, or how it ended: the winner (or a draw) and the reason. */
public final class Status {
    public enum Reason {
        /** The side lost its last royal (King, or Prince). */
        ROYAL_CAPTURED("royal-captured"),
        CHECKMATE("checkmate"),
        BARE_KING("bare-king"),
        /** The side to move has no legal move: it loses. */
        NO_LEGAL_MOVE("no-legal-move"),
        REPETITION("repetition"),
        /** Fourth occurrence with one side checking on every move of the cycle: that side loses. */
        PERPETUAL_CHECK("perpetual-check"),
        /** Fourth occurrence with one side attacking a piece on every move of the cycle: that side loses. */
        PERPETUAL_ATTACK("perpetual-attack"),
        /** Only the two royals are left and neither is attacked (lishogi). */
        ROYALS_ONLY("royals-only"),
        PLY_LIMIT("ply-limit"),
        /** dai13-kumazawa: a 歩兵, 仲人 or 悪行 stepped forward off its last rank (seed 001 「トライ勝ち」). */
        TRY("try"),
        /** shodoshu2017*: a royal stood on its last rank at the start of its side's turn (seed 004 (1)). */
        ROYAL_TRY("royal-try"),
        /** dai13-kumazawa: the side moved its King off the board (seed 001 「玉将を出すと、自殺手着手の負け」). */
        KING_EXIT("king-exit");

        public final String id;

        Reason(String id) {
            this.id = id;
        }
    }

    public static final Status ONGOING = new Status(-2, null);

    /** 0 sente, 1 gote, -1 draw, -2 ongoing. */
    private final int winner;
    private final Reason reason;

    private Status(int winner, Reason reason) {
        this.winner = winner;
        this.reason = reason;
    }

    public static Status win(int side, Reason reason) {
        return new Status(side, reason);
    }

    public static Status draw(Reason reason) {
        return new Status(-1, reason);
    }

    public boolean isOngoing() {
        return winner == -2;
    }

    public boolean isDraw() {
        return winner == -1;
    }

    /** 0 sente, 1 gote; -1 for a draw or an ongoing game. */
    public int winner() {
        return winner >= 0 ? winner : -1;
    }

    public Reason reason() {
        return reason;
    }

    /** {@code ongoing}, {@code draw}, {@code sente} or {@code gote}. */
    public String result() {
        return switch (winner) {
            case -2 -> "ongoing";
            case -1 -> "draw";
            case 0 -> "sente";
            default -> "gote";
        };
    }

    @Override
    public String toString() {
        return isOngoing() ? "ongoing" : result() + " " + reason.id;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Status s && s.winner == winner && s.reason == reason;
    }

    @Override
    public int hashCode() {
        return winner * 31 + (reason == null ? 0 : reason.hashCode());
    }
}
