package org.torneo.clock.app.edge;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.Future;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.topics.Topics;

/**
 * The edge of the clock service: puts clock commands on torneo.clock.commands (key = game id), both
 * those arriving over REST and the scheduler's CheckFlag / CheckDefault, so every decision goes
 * through the same transactional command path and is recorded once.
 */
@ApplicationScoped
public class CommandPublisher {

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    @ConfigProperty(name = "torneo.topic-prefix")
    Optional<String> topicPrefix;

    private final JsonCodec codec = JsonCodec.standard();
    private volatile KafkaProducer<byte[], byte[]> producer;

    /** Sends {@code command} with envelope id {@code commandId} (the idempotency key). */
    public Future<RecordMetadata> send(UUID commandId, ClockCommand command) {
        Envelope envelope = Envelope.command(commandId, command.gameId(), command.actor(),
                Instant.ofEpochMilli(command.at()), command);
        return producer().send(new ProducerRecord<>(topicPrefix.orElse("") + Topics.CLOCK_COMMANDS.name(),
                command.gameId().getBytes(StandardCharsets.UTF_8), codec.encode(envelope)));
    }

    private KafkaProducer<byte[], byte[]> producer() {
        KafkaProducer<byte[], byte[]> p = producer;
        if (p == null) {
            synchronized (this) {
                if (producer == null) {
                    Properties props = new Properties();
                    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
                    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
                    props.put(ProducerConfig.ACKS_CONFIG, "all");
                    props.put(ProducerConfig.LINGER_MS_CONFIG, 0);
                    props.put(ProducerConfig.CLIENT_ID_CONFIG, "clock-edge");
                    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
                    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
                    producer = new KafkaProducer<>(props);
                }
                p = producer;
            }
        }
        return p;
    }

    @PreDestroy
    void close() {
        KafkaProducer<byte[], byte[]> p = producer;
        if (p != null) {
            p.close(java.time.Duration.ofSeconds(5));
        }
    }
}
