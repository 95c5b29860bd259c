package org.torneo.game.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.app.GameStackSupport.BOARD;
import static org.torneo.game.app.GameStackSupport.CODEC;
import static org.torneo.game.app.GameStackSupport.ORGANISER;
import static org.torneo.game.app.GameStackSupport.WAIT;
import static org.torneo.game.app.GameStackSupport.events;
import static org.torneo.game.app.GameStackSupport.move;
import static org.torneo.game.app.GameStackSupport.send;
import static org.torneo.game.app.GameStackSupport.start;
import static org.torneo.game.app.GameStackSupport.unique;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.inject.Inject;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.DeadLetters;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.stack.test.TorneoStack;

/**
 * Issue 17: one record must never stop the game service. A poison record (JSON nested 1,001 deep, 2 KB: past the
 * codec's limit) on every partition of torneo.game.commands lands in the dead letters with its reason, the runtime
 * neither aborts nor starts over, and a valid move sent after it is decided. Prints the move's delay from send to
 * commit (the goal is under a second; asserted only within a generous timeout, as timings are figures, not tests).
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class PoisonRecordTest {

    @Inject
    GameApp app;

    @Test
    void a_poison_record_on_every_partition_is_dead_lettered_and_the_move_after_it_is_decided() throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (!app.reloaded() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        KafkaAggregateRuntime<?, ?, ?> runtime = app.runtime();
        assertEquals(KafkaAggregateRuntime.Status.RUNNING, runtime.status(), runtime.statusDetail());

        // given a game in progress
        String game = unique("poison");
        send(game, ORGANISER, start(unique("t"), "p-white", "p-black"));
        events(Topics.MOVES.name(), game, 1, WAIT);
        long restartsBefore = runtime.restarts();

        // when a poison record lands on every partition of the command topic
        int depth = 1_001;
        byte[] poison = ("[".repeat(depth) + "]".repeat(depth)).getBytes(StandardCharsets.UTF_8);
        Map<Integer, Long> poisonOffsets = new HashMap<>();
        UUID moveId = UUID.randomUUID();
        CountDownLatch decided = new CountDownLatch(1);
        AtomicLong decidedAt = new AtomicLong();
        app.addListener(decisions -> decisions.forEach(d -> {
            if (d.commandId().equals(moveId) && !d.events().isEmpty()) {
                decidedAt.set(System.nanoTime());
                decided.countDown();
            }
        }));
        long sentAt;
        long ackedAt;
        try (KafkaProducer<byte[], byte[]> edge = producer()) {
            List<PartitionInfo> partitions = edge.partitionsFor(Topics.GAME_COMMANDS.name());
            for (PartitionInfo partition : partitions) {
                RecordMetadata written = edge.send(new ProducerRecord<>(Topics.GAME_COMMANDS.name(),
                        partition.partition(), ("poison-" + partition.partition()).getBytes(StandardCharsets.UTF_8),
                        poison)).get(30, TimeUnit.SECONDS);
                poisonOffsets.put(written.partition(), written.offset());
            }
            // and then a valid move, on the game's partition, after the poison there (the same warm producer: the
            // delay measured is the service's, not a new client's start)
            byte[] move = CODEC.encode(Envelope.command(moveId, game, BOARD, Instant.now(), move("e4")));
            sentAt = System.nanoTime();
            edge.send(new ProducerRecord<>(Topics.GAME_COMMANDS.name(), game.getBytes(StandardCharsets.UTF_8), move))
                    .get(30, TimeUnit.SECONDS);
            ackedAt = System.nanoTime();
        }

        // then the move is decided, and its MovePlayed is on the moves topic
        assertTrue(decided.await(10, TimeUnit.SECONDS), "the move after the poison records was not decided within"
                + " 10 s; runtime " + runtime.status() + ": " + runtime.statusDetail());
        System.out.printf(java.util.Locale.ROOT, "POISON the move after %d poison records (%d bytes each, nested %d"
                        + " deep) was decided %.1f ms after it was sent (%.1f ms after the broker acknowledged it;"
                        + " load %s)%n", poisonOffsets.size(), poison.length, depth, (decidedAt.get() - sentAt) / 1e6,
                (decidedAt.get() - ackedAt) / 1e6, loadAverage());
        List<Envelope> moves = events(Topics.MOVES.name(), game, 2, WAIT);
        assertTrue(moves.stream().anyMatch(e -> e.causationId().equals(moveId) && e.payload() instanceof MovePlayed),
                "no MovePlayed caused by the move");
        assertEquals(restartsBefore, runtime.restarts(), "the runtime started over: " + runtime.statusDetail());
        assertEquals(KafkaAggregateRuntime.Status.RUNNING, runtime.status());

        // and every poison record is in the dead letters, with its origin and the reason
        Map<Integer, String> reasons = deadLetterReasons(poisonOffsets);
        assertEquals(poisonOffsets.keySet(), reasons.keySet(), "dead letters found: " + reasons);
        reasons.values().forEach(reason -> {
            assertTrue(reason.startsWith("cannot decode: record exceeds a size limit"), reason);
            assertTrue(reason.contains("nesting depth (1001) exceeds the maximum allowed (1000"), reason);
        });
    }

    private static KafkaProducer<byte[], byte[]> producer() {
        Properties props = new Properties();
        props.putAll(TorneoStack.clientSecurity()); // the stack's admin
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return new KafkaProducer<>(props);
    }

    /** The game service's dead letters of the poison records, by partition: their reason header. */
    private static Map<Integer, String> deadLetterReasons(Map<Integer, Long> poisonOffsets) throws Exception {
        Properties props = new Properties();
        props.putAll(TorneoStack.clientSecurity()); // the stack's admin
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        Map<Integer, String> reasons = new HashMap<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(Topics.DEAD_LETTER.name()).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (reasons.size() < poisonOffsets.size() && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    if (!"game".equals(DeadLetters.header(r.headers(), DeadLetters.SERVICE))
                            || !Topics.GAME_COMMANDS.name().equals(DeadLetters.header(r.headers(), DeadLetters.TOPIC))) {
                        continue;
                    }
                    int partition = Integer.parseInt(DeadLetters.header(r.headers(), DeadLetters.PARTITION));
                    long offset = Long.parseLong(DeadLetters.header(r.headers(), DeadLetters.OFFSET));
                    if (poisonOffsets.getOrDefault(partition, -1L) == offset) {
                        reasons.put(partition, DeadLetters.header(r.headers(), DeadLetters.REASON));
                    }
                }
            }
        }
        return reasons;
    }

    static String loadAverage() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
