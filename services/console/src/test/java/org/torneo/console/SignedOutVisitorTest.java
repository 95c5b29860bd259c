package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.torneo.stack.identity.TorneoRealm;
import org.torneo.stack.test.KeycloakStack;
import org.torneo.stack.test.RouteTable;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * A signed-out visitor and a session that has expired, against the real Keycloak and the real pairing and game
 * services ({@link ServicesStack}). Every page the README's "Routes and roles" table gives the console (its GET lines)
 * is asked signed out: a public one answers 200 with what it shows (the event's tournaments, the players, round 1's
 * pairings, the TRF), any other sends the visitor to the provider's login page (or answers 401/403), never a 5xx. A
 * signed-in player whose tokens have expired keeps his pages (the session is refreshed, the services take the token
 * the console sends); once his session has ended at the provider he is sent to sign in again, not shown a 502.
 */
@QuarkusTest
@QuarkusTestResource(value = ServicesStack.class, restrictToAnnotatedClass = true)
class SignedOutVisitorTest extends ConsoleHttpTest {

    @jakarta.inject.Inject
    org.torneo.platform.edge.auth.EdgeGuard guard;

    @Test
    void a_signed_out_visitor_gets_every_public_page_and_is_sent_to_sign_in_for_the_others() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String t = "out-" + run;
        String event = "out-event-" + run;
        String pairing = ConfigProvider.getConfig().getValue("quarkus.rest-client.pairing.url", String.class);
        String game = ConfigProvider.getConfig().getValue("quarkus.rest-client.game.url", String.class);
        String organiser = KeycloakStack.token("organiser");
        // given an event's tournament with halls A and B, four players and round 1 paired, and a second tournament
        accepted(post(pairing + "/tournaments", "{\"tournamentId\":\"" + t + "\",\"name\":\"Open A\",\"system\":"
                + "\"dutch\",\"rounds\":3,\"rulesetId\":\"FIDE_2018\",\"eventId\":\"" + event + "\",\"eventName\":"
                + "\"Visitors Open " + run + "\",\"halls\":[{\"name\":\"A\",\"firstBoard\":1,\"lastBoard\":1},"
                + "{\"name\":\"B\",\"firstBoard\":2,\"lastBoard\":2}]}", organiser));
        accepted(post(pairing + "/tournaments", "{\"tournamentId\":\"" + t + "-b\",\"name\":\"Open B\",\"system\":"
                + "\"dutch\",\"rounds\":3,\"rulesetId\":\"FIDE_2018\",\"eventId\":\"" + event + "\",\"eventName\":"
                + "\"Visitors Open " + run + "\"}", organiser));
        awaitTrue("both tournaments", () -> get(pairing + "/tournaments/" + t).statusCode() == 200
                && get(pairing + "/tournaments/" + t + "-b").statusCode() == 200);
        String[] names = {"Álvarez, Ana", "Berg, Bruno", "Costa, Carla", "Dahl, David"};
        for (int i = 0; i < names.length; i++) {
            accepted(post(pairing + "/tournaments/" + t + "/players", "{\"playerId\":\"" + t + "-p" + (i + 1)
                    + "\",\"name\":\"" + names[i] + "\",\"rating\":" + (2200 - 50 * i) + "}", organiser));
        }
        accepted(post(pairing + "/tournaments/" + t + "/arbiters", "{\"account\":\"chief-arbiter\",\"chief\":true}",
                organiser));
        awaitTrue("four players", () -> json(get(pairing + "/tournaments/" + t + "/players")).size() == 4);
        awaitTrue("the chief arbiter appointed", () -> guard.authorities().of(t)
                .flatMap(a -> a.appointment("chief-arbiter")).isPresent());
        accepted(post(pairing + "/tournaments/" + t + "/rounds/next", "{}", KeycloakStack.token("chief-arbiter")));
        awaitTrue("round 1's two games", () -> json(get(game + "/games?tournament=" + t + "&round=1")).size() == 2);

