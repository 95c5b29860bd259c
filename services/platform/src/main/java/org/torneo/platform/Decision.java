package org.torneo.platform;

import java.util.List;
import java.util.UUID;

import org.torneo.contracts.Envelope;

/**
 * What a command produced, before it is committed: the sealed event envelopes to publish and the
 * aggregate's state after them. A duplicate command (its id already caused events) produces nothing.
 */
public record Decision<S>(UUID commandId, String aggregateId, boolean duplicate, List<Envelope> events,
                          AggregateState<S> after) {

    public Decision {
        events = List.copyOf(events);
    }
}
