package org.torneo.console;

import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.scoresheet.ScoresheetEvent;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.edge.auth.TopicFollower;
import org.torneo.platform.kafka.KafkaClientConfig;

/**
 * The scoresheets' device log on Kafka (torneo.scoresheet, keyed by game id): {@link SheetLog} writes each device
 * action and each alert here before it answers the device, and reads the topic back from its beginning at the start,
 * so a restarted console has every log and alert it had. Each game's messages form a hash chain of their own (sequence
 * 1, 2, ... sealed like every event of the catalogue), the sequence telling the read-back which ones it already holds.
 */
@ApplicationScoped
public class SheetJournal {

    static final JsonCodec CODEC = JsonCodec.standard();

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    @ConfigProperty(name = "torneo.topic-prefix")
    Optional<String> topicPrefix;

    /** How long a write waits for the broker before the device is told to send the action again. */
    @ConfigProperty(name = "torneo.console.sheet-log-write-timeout", defaultValue = "PT10S")
    Duration writeTimeout;

    @Inject
    KafkaClientConfig kafkaClients;

    /** The Kafka sign-in when made outside the container (a test's restarted console); else the app's. */
    private java.util.Map<String, Object> security;

    private volatile KafkaProducer<String, String> producer;

    /** A journal made by hand, with its broker, sign-in and topic prefix (e.g. a console restarted in a test). */
    static SheetJournal of(String bootstrapServers, java.util.Map<String, Object> security, String topicPrefix) {
        SheetJournal journal = new SheetJournal();
        journal.bootstrapServers = bootstrapServers;
        journal.security = java.util.Map.copyOf(security);
        journal.topicPrefix = Optional.ofNullable(topicPrefix);
        journal.writeTimeout = Duration.ofSeconds(30);
        return journal;
    }

    private java.util.Map<String, Object> security() {
        return security != null ? security : kafkaClients.security();
    }
    private volatile TopicFollower follower;

    String topic() {
        return topicPrefix.orElse("") + Topics.SCORESHEET.name();
    }

    /** Starts reading the topic back into {@code sink} ({@code reset}: after a broker failure it is read again). */
    synchronized void follow(Consumer<Envelope> sink, Runnable reset) {
        if (follower == null) {
            follower = new TopicFollower(bootstrapServers, security(), topic(), CODEC, sink, reset,
                    text -> text.contains("\"scoresheet."));
            follower.start();
        }
    }

    /** Whether everything on the topic when asked has been read back, within {@code timeout}. */
    boolean awaitCurrent(Duration timeout) {
        return follower != null && follower.awaitCurrent(timeout);
    }

    /**
     * Writes one event of a game's log as sequence {@code sequence} after {@code previousHash}; returns the sealed
     * envelope once the broker has it, or throws (the caller answers the device "waiting": it sends again).
     */
    Envelope write(String gameId, long sequence, String previousHash, Actor actor, java.time.Instant at,
                   ScoresheetEvent event) {
        Envelope sealed = CODEC.seal(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, gameId, sequence,
                actor, at, event), previousHash);
        try {
            producer().send(new ProducerRecord<>(topic(), gameId, CODEC.toJson(sealed)))
                    .get(writeTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the device log was not written: interrupted", e);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the device log was not written (the broker did not take it: "
                    + e.getMessage() + ")", e);
        }
        return sealed;
    }

    private KafkaProducer<String, String> producer() {
        KafkaProducer<String, String> made = producer;
        if (made == null) {
            synchronized (this) {
                if (producer == null) {
                    Properties properties = new Properties();
                    properties.putAll(security());
                    properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
                    properties.put(ProducerConfig.ACKS_CONFIG, "all");
                    properties.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
                    properties.put(ProducerConfig.LINGER_MS_CONFIG, "0");
                    properties.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, String.valueOf(writeTimeout.toMillis()));
                    properties.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                            String.valueOf(Math.max(writeTimeout.toMillis(), 1000)));
                    properties.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                            String.valueOf(Math.max(writeTimeout.toMillis() - 1, 500)));
                    properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
                    properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
                    producer = new KafkaProducer<>(properties);
                }
                made = producer;
            }
        }
        return made;
    }

    @PreDestroy
    void close() {
        if (follower != null) {
            follower.close();
        }
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
    }
}
