package org.torneo.game.app.projection;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.platform.projection.Chunks;

/**
 * Reads the game's event topics from the beginning to their current end (read_committed) and hands the events
 * over in chunks: the projection of a new database is filled from the log, which is the truth.
 */
public final class LogBackfill {

    private static final int CHUNK = 500;
    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(LogBackfill.class.getName());

    private LogBackfill() {
    }

    /** Returns how many events were handed to {@code sink}. */
    public static long run(String bootstrapServers, java.util.Map<String, Object> security, List<String> topics,
                           JsonCodec codec, Duration timeout, Consumer<List<Envelope>> sink) {
        Properties props = new Properties();
        props.putAll(security);
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "game-projection-backfill");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        long count = 0;
        long unreadable = 0;
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props)) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : topics) {
                consumer.partitionsFor(topic, timeout).forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, timeout);
            long deadline = System.nanoTime() + timeout.toNanos();
            List<Envelope> chunk = new ArrayList<>();
            while (!reached(consumer, end) && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    try {
                        chunk.add(codec.decode(record.value()));
                    } catch (RuntimeException e) {
                        // the runtime's replay skips what it cannot read (and dead-letters it); so does the projection
                        unreadable++;
                        LOG.warning("game: the projection's backfill skips the unreadable event at " + record.topic()
                                + "-" + record.partition() + "@" + record.offset() + ": " + e.getMessage());
                        continue;
                    }
                    if (chunk.size() >= CHUNK) {
                        Chunks.deliver("game", List.copyOf(chunk), sink);
                        count += chunk.size();
                        chunk.clear();
                    }
                }
            }
            if (!chunk.isEmpty()) {
                Chunks.deliver("game", List.copyOf(chunk), sink);
                count += chunk.size();
            }
        }
        if (unreadable > 0) {
            LOG.warning("game: the projection's backfill skipped " + unreadable + " unreadable events");
        }
        return count;
    }

    private static boolean reached(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> end) {
        for (Map.Entry<TopicPartition, Long> e : end.entrySet()) {
            if (consumer.position(e.getKey()) < e.getValue()) {
                return false;
            }
        }
        return true;
    }
}
