package io.kifudb.rules;

import java.util.Locale;

/**
 * One kind of piece as data: its SFEN token, names, movement atoms and promotion.
 *
 * <p>Movement is written as in {@code pieces-and-setups.md} §1.3-1.4, e.g.
 * {@code "slide(orth) step(diag)"}, with directions relative to the owner. The constructor turns it into
 * per-side absolute tables so the move generator never has to flip directions.
 */
public final class PieceKind {
    public static final int UNLIMITED = 64;

    public final int id;
    /** SFEN token: one letter, or {@code +} and the letter of the unpromoted piece. */
    public final String token;
    public final String kanji;
    public final String english;
    /** Name used by lishogi's library for this role (for reference and notation). */
    public final String role;
    public final String movement;
    public final boolean promoted;
    /** Id of the kind this one promotes to, 0 if it never promotes. */
    int promotesTo;
    /** Id of the unpromoted kind for a promoted token. */
    int demotesTo;
    boolean royal;
    /** Counts as a Lion for the lion capture rules. */
    boolean lionRank;
    /** An unpromoted pawn or go-between (bridge-capture exception, bare-king counting). */
    boolean pawnOrGoBetween;
    /** Can never move again once on its last rank (pawn, lance). */
    boolean stuckOnLastRank;
    /** dai13-kumazawa: a 歩兵, 仲人 or 悪行, whose forward exit from its last rank wins (pieces-and-setups.md §3.3). */
    boolean tryPiece;
    /** shodoshu2017*: the unpromoted 酔象, which changes sides instead of being captured (rule-sets.md §5). */
    boolean exchangedWhenTaken;

    /** Range per absolute direction, per side: {@code range[side * 8 + dir]}. */
    final int[] range = new int[16];
    /** Absolute-direction masks per side of the directions with a range (the move generator skips the others). */
    final int[] rangeDirs = new int[2];
    /** Absolute-direction masks per side. */
    final int[] jump2 = new int[2], lionLine = new int[2];
    boolean knight;
    /** Full lion power ({@code lion} atom). */
    boolean lion;
    /**
     * Absolute-direction masks per side of {@code slide>=2} (KY 飛龍: must travel two or more squares, and
     * any piece on the adjacent square blocks the ray) and {@code dance2} (S17 猛牛/飛龍: lands only on the
     * second square, may capture on the first in passing), pieces-and-setups.md §1.3-1.4.
     */
    final int[] slideFrom2 = new int[2], dance2 = new int[2];
    /** The {@code lionstep} atom (S17 獅子, promoted 麒麟): lion steps and double steps, never a jump. */
    boolean lionStep;
    /** Has any of the three atoms above, which only the 13×13 variants use (keeps Chu's hot paths short). */
    boolean special;
    /**
     * The farthest (in king steps) the piece can move or capture in one move on an empty board: 1 or 2 for a
     * stepper or jumper, more for a slider. Nothing further away can be taken by it.
     */
    int reach;
    /** Directions (per side) in which the piece reaches the adjacent square. */
    final int[] reach1 = new int[2];
    /** Directions (per side) in which the piece reaches the square two away whatever lies between. */
    final int[] reach2 = new int[2];

    PieceKind(int id, String token, String kanji, String english, String role, String movement) {
        this.id = id;
        this.token = token;
        this.kanji = kanji;
        this.english = english;
        this.role = role;
        this.movement = movement;
        this.promoted = token.startsWith("+");
        parseMovement(movement);
    }

