package io.kifudb.puzzles;

import static io.kifudb.rules.RuleTestSupport.sfen;
import static org.assertj.core.api.Assertions.assertThat;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * V23 and V24 on a database holding puzzles stored under V22 (one theme each): a fresh database is migrated
 * to V22 by Flyway with the project's migrations (an in-memory H2 one, or, when the suite runs on PostgreSQL, a
 * schema of its own in the suite's database, made anew), puzzles are stored as a V22 scan stored them, and the
 * migration to the end gives each its themes: the kind V23 derives from the old theme, and the motifs V24
 * reads off the stored line with the rules (as PuzzleThemesTest checks them on the same kind of positions).
 */
@io.quarkus.test.junit.QuarkusTest // for Flyway's PostgreSQL support, which Quarkus adds to the classpath with the PostgreSQL driver
class PuzzleThemesMigrationTest {
    private static final String SCHEMA = "puzzle_themes_migration";

    /** Where to migrate: an H2 database of its own, or a schema of its own in the suite's PostgreSQL database. */
    private record Target(boolean postgresql, String url, String user, String password) {
        static Target ofSuite() {
            var config = org.eclipse.microprofile.config.ConfigProvider.getConfig();
            String suite = config.getOptionalValue("quarkus.datasource.jdbc.url", String.class).orElse("");
            if (!suite.startsWith("jdbc:postgresql:")) return new Target(false, "jdbc:h2:mem:puzzle-themes-migration;DB_CLOSE_DELAY=-1", "sa", "");
            return new Target(true, suite, config.getOptionalValue("quarkus.datasource.username", String.class).orElse(null),
                    config.getOptionalValue("quarkus.datasource.password", String.class).orElse(null));
        }

        Connection connect() throws Exception {
            Connection c = DriverManager.getConnection(url, user, password);
            if (postgresql) c.setSchema(SCHEMA);
            return c;
        }

        void migrate(String version) {
            var flyway = Flyway.configure().dataSource(url, user, password).locations("classpath:db/migration").target(version);
            if (postgresql) flyway.schemas(SCHEMA).defaultSchema(SCHEMA).createSchemas(true);
            flyway.load().migrate();
        }

        void dropSchema() throws Exception {
            if (!postgresql) return;
            try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement()) {
                s.execute("drop schema if exists " + SCHEMA + " cascade");
            }
        }
    }

    @Test
    void storedPuzzlesGetTheirKindAndTheMotifsOfTheirLines() throws Exception {
        Target db = Target.ofSuite();
        db.dropSchema();
        try {
            migrate(db);
        } finally {
            db.dropSchema();
        }
    }

    private static void migrate(Target db) throws Exception {
        db.migrate("22");
        try (Connection c = db.connect()) {
            try (Statement s = c.createStatement()) {
                s.executeUpdate("insert into game (id, rules, initial_sfen, moves, plies, result, content_hash, created_at) "
                        + "values (1, 'chu', 'x', '', 0, 'ongoing', 'h1', current_timestamp)");
            }
            // a material puzzle whose first move takes a Lion and promotes (V22 called it promotion), a mate by baring
            // the King, a mate with no motif, and one whose line does not replay (it keeps its kind alone)
            insert(c, 1, sfen("b", "-", "1l:K", "12a:k", "7k:R", "7c:n", "3a:g"), "promotion", "7k7c+", null);
            insert(c, 2, sfen("b", "-", "1l:K", "12a:k", "9k:Q", "5i:G", "9c:s"), "mate-in-1", "9k9c", 1);
            insert(c, 3, sfen("b", "-", "1l:K", "12a:k", "7k:Q", "7d:g", "3a:g"), "material", "7k7d", null);
            insert(c, 4, sfen("b", "-", "1l:K", "12a:k", "7k:Q", "3a:g"), "mate-in-2", "7k6c", 2);
        }
        db.migrate("latest");
        Map<Long, List<String>> themes = new TreeMap<>();
        try (Connection c = db.connect();
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("select puzzle_id, theme from puzzle_theme order by puzzle_id, theme")) {
            while (r.next()) themes.computeIfAbsent(r.getLong(1), k -> new ArrayList<>()).add(r.getString(2));
        }
        assertThat(themes).containsExactlyEntriesOf(new TreeMap<>(Map.of(
                1L, List.of("lion-trade", "material", "promotion"),
                2L, List.of("bare-king", "mate-in-1"),
                3L, List.of("material"),
                4L, List.of("mate-in-2"))));
    }

    private static void insert(Connection c, long id, String sfen, String theme, String solution, Integer mateIn) throws Exception {
        try (PreparedStatement p = c.prepareStatement("insert into puzzle (id, rules, sfen, theme, solution, mate_in, game_id, ply, settings, "
                + "created_at) values (?, 'chu', ?, ?, ?, ?, 1, 0, 'nodes=20000', current_timestamp)")) {
            p.setLong(1, id);
            p.setString(2, sfen);
            p.setString(3, theme);
            p.setString(4, solution);
            if (mateIn == null) p.setNull(5, java.sql.Types.INTEGER);
            else p.setInt(5, mateIn);
            p.executeUpdate();
        }
    }
}
