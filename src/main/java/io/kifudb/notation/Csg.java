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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Colin Adams' Chu Shogi game records: format-3 {@code .csg} files (as written by his Chu_shogi 2.10
 * program) and the {@code .fsy} start positions they refer to.
 *
 * <h2>.csg</h2>
 * <pre>
 * 3                                   format number (only 3 is read)
 * board.data                          setup file name
 * EVEN                                handicap name
 * Mori                                sente: the lower side, "Black", lowercase in .fsy
 * Fukui                               gote: the upper side, "White", uppercase in .fsy
 * See Chu Shogi Library ...           comment (lines 6 to the first move line; usually 4 blank lines follow)
 * 0 P 1a - 1a                         dummy move 0, skipped
 * 1 P 8i - 8h                         one ply per line: number, piece, from, then "- sq", "x sq", "x! sq"
 * 1 P 5d - 5e                         (igui), or two of "-"/"x" steps for a two-step move, then "+"/"="
 * </pre>
 * Lines 4 and 5 are sente then gote: Colin Adams' own parser (chu_shogi_server, Csg_parser.idr) reads them
 * as {@code blk_nm} and {@code wht_nm}, and his Piece_colour Black is the lowercase (lower, sente) side.
 * In handicap games the upper side (gote, the handicap giver) moves first, so line 4 names the player who
 * moves second there; both players' plies carry the same move number, sente's first "move" of a handicap
 * game being the implicit taking of the handicap.
 *
 * <h2>.fsy</h2>
 * George Hodges' Forsythe notation: {@code /rank/rank/.../} from the upper side's back rank (rank a), each
 * rank from file 12 to file 1 as comma-separated pieces or counts of empty squares; UPPERCASE is the upper
 * side (gote), lowercase the lower side (sente) - the opposite of SFEN - with {@code +} before a promoted
 * piece and {@code =} for a piece that has declined promotion (not representable in SFEN, ignored).
 */
public final class Csg {
    /** Chu Shogi's even start position (EVEN.fsy, "board.data"). */
    public static final String EVEN_SFEN =
            "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
    /** Free King handicap (FK.fsy, "freekingMSMa.data"); the giver, gote, moves first. */
    public static final String FK_SFEN =
            "lfcsgekgsc1l/a1b1txot1bfa/mvrhdvndhr1m/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 1";
    /** Free King handicap, alternate arrangement (FKa.fsy, "freekingMSMb.data"); gote moves first. */
    public static final String FKA_SFEN =
            "lfcsgekg1cfl/a1b1txot1b1a/mvrhdvndhrsm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 1";
    /** Free King and Dragon King handicap (FK+DK.fsy, "dragonkingMSM.data"); gote moves first. */
    public static final String FK_DK_SFEN =
            "l1csgekgsc1l/a1b1txot1b1a/mfrhdvnvhrfm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 1";

    /** Setup file name the writer uses for a start position that is none of the built-in ones. */
    public static final String CUSTOM_SETUP = "custom.fsy";

    /**
     * A built-in setup: its .fsy name (chu_shogi_server), the name Chu_shogi 2.10 writes on line 2, the
     * handicap name it writes on line 3, and the position.
     */
    record Setup(String fsyName, String dataName, String handicapName, String sfen) {}

    static final List<Setup> SETUPS = List.of(
            new Setup("EVEN.fsy", "board.data", "EVEN", EVEN_SFEN),
            new Setup("FK.fsy", "freekingMSMa.data", "Free King", FK_SFEN),
            new Setup("FKa.fsy", "freekingMSMb.data", "Free King (alternate)", FKA_SFEN),
            new Setup("FK+DK.fsy", "dragonkingMSM.data", "Free King and a Dragon King", FK_DK_SFEN));

