package org.torneo.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.codec.HashChain;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.kafka.InstanceIds;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.kafka.KafkaSettings;
import org.torneo.platform.kafka.PartitionOwnership;
import org.torneo.stack.test.TorneoStack;

/**
 * Two instances of one service on the local stack's real broker (issue 21): their own transactional ids, co-partitioned
 * assignment (a game's commands and its clock's events decided by one instance), each holding only the aggregates of
 * its partitions, and the survivor taking over a killed instance's games on their exact state.
 */
@QuarkusTest // only to share the local stack (and one JVM start) with the other runtime tests
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class InstancesIntegrationTest {

    private static final int PARTITIONS = 4;
    private static final List<TopicSpec> TOPICS = List.of(Topics.GAME_COMMANDS, Topics.MOVES, Topics.CLAIMS,
            Topics.RESULTS, Topics.CLOCK, Topics.DEAD_LETTER);
    private static final List<TopicSpec> EVENT_TOPICS = List.of(Topics.MOVES, Topics.CLAIMS, Topics.RESULTS);
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final JsonCodec CODEC = JsonCodec.standard();
    private static final AggregateDefinition<GameCommand, EventMessage, ToyGame.State> DEFINITION =
            ToyGame.REACTING.named("toy-instances");
    private static final String PREFIX = "inst-" + UUID.randomUUID().toString().substring(0, 8) + ".";

    private static KafkaProducer<byte[], byte[]> edge;
    private static KafkaAggregateRuntime<GameCommand, EventMessage, ToyGame.State> first;
    private static KafkaAggregateRuntime<GameCommand, EventMessage, ToyGame.State> second;
    /** Two games on every partition number. */
    private static final List<String> GAMES = gamesOnEveryPartition(2);

    private static String topic(TopicSpec spec) {
        return PREFIX + spec.name();
    }

    @BeforeAll
    static void start() throws Exception {
        TorneoStack.createTopics(PARTITIONS, TOPICS.stream().map(InstancesIntegrationTest::topic).toArray(String[]::new));
        Properties props = new Properties();
        props.putAll(TorneoStack.clientSecurity());
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        edge = new KafkaProducer<>(props);
    }

    @AfterAll
    static void stop() {
        for (var runtime : new ArrayList<>(java.util.Arrays.asList(first, second))) {
            if (runtime != null) {
                runtime.close();
            }
        }
        if (edge != null) {
            edge.close(Duration.ofSeconds(5));
        }
    }

    private static KafkaAggregateRuntime<GameCommand, EventMessage, ToyGame.State> runtime(String instanceId) {
        return new KafkaAggregateRuntime<>(DEFINITION, CODEC, new KafkaSettings(TorneoStack.bootstrapServers(),
                instanceId, Duration.ofMillis(100), Duration.ofSeconds(10), PREFIX, TorneoStack.clientSecurity()));
    }

    @Test
    @Order(1)
    void twoInstancesStartedAtOnceGetTheirOwnIdsAndBothDecide() throws Exception {
        // given the ids two processes of one service on one machine would claim (torneo.instance-id unset)
        Path data = Files.createTempDirectory("torneo-instances");
        String id1 = InstanceIds.resolve("toy", Optional.empty(), data, Map.of()).id();
        String id2 = InstanceIds.resolve("toy", Optional.empty(), data, Map.of()).id();
        assertNotEquals(id1, id2, "two instances must not share a transactional id");

        // when both start at once
        first = runtime(id1);
        second = runtime(id2);
        first.start();
        second.start();
        assertTrue(first.awaitRunning(WAIT), first.status() + " " + first.statusDetail());
        assertTrue(second.awaitRunning(WAIT), second.status() + " " + second.statusDetail());
        awaitTrue("the partitions split between the two", () -> split(first, second));
        for (String game : GAMES) {
            send(ToyGame.start(game, game + "-c1"));
            send(ToyGame.move(game, game + "-c2", "e4", 10));
        }

        // then every game's events are there, once, in one chain, and both instances decided (neither was fenced)
        var records = readUntil(r -> GAMES.stream().allMatch(g -> causedBy(r, g + "-c2")));
        for (String game : GAMES) {
            assertChain(game, eventsOf(game, records), 2);
        }
        assertTrue(first.committedBatches() > 0 && second.committedBatches() > 0,
                "both decide: " + first.committedBatches() + " / " + second.committedBatches());
        assertEquals(0, first.restarts() + second.restarts(), "no instance fenced or started over");
    }

    @Test
    @Order(2)
    void everyPartitionNumberOfEveryInputTopicIsOnOneInstanceAndEachHoldsOnlyItsGames() throws Exception {
        awaitTrue("the partitions split between the two", () -> split(first, second));
        for (int n = 0; n < PARTITIONS; n++) {
            TopicPartition commands = new TopicPartition(topic(Topics.GAME_COMMANDS), n);
            TopicPartition clock = new TopicPartition(topic(Topics.CLOCK), n);
            assertEquals(first.assignedInputs().contains(commands), first.assignedInputs().contains(clock),
                    "partition " + n + " of both input topics on the same instance");
            assertEquals(second.assignedInputs().contains(commands), second.assignedInputs().contains(clock));
            assertTrue(first.assignedInputs().contains(commands) ^ second.assignedInputs().contains(commands),
                    "partition " + n + " on exactly one instance");
        }
        for (var runtime : List.of(first, second)) {
            Set<String> held = runtime.read(store -> new TreeSet<>(store.states().keySet()));
            Set<String> expected = GAMES.stream().filter(g -> runtime.heldPartitions()
                    .contains(PartitionOwnership.partitionOf(g, PARTITIONS))).collect(Collectors.toCollection(TreeSet::new));
            assertEquals(expected, held, "an instance holds exactly the games of its partitions "
                    + runtime.heldPartitions());
        }
    }

    @Test
    @Order(3)
    void aGamesCommandAndItsClockEventAreDecidedByTheSameInstance() throws Exception {
        String game = GAMES.get(0);
        var holder = holderOf(game);
        var other = holder == first ? second : first;

        // when the clock's flag fall for the game arrives (keyed by the game: its partition number is the game's)
        sendClock(game, ToyGame.flagFell(game, game + "-flag", Side.BLACK));
        // and a flag fall for a game of the other instance arrives keyed by something else, on a partition of the
        // holder's numbers: the holder does not hold that game and forwards it, keyed by the game, to its partition
        String target = GAMES.stream().filter(g -> holderOf(g) == other).findFirst().orElseThrow();
        String foreignKey = IntStream.range(0, 1000).mapToObj(i -> "t-" + i).filter(k -> holder.heldPartitions()
                .contains(PartitionOwnership.partitionOf(k, PARTITIONS))).findFirst().orElseThrow();
        sendClock(foreignKey, ToyGame.flagFell(target, target + "-flag", Side.WHITE));

        // then the game ends on the holder, after its moves (one chain, no fork), and the other instance never held it
        var records = readUntil(r -> causedBy(r, game + "-flag") && causedBy(r, target + "-flag"));
        List<Envelope> events = eventsOf(game, records);
        assertChain(game, events, 4);
        assertTrue(events.get(events.size() - 1).payload() instanceof ResultEvent.GameEnded, events.toString());
        assertTrue(holder.<Boolean>read(store -> store.stateOf(game).state().over()));
        assertFalse(other.<Boolean>read(store -> store.exists(game)));
        List<Envelope> forwarded = eventsOf(target, records);
        assertChain(target, forwarded, 4);
        assertTrue(other.<Boolean>read(store -> store.stateOf(target).state().over()));
        assertFalse(holder.<Boolean>read(store -> store.exists(target)));
        assertTrue(first.forwarded() + second.forwarded() >= 1, "the mis-keyed flag fall was forwarded");
    }

    @Test
    @Order(4)
    void whenAnInstanceIsKilledTheOtherTakesOverItsGamesOnTheirExactState() throws Exception {
        var killed = first;
        var survivor = second;
        String game = GAMES.stream().filter(g -> holderOf(g) == killed)
                .filter(g -> !killed.read(s -> s.stateOf(g).state().over())).findFirst().orElseThrow();
        List<String> movesBefore = killed.read(store -> store.stateOf(game).state().moves());

        // when the instance holding the game dies (its producers dropped, nothing handed over)
        killed.halt();
        awaitTrue("the survivor holds every partition", () -> survivor.heldPartitions().size() == PARTITIONS);
        send(ToyGame.move(game, game + "-c3", "e5", 20));

        // then the survivor decides it on the game's state: the next sequence, no gap, no duplicate
        var records = readUntil(r -> causedBy(r, game + "-c3"));
        List<Envelope> events = eventsOf(game, records);
        assertChain(game, events, 3);
        List<String> expected = new ArrayList<>(movesBefore);
        expected.add("e5");
        assertEquals(expected, survivor.read(store -> store.stateOf(game).state().moves()));
        assertEquals(new TreeSet<>(GAMES), survivor.read(store -> new TreeSet<>(store.states().keySet())),
                "the survivor restored every game of the lost partitions");
        first = null;
    }

    @Test
    @Order(5)
    void aThirdInstanceTakesItsShareOfTheLogAndWhenItDiesTheSurvivorTakesItBack() throws Exception {
        var joined = runtime("inst-3");
        joined.start();
        assertTrue(joined.awaitRunning(WAIT));
        awaitTrue("the partitions split again", () -> split(joined, second));
        String game = GAMES.stream().filter(g -> holderOf(g, joined, second) == joined).findFirst().orElseThrow();
        long sequenceBefore = joined.read(store -> store.stateOf(game).sequence());

        Set<String> held = joined.read(store -> new TreeSet<>(store.states().keySet()));
        assertEquals(GAMES.stream().filter(g -> holderOf(g, joined, second) == joined)
                .collect(Collectors.toCollection(TreeSet::new)), held, "it restored its share of the games, only that");

        // when it dies in turn
        joined.halt();
        send(ToyGame.move(game, game + "-c9", "Nf3", 40));

        var records = readUntil(r -> causedBy(r, game + "-c9"));
        List<Envelope> events = eventsOf(game, records);
        assertChain(game, events, (int) sequenceBefore + 1);
        assertEquals(PARTITIONS, second.heldPartitions().size());
    }

    @Test
    @Order(6)
    void anInstanceWhoseFirstAssignmentIsEmptyRestoresEveryGameWhenItGainsThePartitions() throws Exception {
        // given the only live instance gone, and a member that holds every partition and then stops answering (a
        // process killed with kill -9: its partitions stay its own until its session times out)
        second.close();
        second = null;
        List<String> inputs = new ArrayList<>();
        DEFINITION.commandTopics().forEach(t -> inputs.add(topic(t)));
        DEFINITION.reactionTopics().forEach(t -> inputs.add(topic(t)));
        KafkaConsumer<byte[], byte[]> dead = TorneoStack.memberThatStopsAnswering(DEFINITION.name(), inputs, WAIT);
        try {
            long until = System.nanoTime() + WAIT.toNanos();
            while (dead.assignment().size() < inputs.size() * PARTITIONS && System.nanoTime() < until) {
                dead.poll(Duration.ofMillis(100));
            }
            assertEquals(inputs.size() * PARTITIONS, dead.assignment().size(), "the member to die holds every partition");

            // when a new instance starts while the dead member still holds them, and gains them at its session's end
            var restarted = runtime("inst-4");
            first = restarted;
            restarted.start();
            assertTrue(restarted.awaitRunning(WAIT));
            awaitTrue("the new instance holds every partition",
                    () -> restarted.heldPartitions().size() == PARTITIONS);

            // then it holds every game, on its exact state, and decides the next move on it
            assertEquals(new TreeSet<>(GAMES), restarted.read(store -> new TreeSet<>(store.states().keySet())),
                    "every game of the gained partitions restored");
            String game = GAMES.get(0);
            long sequenceBefore = restarted.read(store -> store.stateOf(game).sequence());
            assertTrue(sequenceBefore >= 1, game + " restored with its events");
            send(ToyGame.move(game, game + "-c11", "d4", 60));
            var records = readUntil(r -> causedBy(r, game + "-c11"));
            assertChain(game, eventsOf(game, records), (int) sequenceBefore + 1);
        } finally {
            dead.close(org.apache.kafka.clients.consumer.CloseOptions.timeout(Duration.ZERO));
        }
    }

    // ------------------------------------------------------------------ helpers

    private static List<String> gamesOnEveryPartition(int each) {
        Map<Integer, List<String>> byPartition = new HashMap<>();
        for (int i = 0; byPartition.values().stream().mapToInt(List::size).sum() < each * PARTITIONS; i++) {
            String game = "ig-" + i;
            List<String> games = byPartition.computeIfAbsent(PartitionOwnership.partitionOf(game, PARTITIONS),
                    n -> new ArrayList<>());
            if (games.size() < each) {
                games.add(game);
            }
        }
        return byPartition.values().stream().flatMap(List::stream).sorted().toList();
    }

    private static boolean split(KafkaAggregateRuntime<?, ?, ?> a, KafkaAggregateRuntime<?, ?, ?> b) {
        Set<Integer> both = new HashSet<>(a.heldPartitions());
        both.addAll(b.heldPartitions());
        return !a.heldPartitions().isEmpty() && !b.heldPartitions().isEmpty() && both.size() == PARTITIONS
                && a.heldPartitions().size() + b.heldPartitions().size() == PARTITIONS;
    }

    private static KafkaAggregateRuntime<GameCommand, EventMessage, ToyGame.State> holderOf(String game) {
        return holderOf(game, first, second);
    }

    private static KafkaAggregateRuntime<GameCommand, EventMessage, ToyGame.State> holderOf(String game,
            KafkaAggregateRuntime<GameCommand, EventMessage, ToyGame.State> a,
            KafkaAggregateRuntime<GameCommand, EventMessage, ToyGame.State> b) {
        return a.heldPartitions().contains(PartitionOwnership.partitionOf(game, PARTITIONS)) ? a : b;
    }

    private static void awaitTrue(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + WAIT + ": " + what);
            }
            Thread.sleep(50);
        }
    }

    private static void send(Envelope command) throws Exception {
        edge.send(new ProducerRecord<>(topic(Topics.GAME_COMMANDS), command.aggregateId().getBytes(StandardCharsets.UTF_8),
                CODEC.encode(command))).get(60, TimeUnit.SECONDS);
    }

    private static void sendClock(String key, Envelope event) throws Exception {
        edge.send(new ProducerRecord<>(topic(Topics.CLOCK), key.getBytes(StandardCharsets.UTF_8), CODEC.encode(event)))
                .get(60, TimeUnit.SECONDS);
    }

    private static boolean causedBy(List<ConsumerRecord<byte[], byte[]>> records, String seed) {
        UUID cause = ToyGame.id(seed);
        return records.stream().anyMatch(r -> cause.equals(CODEC.decode(r.value()).causationId()));
    }

    /** Everything committed on the event topics, read until {@code until} holds. */
    private static List<ConsumerRecord<byte[], byte[]>> readUntil(
            java.util.function.Predicate<List<ConsumerRecord<byte[], byte[]>>> until) {
        Properties props = new Properties();
        props.putAll(TorneoStack.clientSecurity());
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        List<ConsumerRecord<byte[], byte[]>> seen = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props)) {
            List<TopicPartition> partitions = new ArrayList<>();
            EVENT_TOPICS.forEach(t -> consumer.partitionsFor(topic(t))
                    .forEach(p -> partitions.add(new TopicPartition(p.topic(), p.partition()))));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(seen::add);
                if (until.test(seen)) {
                    return seen;
                }
            }
        }
        throw new AssertionError("not seen within " + WAIT + "; records: " + seen.size());
    }

    private static List<Envelope> eventsOf(String game, List<ConsumerRecord<byte[], byte[]>> records) {
        return records.stream().map(r -> CODEC.decode(r.value())).filter(e -> e.aggregateId().equals(game))
                .sorted(Comparator.comparingLong(Envelope::sequence)).toList();
    }

    /** Sequences 1..n exactly once each, hash-chained: no gap, no duplicate, no fork. */
    private static void assertChain(String game, List<Envelope> events, int atLeast) {
        List<Long> sequences = events.stream().map(Envelope::sequence).toList();
        assertEquals(sequenceOneTo(sequences.size()), sequences, game + ": " + sequences);
        assertTrue(sequences.size() >= atLeast, game + " has " + sequences.size() + " events");
        assertEquals(Optional.empty(), HashChain.verify(CODEC, game, events));
        assertTrue(events.get(0).payload() instanceof MoveEvent.GameStarted);
    }

    private static List<Long> sequenceOneTo(int n) {
        return java.util.stream.LongStream.rangeClosed(1, n).boxed().toList();
    }
}
