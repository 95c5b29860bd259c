package org.torneo.platform.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.logging.Logger;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.platform.projection.Chunks;

/**
 * Reads topics from their beginning to the end they have now (read_committed, so up to the last stable offsets;
 * no consumer group, no offsets committed): what a projection's backfill, a dead-letter check and the audit's export
 * each need. Plain Kafka client only (no framework type), so the command line uses it too.
 */
public final class TopicsToEnd {

    private static final Logger LOG = Logger.getLogger(TopicsToEnd.class.getName());
    private static final int CHUNK = 500;
    private static final Duration POLL = Duration.ofMillis(200);

    private TopicsToEnd() {
    }

    /**
     * How far a read came.
     *
     * @param records  the records handed over
     * @param complete whether every partition was read to its end (false: the deadline passed or the reader was
     *                 told to stop)
     */
    public record Reach(long records, boolean complete) {
    }

    /**
     * Hands every record of {@code topics} to {@code each}, in log order per partition. A topic that does not
     * exist (or that this client may not see) counts as empty.
     *
     * @param clientProperties the broker, the sign-in and a client id (deserializers, isolation, no group and no
     *                         auto-commit are set here; {@code max.poll.records} defaults to 2,000)
     * @param requestTimeout   how long one call to the broker may take
     * @param deadline         how long the whole read may take (null: no limit beyond the calls' own)
     * @param go               checked between polls: false stops the read (e.g. the service stops)
     */
    public static Reach read(Properties clientProperties, Collection<String> topics, Duration requestTimeout,
                             Duration deadline, BooleanSupplier go, Consumer<ConsumerRecord<byte[], byte[]>> each) {
        Properties props = new Properties();
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
        props.putAll(clientProperties);
        props.remove(ConsumerConfig.GROUP_ID_CONFIG);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        props.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) requestTimeout.toMillis());
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        long count = 0;
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props)) {
            Map<String, List<PartitionInfo>> existing = consumer.listTopics(requestTimeout);
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : topics) {
                for (PartitionInfo p : existing.getOrDefault(topic, List.of())) {
                    partitions.add(new TopicPartition(topic, p.partition()));
                }
            }
            if (partitions.isEmpty()) {
                return new Reach(0, true);
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = new HashMap<>(consumer.endOffsets(partitions, requestTimeout));
            long stopAt = deadline == null ? Long.MAX_VALUE : System.nanoTime() + deadline.toNanos();
            end.entrySet().removeIf(e -> consumer.position(e.getKey()) >= e.getValue());
            while (!end.isEmpty() && System.nanoTime() - stopAt < 0 && go.getAsBoolean()) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                    each.accept(record);
                    count++;
                }
                end.entrySet().removeIf(e -> consumer.position(e.getKey()) >= e.getValue());
            }
            return new Reach(count, end.isEmpty());
        }
    }

    /**
     * Reads the event envelopes of {@code topics} to their end and hands those {@code keep} accepts to
     * {@code sink} in chunks of 500 ({@link Chunks#deliver}: one event the sink cannot take costs that event):
     * a projection's backfill from the log, which is the truth. A record that cannot be decoded is skipped and
     * logged, as the runtime's replay skips it (and dead-letters it). Returns how many events were handed over.
     *
     * @param service        for the log lines (e.g. "game")
     * @param requestTimeout how long one call to the broker may take
     * @param deadline       how long the whole read may take (null: no limit)
     */
    public static long envelopes(String service, Properties clientProperties, Collection<String> topics,
                                 JsonCodec codec, Duration requestTimeout, Duration deadline, Predicate<Envelope> keep,
                                 Consumer<List<Envelope>> sink) {
        List<Envelope> chunk = new ArrayList<>();
        long[] handed = {0};
        long[] unreadable = {0};
        Reach reach = read(clientProperties, topics, requestTimeout, deadline, () -> true, record -> {
            Envelope event;
            try {
                event = codec.decode(record.value());
            } catch (RuntimeException e) {
                unreadable[0]++;
                LOG.warning(service + ": the projection's backfill skips the unreadable event at " + record.topic()
                        + "-" + record.partition() + "@" + record.offset() + ": " + e.getMessage());
                return;
            }
            if (!keep.test(event)) {
                return;
            }
            chunk.add(event);
            if (chunk.size() >= CHUNK) {
                Chunks.deliver(service, List.copyOf(chunk), sink);
                handed[0] += chunk.size();
                chunk.clear();
            }
        });
        if (!chunk.isEmpty()) {
            Chunks.deliver(service, List.copyOf(chunk), sink);
            handed[0] += chunk.size();
        }
        if (unreadable[0] > 0) {
            LOG.warning(service + ": the projection's backfill skipped " + unreadable[0] + " unreadable events");
        }
        if (!reach.complete()) {
            LOG.warning(service + ": the projection's backfill stopped after " + deadline.toSeconds()
                    + " s before the end of " + topics);
        }
        return handed[0];
    }
}
