package org.torneo.platform.projection;

import java.util.Collection;
import java.util.TreeSet;

import org.hibernate.reactive.mutiny.Mutiny;

import io.smallrye.mutiny.Uni;

/**
 * One projection writer per aggregate at a time, across instances: PostgreSQL transaction-scoped advisory locks on
 * the aggregate ids, taken at the start of the projection transaction and released at its commit or rollback.
 *
 * <p>Why: the projectors read a row, compare its last sequence and write (skip older states, insert an event row
 * once). Two instances projecting the same aggregate at once (a second instance replaying the log at start, the
 * old and new owner of a partition during a hand-over) would otherwise both see "no row" and one would fail on the
 * primary key, or both see sequence 5 and the older state could be written last. Under the lock the second writer
 * reads what the first committed and skips it. The ids are locked in one statement in sorted order, so two writers
 * with overlapping sets never wait on each other in a cycle.
 */
public final class ProjectionLocks {

    /**
     * Separates the ids in the one text parameter (chr(31), the unit separator). An id that held it would lock its
     * parts instead: other ids' keys, never a missed write.
     */
    private static final char SEPARATOR = '\u001f';

    private ProjectionLocks() {
    }

    /** Locks {@code aggregateIds} (in sorted order) until the session's transaction ends. */
    public static Uni<Void> lock(Mutiny.Session session, Collection<String> aggregateIds) {
        if (aggregateIds.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        String ids = String.join(String.valueOf(SEPARATOR), new TreeSet<>(aggregateIds));
        // unnest keeps the array's (sorted) order; the cast to text only makes the void result selectable
        return session.createNativeQuery("select count(cast(pg_advisory_xact_lock(hashtextextended(id, 0)) as text))"
                        + " from unnest(string_to_array(:ids, chr(31))) as id", Long.class)
                .setParameter("ids", ids)
                .getSingleResult()
                .replaceWithVoid();
    }
}
