package db.migration;

import io.kifudb.puzzles.PuzzleThemes;
import io.kifudb.rules.RuleSet;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;
import org.jboss.logging.Logger;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The motifs (lion-trade, promotion, bare-king) of the puzzles stored before V23, worked out as a scan does
 * now: each stored solution replayed from its position by the rules ({@link PuzzleThemes#motifs}). No search
 * is needed, so the migration is quick. A Java migration because the rules engine is Java; it runs in the
 * migration's transaction like the SQL ones. A puzzle whose line does not replay (none should: scans store
 * legal lines) keeps the theme V23 gave it.
 */
public class V24__puzzle_motifs extends BaseJavaMigration {
    private static final Logger LOG = Logger.getLogger(V24__puzzle_motifs.class);

    private record Stored(long id, String rules, String sfen, List<String> solution) {}

    @Override
    public void migrate(Context context) throws Exception {
        List<Stored> puzzles = new ArrayList<>();
        try (Statement s = context.getConnection().createStatement();
             ResultSet r = s.executeQuery("select id, rules, sfen, solution from puzzle order by id")) {
            while (r.next()) puzzles.add(new Stored(r.getLong(1), r.getString(2), r.getString(3), Arrays.asList(r.getString(4).split(" "))));
        }
        int added = 0;
        try (PreparedStatement insert = context.getConnection().prepareStatement("insert into puzzle_theme (puzzle_id, theme) values (?, ?)")) {
            for (Stored p : puzzles) {
                List<String> motifs;
                try {
                    motifs = PuzzleThemes.motifs(RuleSet.byId(p.rules()), p.sfen(), p.solution());
                } catch (RuntimeException e) {
                    LOG.warnf("puzzle %d: its solution does not replay (%s); it keeps its theme", p.id(), e.getMessage());
                    continue;
                }
                for (String m : motifs) {
                    insert.setLong(1, p.id());
                    insert.setString(2, m);
                    insert.addBatch();
                    added++;
                }
            }
            insert.executeBatch();
        }
        if (!puzzles.isEmpty()) LOG.infof("puzzle themes: %d motifs for %d stored puzzles", added, puzzles.size());
    }
}
