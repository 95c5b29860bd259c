package org.torneo.platform.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Decider;

class DecisionTimingTest {

    sealed interface Command permits Count, Reset {
    }

    record Count(int by) implements Command {
    }

    record Reset() implements Command {
    }

    /** A core: counts up, refuses a count of 0 with the event "refused". */
    static final class Counter implements Decider<Command, String, Integer> {
        @Override
        public Integer initialState() {
            return 0;
        }

        @Override
        public List<String> decide(Command command, Integer state) {
            return switch (command) {
                case Count count -> count.by() == 0 ? List.of("refused") : List.of("+" + count.by());
                case Reset reset -> List.of("reset");
            };
        }

        @Override
        public Integer evolve(Integer state, String event) {
            return event.equals("reset") ? 0 : event.equals("refused") ? state : state + Integer.parseInt(event);
        }
    }

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final Counter core = new Counter();
    private final DecisionTiming<Command, String> timing = DecisionTiming.on(registry, Count.class, "test.count.time",
            "Deciding a Count", events -> events.contains("refused") ? "refused" : "counted");

    private Timer meter(String outcome) {
        return registry.find("test.count.time").tag("outcome", outcome).timer();
    }

    @Test
    void theTimedKindIsDecidedByTheDeciderAndTimedByOutcome() {
        // when two counts are decided and one is refused
        List<String> first = timing.decide(core, new Count(2), 0);
        List<String> second = timing.decide(core, new Count(3), 2);
        List<String> refused = timing.decide(core, new Count(0), 5);

        // then the events are the decider's, and the meter counted each outcome
        assertEquals(List.of("+2"), first);
        assertEquals(List.of("+3"), second);
        assertEquals(List.of("refused"), refused);
        assertEquals(2, meter("counted").count());
        assertEquals(1, meter("refused").count());
    }

    @Test
    void otherKindsAreDecidedUntimed() {
        // when a command of another kind is decided
        List<String> events = timing.decide(core, new Reset(), 7);

        // then its events are the decider's and no meter exists
        assertEquals(List.of("reset"), events);
        assertNull(meter("counted"));
        assertNull(meter("refused"));
    }
}
