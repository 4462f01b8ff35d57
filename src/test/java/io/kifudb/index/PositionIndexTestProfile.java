package io.kifudb.index;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.Map;

/**
 * The position index tests run against a database of their own, so what they import does not change
 * the answers other test classes expect from theirs, and their own answers can be checked exactly: on
 * H2 another in-memory database; on PostgreSQL (CI's second pass sets QUARKUS_DATASOURCE_JDBC_URL) the
 * database of the same name with {@code _index} appended, which .ci/run creates beside it. The index
 * directory is fresh for every application start anyway ({@code %test.kifudb.index.dir}).
 * The periodic consistency check and commit do not run on their own here.
 */
public class PositionIndexTestProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        String url = System.getenv("QUARKUS_DATASOURCE_JDBC_URL");
        String own = url != null && url.startsWith("jdbc:postgresql:") ? url + "_index" : "jdbc:h2:mem:kifudb-index-test;DB_CLOSE_DELAY=-1";
        // The periodic check and commit only when a test runs them (IndexFreshnessTest), so what the feed
        // alone does can be told apart from what the check mends.
        return Map.of("quarkus.datasource.jdbc.url", own, "kifudb.index.commit-interval", "1h");
    }
}
