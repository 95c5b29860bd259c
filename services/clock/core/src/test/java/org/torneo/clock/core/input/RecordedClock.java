package org.torneo.clock.core.input;

import java.util.ArrayList;
import java.util.List;

import org.torneo.clock.core.clock.ClockState;
import org.torneo.contracts.clock.ClockEvent;

/**
 * One game's clock as the clock app keeps it, for given / when / then tests of clock inputs: each input is decided on
 * the state so far and what it decided is recorded and applied.
 */
final class RecordedClock {

    private final ClockInputDecider decider = new ClockInputDecider();
    private final List<ClockEvent> recorded = new ArrayList<>();
    private ClockState state = decider.initialState();

    /** Decides the input (null: the reader made none of the game event) and records its events. */
    List<ClockEvent> apply(ClockInput input) {
        List<ClockEvent> events = input == null ? List.of() : decider.decide(input, state);
        for (ClockEvent e : events) {
            recorded.add(e);
            state = decider.evolve(state, e);
        }
        return events;
    }

    ClockState state() {
        return state;
    }

    List<ClockEvent> recorded() {
        return recorded;
    }

    /** The state a replay of the recorded events rebuilds. */
    ClockState replay() {
        ClockState s = decider.initialState();
        for (ClockEvent e : recorded) {
            s = decider.evolve(s, e);
        }
        return s;
    }
}
