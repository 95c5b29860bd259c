package org.torneo.clock.app.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.clock.core.input.ClockInput;
import org.torneo.clock.core.input.ClockInputDecider;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockCancelled;
import org.torneo.contracts.clock.ClockEvent.CommandRejected;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.game.MoveEvent;

/**
 * The clock app's reader, the adapter between the topics and the clock core's decider: given the games the clock has
 * recorded / when an input envelope is read / then the clock input it makes (null: none).
 */
class ClockReaderTest {

    private static final Actor GAME = Actor.system("game");
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "a-1");
    private static final long T0 = 1_780_000_000_000L;
    private static final long MIN = 60_000;
    private static final ClockRules RULES = new ClockRules(new Ruleset(Ruleset.Edition.FIDE_2018,
            Ruleset.Category.STANDARD), 3_600_000, false);

    private final ClockInputDecider decider = new ClockInputDecider();
    private ClockState state = decider.initialState();

    private static Envelope event(String game, EventMessage payload) {
        return Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, game, 1, GAME, Instant.ofEpochMilli(T0),
                payload);
    }

    private static ClockCommand.StartClock start(String game) {
        return new ClockCommand.StartClock(game, "c-1", ARBITER, T0, TimeControlParser.parse("90+30"), RULES);
    }

    private List<ClockEvent> decided(ClockInput input) {
        List<ClockEvent> events = decider.decide(input, state);
        for (ClockEvent e : events) {
            state = decider.evolve(state, e);
        }
        return events;
    }

    @Test
    void theReaderPassesGameEventsOnlyForGamesWithAClock() {
        // given one game with a recorded clock
        ClockDefinition.Reader reader = new ClockDefinition.Reader(Set.of("g-recorded")::contains);
        MoveEvent.MoveCompleted move = new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(T0 + 1));
        // when a move of an unknown game and one of that game are read, then only the latter is an input
        assertNull(reader.apply(event("g-unknown", move)));
        assertInstanceOf(ClockInput.FromGame.class, reader.apply(event("g-recorded", move)));
        // when a StartClock is read in the same batch (not yet committed), then its game's moves are inputs too
        assertInstanceOf(ClockInput.Command.class, reader.apply(Envelope.command(UUID.randomUUID(), "g-new", ARBITER,
                Instant.ofEpochMilli(T0), start("g-new"))));
        assertInstanceOf(ClockInput.FromGame.class, reader.apply(event("g-new", move)));
    }

    @Test
    void aCommandForAnotherGameThanItsEnvelopeIsRefused() {
        // given a reader; when a command names game g-2 in an envelope for g-1; then it is refused, naming both
        ClockDefinition.Reader reader = new ClockDefinition.Reader(game -> false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> reader.apply(
                Envelope.command(UUID.randomUUID(), "g-1", ARBITER, Instant.ofEpochMilli(T0), start("g-2"))));
        assertTrue(e.getMessage().contains("g-1") && e.getMessage().contains("g-2"), e.getMessage());
    }

    @Test
    void aCancellationReadBeforeTheStartClockKeepsTheClockFromStarting() {
        // given a game whose clock has recorded nothing yet
        ClockDefinition.Reader reader = new ClockDefinition.Reader(game -> false);
        // when its move is read: no input; when its cancellation is read: it cancels the clock
        assertNull(reader.apply(event("g-1", new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(T0)))));
        ClockInput input = reader.apply(event("g-1", new MoveEvent.GameCancelled("board 7 removed", "arbiter-1",
                UUID.fromString("00000000-0000-0000-0000-00000000c0e1"), "C.04.3 (2017) F.6-F.7",
                Instant.ofEpochMilli(T0 - MIN))));
        assertInstanceOf(ClockCancelled.class, decided(input).get(0));
        // then the StartClock read after it is refused
        CommandRejected r = assertInstanceOf(CommandRejected.class, decided(new ClockInput.Command(start("g-1")))
                .get(0));
        assertTrue(r.reason().contains("cancelled"), r.reason());
        assertEquals(ClockStatus.CANCELLED, state.status());
    }
}
