package org.torneo.clock.app.projection;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;
import java.util.logging.Logger;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.platform.projection.Chunks;

/**
 * Rebuilds the per-move readings from the clock topic (read_committed, from the beginning up to the
 * last stable offsets): the runtime's replay rebuilds states but tells no listener about the events,
 * and the projection database may be new. Hands the ClockSwitched envelopes over in chunks.
 */
public final class ReadingsBackfill {

    private static final Logger LOG = Logger.getLogger(ReadingsBackfill.class.getName());
    private static final int CHUNK = 500;

    private ReadingsBackfill() {
    }

    /** Reads {@code topic} to its end and passes the moves to {@code sink}; returns how many were read. */
    public static long run(String bootstrapServers, java.util.Map<String, Object> security, String topic,
                           JsonCodec codec, Duration timeout, Consumer<List<Envelope>> sink) {
        Properties props = new Properties();
        props.putAll(security);
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "clock-readings-backfill");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2_000);
        props.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        long moves = 0;
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props)) {
            List<PartitionInfo> infos = consumer.partitionsFor(topic, timeout);
            if (infos == null || infos.isEmpty()) {
                return 0;
            }
            List<TopicPartition> partitions = infos.stream().map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = new HashMap<>(consumer.endOffsets(partitions, timeout));
            end.entrySet().removeIf(e -> consumer.position(e.getKey()) >= e.getValue());
            List<Envelope> chunk = new ArrayList<>();
            while (!end.isEmpty()) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    try {
                        Envelope event = codec.decode(record.value());
                        if (event.payload() instanceof ClockSwitched) {
                            chunk.add(event);
                            moves++;
                        }
                    } catch (RuntimeException e) {
                        // one record's problem (the clock runtime's replay dead-letters it): skipped, logged
                        LOG.warning("clock: the readings' backfill skips the unreadable event at " + record.topic()
                                + "-" + record.partition() + "@" + record.offset() + ": " + e.getMessage());
                    }
                    if (chunk.size() >= CHUNK) {
                        Chunks.deliver("clock", List.copyOf(chunk), sink);
                        chunk.clear();
                    }
                }
                end.entrySet().removeIf(e -> consumer.position(e.getKey()) >= e.getValue());
            }
            if (!chunk.isEmpty()) {
                Chunks.deliver("clock", List.copyOf(chunk), sink);
            }
        }
        return moves;
    }
}
