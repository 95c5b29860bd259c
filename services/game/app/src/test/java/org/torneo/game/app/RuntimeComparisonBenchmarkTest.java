package org.torneo.game.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.app.GameBenchmarkTest.BOARD;
import static org.torneo.game.app.GameBenchmarkTest.CODEC;
import static org.torneo.game.app.GameBenchmarkTest.GAMES;
import static org.torneo.game.app.GameBenchmarkTest.GATHER_MS;
import static org.torneo.game.app.GameBenchmarkTest.LANES;
import static org.torneo.game.app.GameBenchmarkTest.LATENCY_SECONDS;
import static org.torneo.game.app.GameBenchmarkTest.MAX_POLL_RECORDS;
import static org.torneo.game.app.GameBenchmarkTest.ORGANISER;
import static org.torneo.game.app.GameBenchmarkTest.PLIES;
import static org.torneo.game.app.GameBenchmarkTest.RATE;
import static org.torneo.game.app.GameBenchmarkTest.THROUGHPUT_ROUNDS;
import static org.torneo.game.app.GameBenchmarkTest.WARMUP_ROUNDS;
import static org.torneo.game.app.GameBenchmarkTest.WARMUP_SECONDS;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Notation;
import org.torneo.contracts.signing.ServiceKey;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;
import org.torneo.game.app.runtime.GameDefinition;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;
import org.torneo.platform.Decision;
import org.torneo.platform.kafka.CommitListener;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.kafka.KafkaSettings;
import org.torneo.stack.test.TorneoStack;

