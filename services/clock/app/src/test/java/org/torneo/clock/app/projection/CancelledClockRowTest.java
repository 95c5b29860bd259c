package org.torneo.clock.app.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.clock.core.clock.ClockDecider;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockCancelled;
import org.torneo.contracts.clock.ClockEvent.ClockStarted;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.platform.AggregateState;

/** The projection row of a cancelled game's clock says it was cancelled, and has no deadline. */
class CancelledClockRowTest {

    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "a-1");
    private static final long T0 = 1_780_000_000_000L;

    private static ClockRow row(List<ClockEvent> events) {
        ClockState s = ClockDecider.fold("g-1", events);
        ClockRow row = new ClockRow();
        ClockProjector.fill(row, new AggregateState<>("g-1", s, events.size(), "0".repeat(64)));
        return row;
    }

    @Test
    void aCancelledRunningClocksRowIsCancelledWithoutDeadline() {
        ClockStarted started = new ClockStarted("g-1", "s", ARBITER, T0, TimeControlParser.parse("90+30"),
                new ClockRules(new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.STANDARD), 0, false),
                5_400_000, 5_400_000, null);
        assertEquals("RUNNING", row(List.of(started)).status);
        ClockRow row = row(List.of(started, new ClockCancelled("g-1", "c", ARBITER, T0 + 60_000, "board removed",
                "C.04.3 (2017) F.6-F.7")));
        assertEquals("CANCELLED", row.status);
        assertNull(row.deadline);
        assertEquals(5_400_000, row.whiteMillis);
    }

    @Test
    void aClockCancelledBeforeItsStartHasARowThatSaysSo() {
        ClockRow row = row(List.of(new ClockCancelled("g-1", "c", ARBITER, T0, "board removed", "C.04.3 (2017) F.6-F.7")));
        assertEquals("CANCELLED", row.status);
        assertNull(row.control);
        assertNull(row.deadline);
    }
}
