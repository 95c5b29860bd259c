package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.clock.core.clock.ClockFixture.ARBITER;
import static org.torneo.clock.core.clock.ClockFixture.GAME;
import static org.torneo.clock.core.clock.ClockFixture.MIN;
import static org.torneo.clock.core.clock.ClockFixture.SEC;
import static org.torneo.clock.core.clock.ClockFixture.T0;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.DeductTime;
import org.torneo.contracts.clock.ClockCommand.RecordArrival;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.FlagFell;
import org.torneo.contracts.clock.ClockEvent.TimeAdded;
import org.torneo.contracts.clock.ClockEvent.TimeDeducted;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;

/**
 * A time penalty the game decided at T1, read by the clock after it recorded the flag fall of the side concerned at
 * T2 > T1 (FIDE 2018 6.9, 7.5.5, 12.9.2): the time counts from its decision, so the flag had not fallen.
 */
class PenaltyBeforeFlagTest {

    private static final long DECIDED = T0 + 4 * MIN + 59 * SEC;
    private static final long FALL = T0 + 5 * MIN;

    /** 5 minutes, no increment: White's clock runs from T0 and its flag falls at T0 + 5:00, noticed at 5:03. */
    private static ClockFixture whiteFlagFallen() {
        ClockFixture f = ClockFixture.started("5+0", Edition.FIDE_2018);
        List<ClockEvent> fell = f.apply(new CheckFlag(GAME, "tick", ARBITER, FALL + 3 * SEC));
        assertEquals(FALL, ((FlagFell) fell.get(0)).at());
        return f;
    }

    private static AddTime twoMinutesForWhite(long at) {
        return new AddTime(GAME, "penalty", ARBITER, at, Side.WHITE, 2 * MIN, "FIDE 2018 12.9.2",
                "distracted by the opponent");
    }

    @Test
    void timeAddedBeforeTheFallWithdrawsTheFlagAndTheClockRunsOnExactly() {
        ClockFixture f = whiteFlagFallen();
        // when: the +2 min decided at 4:59 arrives after the fall at 5:00 was recorded
        List<ClockEvent> events = f.apply(twoMinutesForWhite(DECIDED));
        // then: recorded at the clock's latest instant, with the time White really has (the 1 s of 4:59-5:00 charged)
        TimeAdded added = assertInstanceOf(TimeAdded.class, events.get(0));
        assertEquals(1, events.size());
        assertEquals(FALL, added.at());
        assertEquals(2 * MIN, added.millis());
        assertEquals(2 * MIN, added.remainingMillis());
        assertTrue(added.reason().contains("withdrawn") && added.reason().contains("6.9"), added.reason());
        assertNull(f.state().face(Side.WHITE).flagFellAt(), "the flag had not fallen");
        // as if the time had been added at 4:59: 5 + 2 minutes from T0
        assertEquals(Optional.of(T0 + 7 * MIN), f.state().deadline());
        assertEquals(30 * SEC, f.state().remaining(Side.WHITE, T0 + 6 * MIN + 30 * SEC));
        // replay rebuilds the same clock to the millisecond
        assertEquals(f.state(), ClockDecider.fold(GAME, f.history()));
        // and the flag falls again at the new deadline
        FlagFell again = (FlagFell) f.apply(new CheckFlag(GAME, "tick2", ARBITER, T0 + 7 * MIN + 1)).get(0);
        assertEquals(T0 + 7 * MIN, again.at());
    }

    @Test
    void timeAddedThatRanOutTooBeforeNowLeavesTheFlagStanding() {
        ClockFixture f = whiteFlagFallen();
        // the clock went on recording (Black's arrival at 8:00) while White's flag was down and White did not move
        f.run(new RecordArrival(GAME, "arrive", ARBITER, T0 + 8 * MIN, Side.BLACK));
        TimeAdded added = (TimeAdded) f.apply(twoMinutesForWhite(DECIDED)).get(0);
        assertEquals(0, added.remainingMillis());
        assertTrue(added.reason().contains("flag stands"), added.reason());
        assertEquals(FALL, f.state().face(Side.WHITE).flagFellAt());
        assertEquals(Optional.empty(), f.state().deadline());
        assertEquals(f.state(), ClockDecider.fold(GAME, f.history()));
    }

    @Test
    void deductionDecidedBeforeTheFallIsRecordedAndTheFlagStands() {
        ClockFixture f = whiteFlagFallen();
        TimeDeducted d = (TimeDeducted) f.apply(new DeductTime(GAME, "deduct", ARBITER, DECIDED, Side.WHITE, 30 * SEC,
                "FIDE 2018 12.9.3", "arbiter penalty")).get(0);
        assertEquals(FALL, d.at());
        assertEquals(0, d.remainingMillis());
        assertEquals(FALL, f.state().face(Side.WHITE).flagFellAt());
        assertEquals(f.state(), ClockDecider.fold(GAME, f.history()));
    }

    @Test
    void timeDecidedAfterTheFallIsStillTheArbitersSetting() {
        ClockFixture f = whiteFlagFallen();
        f.rejected(twoMinutesForWhite(FALL + SEC), "SetTimes");
        // and a decision from before the fall for the side whose flag did NOT fall still goes back in time
        f.rejected(new AddTime(GAME, "b", ARBITER, DECIDED, Side.BLACK, 2 * MIN, "FIDE 2018 7.5.5", "x"),
                "time goes backwards");
    }

    @Test
    void aGameOverIsNotReopened() {
        ClockFixture f = whiteFlagFallen();
        f.run(new StopClock(GAME, "stop", ARBITER, FALL + 4 * SEC, "0-1 on time"));
        f.rejected(twoMinutesForWhite(DECIDED), "12.9");
    }
}
