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
 * each need ({@link #read}); and, kept open, reads on from where it was ({@link #open}): the pairing's round anchors
 * read the chain heads to their end at each close, the demo's edge follows the event topics. Plain Kafka client only
 * (no framework type), so the command line uses it too.
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
        try (Reader reader = Reader.open(clientProperties, topics, requestTimeout, From.BEGINNING, false)) {
            return reader.toEnd(deadline, go, each);
        }
    }

    /** Where an open reader starts: the topics' first records, or the end they have when it opens. */
    public enum From {
        BEGINNING,
        /** Only what is written after the reader opened (e.g. the events of a tournament created just after). */
        END
    }

    /**
     * Opens a reader of {@code topics} that keeps its consumer (and its place) between reads: for a reader that
     * follows topics as they grow, or that reads them to their end again and again (e.g. at each round's close). A
     * topic that does not exist counts as empty; one this client may not see fails here with the broker's
     * authorization error, since a reader that stays open must not quietly follow nothing.
     *
     * @param clientProperties as for {@link #read}
     * @param requestTimeout   how long one call to the broker may take
     */
    public static Reader open(Properties clientProperties, Collection<String> topics, Duration requestTimeout,
                              From from) {
        return Reader.open(clientProperties, topics, requestTimeout, from, true);
    }

    /**
     * A reader of a fixed set of partitions that goes on from where it was. Its methods are called from one thread,
     * save {@link #wakeup}.
     */
    public static final class Reader implements AutoCloseable {

        private final KafkaConsumer<byte[], byte[]> consumer;
        private final List<TopicPartition> partitions;
        private final Duration requestTimeout;

        private Reader(KafkaConsumer<byte[], byte[]> consumer, List<TopicPartition> partitions,
                       Duration requestTimeout) {
            this.consumer = consumer;
            this.partitions = List.copyOf(partitions);
            this.requestTimeout = requestTimeout;
        }

        /**
         * @param strict whether a topic the client may not see is an error (else it counts as empty, as a topic that
         *               does not exist)
         */
        private static Reader open(Properties clientProperties, Collection<String> topics, Duration requestTimeout,
                                   From from, boolean strict) {
            KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerProperties(clientProperties,
                    requestTimeout));
            try {
                List<TopicPartition> partitions = new ArrayList<>();
                Map<String, List<PartitionInfo>> existing = strict ? Map.of() : consumer.listTopics(requestTimeout);
                for (String topic : topics) {
                    List<PartitionInfo> infos = strict ? consumer.partitionsFor(topic, requestTimeout)
                            : existing.getOrDefault(topic, List.of());
                    for (PartitionInfo p : infos) {
                        partitions.add(new TopicPartition(topic, p.partition()));
                    }
                }
                if (!partitions.isEmpty()) {
                    consumer.assign(partitions);
                    if (from == From.BEGINNING) {
                        consumer.seekToBeginning(partitions);
                    } else {
                        consumer.seekToEnd(partitions);
                        partitions.forEach(consumer::position); // the ends now, not at the first poll
                    }
                }
                return new Reader(consumer, partitions, requestTimeout);
            } catch (RuntimeException e) {
                consumer.close();
                throw e;
            }
        }

        /**
         * Hands the records from where the reader is to the end the topics have now to {@code each}, in log order
         * per partition.
         *
         * @param deadline how long the read may take (null: no limit beyond the calls' own)
         * @param go       checked between polls: false stops the read
         * @return the records handed over by this call, and whether it reached the end
         */
        public Reach toEnd(Duration deadline, BooleanSupplier go, Consumer<ConsumerRecord<byte[], byte[]>> each) {
            if (partitions.isEmpty()) {
                return new Reach(0, true);
            }
            long count = 0;
            Map<TopicPartition, Long> end = new HashMap<>(consumer.endOffsets(partitions, requestTimeout));
            long stopAt = deadline == null ? Long.MAX_VALUE : System.nanoTime() + deadline.toNanos();
            end.entrySet().removeIf(e -> consumer.position(e.getKey()) >= e.getValue());
            while (!end.isEmpty() && System.nanoTime() - stopAt < 0 && go.getAsBoolean()) {
                count += poll(POLL, each);
                end.entrySet().removeIf(e -> consumer.position(e.getKey()) >= e.getValue());
            }
            return new Reach(count, end.isEmpty());
        }

        /**
         * One poll: hands what has come since the last (at most {@code max.poll.records}), waiting up to
         * {@code wait} for something. A reader of no partition (none of its topics existed) fails here, as a
         * consumer assigned nothing does.
         *
         * @return how many records were handed over
         */
        public int poll(Duration wait, Consumer<ConsumerRecord<byte[], byte[]>> each) {
            int count = 0;
            for (ConsumerRecord<byte[], byte[]> record : consumer.poll(wait)) {
                each.accept(record);
                count++;
            }
            return count;
        }

        /**
         * From another thread: a poll under way (or the next) ends with Kafka's {@code WakeupException}, so that
         * the reading thread can stop and close the reader.
         */
        public void wakeup() {
            consumer.wakeup();
        }

        @Override
        public void close() {
            consumer.close();
        }
    }

    private static Properties consumerProperties(Properties clientProperties, Duration requestTimeout) {
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
        return props;
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
