package org.torneo.contracts.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Message;
import org.torneo.contracts.MessageType;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.codec.JsonCodec;

class ClockMessagesTest {

    private static final JsonCodec CODEC = JsonCodec.standard();
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "a1");
    private static final TimeControl CONTROL = TimeControl.of(new Period(40, 5_400_000, TimingMode.FISCHER, 30_000),
            new Period(0, 1_800_000, TimingMode.FISCHER, 30_000));

    @Test
    void everyClockMessageHasAUniqueClockTypeName() {
        Set<String> names = new HashSet<>();
        for (Class<?> type : concat(ClockCommand.class.getPermittedSubclasses(), ClockEvent.class.getPermittedSubclasses())) {
            MessageType mt = type.getAnnotation(MessageType.class);
            assertNotNull(mt, type + " has no @MessageType");
            assertEquals("clock." + type.getSimpleName(), mt.name());
            assertEquals(1, mt.version());
            assertTrue(type.isRecord(), type + " is not a record");
            assertTrue(names.add(mt.name()), "duplicate " + mt.name());
        }
        assertEquals(19, ClockCommand.class.getPermittedSubclasses().length);
        assertEquals(24, ClockEvent.class.getPermittedSubclasses().length);
    }

    @Test
    void messagesRoundTripThroughJson() throws Exception {
        ClockRules rules = new ClockRules(new Ruleset(Edition.FIDE_2018, Category.STANDARD), 0, true);
        List<Message> samples = List.of(
                new ClockCommand.StartClock("g", "c1", ARBITER, 1L, CONTROL, rules),
                new ClockCommand.StartClock("g", "c1", ARBITER, 1L, CONTROL, rules, null, Side.BLACK),
                new ClockCommand.SetTimes("g", "c2", ARBITER, 2L, 1000, 2000, null, 7, Side.BLACK, "FIDE 2018 7.1", "r"),
                new ClockCommand.AdjournGame("g", "c3", ARBITER, 3L, null),
                new ClockEvent.ClockStarted("g", "c1", ARBITER, 1L, CONTROL, rules, 5_400_000, 5_400_000, null),
                new ClockEvent.ClockStarted("g", "c1", ARBITER, 1L, CONTROL, rules, 300_000, 240_000,
                        TimeControl.of(Period.suddenDeath(240_000))),
                new ClockEvent.ClockSwitched("g", "c4", ARBITER, 4L, Side.WHITE, 1, 10, 20, 30, 0, 1, 40),
                new ClockEvent.FlagFell("g", "c5", ARBITER, 5L, Side.BLACK, 2, 39, 40, false, false),
                new ClockEvent.BothFlagsFell("g", "c6", ARBITER, 6L, 2, true, ClockEvent.BothFlagsFell.Outcome.DRAW, "FIDE 2018 III.3.1.2"),
                new ClockEvent.PressHeld("g", "c7", ARBITER, 7L, Side.WHITE, 1, "adjourned: a new game's press"),
                new ClockEvent.EndHeld("g", "c10", ARBITER, 10L, "game ended: 1-0 (RESIGNATION)", 41, 40),
                new ClockEvent.PauseHeld("g", "c11", ARBITER, 11L, "draw claim (THREEFOLD) by WHITE", 41, 40),
                new ClockEvent.ResumeHeld("g", "c12/resume", ARBITER, 12L, List.of(new ClockEvent.ResumeHeld.HeldAdjustment("c12",
                        ARBITER, Side.WHITE, 120_000, false, "FIDE 2018 9.5.3", "2 minutes to the opponent"))),
                new ClockEvent.NewGameStarted("g", "c8", ARBITER, 8L, 5_400_000, 5_400_000, "FIDE 2018 I.12.2", "annulled"),
                new ClockCommand.CancelClock("g", "c9", ARBITER, 9L, "board 7 removed", "C.04.3 (2017) F.6"),
                new ClockEvent.ClockCancelled("g", "c9", ARBITER, 9L, "board 7 removed", "C.04.3 (2017) F.6"));
        for (Message message : samples) {
            Envelope envelope = message instanceof CommandMessage c
                    ? Envelope.command(UUID.randomUUID(), "g", ARBITER, Instant.EPOCH, c)
                    : Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, "g", 1, ARBITER, Instant.EPOCH, (EventMessage) message);
            String json = CODEC.toJson(envelope);
            assertEquals(message, CODEC.decode(json).payload(), json);
        }
    }

    @Test
    void aStartClockWrittenBeforeTheFirstSideToMoveStartsWhite() {
        ClockRules rules = new ClockRules(new Ruleset(Edition.FIDE_2018, Category.STANDARD), 0, true);
        String json = CODEC.toJson(Envelope.command(UUID.randomUUID(), "g", ARBITER, Instant.EPOCH,
                new ClockCommand.StartClock("g", "c1", ARBITER, 1L, CONTROL, rules)));
        String older = json.replace(",\"firstToMove\":null", "");
        assertTrue(older.length() < json.length(), json);
        ClockCommand.StartClock read = (ClockCommand.StartClock) CODEC.decode(older).payload();
        assertEquals(null, read.firstToMove());
        assertEquals(CONTROL, read.control());
    }

    @Test
    void timeControlArithmetic() {
        TimeControl c = TimeControl.of(new Period(40, 7_200_000, TimingMode.NONE, 0), new Period(20, 3_600_000, TimingMode.NONE, 0));
        assertEquals(40, c.movesRequiredBy(0));
        assertEquals(60, c.movesRequiredBy(1));
        assertEquals(80, c.movesRequiredBy(2), "the last period repeats");
        assertEquals(0, c.periodAfterMoves(39));
        assertEquals(1, c.periodAfterMoves(40));
        assertEquals(3, c.periodAfterMoves(80));
        assertEquals(7_200_000 + 3 * 3_600_000, c.baseTimeEnteredAfterMoves(80));
        assertEquals(false, c.isFinalPeriod(5));
        assertThrows(IllegalArgumentException.class, () -> TimeControl.of(new Period(0, 60_000, TimingMode.NONE, 0),
                new Period(0, 60_000, TimingMode.NONE, 0)));
        assertThrows(IllegalArgumentException.class, () -> new Period(40, -1, TimingMode.NONE, 0));
        assertThrows(IllegalArgumentException.class, () -> new Period(40, 60_000, TimingMode.NONE, 5));
    }

    private static List<Class<?>> concat(Class<?>[] a, Class<?>[] b) {
        List<Class<?>> all = new java.util.ArrayList<>(List.of(a));
        all.addAll(List.of(b));
        return all;
    }
}
