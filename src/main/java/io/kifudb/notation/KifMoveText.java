package io.kifudb.notation;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.PieceKind;

import java.util.ArrayList;
import java.util.List;

/**
 * One move (or one step of a two-step move, or a result) as a KIF or KI2 line spells it, before the
 * position gives it meaning. {@link #parse} reads the part after the move number.
 */
final class KifMoveText {
    static final String MARKS = "▲△▽☗☖";
    static final List<String> RESULT_WORDS = List.of("投了", "中断", "千日手", "持将棋", "詰み", "切れ負け", "時間切れ",
            "反則勝ち", "反則負け", "入玉勝ち", "勝ち宣言", "不詰", "引き分け");
    private static final String AMBIGUITY = "上引寄右左直跳中行";
    /** Destination word of an exit move (dai13-kumazawa), from seed 001 「盤外に自分の駒を出す」. */
    static final String OFF_BOARD = "盤外";
    static final String TRY_MARKER = "（トライ）", NORMAL_CAPTURE_MARKER = "（取り捨て）";

    /** 0 sente, 1 gote, -1 not stated. */
    int side = -1;
    /** 仝 or 同: the previous move's destination. */
    boolean same;
    /** Written destination square, -1 when {@link #same} or for a bare じっと. */
    int dest = -1;
    /** KI2 two-step {@code ６七・５六獅}: the first square. */
    int mid = -1;
    /** KI2 {@code ６七居喰い}: the written square is captured and the piece stays. */
    boolean iguiInPlace;
    /** KI2 {@code じっと} (a pass). */
    boolean jitto;
    /** KIF markers {@code （居食い）} / {@code （じっと）}. */
    boolean iguiMarker, jittoMarker;
    /**
     * dai13-kumazawa: {@code 盤外} in place of the destination (the piece leaves the board), with the marker
     * {@code （トライ）} for the winning forward exit of a try piece.
     */
    boolean offBoard, tryMarker;
    /**
     * shodoshu2017*: {@code （取り捨て）}, the normal capture of the exempt drunk elephant (USI {@code !});
     * {@code （入れ替え）}, the exchange, is the default and may be written too (seed 004's words).
     */
    boolean normalCapture;
    String name;
    /** The name on the second line of a two-step KIF move (checked against the same piece). */
    String secondName;
    String ambiguity = "";
    /** TRUE 成, FALSE 不成/生, null unstated. */
    Boolean promote;
    /** Origin squares from {@code （←7九）} or {@code (79)}; more than one only for ambiguous digit forms; null if none. */
    List<Integer> origins;
    String result;
    /** {@code まで} after the move. */
    boolean end;

    boolean isResultOnly() {
        return result != null && name == null && dest < 0 && !same && !jitto && !iguiInPlace && !offBoard;
    }

    private KifMoveText() {}

    /** Thrown for a malformed move text; the reader adds source, line and ply. */
    static final class Malformed extends RuntimeException {
        Malformed(String message) {
            super(message);
        }
    }

    static KifMoveText parse(String s, Geometry g, List<PieceKind> kinds) {
        KifMoveText mt = new KifMoveText();
        int i = skip(s, 0);
        if (i < s.length() && MARKS.indexOf(s.charAt(i)) >= 0) {
            char c = s.charAt(i);
            mt.side = c == '▲' || c == '☗' ? 0 : 1;
            i = skip(s, i + 1);
        }
        String kw = resultAt(s, i);
        if (kw != null) {
            mt.result = kw;
            return mt.suffixes(s, skip(s, i + kw.length()), g);
        }
        if (s.startsWith("じっと", i)) {
            mt.jitto = true;
            return mt.suffixes(s, i + 3, g);
        }
        if (i >= s.length()) throw new Malformed("no move after the move number");
        char c = s.charAt(i);
        if (s.startsWith(OFF_BOARD, i)) {
            mt.offBoard = true;
            i = skip(s, i + OFF_BOARD.length());
        } else if (c == '仝' || c == '同') {
            mt.same = true;
            i = skip(s, i + 1);
        } else {
            int sq = KifNames.squareAt(g, s, i);
            if (sq < 0) throw new Malformed("expected a square, 仝 or 同 at '" + excerpt(s, i) + "'");
            mt.dest = sq & 0xFFFF;
            i = sq >>> 16;
            if (i < s.length() && (s.charAt(i) == '・' || s.charAt(i) == '･')) {
                int sq2 = KifNames.squareAt(g, s, i + 1);
                if (sq2 < 0) throw new Malformed("expected the second square after '・' at '" + excerpt(s, i) + "'");
                mt.mid = mt.dest;
                mt.dest = sq2 & 0xFFFF;
                i = sq2 >>> 16;
            }
        }
        if (s.startsWith("居喰い", i) || s.startsWith("居食い", i)) {
            mt.iguiInPlace = true;
            return mt.suffixes(s, i + 3, g);
        }
        String name = KifNames.nameAt(s, i, kinds);
        if (name == null) {
            if (i >= s.length()) throw new Malformed("no piece name after the square");
            throw new Malformed("unknown piece name '" + excerpt(s, i) + "'");
        }
        mt.name = name;
        i += name.length();
        if (s.startsWith("居喰い", i) || s.startsWith("居食い", i)) {
            mt.iguiInPlace = true;
            i += 3;
        } else if (s.startsWith("じっと", i)) {
            mt.jitto = true;
            i += 3;
        }
        while (i < s.length() && AMBIGUITY.indexOf(s.charAt(i)) >= 0) mt.ambiguity += s.charAt(i++);
        if (s.startsWith("不成", i)) {
            mt.promote = Boolean.FALSE;
            i += 2;
        } else if (s.startsWith("成", i)) {
            mt.promote = Boolean.TRUE;
            i += 1;
        } else if (s.startsWith("生", i)) {
            mt.promote = Boolean.FALSE;
            i += 1;
        }
        return mt.suffixes(s, i, g);
    }

