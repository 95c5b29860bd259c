package org.torneo.platform.edge;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.Future;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;

/**
 * Puts command envelopes on a command topic, keyed by the envelope's aggregate id (one game or tournament never
 * spans partitions), so every decision goes through the service's one transactional command path. The envelope id
 * is the command id, the idempotency key: a resend is harmless. The producer is idempotent, acks=all, and created
 * on first use (REST endpoints that never send open no connection).
 */
public final class EdgeProducer implements AutoCloseable {

    private final String bootstrapServers;
    private final String topicPrefix;
    private final String clientId;
    private final java.util.Map<String, Object> security;
    private final JsonCodec codec = JsonCodec.standard();
    private volatile KafkaProducer<byte[], byte[]> producer;

    /** {@code security}: how it signs in ({@code KafkaClientConfig.security()}: the service's own Kafka user). */
    public EdgeProducer(String bootstrapServers, java.util.Map<String, Object> security, String topicPrefix,
                        String clientId) {
        this.bootstrapServers = bootstrapServers;
        this.security = java.util.Map.copyOf(security);
        this.topicPrefix = topicPrefix == null ? "" : topicPrefix;
        this.clientId = clientId;
    }

    /** Sends the envelope; the future completes when the broker has it. */
    public Future<RecordMetadata> send(TopicSpec topic, Envelope envelope) {
        return producer().send(new ProducerRecord<>(topicPrefix + topic.name(),
                envelope.aggregateId().getBytes(StandardCharsets.UTF_8), codec.encode(envelope)));
    }

    /** Sends a clock command, keyed by its game and dated by its own instant (the game and clock apps send them). */
    public Future<RecordMetadata> send(UUID commandId, ClockCommand command) {
        return send(Topics.CLOCK_COMMANDS, Envelope.command(commandId, command.gameId(), command.actor(),
                Instant.ofEpochMilli(command.at()), command));
    }

    /**
     * Sends a dead letter ({@link org.torneo.platform.DeadLetters#of}) of a record a reader outside the runtime could
     * not use; the future completes when the broker has it.
     */
    public Future<RecordMetadata> deadLetter(ProducerRecord<byte[], byte[]> deadLetter) {
        return producer().send(new ProducerRecord<>(topicPrefix + deadLetter.topic(), null, deadLetter.key(),
                deadLetter.value(), deadLetter.headers()));
    }

    private KafkaProducer<byte[], byte[]> producer() {
        KafkaProducer<byte[], byte[]> p = producer;
        if (p == null) {
            synchronized (this) {
                if (producer == null) {
                    Properties props = new Properties();
                    props.putAll(security);
                    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
                    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
                    props.put(ProducerConfig.ACKS_CONFIG, "all");
                    props.put(ProducerConfig.LINGER_MS_CONFIG, 0);
                    props.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
                    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
                    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
                    producer = new KafkaProducer<>(props);
                }
                p = producer;
            }
        }
        return p;
    }

    @Override
    public void close() {
        KafkaProducer<byte[], byte[]> p = producer;
        if (p != null) {
            p.close(Duration.ofSeconds(5));
        }
    }
}
