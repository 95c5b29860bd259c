package org.torneo.pairing.app.fuzz;

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
 * Mutated bodies through the JSON POST routes of the pairing service, fixed seeds: every answer is 2xx or a 4xx with
 * a message (never a 5xx), and a refused body puts nothing on torneo.tournament.commands (each accepted body exactly
 * one command). The TRF import (a text body) is the TRF reader's to fuzz. Prints the figures.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class PairingRestFuzzTest {

    @TestHTTPResource("/")
    URL base;

    private static final String ACTOR = "\"actor\":{\"role\":\"ARBITER\",\"id\":\"arbiter-fuzz\"}";

    private static final List<Route> ROUTES = List.of(
            new Route("/tournaments", "{\"tournamentId\":\"t-rf\",\"name\":\"Fuzz Open\",\"system\":\"dutch\","
                    + "\"rounds\":5,\"rulesetId\":\"FIDE_2018\",\"halls\":[{\"name\":\"A\",\"firstBoard\":1,"
                    + "\"lastBoard\":10}],\"tieBreaks\":[\"BH\"]," + ACTOR + "}"),
            new Route("/tournaments/t-rf/players", "{\"playerId\":\"p-1\",\"name\":\"Fuzz, Anna\",\"rating\":2100,"
                    + "\"joinsRound\":1," + ACTOR + "}"),
            new Route("/tournaments/t-rf/players/p-1/withdraw", "{\"reason\":\"ill\"," + ACTOR + "}"),
            new Route("/tournaments/t-rf/byes", "{\"playerId\":\"p-1\",\"round\":2,\"kind\":\"HALF_POINT\"," + ACTOR + "}"),
            new Route("/tournaments/t-rf/forbidden-pairs", "{\"firstPlayerId\":\"p-1\",\"secondPlayerId\":\"p-2\","
                    + "\"reason\":\"same club\"," + ACTOR + "}"),
            new Route("/tournaments/t-rf/rounds/1/close", "{" + ACTOR + "}"),
            new Route("/tournaments/t-rf/rounds/next", "{\"seed\":7," + ACTOR + "}"),
            new Route("/tournaments/t-rf/rounds/1/correction", "{\"boards\":[{\"number\":1,\"hall\":\"A\","
                    + "\"white\":\"p-1\",\"black\":\"p-2\"}],\"byes\":[{\"playerId\":\"p-3\",\"kind\":\"PAIRING_BYE\","
                    + "\"points\":\"1\"}],\"reason\":\"wrong colours\"," + ACTOR + "}"));

    @Test
    void mutated_bodies_get_2xx_or_4xx_with_a_message_and_a_refused_body_stores_nothing() throws Exception {
        run(20261125L, 600);
    }

    @Test
    @Tag("slow")
    void twenty_thousand_mutated_bodies() throws Exception {
        run(17L, 20_000);
    }

    /**
     * The fuzz's account organises t-rf and is its chief arbiter (set up through the service's own routes, three
     * players registered): a well-formed body passes the offices and a bad one reaches the body's checks.
     */
    private static final String TOKEN = org.torneo.stack.test.Tokens.of("arbiter-fuzz", "organiser", "arbiter");
    private static boolean tournamentCreated;

    private synchronized void tournament() throws Exception {
        if (tournamentCreated) {
            return;
        }
        String url = base.toString().replaceAll("/$", "");
        post(url, "/tournaments", ROUTES.get(0).validBody());
        for (String player : List.of("p-1", "p-2", "p-3")) {
            post(url, "/tournaments/t-rf/players", "{\"playerId\":\"" + player + "\",\"name\":\"Fuzz, " + player
                    + "\",\"rating\":2000}");
        }
        post(url, "/tournaments/t-rf/arbiters", "{\"account\":\"arbiter-fuzz\",\"chief\":true}");
        // created, 3 registered, 1 appointed: recorded before the fuzz counts the command topic
        assertEquals(5, org.torneo.stack.test.TorneoStack.readCommittedValuesForKey(Topics.TOURNAMENT.name(), "t-rf",
                5, java.time.Duration.ofSeconds(60)).size(), "t-rf's set-up was not recorded");
        tournamentCreated = true;
    }

    private static void post(String url, String path, String body) throws Exception {
        java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(url + path))
                        .header("Content-Type", "application/json")
                        .header("Authorization", org.torneo.stack.test.Tokens.bearer(TOKEN))
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(202, response.statusCode(), path + ": " + response.body());
    }

    private void run(long seed, int cases) throws Exception {
        tournament();
        RestFuzzer.Figures figures = new RestFuzzer(base.toString(),
                Map.of("Authorization", org.torneo.stack.test.Tokens.bearer(TOKEN))).run("pairing", seed, cases, ROUTES,
                () -> TopicOffsets.records(Topics.TOURNAMENT_COMMANDS.name()));
        assertEquals(0, figures.failures(), "5xx, 4xx without a message or broken connections: " + figures.firstFailures);
        assertEquals(figures.accepted, figures.storedDelta, "commands on the topic != accepted bodies");
        // the service consumed them all (no partition stuck) and is alive
        org.torneo.stack.test.FuzzAftermath after = org.torneo.stack.test.FuzzAftermath.of("pairing", base.toString(),
                Topics.TOURNAMENT_COMMANDS.name(), "pairing");
        assertEquals(0, after.stuckPartitions(), "partitions of the command topic the service did not consume to the end");
        assertEquals(200, after.liveStatus(), "the service is not live after the fuzz");
        assertTrue(figures.cleanErrors > 0 && figures.accepted > 0, figures.toString());
    }
}
