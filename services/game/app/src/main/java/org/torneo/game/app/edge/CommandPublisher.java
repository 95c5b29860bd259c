package org.torneo.game.app.edge;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.topics.Topics;

/**
 * The edge of the game service: puts commands on torneo.game.commands (key = game id), from REST and from the
 * round starter, so every decision goes through the one transactional command path; and tells the clock
 * service to start (torneo.clock.commands). Command ids are the idempotency keys: a resend is harmless.
 */
@ApplicationScoped
public class CommandPublisher {

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    @ConfigProperty(name = "torneo.topic-prefix")
    Optional<String> topicPrefix;

    private final JsonCodec codec = JsonCodec.standard();
    private volatile KafkaProducer<byte[], byte[]> producer;

    /** Sends a game command for {@code gameId} as {@code actor}; the future completes when the broker has it. */
    public Future<RecordMetadata> send(UUID commandId, String gameId, Actor actor, GameCommand command) {
        Envelope envelope = Envelope.command(commandId, gameId, actor, command.observedAt(), command);
        return producer().send(new ProducerRecord<>(prefix() + Topics.GAME_COMMANDS.name(),
                gameId.getBytes(StandardCharsets.UTF_8), codec.encode(envelope)));
    }

    /** Sends a clock command (key = game id). */
    public Future<RecordMetadata> send(UUID commandId, ClockCommand command) {
        Envelope envelope = Envelope.command(commandId, command.gameId(), command.actor(),
                java.time.Instant.ofEpochMilli(command.at()), command);
        return producer().send(new ProducerRecord<>(prefix() + Topics.CLOCK_COMMANDS.name(),
                command.gameId().getBytes(StandardCharsets.UTF_8), codec.encode(envelope)));
    }

    private String prefix() {
        return topicPrefix.orElse("");
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
                    props.put(ProducerConfig.CLIENT_ID_CONFIG, "game-edge");
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
            p.close(Duration.ofSeconds(5));
        }
    }
}
