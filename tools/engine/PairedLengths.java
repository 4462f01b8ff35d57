import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two builds of our engine against the same opponent on the same openings and colours, compared game by game
 * (docs/engine.md, "A ply more of pruning"): referee match files given in pairs, the candidate's file and then
 * the base's file played with the same opening file, so that a game number means the same opening and colours
 * in both. For each pair of games: the result and length of each, and the difference in length (candidate
 * minus base), a game not won counting as 400 plies (the referee's cap, the longest a win can take). Then the
 * points, the median and mean difference and a Wilcoxon signed-rank test on the differences (normal
 * approximation, zero differences left out, tied ranks averaged): z above 0 when the candidate's games are
 * longer.
 *
 * <p>Run from the repository root: {@code java tools/engine/PairedLengths.java CAND-191a.ndjson BASE-191a.ndjson
 * CAND-191b.ndjson BASE-191b.ndjson ...}. Our engine is the side whose name contains "kifudb".
 */
public class PairedLengths {
    static final int CAP = 400;
    static final Pattern GAME = Pattern.compile("\"game\":(\\d+)"), A = Pattern.compile("\"a\":\"([^\"]*)\""),
            SCORE = Pattern.compile("\"scoreA\":([0-9.]+)"), PLIES = Pattern.compile("\"plies\":(\\d+)"),
            REASON = Pattern.compile("\"reason\":\"([^\"]*)\"");

    record Game(double score, int plies, String reason) {
        int length() {
            return score == 1 ? plies : CAP;
        }
    }

    public static void main(String[] files) throws Exception {
        if (files.length == 0 || files.length % 2 != 0) throw new IllegalArgumentException("give the files in pairs: candidate, base");
        List<Integer> diffs = new ArrayList<>();
        double candidatePoints = 0, basePoints = 0;
        for (int f = 0; f < files.length; f += 2) {
            Map<Integer, Game> candidate = read(files[f]), base = read(files[f + 1]);
            for (var e : candidate.entrySet()) {
                Game c = e.getValue(), b = base.get(e.getKey());
                if (b == null) continue;
                candidatePoints += c.score();
                basePoints += b.score();
                diffs.add(c.length() - b.length());
                System.out.printf("%s game %d: candidate %s %s %d, base %s %s %d, difference %+d%n", Path.of(files[f]).getFileName(),
                        e.getKey(), c.score(), c.reason(), c.plies(), b.score(), b.reason(), b.plies(), c.length() - b.length());
            }
        }
        int n = diffs.size();
        List<Integer> sorted = new ArrayList<>(diffs);
        sorted.sort(null);
        double median = (sorted.get((n - 1) / 2) + sorted.get(n / 2)) / 2.0;
        double mean = diffs.stream().mapToInt(Integer::intValue).average().orElse(0);
        long shorter = diffs.stream().filter(d -> d < 0).count(), longer = diffs.stream().filter(d -> d > 0).count();
        System.out.printf("%d pairs: candidate %.1f points, base %.1f; length difference median %+.1f, mean %+.1f plies; "
                + "candidate shorter in %d, longer in %d; Wilcoxon signed-rank z %+.2f%n",
                n, candidatePoints, basePoints, median, mean, shorter, longer, wilcoxonZ(diffs));
    }

    /** The signed-rank statistic's z score: positive when the positive differences outweigh the negative ones. */
    static double wilcoxonZ(List<Integer> diffs) {
        List<Integer> nonZero = new ArrayList<>(diffs.stream().filter(d -> d != 0).toList());
        nonZero.sort((x, y) -> Integer.compare(Math.abs(x), Math.abs(y)));
        int m = nonZero.size();
        if (m == 0) return 0;
        double positive = 0;
        for (int i = 0; i < m; ) {
            int j = i;
            while (j < m && Math.abs(nonZero.get(j)) == Math.abs(nonZero.get(i))) j++;
            double rank = (i + 1 + j) / 2.0; // ranks i+1 .. j share their average
            for (int k = i; k < j; k++) if (nonZero.get(k) > 0) positive += rank;
            i = j;
        }
        double mu = m * (m + 1) / 4.0, sd = Math.sqrt(m * (m + 1) * (2.0 * m + 1) / 24);
        return (positive - mu) / sd;
    }

    static Map<Integer, Game> read(String file) throws Exception {
        Map<Integer, Game> games = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of(file))) {
            Matcher g = GAME.matcher(line), a = A.matcher(line), s = SCORE.matcher(line), p = PLIES.matcher(line),
                    r = REASON.matcher(line);
            if (!g.find() || !a.find() || !p.find() || !r.find()) continue; // the summary line
            if (!s.find()) continue; // not scored
            double score = Double.parseDouble(s.group(1));
            if (!a.group(1).contains("kifudb")) score = 1 - score;
            games.put(Integer.parseInt(g.group(1)), new Game(score, Integer.parseInt(p.group(1)), r.group(1)));
        }
        return games;
    }
}
