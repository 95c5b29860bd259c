package org.torneo.pairing.app.anchor;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.signing.ChainHead;
import org.torneo.contracts.signing.ChainHeads;
import org.torneo.contracts.signing.Checkpoint;
import org.torneo.contracts.signing.ServiceKey;
import org.torneo.contracts.signing.SignedNote;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.game.core.game.GameStarts;
import org.torneo.pairing.tournament.TournamentState;
import org.torneo.platform.DeadLetters;
import org.torneo.platform.Decision;
import org.torneo.platform.kafka.TopicsToEnd;
import org.torneo.platform.signing.ServiceSigning;

/**
 * Issue 17: at each round's close, a signed checkpoint of every chain head of the tournament (its own chain, its
 * games', their clocks', the rating service's), published on torneo.chain.anchors and served at
 * GET /tournaments/{id}/anchors/{round} for the arbiter to print or save ({@code torneo audit --anchor FILE}).
 *
 * <p>Here, in the pairing service, because the close is its own decision (its commit listener hears it the moment it
 * is committed, with the tournament's state: every round's boards, hence every game id), and its key already signs the
 * tournament's chain. It reads the services' heads notes (torneo.chain.heads) from the beginning, keeping each chain's
 * last head per topic; when a round closes it reads them up to their end first, so every head committed before the
 * close is in the checkpoint. It does not judge the notes' signatures: the audit does, for every event. Without a
 * signing key configured nothing is anchored.
 *
 * <p>A note it cannot read (not a signed note, not a heads note or checkpoint) is one record's problem, as in every
 * other reader (issue 17): it goes to torneo.deadletter unchanged with the reason ({@link DeadLetters}, service
 * {@value #SERVICE}), once (the reader starts from the beginning after each start-over: the dead letters it sent
 * before are read at the first unreadable note it meets), and the reader goes on with the next note.
 */
@ApplicationScoped
public class RoundAnchors {

    private static final Logger LOG = Logger.getLogger(RoundAnchors.class.getName());

    /** The dead-letter-service header of the round anchors' dead letters. */
    public static final String SERVICE = "pairing-round-anchors";

    private record Close(String tournamentId, int round, Set<String> aggregates) {
    }

    @Inject
    ServiceSigning signing;

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    /** The pairing service's own Kafka user (reads chain heads and anchors, writes anchors). */
    @Inject
    org.torneo.platform.kafka.KafkaClientConfig kafkaClients;

    @ConfigProperty(name = "torneo.topic-prefix")
    Optional<String> topicPrefix;

    /** This instance's id (client ids): the runtime registry finds it (torneo.instance-id, pod name, or kept). */
    @Inject
    org.torneo.platform.health.RuntimeRegistry runtimes;

    private final Map<String, ChainHead> latest = new HashMap<>();
    private final Map<String, NavigableMap<Integer, String>> anchors = new ConcurrentHashMap<>();
    private final BlockingQueue<Close> closes = new LinkedBlockingQueue<>();
    private volatile boolean running;
    private Thread thread;
    /** Origins of the notes this reader dead-lettered (its earlier cycles' too): read at the first unreadable one. */
    private Set<String> deadLettered;

    void onStart(@Observes StartupEvent event) {
        if (signing.key().isEmpty()) {
            LOG.warning("pairing: no signing key, so no round anchors (torneo.signing.key-file or key-dir)");
            return;
        }
        running = true;
        thread = new Thread(this::run, "pairing-round-anchors");
        thread.setDaemon(true);
        thread.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        running = false;
        if (thread != null) {
            thread.interrupt();
        }
    }

    /** The pairing runtime's commit listener: a committed RoundClosed asks for the round's anchor. */
    public void committed(List<Decision<TournamentState>> decisions) {
        if (!running) {
            return;
        }
        for (Decision<TournamentState> decision : decisions) {
            for (Envelope event : decision.events()) {
                if (event.payload() instanceof TournamentEvent.RoundClosed closed) {
                    closes.add(new Close(closed.tournamentId(), closed.round(), aggregatesOf(decision.after().state())));
                }
            }
        }
    }

    /** The saved checkpoint of a round, as published (signed-note text), when there is one. */
    public Optional<String> anchor(String tournamentId, int round) {
        return Optional.ofNullable(anchors.getOrDefault(tournamentId, new ConcurrentSkipListMap<>()).get(round));
    }

    /** The rounds of a tournament that have an anchor. */
    public List<Integer> rounds(String tournamentId) {
        return List.copyOf(anchors.getOrDefault(tournamentId, new ConcurrentSkipListMap<>()).keySet());
    }

    private static Set<String> aggregatesOf(TournamentState state) {
        Set<String> ids = new HashSet<>();
        ids.add(state.tournamentId());
        state.rounds().forEach((number, round) -> {
            for (Board board : round.boards()) {
                // the game service's round starter names a board's game T-rN-bM (URL-safe); GameStarts.gameId is
                // the core's T/rN/bM: either may be what the game chains are under
                ids.add(GameStarts.gameId(state.tournamentId(), number, board.number()));
                ids.add(org.torneo.contracts.game.BoardGameId.of(state.tournamentId(), number, board.number()));
            }
        });
        return ids;
    }

