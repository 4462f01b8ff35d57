package io.kifudb.notation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kifudb.rules.Geometry;
import io.kifudb.rules.Move;
import io.kifudb.rules.PieceKind;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The records of kifu-corpus, and copies of them in each format that can express them with one ply
 * replaced by a move that is not legal there, spelled as that format spells moves: the kinds of mistake
 * real records hold (a piece that is not there, the opponent's piece, a square the piece cannot reach, a
 * Lion jumping three squares, a Lance through its own piece, text that is no move). Each copy says where
 * a reader must report it: the ply, the move as written, the line and the record's number in its file.
 */
public final class IllegalPlies {
    private static final ObjectMapper JSON = new ObjectMapper();

    private IllegalPlies() {}

    /**
     * A corpus record and the rule set it is judged under; its legal moves (canonical) and its text in
     * the KIF and .csg writers' formats are worked out once, when first asked for.
     */
    public static final class Case {
        private final String name;
        private final GameRecord record;
        private final RuleSet rules;
        private List<String> canonical;
        private final Map<Format, String> written = new EnumMap<>(Format.class);

        Case(String name, GameRecord record, RuleSet rules) {
            this.name = name;
            this.record = record;
            this.rules = rules;
        }

        public String name() {
            return name;
        }

        public GameRecord record() {
            return record;
        }

        public RuleSet rules() {
            return rules;
        }

        /** The record's moves, canonical; a corpus record that is not legal is a broken corpus. */
        public List<String> canonical() {
            if (canonical == null) {
                Replay.Result r = Replay.replay(rules, record);
                if (!r.ok()) throw new IllegalStateException(name + " is not legal: " + r.error());
                canonical = List.copyOf(r.canonicalMoves());
            }
            return canonical;
        }

        /** The game cut after its first {@code plies} plies (still a legal record). */
        public Case prefix(int plies) {
            if (plies >= record.moves().size()) return this;
            return new Case(name + " (first " + plies + " plies)", withMoves(record, record.moves().subList(0, plies)), rules);
        }

        /** The same record judged under other rules. */
        public Case under(RuleSet other) {
            return new Case(name + " under " + other.id, record, other);
        }

        public boolean standardStart() {
            return startSfen().equals(Position.start(rules).sfen());
        }

        public String startSfen() {
            return record.initialSfen() == null ? Position.start(rules).sfen() : Sfen.parse(rules, record.initialSfen()).sfen();
        }

        public boolean isChu() {
            return rules.variant == RuleSet.CHU.variant;
        }

        /** The position before ply k (1-based). */
        public Position before(int k) {
            Position p = Sfen.parse(rules, startSfen());
            for (int i = 0; i < k - 1; i++) p.make(p.parseMove(canonical().get(i)));
            return p;
        }

        /** The legal record as the KIF or .csg writer writes it (from its canonical moves). */
        String written(Format f) {
            return written.computeIfAbsent(f, format -> format == Format.KIF
                    ? Kif.write(withMoves(record, canonical()), rules) : Csg.write(withMoves(record, canonical()), rules));
        }
    }

