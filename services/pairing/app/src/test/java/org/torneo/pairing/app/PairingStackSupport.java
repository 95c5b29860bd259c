package org.torneo.pairing.app;

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
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.stack.test.TorneoStack;

/** Helpers of the pairing service's tests on the local stack (real broker, real PostgreSQL). */
final class PairingStackSupport {

    static final JsonCodec CODEC = JsonCodec.standard();
    static final HttpClient HTTP = HttpClient.newHttpClient();
    /** The organiser who creates the tests' tournaments and registers their players. */
    static final String ORGANISER_ACCOUNT = "org-1";
    /** The chief arbiter he appoints, who pairs and closes their rounds. */
    static final String CHIEF_ACCOUNT = "arbiter-1";

    static String organiser() {
        return org.torneo.stack.test.Tokens.of(ORGANISER_ACCOUNT, "organiser");
    }

    static String chief() {
        return org.torneo.stack.test.Tokens.of(CHIEF_ACCOUNT, "arbiter");
    }

    private PairingStackSupport() {
    }

    static HttpResponse<String> get(String base, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** POSTs JSON with a bearer token (none when null). */
    static HttpResponse<String> post(String base, String path, String json, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            request.header("Authorization", org.torneo.stack.test.Tokens.bearer(token));
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static void sendRaw(String topic, String key, byte[] value) throws Exception {
        try (KafkaProducer<String, String> edge = TorneoStack.producer()) {
            edge.send(new ProducerRecord<>(topic, key, new String(value, StandardCharsets.UTF_8))).get(30, TimeUnit.SECONDS);
        }
    }

    /** A results.GameEnded as the game service publishes it: the game's event, keyed by tournament. */
    static Envelope gameEnded(String tournament, int round, int board, String white, String black, GameResult result) {
        ResultEvent.GameEnded ended = ResultEvent.GameEnded.of("g-" + tournament + "-" + round + "-" + board, tournament,
                round, board, white, black, result, EndReason.RESIGNATION, "FIDE 2018 5.1.2",
                result != GameResult.WHITE_WINS_BY_FORFEIT && result != GameResult.BLACK_WINS_BY_FORFEIT, Instant.now());
        Envelope unsealed = Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, ended.gameId(), 7,
                Actor.system("game"), Instant.now(), ended);
        return CODEC.seal(unsealed, Envelope.GENESIS_HASH);
    }

    static void publishResult(Envelope ended) throws Exception {
        sendRaw(Topics.RESULTS.name(), ((ResultEvent) ended.payload()).tournamentId(), CODEC.encode(ended));
    }

    /**
     * The committed events of one tournament (read_committed, from the beginning) once {@code done}
     * accepts them, or what there was at the timeout.
     */
    static List<TournamentEvent> awaitEvents(String tournament, Predicate<List<TournamentEvent>> done, Duration timeout) {
        return awaitRecords(Topics.TOURNAMENT.name(), tournament, records -> done.test(decode(records)), timeout)
                .stream().map(r -> (TournamentEvent) CODEC.decode(r.value()).payload()).toList();
    }

    static List<Envelope> envelopes(String tournament, Duration timeout, int atLeast) {
        return awaitRecords(Topics.TOURNAMENT.name(), tournament, records -> records.size() >= atLeast, timeout)
                .stream().map(r -> CODEC.decode(r.value())).toList();
    }

    private static List<TournamentEvent> decode(List<ConsumerRecord<String, String>> records) {
        return records.stream().map(r -> (TournamentEvent) CODEC.decode(r.value()).payload()).toList();
    }

    static List<ConsumerRecord<String, String>> awaitRecords(String topic, String key,
                                                             Predicate<List<ConsumerRecord<String, String>>> done,
                                                             Duration timeout) {
        Properties props = new Properties();
        props.putAll(TorneoStack.clientSecurity()); // the stack\'s admin
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(info -> new TopicPartition(topic, info.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            while (!done.test(records) && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    if (key.equals(record.key())) {
                        records.add(record);
                    }
                }
            }
        }
        return records;
    }

    static <T> List<T> ofType(List<? extends TournamentEvent> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** Runs {@code sql} (one parameter) until a row satisfies {@code check}, or returns the last one. */
    static List<Object> awaitRow(String sql, String parameter, Predicate<List<Object>> check, Duration timeout)
            throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Object> row = null;
        while (System.nanoTime() < deadline) {
            try (Connection c = TorneoStack.jdbc(TorneoStack.currentDatabase());
                 PreparedStatement st = c.prepareStatement(sql)) {
                st.setString(1, parameter);
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
