import io.kifudb.engine.Engine;
import io.kifudb.engine.SearchLimits;
import io.kifudb.engine.SearchResult;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Our engine's evaluation along the games of referee match files that were cut at the ply cap (or with
 * {@code -Dall=true} all of them; NDJSON, chu-lishogi, our engine as side A): every {@code step} plies (default 25) from ply {@code from} (default
 * 100), the score of a search of {@code nodes} nodes (default 150,000) from our side's point of view, with
 * both sides' piece counts. It tells a cut game that stayed level from one our engine thought won for
 * hundreds of plies (docs/engine.md, "What the cut games were").
 *
 * <p>Run from the repository root after a build: {@code java -cp target/classes tools/engine/EvalTrace.java
 * docs/matches/hachu-1s-tuned6-open53b.ndjson}; {@code -Dstep=N -Dfrom=N -Dnodes=N -Dall=true} before {@code -cp}.
 * A fixed node count on one thread, so the figures do not depend on the machine.
 */
public class EvalTrace {
    static final int STEP = Integer.getInteger("step", 25), FROM = Integer.getInteger("from", 100);
    static final long NODES = Long.getLong("nodes", 150_000);
    /** With -Dall=true every scored game, not only the cut ones (to compare the cut games with the rest). */
    static final boolean ALL = Boolean.getBoolean("all");

    public static void main(String[] files) throws Exception {
        RuleSet rules = RuleSet.byId("chu-lishogi");
        Pattern movesField = Pattern.compile("\"moves\":\"([^\"]*)\""), startField = Pattern.compile("\"startSfen\":\"([^\"]*)\""),
                colourField = Pattern.compile("\"aColor\":\"(\\w+)\""), reasonField = Pattern.compile("\"reason\":\"([^\"]*)\""),
                gameField = Pattern.compile("\"game\":(\\d+)");
        for (String file : files)
            for (String line : Files.readAllLines(Path.of(file))) {
                Matcher m = movesField.matcher(line), s = startField.matcher(line), c = colourField.matcher(line),
                        reason = reasonField.matcher(line), game = gameField.matcher(line);
                if (!m.find() || !s.find() || !c.find() || !reason.find() || !game.find()) continue;
                if (!ALL && !reason.group(1).equals("max-plies")) continue;
                String[] moves = m.group(1).split(" ");
                int us = c.group(1).equals("sente") ? Position.SENTE : Position.GOTE;
                System.out.printf("%s game %s (we are %s; %s at ply %d): ply, our score (cp), our pieces, its pieces%n",
                        Path.of(file).getFileName(), game.group(1), c.group(1), reason.group(1), moves.length);
                Position pos = Sfen.parse(rules, s.group(1));
                for (int ply = 1; ply <= moves.length; ply++) {
                    pos.play(moves[ply - 1]);
                    if (ply < FROM || (ply - FROM) % STEP != 0) continue;
                    Engine engine = new Engine(); // a fresh one: each figure independent of the positions searched before
                    SearchResult r = engine.search(pos, SearchLimits.nodes(NODES), info -> { });
                    int score = pos.sideToMove() == us ? r.score() : -r.score();
                    System.out.printf("  %d %d %d %d%n", ply, score, pos.pieceCount(us), pos.pieceCount(us ^ 1));
                }
            }
    }
}
