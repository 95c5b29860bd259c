package org.torneo.platform.kafka;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Utils;

/**
 * Which aggregates this instance of a service decides and holds: those of the partition numbers it owns.
 *
 * <p><b>Co-partitioning.</b> An aggregate's inputs come on several topics (the game's commands and its clock's
 * events; the pairing's tournament commands and the results), all keyed by the aggregate id with the default
 * partitioner, so with equal partition counts every input of aggregate {@code a} is on partition
 * {@code murmur2(a) % n} of its topic: {@link #partitionOf}. An instance that owns partition number N of
 * <em>every</em> input topic sees all inputs of the aggregates of N, and only it decides them. The runtime asks the
 * broker's range assignor for that ({@code group.remote.assignor=range}: with the KIP-848 consumer protocol the
 * assignor runs in the group coordinator, client-side assignors are refused; its range assignor gives each member the
 * same partition numbers of every subscribed topic when all members subscribe to the same topics with equal partition
 * counts, as Kafka Streams' co-partitioning does; under {@code group.protocol=classic} the client's default list
 * starts with the RangeAssignor, which does the same). That is simpler than a client-side assignor and needs no
 * second consumer; this class does not trust it blindly though: a number counts as owned only while every input
 * topic's partition of that number is assigned here ({@link #update}); the partitions of an incomplete number (a
 * member subscribed differently, a reassignment caught half-way) are paused and their records left for the complete
 * owner, so no input is ever decided on an aggregate another instance may hold. Unequal partition counts break the
 * premise: {@link #check} refuses to start and names the topics and their counts.
 *
 * <p><b>Held numbers.</b> The store holds the aggregates of {@link #held()} (their whole history up to the log
 * reader's positions); the runtime restores a number's aggregates from the log when it gains it and drops them when it
 * loses it. An input whose aggregate is of another number than its partition (not keyed by its aggregate: the clock
 * hears of a game's end on the results, keyed by tournament) is decided here only if its number is held, and
 * otherwise forwarded, keyed by its aggregate, to the owner.
 */
public final class PartitionOwnership {

    private final List<String> inputTopics;
    private final int partitions;
    private final Set<Integer> held = new TreeSet<>();

    /** The partition numbers gained and lost by an assignment, and the partitions to pause and to resume. */
    public record Change(Set<Integer> gained, Set<Integer> lost, Set<TopicPartition> pause,
                         Set<TopicPartition> resume) {
        public boolean isEmpty() {
            return gained.isEmpty() && lost.isEmpty();
        }
    }

    private PartitionOwnership(List<String> inputTopics, int partitions) {
        this.inputTopics = List.copyOf(inputTopics);
        this.partitions = partitions;
    }

    /**
     * The ownership of a runtime reading {@code counts} (input topic to its partition count): all counts must be
     * equal, or the same aggregate's inputs would land on different partition numbers.
     *
     * @throws NotCoPartitioned naming every input topic and its count when they differ
     */
    public static PartitionOwnership check(String service, Map<String, Integer> counts) {
        Set<Integer> distinct = new HashSet<>(counts.values());
        if (distinct.size() != 1) {
            throw new NotCoPartitioned(service + ": the input topics are not co-partitioned, their partition counts"
                    + " differ: " + new TreeMap<>(counts).entrySet().stream().map(e -> e.getKey() + " has "
                    + e.getValue()).collect(Collectors.joining(", ")) + ". An aggregate's inputs must land on the same"
                    + " partition number of every input topic: give them all the same count");
        }
        return new PartitionOwnership(List.copyOf(new TreeMap<>(counts).keySet()), distinct.iterator().next());
    }

    /** Refused start: the input topics' partition counts differ (a configuration error; starting over cannot heal it). */
    public static final class NotCoPartitioned extends IllegalStateException {
        public NotCoPartitioned(String message) {
            super(message);
        }
    }

