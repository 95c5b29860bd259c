package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.clock.core.clock.ClockFixture.BOARD;
import static org.torneo.clock.core.clock.ClockFixture.GAME;
import static org.torneo.clock.core.clock.ClockFixture.MIN;
import static org.torneo.clock.core.clock.ClockFixture.SEC;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.torneo.clock.core.end.GameEnd;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.CheckDefault;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.CorrectMoveCounter;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockStopped;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.EndHeld;

/**
 * The game's end read before its last presses (results and moves travel on different topics): the clock holds the end
 * until it has the presses the game completed, then stops with the times it shows when read in order.
 */
class GameEndTest {

    private static final Actor PLAYER = new Actor(Actor.Role.PLAYER, "p-7");
    private static final String REASON = "game ended: 1-0 (RESIGNATION)";

    /** The end as the clock app reads it: held while presses are missing, else the stop. */
    private static List<ClockEvent> end(ClockFixture f, long at, Integer completedPlies) {
        StopClock stop = new StopClock(GAME, "ended", PLAYER, at, REASON);
        Optional<EndHeld> held = GameEnd.held(f.state(), stop, completedPlies);
        return held.isPresent() ? f.record(List.of(held.get())) : f.apply(stop);
    }

    /** A completed move as the clock app reads it: the press, then the stop of an end that waited for it. */
    private static List<ClockEvent> moveCompleted(ClockFixture f, long at, Side side, int ply) {
        List<ClockEvent> out = new ArrayList<>(f.apply(new PressClock(GAME, "press-" + ply, BOARD, at, side)));
        out.addAll(f.record(GameEnd.release(f.state(), ply)));
        return out;
    }

    /** Twenty plies played, White thinking 50 s and Black 70 s a move, on 90 min + 30 s. */
    private static ClockFixture twentyPlies() {
        return ClockFixture.started("90+30", Edition.FIDE_2018).play(10, 50 * SEC, 70 * SEC);
    }

    @Test
    void givenTheEndReadBeforeTheLastPress_whenThePressArrives_thenTheClockStopsAtTheEndWithTheTimesOfTheOrderPlayed() {
        ClockFixture inOrder = twentyPlies();
        long pressed = inOrder.now() + 40 * SEC;
        long ended = pressed + 25 * SEC;
        moveCompleted(inOrder, pressed, Side.WHITE, 21);
        end(inOrder, ended, 21);

        ClockFixture endFirst = twentyPlies();
        List<ClockEvent> whenEnded = end(endFirst, ended, 21);
        assertEquals(List.of(new EndHeld(GAME, "ended", PLAYER, ended, REASON, 21, 20)), whenEnded);
        assertEquals(ClockStatus.RUNNING, endFirst.state().status(), "the clock runs on until it has the press");

        List<ClockEvent> whenPressed = moveCompleted(endFirst, pressed, Side.WHITE, 21);

        assertInstanceOf(ClockSwitched.class, whenPressed.get(0));
        ClockStopped stopped = assertInstanceOf(ClockStopped.class, whenPressed.get(1));
        assertEquals(inOrder.history().get(inOrder.history().size() - 1), stopped, "the same stop, readings included");
        assertEquals(inOrder.state(), endFirst.state(), "the same clock whichever topic was read first");
        assertNull(endFirst.state().heldEnd());
    }

    @Test
    void givenTheEndTwoPressesAhead_whenOneArrives_thenTheClockStillWaitsAndStopsWithTheSecond() {
        ClockFixture f = twentyPlies();
        long white = f.now() + 30 * SEC;
        long black = white + 45 * SEC;
        end(f, black + 5 * SEC, 22);

        assertEquals(List.of(ClockSwitched.class), kinds(moveCompleted(f, white, Side.WHITE, 21)));
        assertEquals(ClockStatus.RUNNING, f.state().status());

        List<ClockEvent> last = moveCompleted(f, black, Side.BLACK, 22);
        assertEquals(List.of(ClockSwitched.class, ClockStopped.class), kinds(last));
        ClockStopped stopped = (ClockStopped) last.get(1);
        assertEquals(black + 5 * SEC, stopped.at(), "stopped at the end's instant");
        assertEquals(f.state().white().remainingMillis() - 5 * SEC, stopped.whiteMillis(),
                "White's clock ran from Black's press to the end");
        assertEquals(ClockStatus.STOPPED, f.state().status());
    }

    @Test
    void givenEveryPressRead_whenTheEndArrives_thenTheClockStopsAtOnce() {
        ClockFixture f = twentyPlies();

        List<ClockEvent> events = end(f, f.now() + 10 * SEC, 20);

        assertEquals(List.of(ClockStopped.class), kinds(events));
    }

    @Test
    void givenAnEndThatNamesNoPlies_whenRead_thenTheClockStopsAtOnceAsBefore() {
        ClockFixture f = twentyPlies();

        assertEquals(List.of(ClockStopped.class), kinds(end(f, f.now() + 10 * SEC, null)));
    }

    @Test
    void givenAnEndHeld_whenAFlagOrDefaultCheckComesPastTheDeadline_thenNothingFalls() {
        ClockFixture f = twentyPlies();
        long ended = f.now() + 20 * SEC;
        end(f, ended, 21);

        // White's 90 minutes are long gone by then: in order the clock would have stopped first
        assertEquals(List.of(), f.when(new CheckFlag(GAME, "check", BOARD, ended + 200 * MIN)));
        assertEquals(List.of(), f.when(new CheckDefault(GAME, "check-default", BOARD, ended + 200 * MIN)));
    }

    @Test
    void givenAnEndHeld_whenThePressOfTheLastCompletedPlyArrives_thenItStopsEvenIfTheArbiterChangedTheCount() {
        ClockFixture f = twentyPlies();
        long at = f.now();
        // the arbiter corrected White's counter down (FIDE 2018 6.10.2): the clock counts one press fewer than the game
        f.run(new CorrectMoveCounter(GAME, "correct", ClockFixture.ARBITER, at + SEC, Side.WHITE, 9,
                "FIDE 2018 6.10.2: one move too many"));
        end(f, at + 60 * SEC, 21);

        List<ClockEvent> events = moveCompleted(f, at + 30 * SEC, Side.WHITE, 21);

        assertEquals(List.of(ClockSwitched.class, ClockStopped.class), kinds(events));
    }

    @Test
    void givenAHeldEndInTheLog_whenReplayed_thenTheStateIsRebuiltWithIt() {
        ClockFixture f = twentyPlies();
        long ended = f.now() + 20 * SEC;
        end(f, ended, 21);

        ClockState replayed = ClockDecider.fold(GAME, f.history());

        assertEquals(f.state(), replayed);
        assertEquals(new HeldEnd("ended", PLAYER, ended, REASON, 21), replayed.heldEnd());
        assertTrue(replayed.lastEventAt() < ended, "a held end does not move the clock's time: earlier presses land");
    }

    private static List<Class<?>> kinds(List<ClockEvent> events) {
        return events.stream().<Class<?>>map(Object::getClass).toList();
    }
}
