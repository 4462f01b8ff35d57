package io.kifudb.index;

import io.kifudb.rules.RuleSet;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;

/**
 * A partial-board pattern: pieces on given squares (or anywhere), pieces absent, empty squares,
 * material counts, side to move and ply range, combined with game metadata. Pieces are the rules
 * engine's piece codes (positive sente, negative gote); squares its square indices.
 *
 * @param present     each: at least one piece of that code on one of the squares (anywhere when squares is null)
 * @param absent      each: no piece of that code on any of the squares (nowhere when squares is null)
 * @param empty       squares that must be empty
 * @param material    each: the number of pieces of that code lies in [min, max]
 * @param sideToMove  0 sente, 1 gote, or null for either
 */
public record Pattern(RuleSet rules, List<Placement> present, List<Placement> absent, int[] empty, List<Material> material,
                      Integer sideToMove, Integer plyFrom, Integer plyTo, Metadata metadata) {

    /** A piece code and the squares it is looked for on (null: anywhere). */
    public record Placement(int pieceCode, int[] squares) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Placement p && p.pieceCode == pieceCode && Arrays.equals(p.squares, squares);
        }

        @Override
        public int hashCode() {
            return 31 * pieceCode + Arrays.hashCode(squares);
        }

        @Override
        public String toString() {
            return pieceCode + "@" + (squares == null ? "*" : Arrays.toString(squares));
        }
    }

    /** How many pieces of a code a position holds, inclusive bounds. */
    public record Material(int pieceCode, int min, int max) {}

    /**
     * Game metadata filters (null: any). {@code player} matches either side; {@code kind} is
     * {@link GameData#GAME} (played games) or {@link GameData#PROBLEM} (composed problems).
     */
    public record Metadata(String kind, String player, String sente, String gote, String event, Outcome result,
                           LocalDate from, LocalDate to) {
        public static final Metadata ANY = new Metadata(null, null, null, null, null, null, null, null);
    }

    /** Whether the pattern needs the board itself, not only the indexed terms. */
    boolean needsBoard() {
        return empty.length > 0 || present.stream().anyMatch(p -> p.squares() != null) || absent.stream().anyMatch(p -> p.squares() != null);
    }
}
