package org.torneo.rating.core.events;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.rating.core.elo.RatingReport;
import org.torneo.rating.core.prize.PrizeDistribution;
import org.torneo.rating.core.standings.Standings;
import org.torneo.rating.core.tiebreak.TieBreakRules;

/**
 * Builds the published rating messages (contracts, torneo.ratings) from the core's results. The
 * time of computation is passed in (no wall clock here); {@code playerId} maps start numbers to the
 * tournament's player ids.
 */
public final class RatingEvents {

    private RatingEvents() {
    }

    public static RatingEvent.StandingsComputed standingsComputed(String tournamentId, int afterRound,
                                                                   TieBreakRules rules, Standings standings,
                                                                   IntFunction<String> playerId, Instant at) {
        List<RatingEvent.StandingRow> rows = new ArrayList<>(standings.size());
        for (int index : standings.order()) {
            List<String> values = new ArrayList<>(standings.columns().size());
            for (var column : standings.columns()) {
                values.add(column.format(index));
            }
            rows.add(new RatingEvent.StandingRow(index + 1, playerId.apply(index + 1), standings.rank()[index], values));
        }
        return new RatingEvent.StandingsComputed(tournamentId, afterRound, rules == TieBreakRules.C07_2024 ? "2024" : "2026",
                standings.specs().stream().map(s -> s.text()).toList(), rows, at);
    }

    public static RatingEvent.RatingChangesComputed ratingChangesComputed(String tournamentId, int afterRound,
                                                                           LocalDate ratingDate,
                                                                           List<RatingReport.Line> lines,
                                                                           IntFunction<String> playerId, Instant at) {
        List<RatingEvent.RatingChange> changes = new ArrayList<>(lines.size());
        for (RatingReport.Line l : lines) {
            changes.add(new RatingEvent.RatingChange(l.startNumber(), playerId.apply(l.startNumber()), l.rating(),
                    l.games(), l.scoreCenti(), l.kFactor(), l.changeCenti(), l.averageRatingOfOpponents(),
                    l.performance(), l.initialRating()));
        }
        return new RatingEvent.RatingChangesComputed(tournamentId, afterRound, ratingDate.toString(), changes, at);
    }

    public static RatingEvent.PrizesDistributed prizesDistributed(String tournamentId, PrizeDistribution.Method method,
                                                                   String currency, Map<Integer, Long> paid,
                                                                   IntFunction<String> playerId, Instant at) {
        List<RatingEvent.PrizeAward> awards = new ArrayList<>();
        paid.forEach((sn, cents) -> awards.add(new RatingEvent.PrizeAward(sn, playerId.apply(sn), cents)));
        return new RatingEvent.PrizesDistributed(tournamentId, method.name(), currency, awards, at);
    }
}
