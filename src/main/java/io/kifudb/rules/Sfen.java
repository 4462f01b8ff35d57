package io.kifudb.rules;

/**
 * SFEN as lishogi writes it for Chu: {@code board side marker moveNumber}; ranks from {@code a}, files
 * from N down to 1, run lengths up to N, uppercase sente, {@code +} before a promoted piece's unpromoted
 * letter; the third field is the counter-strike square or {@code -} (Chu), the square of the enemy 酔象 that
 * captured on the previous move or {@code -} (shodoshu2017*), always {@code -} (dai13-kumazawa).
 */
public final class Sfen {
    private Sfen() {}

    public static Position parse(RuleSet rules, String sfen) {
        if (sfen == null || sfen.isBlank()) throw new SfenException("empty SFEN");
        String[] f = sfen.trim().split("\\s+");
        if (f.length < 2 || f.length > 4)
            throw new SfenException("SFEN needs 2 to 4 space-separated fields (board, side, marker, move number), got " + f.length);
        Position pos = new Position(rules);
        Geometry g = pos.geo;
        String[] ranks = f[0].split("/", -1);
        if (ranks.length != g.size)
            throw new SfenException("SFEN board has " + ranks.length + " ranks, " + rules.id + " needs " + g.size);
        for (int r = 0; r < g.size; r++) {
            String row = ranks[r];
            int file = 0;
            for (int i = 0; i < row.length(); ) {
                char c = row.charAt(i);
                if (c >= '0' && c <= '9') {
                    int j = i;
                    while (j < row.length() && row.charAt(j) >= '0' && row.charAt(j) <= '9') j++;
                    // A run longer than the board is refused before it is parsed (it may not fit an int).
                    if (j - i > 3) throw new SfenException("rank " + rankName(r) + " has more than " + g.size + " squares");
                    int run = Integer.parseInt(row.substring(i, j));
                    if (run == 0) throw new SfenException("rank " + rankName(r) + ": empty run of 0 squares");
                    if (file + run > g.size) throw new SfenException("rank " + rankName(r) + " has more than " + g.size + " squares");
                    file += run;
                    i = j;
                    continue;
                }
                boolean promoted = c == '+';
                if (promoted) {
                    if (++i >= row.length()) throw new SfenException("rank " + rankName(r) + ": '+' without a piece");
                    c = row.charAt(i);
                }
                if (!Character.isLetter(c)) throw new SfenException("rank " + rankName(r) + ": unexpected '" + c + "'");
                String token = (promoted ? "+" : "") + Character.toLowerCase(c);
                PieceKind k = rules.variant.byToken(token);
                if (k == null)
                    throw new SfenException("rank " + rankName(r) + ": no piece '" + (promoted ? "+" : "") + c + "' in " + rules.id);
                if (file >= g.size)
                    throw new SfenException("rank " + rankName(r) + " has more than " + g.size + " squares");
                pos.board[r * g.size + file] = (byte) (Character.isUpperCase(c) ? k.id : -k.id);
                file++;
                i++;
            }
            if (file != g.size)
                throw new SfenException("rank " + rankName(r) + " covers " + file + " squares, not " + g.size);
        }
        pos.side = switch (f[1]) {
            case "b" -> Position.SENTE;
            case "w" -> Position.GOTE;
            default -> throw new SfenException("side to move must be 'b' or 'w', got '" + f[1] + "'");
        };
        if (f.length >= 3 && !f[2].equals("-")) {
            int sq = g.parse(f[2]);
            if (sq < 0) throw new SfenException("third field must be '-' or a square, got '" + f[2] + "'");
            // The square may be empty: a Falcon or Eagle that took a Lion on its first step moved on.
            pos.marker = sq;
            checkThirdField(rules, pos, f[2]);
        }
        if (f.length == 4) {
            try {
                pos.moveNumber = Integer.parseInt(f[3]);
            } catch (NumberFormatException e) {
                throw new SfenException("move number must be a positive integer, got '" + f[3] + "'");
            }
            if (pos.moveNumber < 1) throw new SfenException("move number must be a positive integer, got '" + f[3] + "'");
        }
        pos.initialise();
        return pos;
    }

    /**
     * The 13×13 rule sets' field 3 (pieces-and-setups.md §1.5): always {@code -} in dai13-kumazawa; in
     * shodoshu2017* the square of an unpromoted 酔象 of the side that just moved (the one that captured).
     */
    private static void checkThirdField(RuleSet rules, Position pos, String field) {
        switch (rules.thirdField()) {
            case NONE -> throw new SfenException("third field must be '-' under " + rules.id + ", got '" + field + "'");
            case CAPTURING_ELEPHANT -> {
                int code = pos.board[pos.marker];
                if (code == 0 || Position.owner(code) == pos.side || !pos.kinds[Math.abs(code)].exchangedWhenTaken)
                    throw new SfenException("third field under " + rules.id + " must be '-' or the square of an unpromoted drunk elephant"
                            + " of the side that just moved (the one that captured); '" + field + "' is not");
            }
            case COUNTER_STRIKE -> { }
        }
    }

    private static String rankName(int r) {
        return String.valueOf((char) ('a' + r));
    }

    public static String format(Position pos) {
        Geometry g = pos.geo;
        StringBuilder sb = new StringBuilder(96);
        for (int r = 0; r < g.size; r++) {
            if (r > 0) sb.append('/');
            int empty = 0;
            for (int f = 0; f < g.size; f++) {
                int p = pos.board[r * g.size + f];
                if (p == 0) {
                    empty++;
                    continue;
                }
                if (empty > 0) sb.append(empty);
                empty = 0;
                String token = pos.kinds[Math.abs(p)].token;
                sb.append(p > 0 ? token.toUpperCase(java.util.Locale.ROOT) : token);
            }
            if (empty > 0) sb.append(empty);
        }
        sb.append(pos.side == Position.SENTE ? " b " : " w ");
        sb.append(pos.marker < 0 ? "-" : g.name(pos.marker));
        sb.append(' ').append(pos.moveNumber);
        return sb.toString();
    }
}
