package org.torneo.stack.test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/** End offsets and consumer-group positions on the local stack's broker, for tests that count records. */
public final class TopicOffsets {

    private TopicOffsets() {
    }

    /** The end offset of every partition of {@code topic}. */
    public static Map<TopicPartition, Long> endOffsets(String topic) {
        try (Admin admin = TorneoStack.admin()) {
            var partitions = admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic)
                    .partitions();
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            partitions.forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
            Map<TopicPartition, Long> ends = new HashMap<>();
            admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS).forEach((p, info) -> ends.put(p, info.offset()));
            return ends;
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the end offsets of " + topic, e);
        }
    }

    /** How many records {@code topic} holds (the sum of its end offsets). */
    public static long records(String topic) {
        return endOffsets(topic).values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * Waits until {@code group} has committed every partition of {@code topic} up to its end (as the end stands when
     * called); returns the partitions still behind after {@code timeout} (0: nothing stuck).
     */
    public static int partitionsBehind(String topic, String group, Duration timeout) throws InterruptedException {
        Map<TopicPartition, Long> ends = endOffsets(topic);
        long deadline = System.nanoTime() + timeout.toNanos();
        int behind;
        do {
            Map<TopicPartition, OffsetAndMetadata> committed;
            try (Admin admin = TorneoStack.admin()) {
                committed = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata()
                        .get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("cannot read the offsets of group " + group, e);
            }
            behind = 0;
            for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
                OffsetAndMetadata at = committed.get(end.getKey());
                if ((at == null ? 0 : at.offset()) < end.getValue()) {
                    behind++;
                }
            }
            if (behind > 0) {
                Thread.sleep(100);
            }
        } while (behind > 0 && System.nanoTime() < deadline);
        return behind;
    }
}
