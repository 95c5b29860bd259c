package org.torneo.clock.app.edge;

import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Future;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.clients.producer.RecordMetadata;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.platform.edge.EdgeProducer;

/**
 * The edge of the clock service: puts clock commands on torneo.clock.commands (key = game id), both
 * those arriving over REST and the scheduler's CheckFlag / CheckDefault, so every decision goes
 * through the same transactional command path and is recorded once.
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

    /** Sends {@code command} with envelope id {@code commandId} (the idempotency key). */
    public Future<RecordMetadata> send(UUID commandId, ClockCommand command) {
        return edge.send(commandId, command);
    }

    @PostConstruct
    void open() {
        edge = new EdgeProducer(bootstrapServers, kafkaClients.security(), topicPrefix.orElse(""), "clock-edge");
    }

    @PreDestroy
    void close() {
        edge.close();
    }
}
