package io.kifudb.engine;

import java.util.List;

/**
 * One line of analysis after a completed iteration: the {@code multipv}-th best root move with its score
 * and principal variation (USI moves), and the search's counters at that time.
 *
 * @param score side-to-move score, see {@link Score}
 */
public record SearchInfo(int depth, int seldepth, int multipv, int score, long nodes, long nps, long timeMs,
                         int hashfull, List<String> pv) {

    /** {@code info depth .. seldepth .. multipv .. score cp X|mate N nodes .. nps .. time .. pv ...}. */
    public String usiLine(boolean mateInPlies) {
        StringBuilder sb = new StringBuilder(96);
        sb.append("info depth ").append(depth).append(" seldepth ").append(seldepth)
                .append(" multipv ").append(multipv).append(" score ").append(Score.usi(score, mateInPlies))
                .append(" nodes ").append(nodes).append(" nps ").append(nps).append(" time ").append(timeMs)
                .append(" hashfull ").append(hashfull);
        if (!pv.isEmpty()) sb.append(" pv ").append(String.join(" ", pv));
        return sb.toString();
    }
}
