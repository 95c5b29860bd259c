package org.torneo.platform;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.torneo.contracts.topics.Topics;

/**
 * A record that cannot be decoded, or whose processing throws, goes to torneo.deadletter unchanged
 * (same key and value bytes, original headers kept) with the reason and its origin in headers, and
 * the partition goes on with the next record.
 *
 * <p>A record so large that the dead letter (its bytes plus the headers) would not fit a produce request keeps
 * only the first {@link #KEPT_WHEN_TOO_LARGE} bytes of its value and none of its own headers, and says so in
 * {@link #VALUE_BYTES}: otherwise the producer would refuse the dead letter, the transaction would fail, and the
 * reader would meet the same record again for ever.
 */
public final class DeadLetters {

    public static final String REASON = "dead-letter-reason";
    public static final String TOPIC = "dead-letter-topic";
    public static final String PARTITION = "dead-letter-partition";
    public static final String OFFSET = "dead-letter-offset";
    public static final String SERVICE = "dead-letter-service";
    /** Present only on a cut dead letter: how many bytes the original value had. */
    public static final String VALUE_BYTES = "dead-letter-value-bytes";

    private static final int MAX_REASON = 2000;
    /** Well below the producer's default max.request.size (1 MiB), as for the runtime's events. */
    static final int MAX_DEAD_LETTER_BYTES = 900 * 1024;
    public static final int KEPT_WHEN_TOO_LARGE = 64 * 1024;

    private DeadLetters() {
    }

    public static ProducerRecord<byte[], byte[]> of(ConsumerRecord<byte[], byte[]> original, String service,
                                                    String reason) {
        byte[] value = original.value();
        boolean tooLarge = size(original) > MAX_DEAD_LETTER_BYTES;
        if (tooLarge && value != null && value.length > KEPT_WHEN_TOO_LARGE) {
            value = java.util.Arrays.copyOf(value, KEPT_WHEN_TOO_LARGE);
        }
        byte[] key = original.key();
        if (tooLarge && key != null && key.length > KEPT_WHEN_TOO_LARGE) {
            key = java.util.Arrays.copyOf(key, KEPT_WHEN_TOO_LARGE);
        }
        ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(Topics.DEAD_LETTER.name(), null, key, value);
        if (!tooLarge) {
            for (Header header : original.headers()) {
                record.headers().add(header);
            }
        }
        String text = reason == null || reason.isBlank() ? "unknown failure" : reason;
        if (text.length() > MAX_REASON) {
            text = text.substring(0, MAX_REASON) + "…";
        }
        record.headers().add(REASON, utf8(text));
        record.headers().add(TOPIC, utf8(original.topic()));
        record.headers().add(PARTITION, utf8(Integer.toString(original.partition())));
        record.headers().add(OFFSET, utf8(Long.toString(original.offset())));
        record.headers().add(SERVICE, utf8(service));
        if (tooLarge) {
            record.headers().add(VALUE_BYTES, utf8(Integer.toString(original.value() == null ? 0 : original.value().length)));
        }
        return record;
    }

    /** The bytes a record's key, value and headers take. */
    private static long size(ConsumerRecord<byte[], byte[]> record) {
        long size = (record.key() == null ? 0 : record.key().length) + (record.value() == null ? 0 : record.value().length);
        for (Header header : record.headers()) {
            size += header.key().length() + (header.value() == null ? 0 : header.value().length);
        }
        return size;
    }

    /** A header's text, or null when absent. */
    public static String header(org.apache.kafka.common.header.Headers headers, String name) {
        Header header = headers.lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    /** How a dead letter names its origin: topic:partition:offset. */
    public static String origin(String topic, int partition, long offset) {
        return topic + ":" + partition + ":" + offset;
    }

    /**
     * The origins ({@link #origin}) of the dead letters {@code service} already sent for records of
     * {@code sourceTopics}, read from {@code deadLetterTopic} up to its end (read_committed): a reader that meets
     * the same record again (a replay from the beginning) reports it once. Costs a read of the dead-letter topic,
     * so readers call it only when they meet an unreadable record.
     *
     * @param consumerProperties bootstrap servers and any client settings (deserializers and isolation are set here)
     */
    public static Set<String> origins(Properties consumerProperties, String deadLetterTopic, String service,
                                      Set<String> sourceTopics, Duration timeout) {
        Properties props = new Properties();
        props.putAll(consumerProperties);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, service + "-deadletter-check");
        Set<String> origins = new HashSet<>();
        org.torneo.platform.kafka.TopicsToEnd.read(props, List.of(deadLetterTopic), timeout, timeout, () -> true, r -> {
            String topic = header(r.headers(), TOPIC);
            if (service.equals(header(r.headers(), SERVICE)) && sourceTopics.contains(topic)) {
                try {
                    origins.add(origin(topic, Integer.parseInt(header(r.headers(), PARTITION)),
                            Long.parseLong(header(r.headers(), OFFSET))));
                } catch (RuntimeException e) {
                    // a dead letter without a readable origin is not one of ours
                }
            }
        });
        return origins;
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
