package io.kifudb.api;

import io.kifudb.index.Outcome;
import io.kifudb.index.Pattern;
import io.kifudb.rules.Geometry;
import io.kifudb.rules.PieceKind;
import io.kifudb.rules.RuleSet;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The body of {@code POST /api/positions/search}, and its translation into an index {@link Pattern}. */
final class PatternArgs {
    /** Criteria per request, all lists together: enough for any real question, and a bound on the query. */
    static final int MAX_CRITERIA = 64;
    private static final Choice SIDE_TO_MOVE = Choice.of("sideToMove", "sente", "gote");

    private PatternArgs() {}

    @Schema(description = "A piece looked for: `piece` as in SFEN (upper case sente, lower case gote, `+` promoted: `N`, `n`, `+P`), "
            + "on one of `squares`, or in `region` (two corners, e.g. `1a-4d`), or anywhere when neither is given.")
    public record PieceCriterion(@Schema(example = "N") String piece,
                                 @Schema(example = "[\"6h\", \"7h\"]") List<String> squares,
                                 @Schema(example = "1a-12d") String region) {}

    @Schema(description = "How many pieces of one kind and side the position holds (inclusive; a bound left out is open).")
    public record MaterialCriterion(@Schema(example = "n") String piece, Integer min, Integer max) {}

    @Schema(description = "A partial-board pattern and game filters; every criterion given must hold.")
    public record PatternRequest(
            @Schema(description = "rule set id (required)", example = "chu-lishogi") String rules,
            @Schema(description = "pieces that must be present (each on one of its squares, or anywhere)") List<PieceCriterion> pieces,
            @Schema(description = "pieces that must not be on the given squares (nowhere on the board when no squares or region)") List<PieceCriterion> absent,
            @Schema(description = "squares that must be empty") List<String> empty,
            @Schema(description = "material counts") List<MaterialCriterion> material,
            @Schema(description = "sente or gote", enumeration = {"sente", "gote"}) String sideToMove,
            @Schema(description = "only positions at this ply or later (0: the start)") Integer plyFrom,
            @Schema(description = "only positions at this ply or earlier") Integer plyTo,
            @Schema(description = "game (played games) or problem (composed problems); default: both",
                    enumeration = {"game", "problem"}) String kind,
            @Schema(description = "games where this player had either side") String player,
            String sente, String gote, String event,
            @Schema(description = "sente, gote, draw or ongoing", enumeration = {"sente", "gote", "draw", "ongoing"}) String result,
            @Schema(description = "ISO date, inclusive", format = "date") String from,
            @Schema(description = "ISO date, inclusive", format = "date") String to,
            @Schema(description = "same as GET /api/positions/games: date, sente, gote, ply, plies, id, '-' for descending; default -date",
                    enumeration = {"date", "-date", "sente", "-sente", "gote", "-gote", "ply", "-ply", "plies", "-plies", "id", "-id"}) String sort,
            Integer page, Integer size) {}

    static Pattern pattern(PatternRequest r) {
        if (r == null) throw ProblemException.badRequest(Problem.BAD_REQUEST, "Empty body", "the request body holds no pattern");
        RuleSet rules = PositionArgs.requiredRules(r.rules());
        Geometry geo = rules.variant.geometry;
        int criteria = size(r.pieces()) + size(r.absent()) + size(r.empty()) + size(r.material());
        if (criteria > MAX_CRITERIA)
            throw ProblemException.badRequest(Problem.BAD_REQUEST, "Too many criteria", criteria + " criteria; at most " + MAX_CRITERIA);
        List<Pattern.Placement> present = placements(rules, geo, r.pieces(), "pieces");
        List<Pattern.Placement> absent = placements(rules, geo, r.absent(), "absent");
        int[] empty = r.empty() == null ? new int[0] : new int[r.empty().size()];
        for (int i = 0; i < empty.length; i++) empty[i] = square(geo, r.empty().get(i), "empty[" + i + "]");
        List<Pattern.Material> material = new ArrayList<>();
        if (r.material() != null) {
            for (int i = 0; i < r.material().size(); i++) {
                MaterialCriterion m = r.material().get(i);
                String field = "material[" + i + "]";
                if (m == null) throw bad(field, "a material criterion must be an object");
                int code = pieceCode(rules, m.piece(), field + ".piece");
                int min = m.min() == null ? 0 : m.min(), max = m.max() == null ? Integer.MAX_VALUE : m.max();
                if (min < 0 || max < min) throw bad(field, "min must be 0 or more and max at least min");
                material.add(new Pattern.Material(code, min, max));
            }
        }
        Integer side = null;
        if (SIDE_TO_MOVE.check(r.sideToMove()) != null) side = r.sideToMove().equals("sente") ? 0 : 1;
        if (r.plyFrom() != null && r.plyFrom() < 0) throw bad("plyFrom", "plyFrom must be 0 or more");
        if (r.plyTo() != null && r.plyTo() < 0) throw bad("plyTo", "plyTo must be 0 or more");
        Outcome result = null;
        if (GamesResource.RESULT.check(r.result()) != null) result = Outcome.of(r.result());
        Pattern.Metadata md = new Pattern.Metadata(GamesResource.KIND.check(r.kind()), r.player(), r.sente(), r.gote(), r.event(),
                result, date(r.from(), "from"), date(r.to(), "to"));
        return new Pattern(rules, present, absent, empty, material, side, r.plyFrom(), r.plyTo(), md);
    }