    /** CSG/FSY abbreviation (as Colin Adams capitalises it) and lishogi letter of each unpromoted kind. */
    private static final String[][] PIECES = {
            {"P", "p"}, {"GB", "i"}, {"C", "c"}, {"S", "s"}, {"G", "g"}, {"FL", "f"}, {"BT", "t"}, {"DE", "e"},
            {"K", "k"}, {"Ky", "o"}, {"Ph", "x"}, {"L", "l"}, {"RC", "a"}, {"SM", "m"}, {"VM", "v"}, {"R", "r"},
            {"B", "b"}, {"DH", "h"}, {"DK", "d"}, {"FK", "q"}, {"Ln", "n"}};
    /** Upper-cased abbreviation to lishogi letter. */
    private static final Map<String, String> ABBREV_TO_LETTER = new HashMap<>();
    /** lishogi letter to abbreviation. */
    private static final Map<String, String> LETTER_TO_ABBREV = new HashMap<>();

    static {
        for (String[] p : PIECES) {
            ABBREV_TO_LETTER.put(p[0].toUpperCase(Locale.ROOT), p[1]);
            LETTER_TO_ABBREV.put(p[1], p[0]);
        }
    }

    private static final RuleSet CHU = RuleSet.CHU;
    private static final int SIZE = 12;

    private Csg() {}

    // ------------------------------------------------------------------------------------------ pieces

    /**
     * The lishogi SFEN token ({@code "n"}, {@code "+d"}) of a CSG/FSY abbreviation ({@code Ln}, {@code +DK}),
     * case-insensitively, or null if there is no such Chu piece (also for {@code +K}, {@code +FK}, {@code +Ln}).
     */
    static String token(String abbreviation) {
        boolean promoted = abbreviation.startsWith("+");
        String letter = ABBREV_TO_LETTER.get((promoted ? abbreviation.substring(1) : abbreviation).toUpperCase(Locale.ROOT));
        if (letter == null) return null;
        String token = promoted ? "+" + letter : letter;
        return CHU.variant.byToken(token) == null ? null : token;
    }

    /** The CSG abbreviation of a lishogi token: {@code "+o"} gives {@code "+Ky"}. */
    static String abbreviation(String token) {
        boolean promoted = token.startsWith("+");
        String a = LETTER_TO_ABBREV.get(promoted ? token.substring(1) : token);
        if (a == null) throw new IllegalArgumentException("no CSG abbreviation for piece '" + token + "'");
        return promoted ? "+" + a : a;
    }

    // ------------------------------------------------------------------------------------------ .fsy

    /**
     * The SFEN of the position an .fsy file describes, with gote ({@code w}) to move if
     * {@code goteMovesFirst}, else sente, and move number 1.
     *
     * @throws IllegalArgumentException if the text is not a 12x12 Forsythe board of Chu pieces
     */
    public static String fsyToSfen(String fsyText, boolean goteMovesFirst) {
        if (fsyText == null) throw new IllegalArgumentException("no .fsy text");
        String text = fsyText.replaceAll("\\s+", "");
        if (text.isEmpty()) throw new IllegalArgumentException("empty .fsy text");
        if (text.startsWith("/")) text = text.substring(1);
        if (text.endsWith("/")) text = text.substring(0, text.length() - 1);
        String[] ranks = text.split("/", -1);
        if (ranks.length != SIZE)
            throw new IllegalArgumentException(".fsy board has " + ranks.length + " ranks, Chu needs " + SIZE);
        StringBuilder sb = new StringBuilder(96);
        for (int r = 0; r < SIZE; r++) {
            if (r > 0) sb.append('/');
            String rankName = String.valueOf((char) ('a' + r));
            int squares = 0, empty = 0;
            for (String item : ranks[r].split(",", -1)) {
                if (item.isEmpty()) throw new IllegalArgumentException(".fsy rank " + rankName + ": empty item");
                if (Character.isDigit(item.charAt(0))) {
                    int run;
                    try {
                        run = Integer.parseInt(item);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException(".fsy rank " + rankName + ": bad count '" + item + "'");
                    }
                    if (run < 1) throw new IllegalArgumentException(".fsy rank " + rankName + ": bad count '" + item + "'");
                    squares += run;
                    empty += run;
                    continue;
                }
                // '+' promoted, '=' declined promotion (ignored), in either order.
                boolean promoted = false;
                int i = 0;
                while (i < item.length() && (item.charAt(i) == '+' || item.charAt(i) == '=')) {
                    if (item.charAt(i) == '+') promoted = true;
                    i++;
                }
                String name = item.substring(i);
                if (name.isEmpty() || !name.chars().allMatch(Character::isLetter))
                    throw new IllegalArgumentException(".fsy rank " + rankName + ": bad piece '" + item + "'");
                String token = token((promoted ? "+" : "") + name);
                if (token == null)
                    throw new IllegalArgumentException(".fsy rank " + rankName + ": unknown piece '" + item + "'");
                boolean upper = Character.isUpperCase(name.charAt(0)); // upper side = gote
                if (empty > 0) sb.append(empty);
                empty = 0;
                sb.append(upper ? token : token.toUpperCase(Locale.ROOT));
                squares++;
            }
            if (empty > 0) sb.append(empty);
            if (squares != SIZE)
                throw new IllegalArgumentException(".fsy rank " + rankName + " covers " + squares + " squares, not " + SIZE);
        }
        sb.append(goteMovesFirst ? " w - 1" : " b - 1");
        return sb.toString();
    }

