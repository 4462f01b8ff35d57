package io.kifudb.index;

import io.kifudb.store.Game;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.util.List;

/**
 * The index's reads of the database, the source of truth. Each call is its own short transaction
 * ({@code REQUIRES_NEW}): the index calls these at startup, from a rebuild that runs for minutes, and
 * possibly on a thread whose own transaction has just completed, where joining it is not possible.
 */
@ApplicationScoped
public class StoredGames {

    /** How many games the database holds and the highest id (0 when empty). */
    public record Stats(long count, long maxId) {}

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Stats stats() {
        Object[] row = Game.getEntityManager()
                .createQuery("select count(g), coalesce(max(g.id), 0) from Game g", Object[].class)
                .getSingleResult();
        return new Stats(((Number) row[0]).longValue(), ((Number) row[1]).longValue());
    }

    /** Games with an id up to maxId: with the index's own count, tells whether the index holds exactly those. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public long countUpTo(long maxId) {
        return Game.count("id <= ?1", maxId);
    }

    /** The next page of games after an id, in id order (keyset paging: no offset scans on big tables). */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public List<GameData> after(long afterId, int limit) {
        return Game.getEntityManager()
                .createQuery("select new io.kifudb.index.GameData(g.id, g.rules, g.initialSfen, g.moves, g.plies, g.result, "
                        + "g.reason, g.sente, g.gote, g.date, g.event, g.site, g.comments) from Game g where g.id > :after order by g.id", GameData.class)
                .setParameter("after", afterId)
                .setMaxResults(limit)
                .getResultList();
    }
}
