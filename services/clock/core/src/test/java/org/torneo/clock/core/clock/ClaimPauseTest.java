package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.torneo.clock.core.clock.ClockFixture.ARBITER;
import static org.torneo.clock.core.clock.ClockFixture.BOARD;
import static org.torneo.clock.core.clock.ClockFixture.GAME;
import static org.torneo.clock.core.clock.ClockFixture.MIN;
import static org.torneo.clock.core.clock.ClockFixture.SEC;
import static org.torneo.clock.core.clock.ClockFixture.T0;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.PauseClock;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.ResumeClock;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockPaused;
import org.torneo.contracts.clock.ClockEvent.ClockResumed;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.CommandRejected;
import org.torneo.contracts.clock.ClockEvent.TimeAdded;

/**
 * A draw claim on the clock, given the clock's events / when the commands a claim implies / then its events:
 * the claimant stops the clocks (FIDE 2018 6.11.2), the arbiter decides, a wrong claim costs two minutes to the
 * opponent's benefit (9.5.3) and the arbiter restarts the clocks (6.11.3). The time the arbiter took is nobody's.
 */
class ClaimPauseTest {

    private static PressClock press(long at, Side side) {
        return new PressClock(GAME, "p" + at, BOARD, at, side);
    }

    @Test
    void theClocksStandWhileTheArbiterDecidesAndNoFlagFallsMeanwhile() {
        ClockFixture f = ClockFixture.started("3+2", Edition.FIDE_2018);
        f.run(press(T0 + 10 * SEC, Side.WHITE));
        // Black, to move, claims a threefold repetition 20 s into his turn
        ClockPaused paused = assertInstanceOf(ClockPaused.class,
                f.apply(new PauseClock(GAME, "claim", BOARD, T0 + 30 * SEC, "draw claim (THREEFOLD) by BLACK")).get(0));
        assertEquals(3 * MIN - 20 * SEC, paused.blackMillis());
        assertEquals(Optional.empty(), f.state().deadline(), "no deadline while paused");
        // the arbiter takes five minutes, longer than Black had left: no flag
        assertEquals(List.of(), f.when(new CheckFlag(GAME, "cf", ARBITER, T0 + 4 * MIN)));

        // the claim was wrong: White gets two minutes, then the clocks restart
        TimeAdded bonus = assertInstanceOf(TimeAdded.class, f.apply(new AddTime(GAME, "wrong", ARBITER,
                T0 + 5 * MIN + 30 * SEC, Side.WHITE, 2 * MIN, "FIDE 2018 9.5.3", "incorrect claim")).get(0));
        assertEquals(3 * MIN - 10 * SEC + 2 * SEC + 2 * MIN, bonus.remainingMillis());
        ClockResumed resumed = assertInstanceOf(ClockResumed.class,
                f.apply(new ResumeClock(GAME, "ruling", ARBITER, T0 + 5 * MIN + 30 * SEC)).get(0));
        assertEquals(Side.BLACK, resumed.running());
        assertEquals(Optional.of(T0 + 5 * MIN + 30 * SEC + 3 * MIN - 20 * SEC), f.state().deadline(),
                "Black's deadline moved by the length of the pause");

        ClockSwitched move = assertInstanceOf(ClockSwitched.class, f.apply(press(T0 + 5 * MIN + 40 * SEC, Side.BLACK)).get(0));
        assertEquals(30 * SEC, move.elapsedMillis(), "20 s before the claim and 10 s after the ruling");
    }

    @Test
    void aPenaltyAtTheInstantTheClockStoppedStillCountsButNotAfterIt() {
        ClockFixture f = ClockFixture.started("3+2", Edition.FIDE_2018);
        f.run(press(T0 + 10 * SEC, Side.WHITE));
        f.run(new StopClock(GAME, "end", ARBITER, T0 + 20 * SEC, "game ended: 1-0 (RESIGNATION)"));
        TimeAdded late = assertInstanceOf(TimeAdded.class, f.apply(new AddTime(GAME, "pen", ARBITER, T0 + 20 * SEC,
                Side.WHITE, 2 * MIN, "FIDE 2018 7.5.5", "illegal move by Black")).get(0));
        assertEquals(3 * MIN - 10 * SEC + 2 * SEC + 2 * MIN, late.remainingMillis());
        List<ClockEvent> after = ClockDecider.handle(new AddTime(GAME, "pen2", ARBITER, T0 + 21 * SEC, Side.WHITE,
                2 * MIN, "FIDE 2018 7.5.5", "x"), f.state());
        assertInstanceOf(CommandRejected.class, after.get(0));
    }
}
