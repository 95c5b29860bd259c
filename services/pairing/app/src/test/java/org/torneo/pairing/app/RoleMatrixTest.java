package org.torneo.pairing.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URL;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntFunction;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.Topics;
import org.torneo.stack.test.RoleMatrix;
import org.torneo.stack.test.RoleMatrix.Call;
import org.torneo.stack.test.Tokens;
import org.torneo.stack.test.TorneoStack;

/**
 * Every state-changing route of the pairing service as every role of the README's table, on a tournament with halls
 * A and B whose offices are set up through the service's own routes (the organiser creates it, registers the
 * players, appoints the arbiters, links the players' accounts and assigns a device); chief-2 and org-2 hold the
 * offices of another tournament.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class RoleMatrixTest {

    @TestHTTPResource("/")
    URL base;

    private String url() {
        return base.toString().replaceAll("/$", "");
    }

    @Test
    void everyStateChangingRouteAnswersEachRoleAsTheReadmeTableSays() throws Exception {
        String t = "t-matrix-" + UUID.randomUUID().toString().substring(0, 8);
        String organiser = Tokens.of(RoleMatrix.ORGANISER, "organiser");
        ok(post("/tournaments", "{\"tournamentId\":\"" + t + "\",\"name\":\"Matrix\",\"system\":\"dutch\",\"rounds\":5,"
                + "\"halls\":[{\"name\":\"A\",\"firstBoard\":1,\"lastBoard\":10},"
                + "{\"name\":\"B\",\"firstBoard\":11,\"lastBoard\":20}]}", organiser));
        for (String player : List.of("p-wanda", "p-bert", "p-carl", "p-dora", "p-extra")) {
            ok(post("/tournaments/" + t + "/players", "{\"playerId\":\"" + player + "\",\"name\":\"" + player
                    + "\",\"rating\":2000}", organiser));
        }
        ok(post("/tournaments/" + t + "/arbiters", "{\"account\":\"" + RoleMatrix.CHIEF + "\",\"chief\":true}", organiser));
        ok(post("/tournaments/" + t + "/arbiters", "{\"account\":\"" + RoleMatrix.HALL_ARBITER + "\",\"halls\":[\"A\"]}",
                organiser));
        ok(post("/tournaments/" + t + "/arbiters", "{\"account\":\"" + RoleMatrix.OTHER_HALL_ARBITER
                + "\",\"halls\":[\"B\"]}", organiser));
        ok(post("/tournaments/" + t + "/arbiters", "{\"account\":\"arb-spare\",\"halls\":[\"B\"]}", organiser));
        ok(post("/tournaments/" + t + "/players/p-wanda/account", "{\"account\":\"" + RoleMatrix.PLAYER + "\"}", organiser));
        ok(post("/tournaments/" + t + "/players/p-bert/account", "{\"account\":\"" + RoleMatrix.OTHER_PLAYER + "\"}",
                organiser));
        ok(post("/tournaments/" + t + "/devices", "{\"account\":\"" + RoleMatrix.DEVICE + "\",\"hall\":\"A\",\"boards\":[1]}",
                organiser));
        String other = t + "-other";
        String otherOrganiser = Tokens.of(RoleMatrix.OTHER_ORGANISER, "organiser");
        ok(post("/tournaments", "{\"tournamentId\":\"" + other + "\",\"name\":\"Other\",\"system\":\"dutch\",\"rounds\":5}",
                otherOrganiser));
        ok(post("/tournaments/" + other + "/arbiters", "{\"account\":\"" + RoleMatrix.OTHER_CHIEF + "\",\"chief\":true}",
                otherOrganiser));
        // created, 5 registered, 4 appointed, 2 linked, 1 device: every office recorded before the matrix runs
        assertEquals(13, TorneoStack.readCommittedValuesForKey(Topics.TOURNAMENT.name(), t, 13, Duration.ofSeconds(60))
                .size(), "the fixture's offices were not all recorded");

        String trf;
        try (InputStream in = getClass().getResourceAsStream("/dutch/dev006-p015-r06.trf")) {
            trf = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String tt = "/tournaments/" + t;
        Map<String, IntFunction<Call>> calls = new LinkedHashMap<>();
        calls.put("POST /tournaments", n -> Call.json("/tournaments", "{\"tournamentId\":\"" + t + "-new-" + n
                + "\",\"name\":\"New\",\"system\":\"dutch\",\"rounds\":5}"));
        calls.put("POST /tournaments/import", n -> new Call("/tournaments/import?tournamentId=" + t + "-imp-" + n
                + "&system=dutch", "text/plain", trf));
        calls.put("POST /tournaments/{id}/arbiters", n -> Call.json(tt + "/arbiters",
                "{\"account\":\"arb-new\",\"halls\":[\"A\"]}"));
        calls.put("POST /tournaments/{id}/arbiters/{account}/dismiss", n -> Call.json(tt + "/arbiters/arb-spare/dismiss",
                "{\"reason\":\"matrix\"}"));
        calls.put("POST /tournaments/{id}/byes", n -> Call.json(tt + "/byes",
                "{\"playerId\":\"p-wanda\",\"round\":3,\"kind\":\"HALF_POINT\"}"));
        calls.put("POST /tournaments/{id}/broadcast-delay", n -> Call.json(tt + "/broadcast-delay",
                "{\"mode\":\"FIXED\",\"seconds\":" + (60 + n) + "}"));
        calls.put("POST /tournaments/{id}/devices", n -> Call.json(tt + "/devices",
                "{\"account\":\"dev-new\",\"hall\":\"A\",\"boards\":[2]}"));
        calls.put("POST /tournaments/{id}/forbidden-pairs", n -> Call.json(tt + "/forbidden-pairs",
                "{\"firstPlayerId\":\"p-carl\",\"secondPlayerId\":\"p-dora\"}"));
        calls.put("POST /tournaments/{id}/forbidden-pairs/allow", n -> Call.json(tt + "/forbidden-pairs/allow",
                "{\"firstPlayerId\":\"p-carl\",\"secondPlayerId\":\"p-dora\"}"));
        calls.put("POST /tournaments/{id}/players", n -> Call.json(tt + "/players",
                "{\"playerId\":\"late-" + n + "\",\"name\":\"Late\",\"rating\":1500}"));
        calls.put("POST /tournaments/{id}/players/{playerId}/account", n -> Call.json(tt + "/players/p-extra/account",
                "{\"account\":\"acc-extra\"}"));
        calls.put("POST /tournaments/{id}/players/{playerId}/check-in", n -> Call.json(tt + "/players/p-wanda/check-in",
                "{}"));
        calls.put("POST /tournaments/{id}/players/{playerId}/check-in/cancel", n -> Call.json(tt
                + "/players/p-wanda/check-in/cancel", "{\"reason\":\"matrix\"}"));
        calls.put("POST /tournaments/{id}/players/{playerId}/withdraw", n -> Call.json(tt + "/players/p-wanda/withdraw",
                "{\"reason\":\"matrix\"}"));
        calls.put("POST /tournaments/{id}/rounds/next", n -> Call.json(tt + "/rounds/next", "{\"seed\":1}"));
        calls.put("POST /tournaments/{id}/rounds/{round}/close", n -> Call.json(tt + "/rounds/1/close", "{}"));
        calls.put("POST /tournaments/{id}/rounds/{round}/correction", n -> Call.json(tt + "/rounds/1/correction",
                "{\"reason\":\"matrix\",\"boards\":[]}"));
        calls.put("POST /tournaments/{id}/rounds/{round}/changes", n -> Call.json(tt + "/rounds/1/changes",
                "{\"kind\":\"EXCHANGE_COLOURS\",\"board\":1,\"reason\":\"matrix\"}"));
        RoleMatrix.Result result = RoleMatrix.run("pairing", url(), calls);
        assertTrue(result.failures().isEmpty(), result.failures().size() + " of " + result.cases() + " cases:\n"
                + String.join("\n", result.failures()));
    }

    private HttpResponse<String> post(String path, String json, String token) throws Exception {
        return PairingStackSupport.post(url(), path, json, token);
    }

    private static void ok(HttpResponse<String> response) {
        assertEquals(202, response.statusCode(), response.body());
    }

    @org.junit.jupiter.api.Test
    void theOpenApiDocumentDescribesEveryRouteOfTheReadmeTable() throws Exception {
        java.util.List<String> missing = org.torneo.stack.test.OpenApiRoutes.missing("pairing", base.toURI());
        org.junit.jupiter.api.Assertions.assertTrue(missing.isEmpty(), "not described at /q/openapi: " + missing);
    }
}
