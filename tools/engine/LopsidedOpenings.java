import io.kifudb.engine.EvalParams;
import io.kifudb.engine.Tuner;
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
 * A test bed for converting won games (docs/engine.md, "What the cut games were"): from match files
 * (NDJSON from {@code sprt} or the referee, plain or gzipped, chu-lishogi, games from the start position), the
 * games cut at the ply cap in which one side's non-royal pieces were worth at least {@code -Dratio} (1.5) times
 * the other's both at ply {@code -Dply} (200) and at the cut (the shipped {@code value} weights), printed as
 * openings for {@code sprt --openings}: the game's first {@code -Dply} moves, then where it came from.
 * Played by {@code sprt} from there with both colours, a pair is decided by which engine, on the side ahead,
 * finishes the game before the cap.
 *
 * <p>Run from the repository root after a build: {@code java -cp target/classes tools/engine/LopsidedOpenings.java
 * docs/matches/sprt-vh-vs-060.ndjson.gz > lopsided.txt}.
 */
public class LopsidedOpenings {
    public static void main(String[] files) throws Exception {
        int atPly = Integer.getInteger("ply", 200);
        double minRatio = Double.parseDouble(System.getProperty("ratio", "1.5"));
        RuleSet rules = RuleSet.byId("chu-lishogi");
        EvalParams values = Tuner.shipped(rules);
        Pattern movesField = Pattern.compile("\"moves\":\"([^\"]*)\""), startField = Pattern.compile("\"startSfen\":\"([^\"]*)\""),
                reasonField = Pattern.compile("\"reason\":\"([^\"]*)\"");
        String start = Sfen.format(Position.start(rules));
        for (String file : files) {
            int game = 0;
            try (InputStream raw = new FileInputStream(file);
                 BufferedReader in = new BufferedReader(new InputStreamReader(file.endsWith(".gz") ? new GZIPInputStream(raw) : raw,
                         StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    Matcher m = movesField.matcher(line), s = startField.matcher(line), reason = reasonField.matcher(line);
                    if (!m.find() || !s.find() || !reason.find()) continue; // a summary line
                    game++;
                    if (!reason.group(1).equals("max-plies") || !s.group(1).equals(start)) continue;
                    String[] moves = m.group(1).split(" ");
                    if (moves.length <= atPly) continue;
                    Position pos = Sfen.parse(rules, s.group(1));
                    for (int i = 0; i < atPly; i++) pos.play(moves[i]);
                    int aheadThen = ahead(values, pos, minRatio);
                    for (int i = atPly; i < moves.length; i++) pos.play(moves[i]);
                    if (aheadThen < 0 || ahead(values, pos, minRatio) != aheadThen) continue;
                    System.out.println(String.join(" ", java.util.Arrays.copyOf(moves, atPly)) + " # " + file.replaceAll(".*/", "")
                            + " game " + game + ", " + (aheadThen == Position.SENTE ? "sente" : "gote") + " ahead");
                }
            }
        }
    }

    /** The side whose non-royal pieces are worth at least {@code minRatio} times the other's, or -1. */
    static int ahead(EvalParams values, Position pos, double minRatio) {
        int[] material = {values.worth(pos, 0), values.worth(pos, 1)};
        int side = material[0] >= material[1] ? 0 : 1;
        return material[side] >= minRatio * Math.max(1, material[side ^ 1]) ? side : -1;
    }
}
