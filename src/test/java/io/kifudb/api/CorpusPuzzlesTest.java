package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.equalTo;

import io.kifudb.engine.Engine;
import io.kifudb.engine.Score;
import io.kifudb.engine.SearchInfo;
import io.kifudb.engine.SearchLimits;
import io.kifudb.engine.SearchResult;
import io.kifudb.notation.RecordFiles;
import io.kifudb.notation.Records;
import io.kifudb.puzzles.PuzzleFinder;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Five puzzles the puzzle run over the corpus found in real games (docs/puzzles.md, "A run over the corpus"),
 * each checked there by hand, found again here: the record is stored from kifu-corpus/ as the service imports
 * it, the position at the puzzle's ply is read back from the stored game, and the scan's own judgement
 * ({@link PuzzleFinder#examine} with the scan's default node budget) is run on exactly that position, not on
 * the whole corpus. Each must come out a puzzle with the themes and first move seen by hand (in four of the
 * five the move the player chose), a legal solution (a mate's whole line, ending the game won by the solver), and a
 * best move that a search with twice the confirming search's nodes still finds unique: no mate for the
 * second-best move, or the second-best at least the margin behind, less half a pawn (as PuzzlesTest allows).
 */
@QuarkusTest
class CorpusPuzzlesTest {
    private static final long SCAN_NODES = 20_000;
    private static final int DEEPER_SEARCH_NOISE_CP = 50;

    /**
     * Stores the record as the corpus import reads it (by its file name: the KIF file has no header to detect it
     * by): the file's only record, or its line with that lishogi id. Returns the stored game's id.
     */
    private static long store(String rules, String file, String lishogiId) throws Exception {
        String text = Files.readString(Path.of("kifu-corpus", file), StandardCharsets.UTF_8);
        List<RecordFiles.Item> items = RecordFiles.readText(Path.of(file).getFileName().toString(), text, RuleSet.byId(rules)).stream()
                .filter(i -> lishogiId == null || lishogiId.equals(i.record().id())).toList();
        assertThat(items).as("%s %s", file, lishogiId).hasSize(1);
        return given().contentType("application/json").body(Records.toJson(items.get(0).record(), RuleSet.byId(rules))).when().post("/api/games")
                .then().statusCode(anyOf(equalTo(200), equalTo(201))).extract().jsonPath().getLong("id");
    }

    @ParameterizedTest(name = "{0} {1} {2} ply {3}: {5}")
    @CsvSource(delimiter = ';', value = {
            // the Lion steps to 7c: it attacks the King on 6a and covers its one free square, 6b; the Drunk Elephant that
            // could take the Lion would open the Horned Falcon's diagonal to the King (the game's last move: checkmate)
            "chu; chu/kif/scalashogi-chushogiKif1.kif; ; 128; 7d7c; mate-in-1",
            // the Falcon takes the Tiger on 5b, the Silver retakes, and the Lion's jump to 4b mates: 5a and 7b/7a
            // are covered by the Lion and the Vertical Mover on 7d (the record ends with the first move)
            "chu; chu/historical/hist1.csg; ; 326; 3d5b; mate-in-2",
            // the Pawn on 3h takes gote's Free King, left on 3g (as played)
            "chu-lishogi; chu/lishogi/lishogi-top-players-10.ndjson; Lqyj1bLC; 34; 3h3g; material",
            // the Lion steps to 4c, two squares from the King on 6a, whose one free square (5b) it covers and which
            // nothing of gote can take; whatever gote does, the Lion takes the King (the player took a Bishop instead)
            "chu-lishogi; chu/lishogi/lishogi-top-players-10.ndjson; Lqyj1bLC; 54; 3d4c; mate-in-2",
            // gote's Lion jumps from 6e onto sente's unprotected Lion on 8f (rule-sets.md §2 rule 2; the game's last move)
            "chu-lishogi; chu/lishogi/lishogi-top-players-10.ndjson; gZ0HcfLK; 17; 6e8f; material lion-trade"})
    void theCorpusPuzzleIsFoundAgain(String rules, String file, String lishogiId, int ply, String firstMove, String themes) throws Exception {
        long game = store(rules, file, lishogiId);
        String sfen = given().when().get("/api/games/" + game + "/positions").then().statusCode(200).extract().jsonPath()
                .getList("positions.sfen", String.class).get(ply);
        RuleSet ruleSet = RuleSet.byId(rules);

        Engine engine = new Engine().hashMegabytes(16);
        engine.newGame();
        PuzzleFinder.Found found = PuzzleFinder.examine(engine, Sfen.parse(ruleSet, sfen), SCAN_NODES);
        assertThat(found).as("a puzzle at ply %d of %s", ply, file).isNotNull();
        assertThat(found.themes()).isEqualTo(List.of(themes.split(" ")));
        assertThat(found.solution().get(0)).isEqualTo(firstMove);

        // the solution is legal by the rules; a complete mating line ends the game, won by the solver
        JsonPath after = given().queryParam("sfen", sfen).queryParam("play", String.join(",", found.solution()))
                .when().get("/api/rules/" + rules + "/moves").then().statusCode(200).extract().jsonPath();
        String solver = Sfen.parse(ruleSet, sfen).sideToMove() == 0 ? "sente" : "gote";
        if (found.mateIn() != null) {
            // the whole line, completed where the search cut it (chu-lishogi's lines stop before the King is taken)
            assertThat(found.solution()).hasSize(2 * found.mateIn() - 1);
            assertThat(after.getString("status.result")).as(found.toString()).isEqualTo(solver);
        }

        // a deeper search (twice the confirming search's nodes): the same first move, still clearly best
        SearchResult deeper = new Engine().hashMegabytes(16).multiPv(2)
                .search(Sfen.parse(ruleSet, sfen), SearchLimits.nodes(2 * SCAN_NODES * PuzzleFinder.CONFIRM_FACTOR), null);
        SearchInfo best = deeper.lines().get(0), second = deeper.lines().get(1);
        assertThat(best.pv().get(0)).as("deeper: %s", deeper.lines()).isEqualTo(firstMove);
        if (found.mateIn() != null) {
            assertThat(Score.isDecided(best.score()) && best.score() > 0 && Score.moves(best.score()) <= found.mateIn()).as("deeper mates no later").isTrue();
            assertThat(Score.isDecided(second.score()) && second.score() > 0).as("the second-best move mates too").isFalse();
        } else {
            assertThat(found.scoreCp()).isGreaterThanOrEqualTo(PuzzleFinder.WIN_CP);
            assertThat(found.marginCp()).isGreaterThanOrEqualTo(PuzzleFinder.MARGIN_CP);
            assertThat(Score.isDecided(best.score()) ? best.score() > 0 : best.score() - second.score() >= PuzzleFinder.MARGIN_CP - DEEPER_SEARCH_NOISE_CP)
                    .as("deeper: best %d, second %d", best.score(), second.score()).isTrue();
        }
    }
}
