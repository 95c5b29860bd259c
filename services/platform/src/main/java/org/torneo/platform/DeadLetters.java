package org.torneo.platform;

import java.nio.charset.StandardCharsets;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.torneo.contracts.topics.Topics;

/**
 * A record that cannot be decoded, or whose processing throws, goes to torneo.deadletter unchanged
 * (same key and value bytes, original headers kept) with the reason and its origin in headers, and
 * the partition goes on with the next record.
 */
public final class DeadLetters {

    public static final String REASON = "dead-letter-reason";
    public static final String TOPIC = "dead-letter-topic";
    public static final String PARTITION = "dead-letter-partition";
    public static final String OFFSET = "dead-letter-offset";
    public static final String SERVICE = "dead-letter-service";

    private static final int MAX_REASON = 2000;

    private DeadLetters() {
    }

    public static ProducerRecord<byte[], byte[]> of(ConsumerRecord<byte[], byte[]> original, String service,
                                                    String reason) {
        ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(Topics.DEAD_LETTER.name(), null, original.key(),
                original.value());
        for (Header header : original.headers()) {
            record.headers().add(header);
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
        return record;
    }

    /** A header's text, or null when absent. */
    public static String header(org.apache.kafka.common.header.Headers headers, String name) {
        Header header = headers.lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
