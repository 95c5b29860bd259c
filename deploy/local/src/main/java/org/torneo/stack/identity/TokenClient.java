package org.torneo.stack.identity;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The OAuth 2 token endpoint of one client: password grant (the CLI, the demo, tests), client credentials (a
 * service), refresh. Any OIDC provider's token endpoint works; nothing here is Keycloak-specific.
 */
public final class TokenClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final URI tokenEndpoint;
    private final String clientId;
    private final String clientSecret;

    /** {@code clientSecret} null for a public client. */
    public TokenClient(URI tokenEndpoint, String clientId, String clientSecret) {
        this.tokenEndpoint = tokenEndpoint;
        this.clientId = clientId;
        this.clientSecret = clientSecret;
    }

    /** The token endpoint of an issuer that follows Keycloak's layout ({@code <issuer>/protocol/openid-connect/token}). */
    public static URI keycloakTokenEndpoint(String issuer) {
        return URI.create(issuer.replaceAll("/+$", "") + "/protocol/openid-connect/token");
    }

    /** Tokens as the endpoint answered them; {@code obtainedAt} is this machine's clock when the answer came. */
    public record Tokens(String accessToken, String refreshToken, Instant accessExpiresAt, Instant refreshExpiresAt,
                         Instant obtainedAt) {

        /** Whether the access token is expired or will be within {@code margin}. */
        public boolean accessExpired(Instant now, Duration margin) {
            return !now.plus(margin).isBefore(accessExpiresAt);
        }

        /** Whether a refresh token exists and is still valid at {@code now} (a refresh expiry of 0 means none). */
        public boolean canRefresh(Instant now) {
            return refreshToken != null && (refreshExpiresAt == null || now.isBefore(refreshExpiresAt));
        }
    }

    /** The endpoint refused: the OAuth error code and its description (e.g. invalid_grant, "Invalid user credentials"). */
    public static final class TokenRequestException extends RuntimeException {
        private final int status;
        private final String error;

        TokenRequestException(int status, String error, String description) {
            super(error + (description == null || description.isBlank() ? "" : ": " + description) + " (HTTP " + status + ")");
            this.status = status;
            this.error = error;
        }

        public int status() {
            return status;
        }

        public String error() {
            return error;
        }
    }

    /** Resource owner password grant. */
    public Tokens password(String username, String password) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "password");
        form.put("username", username);
        form.put("password", password);
        form.put("scope", "openid");
        return request(form);
    }

    /** Client credentials grant (a confidential client with a service account). */
    public Tokens clientCredentials() {
        return request(new LinkedHashMap<>(Map.of("grant_type", "client_credentials")));
    }

    /** Refresh grant. */
    public Tokens refresh(String refreshToken) {
        return request(new LinkedHashMap<>(Map.of("grant_type", "refresh_token", "refresh_token", refreshToken)));
    }

    private Tokens request(Map<String, String> form) {
        form.put("client_id", clientId);
        if (clientSecret != null) {
            form.put("client_secret", clientSecret);
        }
        String body = form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpRequest request = HttpRequest.newBuilder(tokenEndpoint).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<String> response;
        try {
            response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("cannot reach the token endpoint " + tokenEndpoint + " (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking " + tokenEndpoint + " for a token", e);
        }
        Instant now = Instant.now();
        JsonNode json;
        try {
            json = JSON.readTree(response.body());
        } catch (IOException e) {
            throw new TokenRequestException(response.statusCode(), "invalid_response",
                    "the token endpoint " + tokenEndpoint + " did not answer JSON");
        }
        if (response.statusCode() != 200 || !json.hasNonNull("access_token")) {
            throw new TokenRequestException(response.statusCode(), json.path("error").asText("unknown_error"),
                    json.path("error_description").asText(null));
        }
        long expiresIn = json.path("expires_in").asLong(60);
        long refreshExpiresIn = json.path("refresh_expires_in").asLong(0);
        return new Tokens(json.get("access_token").asText(),
                json.hasNonNull("refresh_token") ? json.get("refresh_token").asText() : null,
                now.plusSeconds(expiresIn),
                refreshExpiresIn > 0 ? now.plusSeconds(refreshExpiresIn) : null,
                now);
    }
}
