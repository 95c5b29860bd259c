package org.torneo.rating.core.prize;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrizeDistributionTest {

    static final List<Long> PRIZES = List.of(100_000L, 60_000L, 40_000L, 20_000L, 10_000L);

    @Test
    void threePlayersTiedForSecondToFourthShareThoseThreePrizes() {
        Map<Integer, Long> paid = PrizeDistribution.distribute(List.of(List.of(7), List.of(3, 9, 1), List.of(5)),
                PRIZES, PrizeDistribution.Method.EQUAL_SHARING);
        assertEquals(100_000L, paid.get(7));
        assertEquals(40_000L, paid.get(3));
        assertEquals(40_000L, paid.get(9));
        assertEquals(40_000L, paid.get(1));
        assertEquals(10_000L, paid.get(5));
    }

    @Test
    void unevenCentsGoToTheBestPlacedAndNothingIsLost() {
        Map<Integer, Long> paid = PrizeDistribution.distribute(List.of(List.of(1, 2, 3)), List.of(100L, 0L, 0L),
                PrizeDistribution.Method.EQUAL_SHARING);
        assertEquals(List.of(34L, 33L, 33L), List.of(paid.get(1), paid.get(2), paid.get(3)));
    }

    @Test
    void hortGivesHalfByTieBreakAndSharesTheOtherHalf() {
        Map<Integer, Long> paid = PrizeDistribution.distribute(List.of(List.of(4, 8), List.of(2)),
                List.of(100_000L, 60_000L, 40_000L), PrizeDistribution.Method.HORT);
        // pool of the tied pair: 160 000; halves 50 000 / 30 000 by tie-break, 80 000 shared equally
        assertEquals(90_000L, paid.get(4));
        assertEquals(70_000L, paid.get(8));
        assertEquals(40_000L, paid.get(2));
    }

    @Test
    void scoreGroupsComeFromTheStandingsInTieBreakOrder() {
        var b = new org.torneo.rating.core.CrossTableBuilder(2, 10);
        b.game(1, 1, 2, org.torneo.rating.core.score.ResultKind.DRAW).game(2, 1, 3, org.torneo.rating.core.score.ResultKind.WIN)
                .game(1, 3, 4, org.torneo.rating.core.score.ResultKind.WIN).game(2, 2, 4, org.torneo.rating.core.score.ResultKind.WIN);
        var t = b.build();
        var standings = org.torneo.rating.core.standings.StandingsCalculator.compute(t,
                org.torneo.rating.core.tiebreak.TieBreakRules.C07_2024,
                List.of(org.torneo.rating.core.tiebreak.TieBreakSpec.parse("PTS"),
                        org.torneo.rating.core.tiebreak.TieBreakSpec.parse("BH")));
        // 1 and 2 both 1.5 (BH: 1 met 2 and 3 = 2.5; 2 met 1 and 4 = 1.5); 3 on 1; 4 on 0
        assertEquals(List.of(List.of(1, 2), List.of(3), List.of(4)), PrizeDistribution.scoreGroups(standings, t));
        Map<Integer, Long> paid = PrizeDistribution.distribute(PrizeDistribution.scoreGroups(standings, t),
                List.of(1000L, 500L, 100L), PrizeDistribution.Method.HORT);
        assertEquals(875L, paid.get(1), "500 by tie-break + half of 750");
        assertEquals(625L, paid.get(2));
        assertEquals(100L, paid.get(3));
    }

    @Test
    void tiedPlayersBeyondThePrizesShareOnlyWhatTheyCover() {
        Map<Integer, Long> paid = PrizeDistribution.distribute(List.of(List.of(1), List.of(2, 3)),
                List.of(500L, 100L), PrizeDistribution.Method.EQUAL_SHARING);
        assertEquals(50L, paid.get(2));
        assertEquals(50L, paid.get(3));
    }
}
