package org.torneo.feed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.topics.Topics;
import org.torneo.feed.app.kafka.FeedReader;
import org.torneo.feed.app.model.FeedModel;
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
    void aRebuiltFeedHasTheSameDigestAndAMalformedRecordIsSkipped() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        FeedStack.send(Topics.MOVES.name(), s.game(2), "{not json");
        s.publish(s.game(2), Chain.move(1, "c4", "c2c4",
                "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1", 5_390_000, 5_400_000,
                Chain.T0.plusSeconds(3)));
        s.publish(t, Chain.ended(s.game(4), t, 1, 4, s.player(8), s.player(4), GameResult.DRAW));
        FeedStack.await(uri("/api/games/" + s.game(2)), b -> b.contains("\"san\":\"c4\""), WAIT);
        FeedStack.await(uri("/api/tournaments/" + t + "/rounds/1"), b -> b.contains("½-½"), WAIT);
        assertTrue(model.stats().skipped() >= 1, "the malformed record was counted: " + model.stats());

        // a restart: a new model replays every topic from the beginning
        FeedModel rebuilt = new FeedModel();
        FeedReader reader = new FeedReader(TorneoStack.bootstrapServers(), rebuilt);
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
    }
}