    /**
     * The .fsy text (one line, with a final newline) of an SFEN's board; the side to move, counter-strike
     * marker and move number are not part of the .fsy format.
     *
     * @throws IllegalArgumentException if the SFEN is not a valid Chu position
     */
    public static String sfenToFsy(String sfen) {
        Position pos;
        try {
            pos = Sfen.parse(CHU, sfen);
        } catch (SfenException e) {
            throw new IllegalArgumentException("not a Chu SFEN: " + e.getMessage(), e);
        }
        StringBuilder sb = new StringBuilder(300).append('/');
        for (int r = 0; r < SIZE; r++) {
            List<String> items = new ArrayList<>(SIZE);
            int empty = 0;
            for (int f = 0; f < SIZE; f++) {
                int p = pos.pieceAt(r * SIZE + f);
                if (p == 0) {
                    empty++;
                    continue;
                }
                if (empty > 0) items.add(String.valueOf(empty));
                empty = 0;
                String a = abbreviation(pos.kindAt(r * SIZE + f).token);
                items.add(p < 0 ? a.toUpperCase(Locale.ROOT) : a.toLowerCase(Locale.ROOT));
            }
            if (empty > 0) items.add(String.valueOf(empty));
            sb.append(String.join(",", items)).append('/');
        }
        return sb.append('\n').toString();
    }

    // ------------------------------------------------------------------------------------------ reading

    /**
     * Reads a format-3 .csg file (one game) under {@link RuleSet#CHU}.
     *
     * @see #read(String, String, RuleSet, Function)
     */
    public static List<GameRecord> read(String source, String text, Function<String, String> setupResolver) {
        return read(source, text, CHU, setupResolver);
    }

