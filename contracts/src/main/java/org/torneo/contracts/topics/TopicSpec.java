package org.torneo.contracts.topics;

import java.util.Objects;

/**
 * One Kafka topic of the catalogue.
 *
 * @param name        topic name
 * @param key         what the record key is (ordering per key is what the Laws need)
 * @param writtenBy   the only service (or edge) that writes it
 * @param partitions  default partition count (the local stack may override it)
 * @param retentionMs -1 = keep forever: event topics are the source of truth
 * @param cleanup     "delete" for event topics (never compacted), "compact" only for derived views
 * @param description what flows on it
 */
public record TopicSpec(String name, String key, String writtenBy, int partitions, long retentionMs,
                        String cleanup, String description) {

    public TopicSpec {
        Objects.requireNonNull(name, "name");
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1 for " + name);
        }
        if (!cleanup.equals("delete") && !cleanup.equals("compact")) {
            throw new IllegalArgumentException("cleanup must be delete or compact for " + name);
        }
    }

    /** Kafka topic configs for creating this topic. */
    public java.util.Map<String, String> configs() {
        return java.util.Map.of("retention.ms", Long.toString(retentionMs), "cleanup.policy", cleanup);
    }
}