    /** Markers, まで, a result word, the origin, the time column and a variation '+' in any order. */
    private KifMoveText suffixes(String s, int i, Geometry g) {
        while (true) {
            i = skip(s, i);
            if (i >= s.length()) return this;
            char c = s.charAt(i);
            if (s.startsWith("まで", i)) {
                end = true;
                i += 2;
                continue;
            }
            String kw = resultAt(s, i);
            if (kw != null) {
                result = kw;
                i += kw.length();
                continue;
            }
            if (c == '+') {
                i++;
                continue;
            }
            if (c == '(' || c == '（') {
                int close = i + 1;
                while (close < s.length() && s.charAt(close) != ')' && s.charAt(close) != '）') close++;
                if (close >= s.length()) throw new Malformed("unclosed parenthesis at '" + excerpt(s, i) + "'");
                String inner = s.substring(i + 1, close).strip();
                i = close + 1;
                if (inner.equals("居食い") || inner.equals("居喰い")) iguiMarker = true;
                else if (inner.equals("じっと")) jittoMarker = true;
                else if (inner.equals("トライ")) tryMarker = true;
                else if (inner.equals("取り捨て")) normalCapture = true;
                else if (inner.equals("入れ替え")) { } // the default
                else if (inner.indexOf(':') >= 0 || inner.indexOf('：') >= 0) {
                    // time column ( 0:01/00:00:01): ignored
                } else {
                    if (origins != null) throw new Malformed("two origin squares");
                    origins = origin(inner, g);
                }
                continue;
            }
            throw new Malformed("unexpected '" + excerpt(s, i) + "'");
        }
    }

    /** {@code ←7九}, {@code 7九}, {@code 79}, {@code 7c} (lishogi's letters for 10-12) or {@code 1012}. */
    private static List<Integer> origin(String inner, Geometry g) {
        String t = inner.replace("←", "").strip();
        int sq = KifNames.squareAt(g, t, 0);
        if (sq >= 0 && (sq >>> 16) == t.length()) return List.of(sq & 0xFFFF);
        String h = KifNames.halfWidthDigits(t).toLowerCase(java.util.Locale.ROOT);
        if (h.matches("[1-9a-c][1-9a-c]")) {
            int s2 = g.square(Character.digit(h.charAt(0), 16), Character.digit(h.charAt(1), 16) - 1);
            if (s2 >= 0) return List.of(s2);
        }
        if (h.matches("\\d{3,4}")) {
            List<Integer> out = new ArrayList<>();
            for (int split = 1; split < h.length(); split++) {
                String f = h.substring(0, split), r = h.substring(split);
                if (f.length() > 2 || r.length() > 2 || f.startsWith("0") || r.startsWith("0")) continue;
                int s2 = g.square(Integer.parseInt(f), Integer.parseInt(r) - 1);
                if (s2 >= 0) out.add(s2);
            }
            if (!out.isEmpty()) return out;
        }
        throw new Malformed("not an origin square: '" + inner + "'");
    }

    static String resultAt(String s, int i) {
        for (String w : RESULT_WORDS) if (s.startsWith(w, i)) return w;
        return null;
    }

    static int skip(String s, int i) {
        while (i < s.length() && (Character.isWhitespace(s.charAt(i)) || s.charAt(i) == '\u3000')) i++;
        return i;
    }

    static String excerpt(String s, int i) {
        String rest = s.substring(i).strip();
        return rest.length() > 12 ? rest.substring(0, 12) + "…" : rest;
    }
}
