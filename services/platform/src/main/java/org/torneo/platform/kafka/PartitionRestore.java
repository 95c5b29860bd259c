package org.torneo.platform.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Reads what the log reader has already read, again, for the aggregates of partition numbers an instance has just
 * gained ({@link PartitionOwnership}): with a reader of its own, from the beginning of every event partition up to
 * the log reader's position there, so the store then holds those aggregates up to the same positions as the others
 * and the common catch-up goes on for all of them. Every partition is read (an event topic need not be keyed by the
 * aggregate: the game's results are keyed by tournament); the aggregate header lets the caller skip the others'
 * records without decoding them.
 */
final class PartitionRestore {

    private PartitionRestore() {
    }

    /**
     * Hands {@code apply} every record of the log reader's partitions below its current positions.
     *
     * @param log     the log reader (its assignment and positions are read, not changed)
     * @param readers makes the reader of its own (read_committed), closed at the end
     * @param running false stops the reading (the runtime is closing)
     */
    static void read(KafkaConsumer<byte[], byte[]> log, Supplier<KafkaConsumer<byte[], byte[]>> readers,
                     Consumer<ConsumerRecord<byte[], byte[]>> apply, BooleanSupplier running, Duration poll,
                     Duration maxBlock) {
        Map<TopicPartition, Long> upTo = new HashMap<>();
        for (TopicPartition partition : log.assignment()) {
            long position = log.position(partition, maxBlock);
            if (position > 0) {
                upTo.put(partition, position);
            }
        }
        if (upTo.isEmpty()) {
            return; // the log reader has read nothing yet: the catch-up reads it all
        }
        try (KafkaConsumer<byte[], byte[]> reader = readers.get()) {
            reader.assign(upTo.keySet());
            reader.seekToBeginning(upTo.keySet());
            upTo.entrySet().removeIf(e -> reader.position(e.getKey(), maxBlock) >= e.getValue());
            while (!upTo.isEmpty() && running.getAsBoolean()) {
                for (ConsumerRecord<byte[], byte[]> record : reader.poll(poll)) {
                    Long end = upTo.get(new TopicPartition(record.topic(), record.partition()));
                    if (end != null && record.offset() < end) {
                        apply.accept(record);
                    }
                }
                upTo.entrySet().removeIf(e -> reader.position(e.getKey(), maxBlock) >= e.getValue());
            }
        }
    }
}
