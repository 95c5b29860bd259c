package org.torneo.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import jakarta.inject.Inject;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.health.RuntimeRegistry;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.kafka.KafkaSettings;
import org.torneo.platform.kafka.TopicsToEnd;
import org.torneo.platform.service.ServiceShell;
import org.torneo.stack.test.TorneoStack;

/**
 * The service shell on the local stack's real broker, inside the platform's Quarkus test app (its health checks
 * report the shell): ready only once the replay is reloaded, a failed reload retried, a restart and a start-over
 * after a failure each followed by a reload; and the platform's reader reads the shell's topics to their end.
 */
@QuarkusTest // shares the local stack and the Quarkus app with the platform's other tests
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class ServiceShellIntegrationTest {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final List<TopicSpec> TOPICS = List.of(Topics.GAME_COMMANDS, Topics.MOVES, Topics.CLAIMS,
            Topics.RESULTS, Topics.CLOCK, Topics.DEAD_LETTER);
    private static final JsonCodec CODEC = JsonCodec.standard();

    @Inject
    RuntimeRegistry runtimes;

    @TestHTTPResource("/q/health/ready")
    URL ready;

    /** Each test's own topics and aggregate name (consumer group, transactional ids) on the shared broker. */
    private String prefix;
    private AggregateDefinition<GameCommand, EventMessage, ToyGame.State> definition;
    private ServiceShell<GameCommand, EventMessage, ToyGame.State> shell;

    @BeforeEach
    void ownTopics() throws Exception {
        String id = UUID.randomUUID().toString().substring(0, 8);
        prefix = "shell-" + id + ".";
        TorneoStack.createTopics(3, TOPICS.stream().map(t -> prefix + t.name()).toArray(String[]::new));
        definition = ToyGame.DEFINITION.named("toy-shell-" + id);
    }

    @AfterEach
    void stopShell() {
        if (shell != null) {
            shell.stop();
        }
    }

    /** A reload call as the shell made it: how many aggregates it saw and whether the runtime was new. */
    record ReloadCall(int aggregates, boolean firstOfRuntime, long moves) {
    }

    @Test
    void readyOnlyOnceTheReplayIsReloaded() throws Exception {
        // given a game already in the log
        send(ToyGame.start("s-1", prefix + "c1"));
        send(ToyGame.move("s-1", prefix + "c2", "e4", 10));
        ServiceShell<GameCommand, EventMessage, ToyGame.State> first = startAndDrop();
        awaitTrue(() -> first.reloaded(), "the first shell reloads");
        first.stop();
        assertFalse(runtimes.shells().contains(first), "a stopped shell is forgotten");

        // when a new shell replays it and its reload is held back
        CountDownLatch gate = new CountDownLatch(1);
        List<ReloadCall> calls = new CopyOnWriteArrayList<>();
        ServiceShell<GameCommand, EventMessage, ToyGame.State> started = shell(runtimes.shell(definition,
                CODEC, this::ownTopics).reload((states, firstOfRuntime) -> {
            await(gate);
            calls.add(call(states.get(), firstOfRuntime));
        }).build());
        started.start();
        assertTrue(started.runtime().awaitRunning(WAIT), started.runtime().statusDetail());

        // then the runtime runs but the service is not ready until the reload is done
        assertFalse(started.reloaded());
        HttpResponse<String> notYet = health();
        assertEquals(503, notYet.statusCode(), notYet.body());
        assertTrue(notYet.body().contains("\"" + definition.name() + ".reload\": \"rebuilding\""), notYet.body());
        gate.countDown();
        awaitTrue(started::reloaded, "ready after the reload");
        assertEquals(List.of(new ReloadCall(1, true, 1)), calls, "the reload saw the replayed game, once");
        HttpResponse<String> ready = health();
        assertEquals(200, ready.statusCode(), ready.body());
        assertTrue(ready.body().contains("\"" + definition.name() + ".reload\": \"current\""), ready.body());
    }

    @Test
    void aFailedReloadIsRetriedAndARestartOrAStartOverIsReloadedAgain() throws Exception {
        send(ToyGame.start("s-2", prefix + "c1"));
        AtomicInteger failuresLeft = new AtomicInteger(1);
        List<ReloadCall> calls = new CopyOnWriteArrayList<>();
        ServiceShell<GameCommand, EventMessage, ToyGame.State> started = shell(runtimes.shell(definition,
                CODEC, this::ownTopics).reload((states, firstOfRuntime) -> {
            ReloadCall call = call(states.get(), firstOfRuntime);
            if (failuresLeft.getAndDecrement() > 0) {
                throw new IllegalStateException("the projection's database is away (test)");
            }
            calls.add(call);
        }).build());
        started.start();

        // a reload that fails is retried until it succeeds; only then is the service ready
        awaitTrue(started::reloaded, "reloaded after a failed attempt");
        // one successful reload, the runtime's first; the start command sent before any runtime ran is decided after
        // the replay, so whether the retry (250 ms later) already sees its aggregate depends on the machine's speed
        assertEquals(1, calls.size(), calls::toString);
        assertTrue(calls.get(0).firstOfRuntime(), calls::toString);
        assertEquals(0, calls.get(0).moves(), calls::toString);
        assertTrue(failuresLeft.get() < 0, "the failed attempt was made");

        // a restart: a new runtime rebuilds the same state from the log, and is reloaded as a new one
        send(ToyGame.move("s-2", prefix + "c2", "d4", 10));
        awaitTrue(() -> movesOf(started.runtime(), "s-2") == 1, "the move is decided");
        KafkaAggregateRuntime<GameCommand, EventMessage, ToyGame.State> before = started.runtime();
        Map<String, ToyGame.State> statesBefore = before.read(AggregateStore::states);
        started.restart();
        assertNotSame(before, started.runtime());
        assertEquals(KafkaAggregateRuntime.Status.STOPPED, before.status());
        assertFalse(runtimes.runtimes().contains(before), "the health checks forget the closed runtime");
        assertTrue(runtimes.runtimes().contains(started.runtime()));
        awaitTrue(started::reloaded, "reloaded after the restart");
        assertEquals(new ReloadCall(1, true, 1), calls.get(calls.size() - 1));
        assertEquals(statesBefore, started.runtime().read(AggregateStore::states));

        // a failure: another instance with the same id fences the runtime's producer; its next transaction fails,
        // it starts over from the log by itself, and the shell reloads that replay too
        int reloadsBefore = calls.size();
        KafkaAggregateRuntime<GameCommand, EventMessage, ToyGame.State> intruder = new KafkaAggregateRuntime<>(definition,
                CODEC, ownTopics(runtimes.settings()));
        intruder.start();
        assertTrue(intruder.awaitRunning(WAIT), intruder.statusDetail());
        intruder.close();
        send(ToyGame.move("s-2", prefix + "c3", "d5", 20));
        awaitTrue(() -> started.runtime().restarts() > 0 && started.reloaded(), "started over and reloaded");
        awaitTrue(() -> movesOf(started.runtime(), "s-2") == 2, "the move after the start-over is decided");
        ReloadCall afterStartOver = calls.get(reloadsBefore);
        assertFalse(afterStartOver.firstOfRuntime(), "the same runtime started over: " + calls);
    }

    @Test
    void thePlatformReaderReadsTheTopicsToTheirEnd() throws Exception {
        send(ToyGame.start("s-3", prefix + "c1"));
        send(ToyGame.move("s-3", prefix + "c2", "c4", 10));
        send(ToyGame.move("s-3", prefix + "c3", "e5", 20));
        ServiceShell<GameCommand, EventMessage, ToyGame.State> started = startAndDrop();
        awaitTrue(() -> movesOf(started.runtime(), "s-3") == 2, "the moves are decided");

        Properties client = runtimes.clientProperties("shell-test-reader");
        client.putAll(TorneoStack.clientSecurity());
        List<Envelope> read = new ArrayList<>();
        long handed = TopicsToEnd.envelopes("test", client, List.of(prefix + Topics.MOVES.name(),
                        prefix + "no-such-topic"), CODEC, Duration.ofSeconds(30), Duration.ofSeconds(30),
                event -> event.aggregateId().equals("s-3"), read::addAll);

        assertEquals(3, handed, "the game's three events; a topic that does not exist is empty");
        assertEquals(List.of(1L, 2L, 3L), read.stream().map(Envelope::sequence).sorted().toList());
        TopicsToEnd.Reach none = TopicsToEnd.read(client, List.of(prefix + "no-such-topic"), Duration.ofSeconds(30),
                null, () -> true, record -> { });
        assertEquals(new TopicsToEnd.Reach(0, true), none);
    }

    @Test
    void anOpenReaderReadsOnFromWhereItWasAndOneFromTheEndSeesOnlyWhatCameAfter() throws Exception {
        // given two commands on the topic
        send(ToyGame.start("s-4", prefix + "c1"));
        send(ToyGame.move("s-4", prefix + "c2", "d4", 10));
        Properties client = runtimes.clientProperties("shell-test-open-reader");
        client.putAll(TorneoStack.clientSecurity());
        List<String> topics = List.of(prefix + Topics.GAME_COMMANDS.name(), prefix + "no-such-topic");
        List<String> fromStart = new ArrayList<>();
        List<String> fromEnd = new ArrayList<>();
        try (TopicsToEnd.Reader reader = TopicsToEnd.open(client, topics, Duration.ofSeconds(30),
                TopicsToEnd.From.BEGINNING);
             TopicsToEnd.Reader follower = TopicsToEnd.open(client, topics, Duration.ofSeconds(30),
                     TopicsToEnd.From.END)) {
            // when both read to the end, then the one from the beginning has both and the one from the end none
            assertEquals(new TopicsToEnd.Reach(2, true), reader.toEnd(null, () -> true,
                    r -> fromStart.add(CODEC.decode(r.value()).eventId().toString())));
            assertEquals(new TopicsToEnd.Reach(0, true), follower.toEnd(null, () -> true,
                    r -> fromEnd.add(CODEC.decode(r.value()).eventId().toString())));

            // when a third command comes, then each reads on from where it was: that command only
            Envelope third = ToyGame.move("s-4", prefix + "c3", "d5", 20);
            send(third);
            assertEquals(new TopicsToEnd.Reach(1, true), reader.toEnd(null, () -> true,
                    r -> fromStart.add(CODEC.decode(r.value()).eventId().toString())));
            assertEquals(new TopicsToEnd.Reach(1, true), follower.toEnd(null, () -> true,
                    r -> fromEnd.add(CODEC.decode(r.value()).eventId().toString())));
            assertEquals(3, fromStart.size(), fromStart.toString());
            assertEquals(List.of(third.eventId().toString()), fromEnd);
            assertEquals(third.eventId().toString(), fromStart.get(2));
            // and a poll with nothing new hands nothing
            assertEquals(0, reader.poll(Duration.ofMillis(200), r -> fromStart.add("unexpected")));
        }
    }

    // ------------------------------------------------------------------ helpers

    private ServiceShell<GameCommand, EventMessage, ToyGame.State> startAndDrop() {
        ServiceShell<GameCommand, EventMessage, ToyGame.State> started = shell(runtimes.shell(definition, CODEC,
                this::ownTopics).reload((states, firstOfRuntime) -> { }).build());
        started.start();
        return started;
    }

    private ServiceShell<GameCommand, EventMessage, ToyGame.State> shell(ServiceShell<GameCommand, EventMessage, ToyGame.State> made) {
        shell = made;
        return made;
    }

    private KafkaSettings ownTopics(KafkaSettings settings) {
        return new KafkaSettings(settings.bootstrapServers(), settings.instanceId(), Duration.ofMillis(100),
                Duration.ofSeconds(10), prefix, settings.extra());
    }

    private static ReloadCall call(List<AggregateState<ToyGame.State>> states, boolean firstOfRuntime) {
        long moves = states.stream().mapToLong(s -> s.state().moves().size()).sum();
        return new ReloadCall(states.size(), firstOfRuntime, moves);
    }

    private static long movesOf(KafkaAggregateRuntime<GameCommand, EventMessage, ToyGame.State> runtime, String game) {
        return runtime.read(store -> store.exists(game) ? store.stateOf(game).state().moves().size() : -1);
    }

    private void send(Envelope command) throws Exception {
        Properties props = new Properties();
        props.putAll(TorneoStack.clientSecurity());
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        try (KafkaProducer<String, String> edge = new KafkaProducer<>(props,
                new org.apache.kafka.common.serialization.StringSerializer(),
                new org.apache.kafka.common.serialization.StringSerializer())) {
            edge.send(new ProducerRecord<>(prefix + Topics.GAME_COMMANDS.name(), command.aggregateId(),
                    CODEC.toJson(command))).get(60, TimeUnit.SECONDS);
        }
    }

    private HttpResponse<String> health() throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(ready.toString())).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static void await(CountDownLatch gate) {
        try {
            if (!gate.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never opened the gate");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + WAIT + ": " + what);
            }
            Thread.sleep(50);
        }
    }
}
