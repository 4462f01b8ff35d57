package io.kifudb.notation;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.PieceKind;
import io.kifudb.rules.Variant;
import io.kifudb.rules.Variants;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Japanese piece names and square spellings for Chu Shogi KIF/KI2 (formats.md §2.3): every name a
 * record may use for a kind (full names such as {@code 獅子}, single kanji such as {@code 獅}, variant
 * characters such as {@code 醉象}/{@code 酔象}, lishogi's {@code 金飛車}/{@code 小角}), the names this
 * project writes, and the board-diagram names; the 13×13 variants have tables of their own
 * ({@code dai13-kumazawa}, {@code shodoshu2017*}: the names of seeds 001 and 004).
 */
final class KifNames {
    static final String[] RANKS = {"一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四", "十五"};

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

    /**
     * The 13×13 variants' names, which differ from Chu's (seed 001 and seed 004 write every piece with its
     * two-kanji name; {@code n} is the 桂馬 there, not the 獅子). Per kind: the names a record may use, the
     * first being the one written in move lines; board diagrams use one two-kanji name per kind, distinct
     * within the variant ({@code 成鳳}, {@code 成歩} for the promoted 鳳凰 and 歩兵, which move as 奔王 and 金将).
     */
    private static final class VariantNames {
        final Map<PieceKind, List<String>> names = new IdentityHashMap<>();
        final Map<PieceKind, String> board = new IdentityHashMap<>();
        final Map<String, String> boardTokens = new HashMap<>();
        final Map<String, Boolean> known = new HashMap<>();

        /** Rows of "token boardName name alias…". */
        VariantNames(Variant v, String... rows) {
            for (String row : rows) {
                String[] f = row.split(" ");
                PieceKind k = v.byToken(f[0]);
                if (k == null) throw new IllegalStateException("no " + f[0] + " in " + v.id);
                board.put(k, f[1]);
                if (boardTokens.put(f[1], f[0]) != null) throw new IllegalStateException("board name " + f[1] + " twice in " + v.id);
                List<String> list = new ArrayList<>(List.of(f).subList(2, f.length));
                if (!list.contains(f[1])) list.add(f[1]);
                names.put(k, list);
                for (String n : list) known.put(n, Boolean.TRUE);
            }
            if (names.size() != v.kindCount()) throw new IllegalStateException("names missing in " + v.id);
        }
    }

    private static final Map<PieceKind, VariantNames> VARIANTS = new IdentityHashMap<>();

    static {
        register(new VariantNames(Variants.KUMAZAWA13,
                "k 玉将 玉将 王将", "g 金将 金将", "s 銀将 銀将", "n 桂馬 桂馬", "u 銅将 銅将", "j 鉄将 鉄将 鐡将", "l 香車 香車",
                "w 悪行 悪行", "z 猛虎 猛虎", "y 飛龍 飛龍", "a 反車 反車 奔車", "q 奔王 奔王", "d 龍王 龍王 竜王", "h 龍馬 龍馬 竜馬",
                "b 角行 角行", "v 竪行 竪行", "m 横行 横行", "r 飛車 飛車", "p 歩兵 歩兵", "i 仲人 仲人"));
        register(new VariantNames(Variants.SHODOSHU2017,
                "k 玉将 玉将 王将", "g 金将 金将", "s 銀将 銀将", "c 銅将 銅将", "j 鉄将 鉄将 鐡将", "n 桂馬 桂馬", "l 香車 香車",
                "a 反車 反車", "e 酔象 酔象 醉象", "o 麒麟 麒麟", "x 鳳凰 鳳凰", "z 猛虎 猛虎", "w 猛牛 猛牛", "u 嗔猪 嗔猪",
                "y 飛龍 飛龍", "q 奔王 奔王", "d 龍王 龍王 竜王", "h 龍馬 龍馬 竜馬", "b 角行 角行", "v 竪行 竪行", "m 横行 横行",
                "r 飛車 飛車", "p 歩兵 歩兵", "i 仲人 仲人",
                "+e 太子 太子", "+o 獅子 獅子 師子 成麒", "+x 成鳳 奔王", "+p 成歩 金将"));
    }

    private static void register(VariantNames table) {
        for (PieceKind k : table.names.keySet()) VARIANTS.put(k, table);
    }

    /** The names table of the variant these kinds belong to, or null for Chu (the static tables above). */
    private static VariantNames table(List<PieceKind> kinds) {
        return kinds.isEmpty() ? null : VARIANTS.get(kinds.get(0));
    }

    /** Characters per piece in a board diagram: 1 for Chu ({@code 成} may precede), 2 for the 13×13 variants. */
    static int boardNameLength(List<PieceKind> kinds) {
        return table(kinds) == null ? 1 : 2;
    }

    /** The token of a 13×13 variant's two-kanji board name, or null. */
    static String boardToken(String name, List<PieceKind> kinds) {
        VariantNames t = table(kinds);
        return t == null ? boardToken(name) : t.boardTokens.get(name);
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
        VariantNames t = VARIANTS.get(kind);
        if (t != null) return t.names.get(kind).contains(name);
        List<String> tokens = TOKENS.get(name);
        return tokens != null && tokens.contains(kind.token);
    }

    /** The token a board-diagram name stands for (the unpromoted kind when a name is shared), or null. */
    static String boardToken(String name) {
        List<String> tokens = TOKENS.get(name);
        return tokens == null ? null : tokens.get(0);
    }

    static String fullName(PieceKind kind) {
        VariantNames t = VARIANTS.get(kind);
        if (t != null) return t.names.get(kind).get(0);
        return FULL.getOrDefault(kind.token, kind.kanji);
    }

    static String boardName(PieceKind kind) {
        VariantNames t = VARIANTS.get(kind);
        if (t != null) return t.board.get(kind);
        return BOARD.getOrDefault(kind.token, kind.kanji.substring(0, 1));
    }

    /**
     * The longest piece name at position i of s (up to {@link #MAX_NAME_LENGTH} characters), or null.
     * Also accepts the kinds' own kanji passed in extra.
     */
    static String nameAt(String s, int i, List<PieceKind> kinds) {
        VariantNames t = table(kinds);
        for (int len = Math.min(MAX_NAME_LENGTH, s.length() - i); len >= 1; len--) {
            String cand = s.substring(i, i + len);
            if (t != null) {
                if (t.known.containsKey(cand)) return cand;
                continue;
            }
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
            int unit = j < s.length() ? "一二三四五".indexOf(s.charAt(j)) : -1;
            if (unit >= 0) {
                rank = 11 + unit;
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
