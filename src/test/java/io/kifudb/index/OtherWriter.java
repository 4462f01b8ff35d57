package io.kifudb.index;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Stores games the way another instance (or a worker, or the import command) would, as far as this
 * instance can tell: rows inserted over a JDBC connection of its own, outside this instance's importer,
 * so no event tells the index and only its feed from the database can find them.
 */
final class OtherWriter {
    /** A random legal game under chu-lishogi: its moves, as the importer would store them. */
    record RandomGame(List<String> moves) {
        String play() {
            return String.join(",", moves);
        }
    }

    private OtherWriter() {}

    /** A connection to the configured database, not from this instance's pool. */
    static Connection connect() throws SQLException {
        Config c = ConfigProvider.getConfig();
        return DriverManager.getConnection(c.getValue("quarkus.datasource.jdbc.url", String.class),
                c.getOptionalValue("quarkus.datasource.username", String.class).orElse(null),
                c.getOptionalValue("quarkus.datasource.password", String.class).orElse(""));
    }

    /** Random legal moves from the start: after this many plies the position is the game's own. */
    static RandomGame randomGame(long seed, int plies) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Position pos = Position.start(RuleSet.CHU_LISHOGI);
        List<String> moves = new ArrayList<>();
        while (moves.size() < plies) {
            int[] legal = pos.legalMoves();
            if (legal.length == 0) break;
            int m = legal[rnd.nextInt(legal.length)];
            moves.add(pos.usi(m));
            pos.make(m);
        }
        return new RandomGame(moves);
    }

    /** Inserts the game in the connection's current transaction and returns its id. */
    static long insert(Connection c, RandomGame g, String event, Instant storedAt) throws Exception {
        RuleSet rules = RuleSet.CHU_LISHOGI;
        String moves = String.join(" ", g.moves());
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        String hash = HexFormat.of().formatHex(sha.digest((rules.id + "\n" + rules.variant.startSfen + "\n" + moves).getBytes(StandardCharsets.UTF_8)));
        try (PreparedStatement s = c.prepareStatement("insert into game (rules, initial_sfen, moves, plies, result, event, content_hash, created_at) "
                + "values (?, ?, ?, ?, 'ongoing', ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
            s.setString(1, rules.id);
            s.setString(2, rules.variant.startSfen);
            s.setString(3, moves);
            s.setInt(4, g.moves().size());
            s.setString(5, event);
            s.setString(6, hash);
            s.setObject(7, OffsetDateTime.ofInstant(storedAt, ZoneOffset.UTC));
            s.executeUpdate();
            try (ResultSet keys = s.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }
}
