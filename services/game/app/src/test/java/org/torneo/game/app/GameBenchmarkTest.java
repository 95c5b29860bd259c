package org.torneo.game.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
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
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
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
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Notation;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;
import org.torneo.game.app.runtime.GameDefinition;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;
import org.torneo.platform.Decision;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.kafka.KafkaSettings;
import org.torneo.stack.test.TorneoStack;

/**
 * The benchmark, through one game runtime with Kafka transactions on the local stack's real broker (its
 * own topics, so it measures the runtime alone: no projection). Prints
 * (1) validated moves/s: a backlog of SubmitMove commands (seeded random legal games, UCI) decided from the log,
 * in rounds of new games, each decided by a new runtime: the median of bench.throughput-rounds (default 3) after
 * bench.warmup-rounds (default 2) that warm the JVM as hours of service would;
 * (2) command to committed event latency (p50/p99/max) with moves sent at a steady 2,000/s, measured after a few
 * seconds at that rate (bench.warmup-seconds, default 5).
 * Run: ./mvnw -o -pl services/game/app test -Pslow -Dtest=GameBenchmarkTest
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
@Tag("slow")
class GameBenchmarkTest {

    static final JsonCodec CODEC = JsonCodec.standard();
    static final Actor BOARD = new Actor(Actor.Role.BOARD, "bench");
    static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "bench");

    static final int GAMES = Integer.getInteger("bench.games", 2000);
    static final int PLIES = Integer.getInteger("bench.plies", 40);
    static final int RATE = Integer.getInteger("bench.rate", 2000);
    static final int LATENCY_SECONDS = Integer.getInteger("bench.seconds", 15);
    /**
     * Seconds paced at RATE before the measured ones: the paced phase runs code the backlog did not (new games at a
     * steady trickle), which the JIT compiles during its first seconds.
     */
    static final int WARMUP_SECONDS = Integer.getInteger("bench.warmup-seconds", 5);
    /**
     * Backlog rounds before the measured ones, each with a new runtime in this JVM: the first runs while the JIT is
     * still compiling the runtime's path (C2 took half a core during it), as no service running for hours does.
     */
    static final int WARMUP_ROUNDS = Integer.getInteger("bench.warmup-rounds", 2);
    /** Measured backlog rounds; the figure is their median (single rounds vary by half: collector, JIT). */
    static final int THROUGHPUT_ROUNDS = Integer.getInteger("bench.throughput-rounds", 3);
    /** Commands per poll = per Kafka transaction at most (the app's default; the client's is 500). */
    static final int MAX_POLL_RECORDS = Integer.getInteger("bench.max-poll-records", 5000);
    /** How long a transaction gathers inputs after the first (the app's default, torneo.game.gather). */
    static final int GATHER_MS = Integer.getInteger("bench.gather-ms", 5);
    /** Lanes deciding each poll at once (the app's default, torneo.game.lanes = 0: one per four processors). */
    static final int LANES = Integer.getInteger("bench.lanes",
            Math.max(1, Runtime.getRuntime().availableProcessors() / 4));

    /** Sign each transaction's chain heads as the service does (issue 17); -Dbench.sign=false to compare without. */
    private static final boolean SIGN = Boolean.parseBoolean(System.getProperty("bench.sign", "true"));
    private static final org.torneo.contracts.signing.ServiceKey KEY =
            org.torneo.contracts.signing.ServiceKey.generate("game");

    @Test
    void movesPerSecondAndLatency() throws Exception {
        String prefix = "bench-" + UUID.randomUUID().toString().substring(0, 6) + ".";
        int partitions = Integer.getInteger("bench.partitions", Topics.GAME_COMMANDS.partitions());
        TorneoStack.createTopics(partitions, Topics.ALL.stream().map(TopicSpec::name).map(n -> prefix + n)
                .toArray(String[]::new));
        Random random = new Random(20260501L);
        Map<UUID, Long> sentAt = new ConcurrentHashMap<>();
        List<Long> latencies = java.util.Collections.synchronizedList(new ArrayList<>());
        KafkaAggregateRuntime<GameRequest, EventMessage, GameState> runtime = null;
        try {
            // 1. the backlog, once per round with new games, each decided by a new runtime started after the backlog
            // was written (it replays the rounds before, then reads on from their committed offsets); the warm-up
            // rounds warm the JVM (JIT) as a service running for hours is warm; the last runtime goes on to phase 2
            double[] measured = new double[THROUGHPUT_ROUNDS];
            for (int round = 1; round <= WARMUP_ROUNDS + THROUGHPUT_ROUNDS; round++) {
                if (runtime != null) {
                    runtime.close();
                }
                Round done = throughputRound(round, prefix, partitions, random, sentAt, latencies);
                runtime = done.runtime();
                if (round > WARMUP_ROUNDS) {
                    measured[round - WARMUP_ROUNDS - 1] = done.movesPerSecond();
                }
            }
            Arrays.sort(measured);
            System.out.printf("GAME BENCH throughput: median %.0f validated moves/s over %d rounds of %d moves after %d"
                            + " warm-up round(s) (min %.0f, max %.0f; %d lanes)%n", measured[measured.length / 2],
                    measured.length, GAMES * PLIES, WARMUP_ROUNDS, measured[0], measured[measured.length - 1], LANES);
            KafkaAggregateRuntime.Timings beforeLatency = runtime.timings();

            // 2. latency at a steady rate: new games, moves paced at RATE per second
            int latencyGames = RATE / 2;
            List<List<String>> paced = new ArrayList<>();
            for (int g = 0; g < latencyGames; g++) {
                paced.add(randomLine(random, PLIES));
            }
            try (KafkaProducer<byte[], byte[]> producer = producer(0)) {
                for (int g = 0; g < latencyGames; g++) {
                    int latencyRound = WARMUP_ROUNDS + THROUGHPUT_ROUNDS + 1;
                    send(producer, prefix, "lg-" + g, ORGANISER, new GameCommand.StartGame("bench", latencyRound, g + 1,
                            "w" + g, "b" + g, Ruleset.DEFAULT, null, Instant.now()));
                }
                assertAllSent(producer);
                Thread.sleep(2000);
                latencies.clear();
                long intervalNanos = 1_000_000_000L / RATE;
                long warmup = (long) RATE * WARMUP_SECONDS;
                long total = (long) RATE * LATENCY_SECONDS;
                long begin = System.nanoTime() + warmup * intervalNanos; // the first measured command's time
                KafkaAggregateRuntime.Timings measuredFrom = beforeLatency;
                for (long i = -warmup; i < total; i++) {
                    long due = begin + i * intervalNanos;
                    long wait = due - System.nanoTime();
                    if (wait > 0) {
                        LockSupport.parkNanos(wait);
                    }
                    int g = (int) ((i + warmup) % latencyGames);
                    int ply = (int) ((i + warmup) / latencyGames);
                    List<String> line = paced.get(g);
                    String move = ply < line.size() ? line.get(ply) : "a1a1";
                    UUID id = UUID.randomUUID();
                    if (i == 0) {
                        measuredFrom = runtime.timings();
                    }
                    if (i >= 0) {
                        sentAt.put(id, System.nanoTime());
                    }
                    GameCommand.SubmitMove submit = new GameCommand.SubmitMove(move, Notation.UCI, MoveSource.EBOARD,
                            null, Instant.now());
                    producer.send(new ProducerRecord<>(prefix + Topics.GAME_COMMANDS.name(),
                            ("lg-" + g).getBytes(StandardCharsets.UTF_8),
                            CODEC.encode(Envelope.command(id, "lg-" + g, BOARD, submit.observedAt(), submit))));
                }
                double sendSeconds = (System.nanoTime() - begin) / 1e9;
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                while (!sentAt.isEmpty() && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                long[] sorted;
                synchronized (latencies) {
                    sorted = latencies.stream().mapToLong(Long::longValue).toArray();
                }
                Arrays.sort(sorted);
                long[] steady = sorted;
                System.out.printf("GAME BENCH latency: %d moves sent at %d/s over %.1f s (achieved %.0f/s) after %d s of"
                                + " warm-up; command -> committed event: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms"
                                + " (%d measured)%n",
                        total, RATE, sendSeconds, total / sendSeconds, WARMUP_SECONDS, pct(steady, 50), pct(steady, 90),
                        pct(steady, 99), steady.length == 0 ? 0 : steady[steady.length - 1] / 1e6, steady.length);
                KafkaAggregateRuntime.Timings after = runtime.timings();
                System.out.println("GAME BENCH latency phases: " + new KafkaAggregateRuntime.Timings(
                        after.batches() - measuredFrom.batches(), after.records() - measuredFrom.records(),
                        after.decideNanos() - measuredFrom.decideNanos(), after.commitNanos() - measuredFrom.commitNanos(),
                        after.listenerNanos() - measuredFrom.listenerNanos()));
                assertEquals(total, steady.length, "every paced command was decided");
            }
        } finally {
            if (runtime != null) {
                runtime.close();
            }
        }
    }

    /**
     * One round of the backlog: GAMES games started and PLIES moves each on the topics of {@code prefix}, then a new
     * runtime decides them from the log. Prints the round's moves/s and returns them with the runtime, still running,
     * whose listener also times the latency phase's commands ({@code sentAt} to {@code latencies}).
     */
    private record Round(KafkaAggregateRuntime<GameRequest, EventMessage, GameState> runtime, double movesPerSecond) {
    }

    private static Round throughputRound(int round,
            String prefix, int partitions, Random random, Map<UUID, Long> sentAt, List<Long> latencies)
            throws Exception {
        String games = "r" + round + "g-";
        List<List<String>> lines = new ArrayList<>();
        for (int g = 0; g < GAMES; g++) {
            lines.add(randomLine(random, PLIES));
        }
        long totalMoves = lines.stream().mapToLong(List::size).sum();
        try (KafkaProducer<byte[], byte[]> producer = producer(5)) {
            // every game started, then the moves round by round
            Instant now = Instant.now();
            for (int g = 0; g < GAMES; g++) {
                send(producer, prefix, games + g, ORGANISER, new GameCommand.StartGame("bench", round, g + 1, "w" + g,
                        "b" + g, Ruleset.DEFAULT, null, now));
            }
            for (int ply = 0; ply < PLIES; ply++) {
                for (int g = 0; g < GAMES; g++) {
                    if (ply < lines.get(g).size()) {
                        send(producer, prefix, games + g, BOARD, new GameCommand.SubmitMove(lines.get(g).get(ply),
                                Notation.UCI, MoveSource.EBOARD, null, now));
                    }
                }
            }
            assertAllSent(producer);
        }

        AtomicLong moves = new AtomicLong();
        AtomicLong rejected = new AtomicLong();
        AtomicLong lastCommitNanos = new AtomicLong();
        CountDownLatch allDecided = new CountDownLatch(1);
        KafkaAggregateRuntime<GameRequest, EventMessage, GameState> runtime = new KafkaAggregateRuntime<>(
                GameDefinition.definition("game-" + prefix), CODEC, new KafkaSettings(TorneoStack.bootstrapServers(),
                "bench-1", null, null, prefix, Map.of("max.poll.records", MAX_POLL_RECORDS))
                .withExtra(TorneoStack.clientSecurity()));
        runtime.useLanes(LANES);
        runtime.gatherFor(Duration.ofMillis(GATHER_MS));
        if (SIGN) {
            runtime.signHeadsWith(KEY);
        }
        runtime.addListener((List<Decision<GameState>> decisions) -> {
            long at = System.nanoTime();
            for (Decision<GameState> d : decisions) {
                for (Envelope e : d.events()) {
                    if (e.payload() instanceof MovePlayed) {
                        moves.incrementAndGet();
                    } else if (e.payload() instanceof CommandRejected r) {
                        if (rejected.incrementAndGet() <= 3) {
                            System.out.println("GAME BENCH rejected in " + e.aggregateId() + ": " + r);
                        }
                    }
                }
                Long sent = sentAt.remove(d.commandId());
                if (sent != null) {
                    latencies.add(at - sent);
                }
            }
            lastCommitNanos.set(at);
            if (moves.get() + rejected.get() >= totalMoves) {
                allDecided.countDown();
            }
        });
        long[] gcBefore = gcCountAndMillis();
        long started = System.nanoTime();
        runtime.start();
        try {
            assertTrue(runtime.awaitRunning(Duration.ofSeconds(120)), runtime.statusDetail());
            long running = System.nanoTime();
            assertTrue(allDecided.await(10, TimeUnit.MINUTES), "decided " + moves.get() + " of " + totalMoves);
            double seconds = (lastCommitNanos.get() - running) / 1e9;
            System.out.printf("GAME BENCH throughput round %d%s: %d SubmitMove commands (%d games x %d plies, UCI) ->"
                            + " %d MovePlayed, %d rejected, decided and committed in %.2f s = %.0f validated moves/s"
                            + " (one runtime, Kafka transactions, %d partitions, %d lanes, gathering %d ms, max.poll.records"
                            + " %d; start + replay %.2f s before)%n",
                    round, round <= WARMUP_ROUNDS ? " (warm-up)" : "",
                    totalMoves, GAMES, PLIES, moves.get(), rejected.get(), seconds, totalMoves / seconds, partitions,
                    LANES, GATHER_MS, MAX_POLL_RECORDS, (running - started) / 1e9);
            long[] gcAfter = gcCountAndMillis();
            System.out.printf("GAME BENCH signed heads: %s%n", !SIGN ? "off (-Dbench.sign=false)"
                    : String.format(java.util.Locale.ROOT, "%d notes (one per transaction), %.3f ms each to build and"
                    + " sign", runtime.signedHeads(), runtime.signedHeads() == 0 ? 0.0
                    : runtime.signNanos() / 1e6 / runtime.signedHeads()));
            System.out.println("GAME BENCH throughput phases: " + runtime.timings() + "; this JVM's collector: "
                    + (gcAfter[0] - gcBefore[0]) + " collections, " + (gcAfter[1] - gcBefore[1]) + " ms");
            assertEquals(totalMoves, moves.get() + rejected.get());
            assertEquals(totalMoves, moves.get(), "every random legal move is accepted");
            return new Round(runtime, totalMoves / seconds);
        } catch (Exception | AssertionError e) {
            runtime.close();
            throw e;
        }
    }

    /** Collections and their total time so far in this JVM (all collectors). */
    private static long[] gcCountAndMillis() {
        long count = 0;
        long millis = 0;
        for (var bean : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, bean.getCollectionCount());
            millis += Math.max(0, bean.getCollectionTime());
        }
        return new long[] {count, millis};
    }

    static double pct(long[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e6;
    }

    /** A random game of legal moves that does not end by mate or stalemate within {@code plies}. */
    static List<String> randomLine(Random random, int plies) {
        Position position = Position.initial();
        List<String> line = new ArrayList<>();
        for (int i = 0; i < plies; i++) {
            List<Move> legal = new ArrayList<>(position.legalMoves());
            java.util.Collections.shuffle(legal, random);
            Move chosen = null;
            for (Move m : legal) {
                Position next = position.play(m);
                if (next.legalMoveCount() > 0 && Long.bitCount(next.occupancy()) > 8) {
                    chosen = m;
                    break;
                }
            }
            if (chosen == null) {
                break;
            }
            line.add(chosen.uci());
            position = position.play(chosen);
        }
        return line;
    }

    private static void send(KafkaProducer<byte[], byte[]> producer, String prefix, String gameId, Actor actor,
                             GameCommand command) {
        producer.send(new ProducerRecord<>(prefix + Topics.GAME_COMMANDS.name(), gameId.getBytes(StandardCharsets.UTF_8),
                CODEC.encode(Envelope.command(UUID.randomUUID(), gameId, actor, command.observedAt(), command))),
                (metadata, error) -> {
                    if (error != null) {
                        SEND_FAILURE.compareAndSet(null, error);
                    }
                });
    }

    /** A command the edge producer could not deliver: the benchmark would otherwise wait for it in vain. */
    private static final java.util.concurrent.atomic.AtomicReference<Exception> SEND_FAILURE =
            new java.util.concurrent.atomic.AtomicReference<>();

    private static void assertAllSent(KafkaProducer<byte[], byte[]> producer) {
        producer.flush();
        assertEquals(null, SEND_FAILURE.get(), "a command was not delivered to the broker");
    }

    static KafkaProducer<byte[], byte[]> producer(int lingerMs) {
        Properties props = new Properties();
        props.putAll(TorneoStack.clientSecurity()); // the stack\'s admin
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.LINGER_MS_CONFIG, lingerMs);
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, 262_144);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return new KafkaProducer<>(props);
    }
}
