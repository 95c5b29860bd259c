package org.torneo.clock.core.clock;

import java.util.List;
import org.torneo.contracts.clock.ClockEvent;

/**
 * The clock refused a command; the message says why in words for the arbiter. {@link #eventsBefore()}
 * holds facts established before the refusal (a flag that fell before the command's time), which
 * stand even though the command itself is refused.
 */
public final class ClockCommandRejected extends RuntimeException {

    private final transient List<ClockEvent> eventsBefore;

    public ClockCommandRejected(String reason) {
        this(reason, List.of());
    }

    public ClockCommandRejected(String reason, List<ClockEvent> eventsBefore) {
        super(reason, null, false, false);
        this.eventsBefore = List.copyOf(eventsBefore);
    }

    public List<ClockEvent> eventsBefore() {
        return eventsBefore;
    }
}
