package org.torneo.rating.app.projection;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.smallrye.mutiny.Uni;
import org.hibernate.reactive.mutiny.Mutiny;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.platform.Decision;
import org.torneo.platform.projection.ProjectionLocks;
import org.torneo.rating.core.sheet.RatingSheet;

/**
 * Writes the published standings and rating changes to PostgreSQL. Each publication replaces the
 * tournament's rows (delete + insert in one transaction), so projecting the same event twice, or
 * the state rebuilt by a replay, leaves the same rows.
 */
public final class RatingProjector {

    private RatingProjector() {
    }

    public static Uni<Void> project(Mutiny.Session session, List<Decision<RatingSheet>> decisions) {
        List<RatingEvent> published = new ArrayList<>();
        for (Decision<RatingSheet> decision : decisions) {
            for (Envelope e : decision.events()) {
                if (e.payload() instanceof RatingEvent r) {
                    published.add(r);
                }
            }
        }
        return write(session, published);
    }

    /**
     * Writes the last publication of each kind per tournament: a later one replaces an earlier one
     * anyway, and writing both in one session would persist two rows with the same id.
     */
    public static Uni<Void> write(Mutiny.Session session, List<? extends RatingEvent> events) {
        Map<String, RatingEvent> last = new LinkedHashMap<>();
        for (RatingEvent event : events) {
            last.put(event.getClass().getSimpleName() + "/" + event.tournamentId(), event);
        }
        // one writer per tournament across instances: the delete + insert of two writers would collide on the ids
        Uni<Void> chain = ProjectionLocks.lock(session, last.values().stream().map(RatingEvent::tournamentId).toList());
        for (RatingEvent event : last.values()) {
            switch (event) {
                case RatingEvent.StandingsComputed s -> chain = chain
                        .chain(() -> delete(session, "StandingRow", s.tournamentId()))
                        .chain(() -> session.persistAll(standingRows(s).toArray()))
                        .chain(session::flush);
                case RatingEvent.RatingChangesComputed r -> chain = chain
                        .chain(() -> delete(session, "RatingChangeRow", r.tournamentId()))
                        .chain(() -> session.persistAll(ratingRows(r).toArray()))
                        .chain(session::flush);
                case RatingEvent.PrizesDistributed p -> {
                    // prizes are computed on request (GET .../prizes); nothing stored
                }
                case RatingEvent.CommandRejected r -> {
                    // a refused input changed no sheet: nothing to store (it stays on torneo.ratings for the audit)
                }
            }
        }
        return chain;
    }

    private static Uni<Void> delete(Mutiny.Session session, String entity, String tournamentId) {
        return session.createMutationQuery("delete from " + entity + " where tournamentId = :t")
                .setParameter("t", tournamentId).executeUpdate().replaceWithVoid();
    }

    public static List<StandingRow> standingRows(RatingEvent.StandingsComputed s) {
        int pts = s.tieBreaks().indexOf("PTS");
        String codes = String.join(",", s.tieBreaks());
        List<StandingRow> rows = new ArrayList<>(s.rows().size());
        for (RatingEvent.StandingRow r : s.rows()) {
            StandingRow row = new StandingRow();
            row.id = s.tournamentId() + "/" + r.startNumber();
            row.tournamentId = s.tournamentId();
            row.afterRound = s.afterRound();
            row.startNumber = r.startNumber();
            row.playerId = r.playerId();
            row.rank = r.rank();
            row.points = pts >= 0 ? r.values().get(pts) : null;
            row.tieBreaks = codes;
            row.tieBreakValues = String.join(",", r.values());
            rows.add(row);
        }
        return rows;
    }

    public static List<RatingChangeRow> ratingRows(RatingEvent.RatingChangesComputed r) {
        List<RatingChangeRow> rows = new ArrayList<>(r.changes().size());
        for (RatingEvent.RatingChange c : r.changes()) {
            RatingChangeRow row = new RatingChangeRow();
            row.id = r.tournamentId() + "/" + c.startNumber();
            row.tournamentId = r.tournamentId();
            row.afterRound = r.afterRound();
            row.ratingDate = r.ratingDate();
            row.startNumber = c.startNumber();
            row.playerId = c.playerId();
            row.rating = c.rating();
            row.games = c.games();
            row.scoreCenti = c.scoreCenti();
            row.kFactor = c.kFactor();
            row.changeCenti = c.changeCenti();
            row.averageRatingOfOpponents = c.averageRatingOfOpponents();
            row.performance = c.performance();
            row.initialRating = c.initialRating();
            rows.add(row);
        }
        return rows;
    }
}
