package org.torneo.game.app.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.util.List;
import java.util.Map;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.fuzz.RestFuzzer;
import org.torneo.contracts.fuzz.RestFuzzer.Route;
import org.torneo.contracts.topics.Topics;
import org.torneo.stack.test.TopicOffsets;
import org.torneo.stack.test.TorneoStack;

/**
 * Mutated bodies through every POST route of the game service, fixed seeds: every answer is 2xx or a 4xx with a
 * message (never a 5xx), and a refused body puts nothing on torneo.game.commands (each accepted body exactly one
 * command). Prints the figures.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class GameRestFuzzTest {

    @TestHTTPResource("/")
    URL base;

    private static final List<Route> ROUTES = List.of(
            new Route("/games", "{\"white\":\"w-1\",\"black\":\"b-1\",\"gameId\":\"rf-1\",\"tournamentId\":\"t-rf\","
                    + "\"round\":1,\"board\":1,\"edition\":\"FIDE_2018\",\"category\":\"RAPID\",\"drawOffersFromMove\":30}"),
            new Route("/games/rf-1/moves", "{\"move\":\"e4\",\"notation\":\"SAN\",\"source\":\"BOARD\","
                    + "\"whiteMillis\":5400000,\"blackMillis\":5400000}"),
            new Route("/games/rf-1/offers", "{\"by\":\"WHITE\",\"action\":\"OFFER\"}"),
            new Route("/games/rf-1/claims", "{\"by\":\"WHITE\",\"kind\":\"THREEFOLD\",\"intendedMove\":\"Nf3\","
                    + "\"whiteMillis\":60000,\"blackMillis\":60000}"),
            new Route("/games/rf-1/claims/postpone", "{\"opponentBonusMillis\":120000,\"article\":\"III.5\","
                    + "\"details\":\"postponed\"}"),
            new Route("/games/rf-1/resign", "{\"by\":\"BLACK\"}"),
            new Route("/games/rf-1/rulings", "{\"kind\":\"ADD_TIME\",\"article\":\"7.5.5\",\"details\":\"x\","
                    + "\"side\":\"WHITE\",\"timeMillis\":120000}"),
            new Route("/games/rf-1/commands", "{\"type\":\"game.SealMove\",\"payload\":{\"by\":\"WHITE\","
                    + "\"move\":\"Nf3\"}}"));

    @Test
    void mutated_bodies_get_2xx_or_4xx_with_a_message_and_a_refused_body_stores_nothing() throws Exception {
        run(20261125L, 600);
    }

    @Test
    @Tag("slow")
    void twenty_thousand_mutated_bodies() throws Exception {
        run(17L, 20_000);
    }

    /** The fuzz's account: the chief arbiter of t-rf, so that a well-formed body passes the offices and a bad one
     * reaches the body's checks (an arbiter of no tournament would only ever hear 403). */
    private static final String TOKEN = org.torneo.stack.test.Tokens.of("arbiter-fuzz", "arbiter");
    private static boolean officesPublished;

    /** t-rf's offices, and its game rf-1 started (the routes' game): once per test JVM. */
    private void tournamentAndGame() throws Exception {
        synchronized (GameRestFuzzTest.class) {
            if (!officesPublished) {
                org.torneo.stack.test.Offices.tournament("t-rf").organiser("o-rf").chiefArbiter("arbiter-fuzz")
                        .publish();
                officesPublished = true;
            }
        }
        String url = base.toString().replaceAll("/$", "");
        if (status(url + "/games/rf-1") == 200) {
            return;
        }
        java.net.http.HttpResponse<String> started = HTTP.send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(url + "/games")).header("Content-Type", "application/json")
                        .header("Authorization", org.torneo.stack.test.Tokens.bearer(TOKEN))
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(ROUTES.get(0).validBody())).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(202, started.statusCode(), started.body());
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(60).toNanos();
        while (status(url + "/games/rf-1") != 200) {
            assertTrue(System.nanoTime() < deadline, "rf-1 did not start");
            Thread.sleep(100);
        }
    }

    private static final java.net.http.HttpClient HTTP = java.net.http.HttpClient.newHttpClient();

    private static int status(String url) throws Exception {
        return HTTP.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url)).build(),
                java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private void run(long seed, int cases) throws Exception {
        tournamentAndGame();
        RestFuzzer.Figures figures = new RestFuzzer(base.toString(), Map.of("Authorization",
                org.torneo.stack.test.Tokens.bearer(TOKEN))).run("game", seed, cases, ROUTES,
                () -> TopicOffsets.records(Topics.GAME_COMMANDS.name()));
        assertEquals(0, figures.failures(), "5xx, 4xx without a message or broken connections: " + figures.firstFailures);
        assertEquals(figures.accepted, figures.storedDelta, "commands on the topic != accepted bodies");
        // the service consumed them all (no partition stuck) and is alive
        org.torneo.stack.test.FuzzAftermath after = org.torneo.stack.test.FuzzAftermath.of("game", base.toString(),
                Topics.GAME_COMMANDS.name(), "game");
        assertEquals(0, after.stuckPartitions(), "partitions of the command topic the service did not consume to the end");
        assertEquals(200, after.liveStatus(), "the service is not live after the fuzz");
        assertTrue(figures.cleanErrors > 0 && figures.accepted > 0, figures.toString());
    }
}
