package org.torneo.clock.app;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.topics.Topics;
import org.torneo.stack.test.TorneoStack;

/** Helpers shared by the clock service's tests on the local stack (real broker, real PostgreSQL). */
public final class ClockStackSupport {

    static final JsonCodec CODEC = JsonCodec.standard();
    static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "it");
    static final Actor BOARD = new Actor(Actor.Role.BOARD, "board-1");
    /** One hour: no default falls during a test. */
    static final ClockRules RULES = new ClockRules(new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.STANDARD),
            3_600_000, false);
    static final HttpClient HTTP = HttpClient.newHttpClient();

    private ClockStackSupport() {
    }

    static TimeControl suddenDeath(long millis) {
        return TimeControl.of(Period.suddenDeath(millis));
    }

    static ClockCommand.StartClock start(String game, long at, TimeControl control) {
        return new ClockCommand.StartClock(game, UUID.randomUUID().toString(), ARBITER, at, control, RULES);
    }

    /** Sends a clock command through the broker, as an edge would; returns its id. */
    static UUID sendCommand(ClockCommand command) throws Exception {
        UUID id = UUID.fromString(command.commandId());
        sendRaw(Topics.CLOCK_COMMANDS.name(), command.gameId(), CODEC.toJson(Envelope.command(id, command.gameId(),
                command.actor(), Instant.ofEpochMilli(command.at()), command)).getBytes(StandardCharsets.UTF_8));
        return id;
    }

    static void sendRaw(String topic, String key, byte[] value) throws Exception {
        try (KafkaProducer<String, String> edge = TorneoStack.producer()) {
            edge.send(new ProducerRecord<>(topic, key, new String(value, StandardCharsets.UTF_8))).get(30, TimeUnit.SECONDS);
        }
    }

    /** The committed events of one game's clock, decoded: at least {@code atLeast}, or what came before the timeout. */
    static List<Envelope> clockEvents(String game, int atLeast, Duration timeout) {
        return TorneoStack.readCommittedValuesForKey(Topics.CLOCK.name(), game, atLeast, timeout)
                .stream().map(CODEC::decode).toList();
    }

    static List<ConsumerRecord<String, String>> clockRecords(String game, int atLeast, Duration timeout) {
        return TorneoStack.readCommittedForKey(Topics.CLOCK.name(), game, atLeast, timeout);
    }

    static <T> List<T> payloads(List<Envelope> events, Class<T> type) {
        List<T> out = new ArrayList<>();
        for (Envelope e : events) {
            if (type.isInstance(e.payload())) {
                out.add(type.cast(e.payload()));
            }
        }
        return out;
    }

    static HttpResponse<String> get(String base, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** POSTs as the chief arbiter of {@link #TOURNAMENT} (the REST tests' clocks belong to its games). */
    static HttpResponse<String> post(String base, String path, String json) throws Exception {
        return post(base, path, json, org.torneo.stack.test.Tokens.of(ARBITER.id(), "arbiter"));
    }

    static HttpResponse<String> post(String base, String path, String json, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            request.header("Authorization", org.torneo.stack.test.Tokens.bearer(token));
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The tournament of the REST tests' games: no halls, {@link #ARBITER} its chief arbiter. */
    static final String TOURNAMENT = "t-clock-rest";
    private static boolean officesPublished;

    /** Publishes the offices of {@link #TOURNAMENT} once per test JVM. */
    static synchronized void offices() {
        if (!officesPublished) {
            org.torneo.stack.test.Offices.tournament(TOURNAMENT).chiefArbiter(ARBITER.id()).publish();
            officesPublished = true;
        }
    }

    /**
     * Records on the moves topic that the game service started {@code game} (board {@code board} of {@code hall} of
     * {@code tournament}, between these players): the clock's edge checks commands against it.
     */
    public static void gameStarted(String game, String tournament, String hall, int board, String white, String black)
            throws Exception {
        org.torneo.contracts.game.MoveEvent.GameStarted started = new org.torneo.contracts.game.MoveEvent.GameStarted(
                tournament, 1, board, white, black, Ruleset.DEFAULT,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", hall, null,
                org.torneo.contracts.game.EventRegulations.DEFAULT, java.time.Instant.now());
        Envelope sealed = CODEC.seal(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, game, 1,
                Actor.system("game"), java.time.Instant.now(), started), Envelope.GENESIS_HASH);
        sendRaw(org.torneo.contracts.topics.Topics.MOVES.name(), game,
                CODEC.toJson(sealed).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** {@link #gameStarted} in {@link #TOURNAMENT}, with its offices. */
    static void gameStarted(String game) throws Exception {
        offices();
        gameStarted(game, TOURNAMENT, null, 1, "w-" + game, "b-" + game);
    }

    /** Runs {@code sql} (one parameter: the game id) until a row satisfies {@code check}, or returns the last one. */
    static List<Object> awaitRow(String sql, String game, Predicate<List<Object>> check, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Object> row = null;
        while (System.nanoTime() < deadline) {
            try (Connection c = TorneoStack.jdbc(TorneoStack.currentDatabase());
                 PreparedStatement st = c.prepareStatement(sql)) {
                st.setString(1, game);
                try (ResultSet rs = st.executeQuery()) {
                    if (rs.next()) {
                        row = new ArrayList<>();
                        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                            row.add(rs.getObject(i));
                        }
                        if (check.test(row)) {
                            return row;
                        }
                    }
                }
            } catch (java.sql.SQLException e) {
                // the schema may not exist yet right after the start
            }
            sleep(200);
        }
        return row;
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
