package org.torneo.game.app.edge;

import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Future;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.clients.producer.RecordMetadata;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.edge.EdgeProducer;

/**
 * The edge of the game service: puts commands on torneo.game.commands (key = game id), from REST and from the
 * round starter, so every decision goes through the one transactional command path; and tells the clock
 * service to start (torneo.clock.commands). Command ids are the idempotency keys: a resend is harmless.
 */
@ApplicationScoped
public class CommandPublisher {

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    @jakarta.inject.Inject
    org.torneo.platform.kafka.KafkaClientConfig kafkaClients;

    @ConfigProperty(name = "torneo.topic-prefix")
    Optional<String> topicPrefix;

    private EdgeProducer edge;

    /** Sends a game command for {@code gameId} as {@code actor}; the future completes when the broker has it. */
    public Future<RecordMetadata> send(UUID commandId, String gameId, Actor actor, GameCommand command) {
        return edge.send(Topics.GAME_COMMANDS, Envelope.command(commandId, gameId, actor, command.observedAt(), command));
    }

    /** Sends a clock command (key = game id). */
    public Future<RecordMetadata> send(UUID commandId, ClockCommand command) {
        return edge.send(commandId, command);
    }

    /** Sends a dead letter of a record the game's own readers (the round starter) could not act on. */
    public Future<RecordMetadata> deadLetter(org.apache.kafka.clients.producer.ProducerRecord<byte[], byte[]> record) {
        return edge.deadLetter(record);
    }

    /** The topic prefix (tests only; "" in production). */
    public String topicPrefix() {
        return topicPrefix.orElse("");
    }

    @PostConstruct
    void open() {
        edge = new EdgeProducer(bootstrapServers, kafkaClients.security(), topicPrefix.orElse(""), "game-edge");
    }

    @PreDestroy
    void close() {
        edge.close();
    }
}
