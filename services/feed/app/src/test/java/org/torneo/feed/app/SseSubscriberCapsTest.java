package org.torneo.feed.app;

import org.torneo.feed.core.Chain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.tournament.Hall;
import org.torneo.stack.test.TorneoStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * Issue 17: the SSE route's caps through real HTTP, with caps low enough to reach (this profile: one subscriber per
 * tournament, two in all): one more gets 503 with Retry-After and a JSON error naming the cap and its key, and a
 * place freed by a subscriber that leaves is taken again.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
@TestProfile(SseSubscriberCapsTest.LowCaps.class)
class SseSubscriberCapsTest {

    /** One live subscriber per tournament, two in the whole feed. */
    public static class LowCaps implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("torneo.feed.max-subscribers-per-tournament", "1", "torneo.feed.max-subscribers", "2");
        }
    }

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TestHTTPResource("/")
    URI base;

    @Test
    void aSubscriberPastTheCapsGets503WithRetryAfterAndAFreedPlaceIsTakenAgain() throws Exception {
        String a = known(new FeedStack());
        String b = known(new FeedStack());
        String c = known(new FeedStack());
        try (SseClient first = new SseClient(events(a), null)) {
            assertEquals(200, first.status());

            // a second subscriber of the same tournament: its cap
            HttpResponse<String> perTournament = refused(events(a));
            assertEquals(503, perTournament.statusCode(), perTournament.body());
            assertEquals("10", perTournament.headers().firstValue("Retry-After").orElse(null));
            assertTrue(perTournament.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
            assertEquals("{\"error\":\"tournament " + a + " has 1 live subscribers, the most "
                    + "torneo.feed.max-subscribers-per-tournament allows (1); try again later, or poll /api/tournaments/"
                    + a + "/log\"}", perTournament.body());

            try (SseClient second = new SseClient(events(b), null)) {
                assertEquals(200, second.status());
                // a third tournament's first subscriber: the feed's cap
                HttpResponse<String> total = refused(events(c));
                assertEquals(503, total.statusCode(), total.body());
                assertEquals("10", total.headers().firstValue("Retry-After").orElse(null));
                assertEquals("{\"error\":\"the feed has 2 live subscribers, the most torneo.feed.max-subscribers "
                        + "allows (2); try again later\"}", total.body());
            }
            // b's subscriber left: c's place is free again (the close reaches the service asynchronously)
            long deadline = System.nanoTime() + WAIT.toNanos();
            int status;
            do {
                try (SseClient third = new SseClient(events(c), null)) {
                    status = third.status();
                }
                if (status != 200) {
                    Thread.sleep(200);
                }
            } while (status != 200 && System.nanoTime() < deadline);
            assertEquals(200, status);
        }
    }

    /** A GET that a refusal answers at once; an accepted stream would never end, so it times out instead. */
    private static HttpResponse<String> refused(URI uri) throws Exception {
        return FeedStack.HTTP.send(java.net.http.HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private URI events(String tournament) {
        return base.resolve("/api/tournaments/" + tournament + "/events");
    }

    /** Publishes the tournament and waits until the feed knows it. */
    private String known(FeedStack stack) throws Exception {
        stack.publish(stack.tournament, Chain.created(stack.tournament, "Open " + stack.tournament,
                List.of(new Hall("A", 1, 2))));
        FeedStack.await(base.resolve("/api/tournaments/" + stack.tournament), body -> true, WAIT);
        return stack.tournament;
    }
}
