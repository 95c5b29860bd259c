package org.torneo.clock.core.clock;

import java.util.List;
import org.torneo.contracts.Decider;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;

/**
 * The clock as the platform runtime sees it: refusals come back as a
 * {@link ClockEvent.CommandRejected} event (after any flag fall that was due), never as an exception.
 */
public final class ClockAggregate implements Decider<ClockCommand, ClockEvent, ClockState> {

    @Override
    public ClockState initialState() {
        return ClockState.initial();
    }

    @Override
    public List<ClockEvent> decide(ClockCommand command, ClockState state) {
        return ClockDecider.handle(command, state);
    }

    @Override
    public ClockState evolve(ClockState state, ClockEvent event) {
        return ClockDecider.evolve(state, event);
    }
}
