import io.kifudb.engine.Tuner;
import io.kifudb.engine.EvalParams;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * How far apart the sides were in the games cut at the ply cap (docs/engine.md, "What the cut games were"):
 * over match files (NDJSON from the referee or from {@code sprt}, plain or gzipped, chu-lishogi), the value of
 * each side's non-royal pieces at the cut (the shipped parameters' {@code value} weights), how many cut games
 * end with one side worth 1.2, 1.5, 2 or 3 times the other, and in how many of the lopsided ones (1.5 times
 * or more) engine A was the side ahead.
 *
 * <p>Run from the repository root after a build: {@code java -cp target/classes tools/engine/CutGames.java
 * docs/matches/sprt-vh-vs-060.ndjson.gz}.
 */
public class CutGames {
    public static void main(String[] files) throws Exception {
        RuleSet rules = RuleSet.byId("chu-lishogi");
        EvalParams values = Tuner.shipped(rules);
        Pattern movesField = Pattern.compile("\"moves\":\"([^\"]*)\""), startField = Pattern.compile("\"startSfen\":\"([^\"]*)\""),
                colourField = Pattern.compile("\"aColor\":\"(\\w+)\""), reasonField = Pattern.compile("\"reason\":\"([^\"]*)\"");
        for (String file : files) {
            int cut = 0, games = 0, lopsided = 0, aAhead = 0;
            int[] byRatio = new int[5]; // below 1.2, 1.2-1.5, 1.5-2, 2-3, 3 or more
            try (InputStream raw = new FileInputStream(file);
                 BufferedReader in = new BufferedReader(new InputStreamReader(file.endsWith(".gz") ? new GZIPInputStream(raw) : raw,
                         StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    Matcher m = movesField.matcher(line), s = startField.matcher(line), c = colourField.matcher(line),
                            reason = reasonField.matcher(line);
                    if (!m.find() || !s.find() || !c.find() || !reason.find()) continue; // a summary line
                    games++;
                    if (!reason.group(1).equals("max-plies")) continue;
                    cut++;
                    Position pos = Sfen.parse(rules, s.group(1));
                    for (String usi : m.group(1).split(" ")) pos.play(usi);
                    int[] material = {values.worth(pos, 0), values.worth(pos, 1)};
                    int ahead = material[0] >= material[1] ? 0 : 1;
                    double ratio = (double) material[ahead] / Math.max(1, material[ahead ^ 1]);
                    byRatio[ratio >= 3 ? 4 : ratio >= 2 ? 3 : ratio >= 1.5 ? 2 : ratio >= 1.2 ? 1 : 0]++;
                    if (ratio >= 1.5) {
                        lopsided++;
                        int a = c.group(1).equals("sente") ? Position.SENTE : Position.GOTE;
                        if (ahead == a) aAhead++;
                    }
                }
            }
            System.out.printf("%s: %d games, %d cut at the cap; the side ahead worth below 1.2 times the other %d, 1.2-1.5 %d, "
                            + "1.5-2 %d, 2-3 %d, 3 or more %d; of the %d at 1.5 or more, A ahead in %d%n",
                    file, games, cut, byRatio[0], byRatio[1], byRatio[2], byRatio[3], byRatio[4], lopsided, aAhead);
        }
    }
}
