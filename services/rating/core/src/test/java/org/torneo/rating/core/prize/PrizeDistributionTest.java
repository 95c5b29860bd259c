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
    void tiedPlayersBeyondThePrizesShareOnlyWhatTheyCover() {
        Map<Integer, Long> paid = PrizeDistribution.distribute(List.of(List.of(1), List.of(2, 3)),
                List.of(500L, 100L), PrizeDistribution.Method.EQUAL_SHARING);
        assertEquals(50L, paid.get(2));
        assertEquals(50L, paid.get(3));
    }
}
