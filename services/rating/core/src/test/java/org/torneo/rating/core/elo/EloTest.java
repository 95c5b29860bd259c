package org.torneo.rating.core.elo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class EloTest {

    static final LocalDate BEFORE_2650_EXCEPTION = LocalDate.of(2025, 9, 30);
    static final LocalDate AFTER_2650_EXCEPTION = LocalDate.of(2025, 10, 1);

    @Test
    void table812RangeBoundaries() {
        int[][] rows = {{0, 50}, {3, 50}, {4, 51}, {10, 51}, {11, 52}, {121, 66}, {122, 67}, {278, 83}, {279, 84},
            {391, 91}, {392, 92}, {411, 92}, {412, 93}, {619, 98}, {620, 99}, {735, 99}, {736, 100}, {800, 100}};
        for (int[] row : rows) {
            assertEquals(row[1], FideTables.expectedScoreOfHigher(row[0]), "D=" + row[0]);
        }
        assertEquals(34, FideTables.expectedScore(1500, 1618), "the lower-rated player gets 1 - PD");
        assertEquals(66, FideTables.expectedScore(1618, 1500));
    }

    @Test
    void table811IsSymmetricAroundHalf() {
        assertEquals(0, FideTables.dp(50));
        assertEquals(800, FideTables.dp(100));
        assertEquals(-800, FideTables.dp(0));
        assertEquals(677, FideTables.dp(99));
        assertEquals(193, FideTables.dp(75));
        assertEquals(-193, FideTables.dp(25));
        assertEquals(7, FideTables.dp(51));
        assertThrows(IllegalArgumentException.class, () -> FideTables.dp(101));
    }

    @Test
    void fourHundredPointRuleCapsTheDifference() {
        assertEquals(8, Elo.expectedScore(2000, 2500, AFTER_2650_EXCEPTION), "counted as 400: PD .08");
        assertEquals(92, Elo.expectedScore(2500, 2000, BEFORE_2650_EXCEPTION));
    }

    @Test
    void fromOctober2025PlayersRated2650OrMoreUseTheRealDifference() {
        assertEquals(92, Elo.expectedScore(2700, 2100, BEFORE_2650_EXCEPTION));
        assertEquals(98, Elo.expectedScore(2700, 2100, AFTER_2650_EXCEPTION), "600 points: PD .98");
        assertEquals(92, Elo.expectedScore(2649, 2049, AFTER_2650_EXCEPTION), "below 2650 still capped");
        // the opponent of a 2700 player, rated below 2650, still has his difference capped
        assertEquals(8, Elo.expectedScore(2100, 2700, AFTER_2650_EXCEPTION));
    }

    @Test
    void kFactorRules() {
        LocalDate d = LocalDate.of(2026, 5, 1);
        assertEquals(40, KFactor.of(1900, 12, 1980, d, false), "new player, fewer than 30 games");
        assertEquals(40, KFactor.of(2250, 80, 2008, d, false), "junior under 2300");
        assertEquals(20, KFactor.of(2310, 80, 2008, d, false), "junior at 2300 or more");
        assertEquals(20, KFactor.of(2100, 80, 1990, d, false));
        assertEquals(10, KFactor.of(2350, 500, 1970, d, true), "once 2400, always 10");
        assertEquals(10, KFactor.of(2450, 500, 1970, d, false));
    }

    @Test
    void kTimesGamesNeverExceeds700() {
        assertEquals(40, KFactor.capped(40, 17));
        assertEquals(38, KFactor.capped(40, 18));
        assertEquals(20, KFactor.capped(20, 35));
        assertEquals(19, KFactor.capped(20, 36));
        assertEquals(10, KFactor.capped(10, 70));
    }

    @Test
    void ratingChangePerGameAndPerEvent() {
        LocalDate d = LocalDate.of(2026, 5, 1);
        assertEquals(1000, Elo.changePerGame(2000, 2000, 100, 20, d), "K 20, W 1, PD .50: +10");
        assertEquals(-640, Elo.changePerGame(2100, 2000, 0, 10, d), "PD .64 lost: -6.4");
        List<Elo.Game> games = List.of(new Elo.Game(2000, 100), new Elo.Game(2100, 50), new Elo.Game(1900, 0));
        // vs 2000 (PD .50) +.50; vs 2100 (D 100, PD .36) +.14; vs 1900 (PD .64) -.64 -> sum 0 -> ... K 20
        assertEquals(20 * (50 + 14 - 64), Elo.changeForEvent(2000, games, 20, d));
        assertEquals(4, Elo.roundToPoints(350));
        assertEquals(-4, Elo.roundToPoints(-350));
        assertEquals(3, Elo.roundToPoints(349));
    }

    @Test
    void initialRating2024WithTwoHypotheticalDrawsAgainst1800() {
        List<Elo.Game> even = List.of(new Elo.Game(1600, 100), new Elo.Game(1600, 0), new Elo.Game(1600, 50),
                new Elo.Game(1600, 100), new Elo.Game(1600, 0));
        // Ra = (5 x 1600 + 2 x 1800) / 7 = 1657.14; p = 3.5 / 7 = .50; dp 0
        assertEquals(OptionalInt.of(1657), InitialRating.fide2024(even));
        List<Elo.Game> strong = List.of(new Elo.Game(2000, 100), new Elo.Game(2000, 100), new Elo.Game(2000, 100),
                new Elo.Game(2000, 100), new Elo.Game(2000, 100));
        assertEquals(OptionalInt.of(2200), InitialRating.fide2024(strong), "capped at 2200");
        List<Elo.Game> weak = List.of(new Elo.Game(1400, 50), new Elo.Game(1400, 0), new Elo.Game(1400, 0),
                new Elo.Game(1400, 0), new Elo.Game(1400, 0));
        assertTrue(InitialRating.fide2024(weak).isEmpty(), "below the 1400 floor: not published");
        List<Elo.Game> zero = List.of(new Elo.Game(1600, 0), new Elo.Game(1600, 0), new Elo.Game(1600, 0),
                new Elo.Game(1600, 0), new Elo.Game(1600, 0));
        assertTrue(InitialRating.fide2024(zero).isEmpty(), "needs at least half a point");
        assertTrue(InitialRating.fide2024(even.subList(0, 4)).isEmpty(), "needs five games");
    }

    @Test
    void seedProvisionalRating() {
        assertEquals(OptionalInt.of(1650),
                InitialRating.seedProvisional(List.of(new Elo.Game(1700, 0), new Elo.Game(1650, 50))));
        assertEquals(OptionalInt.of(1550), InitialRating.seedProvisional(List.of(new Elo.Game(1500, 100))));
        assertTrue(InitialRating.seedProvisional(List.of(new Elo.Game(1500, 0))).isEmpty());
    }

    @Test
    void performanceFigures() {
        int[] two = {2000, 2100};
        assertEquals(2050, Performance.averageRating(two, 2));
        assertEquals(2050 + 193, Performance.tournamentPerformance(150, two, 2));
        int[] one = {2000};
        assertEquals(1997, Performance.perfectPerformance(50, one, 1), "lowest R with expected score .50");
        assertEquals(1200, Performance.perfectPerformance(0, one, 1));
        int[] three = {1801, 1800, 1800};
        assertEquals(1800, Performance.averageRating(three, 3), "1800.33 rounds to 1800");
        int[] halves = {1801, 1800};
        assertEquals(1801, Performance.averageRating(halves, 2), "1800.5 rounds half up");
    }
}
