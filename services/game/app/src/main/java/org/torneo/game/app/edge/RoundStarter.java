package org.torneo.game.app.edge;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.game.core.rounds.RoundStarts;

/**
 * Starts the games of every published round: reads torneo.tournament from the beginning (read_committed, no
 * consumer group: the tournament's ruleset and time control come from its TournamentCreated, earlier on the same
 * partition), asks the game core's {@link RoundStarts} what each record asks of the game service (StartGame per new
 * board, a pairing correction's CorrectPlayers and CancelGame; the decisions and their rules are there) and sends
 * it. This class is the adapter: the consumer, the publishing, the game service's answers (does a game exist, how
 * many games a tournament has) and the dead letters.
 *
 * <p>The service's bound on a tournament's games ({@value #MAX_GAMES_PROPERTY}, as at {@code POST /games}) holds here
 * too (issue 17): when a round's new games would pass it, none of them is started ({@link RoundStarts}), the round's
 * record goes to the dead letters (service {@value #SERVICE}) with the reason naming the limit, its key and the
 * counts, once, and is logged; the arbiter raises the limit and restarts the service, whose starter reads the topic
 * again and starts them.
 */
public final class RoundStarter implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(RoundStarter.class.getName());

    private final String bootstrapServers;
    private final java.util.Map<String, Object> security;
    private final String topic;
    private final CommandPublisher publisher;
    private final JsonCodec codec;
    private volatile boolean running = true;
    private final Thread thread;
    private final java.util.concurrent.atomic.AtomicLong skipped = new java.util.concurrent.atomic.AtomicLong();
    /** Origins of the records this reader dead-lettered (its earlier lives' too): read at the first one it skips. */
    private Set<String> deadLettered;
    /** The dead-letter-service header of the round starter's dead letters. */
    public static final String SERVICE = "game-round-starter";
    /** The service's bound on a tournament's games (also enforced at POST /games). */
    public static final String MAX_GAMES_PROPERTY = "torneo.game.max-games-per-tournament";

    /** The decisions: what each record of the tournament topic asks of the game service. */
    private final RoundStarts decisions;

    public RoundStarter(String bootstrapServers, java.util.Map<String, Object> security, String topic,
                        CommandPublisher publisher, Predicate<String> gameExists, JsonCodec codec) {
        this(bootstrapServers, security, topic, publisher, gameExists, tournament -> 0, Long.MAX_VALUE, codec);
    }

    /**
     * @param gamesOf               how many games a tournament has (those the game service holds)
     * @param maxGamesPerTournament the most games a tournament may have ({@value #MAX_GAMES_PROPERTY})
     */
    public RoundStarter(String bootstrapServers, java.util.Map<String, Object> security, String topic,
                        CommandPublisher publisher, Predicate<String> gameExists,
                        java.util.function.ToLongFunction<String> gamesOf, long maxGamesPerTournament,
                        JsonCodec codec) {
        this.decisions = new RoundStarts(gameExists, gamesOf, maxGamesPerTournament, MAX_GAMES_PROPERTY);
        this.bootstrapServers = bootstrapServers;
        this.security = java.util.Map.copyOf(security);
        this.topic = topic;
        this.publisher = publisher;
        this.codec = codec;
        this.thread = new Thread(this::loop, "game-round-starter");
        this.thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    /** The game id of a tournament board ({@link RoundStarts#gameId}). */
    public static String gameId(String tournamentId, int round, int board) {
        return RoundStarts.gameId(tournamentId, round, board);
    }

    private void loop() {
        while (running) {
            try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
                List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                        .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
                consumer.assign(partitions);
                consumer.seekToBeginning(partitions);
                decisions.startOver();
                while (running) {
                    for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                        for (RoundStarts.Dispatch dispatch : handle(record)) {
                            publisher.send(dispatch.commandId(), dispatch.gameId(), ClockStarter.GAME_SERVICE,
                                    dispatch.command());
                        }
                    }
                }
            } catch (org.apache.kafka.common.errors.InterruptException e) {
                return;
            } catch (RuntimeException e) {
                if (!running) {
                    return;
                }
                LOG.log(Level.WARNING, "game: round starter restarts after " + e, e);
                sleep();
            }
        }
    }

    /**
     * The commands one record of the tournament topic causes: the games a round starts, the games a pairing
     * correction starts or corrects (none for any other record). Not thread-safe: the round starter's own thread
     * calls it, in partition order.
     */
    public List<RoundStarts.Dispatch> handle(ConsumerRecord<byte[], byte[]> record) {
        Envelope envelope;
        try {
            envelope = codec.decode(record.value());
        } catch (RuntimeException e) {
            skip(record, "cannot decode: " + e.getMessage());
            return List.of();
        }
        try {
            RoundStarts.Outcome outcome = decisions.on(envelope.eventId(), envelope.payload());
            if (outcome.note() != null) {
                LOG.warning("game: " + outcome.note());
            }
            if (outcome.refusal() != null) {
                skip(record, outcome.refusal());
            }
            return outcome.dispatches();
        } catch (RuntimeException | StackOverflowError e) {
            skip(record, "cannot act on " + envelope.payload().getClass().getSimpleName() + ": " + e);
            return List.of();
        }
    }

    /** Records skipped since the start (counted at every reading: the starter reads its topic from the beginning). */
    public long skipped() {
        return skipped.get();
    }

    /**
     * A record the round starter cannot use is one record's problem: logged, counted, dead-lettered once (not again
     * when the topic is read from the beginning), and the partition goes on.
     */
    private void skip(ConsumerRecord<byte[], byte[]> record, String reason) {
        skipped.incrementAndGet();
        LOG.warning("game: round starter skips " + record.topic() + "-" + record.partition() + "@" + record.offset()
                + ": " + reason);
        if (publisher == null) {
            return; // unit tests: no broker
        }
        try {
            if (deadLettered == null) {
                deadLettered = new HashSet<>(org.torneo.platform.DeadLetters.origins(consumerProperties(),
                        publisher.topicPrefix() + org.torneo.contracts.topics.Topics.DEAD_LETTER.name(), SERVICE,
                        Set.of(topic), Duration.ofSeconds(30)));
            }
            if (deadLettered.add(org.torneo.platform.DeadLetters.origin(record.topic(), record.partition(),
                    record.offset()))) {
                publisher.deadLetter(org.torneo.platform.DeadLetters.of(record, SERVICE, reason));
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "game: round starter cannot dead-letter " + record.topic() + "-"
                    + record.partition() + "@" + record.offset(), e);
        }
    }

    private KafkaConsumer<byte[], byte[]> consumer() {
        return new KafkaConsumer<>(consumerProperties());
    }

    private Properties consumerProperties() {
        Properties props = new Properties();
        props.putAll(security);
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "game-round-starter");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return props;
    }

    private static void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