    private static List<Pattern.Placement> placements(RuleSet rules, Geometry geo, List<PieceCriterion> list, String name) {
        List<Pattern.Placement> out = new ArrayList<>();
        if (list == null) return out;
        for (int i = 0; i < list.size(); i++) {
            PieceCriterion c = list.get(i);
            String field = name + "[" + i + "]";
            if (c == null) throw bad(field, "a piece criterion must be an object");
            int code = pieceCode(rules, c.piece(), field + ".piece");
            if (c.squares() != null && c.region() != null) throw bad(field, "give squares or region, not both");
            int[] squares = null;
            if (c.squares() != null) {
                if (c.squares().isEmpty()) throw bad(field + ".squares", "squares must not be empty (leave it out for anywhere)");
                squares = new int[c.squares().size()];
                for (int k = 0; k < squares.length; k++) squares[k] = square(geo, c.squares().get(k), field + ".squares[" + k + "]");
            } else if (c.region() != null) {
                squares = region(geo, c.region(), field + ".region");
            }
            out.add(new Pattern.Placement(code, squares));
        }
        return out;
    }

    /** A piece as SFEN writes it: the case gives the side, {@code +} the promoted form. */
    static int pieceCode(RuleSet rules, String token, String field) {
        if (token == null || token.isBlank()) throw bad(field, "piece is required (an SFEN piece such as N, n or +P)");
        PieceKind kind = rules.variant.byToken(token.toLowerCase(Locale.ROOT));
        String letters = token.startsWith("+") ? token.substring(1) : token;
        boolean sente = letters.equals(letters.toUpperCase(Locale.ROOT));
        boolean gote = letters.equals(letters.toLowerCase(Locale.ROOT));
        if (kind == null || sente == gote)
            throw bad(field, "'" + token + "' is not a piece of " + rules.id + " (SFEN letters: upper case sente, lower case gote, + promoted)");
        return sente ? kind.id : -kind.id;
    }

    private static int square(Geometry geo, String name, String field) {
        int sq = name == null ? -1 : geo.parse(name.strip());
        if (sq < 0) throw bad(field, "'" + name + "' is not a square of a " + geo.size + "x" + geo.size + " board (e.g. 7g, 10e)");
        return sq;
    }

    /** Every square of the rectangle between two corners, e.g. {@code 1a-4d}. */
    private static int[] region(Geometry geo, String region, String field) {
        String[] corners = region.split("-");
        if (corners.length != 2) throw bad(field, "a region is two corner squares, e.g. 1a-4d; got '" + region + "'");
        int a = square(geo, corners[0], field), b = square(geo, corners[1], field);
        int f0 = Math.min(geo.fileNumber(a), geo.fileNumber(b)), f1 = Math.max(geo.fileNumber(a), geo.fileNumber(b));
        int r0 = Math.min(geo.rankIndex(a), geo.rankIndex(b)), r1 = Math.max(geo.rankIndex(a), geo.rankIndex(b));
        int[] squares = new int[(f1 - f0 + 1) * (r1 - r0 + 1)];
        int n = 0;
        for (int r = r0; r <= r1; r++) for (int f = f0; f <= f1; f++) squares[n++] = geo.square(f, r);
        return squares;
    }

    private static LocalDate date(String s, String field) {
        if (s == null) return null;
        try {
            return LocalDate.parse(s);
        } catch (DateTimeParseException e) {
            throw bad(field, field + " must be an ISO date (yyyy-MM-dd), got '" + s + "'");
        }
    }

    private static int size(List<?> l) {
        return l == null ? 0 : l.size();
    }

    private static ProblemException bad(String field, String detail) {
        return ProblemException.badRequest(Problem.BAD_REQUEST, "Bad pattern", detail).withField(field);
    }
}
