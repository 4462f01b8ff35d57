import io.kifudb.mate.MateLimits;
import io.kifudb.mate.MateResult;
import io.kifudb.mate.MateSolver;
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
 * Whether the games cut at the ply cap were mates in progress (docs/engine.md, "The cut games as a test bed"):
 * over referee match files (NDJSON, plain or gzipped, chu-lishogi), for every game that ended by
 * {@code max-plies}, the mate solver (forcing moves only, as {@code analyse --mate}) on the positions from ply
 * {@code from} (default 300) where our engine (the player whose name starts with {@code ours}, default
 * "kifudb") is to move, one in every {@code step} of them (default 3), {@code ms} milliseconds each (default
 * 4000). One line per cut game: the positions tried and each mate found, as ply:length, with whether the game's
 * move there was the mate's first move.
 *
 * <p>Run from the repository root after a build: {@code java -cp target/classes tools/engine/CutMates.java
 * docs/matches/hachu-1s-valuehunt-s2-001b.ndjson}.
 */
public class CutMates {
    public static void main(String[] files) throws Exception {
        RuleSet rules = RuleSet.byId("chu-lishogi");
        int from = Integer.getInteger("from", 300), step = Integer.getInteger("step", 3);
        long ms = Long.getLong("ms", 4000);
        String ours = System.getProperty("ours", "kifudb");
        MateSolver solver = new MateSolver(32); // each solve clears its table
        Pattern movesField = Pattern.compile("\"moves\":\"([^\"]*)\""), startField = Pattern.compile("\"startSfen\":\"([^\"]*)\""),
                senteField = Pattern.compile("\"sente\":\"([^\"]*)\""), gameField = Pattern.compile("\"game\":([0-9]+)");
        for (String file : files) {
            try (InputStream raw = new FileInputStream(file);
                 BufferedReader in = new BufferedReader(new InputStreamReader(file.endsWith(".gz") ? new GZIPInputStream(raw) : raw,
                         StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    Matcher m = movesField.matcher(line), s = startField.matcher(line), sente = senteField.matcher(line),
                            game = gameField.matcher(line);
                    if (!line.contains("\"reason\":\"max-plies\"") || !m.find() || !s.find() || !sente.find() || !game.find()) continue;
                    int us = sente.group(1).startsWith(ours) ? Position.SENTE : Position.GOTE;
                    Position pos = Sfen.parse(rules, s.group(1));
                    String[] moves = m.group(1).split(" ");
                    int tried = 0, ourTurns = 0;
                    StringBuilder mates = new StringBuilder();
                    for (int i = 0; i < moves.length; i++) {
                        if (i >= from && pos.sideToMove() == us && ourTurns++ % step == 0) {
                            tried++;
                            MateResult r = solver.solve(pos, MateLimits.time(ms));
                            if (r.outcome() == MateResult.Outcome.MATE)
                                mates.append(String.format(" %d:%d (%s)", i, r.plies(),
                                        r.line().get(0).equals(moves[i]) ? "played" : "game played " + moves[i] + ", mate starts " + r.line().get(0)));
                        }
                        pos.play(moves[i]);
                    }
                    System.out.printf("%s game %s: our engine %s, %d positions from ply %d, mates found:%s%n", file, game.group(1),
                            us == Position.SENTE ? "sente" : "gote", tried, from, mates.length() == 0 ? " none" : mates);
                }
            }
        }
    }
}