        // what each public page must show a signed-out visitor
        Map<String, List<String>> shows = Map.of(
                "GET /", List.of("href=\"/events/" + event + "\"", "href=\"/t/" + t + "\""),
                "GET /events/{event}", List.of("Visitors Open " + run, "href=\"/t/" + t + "\"", "href=\"/t/" + t
                        + "-b\""),
                "GET /t/{id}", List.of("Open A", "Álvarez, Ana", "Dahl, David"),
                "GET /t/{id}/rounds/{round}", List.of("Álvarez, Ana", "Costa, Carla", "Berg, Bruno"),
                "GET /t/{id}/trf", List.of("001 ", "Dahl, David"),
                "GET /q/metrics", List.of("torneo_console_service_calls_seconds"));
        HttpClient visitor = signedOut();
        List<String> failures = new ArrayList<>();
        int asked = 0;
        for (RouteTable.Row row : RouteTable.of("console").values()) {
            if (!row.method().equals("GET")) {
                continue; // the forms: ConsoleRoleMatrixTest sends each signed out (the login page, nothing stored)
            }
            asked++;
            String path = row.path().replace("{id}", t).replace("{event}", event).replace("{round}", "1")
                    .replace("{hall}", "A").replace("{code}", "ABCDEF");
            HttpResponse<String> answer = visitor.send(HttpRequest.newBuilder(base.resolve(path)).build(),
                    HttpResponse.BodyHandlers.ofString());
            String location = answer.headers().firstValue("Location").orElse("");
            boolean toSignIn = answer.statusCode() == 302 && location.contains("/protocol/openid-connect/auth");
            boolean needsAccount = row.key().equals("GET /signin") || row.key().equals("GET /me");
            if (answer.statusCode() >= 500) {
                failures.add(row.key() + ": " + answer.statusCode() + " " + excerpt(answer.body()));
            } else if (row.cell("public").equals("yes") && !needsAccount) {
                List<String> wanted = shows.getOrDefault(row.key(), List.of());
                List<String> missing = wanted.stream().filter(w -> !unescaped(answer.body()).contains(w)).toList();
                if (answer.statusCode() != 200 || !missing.isEmpty()) {
                    failures.add(row.key() + ": public, answered " + answer.statusCode() + " without " + missing + " "
                            + excerpt(answer.body()));
                }
                if (!shows.containsKey(row.key())) {
                    failures.add(row.key() + ": a public page this test does not know what to look for on");
                }
            } else if (!(toSignIn || answer.statusCode() == 401 || answer.statusCode() == 403)) {
                // /signin and /me need an account although anyone may ask: the login page
                failures.add(row.key() + ": expected the sign-in redirect (or 401/403), got " + answer.statusCode()
                        + " " + location + " " + excerpt(answer.body()));
            } else if (needsAccount && !toSignIn) {
                failures.add(row.key() + ": expected the sign-in redirect, got " + answer.statusCode());
            }
        }
        // a page of a tournament nobody created: 404 with the reason, not a 502
        HttpResponse<String> none = visitor.send(HttpRequest.newBuilder(base.resolve("/t/none-" + run)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (none.statusCode() != 404) {
            failures.add("GET /t/none: " + none.statusCode() + " " + excerpt(none.body()));
        }
        System.out.println("signed-out visitor: " + asked + " pages asked, " + failures.size() + " failures");
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        // the visitor was never signed in, and the pages were read from the services (the players' names are theirs)
        assertTrue(page(visitor, "/t/" + t).contains("href=\"/signin\""), "no sign-in link for a visitor");
    }

    /**
     * The console's client gets 8-second tokens from the provider for this test: a signed-in player's session outlives
     * its tokens, so his next page refreshes them (the page answers 200, he is still signed in, the services took the
     * token); once the provider has ended his sessions, the refresh fails: his browser (a page request, Accept
     * text/html) is sent to sign in again and the dead session's cookie dropped, while a script's call on his other
     * session (Accept JSON) gets a 401 saying why.
     */
    @Test
    void a_session_whose_tokens_expired_is_refreshed_or_sent_to_sign_in_never_a_502() throws Exception {
        String t = "exp-" + UUID.randomUUID().toString().substring(0, 8);
        String pairing = ConfigProvider.getConfig().getValue("quarkus.rest-client.pairing.url", String.class);
        accepted(post(pairing + "/tournaments", "{\"tournamentId\":\"" + t + "\",\"name\":\"Expiry Open\",\"system\":"
                + "\"dutch\",\"rounds\":3,\"rulesetId\":\"FIDE_2018\"}", KeycloakStack.token("organiser")));
        awaitTrue("the tournament", () -> get(pairing + "/tournaments/" + t).statusCode() == 200);
        Admin admin = new Admin();
        String client = admin.consoleClient();
        admin.tokenLifespan(client, "8");
        try {
            HttpClient player = signIn("player-3");
            HttpClient script = signIn("player-3"); // a second session of his: a script's calls
            Thread.sleep(10_000); // the session's ID and access tokens have expired
            HttpResponse<String> refreshed = player.send(HttpRequest.newBuilder(base.resolve("/t/" + t)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, refreshed.statusCode(), excerpt(refreshed.body()));
            assertTrue(refreshed.body().contains("id=\"account\">player-3<") && refreshed.body().contains("Expiry Open"),
                    excerpt(refreshed.body()));
            HttpResponse<String> mine = player.send(HttpRequest.newBuilder(base.resolve("/me")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, mine.statusCode(), excerpt(mine.body()));

            // when the provider ends his sessions (signed out elsewhere, or their time is up) and the tokens expire
            admin.signOut("player-3");
            Thread.sleep(10_000);
            // a script's call is answered 401 saying why (no redirect a script cannot follow), its session dropped
            HttpResponse<String> call = script.send(HttpRequest.newBuilder(base.resolve("/me")).header("Accept",
                    "application/json").build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, call.statusCode(), excerpt(call.body()));
            assertTrue(call.body().contains("the session has ended at the identity provider"), call.body());
            // the browser's page: the code flow's challenge, the dead session's cookie dropped
            HttpResponse<String> signInAgain = player.send(HttpRequest.newBuilder(base.resolve("/me")).header("Accept",
                    BROWSER_ACCEPT).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(302, signInAgain.statusCode(), excerpt(signInAgain.body()));
            assertTrue(signInAgain.headers().firstValue("Location").orElse("").contains(
                    "/protocol/openid-connect/auth"), signInAgain.headers().toString());
            // the session's cookie is one value cut into q_session_chunk_N cookies when longer than 4 KB (README)
            assertTrue(signInAgain.headers().allValues("Set-Cookie").stream().anyMatch(c -> c.matches(
                    "q_session(_chunk_\\d+)?=.*") && c.toLowerCase(java.util.Locale.ROOT).contains("max-age=0")),
                    signInAgain.headers().toString());
            for (String path : List.of("/me", "/t/" + t, "/t/" + t + "/rounds/1", "/")) {
                HttpResponse<String> answer = player.send(HttpRequest.newBuilder(base.resolve(path)).header("Accept",
                        BROWSER_ACCEPT).build(), HttpResponse.BodyHandlers.ofString());
                String location = answer.headers().firstValue("Location").orElse("");
                boolean toSignIn = answer.statusCode() == 302 && location.contains("/protocol/openid-connect/auth");
                // a guarded page sends him to sign in again; a public one may show him signed out, never a 5xx
                boolean signedOutPage = answer.statusCode() == 200 && !answer.body().contains("id=\"account\">");
                assertTrue(path.equals("/me") ? toSignIn : toSignIn || signedOutPage || answer.statusCode() == 404,
                        path + ": " + answer.statusCode() + " " + location + " " + excerpt(answer.body()));
            }
        } finally {
            admin.tokenLifespan(client, null);
        }
    }

    /** What Chromium sends with a page request. */
    private static final String BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

    /** The provider's admin routes the expiry test needs (the local realm's administrator; development only). */
    private final class Admin {
        private final String keycloak = KeycloakStack.server().url();
        private final String token;

        Admin() throws Exception {
            HttpResponse<String> answer = services.send(HttpRequest.newBuilder(URI.create(keycloak
                    + "/realms/master/protocol/openid-connect/token")).header("Content-Type",
                    "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form("grant_type",
                    "password", "client_id", "admin-cli", "username", "admin", "password", "admin"))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answer.statusCode(), answer.body());
            token = JSON.readTree(answer.body()).path("access_token").asText();
        }

        String consoleClient() throws Exception {
            JsonNode clients = JSON.readTree(admin("GET", "/clients?clientId=" + TorneoRealm.CONSOLE_CLIENT, null));
            return clients.get(0).path("id").asText();
        }

        /** The client's access (and ID) token lifespan in seconds; null: the realm's again. */
        void tokenLifespan(String client, String seconds) throws Exception {
            com.fasterxml.jackson.databind.node.ObjectNode representation = (com.fasterxml.jackson.databind.node
                    .ObjectNode) JSON.readTree(admin("GET", "/clients/" + client, null));
            com.fasterxml.jackson.databind.node.ObjectNode attributes = representation.with("attributes");
            if (seconds == null) {
                attributes.remove("access.token.lifespan");
            } else {
                attributes.put("access.token.lifespan", seconds);
            }
            admin("PUT", "/clients/" + client, representation.toString());
        }

        void signOut(String username) throws Exception {
            String id = JSON.readTree(admin("GET", "/users?exact=true&username=" + username, null)).get(0).path("id")
                    .asText();
            admin("POST", "/users/" + id + "/logout", "");
        }

        private String admin(String method, String path, String body) throws Exception {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(keycloak + "/admin/realms/"
                    + TorneoRealm.NAME + path)).header("Authorization", "Bearer " + token).header("Content-Type",
                    "application/json");
            request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
            HttpResponse<String> answer = services.send(request.build(), HttpResponse.BodyHandlers.ofString());
            assertTrue(answer.statusCode() / 100 == 2, method + " " + path + ": " + answer.statusCode() + " "
                    + answer.body());
            return answer.body();
        }
    }

}
