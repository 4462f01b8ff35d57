package io.kifudb.notation;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Move;
import io.kifudb.rules.PieceKind;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.SfenException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one KIF or KI2-style Chu record, replaying it as it goes (see {@link Kif#read}).
 */
final class KifReader {
    private static final Pattern NUMBERED = Pattern.compile("^\\s*(\\d{1,6})\\s*(?:手目)?\\s*(一歩目|二歩目)?(.*)$");
    private static final Pattern SUMMARY = Pattern.compile("^まで(\\d+)手(?:で|にて)?(.*)$");
    private static final Pattern WINNER = Pattern.compile("(先手|後手|下手|上手)の(?:反則)?(勝ち|負け)");
    private static final Pattern DATE = Pattern.compile("(\\d{4})\\s*[/\\-年.]\\s*(\\d{1,2})\\s*[/\\-月.]\\s*(\\d{1,2})");
    private static final Pattern BORDER = Pattern.compile("^[+＋][-－ー=＝]+[+＋]$");
    private static final Set<String> STANDARD_HANDICAPS = Set.of("平手", "中将棋", "chushogi", "chuushogi");

    /** Whether a 手合割 value means the standard start (平手, 中将棋, chushogi; empty too). */
    static boolean isStandardHandicap(String value) {
        return value == null || value.isBlank() || STANDARD_HANDICAPS.contains(value.strip().toLowerCase(Locale.ROOT));
    }

    private final String source;
    private final RuleSet rules;
    private final Geometry geo;
    private final List<PieceKind> kinds;

    private int lineNo;
    private final Map<String, String> tags = new LinkedHashMap<>();
    private final Map<String, String> dates = new LinkedHashMap<>();
    private final Map<Integer, String> comments = new TreeMap<>();

    // start position
    private final List<String[]> boardRows = new ArrayList<>();
    private int boardLine;
    private boolean goteToMove;
    private int unknownHandicapLine;
    private String unknownHandicap;
    /** The position the moves are played on (the player's), set up at the first move or result. */
    private Position pos;
    private MovePlayer player;
    private String initialSfen;
    private int startNumber = 1, startSide;

    // moves
    private final List<Integer> moveLines = new ArrayList<>();
    private int prevDest = -1;
    private KifMoveText pending;
    private String pendingText;
    private int pendingNumber, pendingLine;
    private boolean inVariation;

    // result
    private String status, winner, resultWord, summary;

    KifReader(String source, RuleSet rules) {
        this.source = source;
        this.rules = rules;
        this.geo = rules.geometry();
        this.kinds = rules.variant.kinds();
    }

    GameRecord read(String text) {
        if (text.startsWith("\uFEFF")) text = text.substring(1);
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < lines.length && !inVariation; i++) {
            lineNo = i + 1;
            handle(lines[i].stripTrailing());
        }
        lineNo = lines.length;
        ensureStarted(null);
        if (pending != null) refusePending("a first step (一歩目) without a second step (二歩目)");
        finishDates();
        if (resultWord != null || summary != null)
            tags.put(GameRecord.RESULT, resultWord != null ? resultWord : summary);
        return new GameRecord(source, 1, 1, null, null, initialSfen, boardLine, player.canonicalMoves(), moveLines, status, winner, tags,
                comments, player.stop());
    }

    /** Whether a move was refused: no line after it is read as a move. */
    private boolean stopped() {
        return player != null && player.stopped();
    }

    /** The next ply, written on the current line, is not a legal move. */
    private void refuse(String written, String reason) {
        player.refuse(written, lineNo, reason);
    }

    /** The pending first step (一歩目) cannot be completed. */
    private void refusePending(String reason) {
        player.refuse(pendingText, pendingLine, reason);
        pending = null;
    }

    // ------------------------------------------------------------------ lines

    private void handle(String line) {
        String t = line.strip();
        if (t.isEmpty()) return;
        char c = t.charAt(0);
        if (t.startsWith("変化")) {
            inVariation = true; // variations are not kept
            return;
        }
        if (stopped()) {
            afterStop(t, line);
            return;
        }
        if (c == '*' || c == '＊') {
            comment(t.substring(1));
            return;
        }
        if (c == '&' || c == '#') return;
        if (isFileHeader(t, geo.size) || BORDER.matcher(t).matches()) return;
        Matcher m = NUMBERED.matcher(line);
        if (m.matches()) {
            numbered(Integer.parseInt(m.group(1)), m.group(2), m.group(3), t);
            return;
        }
        if (KifMoveText.MARKS.indexOf(c) >= 0) {
            ki2(t);
            return;
        }
        if (t.startsWith("手数") && t.contains("指手")) return;
        if (t.startsWith("手数＝") || t.startsWith("手数=")) return;
        if (t.startsWith("まで")) {
            summary(t);
            return;
        }
        if (KifMoveText.RESULT_WORDS.contains(t)) {
            result(t, null);
            return;
        }
        if (c == '|' || c == '｜') {
            boardRow(t);
            return;
        }
        switch (t) {
            case "先手番", "下手番" -> {
                goteToMove = false;
                return;
            }
            case "後手番", "上手番" -> {
                goteToMove = true;
                return;
            }
            default -> { }
        }
        int colon = -1;
        for (int i = 0; i < t.length(); i++) {
            char ch = t.charAt(i);
            if (ch == '：' || ch == ':') {
                colon = i;
                break;
            }
        }
        if (colon > 0) {
            header(t.substring(0, colon).strip(), t.substring(colon + 1).strip());
            return;
        }
        throw error("unrecognised line '" + KifMoveText.excerpt(t, 0) + "'");
    }

    /**
     * A line after the refused move: no move is read any more (the position is unknown), but the result
     * the record states is still kept, for a lenient import of the legal prefix.
     */
    private void afterStop(String t, String line) {
        if (t.startsWith("まで")) {
            summary(t);
            return;
        }
        if (KifMoveText.RESULT_WORDS.contains(t)) {
            result(t, null);
            return;
        }
        Matcher m = NUMBERED.matcher(line);
        if (!m.matches()) return;
        try {
            KifMoveText mt = KifMoveText.parse(m.group(3), geo, kinds);
            if (mt.isResultOnly()) result(mt.result, Integer.parseInt(m.group(1)));
        } catch (KifMoveText.Malformed | NumberFormatException notAResult) {
            // a move after the stop: not read
        }
    }

    private static boolean isFileHeader(String t, int size) {
        String s = KifNames.halfWidthDigits(t).replaceAll("[\\s\u3000]", "");
        StringBuilder files = new StringBuilder();
        for (int f = size; f >= 1; f--) files.append(f);
        return s.equals(files.toString());
    }

    private void comment(String text) {
        if (text.startsWith(" ")) text = text.substring(1);
        comments.merge(player == null ? 0 : player.canonicalMoves().size(), text, (a, b) -> a + "\n" + b);
    }

    private void header(String key, String value) {
        if (key.endsWith("持駒")) return;
        if (value.isEmpty()) return;
        switch (key) {
            case "棋戦" -> tags.put(GameRecord.EVENT, value);
            case "開始日時", "対局日", "対局日時", "日時", "終了日時" -> dates.putIfAbsent(key, value);
            case "先手", "下手" -> tags.put(GameRecord.SENTE, value);
            case "後手", "上手" -> tags.put(GameRecord.GOTE, value);
            case "場所" -> tags.put(GameRecord.SITE, value);
            case "手番" -> goteToMove = value.startsWith("後手") || value.startsWith("上手");
            case "手合割" -> {
                tags.put(GameRecord.HANDICAP, value);
                if (!isStandardHandicap(value)) {
                    unknownHandicapLine = lineNo;
                    unknownHandicap = value;
                }
            }
            default -> tags.put(key, value);
        }
    }

    /** date = 開始日時, else 対局日 ..., else 終了日時 (kept under its own key when not used). */
    private void finishDates() {
        String used = null;
        for (String k : List.of("開始日時", "対局日", "対局日時", "日時", "終了日時")) {
            if (dates.containsKey(k)) {
                used = k;
                break;
            }
        }
        if (used == null) return;
        tags.put(GameRecord.DATE, normaliseDate(dates.get(used)));
        for (Map.Entry<String, String> e : dates.entrySet())
            if (!e.getKey().equals(used) && e.getKey().equals("終了日時")) tags.put(e.getKey(), e.getValue());
    }

    static String normaliseDate(String value) {
        Matcher m = DATE.matcher(KifNames.halfWidthDigits(value));
        if (m.find()) {
            int y = Integer.parseInt(m.group(1)), mo = Integer.parseInt(m.group(2)), d = Integer.parseInt(m.group(3));
            if (mo >= 1 && mo <= 12 && d >= 1 && d <= 31) return String.format(Locale.ROOT, "%04d-%02d-%02d", y, mo, d);
        }
        return value;
    }

    // ------------------------------------------------------------------ board diagram

    private void boardRow(String t) {
        if (player != null) throw error("board diagram after the first move");
        if (boardRows.isEmpty()) boardLine = lineNo;
        int last = Math.max(t.lastIndexOf('|'), t.lastIndexOf('｜'));
        if (last <= 0) throw error("board row without a closing '|'");
        String cells = t.substring(1, last);
        String[] row = new String[geo.size];
        int file = 0;
        boolean gote = false, promoted = false;
        // The 13×13 variants write every piece with two kanji (KifNames), which may begin with 成.
        boolean twoKanji = KifNames.boardNameLength(kinds) == 2;
        for (int i = 0; i < cells.length(); i++) {
            char c = cells.charAt(i);
            if (c == ' ' || c == '\u3000' || c == '\t') continue;
            if (c == 'v' || c == 'V' || c == 'ｖ') {
                gote = true;
                continue;
            }
            if (c == '成' && !promoted && !twoKanji) {
                promoted = true;
                continue;
            }
            String token;
            if (c == '・') {
                if (gote || promoted) throw error("board row: 'v' or '成' before an empty square");
                token = null;
            } else if (twoKanji) {
                String name = cells.substring(i, Math.min(i + 2, cells.length()));
                token = KifNames.boardToken(name, kinds);
                if (token == null) throw error("board row: unknown piece '" + name + "'");
                i++;
            } else {
                String name = promoted ? "成" + c : String.valueOf(c);
                token = KifNames.boardToken(name);
                if (token == null) {
                    for (PieceKind k : kinds) if (k.kanji.equals(name)) token = k.token;
                }
                if (token == null) throw error("board row: unknown piece '" + name + "'");
            }
            if (file >= geo.size) throw error("board row has more than " + geo.size + " squares");
            row[file++] = token == null ? null : gote ? token : token.toUpperCase(Locale.ROOT);
            gote = promoted = false;
        }
        if (file != geo.size) throw error("board row has " + file + " squares, not " + geo.size);
        if (boardRows.size() >= geo.size) throw error("board diagram has more than " + geo.size + " rows");
        boardRows.add(row);
    }

    private String boardSfen() {
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < boardRows.size(); r++) {
            if (r > 0) sb.append('/');
            int empty = 0;
            for (String p : boardRows.get(r)) {
                if (p == null) {
                    empty++;
                    continue;
                }
                if (empty > 0) sb.append(empty);
                empty = 0;
                sb.append(p);
            }
            if (empty > 0) sb.append(empty);
        }
        return sb.toString();
    }

    /** Sets up the start position when the first move (or the end of the text) is reached. */
    private void ensureStarted(Integer firstNumber) {
        if (pos != null) return;
        if (!boardRows.isEmpty()) {
            if (boardRows.size() != geo.size)
                throw new RecordFormatException(source, boardLine, "board diagram has " + boardRows.size()
                        + " rows, not " + geo.size);
            int n = firstNumber == null || firstNumber < 1 ? 1 : firstNumber;
            String sfen = boardSfen() + (goteToMove ? " w" : " b") + " - " + n;
            try {
                pos = Sfen.parse(rules, sfen);
            } catch (SfenException e) {
                throw new RecordFormatException(source, boardLine, "board diagram: " + e.getMessage());
            }
            initialSfen = pos.sfen().equals(Position.start(rules).sfen()) ? null : pos.sfen();
            startNumber = n;
        } else {
            if (unknownHandicapLine > 0)
                throw new RecordFormatException(source, unknownHandicapLine,
                        "unknown handicap '" + unknownHandicap + "' and no board diagram");
            pos = Position.start(rules);
            startNumber = 1;
        }
        startSide = pos.sideToMove();
        player = new MovePlayer(pos);
    }

    // ------------------------------------------------------------------ moves

    private void numbered(int number, String step, String body, String written) {
        KifMoveText mt;
        try {
            mt = KifMoveText.parse(body, geo, kinds);
        } catch (KifMoveText.Malformed e) {
            ensureStarted(number);
            if (pending != null) {
                refuse(pendingText + " " + written, e.getMessage());
                pending = null;
            } else {
                refuse(written, e.getMessage());
            }
            return;
        }
        if (mt.isResultOnly()) {
            if (pending != null) refusePending("the result '" + mt.result + "' comes before the second step (二歩目)");
            else result(mt.result, number);
            return;
        }
        ensureStarted(number);
        int expected = startNumber + player.canonicalMoves().size();
        if (step == null || step.equals("一歩目")) {
            if (pending != null) {
                refusePending("a first step (一歩目) without a second step (二歩目)");
                return;
            }
            if (number != expected) {
                refuse(written, "move number " + number + " where move " + expected + " is expected (a move missing or numbered twice)");
                return;
            }
            if (step == null) {
                apply(mt, written, lineNo, number);
            } else if (mt.mid >= 0 || mt.iguiInPlace || (mt.jitto && !mt.same && mt.dest < 0)) {
                refuse(written, "a first step (一歩目) must be a single step");
            } else {
                pending = mt;
                pendingText = written;
                pendingNumber = number;
                pendingLine = lineNo;
            }
            return;
        }
        // second step
        if (pending == null || pendingNumber != number) {
            if (pending != null) refusePending("a first step (一歩目) without a second step (二歩目)");
            else refuse(written, "a second step (二歩目) without a first step (一歩目) of move " + number);
            return;
        }
        KifMoveText first = pending;
        String firstText = pendingText;
        int firstLine = pendingLine;
        pending = null;
        apply(first, mt, firstText + " " + written, firstLine, number);
    }

    /** Merges the lines of a two-step move into one move text with a mid square. */
    private KifMoveText combine(KifMoveText first, KifMoveText second) {
        int written = first.same ? target() : first.dest;
        int mid = written;
        if (second.origins != null && second.origins.size() == 1) {
            int o = second.origins.get(0);
            if (o != written && !first.same)
                throw new MovePlayer.NotAMove("the second step starts from " + KifNames.kifSquare(geo, o)
                        + ", not from the first step's square " + KifNames.kifSquare(geo, written));
            mid = o; // shogiops writes 仝 on the first line when the final square repeats the last move's
        }
        KifMoveText c = second;
        c.mid = mid;
        if (c.same) c.dest = target();
        c.same = false;
        c.origins = first.origins;
        if (c.side < 0) c.side = first.side;
        c.secondName = second.name;
        c.name = first.name;
        if (Boolean.TRUE.equals(first.promote)) c.promote = Boolean.TRUE;
        c.ambiguity = first.ambiguity + c.ambiguity;
        c.normalCapture |= first.normalCapture;
        return c;
    }

    private void ki2(String t) {
        int start = 0;
        for (int i = 1; i <= t.length(); i++) {
            if (i == t.length() || KifMoveText.MARKS.indexOf(t.charAt(i)) >= 0) {
                String seg = t.substring(start, i).strip();
                start = i;
                ensureStarted(null);
                if (stopped()) return;
                if (pending != null) {
                    refusePending("a first step (一歩目) without a second step (二歩目)");
                    return;
                }
                KifMoveText mt;
                try {
                    mt = KifMoveText.parse(seg, geo, kinds);
                } catch (KifMoveText.Malformed e) {
                    refuse(seg, e.getMessage());
                    return;
                }
                if (mt.isResultOnly()) {
                    result(mt.result, null);
                    continue;
                }
                apply(mt, seg, lineNo, null);
            }
        }
    }

    private int target() {
        if (prevDest < 0) throw new MovePlayer.NotAMove("仝/同 (same square) but there is no previous move");
        return prevDest;
    }

    private void apply(KifMoveText mt, String written, int line, Integer number) {
        apply(null, mt, written, line, number);
    }

    /**
     * Plays the move the text denotes (the two lines of a two-step move when {@code first} is given), if
     * the rules allow it; else the reader stops there.
     */
    private void apply(KifMoveText first, KifMoveText text, String written, int line, Integer number) {
        int move = player.play(written, line, p -> {
            KifMoveText mt = first == null ? text : combine(first, text);
            int side = p.sideToMove();
            if (mt.side >= 0 && mt.side != side)
                throw new MovePlayer.NotAMove((mt.side == 0 ? "▲ (sente)" : "△ (gote)") + " moves, but it is "
                        + sideName(side) + "'s turn");
            return resolve(mt);
        });
        if (move == Move.NONE) return;
        moveLines.add(line);
        prevDest = Move.leavesBoard(move) ? -1 : Move.to(move);
        if (text.result != null) result(text.result, number);
    }

    // ------------------------------------------------------------------ resolution

    private record Candidate(int from, int move) {}

    /**
     * The move a text denotes: the legal move (canonical) when there is one, else the move as written
     * if its origin is known (the rules then refuse it with their reason); throws when the text cannot
     * be turned into a move at all.
     */
    private int resolve(KifMoveText mt) {
        int side = pos.sideToMove();
        List<Integer> origins = mt.origins;
        if (mt.offBoard) return exit(mt);
        if (mt.jitto && !mt.same && mt.dest < 0) return pass(origins);
        int dest = mt.same ? target() : mt.dest;
        int mid = mt.mid;
        boolean inPlace = mt.iguiInPlace;
        if (origins != null && origins.size() == 1 && mid < 0) {
            int o = origins.get(0);
            if (mt.iguiMarker && dest != o) inPlace = true;
            else if ((mt.jittoMarker || mt.jitto) && dest == o) return pass(origins);
        }

        List<Integer> froms = new ArrayList<>();
        if (origins != null) froms.addAll(origins);
        else for (int sq = 0; sq < geo.squares; sq++) froms.add(sq);

        List<Candidate> found = new ArrayList<>();
        String problem = null;
        int raw = Move.NONE;
        for (int from : froms) {
            PieceKind k = pos.kindAt(from);
            int code = pos.pieceAt(from);
            boolean explicit = origins != null;
            if (k == null) {
                if (explicit) problem = "no piece on " + where(from) + (mt.name == null ? "" : " (the record moves a " + mt.name + ")");
                continue;
            }
            if ((code > 0 ? 0 : 1) != side) {
                if (explicit) problem = "the " + k.kanji + " on " + where(from) + " is " + sideName(side ^ 1)
                        + "'s, but it is " + sideName(side) + "'s turn";
                continue;
            }
            if (mt.name != null && !KifNames.fits(mt.name, k)) {
                if (explicit) problem = "the record names " + mt.name + " but the piece on " + where(from) + " is a "
                        + k.kanji + " (" + k.english + ")";
                continue;
            }
            if (mt.secondName != null && !KifNames.fits(mt.secondName, k)
                    && !(k.canPromote() && KifNames.fits(mt.secondName, rules.variant.kind(k.promotedId())))) {
                if (explicit) problem = "the second step names " + mt.secondName + " but the piece on " + where(from)
                        + " is a " + k.kanji;
                continue;
            }
            if (Boolean.TRUE.equals(mt.promote) && !k.canPromote()) {
                if (explicit) problem = "the " + k.kanji + " on " + where(from) + " cannot promote";
                continue;
            }
            int to = inPlace ? from : dest;
            int m1 = inPlace ? dest : mid;
            if (m1 == from || (m1 < 0 && to == from)) {
                if (explicit) problem = "the " + k.kanji + " on " + where(from) + " does not move";
                continue;
            }
            String base = geo.name(from) + (m1 >= 0 ? geo.name(m1) : "") + geo.name(to);
            String bang = mt.normalCapture ? "!" : "";
            Integer legal = tryParse(base + (Boolean.TRUE.equals(mt.promote) ? "+" : "") + bang);
            if (legal == null && mt.promote == null) legal = tryParse(base + "+" + bang);
            if (legal != null) {
                int mv = legal;
                if (found.stream().noneMatch(c -> c.move == mv)) found.add(new Candidate(from, mv));
            } else if (explicit && raw == Move.NONE) {
                raw = Move.of(from, m1 < 0 ? Move.NO_SQUARE : m1, to, Boolean.TRUE.equals(mt.promote));
            }
        }
        if (found.size() == 1) return found.get(0).move;
        if (found.isEmpty()) {
            if (raw != Move.NONE) return raw; // convertible but illegal: the rules say why
            if (problem != null) throw new MovePlayer.NotAMove(problem);
            if (origins == null) {
                // No legal move fits: a piece whose movement reaches there still converts (the rules say why not).
                List<Candidate> reach = new ArrayList<>();
                for (int from = 0; from < geo.squares; from++) {
                    PieceKind k = pos.kindAt(from);
                    int code = pos.pieceAt(from);
                    if (k == null || (code > 0 ? 0 : 1) != side) continue;
                    if (mt.name != null && !KifNames.fits(mt.name, k)) continue;
                    if (Boolean.TRUE.equals(mt.promote) && !k.canPromote()) continue;
                    boolean ok;
                    if (inPlace) ok = k.hasLionPower() && geo.distance(from, dest) == 1;
                    else if (mid >= 0) ok = k.hasLionPower() && geo.distance(from, mid) == 1 && geo.distance(mid, dest) <= 1;
                    else ok = pos.reaches(from, dest);
                    if (!ok) continue;
                    int m1 = inPlace ? dest : mid;
                    reach.add(new Candidate(from, Move.of(from, m1 < 0 ? Move.NO_SQUARE : m1, inPlace ? from : dest,
                            Boolean.TRUE.equals(mt.promote))));
                }
                if (reach.size() == 1) return reach.get(0).move;
                if (reach.size() > 1 && !inPlace && !mt.ambiguity.isEmpty()) return disambiguate(reach, mt, dest).move;
            }
            String what = mt.name == null ? "no piece" : "no " + mt.name;
            String how = inPlace ? " can capture on " + where(dest) + " and stay (居喰い)"
                    : mid >= 0 ? " can move via " + where(mid) + " to " + where(dest) : " can move to " + where(dest);
            throw new MovePlayer.NotAMove(what + " of " + sideName(side) + how);
        }
        if (origins != null)
            throw new MovePlayer.NotAMove("the origin " + mt.origins + " is ambiguous");
        return disambiguate(found, mt, inPlace ? -1 : dest).move;
    }

    /**
     * {@code 盤外} (dai13-kumazawa): the exit, or with {@code （トライ）} the try, of the named piece (on the
     * written origin, or the only piece of that name that can make it).
     */
    private int exit(KifMoveText mt) {
        String suffix = mt.tryMarker ? "try" : "off";
        List<Candidate> found = new ArrayList<>();
        List<Integer> froms = new ArrayList<>();
        if (mt.origins != null) froms.addAll(mt.origins);
        else for (int sq = 0; sq < geo.squares; sq++) froms.add(sq);
        for (int from : froms) {
            PieceKind k = pos.kindAt(from);
            if (k == null || (pos.pieceAt(from) > 0 ? 0 : 1) != pos.sideToMove()) continue;
            if (mt.name != null && !KifNames.fits(mt.name, k)) continue;
            Integer legal = tryParse(geo.name(from) + suffix);
            if (legal != null) found.add(new Candidate(from, legal));
        }
        // KI2 without origins: 右/左/中 pick among several pieces of that name (there is no destination).
        if (found.size() > 1 && !mt.ambiguity.isEmpty() && mt.ambiguity.chars().allMatch(ch -> "右左中".indexOf(ch) >= 0))
            found = filter(found, mt.ambiguity, pos.sideToMove(), -1);
        if (found.size() == 1) return found.get(0).move();
        String what = (mt.name == null ? "piece" : mt.name) + (mt.tryMarker ? " can make a try (トライ)" : " can leave the board (盤外)");
        if (found.isEmpty()) {
            if (mt.origins != null && mt.origins.size() == 1 && pos.pieceAt(mt.origins.get(0)) != 0) {
                int from = mt.origins.get(0);
                return mt.tryMarker ? Move.tryMove(from) : Move.exit(from); // convertible but illegal: the rules say why
            }
            throw new MovePlayer.NotAMove("no " + what);
        }
        throw new MovePlayer.NotAMove("ambiguous: more than one " + what);
    }

    private Integer tryParse(String usi) {
        try {
            return pos.parseMove(usi);
        } catch (IllegalMoveException e) {
            return null;
        }
    }

    /** じっと: the position's pass (all passes are the same move for the rules). */
    private int pass(List<Integer> origins) {
        int[] buf = new int[4096];
        int n = pos.generate(buf);
        for (int i = 0; i < n; i++) {
            int mv = buf[i];
            if (Move.from(mv) == Move.to(mv) && Move.hasMid(mv) && pos.pieceAt(Move.mid(mv)) == 0) return mv;
        }
        if (origins != null && origins.size() == 1) {
            int o = origins.get(0);
            if (pos.pieceAt(o) == 0) throw new MovePlayer.NotAMove("no piece on " + where(o));
            for (int d = 0; d < 8; d++) {
                int s = geo.neighbour(o, d);
                if (s >= 0 && pos.pieceAt(s) == 0) return Move.of(o, s, o, false);
            }
        }
        throw new MovePlayer.NotAMove("じっと (pass) but no piece of " + sideName(pos.sideToMove()) + " can pass");
    }

    // ------------------------------------------------------------------ disambiguation (KI2)

    private static final Set<String> GOLD_LIKE = Set.of("gold", "silver", "promotedpawn");
    private static final Set<String> LION_LIKE = Set.of("lion", "lionpromoted", "falcon");

    private Candidate disambiguate(List<Candidate> cands, KifMoveText mt, int dest) {
        String amb = mt.ambiguity;
        if (amb.isEmpty() || dest < 0) {
            StringBuilder from = new StringBuilder();
            for (Candidate c : cands) from.append(from.length() == 0 ? "" : ", ").append(where(c.from));
            throw new MovePlayer.NotAMove("ambiguous: " + (mt.name == null ? "pieces" : mt.name) + " on " + from
                    + " can all make this move" + (amb.isEmpty() ? " (no 右/左/上/引/寄/直/跳 given)" : ""));
        }
        int side = pos.sideToMove();
        // 1. The spelling shogiops would write for each candidate.
        List<Candidate> exact = new ArrayList<>();
        for (Candidate c : cands) {
            List<Integer> others = new ArrayList<>();
            for (Candidate o : cands) if (o != c) others.add(o.from);
            if (writtenAmbiguity(pos.kindAt(c.from), side, c.from, dest, others).equals(amb)) exact.add(c);
        }
        if (exact.size() == 1) return exact.get(0);
        // 2. The characters as filters, in written order, then vertical ones first.
        List<Candidate> r = filter(cands, amb, side, dest);
        if (r.size() != 1) {
            StringBuilder reordered = new StringBuilder();
            for (char ch : amb.toCharArray()) if ("上引寄行跳".indexOf(ch) >= 0) reordered.append(ch);
            for (char ch : amb.toCharArray()) if ("上引寄行跳".indexOf(ch) < 0) reordered.append(ch);
            r = filter(cands, reordered.toString(), side, dest);
        }
        if (r.size() == 1) return r.get(0);
        StringBuilder from = new StringBuilder();
        for (Candidate c : (r.isEmpty() ? cands : r)) from.append(from.length() == 0 ? "" : ", ").append(where(c.from));
        throw new MovePlayer.NotAMove("'" + amb + "' does not single out one " + (mt.name == null ? "piece" : mt.name)
                + " (" + (r.isEmpty() ? "none fits; candidates " : "still ") + from + ")");
    }

    /** up = towards the opponent. */
    private boolean up(int side, int from, int to) {
        int d = geo.rankIndex(from) - geo.rankIndex(to);
        return side == 0 ? d > 0 : d < 0;
    }

    private boolean down(int side, int from, int to) {
        return geo.rankIndex(from) != geo.rankIndex(to) && !up(side, from, to);
    }

    private List<Candidate> filter(List<Candidate> cands, String amb, int side, int dest) {
        List<Candidate> cur = new ArrayList<>(cands);
        for (char ch : amb.toCharArray()) {
            List<Candidate> next = new ArrayList<>();
            int right = Integer.MAX_VALUE, left = Integer.MIN_VALUE;
            for (Candidate c : cur) {
                int f = rightness(side, c.from);
                right = Math.min(right, f);
                left = Math.max(left, f);
            }
            for (Candidate c : cur) {
                int f = c.from;
                boolean keep = switch (ch) {
                    case '上', '行' -> up(side, f, dest);
                    case '引' -> down(side, f, dest);
                    case '寄' -> geo.rankIndex(f) == geo.rankIndex(dest);
                    case '直' -> geo.fileNumber(f) == geo.fileNumber(dest) && (up(side, f, dest) || geo.distance(f, dest) == 1);
                    case '跳' -> geo.distance(f, dest) == 2;
                    case '右' -> rightness(side, f) == right;
                    case '左' -> rightness(side, f) == left;
                    case '中' -> rightness(side, f) != right && rightness(side, f) != left;
                    default -> true;
                };
                if (keep) next.add(c);
            }
            cur = next;
        }
        return cur;
    }

    /** Smaller = further to the mover's right. */
    private int rightness(int side, int sq) {
        return side == 0 ? geo.fileNumber(sq) : -geo.fileNumber(sq);
    }

    /** shogiops' japanese.ts disambiguate() for Chu (files count from sente's right, ranks from 一). */
    private String writtenAmbiguity(PieceKind k, int side, int orig, int dest, List<Integer> others) {
        int myRank = geo.rankIndex(orig), myFile = geo.fileNumber(orig);
        int destRank = geo.rankIndex(dest), destFile = geo.fileNumber(dest);
        boolean movingUp = myRank > destRank, movingDown = myRank < destRank;
        boolean sente = side == 0;
        if (myFile == destFile && sente == movingUp && GOLD_LIKE.contains(k.role)
                && others.stream().anyMatch(o -> geo.rankIndex(o) == myRank))
            return "直";
        if (LION_LIKE.contains(k.role) && destFile == myFile && others.stream().anyMatch(o -> geo.distance(o, orig) == 1))
            return geo.distance(orig, dest) == 2 ? "跳" : "直";
        boolean sameVertical = others.stream().map(geo::rankIndex)
                .anyMatch(r -> (r < destRank) == movingDown && (r > destRank) == movingUp);
        if (!sameVertical) return vertical(sente, movingUp, movingDown);
        int rightest = Integer.MAX_VALUE, leftest = Integer.MIN_VALUE;
        for (int o : others) {
            rightest = Math.min(rightest, geo.fileNumber(o));
            leftest = Math.max(leftest, geo.fileNumber(o));
        }
        if (rightest > myFile || leftest < myFile || (others.size() == 2 && rightest < myFile && leftest > myFile))
            return sideWord(sente, rightest > myFile, leftest < myFile);
        return sideWord(sente, rightest >= myFile, leftest <= myFile) + vertical(sente, movingUp, movingDown);
    }

    private static String vertical(boolean sente, boolean up, boolean down) {
        if (up == down) return "寄";
        return (sente && up) || (!sente && down) ? "上" : "引";
    }

    private static String sideWord(boolean sente, boolean right, boolean left) {
        if (left == right) return "中";
        return (sente && right) || (!sente && left) ? "右" : "左";
    }

    // ------------------------------------------------------------------ results

    /**
     * A result word; {@code number} is the move number it is written at, if any. The side to move is the
     * position's, or after a refused move (the position stops there) the one whose turn that number is.
     */
    private void result(String word, Integer number) {
        ensureStarted(null);
        int toMove = !stopped() ? pos.sideToMove()
                : number == null ? -1 : startSide ^ (Math.floorMod(number - startNumber, 2));
        String other = toMove < 0 ? null : sideName(toMove ^ 1), mover = toMove < 0 ? null : sideName(toMove);
        switch (word) {
            case "投了" -> set("resign", other);
            case "切れ負け", "時間切れ" -> set("timeout", other);
            case "詰み" -> set("mate", other);
            case "千日手" -> set("repetition", null);
            case "持将棋" -> set("impasse", null);
            case "引き分け" -> set("draw", null);
            case "中断" -> set("aborted", null);
            case "入玉勝ち", "勝ち宣言" -> set("impasse", mover);
            case "反則勝ち" -> winner = mover;
            case "反則負け" -> winner = other;
            default -> { }
        }
        resultWord = word;
    }

    private void set(String st, String win) {
        status = st;
        winner = win;
    }

    private void summary(String t) {
        summary = t;
        Matcher m = SUMMARY.matcher(t);
        String rest = m.matches() ? m.group(2) : t;
        if (resultWord == null) {
            if (rest.contains("千日手")) set("repetition", null);
            else if (rest.contains("持将棋")) set("impasse", null);
            else if (rest.contains("中断")) set("aborted", null);
            else if (rest.contains("引き分け")) set("draw", null);
            else if (rest.contains("時間切れ") || rest.contains("切れ負け")) status = "timeout";
            else if (rest.contains("詰み")) status = "mate";
            else if (rest.contains("投了")) status = "resign";
        }
        Matcher w = WINNER.matcher(rest);
        if (w.find()) {
            boolean senteNamed = w.group(1).equals("先手") || w.group(1).equals("下手");
            boolean wins = w.group(2).equals("勝ち");
            winner = senteNamed == wins ? "sente" : "gote";
        }
    }

    // ------------------------------------------------------------------ helpers

    private static String sideName(int side) {
        return side == 0 ? "sente" : "gote";
    }

    private String where(int sq) {
        return KifNames.kifSquare(geo, sq) + " (" + geo.name(sq) + ")";
    }

    /** A line that makes the record unreadable (not a move: those stop the replay instead). */
    private RecordFormatException error(String message) {
        return new RecordFormatException(source, lineNo, message);
    }
}
