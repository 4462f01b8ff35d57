package io.kifudb.notation;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.Move;
import io.kifudb.rules.RuleSet;

/**
 * One ply line of a .csg file, parsed but not checked against the position.
 *
 * @param number move number as written (0 for the dummy first line)
 * @param piece  lishogi token of the piece named on the line
 * @param from   origin square
 * @param mid    first square of a two-step move (also the captured square of igui), or {@link Move#NO_SQUARE}
 * @param to     destination (the origin for igui)
 * @param usi    the move in USI
 */
record CsgMove(int number, String piece, int from, int mid, int to, String usi) {
    private static final Geometry GEO = RuleSet.CHU.geometry();

    /**
     * Parses {@code <no> <piece> <from> (-|x) <to>}, {@code <no> <piece> <from> x! <sq>} and
     * {@code <no> <piece> <from> (-|x) <mid> (-|x) <to>}, each optionally followed by {@code +} or {@code =}.
     */
    static CsgMove parse(String source, int lineNo, String line) {
        String[] t = line.strip().split("\\s+");
        if (t.length < 3)
            throw new RecordFormatException(source, lineNo, "malformed move line '" + line + "' (expected e.g. '1 P 8i - 8h')");
        int number;
        try {
            number = Integer.parseInt(t[0]);
        } catch (NumberFormatException e) {
            throw new RecordFormatException(source, lineNo, "malformed move line '" + line + "': '" + t[0] + "' is not a move number");
        }
        if (number < 0) throw new RecordFormatException(source, lineNo, "negative move number " + number);
        String piece = Csg.token(t[1]);
        if (piece == null) throw new RecordFormatException(source, lineNo, "unknown piece abbreviation '" + t[1] + "'");
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
        int from = square(source, lineNo, t[2]);
        if (n != 5 && n != 7)
            throw new RecordFormatException(source, lineNo, "malformed move line '" + line
                    + "' (expected '<no> <piece> <from> - <to>', 'x <to>', 'x! <sq>' or two steps, then '+' or '=')");
        String sep1 = t[3];
        int first = square(source, lineNo, t[4]);
        int mid = Move.NO_SQUARE, to;
        if (n == 5) {
            switch (sep1) {
                case "-", "x" -> to = first;
                case "x!" -> {
                    mid = first;
                    to = from;
                }
                default -> throw separator(source, lineNo, sep1);
            }
        } else {
            if (!sep1.equals("-") && !sep1.equals("x")) throw separator(source, lineNo, sep1);
            String sep2 = t[5];
            if (!sep2.equals("-") && !sep2.equals("x")) throw separator(source, lineNo, sep2);
            mid = first;
            to = square(source, lineNo, t[6]);
        }
        StringBuilder usi = new StringBuilder(10).append(GEO.name(from));
        if (mid != Move.NO_SQUARE) usi.append(GEO.name(mid));
        usi.append(GEO.name(to));
        if ("+".equals(mark)) usi.append('+');
        return new CsgMove(number, piece, from, mid, to, usi.toString());
    }

    private static RecordFormatException separator(String source, int lineNo, String sep) {
        return new RecordFormatException(source, lineNo, "unexpected '" + sep + "' where '-', 'x' or 'x!' belongs");
    }

    private static int square(String source, int lineNo, String name) {
        int sq = GEO.parse(name);
        if (sq < 0) throw new RecordFormatException(source, lineNo, "malformed square '" + name + "' (files 1-12, ranks a-l)");
        return sq;
    }
}