    private void parseMovement(String spec) {
        int[] rel = new int[8];
        int relJump2 = 0, relLionLine = 0, relSlideFrom2 = 0, relDance2 = 0;
        for (String atom : spec.trim().split("\\s*\\+\\s*|\\s+")) {
            if (atom.isEmpty()) continue;
            String name = atom, args = "";
            int p = atom.indexOf('(');
            if (p >= 0) {
                name = atom.substring(0, p);
                args = atom.substring(p + 1, atom.length() - 1);
            }
            int dirs = args.isEmpty() ? 0 : dirMask(args);
            switch (name) {
                case "step" -> set(rel, dirs, 1);
                case "slide" -> set(rel, dirs, UNLIMITED);
                case "jump2" -> relJump2 |= dirs;
                case "lionline" -> relLionLine |= dirs;
                case "lion" -> lion = true;
                case "lionstep" -> lionStep = true;
                case "dance2" -> relDance2 |= dirs;
                case "slide>=2" -> relSlideFrom2 |= dirs;
                case "knight" -> knight = true;
                default -> {
                    if (name.startsWith("slide<=")) set(rel, dirs, Integer.parseInt(name.substring(7)));
                    else throw new IllegalArgumentException("unknown movement atom " + atom + " in " + spec);
                }
            }
        }
        for (int side = 0; side < 2; side++) {
            for (int d = 0; d < 8; d++) {
                int abs = side == 0 ? d : (d + 4) & 7;
                range[side * 8 + abs] = rel[d];
                if (rel[d] > 0) rangeDirs[side] |= 1 << abs;
                if ((relJump2 & (1 << d)) != 0) jump2[side] |= 1 << abs;
                if ((relLionLine & (1 << d)) != 0) lionLine[side] |= 1 << abs;
                if ((relSlideFrom2 & (1 << d)) != 0) slideFrom2[side] |= 1 << abs;
                if ((relDance2 & (1 << d)) != 0) dance2[side] |= 1 << abs;
                // A slide>=2 never reaches the adjacent square, and a dance2 takes it only in passing (when its
                // second square is a landing square): neither is in reach1, see Position.specialAttack.
                if (rel[d] > 0 || (relLionLine & (1 << d)) != 0 || lion || lionStep) reach1[side] |= 1 << abs;
                if ((relJump2 & (1 << d)) != 0 || (relLionLine & (1 << d)) != 0 || lion || (relDance2 & (1 << d)) != 0)
                    reach2[side] |= 1 << abs;
            }
        }
        special = relSlideFrom2 != 0 || relDance2 != 0 || lionStep;
        for (int d = 0; d < 8; d++) reach = Math.max(reach, rel[d]);
        if (relJump2 != 0 || relLionLine != 0 || relDance2 != 0 || lion || lionStep || knight) reach = Math.max(reach, 2);
        if (relSlideFrom2 != 0) reach = UNLIMITED;
    }

    private static void set(int[] rel, int mask, int value) {
        for (int d = 0; d < 8; d++) if ((mask & (1 << d)) != 0) rel[d] = Math.max(rel[d], value);
    }

    static int dirMask(String list) {
        int mask = 0;
        for (String s : list.split(",")) {
            switch (s.trim().toUpperCase(Locale.ROOT)) {
                case "F" -> mask |= 1;
                case "FR" -> mask |= 1 << 1;
                case "R" -> mask |= 1 << 2;
                case "BR" -> mask |= 1 << 3;
                case "B" -> mask |= 1 << 4;
                case "BL" -> mask |= 1 << 5;
                case "L" -> mask |= 1 << 6;
                case "FL" -> mask |= 1 << 7;
                case "ORTH" -> mask |= 0b01010101;
                case "DIAG" -> mask |= 0b10101010;
                case "ALL" -> mask |= 0xFF;
                default -> throw new IllegalArgumentException("unknown direction " + s);
            }
        }
        return mask;
    }

    public boolean isRoyal() {
        return royal;
    }

    public boolean isLion() {
        return lionRank;
    }

    public boolean canPromote() {
        return promotesTo != 0;
    }

    /** Id of the promoted kind, 0 if the piece never promotes. */
    public int promotedId() {
        return promotesTo;
    }

    /** Whether the piece moves as a Lion (the {@code lion} atom: any two king steps, in every direction). */
    public boolean movesAsLion() {
        return lion;
    }

    /** Whether the piece has two-step moves (lion power on some line, the restricted lion, the dance). */
    public boolean hasLionPower() {
        return lion || lionLine[0] != 0 || lionStep || dance2[0] != 0;
    }

    /** Whether the piece can pass (じっと) by stepping out and back: lion, lionline and lionstep pieces. */
    boolean canPass() {
        return lion || lionLine[0] != 0 || lionStep;
    }

    /** dai13-kumazawa: whether the piece's forward exit from its last rank is a try. */
    public boolean isTryPiece() {
        return tryPiece;
    }

    @Override
    public String toString() {
        return token + " " + english;
    }
}