    /**
     * Reads a format-3 .csg file (one game), replaying its moves under {@code rules} (a Chu rule set; any
     * other is read as {@link RuleSet#CHU}) as it reads them. The first move line that is not a legal
     * move (malformed, a piece that is not the one on its origin, a capture mark ({@code x}) on an empty
     * square or a plain step ({@code -}) onto an occupied one, a move the rules refuse) ends the moves: the
     * record holds the moves before it and the {@link GameRecord#stop() stop}.
     *
     * @param source        file name for error messages and {@link GameRecord#source()}
     * @param setupResolver gives the text of the .fsy setup file named on line 2, or null; when it gives
     *                      null the built-in setups are used, found by line 2 (EVEN.fsy, FK.fsy, FKa.fsy,
     *                      FK+DK.fsy or Chu_shogi 2.10's board.data, freekingMSMa.data, freekingMSMb.data,
     *                      dragonkingMSM.data) or else by the handicap name on line 3
     * @throws RecordFormatException for a malformed header or an unknown setup
     */
    public static List<GameRecord> read(String source, String text, RuleSet rules, Function<String, String> setupResolver) {
        RuleSet judge = rules != null && rules.variant == CHU.variant ? rules : CHU;
        String[] lines = text.split("\r\n|\r|\n", -1);
        int count = lines.length;
        while (count > 0 && lines[count - 1].isBlank()) count--;
        if (count == 0) throw new RecordFormatException(source, 1, "empty .csg file");
        String format = lines[0].strip();
        if (!format.equals("3"))
            throw new RecordFormatException(source, 1, "not a format-3 .csg file (line 1 is '" + format + "', expected 3)");
        String[] what = {"the setup file name", "the handicap name", "the sente player's name", "the gote player's name"};
        for (int i = 1; i <= 4; i++)
            if (i >= count)
                throw new RecordFormatException(source, i + 1, "truncated header: line " + (i + 1) + " (" + what[i - 1] + ") is missing");
        String setupName = lines[1].strip();
        String handicap = lines[2].strip();
        String sente = lines[3].strip();
        String gote = lines[4].strip();

        // Comment: line 6 (unless it is plainly a move line, the comment line being left out) and any
        // further lines before the first move line.
        int first = 5;
        List<String> commentLines = new ArrayList<>();
        if (first < count && !STRICT_MOVE.matcher(lines[first].strip()).matches()) commentLines.add(lines[first++].strip());
        while (first < count && !looksLikeMove(lines[first])) commentLines.add(lines[first++].strip());
        while (!commentLines.isEmpty() && commentLines.get(commentLines.size() - 1).isEmpty())
            commentLines.remove(commentLines.size() - 1);
        String comment = String.join("\n", commentLines);

        // Setup.
        String sfen = setup(source, setupName, handicap, setupResolver);
        Position setupPosition;
        try {
            setupPosition = Sfen.parse(judge, sfen);
        } catch (SfenException e) {
            throw new RecordFormatException(source, 2, "setup '" + setupName + "': " + e.getMessage());
        }

        // Who moves first: sente in even games, gote (the handicap giver) otherwise. For a setup that is
        // none of the built-in ones, a first move by the other side's piece decides.
        boolean goteFirst = goteMovesFirst(sfen, handicap);
        if (builtIn(sfen) == null) {
            Integer owner = firstMover(lines, first, count, setupPosition);
            if (owner != null) goteFirst = owner == Position.GOTE;
        }
        sfen = sfen.substring(0, sfen.indexOf(' ')) + (goteFirst ? " w - 1" : " b - 1");

        // Moves, each checked by the rules before it is played.
        MovePlayer player;
        try {
            player = new MovePlayer(Sfen.parse(judge, sfen));
        } catch (SfenException e) {
            throw new RecordFormatException(source, 2, "setup '" + setupName + "' with " + (goteFirst ? "gote" : "sente")
                    + " to move: " + e.getMessage());
        }
        List<String> moves = new ArrayList<>(); // as the lines spell them (a pass names its empty square)
        List<Integer> moveLines = new ArrayList<>();
        for (int i = first; i < count && !player.stopped(); i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) continue;
            CsgMove m;
            try {
                m = CsgMove.parse(line);
            } catch (MovePlayer.NotAMove e) {
                player.refuse(line, i + 1, e.getMessage());
                break;
            }
            if (m.number() == 0) {
                if (!player.canonicalMoves().isEmpty()) player.refuse(line, i + 1, "move number 0 after the first move");
                continue; // the dummy "0 P 1a - 1a"
            }
            if (player.play(line, i + 1, pos -> denote(pos, m)) == Move.NONE) break;
            moves.add(m.usi());
            moveLines.add(i + 1);
        }

