package org.torneo.platform.kafka;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * Where the broker is and how this instance identifies itself.
 *
 * @param bootstrapServers e.g. "localhost:9092"
 * @param instanceId       unique per running instance of a service (part of the transactional id:
 *                         a restarted instance with the same id fences its predecessor)
 * @param pollTimeout      how long one poll waits for commands
 * @param maxBlock         how long a client call may block while the broker is unreachable before
 *                         the runtime gives up on the cycle and starts over from the log
 * @param topicPrefix      prepended to every catalogue topic name ("" in production); lets tests
 *                         give each runtime its own topics on a shared broker
 * @param extra            further client properties (applied to producer and consumers), among them the
 *                         sign-in ({@code security.protocol}, {@code sasl.*}: {@link KafkaClientConfig})
 */
public record KafkaSettings(String bootstrapServers, String instanceId, Duration pollTimeout, Duration maxBlock,
                            String topicPrefix, Map<String, Object> extra) {

    public KafkaSettings {
        Objects.requireNonNull(bootstrapServers, "bootstrapServers");
        Objects.requireNonNull(instanceId, "instanceId");
        pollTimeout = pollTimeout == null ? Duration.ofMillis(200) : pollTimeout;
        maxBlock = maxBlock == null ? Duration.ofSeconds(30) : maxBlock;
        topicPrefix = topicPrefix == null ? "" : topicPrefix;
        extra = extra == null ? Map.of() : Map.copyOf(extra);
    }

    /** The physical name of a catalogue topic. */
    public String topic(String catalogueName) {
        return topicPrefix + catalogueName;
    }

    /** The same settings with {@code more} client properties added to {@link #extra()} (they win on a clash). */
    public KafkaSettings withExtra(Map<String, Object> more) {
        java.util.Map<String, Object> merged = new java.util.HashMap<>(extra);
        merged.putAll(more);
        return new KafkaSettings(bootstrapServers, instanceId, pollTimeout, maxBlock, topicPrefix, merged);
    }

    public static KafkaSettings of(String bootstrapServers, String instanceId) {
        return new KafkaSettings(bootstrapServers, instanceId, null, null, null, null);
    }
}
