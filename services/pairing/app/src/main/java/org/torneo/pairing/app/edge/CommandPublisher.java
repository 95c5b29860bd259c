package org.torneo.pairing.app.edge;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.TournamentCommand;

/**
 * The edge of the pairing service: puts tournament commands arriving over REST on
 * torneo.tournament.commands (key = tournament id). The command's id is the envelope id, the
 * idempotency key: a command sent twice is decided once.
 */
@ApplicationScoped
public class CommandPublisher {

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    @ConfigProperty(name = "torneo.topic-prefix")
    Optional<String> topicPrefix;

    private final JsonCodec codec = JsonCodec.standard();
    private volatile KafkaProducer<byte[], byte[]> producer;

    /** Sends {@code command} and waits until the broker has it. */
    public void send(TournamentCommand command) throws InterruptedException, ExecutionException, TimeoutException {
        Envelope envelope = Envelope.command(UUID.fromString(command.commandId()), command.tournamentId(),
                command.actor(), command.at(), command);
        producer().send(new ProducerRecord<>(topicPrefix.orElse("") + Topics.TOURNAMENT_COMMANDS.name(),
                command.tournamentId().getBytes(StandardCharsets.UTF_8), codec.encode(envelope)))
                .get(30, TimeUnit.SECONDS);
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
                    props.put(ProducerConfig.CLIENT_ID_CONFIG, "pairing-edge");
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
