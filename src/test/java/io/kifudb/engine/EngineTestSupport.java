package io.kifudb.engine;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** Shared helpers for the engine tests: the mating problems and random legal games. Not a test class. */
final class EngineTestSupport {
    static final Path TSUME = Path.of("kifu-corpus", "chu", "tsume", "msm-tsume-AB-solutions.txt");

    record Problem(String id, String sfen, List<String> solution) {
        /** The problem's position mateIn*2-1 plies before the end of its solution (attacker to move), or null. */
        Position beforeMate(int mateIn) {
            int plies = solution.size() - (2 * mateIn - 1);
            if (plies < 0) return null;
            Position p = Sfen.parse(RuleSet.CHU, sfen);
            for (int i = 0; i < plies; i++) p.play(solution.get(i));
            return p;
        }
    }

    private EngineTestSupport() {}

    static List<Problem> problems() throws IOException {
        List<Problem> out = new ArrayList<>();
        for (String line : Files.readAllLines(TSUME)) {
            int open = line.indexOf('{'), close = line.indexOf('}');
            if (open < 0) continue;
            out.add(new Problem(line.substring(open + 1, close), line.substring(0, open).trim(),
                    Arrays.asList(line.substring(close + 1).trim().split("\\s+"))));
        }
        return out;
    }

    /** Positions along seeded random legal games (ongoing ones only), with their history. */
    static List<Position> randomPositions(RuleSet rules, long seed, int games, int everyPlies, int maxPlies) {
        List<Position> out = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int g = 0; g < games; g++) {
            Position p = Position.start(rules);
            List<String> played = new ArrayList<>();
            for (int ply = 0; ply < maxPlies; ply++) {
                int[] moves = p.legalMoves();
                if (moves.length == 0) break;
                int m = moves[rnd.nextInt(moves.length)];
                played.add(p.usi(m));
                p.make(m);
                if (ply % everyPlies == everyPlies - 1 && p.status().isOngoing()) {
                    Position copy = Position.start(rules);
                    for (String u : played) copy.play(u);
                    out.add(copy);
                }
            }
        }
        return out;
    }

    static boolean isLegal(Position p, int move) {
        for (int m : p.legalMoves()) if (m == move) return true;
        return false;
    }
}
