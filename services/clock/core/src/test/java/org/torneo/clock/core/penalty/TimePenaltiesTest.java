package org.torneo.clock.core.penalty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.clock.core.penalty.TimePenalties.TimeChange;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;

class TimePenaltiesTest {

    private static final long MIN = 60_000;

    @Test
    void illegalMoves2018() {
        var first = TimePenalties.illegalMove(Edition.FIDE_2018, Category.STANDARD, false, Side.WHITE, 1);
        assertEquals(List.of(new TimeChange(Side.BLACK, 2 * MIN, "FIDE 2018 7.5.5", "first illegal move by the opponent")), first.changes());
        assertFalse(first.gameLost());
        assertTrue(TimePenalties.illegalMove(Edition.FIDE_2018, Category.STANDARD, false, Side.WHITE, 2).gameLost());
        assertEquals(MIN, TimePenalties.illegalMove(Edition.FIDE_2018, Category.BLITZ, false, Side.WHITE, 1).changes().get(0).millis());
    }

    @Test
    void illegalMovesOlderEditions() {
        assertEquals(2 * MIN, TimePenalties.illegalMove(Edition.FIDE_2001, Category.STANDARD, false, Side.BLACK, 2).changes().get(0).millis());
        assertTrue(TimePenalties.illegalMove(Edition.FIDE_2001, Category.STANDARD, false, Side.BLACK, 3).gameLost());
        assertEquals(List.of(), TimePenalties.illegalMove(Edition.FIDE_1997, Category.STANDARD, false, Side.BLACK, 1).changes());
        assertEquals(Side.WHITE, TimePenalties.illegalMove(Edition.FIDE_1997, Category.STANDARD, true, Side.BLACK, 2).changes().get(0).side());
        assertTrue(TimePenalties.illegalMove(Edition.FIDE_1997, Category.STANDARD, true, Side.BLACK, 3).gameLost());
        assertTrue(TimePenalties.illegalMove(Edition.FIDE_1997, Category.BLITZ, false, Side.BLACK, 1).gameLost());
        assertThrows(IllegalArgumentException.class, () -> TimePenalties.illegalMove(Edition.FIDE_2018, Category.STANDARD, false, Side.BLACK, 0));
    }

    @Test
    void wrongDrawClaims() {
        assertEquals(List.of(new TimeChange(Side.BLACK, 2 * MIN, "FIDE 2018 9.5.3", "incorrect draw claim by the opponent")),
                TimePenalties.wrongDrawClaim(Edition.FIDE_2018, Category.STANDARD, Side.WHITE, 30 * MIN).changes());
        // FIDE 1997 9.5b: half the claimant's time, at most 3 minutes; opponent +3
        var e97 = TimePenalties.wrongDrawClaim(Edition.FIDE_1997, Category.STANDARD, Side.WHITE, 4 * MIN).changes();
        assertEquals(new TimeChange(Side.WHITE, -2 * MIN, "FIDE 1997 9.5b", "incorrect draw claim"), e97.get(0));
        assertEquals(3 * MIN, e97.get(1).millis());
        assertEquals(-3 * MIN, TimePenalties.wrongDrawClaim(Edition.FIDE_1997, Category.STANDARD, Side.WHITE, 20 * MIN).changes().get(0).millis());
        // FIDE 2001 9.5b: over 2 min half (max 3); 1-2 min set to 1:00; under 1 min unchanged
        assertEquals(-3 * MIN, TimePenalties.wrongDrawClaim(Edition.FIDE_2001, Category.STANDARD, Side.WHITE, 10 * MIN).changes().get(0).millis());
        assertEquals(-75_000, TimePenalties.wrongDrawClaim(Edition.FIDE_2001, Category.STANDARD, Side.WHITE, 150_000).changes().get(0).millis());
        assertEquals(-30_000, TimePenalties.wrongDrawClaim(Edition.FIDE_2001, Category.STANDARD, Side.WHITE, 90_000).changes().get(0).millis());
        var under = TimePenalties.wrongDrawClaim(Edition.FIDE_2001, Category.STANDARD, Side.WHITE, 50_000).changes();
        assertEquals(1, under.size());
        assertEquals(Side.BLACK, under.get(0).side());
    }

    @Test
    void quickplayClaimAndDefaultTimes() {
        assertEquals(new TimeChange(Side.WHITE, 2 * MIN, "FIDE 2018 III.5.3", "quickplay-finish claim rejected"),
                TimePenalties.quickplayClaimNotUpheld(Edition.FIDE_2018, Side.BLACK, true));
        assertThrows(IllegalArgumentException.class, () -> TimePenalties.quickplayClaimNotUpheld(Edition.FIDE_1997, Side.BLACK, true));
        assertEquals(0, Edition.FIDE_2018.defaultTime().toMillis());
        assertEquals(60 * MIN, Edition.FIDE_1997.defaultTime().toMillis());
    }
}
