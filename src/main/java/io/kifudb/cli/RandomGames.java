package io.kifudb.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.ObjIntConsumer;

/**
 * Random legal games for the benchmarks: from the start position, a uniformly random legal move at each
 * ply, until the game ends or a ply limit. Seeded, so a benchmark always measures the same games; their
 * ids say they are random ({@code random-<seed>-<n>}), and the event names the generator.
 */
final class RandomGames {
    private static final ObjectMapper JSON = new ObjectMapper();

    private RandomGames() {}

    /**
     * The games as lishogi-style NDJSON lines.
     *
     * @param onPosition called with every position reached (after each move, and the start) and its ply
     */
    static byte[] ndjson(RuleSet rules, long seed, int games, int maxPlies, ObjIntConsumer<Position> onPosition) {
        SplittableRandom rnd = new SplittableRandom(seed);
        StringBuilder sb = new StringBuilder();
        List<String> moves = new ArrayList<>();
        for (int g = 0; g < games; g++) {
            Position pos = Position.start(rules);
            if (onPosition != null) onPosition.accept(pos, 0);
            moves.clear();
            while (moves.size() < maxPlies) {
                int[] legal = pos.legalMoves();
                if (legal.length == 0) break;
                int m = legal[rnd.nextInt(legal.length)];
                moves.add(pos.usi(m));
                pos.make(m);
                if (onPosition != null) onPosition.accept(pos, moves.size());
            }
            ObjectNode o = JSON.createObjectNode();
            o.put("id", "random-" + seed + "-" + g);
            o.put("event", "random legal games (kifudb benchmark, seed " + seed + ")");
            o.put("initial_sfen", rules.variant.startSfen);
            o.put("moves", String.join(" ", moves));
            sb.append(o).append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }
}
