import io.kifudb.engine.EvalParams;
import io.kifudb.engine.Tuner;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * A test bed for the hunt terms against a King with a Crown Prince (docs/engine.md, "Hunting a King and a
 * Prince"): from game files (NDJSON from {@code selfplay}, {@code sprt} or the referee, plain or gzipped, games
 * from the start position), every game in which a side with two or more royals becomes hunted by the hunt terms'
 * condition ({@code EvalParams.hunted}: down to its last 4 non-royal pieces, or to 12 against one and a half
 * times as many, or to pieces worth two thirds of the other side's), printed as an opening for {@code sprt --openings}: the game's moves up to that ply. On
 * stderr, per file, how many games had a side with two royals and how many had one hunted.
 *
 * <p>Run from the repository root after a build: {@code java -cp target/classes tools/engine/PrinceOpenings.java
 * selfplay.ndjson > prince-openings.txt}.
 */
public class PrinceOpenings {
    private static final java.util.Map<RuleSet, EvalParams> PARAMS = new java.util.HashMap<>();

    public static void main(String[] files) throws Exception {
        for (String file : files) {
            int games = 0, twoRoyals = 0, hunted = 0;
            try (InputStream raw = new FileInputStream(file);
                 BufferedReader in = new BufferedReader(new InputStreamReader(
                         file.endsWith(".gz") ? new GZIPInputStream(raw) : raw, StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    String moves = field(line, "moves");
                    if (moves == null || moves.isBlank()) continue;
                    String rules = field(line, "rules");
                    Position p = Position.start(RuleSet.byId(rules == null ? "chu-lishogi" : rules));
                    String[] mv = moves.split(" ");
                    games++;
                    boolean two = false;
                    for (int i = 0; i < mv.length; i++) {
                        p.play(mv[i]);
                        int side = huntedWithTwoRoyals(p);
                        two |= p.royalCount(0) > 1 || p.royalCount(1) > 1;
                        if (side >= 0) {
                            System.out.println(String.join(" ", Arrays.copyOf(mv, i + 1)));
                            hunted++;
                            break;
                        }
                    }
                    if (two) twoRoyals++;
                }
            }
            System.err.printf("%s: %d games, %d with a side holding two royals, %d with that side hunted%n", file, games, twoRoyals, hunted);
        }
    }

    /** The side with two or more royals that the hunt terms' condition holds against, or -1. */
    private static int huntedWithTwoRoyals(Position p) {
        EvalParams params = PARAMS.computeIfAbsent(p.rules, Tuner::shipped);
        for (int side = 0; side < 2; side++) {
            if (p.royalCount(side) < 2) continue;
            int left = p.pieceCount(side) - p.royalCount(side), attackerLeft = p.pieceCount(1 - side) - p.royalCount(1 - side);
            if (EvalParams.hunted(left, attackerLeft, params.worth(p, side), params.worth(p, 1 - side))) return side;
        }
        return -1;
    }

    private static String field(String line, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":\"([^\"]*)\"").matcher(line);
        return m.find() ? m.group(1) : null;
    }
}
