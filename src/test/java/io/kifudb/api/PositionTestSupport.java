package io.kifudb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.response.Response;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Imports over HTTP and reads whole position listings, for the position index tests. */
final class PositionTestSupport {
    static final Path LISHOGI = Path.of("kifu-corpus/chu/lishogi/lishogi-top-players-10.ndjson");

    private PositionTestSupport() {}

    /** Imports one record (201, or 200 when an earlier test stored it already) and returns its game id. */
    static long importRecord(String contentType, String body, String rules) {
        var req = given().contentType(contentType).body(body.getBytes(StandardCharsets.UTF_8));
        if (rules != null) req = req.queryParam("rules", rules);
        Response r = req.when().post("/api/games");
        assertThat(r.statusCode()).as(r.asString()).isIn(200, 201);
        return r.jsonPath().getLong("id");
    }

    /** The ten lishogi corpus games, imported; lishogi id -> game id, in file order. */
    static Map<String, Long> importLishogiCorpus() throws Exception {
        Map<String, Long> ids = new LinkedHashMap<>();
        for (String line : Files.readAllLines(LISHOGI)) {
            if (line.isBlank()) continue;
            long id = importRecord("application/x-ndjson", line, null);
            ids.put(new com.fasterxml.jackson.databind.ObjectMapper().readTree(line).get("id").asText(), id);
        }
        assertThat(ids).hasSize(10);
        return ids;
    }

    /** Every hit of /api/positions/games for the query, read page by page (size 200), with the total each page reported. */
    static List<Map<String, Object>> allHits(Map<String, ?> query) {
        List<Map<String, Object>> hits = new ArrayList<>();
        long total = -1;
        for (int page = 0; ; page++) {
            Response r = given().queryParams(query).queryParam("page", page).queryParam("size", 200)
                    .when().get("/api/positions/games");
            assertThat(r.statusCode()).as(r.asString()).isEqualTo(200);
            long t = r.jsonPath().getLong("total");
            if (total >= 0) assertThat(t).isEqualTo(total);
            total = t;
            List<Map<String, Object>> pageHits = r.jsonPath().getList("hits");
            hits.addAll(pageHits);
            if (pageHits.size() < 200) break;
        }
        assertThat(hits).hasSize((int) total);
        return hits;
    }

    static long gameId(Map<String, Object> hit) {
        return ((Number) hit.get("gameId")).longValue();
    }

    /** The hit of one game in a listing, or null. */
    static Map<String, Object> hitOf(List<Map<String, Object>> hits, long gameId) {
        return hits.stream().filter(h -> gameId(h) == gameId).findFirst().orElse(null);
    }
}
