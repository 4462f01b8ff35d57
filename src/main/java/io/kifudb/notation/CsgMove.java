package io.kifudb.notation;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.Move;
import io.kifudb.rules.RuleSet;

import java.util.List;

/**
 * One ply line of a .csg file, parsed but not checked against the position.
 *
 * @param number  move number as written (0 for the dummy first line)
 * @param piece   lishogi token of the piece named on the line
 * @param from    origin square
 * @param mid     first square of a two-step move (also the captured square of igui), or {@link Move#NO_SQUARE}
 * @param to      destination (the origin for igui)
 * @param marks   the mark before each written square after the origin: {@code -}, {@code x} or {@code x!}
 * @param squares the written squares after the origin, one per mark
 * @param usi     the move in USI
 */
record CsgMove(int number, String piece, int from, int mid, int to, List<String> marks, List<Integer> squares, String usi) {
    private static final Geometry GEO = RuleSet.CHU.geometry();

    /**
     * Parses {@code <no> <piece> <from> (-|x) <to>}, {@code <no> <piece> <from> x! <sq>} and
     * {@code <no> <piece> <from> (-|x) <mid> (-|x) <to>}, each optionally followed by {@code +} or {@code =}.
     *
     * @throws MovePlayer.NotAMove if the line is not a move line
     */
    static CsgMove parse(String line) {
        String[] t = line.strip().split("\\s+");
        if (t.length < 3)
            throw new MovePlayer.NotAMove("malformed move line (expected e.g. '1 P 8i - 8h')");
        int number;
        try {
            number = Integer.parseInt(t[0]);
        } catch (NumberFormatException e) {
            throw new MovePlayer.NotAMove("malformed move line: '" + t[0] + "' is not a move number");
        }
        if (number < 0) throw new MovePlayer.NotAMove("negative move number " + number);
        String piece = Csg.token(t[1]);
        if (piece == null) throw new MovePlayer.NotAMove("unknown piece abbreviation '" + t[1] + "'");
        // Allow a promotion mark glued to the last square ("8h+").
        int n = t.length;
        String last = t[n - 1];
        String mark = null;
        if (last.equals("+") || last.equals("=")) {
            mark = last;
            n--;
        } else if (n > 3 && last.length() > 1 && (last.endsWith("+") || last.endsWith("="))) {
            mark = last.substring(last.length() - 1);
            t[n - 1] = last.substring(0, last.length() - 1);
        }
        int from = square(t[2]);
        if (n != 5 && n != 7)
            throw new MovePlayer.NotAMove("malformed move line (expected '<no> <piece> <from> - <to>', 'x <to>', 'x! <sq>' or two steps, then '+' or '=')");
        String sep1 = t[3];
        int first = square(t[4]);
        int mid = Move.NO_SQUARE, to;
        List<String> marks;
        List<Integer> squares;
        if (n == 5) {
            switch (sep1) {
                case "-", "x" -> to = first;
                case "x!" -> {
                    mid = first;
                    to = from;
                }
                default -> throw separator(sep1);
            }
            marks = List.of(sep1);
            squares = List.of(first);
        } else {
            if (!sep1.equals("-") && !sep1.equals("x")) throw separator(sep1);
            String sep2 = t[5];
            if (!sep2.equals("-") && !sep2.equals("x")) throw separator(sep2);
            mid = first;
            to = square(t[6]);
            marks = List.of(sep1, sep2);
            squares = List.of(first, to);
        }
        StringBuilder usi = new StringBuilder(10).append(GEO.name(from));
        if (mid != Move.NO_SQUARE) usi.append(GEO.name(mid));
        usi.append(GEO.name(to));
        if ("+".equals(mark)) usi.append('+');
        return new CsgMove(number, piece, from, mid, to, marks, squares, usi.toString());
    }

    private static MovePlayer.NotAMove separator(String sep) {
        return new MovePlayer.NotAMove("unexpected '" + sep + "' where '-', 'x' or 'x!' belongs");
    }

    private static int square(String name) {
        int sq = GEO.parse(name);
        if (sq < 0) throw new MovePlayer.NotAMove("malformed square '" + name + "' (files 1-12, ranks a-l)");
        return sq;
    }
}
