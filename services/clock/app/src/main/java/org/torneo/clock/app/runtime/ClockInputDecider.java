package org.torneo.clock.app.runtime;

import java.util.ArrayList;
import java.util.List;

import org.torneo.clock.core.clock.ClockAggregate;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.contracts.Decider;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;

/**
 * The clock core's decider seen through {@link ClockInput}: a command goes straight to the core; the
 * commands implied by a game event are decided one after the other on the evolving state. The state
 * and the events are the core's own, so replay and the state digest are unchanged.
 */
public final class ClockInputDecider implements Decider<ClockInput, ClockEvent, ClockState> {

    private final ClockAggregate clock = new ClockAggregate();

    @Override
    public ClockState initialState() {
        return clock.initialState();
    }

    @Override
    public List<ClockEvent> decide(ClockInput input, ClockState state) {
        return switch (input) {
            case ClockInput.Command c -> clock.decide(c.command(), state);
            case ClockInput.FromGame g -> decideAll(g.commands(), state);
        };
    }

    private List<ClockEvent> decideAll(List<ClockCommand> commands, ClockState state) {
        if (!state.started() || state.status() == ClockStatus.STOPPED) {
            return List.of();
        }
        List<ClockEvent> out = new ArrayList<>();
        ClockState s = state;
        for (ClockCommand command : commands) {
            List<ClockEvent> events = clock.decide(command, s);
            out.addAll(events);
            for (ClockEvent event : events) {
                s = clock.evolve(s, event);
            }
        }
        return out;
    }

    @Override
    public ClockState evolve(ClockState state, ClockEvent event) {
        return clock.evolve(state, event);
    }
}