    /** Every record of kifu-corpus (every file a reader reads, and the mating problems), under its rule set. */
    public static List<Case> corpus() {
        Path root = Path.of("kifu-corpus");
        List<Case> cases = new ArrayList<>();
        for (Path file : RecordFiles.walk(List.of(root))) {
            List<RecordFiles.Item> items;
            try {
                items = RecordFiles.read(root.relativize(file).toString(), Files.readAllBytes(file), null);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (RecordFiles.Item item : items) {
                if (!item.readable()) throw new IllegalStateException(item.source() + ": " + item.error());
                cases.add(new Case(item.source() + " record " + item.number(), item.record(), item.rules()));
            }
        }
        // The mating problems: SFEN {id} solution, one per line (the format CorpusReplayTest reads).
        List<String> lines;
        try {
            lines = Files.readAllLines(root.resolve("chu/tsume/msm-tsume-AB-solutions.txt"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.contains("{")) continue;
            String sfen = line.substring(0, line.indexOf('{')).trim();
            String id = line.substring(line.indexOf('{') + 1, line.indexOf('}'));
            List<String> moves = Arrays.asList(line.substring(line.indexOf('}') + 1).trim().split("\\s+"));
            cases.add(new Case("tsume " + id, new GameRecord("tsume", i + 1, id, "chu", sfen, moves, null, null), RuleSet.CHU));
        }
        return cases;
    }

    // ------------------------------------------------------------------ illegal moves

    /** The mistakes a record can make at a ply. */
    public enum Kind {
        /** A move from an empty square. */
        EMPTY_ORIGIN,
        /** A move of the opponent's piece. */
        OPPONENTS_PIECE,
        /** A move of one's own piece to a square it cannot reach. */
        UNREACHABLE_SQUARE,
        /** A Lion jumping three squares (it reaches two: pieces-and-setups.md, the Lion). */
        LION_THREE_SQUARES,
        /** A Lance through one of its own pieces (a ranging piece stops at the first occupied square). */
        LANCE_THROUGH_OWN_PIECE,
        /** Text in the place of the move that is no move at all. */
        UNREADABLE_TEXT
    }

    /**
     * A move from {@code from} to {@code to} that the record says the piece {@code named} makes, which is
     * not a legal move for the side to move ({@code sente}) in the position.
     */
    public record Bad(Kind kind, int from, int to, PieceKind named, boolean sente) {}

    /**
     * A mistake of this kind in the position, or null if the position has none (no Lion, no blocked Lance
     * ...). {@code original} is the ply's real move (its piece is named for a move from an empty square).
     */
    public static Bad bad(Position pos, Kind kind, int original, SplittableRandom random) {
        Geometry g = pos.geometry();
        int side = pos.sideToMove();
        int[] legal = pos.legalMoves();
        List<Integer> squares = new ArrayList<>();
        for (int sq = 0; sq < g.squares; sq++) squares.add(sq);
        shuffle(squares, random);
        PieceKind mover = pos.kindAt(Move.from(original));
        boolean sente = side == Position.SENTE;
        switch (kind) {
            case EMPTY_ORIGIN -> {
                for (int from : squares) {
                    if (pos.pieceAt(from) != 0) continue;
                    int to = g.neighbour(from, random.nextInt(8));
                    if (to >= 0) return new Bad(kind, from, to, mover, sente);
                }
            }
            case OPPONENTS_PIECE -> {
                for (int from : squares) {
                    if (pos.pieceAt(from) == 0 || owner(pos, from) == side) continue;
                    for (int d = 0; d < 8; d++) {
                        int to = g.neighbour(from, d);
                        if (to >= 0 && pos.pieceAt(to) == 0) return new Bad(kind, from, to, pos.kindAt(from), sente);
                    }
                }
            }
            case UNREACHABLE_SQUARE -> {
                for (int from : squares) {
                    if (pos.pieceAt(from) == 0 || owner(pos, from) != side) continue;
                    for (int to : squares) {
                        if (to == from || g.distance(from, to) > 3 || (pos.pieceAt(to) != 0 && owner(pos, to) == side)) continue;
                        if (!reaches(legal, from, to)) return new Bad(kind, from, to, pos.kindAt(from), sente);
                    }
                }
            }
            case LION_THREE_SQUARES -> {
                for (int from : squares) {
                    if (pos.pieceAt(from) == 0 || owner(pos, from) != side || !pos.kindAt(from).movesAsLion()) continue;
                    for (int to : squares) {
                        if (g.distance(from, to) != 3 || (pos.pieceAt(to) != 0 && owner(pos, to) == side)) continue;
                        if (!reaches(legal, from, to)) return new Bad(kind, from, to, pos.kindAt(from), sente);
                    }
                }
            }
            case LANCE_THROUGH_OWN_PIECE -> {
                for (int from : squares) {
                    if (pos.pieceAt(from) == 0 || owner(pos, from) != side || !pos.kindAt(from).role.equals("lance")) continue;
                    int forward = forward(g, from, side);
                    boolean blocked = false;
                    for (int sq = g.neighbour(from, forward); sq >= 0; sq = g.neighbour(sq, forward)) {
                        if (pos.pieceAt(sq) != 0 && owner(pos, sq) == side) {
                            blocked = true;
                        } else if (blocked && !reaches(legal, from, sq)) {
                            return new Bad(kind, from, sq, pos.kindAt(from), sente);
                        }
                        if (pos.pieceAt(sq) != 0 && owner(pos, sq) != side) break;
                    }
                }
            }
            case UNREADABLE_TEXT -> {
                return new Bad(kind, Move.from(original), Move.to(original), mover, sente);
            }
        }
        return null;
    }

    private static int owner(Position pos, int sq) {
        return pos.pieceAt(sq) > 0 ? Position.SENTE : Position.GOTE;
    }

    /** Whether some legal move (any route, with or without promotion) takes the piece on from to to. */
    private static boolean reaches(int[] legal, int from, int to) {
        for (int m : legal) if (Move.from(m) == from && !Move.leavesBoard(m) && Move.to(m) == to) return true;
        return false;
    }

    /** The direction towards the opponent for side. */
    private static int forward(Geometry g, int sq, int side) {
        for (int d = 0; d < 8; d++) {
            int n = g.neighbour(sq, d);
            if (n >= 0 && g.fileNumber(n) == g.fileNumber(sq) && g.rankIndex(n) - g.rankIndex(sq) == (side == Position.SENTE ? -1 : 1))
                return d;
        }
        return 0; // on the last rank: no square forward (neighbour gives -1 or a square of another file, never used)
    }

    private static <T> void shuffle(List<T> list, SplittableRandom random) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T t = list.get(i);
            list.set(i, list.get(j));
            list.set(j, t);
        }
    }

