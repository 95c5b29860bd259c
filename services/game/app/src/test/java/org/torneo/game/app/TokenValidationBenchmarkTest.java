package org.torneo.game.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.torneo.game.app.GameStackSupport.send;
import static org.torneo.game.app.GameStackSupport.unique;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.game.GameCommand;
import org.torneo.stack.test.Tokens;
import org.torneo.stack.test.TorneoStack;

/**
 * What verifying a bearer token adds to a request: the same route ({@code GET /games/{id}}) asked without a token
 * and with a valid one, alternately, with authentication made proactive for this run so that the token is verified
 * (signature RS256, issuer, audience, expiry, the identity built with its roles) although the route is public. Prints
 * p50 / p99 of each and the difference; no assertion on the figures. The tournament-office check the guarded routes
 * add (a map lookup in the folded offices) is not in it. Run with -Pslow.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
@TestProfile(TokenValidationBenchmarkTest.ProactiveAuth.class)
@Tag("slow")
class TokenValidationBenchmarkTest {

    /** Authentication on every request, so that a public route with a token verifies it. */
    public static class ProactiveAuth implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.auth.proactive", "true");
        }
    }

    private static final int WARM_UP = 3_000;
    private static final int MEASURED = 10_000;

    @TestHTTPResource("/")
    URL base;

    @Test
    void tokenValidationLatencyPerRequest() throws Exception {
        String game = unique("bench-token");
        send(game, new Actor(Actor.Role.ARBITER, "bench"), new GameCommand.StartGame(game, 1, 1, "w", "b",
                Ruleset.DEFAULT, null, Instant.now()));
        HttpClient http = HttpClient.newHttpClient();
        URI uri = URI.create(base.toString().replaceAll("/$", "") + "/games/" + game);
        String bearer = Tokens.bearer(Tokens.of("bench-arbiter", "arbiter"));
        HttpRequest without = HttpRequest.newBuilder(uri).GET().build();
        HttpRequest with = HttpRequest.newBuilder(uri).header("Authorization", bearer).GET().build();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (http.send(without, HttpResponse.BodyHandlers.ofString()).statusCode() != 200
                && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(200, http.send(with, HttpResponse.BodyHandlers.ofString()).statusCode(), "a valid token is accepted");
        for (int i = 0; i < WARM_UP; i++) {
            http.send(without, HttpResponse.BodyHandlers.discarding());
            http.send(with, HttpResponse.BodyHandlers.discarding());
        }
        long[] plain = new long[MEASURED];
        long[] token = new long[MEASURED];
        for (int i = 0; i < MEASURED; i++) {
            long t0 = System.nanoTime();
            http.send(without, HttpResponse.BodyHandlers.discarding());
            long t1 = System.nanoTime();
            http.send(with, HttpResponse.BodyHandlers.discarding());
            long t2 = System.nanoTime();
            plain[i] = t1 - t0;
            token[i] = t2 - t1;
        }
        Arrays.sort(plain);
        Arrays.sort(token);
        System.out.printf("token validation bench: GET /games/{id}, %d requests each after %d warm-up, sequential%n",
                MEASURED, WARM_UP);
        System.out.printf("  without token: p50 %.3f ms  p99 %.3f ms%n", ms(plain, 0.50), ms(plain, 0.99));
        System.out.printf("  with token:    p50 %.3f ms  p99 %.3f ms%n", ms(token, 0.50), ms(token, 0.99));
        System.out.printf("  token validation adds: p50 %.3f ms  p99 %.3f ms%n", ms(token, 0.50) - ms(plain, 0.50),
                ms(token, 0.99) - ms(plain, 0.99));
    }

    private static double ms(long[] sorted, double quantile) {
        return sorted[Math.min(sorted.length - 1, (int) (sorted.length * quantile))] / 1e6;
    }
}
