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
import org.junit.jupiter.api.Test;
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.PauseClock;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.ResumeClock;
import org.torneo.contracts.clock.ClockCommand.SetTimes;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.CommandRejected;
import org.torneo.contracts.clock.ClockEvent.FlagFell;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;

class ClockRejectionTest {

    private static PressClock press(long at, Side side) {
        return new PressClock(GAME, "p", BOARD, at, side);
    }

    @Test
    void unknownGame() {
        ClockFixture f = new ClockFixture();
        f.rejected(press(T0, Side.WHITE), "unknown game game-1");
        f.rejected(new AddTime(GAME, "a", ARBITER, T0, Side.WHITE, 1000, "FIDE 2018 12.5", "x"), "not been started");
        ClockFixture started = ClockFixture.started("90+30", Edition.FIDE_2018);
        started.rejected(new PressClock("game-2", "p", BOARD, T0 + 1, Side.WHITE), "sent to the clock of game game-1");
        started.rejected(ClockFixture.start("90+30", Edition.FIDE_2018, T0 + 5), "already started");
    }

    @Test
    void timeGoingBackwardsOrAbsurd() {
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018).press(T0 + 10 * SEC, Side.WHITE);
        f.rejected(press(T0 + 9 * SEC, Side.BLACK), "time goes backwards");
        f.rejected(press(-5, Side.BLACK), "absurd time");
        assertEquals(List.of(), f.when(new CheckFlag(GAME, "late timer", ARBITER, T0 + 9 * SEC)),
                "a scheduled check that fired before later events is simply stale");
        f.rejected(press(Long.MAX_VALUE, Side.BLACK), "absurd time");
    }

    @Test
    void wrongSidePausedOrFinishedClock() {
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018);
        f.rejected(press(T0 + SEC, Side.BLACK), "Black pressed the clock but it is White's clock that runs");
        f.rejected(new ResumeClock(GAME, "r", ARBITER, T0 + SEC), "not paused");
        f.run(new PauseClock(GAME, "pz", ARBITER, T0 + 2 * SEC, "promotion piece missing"));
        f.rejected(press(T0 + 3 * SEC, Side.WHITE), "paused");
        f.rejected(new PauseClock(GAME, "pz2", ARBITER, T0 + 3 * SEC, "again"), "paused");
        f.run(new ResumeClock(GAME, "r", ARBITER, T0 + 4 * SEC));
        f.run(new StopClock(GAME, "stop", ARBITER, T0 + 5 * SEC, "checkmate"));
        f.rejected(press(T0 + 6 * SEC, Side.WHITE), "game is over");
        f.rejected(new AddTime(GAME, "a", ARBITER, T0 + 6 * SEC, Side.WHITE, 1000, "FIDE 2018 12.5", "x"), "game is over");
        f.rejected(new SetTimes(GAME, "s", ARBITER, T0 + 6 * SEC, MIN, MIN, null, null, Side.WHITE, "FIDE 2018 7.1", "x"),
                "game is over");
        assertEquals(List.of(), f.when(new CheckFlag(GAME, "cf", ARBITER, T0 + 100 * MIN)), "no flag after the game ended");
    }

    @Test
    void aFlagDueBeforeARefusedCommandStillFalls() {
        ClockFixture f = ClockFixture.started("3+2", Edition.FIDE_2018);
        List<ClockEvent> events = ClockDecider.handle(press(T0 + 4 * MIN, Side.BLACK), f.state());
        assertInstanceOf(FlagFell.class, events.get(0));
        assertEquals(T0 + 3 * MIN, events.get(0).at());
        CommandRejected rejected = assertInstanceOf(CommandRejected.class, events.get(1));
        assertEquals("PressClock", rejected.command());
    }

    @Test
    void theAggregateForThePlatformTurnsRefusalsIntoEvents() {
        ClockAggregate aggregate = new ClockAggregate();
        ClockState fresh = aggregate.initialState();
        List<ClockEvent> started = aggregate.decide(ClockFixture.start("3+2", Edition.FIDE_2018, T0), fresh);
        ClockState state = aggregate.fold(started);
        assertEquals(GAME, state.gameId());
        List<ClockEvent> refused = aggregate.decide(press(T0 + SEC, Side.BLACK), state);
        CommandRejected r = assertInstanceOf(CommandRejected.class, refused.get(0));
        assertEquals("Black pressed the clock but it is White's clock that runs", r.reason());
        assertEquals(state, aggregate.evolve(state, r));
        List<ClockEvent> other = aggregate.decide(new PressClock("game-9", "p", BOARD, T0 + SEC, Side.WHITE), state);
        assertInstanceOf(CommandRejected.class, other.get(0));
    }

    @Test
    void negativeSettingsAndCounters() {
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018);
        f.rejected(new SetTimes(GAME, "s", ARBITER, T0 + 1, -1, MIN, null, null, Side.WHITE, "FIDE 2018 7.1", "x"),
                "White's time cannot be negative");
        f.rejected(new SetTimes(GAME, "s", ARBITER, T0 + 1, MIN, MIN, -3, null, Side.WHITE, "FIDE 2018 7.1", "x"),
                "White's move count must be between 0 and 1000");
        f.rejected(new SetTimes(GAME, "s", ARBITER, T0 + 1, MIN, 100L * 3600_000, null, null, Side.WHITE, "FIDE 2018 7.1", "x"),
                "absurd");
    }
}
