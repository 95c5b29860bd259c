package org.torneo.platform.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The order in which a poll's inputs are decided: each partition's records in offset order, and between partitions
 * the earlier record (by its timestamp) first, as Kafka Streams merges co-partitioned topics. Why: after an outage a
 * poll holds a backlog of several input topics at once, and deciding them partition by partition could decide a
 * game's moves (torneo.game.moves) before the StartClock that the game service sent before them
 * (torneo.clock.commands), so the clock would ignore moves of a game it did not know yet. Merging by timestamp keeps
 * what was written first first, across topics, as when the service reads them as they come. A poll that lacks an
 * earlier record (not yet fetched) cannot be put right here.
 */
final class PollOrder {

    private PollOrder() {
    }

    /**
     * One list of {@code partitions}' records: the head with the least timestamp next; on equal timestamps the
     * partition given first. Every partition's own order is kept.
     */
    static <K, V> List<ConsumerRecord<K, V>> byTimestamp(List<List<ConsumerRecord<K, V>>> partitions) {
        if (partitions.size() == 1) {
            return partitions.get(0);
        }
        record Head(long timestamp, int partition, int index) {
        }
        PriorityQueue<Head> heads = new PriorityQueue<>((a, b) -> a.timestamp() != b.timestamp()
                ? Long.compare(a.timestamp(), b.timestamp()) : Integer.compare(a.partition(), b.partition()));
        int total = 0;
        for (int p = 0; p < partitions.size(); p++) {
            List<ConsumerRecord<K, V>> records = partitions.get(p);
            total += records.size();
            if (!records.isEmpty()) {
                heads.add(new Head(records.get(0).timestamp(), p, 0));
            }
        }
        List<ConsumerRecord<K, V>> merged = new ArrayList<>(total);
        while (!heads.isEmpty()) {
            Head head = heads.poll();
            List<ConsumerRecord<K, V>> records = partitions.get(head.partition());
            merged.add(records.get(head.index()));
            int next = head.index() + 1;
            if (next < records.size()) {
                heads.add(new Head(records.get(next).timestamp(), head.partition(), next));
            }
        }
        return merged;
    }
}
