package org.torneo.clock.core.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.CancelClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockCancelled;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.game.MoveEvent;

/**
 * A game the arbiter's corrected pairing removed before it began (GameCancelled; C.04.2, C.04.3 of 2017 F.6-F.7) as a
 * clock input: given the clock's recorded events / when the game event / then the clock's events.
 */
class GameCancelledInputTest {

    private static final Actor GAME = Actor.system("game");
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "a-1");
    private static final long T0 = 1_780_000_000_000L;
    private static final long MIN = 60_000;
    private static final ClockRules RULES = new ClockRules(new Ruleset(Ruleset.Edition.FIDE_2018,
            Ruleset.Category.STANDARD), 0, false);
    private static final UUID CORRECTION = UUID.fromString("00000000-0000-0000-0000-00000000c0e1");

    private final RecordedClock clock = new RecordedClock();

    private static ClockCommand.StartClock start() {
        return new ClockCommand.StartClock("g-1", "c-start", ARBITER, T0, TimeControlParser.parse("90+30"), RULES);
    }

    private static Envelope event(EventMessage payload) {
        return Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, "g-1", 2, GAME, Instant.ofEpochMilli(T0),
                payload);
    }

    private static MoveEvent.GameCancelled cancelled(long at) {
        return new MoveEvent.GameCancelled("board 7 removed: both players now have byes", "arbiter-1", CORRECTION,
                "C.04.3 (2017) F.6-F.7", Instant.ofEpochMilli(at));
    }

    @Test
    void aCancelledGameCancelsItsClockWithTheGamesTimeAndTheEventsId() {
        Envelope env = event(cancelled(T0 + 2 * MIN));
        ClockInput.FromGame input = GameEventCommands.of(env);
        assertEquals(List.of(new CancelClock("g-1", env.eventId().toString(), GAME, T0 + 2 * MIN,
                "game cancelled by arbiter-1: board 7 removed: both players now have byes", "C.04.3 (2017) F.6-F.7")),
                input.commands());
        clock.apply(new ClockInput.Command(start()));
        List<ClockEvent> events = clock.apply(input);
        ClockCancelled c = assertInstanceOf(ClockCancelled.class, events.get(0));
        assertEquals(1, events.size());
        assertEquals(T0 + 2 * MIN, c.at());
        assertEquals(ClockStatus.CANCELLED, clock.state().status());
        assertEquals(Optional.empty(), clock.state().deadline(), "the flag scheduler forgets it");
        assertEquals(Optional.empty(), clock.state().defaultDeadline());
        assertEquals(clock.state(), clock.replay());
    }

    @Test
    void noFlagFallsAndNothingElseReachesTheClockOnceCancelled() {
        clock.apply(new ClockInput.Command(start()));
        clock.apply(GameEventCommands.input(event(cancelled(T0 + MIN))));
        // a flag check set before the cancellation, long after White's 90 minutes
        assertEquals(List.of(), clock.apply(new ClockInput.Command(new ClockCommand.CheckFlag("g-1", "flag", ARBITER,
                T0 + 100 * MIN))));
        // later game events for it are ignored, the repeated cancellation included
        assertEquals(List.of(), clock.apply(GameEventCommands.input(event(cancelled(T0 + 3 * MIN)))));
        assertEquals(List.of(), clock.apply(GameEventCommands.input(event(new MoveEvent.MoveCompleted(1, Side.WHITE,
                Instant.ofEpochMilli(T0 + 4 * MIN))))));
        assertEquals(ClockStatus.CANCELLED, clock.state().status());
        assertFalse(clock.state().white().flagFallen());
    }

    @Test
    void aCancellationReadAfterALaterClockEventStillCancels() {
        clock.apply(new ClockInput.Command(start()));
        clock.apply(new ClockInput.Command(new ClockCommand.RecordArrival("g-1", "arrive", ARBITER, T0 + 5 * MIN,
                Side.BLACK)));
        ClockCancelled c = assertInstanceOf(ClockCancelled.class,
                clock.apply(GameEventCommands.input(event(cancelled(T0 + 4 * MIN)))).get(0));
        assertEquals(T0 + 5 * MIN, c.at(), "recorded at the clock's latest instant");
    }

    @Test
    void aFlagTheClocksOwnCheckRecordedBeforeTheCancellationWasReadDoesNotKeepItFromBeingCancelled() {
        // the flag scheduler's check records White's flag at 90 minutes; the game, already cancelled, refuses the
        // report; the clock's own check does not stop the clock (only the game's end does), so the cancellation,
        // read later, still cancels it: the row says CANCELLED as the game does
        clock.apply(new ClockInput.Command(start()));
        clock.apply(new ClockInput.Command(new ClockCommand.CheckFlag("g-1", "flag", ARBITER, T0 + 91 * MIN)));
        assertTrue(clock.state().white().flagFallen());
        assertEquals(ClockStatus.RUNNING, clock.state().status());
        ClockCancelled c = assertInstanceOf(ClockCancelled.class,
                clock.apply(GameEventCommands.input(event(cancelled(T0 + MIN)))).get(0));
        assertEquals(T0 + 90 * MIN, c.at(), "recorded at the clock's latest instant: the flag's");
        assertEquals(ClockStatus.CANCELLED, clock.state().status());
        assertEquals(clock.state(), clock.replay());
    }

    @Test
    void aGameOverKeepsItsStoppedClock() {
        clock.apply(new ClockInput.Command(start()));
        clock.apply(new ClockInput.Command(new ClockCommand.StopClock("g-1", "stop", ARBITER, T0 + MIN, "forfeit")));
        assertEquals(List.of(), clock.apply(GameEventCommands.input(event(cancelled(T0 + 2 * MIN)))));
        assertEquals(ClockStatus.STOPPED, clock.state().status());
    }
}
