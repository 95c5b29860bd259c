package org.torneo.rating.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.rating.app.StackFeed.facts;
import static org.torneo.rating.app.StackFeed.get;
import static org.torneo.rating.app.StackFeed.only;
import static org.torneo.rating.app.StackFeed.published;

import java.net.URL;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.DeadLetters;
import org.torneo.rating.core.sheet.SheetFact;
import org.torneo.stack.test.TorneoStack;

/**
 * The rating service on the local stack (a real Kafka broker and a real PostgreSQL, started by the
 * test resource): tournament and result events written as the pairing and game services write
 * them, standings read back from torneo.ratings (read_committed), over REST and from PostgreSQL;
 * dead letters; a restart rebuilding the same state; a broker killed and restarted.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RatingServiceIntegrationTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    RatingApp app;

    @TestHTTPResource("/")
    URL base;

    private String url(String path) {
        String text = base.toString();
        return (text.endsWith("/") ? text.substring(0, text.length() - 1) : text) + path;
    }

    @BeforeEach
    void serviceRuns() throws Exception {
        assertTrue(app.runtime().awaitRunning(Duration.ofSeconds(120)), app.runtime().statusDetail());
    }

    private static List<EventMessage> throughRound1(String t) {
        List<EventMessage> events = new ArrayList<>();
        events.add(Fixtures.created(t));
        events.addAll(Fixtures.registrations(t));
        events.add(Fixtures.round1(t));
        events.addAll(Fixtures.round1Results(t));
        return events;
    }

    @Test
    @Order(1)
    void readyOnceReplayed() throws Exception {
        HttpResponse<String> ready = get(url("/q/health/ready"));
        assertEquals(200, ready.statusCode(), ready.body());
        assertTrue(ready.body().contains("rating"), ready.body());
    }

    @Test
    @Order(2)
    void resultsThroughTheBrokerBecomeStandingsOnTheTopicOverRestAndInPostgres() throws Exception {
        String t = "t-a";
        StackFeed.sendAll(throughRound1(t));
        StackFeed.send(Fixtures.round2(t));
        StackFeed.sendAll(Fixtures.round2Results(t));

        List<RatingEvent.StandingsComputed> standings = only(published(t, 2, WAIT), RatingEvent.StandingsComputed.class);
        assertEquals(2, standings.size(), "one publication per completed round");
        RatingEvent.StandingsComputed after2 = standings.get(1);
        assertEquals(2, after2.afterRound());
        assertEquals(List.of("PTS", "BH/C1", "BH", "SB", "PS", "WIN"), after2.tieBreaks());
        assertEquals(List.of("p1", "p2", "p3", "p4"), after2.rows().stream().map(RatingEvent.StandingRow::playerId).toList());
        assertEquals(List.of("1.0", "1.5", "2.0", "1.0"), after2.rows().get(1).values().subList(0, 4));

        HttpResponse<String> live = get(url("/tournaments/" + t + "/standings"));
        assertEquals(200, live.statusCode(), live.body());
        JsonNode view = JSON.readTree(live.body());
        assertEquals("2026", view.get("rules").asText());
        assertEquals(2, view.get("afterRound").asInt());
        assertEquals("p3", view.get("standings").get(2).get("playerId").asText());
        assertEquals(3, view.get("standings").get(2).get("rank").asInt());
        assertEquals("0.5", view.get("standings").get(2).get("values").get("SB").asText());

        HttpResponse<String> tsv = get(url("/tournaments/" + t + "/standings?format=tsv"));
        assertEquals(200, tsv.statusCode(), tsv.body());
        assertEquals("StartNo\tPTS\tBH/C1\tBH\tSB\tPS\tWIN\tRank", tsv.body().lines().findFirst().orElseThrow());
        assertEquals("3\t1.0\t1.5\t2.0\t0.5", tsv.body().lines().skip(3).findFirst().orElseThrow().substring(0, 17));

        List<List<Object>> rows = awaitRows("select startNumber, rank, points, afterRound from standing"
                + " where tournamentId = ? order by rank", t, r -> r.size() == 4 && ((Number) r.get(0).get(3)).intValue() == 2);
        assertEquals(List.of(1, 1, "1.5", 2), rows.get(0));
        assertEquals(List.of(3, 3, "1.0", 2), rows.get(2));

        HttpResponse<String> rating = get(url("/tournaments/" + t + "/players/1/rating"));
        assertEquals(200, rating.statusCode(), rating.body());
        JsonNode r1 = JSON.readTree(rating.body());
        assertEquals(2, r1.get("games").asInt());
        assertEquals(1.5, r1.get("score").asDouble());
        assertTrue(r1.get("change").asDouble() > 0, rating.body());

        HttpResponse<String> prizes = get(url("/tournaments/" + t + "/prizes?fund=100,60,40"));
        assertEquals(200, prizes.statusCode(), prizes.body());
        JsonNode awards = JSON.readTree(prizes.body());
        // p1 alone first: 100; p2 and p3 tied on points share 60 + 40 (Code 1970 rule IX)
        assertEquals(10_000, awards.get(0).get("amountCents").asLong());
        assertEquals(5_000, awards.get(1).get("amountCents").asLong());
        assertEquals(5_000, awards.get(2).get("amountCents").asLong());

        assertEquals(404, get(url("/tournaments/nowhere/standings")).statusCode());
    }

    @Test
    @Order(3)
    void closingARoundPublishesRatingChangesAndProjectsThem() throws Exception {
        String t = "t-a";
        StackFeed.send(Fixtures.closed(t, 2));
        List<RatingEvent.RatingChangesComputed> changes = only(published(t, 4, WAIT), RatingEvent.RatingChangesComputed.class);
        assertEquals(1, changes.size());
        assertEquals(2, changes.get(0).afterRound());
        List<List<Object>> rows = awaitRows("select startNumber, games, scoreCenti from rating_change"
                + " where tournamentId = ? order by startNumber", t, r -> r.size() == 4);
        assertEquals(List.of(1, 2, 150), rows.get(0));
        assertEquals(List.of(4, 2, 50), rows.get(3));
    }

    @Test
    @Order(4)
    void aMalformedInputGoesToTheDeadLetterTopicAnUnplaceableOneIsRefusedAndTheNextIsProcessed() throws Exception {
        String t = "t-d";
        StackFeed.sendRaw(Topics.RESULTS.name(), t, "{not json".getBytes(StandardCharsets.UTF_8));
        StackFeed.send(new ResultEvent.ResultCorrected(t + "-ghost", t, 1, 1, GameResult.DRAW, 1, 1, true,
                UUID.randomUUID(), "arbiter-1", "a game nobody reported", Fixtures.CREATED)); // cannot be placed
        StackFeed.sendAll(throughRound1(t));

        List<ConsumerRecord<String, String>> dead = TorneoStack.readCommittedForKey(Topics.DEAD_LETTER.name(), t, 1, WAIT);
        assertEquals(1, dead.size(), "dead letters for " + t);
        String reason = DeadLetters.header(dead.get(0).headers(), DeadLetters.REASON);
        assertTrue(reason.startsWith("cannot decode"), reason);
        assertEquals("rating", DeadLetters.header(dead.get(0).headers(), DeadLetters.SERVICE));
        assertEquals(Topics.RESULTS.name(), DeadLetters.header(dead.get(0).headers(), DeadLetters.TOPIC));

        // the correction of a game never reported is decided: refused on torneo.ratings, naming the rule
        List<EventMessage> published = published(t, 2, WAIT);
        List<RatingEvent.CommandRejected> refused = only(published, RatingEvent.CommandRejected.class);
        assertEquals(1, refused.size(), published.toString());
        assertEquals("results.ResultCorrected", refused.get(0).input());
        assertTrue(refused.get(0).reason().contains(t + "-ghost") && refused.get(0).reason().contains("never saw"),
                refused.get(0).reason());
        assertTrue(refused.get(0).rule().startsWith("FIDE 2001 8.7"), refused.get(0).rule());

        List<RatingEvent.StandingsComputed> standings = only(published, RatingEvent.StandingsComputed.class);
        assertEquals(1, standings.size());
        assertEquals(1, standings.get(0).afterRound());

        // the operator's figures (README "Metrics") on the public /q/metrics: the dead letter above, the refusal and the
        // results decided (the rating service's inputs are other services' events)
        java.util.Map<String, String> deadFromResults = java.util.Map.of("service", "rating",
                "topic", Topics.RESULTS.name());
        String metrics = org.torneo.stack.test.Prometheus.awaitAtLeast(url(""), "torneo_dead_letters_total",
                deadFromResults, 1, WAIT);
        assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_dead_letters_total", deadFromResults) >= 1,
                metrics);
        java.util.Map<String, String> refusedByRating = java.util.Map.of("service", "rating", "outcome", "refused");
        String refusals = org.torneo.stack.test.Prometheus.awaitAtLeast(url(""), "torneo_commands_decided_total",
                refusedByRating, 1, WAIT);
        assertTrue(org.torneo.stack.test.Prometheus.sum(refusals, "torneo_commands_decided_total", refusedByRating) >= 1,
                refusals);
        assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_commands_decided_total",
                java.util.Map.of("service", "rating", "outcome", "accepted")) >= 1, metrics);
        assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_decision_latency_seconds_count",
                java.util.Map.of("service", "rating")) >= 1, metrics);
        assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_replay_seconds_count",
                java.util.Map.of("service", "rating")) >= 1, metrics);
        assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_consumer_lag",
                java.util.Map.of("service", "rating", "topic", Topics.RESULTS.name())) >= 0, metrics);
    }

    @Test
    @Order(5)
    void aRestartRebuildsTheSameStateAndProjection() throws Exception {
        String before = app.runtime().stateDigest();
        String liveBefore = get(url("/tournaments/t-a/standings")).body();
        String publishedBefore = get(url("/tournaments/t-a/standings/published")).body();
        app.restart();
        assertTrue(app.runtime().awaitRunning(Duration.ofSeconds(120)), app.runtime().statusDetail());
        assertEquals(before, app.runtime().stateDigest());
        assertEquals(liveBefore, get(url("/tournaments/t-a/standings")).body());
        assertEquals(publishedBefore, get(url("/tournaments/t-a/standings/published")).body());
        assertNotNull(app.sheet("t-d"));
    }

    @Test
    @Order(6)
    void afterTheBrokerIsKilledAndRestartedAResultIsProcessedExactlyOnce() throws Exception {
        String t = "t-k";
        StackFeed.sendAll(throughRound1(t));
        StackFeed.send(Fixtures.round2(t));
        assertEquals(1, only(published(t, 1, WAIT), RatingEvent.StandingsComputed.class).size());

        TorneoStack.killBroker();
        StackFeed.sleep(1_000);
        TorneoStack.restartBroker();

        StackFeed.sendAll(Fixtures.round2Results(t));
        List<RatingEvent.StandingsComputed> standings = only(published(t, 2, WAIT), RatingEvent.StandingsComputed.class);
        assertEquals(2, standings.get(standings.size() - 1).afterRound());
        // exactly once: nothing more arrives for the tournament than one fact per input and one publication per round
        StackFeed.sleep(3_000);
        List<EventMessage> all = published(t, 3, Duration.ofSeconds(3));
        assertEquals(2, only(all, RatingEvent.StandingsComputed.class).size(), all.toString());
        List<SheetFact.GameScored> games = only(facts(t, 5, Duration.ofSeconds(5)), SheetFact.GameScored.class);
        assertEquals(4, games.size(), games.toString());
        assertEquals(4, games.stream().map(SheetFact.GameScored::gameId).distinct().count());
        assertTrue(app.runtime().awaitRunning(Duration.ofSeconds(60)));
        assertEquals(200, get(url("/q/health/ready")).statusCode());
    }

    /** Runs {@code sql} (one parameter) until its rows satisfy {@code check}, or returns the last rows. */
    private static List<List<Object>> awaitRows(String sql, String parameter,
                                                java.util.function.Predicate<List<List<Object>>> check) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        List<List<Object>> rows = List.of();
        while (System.nanoTime() < deadline) {
            try (Connection c = TorneoStack.jdbc(TorneoStack.currentDatabase());
                 PreparedStatement st = c.prepareStatement(sql)) {
                st.setString(1, parameter);
                List<List<Object>> read = new ArrayList<>();
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        List<Object> row = new ArrayList<>();
                        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                            row.add(rs.getObject(i));
                        }
                        read.add(row);
                    }
                }
                rows = read;
                if (!rows.isEmpty() && check.test(rows)) {
                    return rows;
                }
            } catch (java.sql.SQLException e) {
                // the schema may not exist yet right after the start
            }
            StackFeed.sleep(200);
        }
        return rows;
    }

    @org.junit.jupiter.api.Test
    void theOpenApiDocumentDescribesEveryRouteOfTheReadmeTable() throws Exception {
        java.util.List<String> missing = org.torneo.stack.test.OpenApiRoutes.missing("rating", base.toURI());
        org.junit.jupiter.api.Assertions.assertTrue(missing.isEmpty(), "not described at /q/openapi: " + missing);
    }
}
