package org.torneo.clock.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.stack.test.Offices;
import org.torneo.stack.test.PublicRoutes;
import org.torneo.stack.test.Tokens;
import org.torneo.stack.test.TorneoStack;

/**
 * Issue 20: with a 15-minute broadcast delay, none of the clock service's public reads (every GET the README's table
 * marks public) shows a spectator the clock or the per-move readings of a game on (a reading is a move's press: when it
 * was made and how long it took); the game's insiders still read them, and without a delay everyone does.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class BroadcastDelayReadsTest {

    @Inject
    ClockApp app;

    @TestHTTPResource("/")
    URL base;

    String clockWithTwoMoves(String tournament) throws Exception {
        assertTrue(app.runtime().awaitRunning(Duration.ofSeconds(120)), app.runtime().statusDetail());
        String game = "g-delay-" + UUID.randomUUID().toString().substring(0, 8);
        ClockStackSupport.gameStarted(game, tournament, "A", 1, "p-w", "p-b");
        long t0 = System.currentTimeMillis();
        ClockStackSupport.sendCommand(ClockStackSupport.start(game, t0, ClockStackSupport.suddenDeath(3_600_000)));
        ClockStackSupport.sendCommand(new ClockCommand.PressClock(game, UUID.randomUUID().toString(),
                ClockStackSupport.BOARD, t0 + 5_000, Side.WHITE));
        ClockStackSupport.sendCommand(new ClockCommand.PressClock(game, UUID.randomUUID().toString(),
                ClockStackSupport.BOARD, t0 + 9_000, Side.BLACK));
        assertNotNull(ClockStackSupport.awaitRow("select count(*) from clock_reading where gameId = ?", game,
                row -> ((Number) row.get(0)).intValue() == 2, Duration.ofSeconds(60)));
        assertNotNull(ClockStackSupport.awaitRow("select lastSequence from clock where gameId = ?", game,
                row -> ((Number) row.get(0)).longValue() >= 3, Duration.ofSeconds(60)));
        return game;
    }

    java.net.http.HttpResponse<String> get(String path, String token) throws Exception {
        return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(base + path)).header("Authorization", Tokens.bearer(token)).GET().build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    }

    static Offices offices(String tournament) {
        return Offices.tournament(tournament).hall("A", 1, 10).hall("B", 11, 20).organiser("org-d")
                .chiefArbiter("chief-d").arbiter("arbiter-a", "A").arbiter("arbiter-b", "B").player("wanda-d", "p-w")
                .player("other-d", "p-o").device("dev-d", "A", 1);
    }

    List<PublicRoutes.Answer> askEvery(String game, String bearer) throws Exception {
        return PublicRoutes.askEvery("clock", base.toString(), (route, parameter) -> parameter.equals("gameId") ? game
                : null, Map.of(), bearer);
    }

    @Test
    void with_a_fifteen_minute_delay_no_public_route_shows_a_clock_of_a_game_on() throws Exception {
        String tournament = "t-delay-" + UUID.randomUUID().toString().substring(0, 8);
        offices(tournament).broadcastDelay(BroadcastDelayMode.FIXED, 900).publish();
        String game = clockWithTwoMoves(tournament);
        for (String bearer : new String[] {null, Tokens.of("other-d", "player"), Tokens.of("arbiter-b", "arbiter")}) {
            List<PublicRoutes.Answer> answers = askEvery(game, bearer);
            assertTrue(answers.size() >= 5, answers.toString());
            for (PublicRoutes.Answer answer : answers) {
                if (answer.status() == 403) {
                    assertTrue(answer.body().contains("15-minute delay") && answer.body().contains("/api/games/"
                            + game), "a refusal says why and where the public reads the game: " + answer);
                } else {
                    assertEquals(200, answer.status(), answer.toString());
                    assertFalse(answer.body().contains(game), "the game's clock leaked: " + answer);
                }
            }
            Map<String, Integer> statuses = new java.util.HashMap<>();
            answers.forEach(a -> statuses.put(a.route(), a.status()));
            assertEquals(403, statuses.get("GET /clocks/{gameId}"));
            assertEquals(403, statuses.get("GET /clocks/{gameId}/readings"));
        }
        for (String insider : List.of(Tokens.of("wanda-d", "player"), Tokens.of("dev-d", "device"),
                Tokens.of("arbiter-a", "arbiter"), Tokens.of("org-d", "organiser"))) {
            var readings = get("clocks/" + game + "/readings", insider);
            assertEquals(200, readings.statusCode(), readings.body());
            assertTrue(readings.body().contains("\"moveNumber\":1"), readings.body());
            var all = get("clocks", insider);
            assertTrue(all.body().contains(game), "an insider's list has the clock");
        }
    }

    @Test
    void without_a_delay_everyone_reads_the_clock() throws Exception {
        String tournament = "t-nodelay-" + UUID.randomUUID().toString().substring(0, 8);
        offices(tournament).publish();
        String game = clockWithTwoMoves(tournament);
        for (PublicRoutes.Answer answer : askEvery(game, null)) {
            assertEquals(200, answer.status(), answer.toString());
            if (answer.route().contains("/clocks")) {
                // a reading names no game: the route's answer is the game's two presses (White's and Black's move 1)
                assertTrue(answer.body().contains(game) || answer.route().equals("GET /clocks/{gameId}/readings")
                        && answer.body().contains("\"side\":\"BLACK\""), answer.toString());
            }
        }
    }
}
