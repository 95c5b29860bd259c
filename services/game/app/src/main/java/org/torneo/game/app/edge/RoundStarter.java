package org.torneo.game.app.edge;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.GameCommand.StartGame;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;
import org.torneo.game.app.runtime.Rulesets;

/**
 * Starts the games of every published round: reads torneo.tournament from the beginning (read_committed, no
 * consumer group: the tournament's ruleset and time control come from its TournamentCreated, earlier on the same
 * partition) and sends one StartGame per board whose game does not exist yet, under the tournament's time control
 * (none when the tournament has none: then no clock runs). The command id is derived from the game id, so a
 * resend after a restart is a duplicate the runtime ignores.
 */
public final class RoundStarter implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(RoundStarter.class.getName());

    private final String bootstrapServers;
    private final String topic;
    private final CommandPublisher publisher;
    private final Predicate<String> gameExists;
    private final JsonCodec codec;
    private final Map<String, Terms> tournaments = new HashMap<>();
    private volatile boolean running = true;
    private final Thread thread;

    /** What a tournament's games are played under, from its TournamentCreated. */
    private record Terms(Ruleset ruleset, TimeControl timeControl) {
    }

    /** One game to start: its id and the command. */
    public record Start(String gameId, StartGame command) {
    }

    public RoundStarter(String bootstrapServers, String topic, CommandPublisher publisher,
                        Predicate<String> gameExists, JsonCodec codec) {
        this.bootstrapServers = bootstrapServers;
        this.topic = topic;
        this.publisher = publisher;
        this.gameExists = gameExists;
        this.codec = codec;
        this.thread = new Thread(this::loop, "game-round-starter");
        this.thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    /** The game id of a tournament board: stable, so the same pairing always names the same game. */
    public static String gameId(String tournamentId, int round, int board) {
        return tournamentId + "-r" + round + "-b" + board;
    }

    public static UUID startCommandId(String gameId) {
        return UUID.nameUUIDFromBytes(("StartGame:" + gameId).getBytes(StandardCharsets.UTF_8));
    }

    private void loop() {
        while (running) {
            try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
                List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                        .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
                consumer.assign(partitions);
                consumer.seekToBeginning(partitions);
                tournaments.clear();
                while (running) {
                    for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                        for (Start start : handle(record)) {
                            publisher.send(startCommandId(start.gameId()), start.gameId(), ClockStarter.GAME_SERVICE,
                                    start.command());
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
     * The games one record of the tournament topic starts (none for any other record). Not thread-safe: the
     * round starter's own thread calls it, in partition order.
     */
    public List<Start> handle(ConsumerRecord<byte[], byte[]> record) {
        Envelope envelope;
        try {
            envelope = codec.decode(record.value());
        } catch (RuntimeException e) {
            // the tournament service owns its topic (and its dead letters): say which record was skipped and why
            LOG.warning("game: round starter skips undecodable record " + record.topic() + "-" + record.partition()
                    + "@" + record.offset() + ": " + e.getMessage());
            return List.of();
        }
        switch (envelope.payload()) {
            case TournamentCreated created -> {
                Ruleset ruleset = Rulesets.parse(created.rulesetId()).orElseGet(() -> {
                    // the design's default ruleset (FIDE 2018 standard) when the id names no edition
                    LOG.warning("game: tournament " + created.tournamentId() + " ruleset '" + created.rulesetId()
                            + "' names no edition; its games use FIDE 2018 standard");
                    return Ruleset.DEFAULT;
                });
                tournaments.put(created.tournamentId(), new Terms(ruleset, created.timeControl()));
                return List.of();
            }
            case RoundPaired round -> {
                return starts(round);
            }
            default -> {
                return List.of();
            }
        }
    }

    private List<Start> starts(RoundPaired round) {
        Terms terms = tournaments.getOrDefault(round.tournamentId(), new Terms(Ruleset.DEFAULT, null));
        List<Start> starts = new ArrayList<>();
        for (Board board : round.boards()) {
            String gameId = gameId(round.tournamentId(), round.round(), board.number());
            if (gameExists.test(gameId)) {
                continue;
            }
            // FIDE 2018 6.3.1: every game is played under the time control the event specified in advance
            starts.add(new Start(gameId, new StartGame(round.tournamentId(), round.round(), board.number(),
                    board.white(), board.black(), terms.ruleset(), null, null, board.hall(), terms.timeControl(), null,
                    round.at())));
        }
        return starts;
    }

    private KafkaConsumer<byte[], byte[]> consumer() {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "game-round-starter");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return new KafkaConsumer<>(props);
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
