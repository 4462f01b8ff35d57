package io.kifudb.api;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.Move;
import io.kifudb.rules.PieceKind;
import io.kifudb.rules.Position;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** A board diagram as SVG, for frontends and documentation. */
@Path("/api/positions/diagram.svg")
@Tag(name = "Positions")
public class DiagramResource {
    static final String SVG = "image/svg+xml";
    private static final int CELL = 40, MARGIN = 24;

    @GET
    @Produces(SVG)
    @Operation(operationId = "getDiagram", summary = "A board diagram (SVG)",
            description = "The position (`sfen`, default the start, after the moves in `play`) drawn square by square: pieces by their kanji "
                    + "(two characters, one above the other), gote's turned round, promoted pieces in red, the squares of the last move in "
                    + "`play` highlighted; files numbered across the top, ranks lettered down the right as in SFEN/USI. "
                    + "For frontends and documentation (as the source of an image). Public: no API key needed." + ApiDocs.TAGGED_FOR_A_DAY)
    @APIResponse(responseCode = "200", description = "The diagram.",
            headers = @Header(name = "Cache-Control", description = "the diagram may be cached for a day",
                    schema = @Schema(type = SchemaType.STRING, examples = "public, max-age=86400")),
            content = @Content(mediaType = SVG, schema = @Schema(type = SchemaType.STRING), examples =
                    @ExampleObject(name = "after 7i7h", summary = "GET /api/positions/diagram.svg?rules=chu&play=7i7h (most elements cut)",
                            value = ApiDocs.DIAGRAM)))
    @APIResponse(responseCode = "400", ref = ApiDocs.BAD_POSITION)
    @APIResponse(responseCode = "304", ref = ApiDocs.NOT_MODIFIED)
    public Response diagram(@Parameter(description = ApiDocs.RULES + " (required)", required = true, example = "chu") @QueryParam("rules") String rules,
                            @Parameter(description = ApiDocs.SFEN, example = ApiDocs.CHU_START) @QueryParam("sfen") String sfen,
                            @Parameter(description = ApiDocs.PLAY + "; the last one is highlighted", example = "7i7h") @QueryParam("play") String play) {
        PositionArgs.Resolved at = PositionArgs.resolve(PositionArgs.requiredRules(rules), sfen, play);
        // A diagram is a pure function of its query: ConditionalGets tags it and lets it be cached for a day.
        return Response.ok(svg(at.position()), SVG).build();
    }

    static String svg(Position pos) {
        Geometry g = pos.geometry();
        int n = g.size, board = n * CELL, width = board + 2 * MARGIN;
        int[] history = pos.history();
        int last = history.length == 0 ? Move.NONE : history[history.length - 1];
        StringBuilder sb = new StringBuilder(16_384);
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(width).append(' ').append(width)
                .append("\" width=\"").append(width).append("\" height=\"").append(width).append("\" font-family=\"serif\">\n");
        sb.append("<rect x=\"0\" y=\"0\" width=\"").append(width).append("\" height=\"").append(width).append("\" fill=\"#f4e1b5\"/>\n");
        if (last != Move.NONE) {
            highlight(sb, g, Move.from(last));
            if (Move.to(last) != Move.from(last)) highlight(sb, g, Move.to(last));
            if (Move.hasMid(last)) highlight(sb, g, Move.mid(last));
        }
        for (int i = 0; i <= n; i++) {
            int p = MARGIN + i * CELL;
            sb.append("<line x1=\"").append(MARGIN).append("\" y1=\"").append(p).append("\" x2=\"").append(MARGIN + board).append("\" y2=\"").append(p)
                    .append("\" stroke=\"#333\" stroke-width=\"1\"/>\n");
            sb.append("<line x1=\"").append(p).append("\" y1=\"").append(MARGIN).append("\" x2=\"").append(p).append("\" y2=\"").append(MARGIN + board)
                    .append("\" stroke=\"#333\" stroke-width=\"1\"/>\n");
        }
        for (int f = 1; f <= n; f++) {
            int x = MARGIN + (n - f) * CELL + CELL / 2;
            sb.append("<text class=\"file\" x=\"").append(x).append("\" y=\"").append(MARGIN - 7).append("\" font-size=\"12\" text-anchor=\"middle\">")
                    .append(f).append("</text>\n");
        }
        for (int r = 0; r < n; r++) {
            int y = MARGIN + r * CELL + CELL / 2 + 4;
            sb.append("<text class=\"rank\" x=\"").append(MARGIN + board + 12).append("\" y=\"").append(y)
                    .append("\" font-size=\"12\" text-anchor=\"middle\">").append((char) ('a' + r)).append("</text>\n");
        }
        for (int sq = 0; sq < g.squares; sq++) {
            int code = pos.pieceAt(sq);
            if (code == 0) continue;
            PieceKind k = pos.kindAt(sq);
            int cx = MARGIN + (n - g.fileNumber(sq)) * CELL + CELL / 2, cy = MARGIN + g.rankIndex(sq) * CELL + CELL / 2;
            String name = k.kanji.length() > 2 ? k.kanji.substring(0, 2) : k.kanji;
            sb.append("<g class=\"piece ").append(code > 0 ? "sente" : "gote").append("\" data-square=\"").append(g.name(sq))
                    .append("\" data-piece=\"").append(code > 0 ? k.token.toUpperCase(java.util.Locale.ROOT) : k.token).append('"');
            if (code < 0) sb.append(" transform=\"rotate(180 ").append(cx).append(' ').append(cy).append(")\"");
            sb.append(" fill=\"").append(k.promoted ? "#c00" : "#000").append("\">");
            if (name.length() == 1) {
                sb.append("<text x=\"").append(cx).append("\" y=\"").append(cy + 7).append("\" font-size=\"20\" text-anchor=\"middle\">")
                        .append(name).append("</text>");
            } else {
                sb.append("<text x=\"").append(cx).append("\" y=\"").append(cy - 3).append("\" font-size=\"15\" text-anchor=\"middle\">")
                        .append(name.charAt(0)).append("</text>");
                sb.append("<text x=\"").append(cx).append("\" y=\"").append(cy + 14).append("\" font-size=\"15\" text-anchor=\"middle\">")
                        .append(name.charAt(1)).append("</text>");
            }
            sb.append("</g>\n");
        }
        return sb.append("</svg>\n").toString();
    }

    private static void highlight(StringBuilder sb, Geometry g, int sq) {
        int x = MARGIN + (g.size - g.fileNumber(sq)) * CELL, y = MARGIN + g.rankIndex(sq) * CELL;
        sb.append("<rect class=\"last-move\" data-square=\"").append(g.name(sq)).append("\" x=\"").append(x).append("\" y=\"").append(y)
                .append("\" width=\"").append(CELL).append("\" height=\"").append(CELL).append("\" fill=\"#9bc2e6\"/>\n");
    }
}
