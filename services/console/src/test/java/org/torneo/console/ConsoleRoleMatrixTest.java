package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.torneo.platform.edge.auth.EdgeGuard;
import org.torneo.stack.test.KeycloakStack;
import org.torneo.stack.test.RouteTable;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Every state-changing route of the console as every role, each signed in through the real Keycloak's login form
 * (the authorization-code flow, its session cookies kept; no browser): the organiser of the tournament, its chief
 * arbiter, the arbiter of hall B calling hall A's routes, a player calling for his opponent's side, and a signed-out
 * visitor. What each may is read from the README's "Routes and roles" lines of the console: a refused call gets 403
 * (a signed-out one the provider's login page) and changes nothing the services hold; an allowed one gets past the
 * offices (the service then decides it). A console route of the table without a call here fails the test. The player
 * calling for his own side is allowed ({@code own side}), and shown to be.
 */
@QuarkusTest
@QuarkusTestResource(value = ServicesStack.class, restrictToAnnotatedClass = true)
class ConsoleRoleMatrixTest extends ConsoleHttpTest {

    private static final String ORGANISER = "organiser";
    private static final String CHIEF = "chief-arbiter";
    private static final String HALL_B_ARBITER = "arbiter-2";
    private static final String PLAYER = "player-1";
    private static final String ANONYMOUS = "anonymous";

    @Inject
    EdgeGuard guard;

    @Test
    void every_state_changing_route_answers_each_role_as_the_readme_table_says() throws Exception {
        String t = "m-" + UUID.randomUUID().toString().substring(0, 8);
        String pairing = ConfigProvider.getConfig().getValue("quarkus.rest-client.pairing.url", String.class);
        String game = ConfigProvider.getConfig().getValue("quarkus.rest-client.game.url", String.class);
        String organiserToken = KeycloakStack.token(ORGANISER);
        String chiefToken = KeycloakStack.token(CHIEF);

        // --- the fixture, through the services' own routes: halls A (1-2) and B (3-4), eight players, the offices
        accepted(post(pairing + "/tournaments", "{\"tournamentId\":\"" + t + "\",\"name\":\"Matrix\",\"system\":\"dutch\","
                + "\"rounds\":3,\"rulesetId\":\"FIDE_2001\",\"halls\":[{\"name\":\"A\",\"firstBoard\":1,\"lastBoard\":2},"
                + "{\"name\":\"B\",\"firstBoard\":3,\"lastBoard\":4}]}", organiserToken));
        awaitTrue("tournament " + t, () -> get(pairing + "/tournaments/" + t).statusCode() == 200);
        for (int i = 1; i <= 8; i++) {
            accepted(post(pairing + "/tournaments/" + t + "/players", "{\"playerId\":\"" + t + "-p" + i + "\",\"name\":"
                    + "\"Player " + i + "\",\"rating\":" + (2300 - 20 * i) + "}", organiserToken));
        }
        accepted(post(pairing + "/tournaments/" + t + "/arbiters", "{\"account\":\"" + CHIEF + "\",\"chief\":true}",
                organiserToken));
        accepted(post(pairing + "/tournaments/" + t + "/arbiters", "{\"account\":\"arbiter-1\",\"halls\":[\"A\"]}",
                organiserToken));
        accepted(post(pairing + "/tournaments/" + t + "/arbiters", "{\"account\":\"" + HALL_B_ARBITER
                + "\",\"halls\":[\"B\"]}", organiserToken));
        awaitTrue("eight players", () -> json(get(pairing + "/tournaments/" + t + "/players")).size() == 8);
        awaitTrue("the offices folded by the console", () -> guard.authorities().of(t)
                .flatMap(a -> a.appointment(HALL_B_ARBITER)).isPresent()
                && guard.authorities().of(t).flatMap(a -> a.appointment(CHIEF)).isPresent());
        accepted(post(pairing + "/tournaments/" + t + "/rounds/next", "{}", chiefToken));
        awaitTrue("round 1's four games", () -> json(get(game + "/games?tournament=" + t + "&round=1")).size() == 4);
        JsonNode board1 = gameOn(game, t, 1);
        String white1 = board1.path("whitePlayerId").asText();
        accepted(post(pairing + "/tournaments/" + t + "/players/" + white1 + "/account", "{\"account\":\"" + PLAYER
                + "\"}", organiserToken));
        awaitTrue("player-1 linked to board 1's White", () -> guard.authorities().of(t)
                .flatMap(a -> a.playerOf(PLAYER)).map(white1::equals).orElse(false));
        // board 2 has a result to correct
        String board2 = gameOn(game, t, 2).path("gameId").asText();
        accepted(post(game + "/games/" + board2 + "/rulings", "{\"kind\":\"DECLARE_RESULT\",\"article\":\"FIDE 2018 "
                + "12.2.4\",\"result\":\"DRAW\"}", chiefToken));
        awaitTrue("board 2's draw", () -> "DRAW".equals(gameOn(game, t, 2).path("resultName").asText()));

        String trf;
        try (InputStream in = getClass().getResourceAsStream("/four-players.trf")) {
            trf = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String tt = "/t/" + t;
        // the call of each route, by the role making it (ids of its own, so that one role's call cannot hide another's)
        Map<String, Function<String, String[]>> calls = new LinkedHashMap<>();
        calls.put("POST /new", role -> new String[] {"/new", form("id", t + "-new-" + role, "name", "New", "system",
                "dutch", "rounds", "3")});
        calls.put("POST /import", role -> new String[] {"/import", form("id", t + "-imp-" + role, "system", "dutch",
                "trf", trf)});
        calls.put("POST /t/{id}/players", role -> new String[] {tt + "/players", form("playerId", t + "-late-" + role,
                "name", "Late " + role, "rating", "1500")});
        calls.put("POST /t/{id}/players/import", role -> new String[] {tt + "/players/import", form("format", "csv",
                "text", "name;rating;id\nPreview " + role + ";1500;" + t + "-preview-" + role)});
        calls.put("POST /t/{id}/players/import/confirm", role -> new String[] {tt + "/players/import/confirm",
                form("format", "csv", "text", "name;rating;id\nImported " + role + ";1500;" + t + "-file-" + role)});
        calls.put("POST /t/{id}/arbiters", role -> new String[] {tt + "/arbiters", form("account", "arb-" + role,
                "halls", "A")});
        calls.put("POST /t/{id}/accounts", role -> new String[] {tt + "/accounts", form("playerId", t + "-p8",
                "account", "acc-" + role)});
        calls.put("POST /t/{id}/broadcast-delay", role -> new String[] {tt + "/broadcast-delay", form("delay", "15")});
        // p6 plays on board 2, not board 1: he is not player-1's own player, so the player is refused ("himself")
        calls.put("POST /t/{id}/check-in", role -> new String[] {tt + "/check-in", form("entry", t + "-p6")});
        calls.put("POST /t/{id}/check-in/cancel", role -> new String[] {tt + "/check-in/cancel", form("playerId",
                t + "-p6", "reason", "matrix " + role)});
        calls.put("POST /t/{id}/withdrawals", role -> new String[] {tt + "/withdrawals", form("playerId", t + "-p7",
                "reason", "matrix " + role)});
        // a bye for a player other than player-1's own (his own is "himself"): refused to him, as to the other roles
        String notHis = white1.equals(t + "-p6") ? t + "-p5" : t + "-p6";
        calls.put("POST /t/{id}/byes", role -> new String[] {tt + "/byes", form("playerId", notHis, "round", "3",
                "kind", "ZERO_POINT")});
        calls.put("POST /t/{id}/rounds/next", role -> new String[] {tt + "/rounds/next", ""});
        calls.put("POST /t/{id}/rounds/{round}/close", role -> new String[] {tt + "/rounds/1/close", ""});
        calls.put("POST /t/{id}/rounds/{round}/halls/{hall}", role -> new String[] {tt + "/rounds/1/halls/A",
                form("entry", "1 1")});
        // a player claims for the side he does not play (board 1's Black): his own side is tried below
        calls.put("POST /t/{id}/rounds/{round}/halls/{hall}/claims", role -> new String[] {tt + "/rounds/1/halls/A/claims",
                form("board", "1", "side", "BLACK", "kind", "THREEFOLD")});
        calls.put("POST /t/{id}/rounds/{round}/halls/{hall}/rulings", role -> new String[] {tt
                + "/rounds/1/halls/A/rulings", form("board", "1", "penalty", "WARNING", "offender", "WHITE", "details",
                "matrix")});
        // the electronic scoresheet's routes: a device assigned to the board only (no role of the matrix holds it)
        calls.put("POST /sheet", role -> new String[] {"/sheet", form("code", "ABCDEF")});
        calls.put("POST /sheet/{code}/actions", role -> new String[] {"/sheet/ABCDEF/actions", "[]"});
        calls.put("POST /t/{id}/rounds/{round}/correction", role -> new String[] {tt + "/rounds/1/correction",
                form("entry", "2 0", "reason", "matrix")});
        calls.put("POST /t/{id}/rounds/{round}/changes", role -> new String[] {tt + "/rounds/1/changes",
                form("kind", "EXCHANGE_COLOURS", "board", "1", "reason", "matrix " + role)});
        calls.put("POST /t/{id}/forbidden-pairs", role -> new String[] {tt + "/forbidden-pairs",
                form("first", t + "-p1", "second", t + "-p2", "reason", "matrix " + role)});
        calls.put("POST /t/{id}/forbidden-pairs/allow", role -> new String[] {tt + "/forbidden-pairs/allow",
                form("first", t + "-p3", "second", t + "-p4", "reason", "matrix " + role)});

        List<RouteTable.Row> rows = RouteTable.of("console").values().stream().filter(RouteTable.Row::stateChanging)
                .toList();
        List<String> failures = new ArrayList<>();
        for (RouteTable.Row row : rows) {
            if (!calls.containsKey(row.key())) {
                failures.add(row.key() + ": a state-changing route of the table without a call in this test");
            }
        }
        Map<String, HttpClient> sessions = new LinkedHashMap<>();
        for (String role : List.of(ORGANISER, CHIEF, HALL_B_ARBITER, PLAYER)) {
            sessions.put(role, signIn(role));
        }
        sessions.put(ANONYMOUS, signedOut());

        // the event page (the tournament is its own event): every role sees it with the tournament's link, as it sees
        // the tournament's page, a signed-out visitor too (the console reads the public routes without a token)
        for (Map.Entry<String, HttpClient> session : sessions.entrySet()) {
            HttpResponse<String> event = session.getValue().send(HttpRequest.newBuilder(base.resolve("/events/" + t))
                    .build(), HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> tournament = session.getValue().send(HttpRequest.newBuilder(base.resolve(tt)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (event.statusCode() != 200 || tournament.statusCode() != 200
                    || !event.body().contains("href=\"/t/" + t + "\"")) {
                failures.add("GET /events/{event} as " + session.getKey() + ": " + event.statusCode() + " (the"
                        + " tournament's page: " + tournament.statusCode() + ") " + excerpt(event.body()));
            }
        }

        // --- every refused call first: 403 (signed out: the login page), and nothing the services hold changes
        String before = snapshot(pairing, game, t, chiefToken);
        int cases = 0;
        List<String[]> allowed = new ArrayList<>();
        for (RouteTable.Row row : rows) {
            Function<String, String[]> call = calls.get(row.key());
            if (call == null) {
                continue;
            }
            for (String role : sessions.keySet()) {
                cases++;
                String[] request = call.apply(role);
                if (allows(row, role)) {
                    allowed.add(new String[] {row.key(), role, request[0], request[1]});
                    continue;
                }
                HttpResponse<String> answer = send(sessions.get(role), request[0], request[1]);
                String location = answer.headers().firstValue("Location").orElse("");
                boolean refused = role.equals(ANONYMOUS)
                        ? answer.statusCode() == 401 || answer.statusCode() == 302
                        && location.contains("/protocol/openid-connect/auth")
                        : answer.statusCode() == 403;
                if (!refused) {
                    failures.add(row.key() + " as " + role + ": expected " + (role.equals(ANONYMOUS)
                            ? "the sign-in redirect" : "403") + ", got " + answer.statusCode() + " " + location + " "
                            + excerpt(answer.body()));
                }
            }
        }
        Thread.sleep(2000); // a command a refused call had sent would be decided by now
        String after = snapshot(pairing, game, t, chiefToken);
        assertEquals(before, after, "a refused call changed what the services hold");
        for (String role : sessions.keySet()) {
            for (String created : List.of(t + "-new-" + role, t + "-imp-" + role)) {
                boolean mayCreate = role.equals(ORGANISER);
                if (!mayCreate && get(pairing + "/tournaments/" + created).statusCode() != 404) {
                    failures.add(created + " exists after a refused call as " + role);
                }
            }
        }

        // --- the allowed calls get past the offices: the service decides them (a refusal of its own is not a 403)
        for (String[] a : allowed) {
            HttpResponse<String> answer = send(sessions.get(a[1]), a[2], a[3]);
            if (answer.statusCode() == 401 || answer.statusCode() == 403 || answer.statusCode() == 302
                    && answer.headers().firstValue("Location").orElse("").contains("openid-connect")) {
                failures.add(a[0] + " as " + a[1] + ": allowed by the table, refused with " + answer.statusCode() + " "
                        + excerpt(answer.body()));
            }
        }
        // the player on his own side (board 1's White): CLAIM's "own side"
        HttpResponse<String> own = send(sessions.get(PLAYER), tt + "/rounds/1/halls/A/claims", form("board", "1", "side",
                "WHITE", "kind", "THREEFOLD"));
        if (own.statusCode() == 403 || own.statusCode() == 401) {
            failures.add("POST .../claims as the player for his own side: refused " + own.statusCode() + " "
                    + excerpt(own.body()));
        }
        System.out.println("console role matrix: " + cases + " cases (" + rows.size() + " routes x " + sessions.size()
                + " roles), " + allowed.size() + " allowed, " + failures.size() + " failures");
        assertTrue(failures.isEmpty(), String.join("\n", failures));

        // the console's figure (README "Metrics") on its public /q/metrics: the calls above reached the services
        String metrics = org.torneo.stack.test.Prometheus.scrape(base.toString());
        assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_console_service_calls_seconds_count",
                Map.of("answer", "2xx")) >= 1, metrics);
        assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_console_service_calls_seconds",
                Map.of("answer", "2xx", "quantile", "0.99")) > 0, metrics);
    }

    /** Whether the table's cell lets this role make the call as the test makes it (another hall, the other side). */
    private static boolean allows(RouteTable.Row row, String role) {
        String cell = switch (role) {
            case ORGANISER -> row.cell("organiser");
            case CHIEF -> row.cell("chief arbiter");
            case HALL_B_ARBITER -> row.cell("hall arbiter");
            case PLAYER -> row.cell("player");
            default -> row.cell("public");
        };
        // "own": the tournament's own organiser, which he is; "own halls", "own side": the calls are for hall A and
        // the opponent's side, so hall B's arbiter and the player are refused
        // "any hall": any arbiter of the tournament, hall B's included (check-in: no hall is anyone's before round 1)
        return cell.equals("yes") || role.equals(ORGANISER) && cell.equals("own")
                || role.equals(HALL_B_ARBITER) && cell.equals("any hall");
    }

    /** What the services hold of the tournament, as text: players, rounds, offices, each game's result and file. */
    private String snapshot(String pairing, String game, String t, String chiefToken) throws Exception {
        StringBuilder out = new StringBuilder();
        JsonNode players = json(get(pairing + "/tournaments/" + t + "/players"));
        out.append("players ").append(players.size()).append(" withdrawn ");
        players.forEach(p -> out.append(p.path("withdrawn").asBoolean() ? p.path("playerId").asText() + " " : ""));
        JsonNode tournament = json(get(pairing + "/tournaments/" + t));
        out.append(" lastRound ").append(tournament.path("lastRound").asInt()).append(" closed ")
                .append(tournament.path("lastRoundClosed").asBoolean());
        out.append(" offices ").append(guard.authorities().of(t).map(a -> List.of(CHIEF, "arbiter-1", HALL_B_ARBITER,
                "arb-" + ORGANISER, "arb-" + CHIEF, "arb-" + HALL_B_ARBITER, "arb-" + PLAYER, "arb-" + ANONYMOUS)
                .stream().map(who -> who + "=" + a.appointment(who).map(Object::toString).orElse("-")).toList())
                .orElse(List.of()));
        out.append(" links ").append(guard.authorities().of(t).map(a -> java.util.stream.Stream.of(ORGANISER, CHIEF,
                HALL_B_ARBITER, PLAYER, ANONYMOUS).map(role -> "acc-" + role + "=" + a.playerOf("acc-" + role)
                .orElse("-")).toList()).orElse(List.of()));
        for (JsonNode g : json(get(game + "/games?tournament=" + t + "&round=1"))) {
            HttpResponse<String> file = services.send(HttpRequest.newBuilder(URI.create(game + "/games/"
                    + g.path("gameId").asText() + "/incidents")).header("Authorization", "Bearer " + chiefToken).build(),
                    HttpResponse.BodyHandlers.ofString());
            out.append(" board ").append(g.path("board").asInt()).append(' ').append(g.path("resultName").asText())
                    .append(" incidents ").append(file.statusCode() == 200 ? JSON.readTree(file.body()).size()
                            : "HTTP " + file.statusCode());
        }
        return out.toString();
    }

    private JsonNode gameOn(String game, String t, int board) {
        for (JsonNode g : json(get(game + "/games?tournament=" + t + "&round=1"))) {
            if (g.path("board").asInt() == board) {
                return g;
            }
        }
        return JSON.createObjectNode();
    }

    @org.junit.jupiter.api.Test
    void theOpenApiDocumentDescribesEveryRouteOfTheReadmeTable() throws Exception {
        java.util.List<String> missing = org.torneo.stack.test.OpenApiRoutes.missing("console", base);
        org.junit.jupiter.api.Assertions.assertTrue(missing.isEmpty(), "not described at /q/openapi: " + missing);
    }
}
