package org.torneo.rating.core.sheet;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;

import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.tournament.PrizeFund;
import org.torneo.rating.core.elo.RatingReport;
import org.torneo.rating.core.events.RatingEvents;
import org.torneo.rating.core.prize.PrizeDistribution;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.standings.Standings;
import org.torneo.rating.core.standings.StandingsCalculator;
import org.torneo.rating.core.tiebreak.TieBreakRules;
import org.torneo.rating.core.tiebreak.TieBreakSpec;

/**
 * What a score sheet publishes: the standings (C.07 tie-breaks), the rating changes (B.02) and the prizes, computed
 * from the sheet alone, so that the decider, the live view and a projection rebuilt after a replay say the same.
 */
public final class Publications {

    private Publications() {
    }

    /**
     * The prizes, once the last round is complete and when a fund was announced; published again when a
     * correction changes the final standings (the later publication replaces the earlier).
     */
    static Optional<RatingEvent.PrizesDistributed> prizesEvent(RatingSheet sheet, int through, Instant at) {
        PrizeFund fund = sheet.frame().prizes();
        if (fund == null || through < sheet.frame().rounds()) {
            return Optional.empty();
        }
        PrizeDistribution.Method method = PrizeDistribution.Method.valueOf(fund.method());
        return Optional.of(new RatingEvent.PrizesDistributed(sheet.frame().tournamentId(), fund.method(),
                fund.currency(), awards(sheet, through, fund.byPlaceCents(), method), at));
    }

    /** The prize of each player by the standings through {@code through}, in rank order (prize-less players left out). */
    public static List<RatingEvent.PrizeAward> awards(RatingSheet sheet, int through, List<Long> byPlaceCents,
                                                     PrizeDistribution.Method method) {
        Standings standings = standings(sheet, through);
        Tournament table = CrossTable.of(sheet, through);
        Map<Integer, Long> paid = PrizeDistribution.distribute(PrizeDistribution.scoreGroups(standings, table),
                byPlaceCents, method);
        IntFunction<String> ids = playerIds(sheet);
        List<RatingEvent.PrizeAward> awards = new ArrayList<>();
        for (int sn : standings.startNumbersByRank()) {
            Long cents = paid.get(sn);
            if (cents != null && cents > 0) {
                awards.add(new RatingEvent.PrizeAward(sn, ids.apply(sn), cents));
            }
        }
        return awards;
    }

    /** The rating changes (B.02) of rounds 1..{@code through}, rated on {@code date}. */
    static RatingEvent.RatingChangesComputed ratingChangesEvent(RatingSheet sheet, int through, LocalDate date,
                                                                Instant at) {
        return RatingEvents.ratingChangesComputed(sheet.frame().tournamentId(), through, date,
                RatingReport.compute(CrossTable.of(sheet, through), date, RatingReport.DEFAULT_K), playerIds(sheet), at);
    }

    /**
     * What the state stands for as publications: the standings through the last complete (or
     * closed) round and, once a round was closed, the rating changes through it (projection rebuilds).
     */
    public static List<RatingEvent> publications(RatingSheet sheet, Instant at) {
        if (!sheet.opened() || sheet.entrants().isEmpty()) {
            return List.of();
        }
        int through = Math.max(sheet.closedRound(), sheet.completeThrough());
        List<RatingEvent> events = new ArrayList<>();
        if (through > 0) {
            events.add(standingsEvent(sheet, through, at));
        }
        if (sheet.closedRound() > 0) {
            events.add(ratingChangesEvent(sheet, sheet.closedRound(), LocalDate.parse(sheet.lastRatingDate()), at));
        }
        return events;
    }

    /** The standings after rounds 1..{@code through}, as the live view computes them. */
    public static Standings standings(RatingSheet sheet, int through) {
        return StandingsCalculator.compute(CrossTable.of(sheet, through),
                TieBreakRules.parse(sheet.frame().rules()),
                sheet.frame().tieBreaks().stream().map(TieBreakSpec::parse).toList());
    }

    static RatingEvent.StandingsComputed standingsEvent(RatingSheet sheet, int through, Instant at) {
        return RatingEvents.standingsComputed(sheet.frame().tournamentId(), through, TieBreakRules.parse(sheet.frame().rules()),
                standings(sheet, through), playerIds(sheet), at);
    }

    /** Start number to player id. */
    public static IntFunction<String> playerIds(RatingSheet sheet) {
        String[] ids = new String[sheet.entrants().size() + 1];
        for (Map.Entry<String, Integer> e : sheet.startNumbers().entrySet()) {
            ids[e.getValue()] = e.getKey();
        }
        return sn -> ids[sn];
    }
}
