package io.kifudb.api;

import io.kifudb.rules.PieceKind;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Status;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.ArrayList;
import java.util.List;

/** The rule sets, and legal moves / game status of any position under them. */
@Path("/api/rules")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Rules", description = "Rule sets, legal moves and game status")
public class RulesResource {

    /** A piece kind of a rule set's variant. */
    public record PieceDto(
            @Schema(description = "SFEN token (lowercase; uppercase is sente)", examples = "n") String sfen,
            String kanji, String name,
            @Schema(description = "lishogi's role name where the piece moves exactly as that role; otherwise this project's name for it") String role,
            @Schema(description = "movement atoms, directions relative to the owner", examples = "slide(orth) step(diag)") String movement,
            @Schema(nullable = true, description = "SFEN token of the promoted form, null if it never promotes") String promotesTo,
            boolean royal, boolean lion) {
    }

    /**
     * A rule set: its board, start position, pieces and the policies that judge it. The policies are the rules
     * package's own enums, so the document lists exactly the values there are.
     */
    public record RuleSetDto(
            @Schema(examples = "chu") String id, String name, int boardSize, int promotionZone, String startSfen,
            @Schema(description = "lion capture policy") RuleSet.LionPolicy lionCapture,
            @Schema(description = "promotion policy") RuleSet.PromotionPolicy promotion,
            RuleSet.BareKing bareKing, RuleSet.Repetition repetition, boolean checkmate, int plyLimit, List<PieceDto> pieces,
            @Schema(description = "which pieces may leave the board (moves <from>off)") RuleSet.OffBoard offBoard,
            @Schema(description = "try rule: PIECE_TRY (<from>try wins) or ROYAL_TRY (a royal on its last rank wins)") RuleSet.TryRule tryRule,
            @Schema(description = "drunk-elephant exchange: FINAL or PREVIOUS (normal capture spelled with '!')") RuleSet.ElephantExchange elephantExchange,
            @Schema(description = "what SFEN field 3 holds: COUNTER_STRIKE (square where a non-Lion took a Lion), "
                    + "CAPTURING_ELEPHANT (square of the enemy drunk elephant that captured on the previous move) or NONE (always -)")
            RuleSet.ThirdField sfenField3) {
    }

    /** How the game stands: {@code ongoing}, or the result and why. */
    public record StatusDto(
            @Schema(description = "ongoing, sente, gote or draw", examples = "ongoing", enumeration = {"sente", "gote", "draw", "ongoing"}) String result,
            @Schema(nullable = true, description = "why the game ended (royal-captured, checkmate, bare-king, no-legal-move, repetition, "
                    + "perpetual-check, perpetual-attack, royals-only, ply-limit, try, royal-try, king-exit); null while ongoing") String reason) {
        static StatusDto of(Status s) {
            return new StatusDto(s.result(), s.isOngoing() ? null : s.reason().id);
        }
    }

    /** The position after the played moves, with its legal moves. */
    public record MovesDto(String rules,
                           @Schema(description = "the position after the played moves") String sfen,
                           @Schema(description = "sente or gote", enumeration = {"sente", "gote"}) String sideToMove,
                           @Schema(description = "the played moves in canonical spelling") List<String> played,
                           @Schema(description = "legal moves, canonical USI, sorted; empty when the game is over") List<String> moves,
                           StatusDto status) {
    }