        Map<String, String> tags = new LinkedHashMap<>();
        if (!sente.isEmpty()) tags.put(GameRecord.SENTE, sente);
        if (!gote.isEmpty()) tags.put(GameRecord.GOTE, gote);
        if (!handicap.isEmpty()) tags.put(GameRecord.HANDICAP, handicap);
        Map<Integer, String> comments = comment.isEmpty() ? null : Map.of(0, comment);
        return List.of(new GameRecord(source, 1, 1, null, CHU.id, sfen, 2, moves, moveLines, null, null, tags,
                comments, player.stop()));
    }

    /** A well-formed move line, e.g. {@code 52 Ln 11g x 12g - 11f}. */
    private static final Pattern STRICT_MOVE = Pattern.compile(
            "\\d+\\s+\\+?[A-Za-z]{1,2}\\s+\\d{1,2}[a-l](\\s+(-|x|x!)\\s+\\d{1,2}[a-l]){1,2}(\\s*[+=])?");

    private static boolean looksLikeMove(String line) {
        return line.strip().matches("\\d+\\s+\\S+\\s+\\S+.*");
    }

    /** The owner of the piece the first move line moves, or null if there is none or it does not parse. */
    private static Integer firstMover(String[] lines, int first, int count, Position setup) {
        for (int i = first; i < count; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) continue;
            try {
                CsgMove m = CsgMove.parse(line);
                if (m.number() == 0) continue;
                int owner = setup.pieceAt(m.from());
                return owner == 0 ? null : owner > 0 ? Position.SENTE : Position.GOTE;
            } catch (MovePlayer.NotAMove unreadable) {
                return null;
            }
        }
        return null;
    }

    /**
     * The USI move of a move line, after checking what the line says of the board: the piece named is the
     * one on the origin, and each step's mark says whether its square holds a piece ({@code x}, {@code x!})
     * or not ({@code -}). Whether the move is legal is for the rules.
     */
    private static int denote(Position pos, CsgMove m) {
        Geometry g = pos.geometry();
        PieceKind onOrigin = pos.kindAt(m.from());
        if (onOrigin == null || !m.piece().equals(onOrigin.token))
            throw new MovePlayer.NotAMove("the record moves " + describe(m.piece()) + " from " + g.name(m.from()) + " but "
                    + (onOrigin == null ? "that square is empty" : "the piece there is " + describe(onOrigin.token)));
        for (int step = 0; step < m.marks().size(); step++) {
            String mark = m.marks().get(step);
            int sq = m.squares().get(step);
            if (sq == m.from()) continue; // back to the origin: the piece's own square
            boolean occupied = pos.pieceAt(sq) != 0;
            if (mark.equals("-") && occupied)
                throw new MovePlayer.NotAMove("'-' (no capture) to " + g.name(sq) + ", but " + g.name(sq) + " holds "
                        + describe(pos.kindAt(sq).token));
            if (!mark.equals("-") && !occupied)
                throw new MovePlayer.NotAMove("'" + mark + "' (capture) on " + g.name(sq) + ", but " + g.name(sq) + " is empty");
        }
        return Move.of(m.from(), m.mid(), m.to(), m.usi().endsWith("+"));
    }

    private static String describe(String token) {
        PieceKind k = CHU.variant.byToken(token);
        return abbreviation(token) + " (" + (k == null ? token : k.english) + ")";
    }

    /** The start SFEN of the setup named on line 2 (side to move still to be settled). */
    private static String setup(String source, String setupName, String handicap, Function<String, String> resolver) {
        String fsy = resolver == null ? null : resolver.apply(setupName);
        if (fsy != null) {
            try {
                return fsyToSfen(fsy, false);
            } catch (IllegalArgumentException e) {
                throw new RecordFormatException(source, 2, "setup file '" + setupName + "': " + e.getMessage());
            }
        }
        for (Setup s : SETUPS)
            if (s.fsyName().equalsIgnoreCase(setupName) || s.dataName().equalsIgnoreCase(setupName)) return s.sfen();
        for (Setup s : SETUPS)
            if (s.handicapName().equalsIgnoreCase(handicap)) return s.sfen();
        throw new RecordFormatException(source, 2, "unknown setup file '" + setupName + "' (handicap '" + handicap
                + "'): the resolver has no such file and it is none of the built-in setups");
    }

    /** The built-in setup whose board this SFEN has, or null. */
    static Setup builtIn(String sfen) {
        String board = sfen.strip().split("\\s+")[0];
        for (Setup s : SETUPS) if (s.sfen().startsWith(board + " ")) return s;
        return null;
    }

    private static boolean goteMovesFirst(String sfen, String handicap) {
        Setup s = builtIn(sfen);
        if (s != null) return !s.handicapName().equals("EVEN");
        return !(handicap.isEmpty() || handicap.equalsIgnoreCase("EVEN"));
    }

    // ------------------------------------------------------------------------------------------ writing

    /**
     * Writes a record as a format-3 .csg file. The moves are replayed under {@code rules} to know the
     * pieces, captures and promotions; a promotion that was possible but not taken is written with
     * {@code =}. A start position that is none of the built-in setups is named {@value #CUSTOM_SETUP}
     * (its text is {@link #sfenToFsy(String)}); the counter-strike marker of an SFEN is lost. Only the
     * comment before the first move ({@code comments().get(0)}) is written.
     *
     * @throws IllegalArgumentException if the rule set is not a 12x12 Chu rule set or a move is not legal
     */
    public static String write(GameRecord record, RuleSet rules) {
        if (rules.variant != CHU.variant) throw new IllegalArgumentException("the .csg format is for Chu Shogi, not " + rules.id);
        Position pos;
        try {
            pos = record.initialSfen() == null ? Position.start(rules) : Sfen.parse(rules, record.initialSfen());
        } catch (SfenException e) {
            throw new IllegalArgumentException("invalid start position: " + e.getMessage(), e);
        }
        boolean goteFirst = pos.sideToMove() == Position.GOTE;
        String startSfen = pos.sfen();
        Setup setup = builtIn(startSfen);
        if (setup != null && !setup.sfen().split(" ")[1].equals(goteFirst ? "w" : "b")) setup = null;

        String handicap = record.tags().getOrDefault(GameRecord.HANDICAP, "").strip();
        String setupName;
        if (setup != null) {
            setupName = setup.dataName();
            if (handicap.isEmpty()) handicap = setup.handicapName();
        } else {
            setupName = CUSTOM_SETUP;
            // The reader takes a non-even handicap name to mean gote moves first (and, with moves, the
            // owner of the first piece moved); keep the name consistent with the side to move.
            boolean evenName = handicap.isEmpty() || handicap.equalsIgnoreCase("EVEN");
            if (evenName == goteFirst && (record.moves().isEmpty() || handicap.isEmpty()))
                handicap = goteFirst ? "Handicap" : "";
        }

        StringBuilder sb = new StringBuilder(64 + 16 * record.moves().size());
        sb.append("3\n").append(setupName).append('\n').append(oneLine(handicap)).append('\n');
        sb.append(oneLine(record.tags().getOrDefault(GameRecord.SENTE, ""))).append('\n');
        sb.append(oneLine(record.tags().getOrDefault(GameRecord.GOTE, ""))).append('\n');
        String comment = record.comments().getOrDefault(0, "");
        List<String> commentLines = new ArrayList<>();
        for (String l : comment.split("\r\n|\r|\n", -1)) commentLines.add(l.strip());
        while (commentLines.size() < 5) commentLines.add("");
        for (String l : commentLines) sb.append(l).append('\n');
        sb.append("0 P 1a - 1a\n");

        Geometry g = pos.geometry();
        for (int ply = 0; ply < record.moves().size(); ply++) {
            String usi = record.moves().get(ply);
            int m;
            try {
                m = pos.parseMove(usi);
            } catch (IllegalMoveException e) {
                throw new IllegalArgumentException("ply " + (ply + 1) + " (" + usi + "): " + e.getMessage(), e);
            }
            int from = Move.from(m), to = Move.to(m);
            int number = (goteFirst ? ply + 1 : ply) / 2 + 1;
            sb.append(number).append(' ').append(abbreviation(pos.kindAt(from).token)).append(' ').append(g.name(from));
            if (Move.hasMid(m)) {
                int mid = Move.mid(m);
                if (to == from) {
                    if (pos.pieceAt(mid) != 0) sb.append(" x! ").append(g.name(mid));
                    else sb.append(" - ").append(passSquare(usi, g, mid)).append(" - ").append(g.name(to)); // pass
                } else {
                    sb.append(pos.pieceAt(mid) != 0 ? " x " : " - ").append(g.name(mid));
                    sb.append(pos.pieceAt(to) != 0 ? " x " : " - ").append(g.name(to));
                }
            } else {
                sb.append(pos.pieceAt(to) != 0 ? " x " : " - ").append(g.name(to));
            }
            if (Move.promotes(m)) sb.append(" +");
            else if (couldPromote(pos, m)) sb.append(" =");
            sb.append('\n');
            pos.make(m);
        }
        return sb.toString();
    }

    /**
     * Writes a record as a .csg file that reads back on its own: {@link #write} for a game that starts
     * from one of the built-in setups exactly as the reader sets it up (move 1, gote to move only in the
     * handicap setups, no counter-strike square). A .csg file names its start position by a setup file
     * instead of holding it, so for any other start the written file would be unreadable without a
     * separate {@value #CUSTOM_SETUP}, or would read back as another start; such a game is refused.
     *
     * @throws UnwritableRecordException if the variant is not Chu Shogi or the start is none of the setups
     * @throws IllegalArgumentException  if the start position is not a valid SFEN or a move is not legal
     */
    public static String writeStandalone(GameRecord record, RuleSet rules) {
        if (rules.variant != CHU.variant)
            throw new UnwritableRecordException("csg", "the .csg format is for Chu Shogi, not the " + rules.variant.id + " variant");
        String start;
        try {
            start = record.initialSfen() == null ? Position.start(rules).sfen() : Sfen.parse(rules, record.initialSfen()).sfen();
        } catch (SfenException e) {
            throw new IllegalArgumentException("invalid start position: " + e.getMessage(), e);
        }
        Setup setup = builtIn(start);
        if (setup == null)
            throw new UnwritableRecordException("csg", "a .csg file names its start position by a setup file, and this game starts from "
                    + start + ", which is none of the setups a reader knows (" + setupNames() + ")");
        if (!setup.sfen().equals(start))
            throw new UnwritableRecordException("csg", "a .csg file starts the " + setup.handicapName() + " setup as " + setup.sfen()
                    + " (side to move, no counter-strike square, move 1), but this game starts from " + start);
        return write(record, rules);
    }

    private static String setupNames() {
        return String.join(", ", SETUPS.stream().map(Setup::handicapName).toList());
    }

    /** The square a pass steps to as the record spells it (the engine may name another empty one). */
    private static String passSquare(String usi, Geometry g, int mid) {
        Matcher m = THREE_SQUARES.matcher(usi.strip());
        return m.matches() && g.parse(m.group(2)) >= 0 ? m.group(2) : g.name(mid);
    }

    private static final Pattern THREE_SQUARES =
            Pattern.compile("(\\d{1,2}[a-l])(\\d{1,2}[a-l])(\\d{1,2}[a-l])");

    private static boolean couldPromote(Position pos, int m) {
        for (int other : pos.legalMoves())
            if (Move.promotes(other) && Move.from(other) == Move.from(m) && Move.to(other) == Move.to(m)
                    && Move.mid(other) == Move.mid(m))
                return true;
        return false;
    }

    private static String oneLine(String s) {
        return s.replaceAll("[\r\n]+", " ").strip();
    }
}
