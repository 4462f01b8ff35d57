package io.kifudb.text;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * Names that differ by a slip of the pen: the same name in other letter case, or a letter or two off
 * (by default one in a name of up to four letters, two in a longer one). Used wherever a name nobody here knows is
 * refused with the name that was probably meant: query parameters and body members of the API, members of
 * a JSON game record.
 */
public final class Spelling {
    private Spelling() {}

    /** The known name {@code given} is most likely a slip for, if any (ties: the first in alphabetical order). */
    public static Optional<String> slipFor(String given, Collection<String> known) {
        return slipFor(given, known, given == null || given.length() <= 4 ? 1 : 2);
    }

    /** The same, with at most {@code allowed} letters off (0: letter case only). */
    public static Optional<String> slipFor(String given, Collection<String> known, int allowed) {
        if (given == null || given.isEmpty()) return Optional.empty();
        for (String k : known) if (k.equalsIgnoreCase(given)) return Optional.of(k);
        String lower = given.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(lower, k.toLowerCase(Locale.ROOT));
            if (d <= allowed && (d < bestDistance || (d == bestDistance && k.compareTo(best) < 0))) {
                best = k;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Edit distance: insertions, deletions, substitutions and swaps of two neighbours each count one. */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1))
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
            }
        }
        return d[a.length()][b.length()];
    }
}
