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
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.TimeAdded;
import org.torneo.contracts.clock.ClockEvent.TimeDeducted;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.Penalty;

/** Game events as clock inputs, given recorded clock events / when the input / then the clock's events. */
class ClockInputTest {

    private static final Actor GAME = Actor.system("game");
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "a-1");
    private static final long T0 = 1_780_000_000_000L;
    private static final ClockRules RULES = new ClockRules(new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.STANDARD),
            3_600_000, false);

    private final ClockInputDecider decider = new ClockInputDecider();

    private ClockState given(ClockCommand... commands) {
        ClockState s = decider.initialState();
        for (ClockCommand c : commands) {
            for (ClockEvent e : decider.decide(new ClockInput.Command(c), s)) {
                s = decider.evolve(s, e);
            }
        }
        return s;
    }

    private static ClockCommand.StartClock start() {
        return new ClockCommand.StartClock("g-1", "c-start", ARBITER, T0, TimeControlParser.parse("40/90+30, 30+30"), RULES);
    }

    private static Envelope event(String game, EventMessage payload) {
        return Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, game, 1, GAME, Instant.ofEpochMilli(T0), payload);
    }

    @Test
    void aCompletedMovePressesTheClockAtTheTimeTheGameRecorded() {
        ClockState s = given(start());
        ClockInput.FromGame input = GameEventCommands.of(event("g-1",
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(T0 + 12_345))));
        List<ClockEvent> events = decider.decide(input, s);
        assertEquals(1, events.size());
        ClockSwitched press = assertInstanceOf(ClockSwitched.class, events.get(0));
        assertEquals(Side.WHITE, press.mover());
        assertEquals(12_345, press.elapsedMillis());
        assertEquals(5_400_000 - 12_345 + 30_000, press.remainingMillis());
        assertEquals(T0 + 12_345, press.at());
    }

    @Test
    void aPenaltyWithBothPartsAddsToTheOpponentThenDeductsFromTheOffender() {
        ClockState s = given(start());
        Penalty penalty = new Penalty(120_000, 60_000, "FIDE 2001 9.5", "incorrect claim");
        ClockInput.FromGame input = GameEventCommands.of(event("g-1", new ClaimEvent.ClaimRejected(Side.WHITE,
                DrawClaimKind.THREEFOLD, "not a repetition", "FIDE 2001 9.5", penalty, true, null,
                Instant.ofEpochMilli(T0 + 30_000))));
        assertEquals(2, input.commands().size());
        List<ClockEvent> events = decider.decide(input, s);
        TimeAdded added = assertInstanceOf(TimeAdded.class, events.get(0));
        assertEquals(Side.BLACK, added.side());
        assertEquals(5_400_000 + 120_000, added.remainingMillis());
        TimeDeducted deducted = assertInstanceOf(TimeDeducted.class, events.get(1));
        assertEquals(Side.WHITE, deducted.side());
        // White's clock ran 30 s: 90 min - 30 s - 60 s penalty
        assertEquals(5_400_000 - 30_000 - 60_000, deducted.remainingMillis());
        assertTrue(!deducted.commandId().equals(added.commandId()), "each command has its own id");
    }

    @Test
    void gameEventsBeforeTheClockStartsOrAfterItStoppedChangeNothing() {
        ClockInput.FromGame press = GameEventCommands.of(event("g-1",
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(T0 + 1_000))));
        assertEquals(List.of(), decider.decide(press, decider.initialState()));
        ClockState stopped = given(start(), new ClockCommand.StopClock("g-1", "c-stop", ARBITER, T0 + 500, "resigned"));
        assertEquals(List.of(), decider.decide(press, stopped));
    }

    @Test
    void eventsTheClockDoesNotCareAboutAreIgnored() {
        assertNull(GameEventCommands.of(event("g-1", new MoveEvent.PieceTouched(1, Side.WHITE, "e2", Instant.ofEpochMilli(T0)))));
        assertNull(GameEventCommands.of(event("g-1", new MoveEvent.IllegalMoveRecorded(1, Side.WHITE, "Ke3", "check", 1,
                false, "FIDE 2018 7.5.5", Penalty.NONE, Instant.ofEpochMilli(T0)))));
    }

    @Test
    void theReaderPassesGameEventsOnlyForGamesWithAClock() {
        Set<String> recorded = Set.of("g-recorded");
        ClockDefinition.Reader reader = new ClockDefinition.Reader(recorded::contains);
        MoveEvent.MoveCompleted move = new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(T0 + 1));
        assertNull(reader.apply(event("g-unknown", move)));
        assertInstanceOf(ClockInput.FromGame.class, reader.apply(event("g-recorded", move)));
        // a StartClock read in the same batch, not yet committed
        ClockCommand.StartClock startNew = new ClockCommand.StartClock("g-new", "c-1", ARBITER, T0,
                TimeControlParser.parse("90+30"), RULES);
        assertInstanceOf(ClockInput.Command.class, reader.apply(Envelope.command(UUID.randomUUID(), "g-new", ARBITER,
                Instant.ofEpochMilli(T0), startNew)));
        assertInstanceOf(ClockInput.FromGame.class, reader.apply(event("g-new", move)));
    }

    @Test
    void aCommandForAnotherGameThanItsEnvelopeIsRefused() {
        ClockCommand.StartClock other = new ClockCommand.StartClock("g-2", "c-1", ARBITER, T0,
                TimeControlParser.parse("90+30"), RULES);
        ClockDefinition.Reader reader = new ClockDefinition.Reader(game -> false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> reader.apply(
                Envelope.command(UUID.randomUUID(), "g-1", ARBITER, Instant.ofEpochMilli(T0), other)));
        assertTrue(e.getMessage().contains("g-1") && e.getMessage().contains("g-2"), e.getMessage());
    }
}
