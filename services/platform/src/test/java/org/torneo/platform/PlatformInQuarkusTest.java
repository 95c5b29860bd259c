package org.torneo.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.projection.Projections;
import org.torneo.stack.test.TorneoStack;

/**
 * The platform inside a Quarkus app on the local stack (real broker, real PostgreSQL): the command
 * becomes an event on the topic and a row in the projection, and readiness is UP once replayed.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class PlatformInQuarkusTest {

    @Inject
    ToyGameApp app;

    @Inject
    Projections projections;

    @TestHTTPResource("/q/health/ready")
    URL ready;

    private final JsonCodec codec = JsonCodec.standard();

    @Inject
    org.torneo.platform.snapshot.PgSnapshotStore snapshots;

    @Test
    void snapshotsRoundTripThroughPostgresql() {
        assertTrue(snapshots.load("nobody").isEmpty());
        var first = new org.torneo.platform.snapshot.Snapshot("svc", java.util.Map.of("torneo.game.moves:0", 12L), 12,
                "{\"aggregates\":[]}");
        snapshots.save(first);
        var second = new org.torneo.platform.snapshot.Snapshot("svc", java.util.Map.of("torneo.game.moves:0", 40L,
                "torneo.game.moves:1", 7L), 47, "{\"aggregates\":[1]}");
        snapshots.save(second);
        assertEquals(second, snapshots.load("svc").orElseThrow());
    }

    @Test
    void commandBecomesEventAndProjectionRowAndServiceIsReady() throws Exception {
        assertTrue(app.runtime().awaitRunning(Duration.ofSeconds(90)), app.runtime().statusDetail());
        HttpResponse<String> health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(ready.toString()))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, health.statusCode(), health.body());
        assertTrue(health.body().contains("toy-game") && health.body().contains("RUNNING"), health.body());

        try (KafkaProducer<String, String> edge = TorneoStack.producer()) {
            for (Envelope command : List.of(ToyGame.start("q-1", "q1-c1"), ToyGame.move("q-1", "q1-c2", "e4", 10),
                    ToyGame.move("q-1", "q1-c3", "c5", 20))) {
                edge.send(new ProducerRecord<>(Topics.GAME_COMMANDS.name(), command.aggregateId(), codec.toJson(command)))
                        .get(30, TimeUnit.SECONDS);
            }
        }

        List<String> moves = TorneoStack.readCommittedValues(Topics.MOVES.name(), 3, Duration.ofSeconds(60));
        assertEquals(3, moves.stream().map(codec::decode).filter(e -> e.aggregateId().equals("q-1")).count());

        ToyGameRow row = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            row = projections.run(session -> session.find(ToyGameRow.class, "q-1"));
            if (row != null && row.moves == 2) {
                break;
            }
            Thread.sleep(100);
        }
        assertTrue(row != null, "no projection row for q-1");
        assertEquals(2, row.moves);
        assertEquals(3, row.lastSequence);
    }
}
