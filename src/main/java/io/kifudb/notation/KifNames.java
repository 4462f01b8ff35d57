package io.kifudb.notation;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.PieceKind;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Japanese piece names and square spellings for Chu Shogi KIF/KI2 (formats.md §2.3): every name a
 * record may use for a kind (full names such as {@code 獅子}, single kanji such as {@code 獅}, variant
 * characters such as {@code 醉象}/{@code 酔象}, lishogi's {@code 金飛車}/{@code 小角}), the names this
 * project writes, and the board-diagram names.
 */
final class KifNames {
    static final String[] RANKS = {"一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"};

    /** Name -> tokens of the kinds it may denote, most likely first. */
    private static final Map<String, List<String>> TOKENS = new HashMap<>();
    /** Token -> name written in move lines (shogiops' roleToFullKanji, except と金 for the tokin). */
    private static final Map<String, String> FULL = new HashMap<>();
    /** Token -> name in board diagrams (shogiops' roleToBoardKanji, except と for the tokin). */
    private static final Map<String, String> BOARD = new HashMap<>();
    static final int MAX_NAME_LENGTH = 3;

    static {
        alias("k", "玉将 王将 玉 王");
        alias("n +o", "獅子 獅 師");
        alias("+o", "成獅 成師 成麒");
        alias("q +x", "奔王 奔");
        alias("+x", "成奔 成鳳");
        alias("d +r", "龍王 竜王 龍 竜 龍玉 竜玉");
        alias("+r", "成龍 成竜");
        alias("h +b", "龍馬 竜馬 馬");
        alias("+b", "成馬");
        alias("r +g", "飛車 飛");
        alias("+g", "金飛車 金飛 成飛");
        alias("b +f", "角行 角");
        alias("+f", "小角 成角");
        alias("v +s", "竪行 竪");
        alias("+s", "成竪");
        alias("m +c", "横行 横");
        alias("+c", "成横");
        alias("a", "反車 反");
        alias("l", "香車 香");
        alias("o", "麒麟 麒");
        alias("x", "鳳凰 鳳");
        alias("e +i", "醉象 酔象 象");
        alias("+i", "成象");
        alias("t", "盲虎 虎");
        alias("g +p", "金将 金");
        alias("s", "銀将 銀");
        alias("c", "銅将 銅");
        alias("f", "猛豹 豹");
        alias("p", "歩兵 歩 兵");
        alias("i", "仲人 仲");
        alias("+d", "飛鷲 鷲");
        alias("+h", "角鷹 鷹");
        alias("+v", "飛牛 牛");
        alias("+m", "奔猪 猪");
        alias("+a", "鯨鯢 鯨");
        alias("+l", "白駒 駒");
        alias("+e", "太子 太");
        alias("+t", "飛鹿 鹿");
        alias("+p", "と金 と 成歩 成兵 杏 个");

        String[][] names = {
                {"k", "玉将", "玉"}, {"n", "獅子", "獅"}, {"q", "奔王", "奔"}, {"d", "龍王", "龍"}, {"h", "龍馬", "馬"},
                {"r", "飛車", "飛"}, {"b", "角行", "角"}, {"v", "竪行", "竪"}, {"m", "横行", "横"}, {"a", "反車", "反"},
                {"l", "香車", "香"}, {"o", "麒麟", "麒"}, {"x", "鳳凰", "鳳"}, {"e", "醉象", "象"}, {"t", "盲虎", "虎"},
                {"g", "金将", "金"}, {"s", "銀将", "銀"}, {"c", "銅将", "銅"}, {"f", "猛豹", "豹"}, {"p", "歩兵", "歩"},
                {"i", "仲人", "仲"}, {"+d", "飛鷲", "鷲"}, {"+h", "角鷹", "鷹"}, {"+v", "飛牛", "牛"}, {"+m", "奔猪", "猪"},
                {"+a", "鯨鯢", "鯨"}, {"+l", "白駒", "駒"}, {"+e", "太子", "太"}, {"+t", "飛鹿", "鹿"}, {"+p", "と金", "と"},
                {"+o", "獅子", "成獅"}, {"+x", "奔王", "成奔"}, {"+r", "龍王", "成龍"}, {"+b", "龍馬", "成馬"},
                {"+g", "金飛車", "成飛"}, {"+f", "小角", "成角"}, {"+s", "竪行", "成竪"}, {"+c", "横行", "成横"},
                {"+i", "醉象", "成象"},
        };
        for (String[] n : names) {
            FULL.put(n[0], n[1]);
            BOARD.put(n[0], n[2]);
        }
    }

    private KifNames() {}

    private static void alias(String tokens, String names) {
        for (String name : names.split(" "))
            for (String token : tokens.split(" ")) {
                List<String> list = TOKENS.computeIfAbsent(name, k -> new ArrayList<>());
                if (!list.contains(token)) list.add(token);
            }
    }

    /** Whether the name is a known piece name (of any kind). */
    static boolean isName(String name) {
        return TOKENS.containsKey(name);
    }

    /** Whether a record's name fits the kind: one of its spellings, or the kind's own kanji. */
    static boolean fits(String name, PieceKind kind) {
        if (name.equals(kind.kanji)) return true;
        List<String> tokens = TOKENS.get(name);
        return tokens != null && tokens.contains(kind.token);
    }

    /** The token a board-diagram name stands for (the unpromoted kind when a name is shared), or null. */
    static String boardToken(String name) {
        List<String> tokens = TOKENS.get(name);
        return tokens == null ? null : tokens.get(0);
    }

    static String fullName(PieceKind kind) {
        return FULL.getOrDefault(kind.token, kind.kanji);
    }

    static String boardName(PieceKind kind) {
        return BOARD.getOrDefault(kind.token, kind.kanji.substring(0, 1));
    }

    /**
     * The longest piece name at position i of s (up to {@link #MAX_NAME_LENGTH} characters), or null.
     * Also accepts the kinds' own kanji passed in extra.
     */
    static String nameAt(String s, int i, List<PieceKind> kinds) {
        for (int len = Math.min(MAX_NAME_LENGTH, s.length() - i); len >= 1; len--) {
            String cand = s.substring(i, i + len);
            if (TOKENS.containsKey(cand)) return cand;
            for (PieceKind k : kinds) if (k.kanji.equals(cand)) return cand;
        }
        return null;
    }

    // ------------------------------------------------------------------ squares

    /** KIF square: half-width file and kanji rank, e.g. {@code 7九}, {@code 10十二}. */
    static String kifSquare(Geometry g, int sq) {
        return g.fileNumber(sq) + RANKS[g.rankIndex(sq)];
    }

    static int digit(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= '０' && c <= '９') return c - '０';
        return -1;
    }

    /**
     * Parses a square at i: one or two digits (half- or full-width) and a kanji rank. Returns
     * {@code square | end << 16}, or -1 if there is no square there.
     */
    static int squareAt(Geometry g, String s, int i) {
        int j = i, file = 0, digits = 0;
        while (j < s.length() && digit(s.charAt(j)) >= 0 && digits < 2) {
            file = file * 10 + digit(s.charAt(j));
            j++;
            digits++;
        }
        if (digits == 0 || j >= s.length()) return -1;
        int rank;
        char c = s.charAt(j);
        if (c == '十') {
            j++;
            rank = 10;
            if (j < s.length() && s.charAt(j) == '一') {
                rank = 11;
                j++;
            } else if (j < s.length() && s.charAt(j) == '二') {
                rank = 12;
                j++;
            }
        } else {
            int r = "一二三四五六七八九".indexOf(c);
            if (r < 0) return -1;
            rank = r + 1;
            j++;
        }
        int sq = g.square(file, rank - 1);
        if (sq < 0) return -1;
        return sq | j << 16;
    }

    /** Converts full-width digits to half-width ones. */
    static String halfWidthDigits(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(c >= '０' && c <= '９' ? (char) ('0' + (c - '０')) : c);
        }
        return sb.toString();
    }
}