    // ------------------------------------------------------------------ records in every format

    /** The formats with a writer. */
    public enum Format { USI, LISHOGI, JSON, KIF, CSG }

    /** Whether the format can express the case (USI: only from the start position; lishogi and CSG: only Chu). */
    public static boolean canExpress(Format f, Case c) {
        return switch (f) {
            case USI -> c.standardStart();
            case LISHOGI, CSG -> c.isChu();
            case JSON, KIF -> true;
        };
    }

    /**
     * A file in the format with ply {@code k} of the case replaced by {@code bad}: its text, and where a
     * reader must report the bad ply (the line of the file, the record's number in it, the move as written).
     * USI and lishogi files hold a short legal record first and a blank line, so that the line (3) and the
     * record's number (2) differ; the JSON record has one move per line.
     */
    public record Corrupted(Format format, String text, int k, int line, int record, String written, Bad bad) {}

    /** @param before the position before ply k ({@link Case#before}) */
    public static Corrupted corrupt(Format f, Case c, int k, Bad bad, Position before) {
        Geometry g = before.geometry();
        List<String> moves = new ArrayList<>(c.canonical());
        String usiBad = bad.kind() == Kind.UNREADABLE_TEXT ? g.name(bad.from()) + "-" + g.name(bad.to()) : g.name(bad.from()) + g.name(bad.to());
        return switch (f) {
            case USI -> {
                moves.set(k - 1, usiBad);
                String first = LishogiRecords.writeUsiLine(withMoves(c.record(), c.canonical().subList(0, Math.min(2, c.canonical().size()))), c.rules());
                yield new Corrupted(f, first + "\n\n" + String.join(" ", moves) + "\n", k, 3, 2, usiBad, bad);
            }
            case LISHOGI -> {
                String first = LishogiRecords.writeNdjson(withMoves(c.record(), c.canonical().subList(0, Math.min(2, c.canonical().size()))), c.rules());
                ObjectNode line = (ObjectNode) parse(LishogiRecords.writeNdjson(withMoves(c.record(), c.canonical()), c.rules()));
                moves.set(k - 1, usiBad);
                line.put("moves", String.join(" ", moves));
                yield new Corrupted(f, first + "\n\n" + line + "\n", k, 3, 2, usiBad, bad);
            }
            case JSON -> json(c, k, bad, usiBad);
            case KIF -> kif(c, k, bad, before);
            case CSG -> csg(c, k, bad, before);
        };
    }

    private static GameRecord withMoves(GameRecord r, List<String> moves) {
        return new GameRecord(r.source(), r.line(), r.id(), r.rules(), r.initialSfen(), moves, r.recordedStatus(), r.recordedWinner(),
                r.tags(), r.comments());
    }

