package org.torneo.game.app;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Notation;
import org.torneo.contracts.topics.Topics;
import org.torneo.stack.test.TorneoStack;

/** Helpers for the game service's tests on the local stack (real broker, real PostgreSQL). */
final class GameStackSupport {

    static final JsonCodec CODEC = JsonCodec.standard();
    static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "org-1");
    static final Actor BOARD = new Actor(Actor.Role.BOARD, "board-1");
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final Duration WAIT = Duration.ofSeconds(60);

    private GameStackSupport() {
    }

    static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static GameCommand.StartGame start(String tournament, String white, String black) {
        return new GameCommand.StartGame(tournament, 1, 1, white, black, Ruleset.DEFAULT, null, Instant.now());
    }

    static GameCommand.SubmitMove move(String san) {
        return new GameCommand.SubmitMove(san, Notation.AUTO, MoveSource.BOARD, null, Instant.now());
    }

    /** Sends a command through the broker as an edge would; returns its id. */
    static UUID send(String gameId, Actor actor, GameCommand command) throws Exception {
        return send(UUID.randomUUID(), gameId, actor, command);
    }

    static UUID send(UUID id, String gameId, Actor actor, GameCommand command) throws Exception {
        sendRaw(Topics.GAME_COMMANDS.name(), gameId,
                CODEC.toJson(Envelope.command(id, gameId, actor, command.observedAt(), command)));
        return id;
    }

    /** Publishes another service's event (sealed as the first of its aggregate) on {@code topic}. */
    static void publishEvent(String topic, String key, String aggregateId, Actor actor, EventMessage event)
            throws Exception {
        Envelope sealed = CODEC.seal(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, aggregateId, 1, actor,
                Instant.now(), event), Envelope.GENESIS_HASH);
        sendRaw(topic, key, CODEC.toJson(sealed));
    }

    static void sendRaw(String topic, String key, String value) throws Exception {
        try (KafkaProducer<String, String> edge = TorneoStack.producer()) {
            edge.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
        }
    }

    /** The committed events for {@code key} on {@code topic}, decoded. */
    static List<Envelope> events(String topic, String key, int atLeast, Duration timeout) {
        return TorneoStack.readCommittedValuesForKey(topic, key, atLeast, timeout).stream().map(CODEC::decode).toList();
    }

    /** The game's events on the moves and claims topics, in sequence order. */
    static List<Envelope> gameEvents(String gameId, int atLeastMoves, int atLeastClaims) {
        List<Envelope> all = new ArrayList<>(events(Topics.MOVES.name(), gameId, atLeastMoves, WAIT));
        if (atLeastClaims >= 0) {
            all.addAll(events(Topics.CLAIMS.name(), gameId, atLeastClaims, atLeastClaims == 0 ? Duration.ofSeconds(2) : WAIT));
        }
        all.sort(java.util.Comparator.comparingLong(Envelope::sequence));
        return all;
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
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** The tournament of the REST tests' single games: no halls, its chief arbiter, a device, linked players. */
    static final String TOURNAMENT = "t-rest";
    static final String ARBITER_ACCOUNT = "arbiter-1";
    static final String DEVICE_ACCOUNT = "b-1";

    /** Publishes the offices of {@link #TOURNAMENT} (once per test JVM: the topic keeps them). */
    static synchronized void offices() {
        if (!officesPublished) {
            org.torneo.stack.test.Offices.tournament(TOURNAMENT).organiser("o-1").chiefArbiter(ARBITER_ACCOUNT)
                    .device(DEVICE_ACCOUNT, null).player("wanda", "wanda").player("bert", "bert").publish();
            officesPublished = true;
        }
    }

    private static boolean officesPublished;

    /** A token of the tournament's chief arbiter. */
    static String arbiter() {
        return org.torneo.stack.test.Tokens.of(ARBITER_ACCOUNT, "arbiter");
    }

    /** A token of the device serving every board. */
    static String device() {
        return org.torneo.stack.test.Tokens.of(DEVICE_ACCOUNT, "device");
    }

    /** A token of a player's account (the account id is the player id in these tests). */
    static String player(String account) {
        return org.torneo.stack.test.Tokens.of(account, "player");
    }

    /** POSTs JSON with a bearer token (none when {@code token} is null). */
    static HttpResponse<String> post(String base, String path, String json, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            request.header("Authorization", org.torneo.stack.test.Tokens.bearer(token));
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** GETs with a bearer token. */
    static HttpResponse<String> get(String base, String path, String token) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).GET()
                        .header("Authorization", org.torneo.stack.test.Tokens.bearer(token)).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** Polls GET {@code path} until the body satisfies {@code check}; returns the last response. */
    static HttpResponse<String> awaitGet(String base, String path, Predicate<HttpResponse<String>> check) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        HttpResponse<String> last = get(base, path);
        while (!check.test(last) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            last = get(base, path);
        }
        return last;
    }

    /** The value of a JSON string member in a flat body (the tests' bodies are small). */
    static String jsonField(String body, String name) {
        int at = body.indexOf("\"" + name + "\":\"");
        if (at < 0) {
            return null;
        }
        int from = at + name.length() + 4;
        return body.substring(from, body.indexOf('"', from));
    }
}
