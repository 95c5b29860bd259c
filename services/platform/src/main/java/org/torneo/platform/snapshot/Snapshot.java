package org.torneo.platform.snapshot;

import java.util.Map;
import java.util.Objects;

/**
 * The state of every aggregate of a service as of known positions in its event topics: restoring
 * it and reading the topics on from {@code positions} gives the same state as a replay from the
 * beginning (the runtime checks the round trip before it saves one).
 *
 * @param service   the service (runtime) name
 * @param positions "topic:partition" → the next offset to read
 * @param events    how many events the state folds (for reports)
 * @param stateJson the aggregates and the processed input ids, as JSON
 */
public record Snapshot(String service, Map<String, Long> positions, long events, String stateJson) {
    public Snapshot {
        Objects.requireNonNull(service, "service");
        positions = Map.copyOf(positions);
        Objects.requireNonNull(stateJson, "stateJson");
    }
}