    @GET
    @Operation(operationId = "listRuleSets", summary = "List the rule sets",
            description = "For clients setting up a board: every rule set with its board size, start SFEN, pieces and policies "
                    + "(Chu Shogi under JCSA, SDIN and lishogi rules; the 13x13 Dai Shogi variants). The `id` is what every other "
                    + "operation takes as `rules`. Public: no API key needed." + ApiDocs.TAGGED_FOR_A_DAY)
    @APIResponse(responseCode = "200", description = "Every rule set.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.ARRAY, implementation = RuleSetDto.class),
                    examples = @ExampleObject(name = "rule sets", summary = "the first of the six rule sets, with 3 of its 39 pieces",
                            value = ApiDocs.RULE_SETS)))
    @APIResponse(responseCode = "406", ref = ApiDocs.NOT_ACCEPTABLE)
    @APIResponse(responseCode = "304", ref = ApiDocs.NOT_MODIFIED)
    public List<RuleSetDto> list() {
        return RuleSet.all().stream().map(RulesResource::dto).toList();
    }

    @GET
    @Path("/{id}")
    @Operation(operationId = "getRuleSet", summary = "One rule set",
            description = "The board size, start SFEN, pieces (SFEN letter, kanji, name, movement, promotion) and policies of one "
                    + "rule set. An unknown id is a 400 `unknown-rule-set`, as everywhere a rule set is named. Public: no API key needed." + ApiDocs.TAGGED_FOR_A_DAY)
    @APIResponse(responseCode = "200", description = "The rule set.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RuleSetDto.class), examples =
                    @ExampleObject(name = "chu", summary = "GET /api/rules/chu, with 3 of its 39 pieces", value = ApiDocs.RULE_SET)))
    @APIResponse(responseCode = "400", ref = ApiDocs.UNKNOWN_RULE_SET)
    @APIResponse(responseCode = "304", ref = ApiDocs.NOT_MODIFIED)
    public RuleSetDto get(@Parameter(description = "the rule set's id", example = "chu") @PathParam("id") String id) {
        return dto(ruleSet(id));
    }

    @GET
    @Path("/{id}/moves")
    @Operation(operationId = "getMoves", summary = "Legal moves and status of a position",
            description = "Plays the given moves (if any) from the SFEN (default: the start position), then gives the resulting SFEN, "
                    + "its legal moves (canonical USI, sorted) and the game status. Every spelling of a move is accepted "
                    + "(e.g. a Lion's 7j7i6h for 7j6h); the played moves are echoed in canonical spelling. The 13x13 rule sets "
                    + "add exits (5aoff), tries (5atry) and the normal capture of a drunk elephant (7g7f!, 7e7d+!). "
                    + "For game clients and move validation. Public: no API key needed." + ApiDocs.TAGGED_FOR_A_DAY)
    @APIResponse(responseCode = "200", description = "The position and its moves.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = MovesDto.class), examples =
                    @ExampleObject(name = "after 7i7h 6d6e", summary = "GET /api/rules/chu/moves?play=7i7h,6d6e", value = ApiDocs.MOVES)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_POSITION)
    @APIResponse(responseCode = "304", ref = ApiDocs.NOT_MODIFIED)
    public MovesDto moves(@Parameter(description = "the rule set's id", example = "chu") @PathParam("id") String id,
                          @Parameter(description = ApiDocs.SFEN, example = ApiDocs.CHU_START)
                          @QueryParam("sfen") String sfen,
                          @Parameter(description = ApiDocs.PLAY, example = "7i7h,6d6e")
                          @QueryParam("play") String play) {
        PositionArgs.Resolved at = PositionArgs.resolve(ruleSet(id), sfen, play);
        RuleSet rules = at.rules();
        Position pos = at.position();
        List<String> played = at.played();
        int[] legal = pos.legalMoves();
        List<String> moves = new ArrayList<>(legal.length);
        for (int m : legal) moves.add(pos.usi(m));
        moves.sort(null);
        return new MovesDto(rules.id, pos.sfen(), pos.sideToMove() == Position.SENTE ? "sente" : "gote",
                played, moves, StatusDto.of(pos.status()));
    }

    static RuleSet ruleSet(String id) {
        RuleSet r = RuleSet.byId(id);
        if (r == null) throw ProblemException.unknownRuleSet(id);
        return r;
    }

    static RuleSetDto dto(RuleSet r) {
        List<PieceDto> pieces = new ArrayList<>();
        for (PieceKind k : r.variant.kinds())
            pieces.add(new PieceDto(k.token, k.kanji, k.english, k.role, k.movement,
                    k.canPromote() ? r.variant.kind(k.promotedId()).token : null, k.isRoyal(), k.isLion()));
        return new RuleSetDto(r.id, r.name, r.geometry().size, r.variant.zoneDepth, r.variant.startSfen,
                r.lionPolicy, r.promotionPolicy, r.bareKing, r.repetition,
                r.checkmate, r.plyLimit, pieces, r.offBoard, r.tryRule, r.elephantExchange, r.thirdField());
    }
}