    /** Our game JSON, one field per line and one move per line; a move that is no move is a number there. */
    private static Corrupted json(Case c, int k, Bad bad, String usiBad) {
        ObjectNode game = (ObjectNode) parse(Records.toJson(withMoves(c.record(), c.canonical()), c.rules()));
        game.remove("moves");
        List<String> lines = new ArrayList<>();
        lines.add("{");
        for (Iterator<Map.Entry<String, JsonNode>> it = game.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            lines.add("  " + JSON.valueToTree(e.getKey()) + ": " + e.getValue() + ",");
        }
        lines.add("  \"moves\": [");
        int movesLine = lines.size();
        String written = bad.kind() == Kind.UNREADABLE_TEXT ? "42" : JSON.valueToTree(usiBad).toString();
        for (int i = 0; i < c.canonical().size(); i++) {
            String m = i == k - 1 ? written : JSON.valueToTree(c.canonical().get(i)).toString();
            lines.add("    " + m + (i + 1 < c.canonical().size() ? "," : ""));
        }
        lines.add("  ]");
        lines.add("}");
        return new Corrupted(Format.JSON, String.join("\n", lines) + "\n", k, movesLine + k, 1,
                bad.kind() == Kind.UNREADABLE_TEXT ? "42" : usiBad, bad);
    }

    /** The KIF writer's text with the line(s) of ply k (numbered as the position's move number) replaced. */
    private static Corrupted kif(Case c, int k, Bad bad, Position before) {
        List<String> lines = new ArrayList<>(Arrays.asList(c.written(Format.KIF).split("\n", -1)));
        String number = before.moveNumber() + "手目";
        int at = -1;
        for (int i = 0; i < lines.size() && at < 0; i++) if (lines.get(i).startsWith(number)) at = i;
        if (at < 0) throw new IllegalStateException(c.name() + ": no KIF line for ply " + k);
        lines.remove(at);
        if (at < lines.size() && lines.get(at).startsWith(number + "二歩目")) lines.remove(at); // a two-step move's second line
        Geometry g = before.geometry();
        String name = bad.kind() == Kind.UNREADABLE_TEXT ? "＃" : KifNames.fullName(bad.named());
        String line = number + " " + (bad.sente() ? "▲" : "△") + KifNames.kifSquare(g, bad.to()) + name
                + " （←" + KifNames.kifSquare(g, bad.from()) + "）";
        lines.add(at, line);
        return new Corrupted(Format.KIF, String.join("\n", lines), k, at + 1, 1, line, bad);
    }

    /** The .csg writer's text with the line of ply k (one line per ply after the dummy move 0) replaced. */
    private static Corrupted csg(Case c, int k, Bad bad, Position before) {
        List<String> lines = new ArrayList<>(Arrays.asList(c.written(Format.CSG).split("\n", -1)));
        int at = lines.indexOf("0 P 1a - 1a") + k;
        Geometry g = before.geometry();
        String number = lines.get(at).split(" ")[0];
        String piece = bad.kind() == Kind.UNREADABLE_TEXT ? "Zz" : Csg.abbreviation(bad.named().token);
        String line = number + " " + piece + " " + g.name(bad.from()) + (before.pieceAt(bad.to()) != 0 ? " x " : " - ") + g.name(bad.to());
        lines.set(at, line);
        return new Corrupted(Format.CSG, String.join("\n", lines), k, at + 1, 1, line, bad);
    }

    /**
     * Reads a corrupted file as a bulk import does ({@link RecordFiles}, under the case's rules); a .csg
     * file of a start that is none of the built-in setups comes with its {@value Csg#CUSTOM_SETUP}.
     */
    public static List<RecordFiles.Item> read(Corrupted f, Case c) {
        if (f.format() == Format.CSG) {
            String fsy = Csg.sfenToFsy(c.startSfen());
            GameRecord r = Csg.read("bad.csg", f.text(), c.rules(), name -> name.equals(Csg.CUSTOM_SETUP) ? fsy : null).get(0);
            return List.of(new RecordFiles.Item("bad.csg", r.line(), r.record(), r, c.rules(), null));
        }
        return RecordFiles.readText("bad." + f.format().name().toLowerCase(java.util.Locale.ROOT), f.text(), c.rules());
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
