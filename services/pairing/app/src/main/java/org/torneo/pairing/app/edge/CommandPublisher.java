package org.torneo.pairing.app.edge;

import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.platform.edge.EdgeProducer;

/**
 * The edge of the pairing service: puts tournament commands arriving over REST on
 * torneo.tournament.commands (key = tournament id). The command's id is the envelope id, the
 * idempotency key: a command sent twice is decided once.
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

    /** Sends {@code command} and waits until the broker has it. */
    public void send(TournamentCommand command) throws InterruptedException, ExecutionException, TimeoutException {
        edge.send(Topics.TOURNAMENT_COMMANDS, Envelope.command(UUID.fromString(command.commandId()),
                command.tournamentId(), command.actor(), command.at(), command)).get(30, TimeUnit.SECONDS);
    }

    @PostConstruct
    void open() {
        edge = new EdgeProducer(bootstrapServers, kafkaClients.security(), topicPrefix.orElse(""), "pairing-edge");
    }

    @PreDestroy
    void close() {
        edge.close();
    }
}