    /** The partition of {@code key} among {@code count} under Kafka's default partitioner (murmur2 of the UTF-8 key). */
    public static int partitionOf(String key, int count) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % count;
    }

    /** The partition number of an aggregate's inputs. */
    public int partitionOf(String aggregateId) {
        return partitionOf(aggregateId, partitions);
    }

    public int partitions() {
        return partitions;
    }

    /** Whether the store holds (and this instance decides) the aggregates of {@code number}. */
    public boolean holds(int number) {
        return held.contains(number);
    }

    public boolean holdsAggregate(String aggregateId) {
        return held.contains(partitionOf(aggregateId));
    }

    public Set<Integer> held() {
        return Set.copyOf(held);
    }

    /** Holds every number: a lone instance before its first assignment, restoring a whole-service snapshot. */
    public void holdAll() {
        for (int n = 0; n < partitions; n++) {
            held.add(n);
        }
    }

    public boolean holdsAll() {
        return held.size() == partitions;
    }

    /**
     * Takes the consumer's current {@code assignment}: the numbers all of whose input partitions are assigned become
     * the held ones. Returns what changed; the caller drops the lost numbers' aggregates and restores the gained ones
     * before deciding anything, pauses {@code pause} (partitions of incomplete numbers) and resumes {@code resume}.
     */
    public Change update(Collection<TopicPartition> assignment) {
        Map<Integer, Set<String>> topicsByNumber = new TreeMap<>();
        for (TopicPartition partition : assignment) {
            topicsByNumber.computeIfAbsent(partition.partition(), n -> new HashSet<>()).add(partition.topic());
        }
        Set<Integer> complete = new TreeSet<>();
        Set<TopicPartition> pause = new HashSet<>();
        Set<TopicPartition> resume = new HashSet<>();
        topicsByNumber.forEach((number, topics) -> {
            boolean whole = topics.containsAll(inputTopics) && number < partitions;
            if (whole) {
                complete.add(number);
            }
            for (String topic : topics) {
                (whole ? resume : pause).add(new TopicPartition(topic, number));
            }
        });
        Set<Integer> gained = new TreeSet<>(complete);
        gained.removeAll(held);
        Set<Integer> lost = new TreeSet<>(held);
        lost.removeAll(complete);
        return new Change(gained, lost, pause, resume);
    }

    /** The store now holds {@code number} (restored) or no longer does (dropped). */
    public void hold(Set<Integer> numbers) {
        held.addAll(numbers);
    }

    public void release(Set<Integer> numbers) {
        held.removeAll(numbers);
    }

    /** Whether {@code partition} of an input topic belongs to a number this instance holds. */
    public boolean decidesOn(TopicPartition partition) {
        return held.contains(partition.partition());
    }

    /**
     * The records of {@code records} this instance may decide: those of partitions whose number it holds. Any other
     * (a number not wholly assigned here) is put back: the consumer seeks its partition back to it, so it is read again
     * once the number is complete here, or by its owner.
     */
    public ConsumerRecords<byte[], byte[]> decidable(KafkaConsumer<byte[], byte[]> consumer,
                                                     ConsumerRecords<byte[], byte[]> records) {
        if (records.isEmpty() || records.partitions().stream().allMatch(this::decidesOn)) {
            return records;
        }
        Map<TopicPartition, List<ConsumerRecord<byte[], byte[]>>> kept = new HashMap<>();
        for (TopicPartition partition : records.partitions()) {
            List<ConsumerRecord<byte[], byte[]>> list = records.records(partition);
            if (decidesOn(partition)) {
                kept.put(partition, list);
            } else if (consumer.assignment().contains(partition)) {
                consumer.seek(partition, list.get(0).offset());
            }
        }
        return new ConsumerRecords<>(kept, Map.of());
    }

    /** Each input topic's partition count; a topic that does not exist (yet) is an error (the cycle starts over). */
    public static Map<String, Integer> partitionCounts(KafkaConsumer<byte[], byte[]> consumer, List<String> inputs,
                                                       java.time.Duration maxBlock) {
        Map<String, Integer> counts = new HashMap<>();
        for (String topic : inputs) {
            List<PartitionInfo> infos = consumer.partitionsFor(topic, maxBlock);
            if (infos == null || infos.isEmpty()) {
                throw new KafkaException("the input topic " + topic + " does not exist (yet)");
            }
            counts.put(topic, infos.size());
        }
        return counts;
    }
}
