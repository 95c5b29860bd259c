package org.torneo.clock.app.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.fuzz.RestFuzzer;
import org.torneo.contracts.fuzz.RestFuzzer.Route;
import org.torneo.contracts.topics.Topics;
import org.torneo.stack.test.TopicOffsets;
import org.torneo.stack.test.TorneoStack;

/**
 * Mutated bodies through every POST route of the clock service (the command envelope route included), fixed seeds:
 * every answer is 2xx or a 4xx with a message (never a 5xx), and a refused body puts nothing on
 * torneo.clock.commands (each accepted body exactly one command). Prints the figures.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class ClockRestFuzzTest {

    @TestHTTPResource("/")
    URL base;

    private static List<Route> routes() {
        String by = "\"by\":{\"role\":\"ARBITER\",\"id\":\"arbiter-fuzz\"}";
        Actor arbiter = new Actor(Actor.Role.ARBITER, "arbiter-fuzz");
        long at = Instant.parse("2026-11-25T10:00:00Z").toEpochMilli();
        UUID id = UUID.nameUUIDFromBytes("clock-fuzz-press".getBytes());
        String envelope = JsonCodec.standard().toJson(Envelope.command(id, "rc-1", arbiter, Instant.ofEpochMilli(at),
                new ClockCommand.PressClock("rc-1", id.toString(), arbiter, at, Side.WHITE)));
        return List.of(
                new Route("/clocks/rc-1/start", "{\"control\":\"40/90+30, 30+30\",\"edition\":\"FIDE_2018\","
                        + "\"category\":\"STANDARD\",\"defaultTimeMillis\":0,\"quickplayFinishAnnounced\":false," + by + "}"),
                new Route("/clocks/rc-1/press", "{\"side\":\"WHITE\"," + by + "}"),
                new Route("/clocks/rc-1/pause", "{\"reason\":\"a dispute\"," + by + "}"),
                new Route("/clocks/rc-1/resume", "{\"reason\":\"settled\"," + by + "}"),
                new Route("/clocks/rc-1/stop", "{\"reason\":\"game over\"," + by + "}"),
                new Route("/clocks/rc-1/arrival", "{\"side\":\"BLACK\"," + by + "}"),
                new Route("/clocks/rc-1/add-time", "{\"side\":\"WHITE\",\"millis\":120000,\"article\":\"7.5.5\","
                        + "\"reason\":\"illegal move\"," + by + "}"),
                new Route("/clocks/rc-1/deduct-time", "{\"side\":\"BLACK\",\"millis\":60000,\"article\":\"12.9\","
                        + "\"reason\":\"penalty\"," + by + "}"),
                new Route("/clocks/rc-1/commands", envelope));
    }

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
     * The commands on torneo.clock.commands that did not come from the clock's own flag scheduler (CheckFlag,
     * CheckDefault at a running clock's deadline, e.g. of a clock the fuzz started).
     */
    static long commandsFromTheEdge() {
        String topic = Topics.CLOCK_COMMANDS.name();
        int records = (int) TopicOffsets.records(topic);
        return TorneoStack.readCommittedValues(topic, records, java.time.Duration.ofSeconds(60)).stream()
                .filter(v -> !v.contains("\"type\":\"clock.CheckFlag\"") && !v.contains("\"type\":\"clock.CheckDefault\""))
                .count();
    }

    private static boolean gamePublished;

    /**
     * The fuzz's account is the chief arbiter of t-rc, whose game rc-1 has started (the clock learns the game's
     * scope from GameStarted): a well-formed body passes the offices and a bad one reaches the body's checks.
     */
    private static synchronized void tournamentAndGame() throws Exception {
        if (!gamePublished) {
            org.torneo.stack.test.Offices.tournament("t-rc").hall("A", 1, 10).organiser("o-rc")
                    .chiefArbiter("arbiter-fuzz").publish();
            org.torneo.clock.app.ClockStackSupport.gameStarted("rc-1", "t-rc", "A", 1, "w-rc", "b-rc");
            gamePublished = true;
        }
    }

    private void run(long seed, int cases) throws Exception {
        tournamentAndGame();
        RestFuzzer.Figures figures = new RestFuzzer(base.toString(),
                Map.of("Authorization", org.torneo.stack.test.Tokens.bearer(org.torneo.stack.test.Tokens.of("arbiter-fuzz", "arbiter")))).run("clock", seed, cases, routes(),
                ClockRestFuzzTest::commandsFromTheEdge);
        assertEquals(0, figures.failures(), "5xx, 4xx without a message or broken connections: " + figures.firstFailures);
        assertEquals(figures.accepted, figures.storedDelta, "commands on the topic != accepted bodies");
        // the service consumed them all (no partition stuck) and is alive
        org.torneo.stack.test.FuzzAftermath after = org.torneo.stack.test.FuzzAftermath.of("clock", base.toString(),
                Topics.CLOCK_COMMANDS.name(), "clock");
        assertEquals(0, after.stuckPartitions(), "partitions of the command topic the service did not consume to the end");
        assertEquals(200, after.liveStatus(), "the service is not live after the fuzz");
        assertTrue(figures.cleanErrors > 0 && figures.accepted > 0, figures.toString());
    }
}