/**
 * Issue 19 point 5, measured: the game aggregate on the platform's hand-written runtime ({@link KafkaAggregateRuntime},
 * "platform") and on SmallRye Reactive Messaging's {@code KafkaTransactions} ({@link SmallRyeGameLoop}, "smallrye"),
 * side by side in one JVM on the local stack's real broker, each on its own copy of the topics, deciding with the same
 * decider, store and codec, and signing its heads as the service does. Both consume all along; they take turns:
 * <ol>
 * <li>throughput: per round one backlog of SubmitMove commands (bench.games seeded random legal games of bench.plies
 * plies, UCI, after their StartGame), the same for both, written to each variant's command topic in one producer
 * transaction, so that it becomes readable at once at its commit; timed from that commit to the variant's last
 * commit of the round. The variants alternate first and second from round to round; the figure is the median of the
 * rounds after bench.warmup-rounds;</li>
 * <li>latency at a steady bench.rate (2,000/s): command sent to its events committed, p50/p99/max, after
 * bench.warmup-seconds at that rate, in the order platform, smallrye, smallrye, platform (bench.latency-pairs).</li>
 * </ol>
 * The rule: SmallRye replaces the runtime if it still meets >= 20,000 moves/s and p99 <= 50 ms at 2,000/s.
 * Prints the figures; asserts only that every command was decided. Run:
 * {@code ./mvnw -o -pl services/game/app test -Pslow -Dtest=RuntimeComparisonBenchmarkTest}
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
@TestProfile(RuntimeComparisonBenchmarkTest.SmallRyeChannels.class)
@Tag("slow")
class RuntimeComparisonBenchmarkTest {

    // the other parameters (bench.games, bench.rate, ...) are GameBenchmarkTest's, read once there
    private static final int LATENCY_PAIRS = Integer.getInteger("bench.latency-pairs", 1);
    /** The consumer group protocol of both (the platform runtime's default is KIP-848's "consumer"). */
    private static final String GROUP_PROTOCOL = System.getProperty("bench.group-protocol", "consumer");
    private static final ServiceKey KEY = ServiceKey.generate("game");

    /**
     * The SmallRye channels of {@link SmallRyeGameLoop} (and the build property that makes it a bean), on the
     * smallrye variant's topics. The Kafka client's sign-in and broker come from {@link SmallRyeGameLoop#kafka()}.
     * The producer and consumer settings are the platform runtime's, so that the transport alone differs.
     */
    public static class SmallRyeChannels implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            String prefix = prefix("smallrye");
            String in = "mp.messaging.incoming." + SmallRyeGameLoop.IN + ".";
            String out = "mp.messaging.outgoing." + SmallRyeGameLoop.OUT + ".";
            Map<String, String> config = new LinkedHashMap<>();
            config.put("torneo.bench.smallrye", "true");
            config.put(in + "connector", "smallrye-kafka");
            config.put(in + "topics", String.join(",", SmallRyeGameLoop.inputTopics(prefix)));
            config.put(in + "kafka-configuration", SmallRyeGameLoop.KAFKA);
            config.put(in + "batch", "true");
            config.put(in + "commit-strategy", "ignore");
            config.put(in + "failure-strategy", "ignore");
            config.put(in + "group.id", prefix + "game");
            config.put(in + "isolation.level", "read_committed");
            config.put(in + "auto.offset.reset", "earliest");
            config.put(in + "max.poll.records", String.valueOf(MAX_POLL_RECORDS));
            config.put(in + "group.protocol", GROUP_PROTOCOL);
            config.put(in + "key.deserializer", ByteArrayDeserializer.class.getName());
            config.put(in + "value.deserializer", ByteArrayDeserializer.class.getName());
            config.put(out + "connector", "smallrye-kafka");
            config.put(out + "topic", prefix + Topics.MOVES.name()); // every record names its own topic
            config.put(out + "kafka-configuration", SmallRyeGameLoop.KAFKA);
            config.put(out + "transactional.id", prefix + "game-smallrye");
            config.put(out + "acks", "all");
            config.put(out + "enable.idempotence", "true");
            config.put(out + "transaction.timeout.ms", "60000");
            config.put(out + "linger.ms", "10");
            config.put(out + "batch.size", "131072");
            config.put(out + "retry.backoff.ms", "2");
            // the sink's own limit on records awaiting their ack (1,024 by default): none, as the plain producer's
            config.put(out + "max-inflight-messages", "0");
            config.put(out + "key.serializer", ByteArraySerializer.class.getName());
            config.put(out + "value.serializer", ByteArraySerializer.class.getName());
            return config;
        }
    }

    /**
     * The topic prefix of a variant in this JVM: a system property, so that the profile and the test see the same one
     * whichever class loader runs them.
     */
    static synchronized String prefix(String variant) {
        String key = "torneo.bench.prefix." + variant;
        String prefix = System.getProperty(key);
        if (prefix == null) {
            prefix = "bench-" + variant + "-" + UUID.randomUUID().toString().substring(0, 6) + ".";
            System.setProperty(key, prefix);
        }
        return prefix;
    }

    @Inject
    SmallRyeGameLoop smallRye;

    /** What one variant decided: per round the moves, per paced run the latencies. */
    static final class Progress implements CommitListener<GameState> {
        final String name;
        final String prefix;
        final Map<UUID, Long> sentAt = new ConcurrentHashMap<>();
        final List<Long> latencies = java.util.Collections.synchronizedList(new ArrayList<>());
        final AtomicLong moves = new AtomicLong();
        final AtomicLong rejected = new AtomicLong();
        final AtomicLong started = new AtomicLong();
        final AtomicLong lastCommit = new AtomicLong();
        volatile long expected = Long.MAX_VALUE;
        volatile CountDownLatch done = new CountDownLatch(1);

        Progress(String name, String prefix) {
            this.name = name;
            this.prefix = prefix;
        }

        void expect(long moveCount) {
            moves.set(0);
            rejected.set(0);
            done = new CountDownLatch(1);
            expected = moveCount;
        }

        @Override
        public void committed(List<Decision<GameState>> decisions) {
            long at = System.nanoTime();
            for (Decision<GameState> d : decisions) {
                for (Envelope e : d.events()) {
                    if (e.payload() instanceof MovePlayed) {
                        moves.incrementAndGet();
                    } else if (e.payload() instanceof GameStarted) {
                        started.incrementAndGet();
                    } else if (e.payload() instanceof CommandRejected r && rejected.incrementAndGet() <= 3) {
                        System.out.println("RUNTIME BENCH " + name + " rejected in " + e.aggregateId() + ": " + r);
                    }
                }
                Long sent = sentAt.remove(d.commandId());
                if (sent != null) {
                    latencies.add(at - sent);
                }
            }
            lastCommit.set(at);
            if (moves.get() + rejected.get() >= expected) {
                done.countDown();
            }
        }
    }

    @Test
    void platformRuntimeAndSmallRyeSideBySide() throws Exception {
        Progress platform = new Progress("platform", prefix("platform"));
        Progress smallrye = new Progress("smallrye", prefix("smallrye"));
        int partitions = Topics.GAME_COMMANDS.partitions();
        for (Progress variant : List.of(platform, smallrye)) {
            TorneoStack.createTopics(partitions, Topics.ALL.stream().map(TopicSpec::name)
                    .map(n -> variant.prefix + n).toArray(String[]::new));
        }
        System.out.println("RUNTIME BENCH load before: " + loadAverage());
        KafkaAggregateRuntime<GameRequest, EventMessage, GameState> runtime = new KafkaAggregateRuntime<>(
                GameDefinition.definition(platform.prefix + "game"), CODEC, new KafkaSettings(
                TorneoStack.bootstrapServers(), "bench-1", null, null, platform.prefix,
                Map.of("max.poll.records", MAX_POLL_RECORDS, "group.protocol", GROUP_PROTOCOL))
                .withExtra(TorneoStack.clientSecurity()));
        runtime.useLanes(LANES);
        runtime.gatherFor(Duration.ofMillis(GATHER_MS));
        runtime.signHeadsWith(KEY);
        runtime.addListener(platform);
        runtime.start();
        try {
            assertTrue(runtime.awaitRunning(Duration.ofSeconds(120)), runtime.statusDetail());
            smallRye.start(smallrye.prefix, readerProperties(), KEY, smallrye);
            // both answer a first game before any round (their consumers have joined their groups)
            for (Progress variant : List.of(platform, smallrye)) {
                try (KafkaProducer<byte[], byte[]> producer = GameBenchmarkTest.producer(0)) {
                    send(producer, variant.prefix, "ready", ORGANISER, new GameCommand.StartGame("bench", 0, 1, "w",
                            "b", Ruleset.DEFAULT, null, Instant.now()));
                    producer.flush();
                }
                long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
                while (variant.started.get() == 0 && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertTrue(variant.started.get() > 0, variant.name + " decided nothing within 120 s");
            }

            Random random = new Random(20260501L);
            Map<String, double[]> measured = new LinkedHashMap<>();
            measured.put("platform", new double[THROUGHPUT_ROUNDS]);
            measured.put("smallrye", new double[THROUGHPUT_ROUNDS]);
            for (int round = 1; round <= WARMUP_ROUNDS + THROUGHPUT_ROUNDS; round++) {
                List<List<String>> lines = new ArrayList<>();
                for (int g = 0; g < GAMES; g++) {
                    lines.add(GameBenchmarkTest.randomLine(random, PLIES));
                }
                List<Progress> order = round % 2 == 1 ? List.of(platform, smallrye) : List.of(smallrye, platform);
                for (Progress variant : order) {
                    double movesPerSecond = throughputRound(round, variant, lines);
                    if (round > WARMUP_ROUNDS) {
                        measured.get(variant.name)[round - WARMUP_ROUNDS - 1] = movesPerSecond;
                    }
                }
            }
            measured.forEach((name, figures) -> {
                Arrays.sort(figures);
                System.out.printf("RUNTIME BENCH throughput %s: median %.0f validated moves/s over %d rounds of %d moves"
                                + " after %d warm-up round(s) (min %.0f, max %.0f)%n", name, figures[figures.length / 2],
                        figures.length, GAMES * PLIES, WARMUP_ROUNDS, figures[0], figures[figures.length - 1]);
            });
            System.out.println("RUNTIME BENCH load after throughput: " + loadAverage());

            int run = 0;
            for (int pair = 0; pair < LATENCY_PAIRS; pair++) {
                for (Progress variant : List.of(platform, smallrye, smallrye, platform)) {
                    paced(++run, variant);
                }
            }
            System.out.println("RUNTIME BENCH platform runtime: " + runtime.timings() + "; restarts "
                    + runtime.restarts());
            System.out.println("RUNTIME BENCH smallrye loop: " + smallRye.counts());
            System.out.println("RUNTIME BENCH load after: " + loadAverage());
        } finally {
            runtime.close();
        }
    }

    /**
     * Writes one round's backlog to {@code variant}'s command topic in one transaction and returns the moves per
     * second from its commit to the variant's last commit of the round.
     */
    private static double throughputRound(int round, Progress variant, List<List<String>> lines) throws Exception {
        String games = "r" + round + "g-";
        long totalMoves = lines.stream().mapToLong(List::size).sum();
        variant.expect(totalMoves);
        long released;
        try (KafkaProducer<byte[], byte[]> producer = backlogProducer(variant.name + "-" + round)) {
            producer.initTransactions();
            producer.beginTransaction();
            Instant now = Instant.now();
            for (int g = 0; g < lines.size(); g++) {
                send(producer, variant.prefix, games + g, ORGANISER, new GameCommand.StartGame("bench", round, g + 1,
                        "w" + g, "b" + g, Ruleset.DEFAULT, null, now));
            }
            for (int ply = 0; ply < PLIES; ply++) {
                for (int g = 0; g < lines.size(); g++) {
                    if (ply < lines.get(g).size()) {
                        send(producer, variant.prefix, games + g, BOARD, new GameCommand.SubmitMove(
                                lines.get(g).get(ply), Notation.UCI, MoveSource.EBOARD, null, now));
                    }
                }
            }
            producer.commitTransaction();
            released = System.nanoTime();
        }
        assertTrue(variant.done.await(10, TimeUnit.MINUTES), variant.name + " decided " + variant.moves.get() + " of "
                + totalMoves);
        double seconds = (variant.lastCommit.get() - released) / 1e9;
        System.out.printf("RUNTIME BENCH throughput round %d%s %s: %d SubmitMove commands (%d games x %d plies) -> %d"
                        + " MovePlayed, %d rejected, in %.2f s from the backlog's commit = %.0f validated moves/s%n",
                round, round <= WARMUP_ROUNDS ? " (warm-up)" : "", variant.name, totalMoves, lines.size(), PLIES,
                variant.moves.get(), variant.rejected.get(), seconds, totalMoves / seconds);
        assertEquals(totalMoves, variant.moves.get(), variant.name + ": every random legal move is accepted");
        return totalMoves / seconds;
    }

    /** New games, then their moves paced at RATE per second: command sent -> its events committed. */
    private static void paced(int run, Progress variant) throws Exception {
        Random random = new Random(run);
        int latencyGames = RATE / 2;
        List<List<String>> lines = new ArrayList<>();
        for (int g = 0; g < latencyGames; g++) {
            lines.add(GameBenchmarkTest.randomLine(random, PLIES));
        }
        String games = "l" + run + "g-";
        variant.expect(Long.MAX_VALUE);
        try (KafkaProducer<byte[], byte[]> producer = GameBenchmarkTest.producer(0)) {
            for (int g = 0; g < latencyGames; g++) {
                send(producer, variant.prefix, games + g, ORGANISER, new GameCommand.StartGame("bench", 100 + run, g + 1,
                        "w" + g, "b" + g, Ruleset.DEFAULT, null, Instant.now()));
            }
            producer.flush();
            Thread.sleep(2000);
            variant.latencies.clear();
            long intervalNanos = 1_000_000_000L / RATE;
            long warmup = (long) RATE * WARMUP_SECONDS;
            long total = (long) RATE * LATENCY_SECONDS;
            long begin = System.nanoTime() + warmup * intervalNanos;
            for (long i = -warmup; i < total; i++) {
                long wait = begin + i * intervalNanos - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
                int g = (int) ((i + warmup) % latencyGames);
                int ply = (int) ((i + warmup) / latencyGames);
                List<String> line = lines.get(g);
                String move = ply < line.size() ? line.get(ply) : "a1a1";
                UUID id = UUID.randomUUID();
                if (i >= 0) {
                    variant.sentAt.put(id, System.nanoTime());
                }
                GameCommand.SubmitMove submit = new GameCommand.SubmitMove(move, Notation.UCI, MoveSource.EBOARD, null,
                        Instant.now());
                producer.send(new ProducerRecord<>(variant.prefix + Topics.GAME_COMMANDS.name(),
                        (games + g).getBytes(StandardCharsets.UTF_8),
                        CODEC.encode(Envelope.command(id, games + g, BOARD, submit.observedAt(), submit))));
            }
            double sendSeconds = (System.nanoTime() - begin) / 1e9;
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!variant.sentAt.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            long[] sorted;
            synchronized (variant.latencies) {
                sorted = variant.latencies.stream().mapToLong(Long::longValue).toArray();
            }
            Arrays.sort(sorted);
            System.out.printf("RUNTIME BENCH latency run %d %s: %d moves at %d/s over %.1f s (achieved %.0f/s) after %d s"
                            + " of warm-up; command -> committed event: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms"
                            + " (%d measured; load %s)%n", run, variant.name, total, RATE, sendSeconds,
                    total / sendSeconds, WARMUP_SECONDS, GameBenchmarkTest.pct(sorted, 50),
                    GameBenchmarkTest.pct(sorted, 90), GameBenchmarkTest.pct(sorted, 99),
                    sorted.length == 0 ? 0 : sorted[sorted.length - 1] / 1e6, sorted.length, loadAverage());
            assertEquals(total, sorted.length, variant.name + ": every paced command was decided");
        }
    }

    private static void send(KafkaProducer<byte[], byte[]> producer, String prefix, String gameId, Actor actor,
                             GameCommand command) {
        producer.send(new ProducerRecord<>(prefix + Topics.GAME_COMMANDS.name(), gameId.getBytes(StandardCharsets.UTF_8),
                CODEC.encode(Envelope.command(UUID.randomUUID(), gameId, actor, command.observedAt(), command))));
    }

    /** A transactional producer for one backlog (the stack's admin). */
    private static KafkaProducer<byte[], byte[]> backlogProducer(String name) {
        Properties props = new Properties();
        props.putAll(TorneoStack.clientSecurity());
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "bench-backlog-" + name + "-" + UUID.randomUUID());
        props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, 262_144);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return new KafkaProducer<>(props);
    }

    /** A plain reader's properties (the stack's admin), for the SmallRye loop's replay. */
    private static Properties readerProperties() {
        Properties props = new Properties();
        props.putAll(TorneoStack.clientSecurity());
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "bench-smallrye-replay");
        return props;
    }

    private static String loadAverage() {
        try {
            String[] parts = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
