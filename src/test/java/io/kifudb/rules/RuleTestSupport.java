package io.kifudb.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Set;
import java.util.TreeSet;

/**
 * Shared helpers for the rule tests: a tiny SFEN builder for sparse Chu positions and move-set
 * accessors in USI spelling. Not a test class itself.
 */
public final class RuleTestSupport {
    static final String START =
            "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

    private RuleTestSupport() {}

    /**
     * Builds a 12x12 Chu SFEN from placements such as {@code "7g:N"} (sente Lion on 7g) or
     * {@code "7i:+o"} (gote promoted Kirin on 7i). Uppercase is sente, lowercase gote.
     *
     * @param side   {@code "b"} or {@code "w"}
     * @param marker the counter-strike square or {@code "-"}
     */
    public static String sfen(String side, String marker, String... placements) {
        String[][] grid = new String[12][12];
        for (String pl : placements) {
            int colon = pl.indexOf(':');
            String sq = pl.substring(0, colon), piece = pl.substring(colon + 1);
            int file = Integer.parseInt(sq.substring(0, sq.length() - 1));
            int rank = sq.charAt(sq.length() - 1) - 'a';
            int col = 12 - file;
            if (grid[rank][col] != null) throw new IllegalArgumentException("two pieces on " + sq);
            grid[rank][col] = piece;
        }
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < 12; r++) {
            if (r > 0) sb.append('/');
            int empty = 0;
            for (int c = 0; c < 12; c++) {
                if (grid[r][c] == null) {
                    empty++;
                    continue;
                }
                if (empty > 0) sb.append(empty);
                empty = 0;
                sb.append(grid[r][c]);
            }
            if (empty > 0) sb.append(empty);
        }
        return sb + " " + side + " " + marker + " 1";
    }

    static Position pos(RuleSet rules, String sfen) {
        Position p = Sfen.parse(rules, sfen);
        // The builder must produce exactly what the engine reads back.
        assertEquals(sfen, p.sfen(), "SFEN round trip");
        return p;
    }

    /** All legal moves of the position (ignoring whether the game has ended), in USI spelling. */
    static Set<String> moves(Position p) {
        int[] buf = new int[4096];
        int n = p.generate(buf);
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            String u = p.usi(buf[i]);
            if (!out.add(u)) fail("move listed twice: " + u + " in " + p.sfen());
        }
        return out;
    }

    /** The legal moves of the piece standing on {@code from}. */
    static Set<String> movesFrom(Position p, String from) {
        int sq = p.geometry().parse(from);
        int[] buf = new int[4096];
        int n = p.generate(buf);
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < n; i++) if (Move.from(buf[i]) == sq) out.add(p.usi(buf[i]));
        return out;
    }

    /** The moves {@link Position#legalMoves()} lists (empty once the game is over). */
    static Set<String> legalMoves(Position p) {
        Set<String> out = new TreeSet<>();
        for (int m : p.legalMoves()) out.add(p.usi(m));
        return out;
    }

    static boolean legal(Position p, String usi) {
        try {
            p.parseMove(usi);
            return true;
        } catch (IllegalMoveException e) {
            return false;
        }
    }

    /** Asserts the move is refused and returns the engine's reason. */
    static String refusal(Position p, String usi) {
        return assertThrows(IllegalMoveException.class, () -> p.parseMove(usi), usi + " should be illegal in " + p.sfen())
                .reason;
    }

    static Set<String> set(String... usi) {
        return new TreeSet<>(Set.of(usi));
    }

    /** Field 3 of the SFEN: the counter-strike square or "-". */
    static String markerField(Position p) {
        return p.sfen().split(" ")[2];
    }
}
