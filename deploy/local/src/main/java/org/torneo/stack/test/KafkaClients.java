package org.torneo.stack.test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Plain Kafka clients for tests: a transactional producer and a read_committed reader. {@code security} is the
 * client's sign-in ({@code security.protocol}, {@code sasl.*}: e.g. {@code TorneoStack.clientSecurity()}).
 */
public final class KafkaClients {

    private KafkaClients() {
    }

    /** A producer with idempotence, acks=all and the given transactional id, already initialised. */
    public static KafkaProducer<String, String> transactionalProducer(String bootstrapServers, Map<String, Object> security,
                                                                      String transactionalId) {
        Properties props = new Properties();
        props.putAll(security);
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "30000");
        props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "60000");
        props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        KafkaProducer<String, String> producer = new KafkaProducer<>(props);
        producer.initTransactions();
        return producer;
    }

    /** A plain producer (idempotent, acks=all), e.g. to inject a malformed message. */
    public static KafkaProducer<String, String> producer(String bootstrapServers, Map<String, Object> security) {
        Properties props = new Properties();
        props.putAll(security);
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return new KafkaProducer<>(props);
    }

    /**
     * Reads a topic from the beginning with {@code isolation.level=read_committed} (so aborted and
     * still-open transactions are invisible) until at least {@code atLeast} records were seen or the
     * timeout passes; returns what was read, in partition-then-offset order per partition. Uses no
     * consumer group (manual assignment), so it never disturbs the services' groups.
     */
    public static List<ConsumerRecord<String, String>> readCommitted(String bootstrapServers, Map<String, Object> security,
                                                                     String topic, int atLeast, Duration timeout) {
        return readCommitted(bootstrapServers, security, topic, record -> true, atLeast, timeout);
    }

    /**
     * Like {@link #readCommitted(String, Map, String, int, Duration)} but keeps (and counts) only the
     * records {@code wanted} accepts, e.g. one aggregate's key on a topic other tests also write.
     */
    public static List<ConsumerRecord<String, String>> readCommitted(String bootstrapServers, Map<String, Object> security,
                                                                     String topic, Predicate<ConsumerRecord<String, String>> wanted,
                                                                     int atLeast, Duration timeout) {
        Properties props = new Properties();
        props.putAll(security);
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "torneo-test-reader-" + UUID.randomUUID());
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            List<TopicPartition> partitions = List.of();
            while (partitions.isEmpty() && System.nanoTime() < deadline) {
                partitions = consumer.partitionsFor(topic, Duration.ofSeconds(5)).stream()
                        .map(info -> new TopicPartition(topic, info.partition()))
                        .collect(Collectors.toList());
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            while (records.size() < atLeast && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    if (wanted.test(record)) {
                        records.add(record);
                    }
                }
            }
        }
        return records;
    }

    /** The values of {@link #readCommitted}. */
    public static List<String> readCommittedValues(String bootstrapServers, Map<String, Object> security, String topic,
                                                   int atLeast, Duration timeout) {
        return readCommitted(bootstrapServers, security, topic, atLeast, timeout).stream().map(ConsumerRecord::value)
                .toList();
    }
}
