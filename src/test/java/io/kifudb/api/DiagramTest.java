package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.startsWith;

import io.kifudb.rules.Geometry;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** {@code GET /api/positions/diagram.svg}: a well-formed SVG that shows exactly the position's pieces. */
@QuarkusTest
class DiagramTest {
    private static Document svg(String rules, String play) throws Exception {
        var req = given().queryParam("rules", rules);
        if (play != null) req = req.queryParam("play", play);
        byte[] body = req.when().get("/api/positions/diagram.svg").then().statusCode(200)
                .contentType(startsWith("image/svg+xml")).extract().asByteArray();
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(body));
    }

    private static List<Element> byClass(Document d, String tag, String cls) {
        List<Element> out = new ArrayList<>();
        NodeList all = d.getElementsByTagName(tag);
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if ((" " + e.getAttribute("class") + " ").contains(" " + cls + " ")) out.add(e);
        }
        return out;
    }

    @Test
    void everyPieceOfThePositionIsDrawnOnItsSquareAndTheLastMoveIsMarked() throws Exception {
        for (RuleSet rules : List.of(RuleSet.CHU, RuleSet.SHODOSHU2017)) {
            String play = rules == RuleSet.CHU ? "7i7h,6d6e" : null;
            Document d = svg(rules.id, play);
            Position p = Position.start(rules);
            if (play != null) for (String m : play.split(",")) p.play(m);
            Geometry g = p.geometry();
            Map<String, String> expected = new HashMap<>();
            for (int sq = 0; sq < g.squares; sq++) {
                int code = p.pieceAt(sq);
                if (code == 0) continue;
                String token = p.kindAt(sq).token;
                expected.put(g.name(sq), code > 0 ? token.toUpperCase() : token);
            }
            Map<String, String> drawn = new HashMap<>();
            for (Element e : byClass(d, "g", "piece")) {
                drawn.put(e.getAttribute("data-square"), e.getAttribute("data-piece"));
                boolean gote = e.getAttribute("class").contains("gote");
                assertThat(e.getAttribute("transform").startsWith("rotate(180")).as("gote pieces turned round").isEqualTo(gote);
            }
            assertThat(drawn).isEqualTo(expected);
            assertThat(byClass(d, "text", "file")).hasSize(g.size);
            assertThat(byClass(d, "text", "rank")).hasSize(g.size);
            List<String> marked = byClass(d, "rect", "last-move").stream().map(e -> e.getAttribute("data-square")).toList();
            assertThat(marked).isEqualTo(play == null ? List.of() : List.of("6d", "6e"));
        }
    }

    @Test
    void badPositionsAreProblems() {
        given().queryParam("rules", "chu").queryParam("sfen", "not a position").when().get("/api/positions/diagram.svg").then()
                .statusCode(400).contentType(startsWith("application/problem+json"));
        given().when().get("/api/positions/diagram.svg").then().statusCode(400);
    }
}
