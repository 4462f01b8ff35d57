package io.kifudb.index;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.Map;

/**
 * The position index tests run against a database of their own (another in-memory H2), so what they
 * import does not change the answers other test classes expect from theirs (several import the same
 * corpus games and expect to be first), and their own answers can be checked exactly. The index
 * directory is fresh for every application start anyway ({@code %test.kifudb.index.dir}).
 */
public class PositionIndexTestProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("quarkus.datasource.jdbc.url", "jdbc:h2:mem:kifudb-index-test;DB_CLOSE_DELAY=-1");
    }
}
