package io.kifudb.notation;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Move;
import io.kifudb.rules.PieceKind;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chu Shogi records in KIF, the Japanese text format (formats.md §2.3), and KI2-style move lists.
 *
 * <p>Reading accepts lishogi/scalashogi's KIF ({@code N手目 ▲7八歩兵 （←7九）} or {@code    1   7八歩兵 （←7九）},
 * two-step moves as {@code 一歩目}/{@code 二歩目} lines, {@code 仝}/{@code 同}), classic KIF origins
 * {@code (79)}, KI2 lines ({@code ▲６八獅子 ▽７五獅子 …}, single-kanji names, {@code ６七・５六獅},
 * {@code ６七居喰い}, {@code じっと}, disambiguators 上/引/寄/右/左/直/跳), headers, comments, results and
 * 12×12 board diagrams. The moves are replayed while reading, each checked by the rules before it is
 * played, so the record's moves come out as canonical USI; the first line that does not denote a legal
 * move stops the reading of moves there ({@link GameRecord#stop()}: its ply, text and line).
 *
 * <p>Writing produces the scalashogi fixture style ({@code N手目 ▲…} lines, full piece names, {@code 仝}).
 */
public final class Kif {
    static final String SEPARATOR = "手数----指手---------消費時間--";
    static final String FILE_HEADER = " １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １";
    private static final Pattern ISO_DATE = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})");
    private static final Pattern USI = Pattern.compile("(\\d{1,2}[a-o])(\\d{1,2}[a-o])?(\\d{1,2}[a-o])([+=?])?");
    /** Japanese header keys the reader maps onto normalised tags; never written from other tags. */
    private static final Set<String> MAPPED_KEYS = Set.of("棋戦", "開始日時", "対局日", "対局日時", "日時", "先手", "下手",
            "後手", "上手", "場所", "手合割", "手番");
    private static final Set<String> NORMALISED = Set.of(GameRecord.SENTE, GameRecord.GOTE, GameRecord.EVENT,
            GameRecord.DATE, GameRecord.SITE, GameRecord.HANDICAP, GameRecord.RESULT);

    private Kif() {}

    // ------------------------------------------------------------------ encoding

    /**
     * Decodes a KIF file: UTF-8 when it has a BOM or is valid UTF-8 (.kifu), UTF-16 with a BOM, else
     * Shift_JIS (windows-31j, the classic .kif encoding).
     */
    public static String decode(byte[] bytes) {
        int n = bytes.length;
        if (n >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF)
            return new String(bytes, 3, n - 3, StandardCharsets.UTF_8);
        if (n >= 2 && (bytes[0] & 0xFF) == 0xFF && (bytes[1] & 0xFF) == 0xFE)
            return new String(bytes, 2, n - 2, StandardCharsets.UTF_16LE);
        if (n >= 2 && (bytes[0] & 0xFF) == 0xFE && (bytes[1] & 0xFF) == 0xFF)
            return new String(bytes, 2, n - 2, StandardCharsets.UTF_16BE);
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, Charset.forName("windows-31j"));
        }
    }

    // ------------------------------------------------------------------ reading

    /**
     * Reads the one game of a KIF or KI2 text, replaying it under the rule set to resolve 仝/同, KI2
     * moves and origins. A move line that is not a legal move (the rules refuse it; no such piece there, a
     * name that does not fit the piece, an unresolvable KI2 ambiguity, unreadable move text) ends the
     * moves: the record holds the moves before it and the {@link GameRecord#stop() stop}; the lines after it
     * are read only for the result.
     *
     * @throws RecordFormatException for a line that is no part of a record (outside the moves), a broken
     *                               board diagram or an unknown handicap without one
     */
    public static List<GameRecord> read(String source, String text, RuleSet rules) {
        return List.of(new KifReader(source, rules).read(text));
    }

    // ------------------------------------------------------------------ writing

    /**
     * Writes a record as KIF (scalashogi style). Replays the moves to name the pieces; a move that is not
     * legal is still written when its origin holds a piece.
     *
     * @throws IllegalArgumentException if a move names an empty square or is not USI
     * @throws io.kifudb.rules.SfenException if the record's start position is not a valid SFEN
     */
    public static String write(GameRecord record, RuleSet rules) {
        Position pos = record.initialSfen() == null ? Position.start(rules) : Sfen.parse(rules, record.initialSfen());
        boolean standard = pos.sfen().equals(Position.start(rules).sfen());
        Geometry g = pos.geometry();
        Map<String, String> tags = record.tags();
        StringBuilder sb = new StringBuilder(4096);

        header(sb, "開始日時", kifDate(tags.get(GameRecord.DATE)));
        header(sb, "棋戦", tags.get(GameRecord.EVENT));
        header(sb, "場所", tags.get(GameRecord.SITE));
        String handicap = tags.get(GameRecord.HANDICAP);
        header(sb, "手合割", handicap);
        // An unknown handicap name needs the diagram even for the standard start, or the reader refuses it.
        if (!standard || !KifReader.isStandardHandicap(handicap)) board(sb, pos);
        sb.append("先手：").append(clean(tags.getOrDefault(GameRecord.SENTE, ""))).append('\n');
        sb.append("後手：").append(clean(tags.getOrDefault(GameRecord.GOTE, ""))).append('\n');
        for (Map.Entry<String, String> e : new TreeMap<>(tags).entrySet()) {
            String k = e.getKey();
            if (NORMALISED.contains(k) || MAPPED_KEYS.contains(k) || !writableKey(k)) continue;
            header(sb, k, e.getValue());
        }
        sb.append(SEPARATOR).append('\n');
        comment(sb, record.comments().get(0));

        int prevDest = -1;
        List<String> moves = record.moves();
        for (int i = 0; i < moves.size(); i++) {
            int number = pos.moveNumber();
            int m = moveFor(pos, moves.get(i), i + 1);
            int from = Move.from(m), to = Move.to(m);
            PieceKind k = pos.kindAt(from);
            String mark = pos.sideToMove() == Position.SENTE ? "▲" : "△";
            String name = KifNames.fullName(k);
            String prom = (Move.promotes(m) ? "成" : "") + (Move.capturesNormally(m) ? KifMoveText.NORMAL_CAPTURE_MARKER : "");
            if (Move.leavesBoard(m)) {
                sb.append(number).append("手目 ").append(mark).append(KifMoveText.OFF_BOARD).append(name)
                        .append(Move.isTry(m) ? KifMoveText.TRY_MARKER : "").append(" （←").append(KifNames.kifSquare(g, from)).append("）\n");
            } else if (!Move.hasMid(m)) {
                sb.append(number).append("手目 ").append(mark).append(to == prevDest ? "仝" : KifNames.kifSquare(g, to))
                        .append(name).append(prom).append(" （←").append(KifNames.kifSquare(g, from)).append("）\n");
            } else {
                int mid = Move.mid(m);
                String marker = to != from ? "" : pos.pieceAt(mid) != 0 ? "（居食い）" : "（じっと）";
                sb.append(number).append("手目一歩目 ").append(mark).append(mid == prevDest ? "仝" : KifNames.kifSquare(g, mid))
                        .append(name).append(" （←").append(KifNames.kifSquare(g, from)).append("）\n");
                sb.append(number).append("手目二歩目 ").append(mark).append(KifNames.kifSquare(g, to))
                        .append(name).append(prom).append(marker).append(" （←").append(KifNames.kifSquare(g, mid)).append("）\n");
            }
            pos.make(m);
            prevDest = Move.leavesBoard(m) ? -1 : to;
            comment(sb, record.comments().get(i + 1));
        }
        result(sb, record, pos, moves.size());
        return sb.toString();
    }

    private static void header(StringBuilder sb, String key, String value) {
        if (value == null || value.isBlank()) return;
        sb.append(key).append('：').append(clean(value)).append('\n');
    }

    private static String clean(String value) {
        return value.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ').strip();
    }

    /** A key the reader will take back as a header of that name. */
    private static boolean writableKey(String k) {
        if (k.isBlank() || k.indexOf(':') >= 0 || k.indexOf('：') >= 0 || k.indexOf('\n') >= 0 || k.endsWith("持駒")) return false;
        char c = k.charAt(0);
        if (Character.isDigit(c) || Character.isWhitespace(c) || "*＊#&|｜+＋".indexOf(c) >= 0) return false;
        if (KifMoveText.MARKS.indexOf(c) >= 0) return false;
        return !(k.startsWith("まで") || k.startsWith("変化") || k.startsWith("手数"));
    }

    private static String kifDate(String date) {
        if (date == null) return null;
        Matcher m = ISO_DATE.matcher(date);
        return m.matches() ? m.group(1) + "/" + m.group(2) + "/" + m.group(3) : date;
    }

    private static void comment(StringBuilder sb, String text) {
        if (text == null) return;
        for (String line : text.split("\r?\n", -1)) sb.append("* ").append(line).append('\n');
    }

    /** The N-column diagram (cells of 3 characters, gote pieces prefixed v) and 後手番 if gote moves first. */
    private static void board(StringBuilder sb, Position pos) {
        Geometry g = pos.geometry();
        String border = "+" + "-".repeat(g.size * 3) + "+";
        sb.append(fileHeader(g.size)).append('\n').append(border).append('\n');
        for (int r = 0; r < g.size; r++) {
            sb.append('|');
            for (int file = g.size; file >= 1; file--) {
                int sq = g.square(file, r);
                int p = pos.pieceAt(sq);
                if (p == 0) {
                    sb.append("  ・");
                    continue;
                }
                String cell = (p < 0 ? "v" : "") + KifNames.boardName(pos.kindAt(sq));
                sb.append(" ".repeat(Math.max(0, 3 - cell.length()))).append(cell);
            }
            sb.append('|').append(KifNames.RANKS[r]).append('\n');
        }
        sb.append(border).append('\n');
        if (pos.sideToMove() == Position.GOTE) sb.append("後手番\n");
    }

    /** The diagram's file numbers in full-width digits, 3 columns each ({@link #FILE_HEADER} for Chu's 12). */
    static String fileHeader(int size) {
        StringBuilder sb = new StringBuilder();
        for (int f = size; f >= 1; f--) {
            String digits = String.valueOf(f);
            sb.append(' ');
            for (char c : digits.toCharArray()) sb.append((char) ('０' + (c - '0')));
            if (digits.length() == 1) sb.append(' ');
        }
        return sb.toString().stripTrailing();
    }

    private static int moveFor(Position pos, String usi, int ply) {
        try {
            return pos.parseMove(usi);
        } catch (IllegalMoveException e) {
            Matcher m = USI.matcher(usi == null ? "" : usi.trim());
            if (!m.matches()) throw new IllegalArgumentException("ply " + ply + ": not a USI move: " + usi);
            Geometry g = pos.geometry();
            int from = g.parse(m.group(1)), to = g.parse(m.group(3));
            int mid = m.group(2) == null ? Move.NO_SQUARE : g.parse(m.group(2));
            if (from < 0 || to < 0 || mid < 0) throw new IllegalArgumentException("ply " + ply + ": no such square in " + usi);
            PieceKind k = pos.kindAt(from);
            if (k == null) throw new IllegalArgumentException("ply " + ply + ": no piece on " + g.name(from) + " (" + usi + ")");
            boolean promote = "+".equals(m.group(4));
            if (promote && !k.canPromote())
                throw new IllegalArgumentException("ply " + ply + ": the " + k.english + " cannot promote (" + usi + ")");
            return Move.of(from, mid, to, promote);
        }
    }

    /** The result: a keyword line ({@code N手目 投了}) and the summary ({@code まで129手で先手の勝ち}). */
    private static void result(StringBuilder sb, GameRecord record, Position pos, int plies) {
        String st = record.recordedStatus(), w = record.recordedWinner();
        String keyword = st == null ? null : switch (st) {
            case "resign" -> "投了";
            case "timeout", "outoftime" -> "切れ負け";
            case "repetition" -> "千日手";
            case "impasse" -> "持将棋";
            case "aborted", "noStart" -> "中断";
            case "mate", "stalemate" -> "詰み";
            default -> null;
        };
        String summary = null;
        if ("sente".equals(w) || "gote".equals(w)) {
            summary = "まで" + plies + "手で" + ("sente".equals(w) ? "先手" : "後手") + "の勝ち";
        } else if (st != null) {
            String draw = switch (st) {
                case "repetition" -> "千日手";
                case "impasse" -> "持将棋";
                case "draw" -> "引き分け";
                case "aborted", "noStart" -> "中断";
                default -> null;
            };
            if (draw != null) summary = "まで" + plies + "手で" + draw;
        }
        if (keyword == null && summary == null) {
            String tag = record.tags().get(GameRecord.RESULT);
            if (tag != null && tag.startsWith("まで")) summary = clean(tag);
            else if (tag != null && KifMoveText.RESULT_WORDS.contains(tag)) keyword = tag;
        }
        if (keyword != null) sb.append(pos.moveNumber()).append("手目 ").append(keyword).append('\n');
        if (summary != null) sb.append(summary).append('\n');
    }
}
