package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.torneo.clock.core.clock.ClockFixture.ARBITER;
import static org.torneo.clock.core.clock.ClockFixture.BOARD;
import static org.torneo.clock.core.clock.ClockFixture.GAME;
import static org.torneo.clock.core.clock.ClockFixture.MIN;
import static org.torneo.clock.core.clock.ClockFixture.T0;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.CancelClock;
import org.torneo.contracts.clock.ClockCommand.CheckDefault;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.RecordArrival;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent.ClockCancelled;

/**
 * A game cancelled before it began by the arbiter's corrected pairing (C.04.2, C.04.3 of 2017 F.6-F.7; the seeds are
 * silent): its clock stops for good, or never starts, and no flag falls or default is declared on it.
 */
class CancelledGameTest {

    private static final String WHY = "game cancelled by arbiter-1: board 7 removed from the corrected pairing";
    private static final String ARTICLE = "C.04.3 (2017) F.6-F.7";

    private static CancelClock cancel(long at) {
        return new CancelClock(GAME, "cancel", ARBITER, at, WHY, ARTICLE);
    }

    @Test
    void aRunningClockIsCancelledAndNoFlagFallsOnItAfterwards() {
        ClockFixture f = ClockFixture.started("G/5", Edition.FIDE_2018);
        assertEquals(Optional.of(T0 + 5 * MIN), f.state().deadline());
        assertEquals(List.of(new ClockCancelled(GAME, "cancel", ARBITER, T0 + MIN, WHY, ARTICLE)),
                f.apply(cancel(T0 + MIN)));
        ClockState s = f.state();
        assertEquals(ClockStatus.CANCELLED, s.status());
        assertEquals(Optional.empty(), s.deadline(), "the flag scheduler has nothing left to check");
        assertEquals(Optional.empty(), s.defaultDeadline());
        assertEquals(List.of(), f.when(new CheckFlag(GAME, "flag", ARBITER, T0 + 6 * MIN)),
                "a check set before the cancellation finds nothing to do");
        assertEquals(List.of(), f.when(new CheckDefault(GAME, "default", ARBITER, T0 + 6 * MIN)));
        f.rejected(new PressClock(GAME, "press", BOARD, T0 + 2 * MIN, Side.WHITE), "was cancelled");
        f.rejected(new AddTime(GAME, "add", ARBITER, T0 + 2 * MIN, Side.BLACK, MIN, "FIDE 2018 12.9.2", "x"),
                "accepts nothing more");
        f.rejected(cancel(T0 + 2 * MIN), "was cancelled");
        assertEquals(s, ClockDecider.fold(GAME, f.history()), "a replay rebuilds it");
    }

    @Test
    void aCancellationReadBeforeTheStartKeepsTheClockFromEverStarting() {
        ClockFixture f = new ClockFixture();
        f.run(new RecordArrival(GAME, "arrive", ARBITER, T0 - MIN, Side.WHITE));
        assertEquals(List.of(new ClockCancelled(GAME, "cancel", ARBITER, T0 - 30_000, WHY, ARTICLE)),
                f.apply(cancel(T0 - 30_000)));
        assertEquals(ClockStatus.CANCELLED, f.state().status());
        assertFalse(f.state().started());
        f.rejected(ClockFixture.start("G/5", Edition.FIDE_2018, T0), "was cancelled");
        assertEquals(Optional.empty(), f.state().deadline());
        assertEquals(f.state(), ClockDecider.fold(GAME, f.history()));
    }

    @Test
    void aDeadlinePassedBeforeTheCancellationWasReadDecidesNothing() {
        // nobody pressed: White's five minutes ran out before the cancellation reached the clock; the game never began
        ClockFixture f = ClockFixture.started("G/5", Edition.FIDE_2018);
        assertEquals(List.of(ClockCancelled.class), f.apply(cancel(T0 + 7 * MIN)).stream()
                .<Class<?>>map(Object::getClass).toList());
        assertFalse(f.state().white().flagFallen());
    }

    @Test
    void aGameOverKeepsItsClockAsItStopped() {
        ClockFixture f = ClockFixture.started("G/5", Edition.FIDE_2018).play(3, 10_000, 10_000);
        f.run(new StopClock(GAME, "stop", ARBITER, f.now() + 1_000, "resigned"));
        f.rejected(cancel(f.now() + 2_000), "the game is over");
        assertEquals(ClockStatus.STOPPED, f.state().status());
    }
}
