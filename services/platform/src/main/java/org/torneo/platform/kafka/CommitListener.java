package org.torneo.platform.kafka;

import java.util.List;

import org.torneo.platform.Decision;

/**
 * Told about every batch of decisions after its Kafka transaction committed (on the runtime's
 * thread, in order), e.g. to update a projection in PostgreSQL. Projections are derived data:
 * a listener that fails is logged and does not undo the events; rebuild projections from the log.
 */
@FunctionalInterface
public interface CommitListener<S> {
    void committed(List<Decision<S>> decisions);
}
