package org.torneo.stack.identity;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The few admin-API calls the local stack needs, as the master realm's bootstrap administrator
 * ({@link KeycloakServer#ADMIN_USER}): creating the demo's players beyond those of the realm file.
 */
public final class KeycloakAdmin {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    /** Users per partial-import request: each request is one transaction on Keycloak's side. */
    private static final int BATCH = 500;

    private final String url;

    /** {@code url}: http://localhost:PORT (the server, not the realm). */
    public KeycloakAdmin(String url) {
        this.url = url.replaceAll("/+$", "");
    }

    /**
     * Makes sure accounts {@code player-1 .. player-<count>} exist in the torneo realm (realm role {@code player},
     * password {@link TorneoRealm#DEMO_PASSWORD}); existing ones are left alone. One partial import per 500
     * accounts: 250 new accounts took 14 s on the 2-core build machine under load 22 (the realm's cheap password
     * hash; Keycloak's default argon2 took 17 s for 50). Returns how many were added.
     */
    public int ensurePlayers(int count) {
        int added = 0;
        String token = adminToken();
        for (int first = TorneoRealm.PLAYERS_IN_REALM_FILE + 1; first <= count; first += BATCH) {
            int last = Math.min(count, first + BATCH - 1);
            List<Map<String, Object>> users = new ArrayList<>();
            for (int number = first; number <= last; number++) {
                String name = TorneoRealm.playerName(number);
                users.add(Map.of("username", name, "enabled", true, "email", name + "@torneo.invalid",
                        "emailVerified", true, "firstName", "Player", "lastName", "Number " + number,
                        "credentials", List.of(Map.of("type", "password", "value", TorneoRealm.DEMO_PASSWORD,
                                "temporary", false)),
                        "realmRoles", List.of("default-roles-" + TorneoRealm.NAME, "player")));
            }
            JsonNode answer = send("POST", "/admin/realms/" + TorneoRealm.NAME + "/partialImport", token,
                    Map.of("ifResourceExists", "SKIP", "users", users));
            added += answer.path("added").asInt();
        }
        return added;
    }

    private String adminToken() {
        TokenClient master = new TokenClient(URI.create(url + "/realms/master/protocol/openid-connect/token"),
                "admin-cli", null);
        return master.password(KeycloakServer.ADMIN_USER, KeycloakServer.ADMIN_PASSWORD).accessToken();
    }

    private JsonNode send(String method, String path, String token, Object body) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(120))
                    .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build();
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                throw new IllegalStateException("Keycloak admin " + method + " " + path + " answered HTTP "
                        + response.statusCode() + ": " + response.body());
            }
            return response.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("cannot reach Keycloak's admin API at " + url + " (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
