package org.torneo.feed.app;

import org.torneo.feed.core.Chain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.Headers;
import org.junit.jupiter.api.Test;
import org.torneo.platform.DeadLetters;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.topics.Topics;
import org.torneo.feed.app.kafka.FeedConsumer;
import org.torneo.feed.app.kafka.FeedReader;
import org.torneo.feed.core.FeedModel;
import org.torneo.stack.test.KafkaClients;
import org.torneo.stack.test.TorneoStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;

/** The feed on the local stack: a real broker and PostgreSQL, events published as the services do. */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class FeedServiceIntegrationTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TestHTTPResource("/")
    URI base;

    @Inject
    FeedModel model;

    @Inject
    FeedConsumer feed;

    private URI uri(String path) {
        return base.resolve(path);
    }

    @Test
    void aMoveReachesRestAndTheRoundPgn() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        String round = FeedStack.await(uri("/api/tournaments/" + t + "/rounds/1"),
                b -> b.contains("\"board\":4") && b.contains(s.game(4)), WAIT);
        assertTrue(round.contains("\"hall\":\"B\""), round);
        assertTrue(round.contains("Ana Pérez"), round);

        s.publish(s.game(1), Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000, Chain.T0.plusSeconds(5)));
        String pgn = FeedStack.await(uri("/api/tournaments/" + t + "/rounds/1/pgn"), b -> b.contains("1. e4"), WAIT);
        assertTrue(pgn.contains("1. e4 { [%clk 1:29:55] } *"), pgn);
        assertEquals(4, pgn.split("\\[Event ", -1).length - 1, "four games in the round PGN: " + pgn);
        HttpResponse<String> response = FeedStack.get(uri("/api/tournaments/" + t + "/rounds/1/pgn"));
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/x-chess-pgn"));
        String game = FeedStack.get(uri("/api/games/" + s.game(1) + "/pgn")).body();
        assertTrue(game.contains("[White \"Ana Pérez\"]") && game.contains("1. e4"), game);
        assertTrue(FeedStack.get(uri("/api/games/" + s.game(1))).body().contains("\"fen\":\"" + Chain.FEN_E4 + "\""));
    }

    @Test
    void aGameCancelledByAPairingCorrectionLeavesTheRoundAndItsPgnThroughTheBroker() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        String reason = "board 4's players had asked for half-point byes";
        s.publish(t, new org.torneo.contracts.tournament.TournamentEvent.PairingCorrected(t, "c-fix", Chain.ARBITER,
                Chain.T0, 1, List.of(new org.torneo.contracts.tournament.Board(1, null, s.player(1), s.player(5)),
                new org.torneo.contracts.tournament.Board(2, null, s.player(6), s.player(2)),
                new org.torneo.contracts.tournament.Board(3, null, s.player(3), s.player(7))),
                List.of(new org.torneo.contracts.tournament.Bye(s.player(8), org.torneo.contracts.tournament.ByeKind.HALF_POINT,
                        org.torneo.contracts.tournament.Score.HALF), new org.torneo.contracts.tournament.Bye(s.player(4),
                        org.torneo.contracts.tournament.ByeKind.HALF_POINT, org.torneo.contracts.tournament.Score.HALF)),
                reason));
        s.publish(s.game(4), new org.torneo.contracts.game.MoveEvent.GameCancelled(reason, "arbiter-1",
                java.util.UUID.randomUUID(), "C.04.2", Chain.T0));
        String round = FeedStack.await(uri("/api/tournaments/" + t + "/rounds/1"),
                b -> b.contains("\"cancelled\":[{\"board\":4"), WAIT);
        String boards = round.substring(round.indexOf("\"boards\""), round.indexOf("\"byes\""));
        assertTrue(boards.contains("\"board\":3") && !boards.contains("\"board\":4"), "board 4 is no board of the round: "
                + round);
        assertTrue(round.contains(reason), round);
        String pgn = FeedStack.get(uri("/api/tournaments/" + t + "/rounds/1/pgn")).body();
        assertEquals(3, pgn.split("\\[Event ", -1).length - 1, "three games in the round PGN: " + pgn);
        assertTrue(!pgn.contains(s.game(4)), pgn);
        String log = FeedStack.get(uri("/api/tournaments/" + t + "/log?board=4")).body();
        assertTrue(log.contains("\"type\":\"gameCancelled\""), log);
    }

    @Test
    void theLogComesAPageAtATimeWithTheNextPagesAddressAndBodiesOverTheLimitAre413() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        String all = FeedStack.await(uri("/api/tournaments/" + t + "/log"), b -> b.contains(s.game(4)), WAIT);
        int total = all.split("\"id\":", -1).length - 1;
        assertTrue(total > 3, all);
        java.util.List<String> pages = new java.util.ArrayList<>();
        String next = "/api/tournaments/" + t + "/log?limit=3";
        while (next != null) {
            HttpResponse<String> page = FeedStack.get(uri(next));
            assertEquals(200, page.statusCode(), page.body());
            pages.add(page.body());
            next = page.headers().firstValue("Link").map(l -> l.substring(l.indexOf('<') + 1, l.indexOf('>')))
                    .orElse(null);
        }
        assertEquals((total + 2) / 3 + (total % 3 == 0 ? 1 : 0), pages.size(), "pages of 3 of " + total + " events");
        assertEquals(total, pages.stream().mapToInt(p -> p.split("\"id\":", -1).length - 1).sum());
        HttpResponse<String> tooBig = FeedStack.get(uri("/api/tournaments/" + t + "/log?limit=5001"));
        assertEquals(400, tooBig.statusCode());
        assertTrue(tooBig.body().contains("a page holds 1..5000 events"), tooBig.body());

        HttpResponse<String> body = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                        uri("/api/tournaments")).header("Content-Type", "application/json").method("POST",
                        java.net.http.HttpRequest.BodyPublishers.ofString("x".repeat(100 * 1024))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(413, body.statusCode());
        assertTrue(body.body().contains("more than the 65536 bytes quarkus.http.limits.max-body-size allows"),
                body.body());
    }

    @Test
    void sseFiltersAndResumesWithLastEventId() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        FeedStack.await(uri("/api/tournaments/" + t + "/rounds/1"), b -> b.contains(s.game(4)), WAIT);
        long before;
        try (SseClient board1 = new SseClient(uri("/api/tournaments/" + t + "/events?round=1&board=1"), null);
             SseClient hallB = new SseClient(uri("/api/tournaments/" + t + "/events?hall=B"), null)) {
            assertTrue(board1.contentType().startsWith("text/event-stream"), board1.contentType());
            s.publish(s.game(3), Chain.move(1, "d4", "d2d4",
                    "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", 5_390_000, 5_400_000,
                    Chain.T0.plusSeconds(3)));
            s.publish(s.game(1), Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000,
                    Chain.T0.plusSeconds(5)));
            List<SseClient.Event> seen = board1.awaitUntil(e -> e.type().equals("move"), WAIT);
            SseClient.Event move = seen.get(seen.size() - 1);
            assertTrue(move.data().contains("\"gameId\":\"" + s.game(1) + "\"") && move.data().contains("\"san\":\"e4\"")
                    && move.data().contains("\"whiteMillis\":5395000"), move.data());
            assertTrue(seen.stream().noneMatch(e -> e.data().contains(s.game(3))), "board 3 filtered out: " + seen);
            assertTrue(seen.stream().anyMatch(e -> e.type().equals("pairings")), "the round's pairings: " + seen);
            for (int i = 1; i < seen.size(); i++) {
                assertTrue(seen.get(i).id() > seen.get(i - 1).id(), "ids increase: " + seen);
            }
            List<SseClient.Event> hall = hallB.awaitUntil(e -> e.type().equals("move"), WAIT);
            assertTrue(hall.get(hall.size() - 1).data().contains(s.game(3)), hall.toString());
            assertTrue(hallB.drain(Duration.ofMillis(500)).stream().noneMatch(e -> e.data().contains(s.game(1))),
                    "hall A's board not in hall B's stream");
            before = move.id();
            // the operator's gauge (README "Metrics") on the public /q/metrics: these two streams are live
            String metrics = org.torneo.stack.test.Prometheus.scrape(base.toString());
            assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_sse_subscribers", java.util.Map.of()) >= 2,
                    metrics);
            // and the feed reader's consumer lag per input topic (it reads with its own consumer, not the runtime's)
            for (String topic : List.of(Topics.TOURNAMENT.name(), Topics.MOVES.name(), Topics.CLAIMS.name(),
                    Topics.RESULTS.name())) {
                assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_consumer_lag",
                        java.util.Map.of("service", "feed", "topic", topic)) >= 0, topic + ": " + metrics);
            }
        }
        // disconnected: two more moves and a result happen meanwhile
        s.publish(s.game(1), Chain.move(2, "e5", "e7e5", Chain.FEN_E4_E5, 5_395_000, 5_388_000,
                Chain.T0.plusSeconds(12)));
        s.publish(s.game(1), Chain.move(3, "Nf3", "g1f3", Chain.FEN_NF3, 5_380_000, 5_388_000,
                Chain.T0.plusSeconds(20)));
        s.publish(t, Chain.ended(s.game(1), t, 1, 1, s.player(1), s.player(5), GameResult.WHITE_WINS));
        FeedStack.await(uri("/api/tournaments/" + t + "/rounds/1"), b -> b.contains("\"result\":\"1-0\""), WAIT);
        try (SseClient resumed = new SseClient(uri("/api/tournaments/" + t + "/events?round=1&board=1"),
                String.valueOf(before))) {
            List<SseClient.Event> missed = resumed.awaitUntil(e -> e.type().equals("result"), WAIT);
            assertEquals(List.of("move", "move", "result"), missed.stream().map(SseClient.Event::type).toList(),
                    "exactly what happened after id " + before + ": " + missed);
            assertTrue(missed.get(0).id() > before);
            assertTrue(missed.get(0).data().contains("\"san\":\"e5\"") && missed.get(1).data().contains("\"san\":\"Nf3\""));
        }
    }

    @Test
    void malformedFiltersAndUnknownIdsAre4xxWithAMessage() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        FeedStack.await(uri("/api/tournaments/" + t + "/rounds/1"), b -> b.contains(s.game(4)), WAIT);
        assertError(400, "/api/tournaments/" + t + "/events?round=abc", "round: 'abc' is not a whole number");
        assertError(400, "/api/tournaments/" + t + "/events?board=0", "board: '0' must be a whole number from 1");
        assertError(400, "/api/tournaments/" + t + "/events?lastEventId=x", "Last-Event-ID: 'x' is not a feed event id");
        assertError(400, "/api/tournaments/" + t + "/events?lastEventId=999999", "is not an event id of tournament");
        assertError(404, "/api/tournaments/no-such-tournament/events", "no tournament 'no-such-tournament'");
        assertError(400, "/api/tournaments/" + t + "/rounds/first", "round: 'first' is not a whole number");
        assertError(404, "/api/tournaments/" + t + "/rounds/9", "has no round 9");
        assertError(404, "/api/tournaments/" + t + "/rounds/9/pgn", "has no round 9");
        assertError(404, "/api/games/no-such-game/pgn", "no game 'no-such-game'");
        assertError(404, "/api/tournaments/" + t + "/players/nobody", "has no player 'nobody'");
        assertError(400, "/t/" + t + "?lang=fr", "lang: 'fr' is not a language of the feed");
        assertError(404, "/t/no-such-tournament", "no tournament");
    }

    private void assertError(int status, String path, String message) throws Exception {
        HttpResponse<String> response = FeedStack.get(uri(path));
        assertEquals(status, response.statusCode(), path + ": " + response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), path);
        assertTrue(response.body().contains("\"error\":") && response.body().contains(message),
                path + ": " + response.body());
    }

    @Test
    void aMalformedRecordIsDeadLetteredWithTheReasonAndTheNextOneIsApplied() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        String malformed = "{not json from " + t;
        RecordMetadata origin = sendRaw(Topics.MOVES.name(), s.game(2), malformed);
        s.publish(s.game(2), Chain.move(1, "c4", "c2c4",
                "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1", 5_390_000, 5_400_000,
                Chain.T0.plusSeconds(3)));
        s.publish(t, Chain.ended(s.game(4), t, 1, 4, s.player(8), s.player(4), GameResult.DRAW));
        FeedStack.await(uri("/api/games/" + s.game(2)), b -> b.contains("\"san\":\"c4\""), WAIT);
        FeedStack.await(uri("/api/tournaments/" + t + "/rounds/1"), b -> b.contains("½-½"), WAIT);
        assertTrue(model.stats().skipped() >= 1, "the malformed record was counted: " + model.stats());

        List<ConsumerRecord<String, String>> dead = deadLetters(malformed, 2, Duration.ofSeconds(5));
        assertEquals(1, dead.size(), "one dead letter for the record");
        Headers headers = dead.get(0).headers();
        assertEquals(s.game(2), dead.get(0).key(), "key kept");
        assertEquals(FeedReader.SERVICE, DeadLetters.header(headers, DeadLetters.SERVICE));
        assertEquals(Topics.MOVES.name(), DeadLetters.header(headers, DeadLetters.TOPIC));
        assertEquals(String.valueOf(origin.partition()), DeadLetters.header(headers, DeadLetters.PARTITION));
        assertEquals(String.valueOf(origin.offset()), DeadLetters.header(headers, DeadLetters.OFFSET));
        String reason = DeadLetters.header(headers, DeadLetters.REASON);
        assertTrue(reason.startsWith("feed cannot read the record: ") && reason.contains("Unexpected character"),
                reason);

        // a feed rebuilt from the topics alone (no store) shows the same
        FeedModel rebuilt = new FeedModel(java.time.Clock.systemUTC());
        FeedReader reader = new FeedReader(TorneoStack.bootstrapServers(), TorneoStack.clientSecurity("feed"), rebuilt);
        reader.start();
        try {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!reader.caughtUp() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertTrue(reader.caughtUp(), "replay finished");
            assertEquals(model.digest(t), rebuilt.digest(t));
            assertEquals("c4", rebuilt.gameView(s.game(2)).moves().get(0).san());
        } finally {
            reader.stop();
        }
    }

    @Test
    void aRestartedFeedKeepsItsIdsAndLastEventIdResumesExactly() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        FeedStack.await(uri("/api/tournaments/" + t + "/rounds/1"), b -> b.contains(s.game(4)), WAIT);
        String malformed = "{not json either, from " + t;
        sendRaw(Topics.CLAIMS.name(), s.game(1), malformed);
        s.publish(s.game(1), Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000, Chain.T0.plusSeconds(5)));
        s.publish(s.game(3), Chain.move(1, "d4", "d2d4",
                "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", 5_390_000, 5_400_000,
                Chain.T0.plusSeconds(3)));
        long seen;
        try (SseClient board1 = new SseClient(uri("/api/tournaments/" + t + "/events?round=1&board=1"), null)) {
            List<SseClient.Event> events = board1.awaitUntil(e -> e.type().equals("move"), WAIT);
            assertTrue(events.size() >= 4, "tournament, players, pairings, game start, move: " + events);
            seen = events.get(events.size() - 1).id();
        }
        // while the client is away: one move before the feed restarts, one move and a result after
        s.publish(s.game(1), Chain.move(2, "e5", "e7e5", Chain.FEN_E4_E5, 5_395_000, 5_388_000,
                Chain.T0.plusSeconds(12)));
        String logBefore = FeedStack.await(uri("/api/tournaments/" + t + "/log"), b -> b.contains("\\\"san\\\":\\\"e5\\\""),
                WAIT);
        long lastBefore = model.lastEventId(t);
        assertEquals(lastBefore, storedEvents(t), "every event visible is stored");
        String digestBefore = model.digest(t);

        feed.restart();
        FeedStack.await(uri("/q/health/ready"), b -> b.contains("\"status\": \"UP\"") || b.contains("\"status\":\"UP\""),
                WAIT);
        assertTrue(model.stats().restored() >= lastBefore, "events restored from PostgreSQL: " + model.stats());
        assertEquals(logBefore, FeedStack.get(uri("/api/tournaments/" + t + "/log")).body(),
                "the same events under the same ids after the restart");
        assertEquals(digestBefore, model.digest(t), "the state rebuilt up to the stored positions");
        s.publish(s.game(1), Chain.move(3, "Nf3", "g1f3", Chain.FEN_NF3, 5_380_000, 5_388_000,
                Chain.T0.plusSeconds(20)));
        s.publish(t, Chain.ended(s.game(1), t, 1, 1, s.player(1), s.player(5), GameResult.WHITE_WINS));
        try (SseClient resumed = new SseClient(uri("/api/tournaments/" + t + "/events?round=1&board=1"),
                String.valueOf(seen))) {
            List<SseClient.Event> missed = resumed.awaitUntil(e -> e.type().equals("result"), WAIT);
            assertEquals(List.of("move", "move", "result"), missed.stream().map(SseClient.Event::type).toList(),
                    "exactly what happened after id " + seen + ": " + missed);
            assertTrue(missed.get(0).data().contains("\"san\":\"e5\"") && missed.get(0).id() <= lastBefore,
                    "the move from before the restart, with its stored id: " + missed);
            assertTrue(missed.get(1).data().contains("\"san\":\"Nf3\"") && missed.get(1).id() > lastBefore,
                    "the move after the restart continues the ids: " + missed);
            assertTrue(resumed.drain(Duration.ofMillis(500)).isEmpty(), "nothing repeated");
        }
        assertEquals(model.lastEventId(t), storedEvents(t));
        assertEquals(1, deadLetters(malformed, 2, Duration.ofSeconds(3)).size(), "dead-lettered once, not again after the restart");
        assertEquals(1, model.gameView(s.game(3)).moves().size(), "board 3's move applied once");
    }

    @Test
    void storedPositionsBeyondTheTopicsMeanANewBrokerSoTheFeedRebuildsFromTheTopics() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        FeedStack.await(uri("/api/tournaments/" + t + "/rounds/1"), b -> b.contains(s.game(4)), WAIT);
        FeedStack.await(uri("/api/tournaments/" + t + "/log"), b -> b.split("gameStarted", -1).length - 1 == 4, WAIT);
        String digestBefore = model.digest(t);
        // as if the database had outlived the broker it was fed from
        try (Connection db = TorneoStack.jdbc(TorneoStack.currentDatabase());
             PreparedStatement beyond = db.prepareStatement("update feed_position set next_offset = next_offset"
                     + " + 1000000 where topic_partition like 'torneo.game.moves:%'")) {
            assertTrue(beyond.executeUpdate() > 0, "the feed stores positions of torneo.game.moves");
        }

        feed.restart();
        FeedStack.await(uri("/q/health/ready"), b -> b.contains("UP"), WAIT);
        assertEquals(0, model.stats().restored(), "nothing restored from a store that does not match the topics");
        assertEquals(digestBefore, model.digest(t), "rebuilt from the topics");
        // ready means replayed into the model; its events are shown once the store thread has stored them
        long deadline = System.nanoTime() + WAIT.toNanos();
        while ((model.lastEventId(t) == 0 || model.lastEventId(t) != storedEvents(t)) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(model.lastEventId(t) > 0, "the rebuilt events are shown");
        assertEquals(model.lastEventId(t), storedEvents(t), "and stored again");
        try (Connection db = TorneoStack.jdbc(TorneoStack.currentDatabase());
             PreparedStatement positions = db.prepareStatement("select max(next_offset) from feed_position")) {
            try (ResultSet rows = positions.executeQuery()) {
                rows.next();
                assertTrue(rows.getLong(1) < 1000000, "positions within the topics again: " + rows.getLong(1));
            }
        }
    }

    private static RecordMetadata sendRaw(String topic, String key, String value) throws Exception {
        try (KafkaProducer<String, String> producer = TorneoStack.producer()) {
            return producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
        }
    }

    /** The dead letters of the record with this value: waits for {@code atLeast}, or {@code timeout}. */
    private static List<ConsumerRecord<String, String>> deadLetters(String value, int atLeast, Duration timeout) {
        return KafkaClients.readCommitted(TorneoStack.bootstrapServers(), TorneoStack.clientSecurity(), Topics.DEAD_LETTER.name(),
                r -> value.equals(r.value()), atLeast, timeout);
    }

    private static long storedEvents(String tournament) throws Exception {
        try (Connection db = TorneoStack.jdbc(TorneoStack.currentDatabase());
             PreparedStatement query = db.prepareStatement(
                     "select count(*), coalesce(max(id), 0) from feed_event where tournament_id = ?")) {
            query.setString(1, tournament);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                assertEquals(rows.getLong(1), rows.getLong(2), "stored ids run 1..n without a gap");
                return rows.getLong(1);
            }
        }
    }

    @Test
    void brokerKilledAndRestartedTheFeedGoesOn() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        FeedStack.await(uri("/api/tournaments/" + t + "/rounds/1"), b -> b.contains(s.game(4)), WAIT);
        TorneoStack.killBroker();
        TorneoStack.restartBroker();
        s.publish(s.game(1), Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000, Chain.T0.plusSeconds(5)));
        FeedStack.await(uri("/api/games/" + s.game(1)), b -> b.contains("\"san\":\"e4\""), Duration.ofSeconds(60));
        Thread.sleep(500);
        assertEquals(1, model.gameView(s.game(1)).moves().size(), "applied once");
        assertTrue(FeedStack.get(uri("/q/health/ready")).body().contains("UP"));
    }

    @Test
    void openApiDescribesTheRestApi() throws Exception {
        String api = FeedStack.get(uri("/q/openapi")).body();
        assertTrue(api.contains("/api/tournaments/{tournament}/rounds/{round}/pgn"), api);
        assertTrue(api.contains("/api/games/{game}"), api);
        // every route of the README's table, its pages and the SSE stream included, with the table's roles; and valid
        List<String> problems = org.torneo.stack.test.OpenApiRoutes.missing("feed", uri("/"));
        assertTrue(problems.isEmpty(), "/q/openapi: " + problems);
        com.fasterxml.jackson.databind.JsonNode sse = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(FeedStack.get(uri("/q/openapi?format=json")).body())
                .path("paths").path("/api/tournaments/{tournament}/events").path("get");
        assertTrue(sse.path("responses").path("200").path("content").has("text/event-stream"), sse.toString());
        assertEquals("public", sse.path("x-torneo-checks").asText(), sse.toString());
        HttpResponse<String> ui = FeedStack.get(uri("/q/swagger-ui/"));
        assertEquals(200, ui.statusCode(), "Swagger UI at /q/swagger-ui");
        assertTrue(ui.body().contains("swagger-ui"), ui.body());
    }
}
