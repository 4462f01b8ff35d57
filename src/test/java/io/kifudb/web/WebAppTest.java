package io.kifudb.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.kifudb.TestApiKey;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The web app (static files served at /) in a real headless Chromium against the real service: every page is
 * driven as a person would, and what the page shows is checked against the REST API's own answers. Screenshots
 * of the main pages go to target/web-screenshots/, timings (Performance API, reported not asserted) to
 * target/web-perf.txt.
 */
@QuarkusTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WebAppTest {
    private static final Path KIF = Path.of("kifu-corpus/chu/kif/scalashogi-chushogiKif1.kif");
    private static final Path LONG_GAME = Path.of("kifu-corpus/chu/historical/hist5.csg");
    private static final String LION_POSITION = "6k5/12/12/12/7p1P2/12/6p5/6N5/12/12/12/6K5 b - 1";
    private static Browser browser;
    private static final List<String> perf = new ArrayList<>();

    @TestHTTPResource("/")
    URL base;

    @BeforeEach
    void startBrowser() throws Exception {
        Browser.assumeInstalled();
        if (browser == null) browser = new Browser(base.toString());
    }

    @AfterEach
    void capture(TestInfo info) {
        if (browser != null) browser.capture(info.getTestMethod().map(m -> m.getName()).orElse("test"));
        if (browser != null) browser.js("document.querySelectorAll('.modal-back').forEach(m => m.remove())");
    }

    @AfterAll
    static void stopBrowser() throws Exception {
        if (browser != null) browser.close();
        browser = null;
        if (!perf.isEmpty()) {
            Files.createDirectories(Path.of("target"));
            Files.write(Path.of("target/web-perf.txt"), perf, StandardCharsets.UTF_8);
            perf.forEach(l -> System.out.println("[web perf] " + l));
        }
    }

    private static long importRecord(Path file, String rules) throws Exception {
        var req = given().contentType("text/plain; charset=UTF-8").body(Files.readAllBytes(file));
        if (rules != null) req = req.queryParam("rules", rules);
        Response r = req.when().post("/api/games");
        assertThat(r.statusCode()).as(r.asString()).isIn(200, 201);
        return r.jsonPath().getLong("id");
    }

    /** The server's SFEN after the first `ply` moves of a line (asked in pieces, as the URL length allows). */
    private static String serverSfen(String rules, String sfen, List<String> moves, int ply) {
        String at = sfen;
        for (int from = 0; from < ply || from == 0; from += 150) {
            List<String> chunk = moves.subList(from, Math.min(ply, from + 150));
            var req = given().queryParam("sfen", at);
            if (!chunk.isEmpty()) req = req.queryParam("play", String.join(",", chunk));
            at = req.when().get("/api/rules/" + rules + "/moves").then().statusCode(200).extract().jsonPath().getString("sfen");
            if (ply == 0) break;
        }
        return at;
    }

    private static String boardField(String sfen) {
        return sfen.split(" ")[0];
    }

    private static void press(Keys key) {
        browser.driver.findElement(By.tagName("body")).sendKeys(key);
    }

    @Test
    @Order(1)
    void importsFilesWithProgressFailedRecordsAndLinks() throws Exception {
        List<String> prefix = List.of("8i8h", "5d5e", "7j6h", "8d8e", "5i5h", "7b5d", "6k8i", "6d6e", "7i7h", "6b6d");
        Path file = Path.of("target/web-import/webapp-import.ndjson").toAbsolutePath();
        Files.createDirectories(file.getParent());
        // lishogi NDJSON lines (moves as one string, players by name), imported under chu-sdin chosen on the page
        Files.writeString(file, "{\"id\":\"webtest1\",\"moves\":\"" + String.join(" ", prefix) + "\",\"players\":{\"sente\":\"Web Test\",\"gote\":\"Browser\"}}\n"
                + "{\"id\":\"webtest2\",\"moves\":\"7i7h 5d5e 7h7f\",\"players\":{\"sente\":\"Web Test\",\"gote\":\"Broken\"}}\n");
        browser.open("#/import");
        new Select(browser.driver.findElement(By.id("import-rules"))).selectByValue("chu-sdin");
        browser.driver.findElement(By.id("import-files")).sendKeys(file.toString());
        // The first write asks for the key once; it is kept in the browser, never put in an address.
        WebElement keyInput = browser.visible(By.id("api-key-input"));
        keyInput.sendKeys(TestApiKey.KEY);
        browser.driver.findElement(By.id("api-key-save")).click();
        browser.waitFor(d -> "done".equals(d.findElement(By.id("import-job")).getAttribute("data-status"))
                && !d.findElements(By.cssSelector("#imported-games a")).isEmpty());
        assertThat(browser.js("return localStorage.getItem('kifudb.apiKey')")).isEqualTo(TestApiKey.KEY);
        assertThat(browser.driver.getCurrentUrl()).doesNotContain(TestApiKey.KEY);
        WebElement progress = browser.driver.findElement(By.id("import-progress"));
        assertThat(progress.getAttribute("value")).isEqualTo(progress.getAttribute("max")).isEqualTo("2");
        assertThat(browser.driver.findElement(By.id("import-counters")).getText()).contains("1 imported").contains("1 failed");
        List<WebElement> failed = browser.all("#failed-records tr.failed-record");
        assertThat(failed).hasSize(1);
        List<WebElement> cells = failed.get(0).findElements(By.tagName("td"));
        assertThat(cells.get(2).getText()).isEqualTo("3");                // the ply
        assertThat(cells.get(3).getText()).isEqualTo("7h7f");             // the move
        assertThat(cells.get(4).getText()).contains("7h7f");              // the reason
        browser.screenshot("import");

        WebElement link = browser.all("#imported-games a.imported-game").get(0);
        String gameId = link.getAttribute("data-game");
        given().when().get("/api/games/" + gameId).then().statusCode(200);
        link.click();
        browser.waitReady();
        browser.waitPly(0);
        assertThat(browser.driver.findElement(By.id("game-info")).getText()).contains("Web Test").contains("chu-sdin");

        // whole-game analysis: graph over the plies, a click on it jumps to a ply
        WebElement movetime = browser.driver.findElement(By.id("ga-movetime"));
        movetime.clear();
        movetime.sendKeys("20");
        browser.driver.findElement(By.id("analyse-game")).click();
        browser.waitFor(d -> !d.findElements(By.cssSelector("#game-analysis-graph polyline.line")).isEmpty());
        String points = browser.driver.findElement(By.cssSelector("#game-analysis-graph polyline.line")).getAttribute("points");
        var analysis = given().when().get("/api/games/" + gameId + "/analysis").then().statusCode(200).extract().jsonPath();
        assertThat(points.trim().split(" ")).hasSize(analysis.getList("plies").size()).hasSize(prefix.size());
        assertThat(browser.driver.findElement(By.id("game-analysis-summary")).getText())
                .contains(analysis.getInt("inaccuracies") + " inaccuracies").contains(analysis.getInt("blunders") + " blunders");
        browser.js("const s = document.querySelector('#game-analysis-graph svg'); const r = s.getBoundingClientRect();"
                + "s.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: r.right - 1, clientY: r.top + r.height / 2}));");
        browser.waitPly(prefix.size());
    }

    @Test
    @Order(2)
    void gameViewerStepsThroughEveryPlyAsTheServerPlaysIt() throws Exception {
        long id = importRecord(KIF, "chu");
        var game = given().when().get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
        List<String> moves = game.getList("moves");
        String initial = game.getString("initialSfen");
        browser.open("#/game/" + id);
        browser.waitPly(0);
        // every ply, stepped with the keyboard: the drawn board is the server's position
        for (int ply = 0; ply <= moves.size(); ply++) {
            if (ply > 0) press(Keys.ARROW_RIGHT);
            browser.waitPly(ply);
            String expected = serverSfen("chu", initial, moves, ply);
            assertThat(browser.drawnBoard()).as("ply %d", ply).isEqualTo(boardField(expected));
            assertThat(browser.boardAttr("sfen")).as("ply %d", ply).isEqualTo(expected);
        }
        assertThat(browser.driver.findElement(By.id("status-line")).getText()).contains("checkmate");
        // the move list in USI and Japanese notation; the Lion's igui at ply 57 as the KIF writes it
        List<WebElement> rows = browser.all("#move-list .mv:not(.start)");
        assertThat(rows).hasSize(moves.size());
        assertThat(rows.get(56).findElement(By.className("usi")).getText()).isEqualTo(moves.get(56)).isEqualTo("7g6f7g");
        assertThat(rows.get(56).findElement(By.className("ja")).getText()).isEqualTo("▲仝獅子（居食い）（←7七）");
        String kif = given().queryParam("format", "kif").when().get("/api/games/" + id).then().statusCode(200).extract().asString();
        assertThat(kif).contains("1手目 ▲7八歩兵 （←7九）");
        assertThat(rows.get(0).findElement(By.className("ja")).getText()).isEqualTo("▲7八歩兵（←7九）");
        // jump to a ply from the list; the Lion's two steps are drawn; the position has its own address
        rows.get(56).click();
        browser.waitPly(57);
        assertThat(browser.all("svg.board rect.sq.last-mid")).hasSize(1);
        assertThat(browser.all("svg.board polyline.lion-path")).hasSize(1);
        String link = browser.driver.findElement(By.id("position-link")).getAttribute("href");
        assertThat(link).endsWith("#/game/" + id + "?ply=57");
        browser.driver.get(link);
        browser.driver.navigate().refresh();
        browser.waitReady();
        browser.waitPly(57);
        assertThat(browser.drawnBoard()).isEqualTo(boardField(serverSfen("chu", initial, moves, 57)));
        press(Keys.ARROW_LEFT);
        browser.waitPly(56);
        press(Keys.HOME);
        browser.waitPly(0);
        press(Keys.END);
        browser.waitPly(moves.size());
        // downloads
        for (String fmt : List.of("kif", "csg", "usi", "json")) {
            String href = browser.driver.findElement(By.id("download-" + fmt)).getAttribute("href");
            assertThat(href).endsWith("/api/games/" + id + "?format=" + fmt);
            given().when().get(href.substring(href.indexOf("/api/"))).then().statusCode(200);
        }
        // flip: sente's back rank goes to the top; the drawn pieces stay the position's
        browser.driver.findElement(By.id("flip")).click();
        assertThat(browser.boardAttr("flipped")).isEqualTo("true");
        double yTop = Double.parseDouble(browser.driver.findElement(By.cssSelector("rect.sq[data-square='1a']")).getAttribute("y"));
        double yBottom = Double.parseDouble(browser.driver.findElement(By.cssSelector("rect.sq[data-square='1l']")).getAttribute("y"));
        assertThat(yBottom).isLessThan(yTop);
        browser.driver.findElement(By.id("flip")).click();
        // one- or two-character names, a setting
        browser.js("localStorage.setItem('kifudb.chars', '1')");
        browser.open("#/game/" + id + "?ply=0");
        browser.waitPly(0);
        assertThat(browser.driver.findElement(By.cssSelector("g.piece[data-square='7j']")).getText()).isEqualTo("獅");
        browser.js("localStorage.setItem('kifudb.chars', '2')");
        browser.open("#/game/" + id + "?ply=57");
        browser.waitPly(57);
        assertThat(browser.driver.findElement(By.cssSelector("g.piece[data-square='7g']")).getText()).isEqualTo("獅\n子");
        browser.screenshot("game-viewer");
    }

    @Test
    @Order(3)
    void longGameOpensFastAndStepsWithoutLag() throws Exception {
        long id = importRecord(LONG_GAME, "chu");
        var game = given().when().get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
        List<String> moves = game.getList("moves");
        assertThat(moves.size()).isGreaterThan(300);
        browser.driver.get("about:blank");
        browser.open("#/game/" + id);
        browser.waitPly(0);
        @SuppressWarnings("unchecked")
        Map<String, Object> t = (Map<String, Object>) browser.js("""
                const paint = performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint');
                const nav = performance.getEntriesByType('navigation')[0];
                const ready = performance.getEntriesByName('kifudb-first-page')[0];
                return {fcp: paint ? paint.startTime : -1, dcl: nav.domContentLoadedEventEnd, ready: ready ? ready.startTime : -1};""");
        perf.add(String.format(Locale.ROOT, "game #%d (%d plies): first contentful paint %.0f ms, DOMContentLoaded %.0f ms, board and move list drawn %.0f ms",
                id, moves.size(), num(t.get("fcp")), num(t.get("dcl")), num(t.get("ready"))));
        // 300 steps forward through the keyboard handler, each drawing the board: the time per step in the page
        @SuppressWarnings("unchecked")
        Map<String, Object> steps = (Map<String, Object>) browser.js("""
                const times = [];
                for (let i = 0; i < 300; i++) {
                  const t0 = performance.now();
                  document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
                  times.push(performance.now() - t0);
                }
                times.sort((a, b) => a - b);
                return {mean: times.reduce((a, b) => a + b, 0) / times.length, p50: times[150], p95: times[284], max: times[299]};""");
        perf.add(String.format(Locale.ROOT, "300 steps forward: %.2f ms mean, p50 %.2f, p95 %.2f, max %.2f ms per step (board redrawn, move list marked)",
                num(steps.get("mean")), num(steps.get("p50")), num(steps.get("p95")), num(steps.get("max"))));
        browser.waitPly(300);
        assertThat(browser.drawnBoard()).isEqualTo(boardField(serverSfen("chu", game.getString("initialSfen"), moves, 300)));
        // the game's comment before the first move
        assertThat(browser.driver.findElement(By.id("game-info")).getText()).contains(game.getString("sente"));
    }

    private static double num(Object o) {
        return o == null ? -1 : ((Number) o).doubleValue();
    }

    @Test
    @Order(4)
    void movesOnTheBoardIncludingLionDoubleMovesIguiAndPromotion() throws Exception {
        browser.open("#/board?rules=chu&sfen=" + java.net.URLEncoder.encode(LION_POSITION, StandardCharsets.UTF_8).replace("+", "%20"));
        browser.waitPly(0);
        // promotion is optional when the pawn enters the zone: asked
        browser.clickSquare("3e");
        assertThat(browser.all("circle.dest[data-dest='3d']")).hasSize(1);
        browser.clickSquare("3d");
        WebElement promote = browser.visible(By.cssSelector(".choice[data-value='3e3d+']"));
        assertThat(browser.all(".choice[data-value='3e3d']")).hasSize(1);
        promote.click();
        browser.waitPly(1);
        assertThat(browser.driver.findElement(By.cssSelector("g.piece[data-square='3d']")).getAttribute("data-piece")).isEqualTo("+P");
        // gote's king steps
        browser.clickSquare("6a");
        browser.clickSquare("6b");
        browser.waitPly(2);
        // the Lion takes on 6g and goes on to 6f: two clicks after selecting it
        browser.clickSquare("6h");
        browser.clickSquare("6g");
        assertThat(browser.all("circle.dest.second[data-dest='6f']")).hasSize(1);
        assertThat(browser.all("circle.dest.igui[data-dest='6h']")).hasSize(1);   // igui back on its own square
        assertThat(browser.all("circle.dest.stop[data-dest='6g']")).hasSize(1);   // or stop on the first square
        browser.clickSquare("6f");
        browser.waitPly(3);
        assertThat(browser.all("polyline.lion-path")).hasSize(1);
        browser.clickSquare("6b");
        browser.clickSquare("6a");
        browser.waitPly(4);
        // igui: take on 5e without moving, by clicking the Lion's own square as the second step
        browser.clickSquare("6f");
        browser.clickSquare("5e");
        browser.clickSquare("6f");
        browser.waitPly(5);
        List<String> line = List.of("3e3d+", "6a6b", "6h6g6f", "6b6a", "6f5e6f");
        String expected = serverSfen("chu", LION_POSITION, line, line.size());
        assertThat(browser.drawnBoard()).isEqualTo(boardField(expected));
        assertThat(browser.boardAttr("sfen")).isEqualTo(expected);
        assertThat(browser.driver.getCurrentUrl()).contains("play=" + String.join("%2C", line).replace("+", "%2B"));
        assertThat(browser.driver.findElement(By.id("status-line")).getText()).contains("bare-king");
        List<WebElement> rows = browser.all("#move-list .mv:not(.start) .ja");
        assertThat(rows.get(2).getText()).isEqualTo("▲6七・6六獅子（←6八）");
        assertThat(rows.get(4).getText()).isEqualTo("▲5五獅子（居食い）（←6六）");
        browser.screenshot("board-lion-moves");

        // a Lion's two steps through an empty square: the same move as the direct one (6h4h)
        browser.open("#/board?rules=chu&sfen=" + java.net.URLEncoder.encode(LION_POSITION, StandardCharsets.UTF_8).replace("+", "%20"));
        browser.waitPly(0);
        browser.clickSquare("6h");
        browser.clickSquare("5h");
        assertThat(browser.all("circle.dest.second[data-dest='4h']")).hasSize(1);
        assertThat(browser.all("circle.dest.stop[data-dest='5h']")).hasSize(1);
        browser.clickSquare("4h");
        browser.waitPly(1);
        assertThat(browser.driver.getCurrentUrl()).contains("play=6h4h");
        assertThat(browser.all("g.piece[data-square='4h'][data-piece='N']")).hasSize(1);

        // a pass: an adjacent empty square, then the origin again
        browser.open("#/board?rules=chu&sfen=" + java.net.URLEncoder.encode(LION_POSITION, StandardCharsets.UTF_8).replace("+", "%20"));
        browser.waitPly(0);
        browser.clickSquare("6h");
        browser.clickSquare("5i");
        browser.clickSquare("6h");
        browser.waitPly(1);
        assertThat(browser.driver.getCurrentUrl()).contains("play=6h5g6h");   // the position's one canonical pass

        // 13x13: a piece leaves the board (dai13-kumazawa), from a button under the board
        browser.open("#/board?rules=dai13-kumazawa");
        browser.waitPly(0);
        assertThat(browser.boardAttr("size")).isEqualTo("13");
        browser.clickSquare("11m");
        browser.driver.findElement(By.cssSelector(".board-extras button.off-move[data-move='11moff']")).click();
        browser.waitPly(1);
        String start13 = given().when().get("/api/rules/dai13-kumazawa").then().statusCode(200).extract().jsonPath().getString("startSfen");
        String after = serverSfen("dai13-kumazawa", start13, List.of("11moff"), 1);
        assertThat(browser.drawnBoard()).isEqualTo(boardField(after));
        assertThat(browser.all("g.piece[data-square='11m']")).isEmpty();

        // 13x13: a try (a shipped engine game of dai13-kumazawa that ends with one), played from the game's
        // position before it: the line opens on the analysis board, sent to the server in pieces
        String record = Files.readAllLines(Path.of("kifu-corpus/dai13-kumazawa/selfplay-kifudb.ndjson")).stream()
                .filter(l -> l.matches(".*try\"\\s*[],].*")).findFirst().orElseThrow();
        Response stored = given().contentType("application/x-ndjson").body(record.getBytes(StandardCharsets.UTF_8))
                .queryParam("rules", "dai13-kumazawa").when().post("/api/games");
        assertThat(stored.statusCode()).as(stored.asString()).isIn(200, 201);
        List<String> tryGame = stored.jsonPath().getList("moves");
        String tryMove = tryGame.get(tryGame.size() - 1);
        assertThat(tryMove).endsWith("try");
        browser.open("#/game/" + stored.jsonPath().getLong("id") + "?ply=" + (tryGame.size() - 1));
        browser.waitPly(tryGame.size() - 1);
        browser.clickSquare(tryMove.substring(0, tryMove.length() - 3));
        browser.driver.findElement(By.cssSelector(".board-extras button.try-move[data-move='" + tryMove + "']")).click();
        browser.waitReady();
        browser.waitPly(tryGame.size());
        String afterTry = serverSfen("dai13-kumazawa", stored.jsonPath().getString("initialSfen"), tryGame, tryGame.size());
        assertThat(browser.drawnBoard()).isEqualTo(boardField(afterTry));
        assertThat(browser.driver.findElement(By.id("status-line")).getText()).contains("Game over").contains("try");
    }

    @Test
    @Order(5)
    void explorerAndPositionSearchOpenGamesAtTheirPly() throws Exception {
        importRecord(KIF, "chu");
        importRecord(LONG_GAME, "chu");
        browser.open("#/board?rules=chu");
        browser.waitPly(0);
        String sfen0 = browser.boardAttr("sfen");
        browser.waitFor(d -> sfen0.equals(d.findElement(By.id("explorer")).getAttribute("data-sfen"))
                && sfen0.equals(d.findElement(By.id("position-games")).getAttribute("data-sfen")));
        // played games, as the games list: the kind chosen unless asked for problems or both
        assertThat(new Select(browser.driver.findElement(By.id("explorer-kind"))).getFirstSelectedOption().getAttribute("value")).isEqualTo("game");
        assertThat(browser.driver.findElement(By.id("explorer")).getAttribute("data-kind")).isEqualTo("game");
        var explorer = given().queryParam("rules", "chu").queryParam("kind", "game").queryParam("size", 5).when().get("/api/explorer")
                .then().statusCode(200).extract().jsonPath();
        List<String> served = explorer.getList("moves.usi");
        List<String> shown = browser.all("tr.explorer-move").stream().map(e -> e.getAttribute("data-move")).toList();
        assertThat(shown).isEqualTo(served);
        browser.screenshot("explorer");
        // click a move to play it
        browser.all("tr.explorer-move").get(0).click();
        browser.waitPly(1);
        assertThat(browser.driver.getCurrentUrl()).contains("play=" + served.get(0));
        String sfen1 = browser.boardAttr("sfen");
        browser.waitFor(d -> sfen1.equals(d.findElement(By.id("position-games")).getAttribute("data-sfen"))
                && !d.findElements(By.cssSelector("#position-games a.game-link")).isEmpty());
        var hits = given().queryParam("rules", "chu").queryParam("play", served.get(0)).queryParam("kind", "game").queryParam("size", 10)
                .when().get("/api/positions/games").then().statusCode(200).extract().jsonPath();
        assertThat(browser.driver.findElement(By.id("position-games-total")).getText()).startsWith(hits.getInt("total") + " ");
        WebElement first = browser.all("#position-games a.game-link").get(0);
        int ply = Integer.parseInt(first.getAttribute("data-ply"));
        assertThat(first.getAttribute("data-game")).isEqualTo(String.valueOf(hits.getLong("hits[0].gameId")));
        first.click();
        browser.waitReady();
        browser.waitPly(ply);

        // Beside a problem, the explorer starts with problems; the choice switches to games, or both.
        String problemLine = Files.readAllLines(Path.of("kifu-corpus/problems/jh85-chushogi-tsume.ndjson")).get(0);
        Response stored = given().contentType("application/x-ndjson").body(problemLine.getBytes(StandardCharsets.UTF_8)).when().post("/api/games");
        assertThat(stored.statusCode()).as(stored.asString()).isIn(200, 201);
        String problemStart = stored.jsonPath().getString("initialSfen");
        browser.open("#/game/" + stored.jsonPath().getLong("id"));
        browser.waitReady();
        browser.waitPly(0);
        Map<String, Integer> counted = new java.util.HashMap<>();
        for (String kind : List.of("problem", "game", "all")) {
            if (!kind.equals("problem")) new Select(browser.driver.findElement(By.id("explorer-kind"))).selectByValue(kind);
            browser.waitFor(d -> kind.equals(d.findElement(By.id("explorer")).getAttribute("data-kind"))
                    && kind.equals(d.findElement(By.id("position-games")).getAttribute("data-kind")));
            var req = given().queryParam("rules", "chu").queryParam("sfen", problemStart);
            if (!kind.equals("all")) req = req.queryParam("kind", kind);
            var ex = req.when().get("/api/explorer").then().statusCode(200).extract().jsonPath();
            counted.put(kind, ex.getInt("games"));
            assertThat(browser.driver.findElement(By.cssSelector("#explorer .totals")).getText()).as(kind).startsWith(ex.getInt("games") + " ");
            assertThat(browser.all("tr.explorer-move").stream().map(e -> e.getAttribute("data-move")).toList()).as(kind)
                    .isEqualTo(ex.getList("moves.usi"));
        }
        assertThat(counted.get("problem")).as("the problem itself").isPositive();
        assertThat(counted.get("all")).isEqualTo(counted.get("problem") + counted.get("game"));

        // pattern search: a sente Lion on 7j, 6f empty, no gote Lion on 6d
        browser.open("#/search");
        new Select(browser.driver.findElement(By.id("ps-rules"))).selectByValue("chu");
        browser.driver.findElement(By.cssSelector(".pal-piece[data-piece='N']")).click();
        browser.clickSquare("7j");
        browser.driver.findElement(By.id("mode-empty")).click();
        browser.clickSquare("6f");
        browser.driver.findElement(By.id("mode-absent")).click();
        browser.driver.findElement(By.cssSelector(".pal-piece[data-piece='n']")).click();
        browser.clickSquare("6d");
        assertThat(browser.all("g.piece[data-square='7j'][data-piece='N']")).hasSize(1);
        assertThat(browser.all("g.mark.empty[data-square='6f']")).hasSize(1);
        assertThat(browser.all("g.piece.absent[data-square='6d']")).hasSize(1);
        browser.driver.findElement(By.id("ps-search")).click();
        browser.visible(By.id("ps-total"));
        assertThat(new Select(browser.driver.findElement(By.id("ps-kind"))).getFirstSelectedOption().getAttribute("value")).isEqualTo("game");
        var search = given().contentType("application/json").body("""
                {"rules":"chu","pieces":[{"piece":"N","squares":["7j"]}],"absent":[{"piece":"n","squares":["6d"]}],"empty":["6f"],"kind":"game","page":0,"size":20}""")
                .when().post("/api/positions/search").then().statusCode(200).extract().jsonPath();
        assertThat(search.getInt("total")).isPositive();
        assertThat(browser.driver.findElement(By.id("ps-total")).getText()).startsWith(search.getInt("total") + " ");
        browser.screenshot("pattern-search");
        WebElement hit = browser.all("a.hit-link").get(0);
        int hitPly = Integer.parseInt(hit.getAttribute("data-ply"));
        assertThat(hit.getAttribute("data-game")).isEqualTo(String.valueOf(search.getLong("hits[0].gameId")));
        hit.click();
        browser.waitReady();
        browser.waitPly(hitPly);
        assertThat(browser.all("g.piece[data-square='7j'][data-piece='N']")).hasSize(1);
        assertThat(browser.all("g.piece[data-square='6f']")).isEmpty();
    }

    @Test
    @Order(6)
    void analysisStreamsLinesAndPlaysAPvMove() throws Exception {
        browser.open("#/board?rules=chu&play=7i7h");
        browser.waitPly(1);
        WebElement depth = browser.driver.findElement(By.id("an-depth"));
        depth.sendKeys("5");
        browser.js("""
                window.__infos = [];
                new MutationObserver(() => window.__infos.push(document.getElementById('analysis-info').textContent))
                  .observe(document.getElementById('analysis-info'), {childList: true, subtree: true, characterData: true});""");
        browser.driver.findElement(By.id("analyse")).click();
        browser.waitFor(d -> d.findElement(By.id("analysis-info")).getText().contains("done") && !d.findElements(By.cssSelector(".pv .pv-move")).isEmpty());
        List<WebElement> pvs = browser.all("#analysis-lines .pv");
        assertThat(pvs).hasSize(2);
        assertThat(pvs.get(0).findElement(By.className("score")).getText()).matches("[+−]\\d+\\.\\d\\d|[▲△]#\\d+");
        @SuppressWarnings("unchecked")
        List<String> infos = (List<String>) browser.js("return window.__infos");
        assertThat(infos).anyMatch(s -> s.startsWith("Depth 5"));
        browser.screenshot("analysis");
        String pvMove = browser.all("#analysis-lines .pv .pv-move").get(0).getAttribute("data-move");
        browser.all("#analysis-lines .pv .pv-move").get(0).click();
        browser.waitPly(2);
        assertThat(browser.driver.getCurrentUrl()).contains("play=7i7h%2C" + pvMove.replace("+", "%2B"));
        // back on the analysed position the cached evaluation is shown at once
        browser.open("#/board?rules=chu&play=7i7h");
        browser.waitPly(1);
        browser.visible(By.id("cached-badge"));
        assertThat(browser.all("#analysis-lines .pv")).isNotEmpty();
    }

    /**
     * The page's own replay (js/sfen.js, which draws each step before the server answers) agrees with the server
     * on engine games of the three 13x13 rule sets (exits, tries, the two drunk-elephant exchange forms and
     * SFEN field 3): the positions the page computes, read at every 50th ply and at the end, are the server's.
     * (A one-off run of the same replay over every shipped record, 317 games, agreed at every checked ply.)
     */
    @Test
    @Order(8)
    void localReplayAgreesWithTheServerOnThe13x13RuleSets() throws Exception {
        browser.open("#/games");
        int checked = 0, exchangesSeen = 0;
        for (String rules : List.of("dai13-kumazawa", "shodoshu2017", "shodoshu2017-prev")) {
            List<String> lines = Files.readAllLines(Path.of("kifu-corpus/" + rules + "/selfplay-kifudb.ndjson")).stream()
                    .filter(l -> !l.isBlank()).limit(4).toList();
            int exchangesHere = 0;
            for (String line : lines) {
                Response r = given().contentType("application/x-ndjson").body(line.getBytes(StandardCharsets.UTF_8))
                        .queryParam("rules", rules).when().post("/api/games");
                assertThat(r.statusCode()).as(r.asString()).isIn(200, 201);
                List<String> moves = r.jsonPath().getList("moves");
                String initial = r.jsonPath().getString("initialSfen");
                @SuppressWarnings("unchecked")
                List<String> local = (List<String>) ((org.openqa.selenium.JavascriptExecutor) browser.driver).executeAsyncScript("""
                        const [rules, initial, moves, done] = arguments;
                        Promise.all([import('/js/sfen.js'), import('/js/api.js')]).then(async ([sfen, api]) => {
                          const rs = (await api.ruleSets()).get(rules);
                          let pos = sfen.parseSfen(initial, rs.boardSize);
                          const out = [];
                          let exchanges = 0;
                          moves.forEach((m, i) => {
                            const u = sfen.parseUsi(m, rs.boardSize);
                            for (const sq of [u.mid, u.to]) {
                              const p = sq >= 0 && sq !== u.from ? pos.board[sq] : null;
                              if (p && p.toLowerCase() === 'e' && sfen.isSente(p) !== (pos.side === 'b') && !u.normal) exchanges++;
                            }
                            pos = sfen.applyMove(pos, m, rs);
                            if ((i + 1) % 50 === 0 || i + 1 === moves.length) out.push(sfen.boardField(pos) + ' ' + pos.side + ' ' + pos.field3);
                          });
                          out.push(String(exchanges));
                          done(out);
                        }).catch(e => done(['error: ' + e]));""", rules, initial, moves);
                int exchanges = Integer.parseInt(local.get(local.size() - 1));
                exchangesSeen += exchanges;
                exchangesHere += exchanges;
                int k = 0;
                for (int ply = 50; ; ply += 50) {
                    if (ply > moves.size()) ply = moves.size();
                    String[] server = serverSfen(rules, initial, moves, ply).split(" ");
                    assertThat(local.get(k++)).as("%s ply %d", rules, ply).isEqualTo(server[0] + " " + server[1] + " " + server[2]);
                    checked++;
                    if (ply == moves.size()) break;
                }
            }
            if (rules.startsWith("shodoshu")) assertThat(exchangesHere).as("drunk-elephant exchanges in the %s games", rules).isPositive();
        }
        perf.add("local replay checked against the server at " + checked + " positions of 12 engine games of the 13x13 rule sets ("
                + exchangesSeen + " drunk-elephant exchanges on the way)");
    }

    @Test
    @Order(7)
    void gamesListFiltersAndPages() throws Exception {
        importRecord(KIF, "chu");
        importRecord(LONG_GAME, "chu");
        // A shipped problem, stored after the games: the list shows games unless asked for problems.
        String problemLine = Files.readAllLines(Path.of("kifu-corpus/problems/chushogilite-historic-puzzles.ndjson")).stream()
                .filter(l -> l.startsWith("{")).findFirst().orElseThrow();
        Response problem = given().contentType("application/x-ndjson").body(problemLine.getBytes(StandardCharsets.UTF_8)).when().post("/api/games");
        assertThat(problem.statusCode()).as(problem.asString()).isIn(200, 201);
        long problemId = problem.jsonPath().getLong("id");
        browser.open("#/games?rules=chu&size=1");
        var page0 = given().queryParam("rules", "chu").queryParam("kind", "game").queryParam("size", 1).when().get("/api/games").then().statusCode(200).extract().jsonPath();
        assertThat(browser.driver.findElement(By.id("games-total")).getText()).startsWith(page0.getInt("total") + " ");
        assertThat(browser.all("tr.game-row").get(0).getAttribute("data-game")).isEqualTo(String.valueOf(page0.getLong("games[0].id")));
        assertThat(new Select(browser.driver.findElement(By.id("f-kind"))).getFirstSelectedOption().getAttribute("value")).isEqualTo("game");
        browser.driver.findElement(By.id("games-next")).click();
        browser.waitReady();
        var page1 = given().queryParam("rules", "chu").queryParam("kind", "game").queryParam("size", 1).queryParam("page", 1).when().get("/api/games").then().statusCode(200).extract().jsonPath();
        browser.waitFor(d -> d.findElement(By.id("games-page")).getText().contains("2"));
        assertThat(browser.all("tr.game-row").get(0).getAttribute("data-game")).isEqualTo(String.valueOf(page1.getLong("games[0].id")));
        // free text and a filter from the form
        browser.open("#/games");
        browser.driver.findElement(By.id("f-q")).sendKeys("Matsumoto");
        new Select(browser.driver.findElement(By.id("f-rules"))).selectByValue("chu");
        browser.driver.findElement(By.id("games-search")).click();
        browser.waitFor(d -> d.getCurrentUrl().contains("q=Matsumoto"));
        browser.waitReady();
        var found = given().queryParam("q", "Matsumoto").queryParam("rules", "chu").when().get("/api/games").then().statusCode(200).extract().jsonPath();
        assertThat(found.getInt("total")).isPositive();
        browser.waitFor(d -> d.findElement(By.id("games-total")).getText().startsWith(found.getInt("total") + " "));
        browser.screenshot("games");
        // the kind filter: problems only, then games and problems together
        browser.open("#/games?rules=chu");
        new Select(browser.driver.findElement(By.id("f-kind"))).selectByValue("problem");
        browser.driver.findElement(By.id("games-search")).click();
        browser.waitFor(d -> d.getCurrentUrl().contains("kind=problem"));
        browser.waitReady();
        var problems = given().queryParam("rules", "chu").queryParam("kind", "problem").when().get("/api/games").then().statusCode(200).extract().jsonPath();
        browser.waitFor(d -> d.findElement(By.id("games-total")).getText().startsWith(problems.getInt("total") + " "));
        assertThat(problems.getList("games.id", Long.class)).as("problems are listed").isNotEmpty();
        assertThat(problems.getList("games.kind", String.class)).containsOnly("problem");
        assertThat(browser.all("tr.game-row").stream().map(r -> Long.valueOf(r.getAttribute("data-game"))).toList())
                .isEqualTo(problems.getList("games.id", Long.class));
        assertThat(page0.getList("games.id", Long.class)).doesNotContain(problemId);
        browser.open("#/games?rules=chu&kind=all");
        var all = given().queryParam("rules", "chu").when().get("/api/games").then().statusCode(200).extract().jsonPath();
        assertThat(all.getInt("total")).isEqualTo(problems.getInt("total") + page0.getInt("total"));
        browser.waitFor(d -> d.findElement(By.id("games-total")).getText().startsWith(all.getInt("total") + " "));
    }
}