    private void run() {
        while (running) {
            try (TopicsToEnd.Reader reader = TopicsToEnd.open(readerProperties(),
                    List.of(topic(Topics.CHAIN_HEADS.name()), topic(Topics.CHAIN_ANCHORS.name())), Duration.ofSeconds(30),
                    TopicsToEnd.From.BEGINNING);
                 KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerProperties())) {
                latest.clear();
                deadLettered = null;
                while (running) {
                    Close close = closes.poll(200, TimeUnit.MILLISECONDS);
                    if (close == null) {
                        reader.poll(Duration.ZERO, r -> read(r, producer));
                        continue;
                    }
                    // every head committed before the close is in its checkpoint
                    reader.toEnd(null, () -> running, r -> read(r, producer));
                    publish(producer, close);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "pairing: round anchors start over after", e);
                sleep();
            }
        }
    }

    private void read(ConsumerRecord<byte[], byte[]> record, KafkaProducer<byte[], byte[]> producer) {
        if (record.value() == null) {
            return; // a tombstone: no note
        }
        String text = new String(record.value(), StandardCharsets.UTF_8);
        try {
            SignedNote note = SignedNote.parse(text);
            if (record.topic().equals(topic(Topics.CHAIN_ANCHORS.name()))) {
                Checkpoint checkpoint = Checkpoint.read(note);
                anchors.computeIfAbsent(checkpoint.tournamentId(), t -> new ConcurrentSkipListMap<>())
                        .put(checkpoint.round(), text);
                return;
            }
            for (ChainHead head : ChainHeads.read(note).heads()) {
                latest.merge(head.topic() + " " + head.aggregateId(), head,
                        (old, now) -> now.sequence() >= old.sequence() ? now : old);
            }
        } catch (RuntimeException | StackOverflowError e) { // one record's problem: the reader goes on (issue 17)
            deadLetter(record, "cannot read the note: " + e, producer);
        }
    }

    /**
     * Sends an unreadable note to the dead letters with its reason, once, and waits for the broker to have it: if it
     * cannot, the cycle starts over and meets the note again.
     */
    private void deadLetter(ConsumerRecord<byte[], byte[]> record, String reason,
                            KafkaProducer<byte[], byte[]> producer) {
        LOG.warning("pairing: unreadable note at " + record.topic() + "-" + record.partition() + "@"
                + record.offset() + " (left out of the anchors, dead-lettered): " + reason);
        String deadLetterTopic = topic(Topics.DEAD_LETTER.name());
        if (deadLettered == null) {
            deadLettered = new HashSet<>(DeadLetters.origins(readerProperties(), deadLetterTopic, SERVICE,
                    Set.of(topic(Topics.CHAIN_HEADS.name()), topic(Topics.CHAIN_ANCHORS.name())),
                    Duration.ofSeconds(30)));
        }
        String origin = DeadLetters.origin(record.topic(), record.partition(), record.offset());
        if (!deadLettered.add(origin)) {
            return; // dead-lettered before (an earlier cycle read the topics from the beginning too)
        }
        ProducerRecord<byte[], byte[]> letter = DeadLetters.of(record, SERVICE, reason);
        try {
            producer.send(new ProducerRecord<>(deadLetterTopic, null, letter.key(), letter.value(), letter.headers()))
                    .get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            deadLettered.remove(origin);
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("the unreadable note at " + origin + " was not dead-lettered", e);
        }
    }

    private void publish(KafkaProducer<byte[], byte[]> producer, Close close) {
        ServiceKey key = signing.key().orElseThrow();
        List<ChainHead> heads = latest.values().stream().filter(h -> close.aggregates().contains(h.aggregateId()))
                .toList();
        String note = new Checkpoint(close.tournamentId(), close.round(), Instant.now(), heads).sign(key).encode();
        try {
            producer.send(new ProducerRecord<>(topic(Topics.CHAIN_ANCHORS.name()),
                    close.tournamentId().getBytes(StandardCharsets.UTF_8), note.getBytes(StandardCharsets.UTF_8)))
                    .get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            closes.add(close); // tried again when the cycle starts over
            throw new IllegalStateException("the anchor of " + close.tournamentId() + " round " + close.round()
                    + " was not published", e);
        }
        anchors.computeIfAbsent(close.tournamentId(), t -> new ConcurrentSkipListMap<>()).put(close.round(), note);
        LOG.info("pairing: anchored " + close.tournamentId() + " round " + close.round() + ": " + heads.size()
                + " chain heads");
    }

    private String topic(String name) {
        return topicPrefix.orElse("") + name;
    }

    private Properties readerProperties() {
        Properties props = kafkaClients.properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "pairing-" + runtimes.instanceId() + "-anchors");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return props;
    }

    private Properties producerProperties() {
        Properties props = kafkaClients.properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "pairing-" + runtimes.instanceId() + "-anchors");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return props;
    }

    private static void sleep() {
        try {
            Thread.sleep(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
