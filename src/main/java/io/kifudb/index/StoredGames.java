package io.kifudb.index;

import io.kifudb.store.Game;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The index's reads of the database, the source of truth. Each call is its own short transaction
 * ({@code REQUIRES_NEW}): the index calls these at startup, from a rebuild that runs for minutes, every
 * few hundred milliseconds from its feed, and possibly on a thread whose own transaction has just
 * completed, where joining it is not possible. Every read goes by the primary key (keyset paging, id
 * ranges), so none of them scans the table except the per-bucket count of the consistency check.
 */
@ApplicationScoped
public class StoredGames {
    /** The game ids are counted in buckets of this many consecutive ids by {@link #bucketCounts()}. */
    static final long BUCKET = 1024;

    private static final String GAME_DATA = "select new io.kifudb.index.GameData(g.id, g.rules, g.kind, g.initialSfen, g.moves, g.plies, "
            + "g.result, g.reason, g.sente, g.gote, g.date, g.event, g.site, g.comments, g.createdAt) from Game g ";

    /** How many games the database holds and the highest id (0 when empty). */
    public record Stats(long count, long maxId) {}

    /** A game's id and when it was stored. */
    record Stored(long id, Instant createdAt) {}

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Stats stats() {
        Object[] row = Game.getEntityManager()
                .createQuery("select count(g), coalesce(max(g.id), 0) from Game g", Object[].class)
                .getSingleResult();
        return new Stats(((Number) row[0]).longValue(), ((Number) row[1]).longValue());
    }

    /** How many games have an id up to maxId. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public long countUpTo(long maxId) {
        return Game.count("id <= ?1", maxId);
    }

    /** The next page of games after an id, in id order (keyset paging: no offset scans on big tables). */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public List<GameData> after(long afterId, int limit) {
        return Game.getEntityManager()
                .createQuery(GAME_DATA + "where g.id > :after order by g.id", GameData.class)
                .setParameter("after", afterId)
                .setMaxResults(limit)
                .getResultList();
    }

    /** The games whose ids lie in the gaps, in id order, at most limit of them. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    List<GameData> inGaps(List<GameIdWatermark.Gap> gaps, int limit) {
        if (gaps.isEmpty()) return List.of();
        StringBuilder where = new StringBuilder("where ");
        for (int i = 0; i < gaps.size(); i++) {
            if (i > 0) where.append(" or ");
            where.append("g.id between :f").append(i).append(" and :t").append(i);
        }
        var q = Game.getEntityManager().createQuery(GAME_DATA + where + " order by g.id", GameData.class);
        for (int i = 0; i < gaps.size(); i++) q.setParameter("f" + i, gaps.get(i).from()).setParameter("t" + i, gaps.get(i).to());
        return q.setMaxResults(limit).getResultList();
    }

    /** The games with these ids (those that exist), in id order. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public List<GameData> byIds(List<Long> ids) {
        if (ids.isEmpty()) return List.of();
        return Game.getEntityManager()
                .createQuery(GAME_DATA + "where g.id in :ids order by g.id", GameData.class)
                .setParameter("ids", ids)
                .getResultList();
    }

    /** How many games each bucket of {@link #BUCKET} consecutive ids holds (bucket = id / BUCKET); empty buckets are left out. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Map<Long, Long> bucketCounts() {
        // Native: integer division of a bigint is the same on H2 and PostgreSQL; the constant is written
        // into the text because PostgreSQL does not match "id / $1" with "id / $2" in a group by.
        @SuppressWarnings("unchecked")
        List<Object[]> rows = Game.getEntityManager()
                .createNativeQuery("select id / " + BUCKET + ", count(*) from game group by id / " + BUCKET)
                .getResultList();
        Map<Long, Long> counts = new HashMap<>();
        for (Object[] r : rows) counts.put(((Number) r[0]).longValue(), ((Number) r[1]).longValue());
        return counts;
    }

    /** The ids from {@code from} to {@code to} (inclusive) that exist, in order. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public List<Long> idsBetween(long from, long to) {
        return Game.getEntityManager()
                .createQuery("select g.id from Game g where g.id between :f and :t order by g.id", Long.class)
                .setParameter("f", from).setParameter("t", to)
                .getResultList();
    }

    /** The {@code n} games with the highest ids below {@code belowId} (id and when stored), in id order. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    List<Stored> before(long belowId, int n) {
        List<Object[]> rows = Game.getEntityManager()
                .createQuery("select g.id, g.createdAt from Game g where g.id < :below order by g.id desc", Object[].class)
                .setParameter("below", belowId)
                .setMaxResults(n)
                .getResultList();
        List<Stored> out = new ArrayList<>(rows.size());
        for (Object[] r : rows) out.add(new Stored(((Number) r[0]).longValue(), (Instant) r[1]));
        Collections.reverse(out);
        return out;
    }

    /**
     * Which database this is, as far as the index can tell: the first game's id and content hash (empty
     * when there are no games). An index built from another database (a kept index directory, a changed
     * database URL) is rebuilt instead of being patched up game by game.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public String identity() {
        List<Object[]> rows = Game.getEntityManager()
                .createQuery("select g.id, g.contentHash from Game g order by g.id", Object[].class)
                .setMaxResults(1)
                .getResultList();
        return rows.isEmpty() ? "" : rows.get(0)[0] + ":" + rows.get(0)[1];
    }
}
