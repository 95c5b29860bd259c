package org.torneo.game.app.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

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
import org.torneo.contracts.Side;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.codec.MessageCatalog;
import org.torneo.contracts.fuzz.JsonMutator;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Notation;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;
import org.torneo.game.app.runtime.GameDefinition;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.kafka.KafkaSettings;
import org.torneo.stack.test.TopicOffsets;
import org.torneo.stack.test.TorneoStack;

/**
 * Mutated game commands through the REAL runtime with the game's definition on the local stack's broker (its own
 * topics and group, so the counts are exact), fixed seeds. After the run: the runtime is RUNNING and never started
 * over, every partition's committed offset is at its end (no stuck partition), dead letters + decisions == cases
 * sent, and a valid command sent afterwards is decided. Prints the figures.
 */
@QuarkusTest // only to share the local stack (and one JVM start) with the app's tests
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class RuntimeFuzzTest {

    private static final JsonCodec CODEC = JsonCodec.standard();
    private static final int PARTITIONS = 3;

    @Test
    void two_thousand_mutated_envelopes_leave_the_runtime_running_with_no_partition_stuck() throws Exception {
        run(20261125L, 2_000);
    }

    @Test
    @Tag("slow")
    void a_hundred_thousand_mutated_envelopes_leave_the_runtime_running_with_no_partition_stuck() throws Exception {
        run(17L, 100_000);
    }

    private void run(long seed, int cases) throws Exception {
        String prefix = "fuzz-" + UUID.randomUUID().toString().substring(0, 6) + ".";
        TorneoStack.createTopics(PARTITIONS, Topics.ALL.stream().map(TopicSpec::name).map(n -> prefix + n)
                .toArray(String[]::new));
        String name = "game-" + prefix;
        var runtime = new KafkaAggregateRuntime<GameRequest, EventMessage, GameState>(GameDefinition.definition(name),
                CODEC, new KafkaSettings(TorneoStack.bootstrapServers(), "fuzz-1", null, Duration.ofSeconds(10),
                prefix, TorneoStack.clientSecurity()));
        AtomicLong decisions = new AtomicLong();
        AtomicLong withEvents = new AtomicLong();
        UUID probe = UUID.randomUUID();
        CountDownLatch probeDecided = new CountDownLatch(1);
        runtime.addListener(batch -> {
            decisions.addAndGet(batch.size());
            batch.forEach(d -> {
                if (!d.events().isEmpty()) {
                    withEvents.incrementAndGet();
                }
                if (d.commandId().equals(probe) && !d.events().isEmpty()) {
                    probeDecided.countDown();
                }
            });
        });
        runtime.start();
        try {
            assertTrue(runtime.awaitRunning(Duration.ofSeconds(120)), runtime.statusDetail());
            List<String> games = new ArrayList<>();
            for (int g = 0; g < 12; g++) {
                games.add("fz-" + g);
            }
            JsonMutator mutator = new JsonMutator(seed, seeds(games), commandTypes(), 200_000);
            Map<JsonMutator.Kind, Long> kinds = new EnumMap<>(JsonMutator.Kind.class);
            SplittableRandom keys = new SplittableRandom(seed);
            long started = System.nanoTime();
            try (KafkaProducer<byte[], byte[]> edge = producer()) {
                for (int i = 0; i < cases; i++) {
                    JsonMutator.Case next = mutator.next();
                    kinds.merge(next.kind(), 1L, Long::sum);
                    String key = games.get(keys.nextInt(games.size()));
                    edge.send(new ProducerRecord<>(prefix + Topics.GAME_COMMANDS.name(),
                            key.getBytes(StandardCharsets.UTF_8), next.bytes()));
                }
                edge.flush();
            }
            // every case is either decided or dead-lettered; wait for the sum (generously), then check the rest
            long deadline = System.nanoTime() + Duration.ofMinutes(cases > 10_000 ? 15 : 3).toNanos();
            while (decisions.get() + runtime.deadLetters() < cases && System.nanoTime() < deadline
                    && runtime.status() != KafkaAggregateRuntime.Status.FAILED) {
                Thread.sleep(50);
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            int stuck = TopicOffsets.partitionsBehind(prefix + Topics.GAME_COMMANDS.name(), name, Duration.ofSeconds(30));
            long crashed = runtime.status() == KafkaAggregateRuntime.Status.FAILED ? 1 : 0;
            System.out.printf(java.util.Locale.ROOT, "runtime fuzz (seed %d): %d cases sent, %d clean errors (dead"
                            + " letters), %d accepted (decided: %d with events), %d escaped (start-overs), %d stuck"
                            + " partitions, %d service crashes; %.1f s (load %s)%n  kinds: %s%n", seed, cases,
                    runtime.deadLetters(), decisions.get(), withEvents.get(), runtime.restarts(), stuck, crashed,
                    seconds, loadAverage(), kinds);
            assertEquals(KafkaAggregateRuntime.Status.RUNNING, runtime.status(), runtime.statusDetail());
            assertEquals(0, runtime.restarts(), "the runtime started over: " + runtime.statusDetail());
            assertEquals(cases, decisions.get() + runtime.deadLetters(), "decided + dead letters != sent");
            assertEquals(0, stuck, "partitions whose committed offset is not at the end");

            // and a valid command afterwards is decided
            Envelope start = Envelope.command(probe, "fz-probe", new Actor(Actor.Role.ORGANISER, "org-1"),
                    Instant.now(), new GameCommand.StartGame("t-fuzz", 1, 1, "w", "b", Ruleset.DEFAULT, null,
                            Instant.now()));
            try (KafkaProducer<byte[], byte[]> edge = producer()) {
                edge.send(new ProducerRecord<>(prefix + Topics.GAME_COMMANDS.name(),
                        "fz-probe".getBytes(StandardCharsets.UTF_8), CODEC.encode(start))).get(30, TimeUnit.SECONDS);
            }
            assertTrue(probeDecided.await(30, TimeUnit.SECONDS), "the valid command after the fuzz was not decided");
        } finally {
            runtime.close();
        }
    }

    /** Valid commands, and valid but wrong ones (illegal moves, moves before the start, claims without grounds). */
    private static List<byte[]> seeds(List<String> games) {
        Actor organiser = new Actor(Actor.Role.ORGANISER, "org-1");
        Actor board = new Actor(Actor.Role.BOARD, "board-1");
        Instant at = Instant.parse("2026-11-25T10:00:00Z");
        List<byte[]> seeds = new ArrayList<>();
        int n = 0;
        for (String game : games) {
            seeds.add(command(game, organiser, new GameCommand.StartGame("t-fuzz", 1, ++n, "w" + n, "b" + n,
                    Ruleset.DEFAULT, null, at)));
        }
        for (String move : List.of("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "e2e4", "Ke2", "Qh5", "zz9", "O-O", "e8=Q")) {
            seeds.add(command(games.get(n++ % games.size()), board, new GameCommand.SubmitMove(move, Notation.AUTO,
                    MoveSource.BOARD, null, at)));
        }
        seeds.add(command(games.get(0), board, new GameCommand.OfferDraw(Side.WHITE, at)));
        seeds.add(command(games.get(1), board, new GameCommand.AcceptDraw(Side.BLACK, at)));
        seeds.add(command(games.get(2), board, new GameCommand.ClaimDraw(Side.WHITE, DrawClaimKind.values()[0], null,
                null, at)));
        seeds.add(command(games.get(3), board, new GameCommand.Resign(Side.BLACK, at)));
        seeds.add(command("fz-unknown", board, new GameCommand.Resign(Side.WHITE, at)));
        seeds.add(command(games.get(4), board, new GameCommand.TouchPiece(Side.WHITE, "e2", at)));
        seeds.add(command(games.get(5), board, new GameCommand.PressClock(Side.WHITE, at)));
        return seeds;
    }

    private static byte[] command(String game, Actor actor, GameCommand command) {
        return CODEC.encode(Envelope.command(UUID.nameUUIDFromBytes((game + command).getBytes(StandardCharsets.UTF_8)),
                game, actor, command.observedAt(), command));
    }

    /** Every catalogue type: swapping to one gives valid-but-wrong records (events on a command topic, others). */
    private static List<String> commandTypes() {
        return CODEC.catalog().entries().stream().map(MessageCatalog.Entry::type).toList();
    }

    private static KafkaProducer<byte[], byte[]> producer() {
        java.util.Properties props = new java.util.Properties();
        props.putAll(TorneoStack.clientSecurity()); // the stack's admin
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 60_000);
        return new KafkaProducer<>(props);
    }

    static String loadAverage() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
