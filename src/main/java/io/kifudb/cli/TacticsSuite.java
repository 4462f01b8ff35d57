package io.kifudb.cli;

import io.kifudb.engine.Engine;
import io.kifudb.engine.Score;
import io.kifudb.engine.SearchInfo;
import io.kifudb.engine.SearchLimits;
import io.kifudb.engine.SearchResult;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The tactical suite: the historical mating problems of {@code kifu-corpus/chu/tsume} (one per line:
 * {@code SFEN {id} solution moves}), taken 1 and 3 plies before the end of their solutions, where the
 * attacker (without a King, under {@code chu}) mates in 1 and in 2 (and, on request, 5, 7, ... plies
 * before the end for longer mates). A problem counts as solved when a
 * completed iteration scores a win in at most that many moves within the time allowed (any mating move
 * counts, not only the recorded one).
 */
final class TacticsSuite {
    static final Path DEFAULT_FILE = Path.of("kifu-corpus", "chu", "tsume", "msm-tsume-AB-solutions.txt");

    record Problem(String id, String sfen, List<String> solution) {
        /** The position {@code mateIn * 2 - 1} plies before the end of the solution, or null if it is shorter. */
        Position beforeMate(int mateIn) {
            int plies = solution.size() - (2 * mateIn - 1);
            if (plies < 0) return null;
            Position p = Sfen.parse(RuleSet.CHU, sfen);
            for (int i = 0; i < plies; i++) p.play(solution.get(i));
            return p;
        }
    }

    record Outcome(String id, int mateIn, boolean solved, long ms, String bestMove, String score, int depth) {}

    private TacticsSuite() {}

    static List<Problem> read(Path file) throws IOException {
        List<Problem> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            int open = line.indexOf('{'), close = line.indexOf('}');
            if (open < 0 || close < open) continue;
            String rest = line.substring(close + 1).trim();
            out.add(new Problem(line.substring(open + 1, close), line.substring(0, open).trim(),
                    rest.isEmpty() ? List.of() : Arrays.asList(rest.split("\\s+"))));
        }
        return out;
    }

    /** Searches the position for up to movetimeMs and stops as soon as a mate in at most mateIn shows. */
    static Outcome solve(Engine engine, Problem problem, int mateIn, long movetimeMs) {
        Position p = problem.beforeMate(mateIn);
        if (p == null) return null;
        engine.newGame();
        long[] solvedAt = {-1};
        int[] solvedDepth = {0};
        SearchResult r = engine.search(p, SearchLimits.movetime(movetimeMs), lines -> {
            SearchInfo best = lines.get(0);
            if (solvedAt[0] < 0 && isMateWithin(best.score(), mateIn)) {
                solvedAt[0] = best.timeMs();
                solvedDepth[0] = best.depth();
                engine.stop();
            }
        });
        boolean solved = solvedAt[0] >= 0 || isMateWithin(r.score(), mateIn);
        long ms = solvedAt[0] >= 0 ? solvedAt[0] : r.timeMs();
        return new Outcome(problem.id(), mateIn, solved, ms, r.bestUsi(), Score.usi(r.score(), false),
                solvedDepth[0] > 0 ? solvedDepth[0] : r.depth());
    }

    static boolean isMateWithin(int score, int moves) {
        return score >= Score.MATE_BOUND && Score.moves(score) <= moves;
    }
}
