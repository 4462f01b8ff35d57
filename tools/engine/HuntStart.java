import io.kifudb.engine.EvalParams;
import io.kifudb.engine.Tuner;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When our engine's lead became decisive in referee match files, and how long it took from there (docs/engine.md,
 * "When the lead comes"): for every game (NDJSON from the referee, chu-lishogi, our engine the one whose name
 * contains "kifudb"), the first ply after which the other side, with one royal, is hunted
 * ({@link EvalParams#hunted}: its last four pieces, a count far behind, or its pieces worth two thirds of ours
 * or less, with the shipped {@code value} weights). Prints, for the games finished after such a ply, how many
 * plies the finish took (median, 75th and 90th percentile, most), the first-hunted ply of each game cut at the
 * cap, and by the ply the hunt began how many of those games were finished and how many cut.
 *
 * <p>Run from the repository root after a build: {@code java -cp target/classes tools/engine/HuntStart.java
 * docs/matches/hachu-1s-0130-s2-061a.ndjson ...}.
 */
public class HuntStart {
    public static void main(String[] files) throws Exception {
        RuleSet rules = RuleSet.byId("chu-lishogi");
        EvalParams values = Tuner.shipped(rules);
        Pattern movesField = Pattern.compile("\"moves\":\"([^\"]*)\""), startField = Pattern.compile("\"startSfen\":\"([^\"]*)\""),
                colourField = Pattern.compile("\"aColor\":\"(\\w+)\""), reasonField = Pattern.compile("\"reason\":\"([^\"]*)\""),
                nameField = Pattern.compile("\"a\":\"([^\"]*)\"");
        List<Integer> lengths = new ArrayList<>(), finishStart = new ArrayList<>(), cutStart = new ArrayList<>();
        int games = 0, neverHunted = 0;
        for (String file : files)
            for (String line : Files.readAllLines(Path.of(file))) {
                Matcher m = movesField.matcher(line), s = startField.matcher(line), c = colourField.matcher(line),
                        reason = reasonField.matcher(line), name = nameField.matcher(line);
                if (!m.find() || !s.find() || !c.find() || !reason.find() || !name.find()) continue; // a summary line
                games++;
                int a = c.group(1).equals("sente") ? Position.SENTE : Position.GOTE;
                int us = name.group(1).contains("kifudb") ? a : a ^ 1, them = us ^ 1;
                Position pos = Sfen.parse(rules, s.group(1));
                int ply = 0, hunted = -1;
                for (String usi : m.group(1).split(" ")) {
                    pos.play(usi);
                    ply++;
                    if (hunted >= 0 || pos.royalCount(them) != 1) continue;
                    int ours = pos.pieceCount(us) - pos.royalCount(us), theirs = pos.pieceCount(them) - pos.royalCount(them);
                    if (EvalParams.hunted(theirs, ours, values.worth(pos, them), values.worth(pos, us))) hunted = ply;
                }
                if (hunted < 0) neverHunted++;
                else if (reason.group(1).equals("max-plies")) cutStart.add(hunted);
                else {
                    lengths.add(ply - hunted);
                    finishStart.add(hunted);
                }
            }
        Collections.sort(lengths);
        int n = lengths.size();
        System.out.printf("%d games; the other side never hunted in %d; hunted and the game finished in %d%n", games, neverHunted, n);
        if (n > 0)
            System.out.printf("plies from the first hunted ply to the end: median %d, 75th percentile %d, 90th %d, most %d%n",
                    lengths.get(n / 2), lengths.get(n * 3 / 4), lengths.get(n * 9 / 10), lengths.get(n - 1));
        System.out.println("games cut at the cap, hunted from ply: " + cutStart);
        for (int from : new int[] {200, 250, 300, 350}) {
            long finished = finishStart.stream().filter(p -> p >= from).count(), cut = cutStart.stream().filter(p -> p >= from).count();
            System.out.printf("hunted first at ply %d or later: %d finished, %d cut%n", from, finished, cut);
        }
    }
}
