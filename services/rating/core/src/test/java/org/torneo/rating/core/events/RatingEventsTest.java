package org.torneo.rating.core.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.torneo.rating.core.CrossTableBuilder;
import org.torneo.rating.core.elo.RatingReport;
import org.torneo.rating.core.prize.PrizeDistribution;
import org.torneo.rating.core.score.ResultKind;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.standings.StandingsCalculator;
import org.torneo.rating.core.tiebreak.TieBreakRules;
import org.torneo.rating.core.tiebreak.TieBreakSpec;

class RatingEventsTest {

    static final Instant AT = Instant.parse("2026-05-01T19:00:00Z");

    static Tournament event() {
        var b = new CrossTableBuilder(2, 10);
        b.rating(1, 2000).rating(2, 2100).rating(3, 1900);
        b.game(1, 1, 2, ResultKind.WIN).bye(1, 3, ResultKind.PAIRING_ALLOCATED_BYE);
        b.game(2, 3, 1, ResultKind.DRAW).bye(2, 2, ResultKind.HALF_POINT_BYE);
        return b.build();
    }

    @Test
    void standingsBecomeOneRowPerPlayerInRankOrder() {
        var s = StandingsCalculator.compute(event(), TieBreakRules.C07_2026,
                List.of(TieBreakSpec.parse("PTS"), TieBreakSpec.parse("TPR")));
        var e = RatingEvents.standingsComputed("t-1", 2, TieBreakRules.C07_2026, s, sn -> "p-" + sn, AT);
        assertEquals("2026", e.rules());
        assertEquals(List.of("PTS", "TPR"), e.tieBreaks());
        assertEquals(1, e.rows().get(0).startNumber());
        assertEquals(List.of("1.5", "2193"), e.rows().get(0).values(), "1.5 / 2 against 2100 and 1900: 2000 + 193");
        assertEquals("p-1", e.rows().get(0).playerId());
    }

    @Test
    void ratingChangesCarryTheReportLines() {
        var lines = RatingReport.compute(event(), LocalDate.of(2026, 5, 1), RatingReport.DEFAULT_K);
        var e = RatingEvents.ratingChangesComputed("t-1", 2, LocalDate.of(2026, 5, 1), lines, sn -> "p-" + sn, AT);
        var first = e.changes().get(0);
        // beat 2100 (PD .36): +0.64; drew 1900 (PD .64): -0.14; K 20
        assertEquals(20 * (64 - 14), first.changeCenti());
        assertEquals(2, first.games());
        assertEquals(2010, lines.get(0).newRating());
    }

    @Test
    void unratedPlayersGetTheBooksProvisionalRatingOnRequest() {
        var b = new CrossTableBuilder(2, 10);
        b.rating(1, 1800).rating(2, 0).rating(3, 1700);
        b.game(1, 2, 1, ResultKind.LOSS).game(2, 2, 3, ResultKind.DRAW);
        var lines = RatingReport.compute(b.build(), LocalDate.of(2026, 5, 1), RatingReport.DEFAULT_K,
                RatingReport.InitialRule.BOOK_PROVISIONAL);
        assertEquals(1700, lines.get(1).initialRating(), "the draw with 1700 gives 1700");
        var fide = RatingReport.compute(b.build(), LocalDate.of(2026, 5, 1), RatingReport.DEFAULT_K);
        assertEquals(null, fide.get(1).initialRating(), "two games: too few for a FIDE rating");
    }

    @Test
    void prizesKeepTheirAmounts() {
        var paid = PrizeDistribution.distribute(List.of(List.of(1), List.of(2, 3)), List.of(300L, 100L, 50L),
                PrizeDistribution.Method.EQUAL_SHARING);
        var e = RatingEvents.prizesDistributed("t-1", PrizeDistribution.Method.EQUAL_SHARING, "EUR", paid, sn -> "p-" + sn, AT);
        assertEquals(Map.of(1, 300L, 2, 75L, 3, 75L),
                Map.of(e.awards().get(0).startNumber(), e.awards().get(0).amountCents(),
                        e.awards().get(1).startNumber(), e.awards().get(1).amountCents(),
                        e.awards().get(2).startNumber(), e.awards().get(2).amountCents()));
    }
}
