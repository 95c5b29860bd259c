package org.torneo.cli.identity;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.torneo.cli.Command.UsageException;
import org.torneo.stack.identity.TokenClient;
import org.torneo.stack.identity.TorneoRealm;
import org.torneo.stack.supervisor.StackHome;

/**
 * The signed-in account of the command line, for every command that talks to the services:
 * {@link #accessToken()} gives a valid access token, refreshing it (refresh grant) when it has expired or is about
 * to, and says what to do when the sign-in itself has expired. Works with any OIDC provider: the token endpoint
 * comes from the issuer's discovery document.
 */
public final class CliCredentials {

    /** A token this close to its expiry is refreshed first, so that it does not expire on its way to a service. */
    static final Duration EXPIRY_MARGIN = Duration.ofSeconds(30);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final TokenStore store;

    public CliCredentials(TokenStore store) {
        this.store = store;
    }

    public static CliCredentials ofUser() {
        return new CliCredentials(TokenStore.ofUser());
    }

    public TokenStore store() {
        return store;
    }

    /** A valid access token of the signed-in account (refreshed and stored again if needed). */
    public String accessToken() {
        return current().tokens().accessToken();
    }

    /** The signed-in account with a valid access token; refreshes it when needed. */
    public TokenStore.Credentials current() {
        TokenStore.Credentials credentials = store.load()
                .orElseThrow(() -> new UsageException("not signed in: ./torneo login --user NAME"));
        Instant now = Instant.now();
        if (!credentials.tokens().accessExpired(now, EXPIRY_MARGIN)) {
            return credentials;
        }
        if (!credentials.tokens().canRefresh(now)) {
            throw new UsageException("the sign-in of " + credentials.username() + " has expired: ./torneo login --user "
                    + credentials.username());
        }
        TokenClient client = new TokenClient(URI.create(credentials.tokenEndpoint()), credentials.clientId(), null);
        TokenClient.Tokens refreshed;
        try {
            refreshed = client.refresh(credentials.tokens().refreshToken());
        } catch (TokenClient.TokenRequestException e) {
            throw new UsageException("the sign-in of " + credentials.username() + " could not be renewed (" + e.getMessage()
                    + "): ./torneo login --user " + credentials.username());
        }
        TokenStore.Credentials renewed = new TokenStore.Credentials(credentials.issuer(), credentials.tokenEndpoint(),
                credentials.clientId(), credentials.username(), refreshed);
        store.save(renewed);
        return renewed;
    }

    /**
     * The issuer to sign in at: {@code --issuer}, else TORNEO_ISSUER, else the Keycloak of the running local stack.
     */
    public static String issuer(String option) {
        if (option != null && !option.isBlank()) {
            return option.replaceAll("/+$", "");
        }
        String env = System.getenv("TORNEO_ISSUER");
        if (env != null && !env.isBlank()) {
            return env.trim().replaceAll("/+$", "");
        }
        String local = StackHome.fromSystem().readState().getProperty("keycloak.issuer");
        if (local != null && !local.isBlank()) {
            return local;
        }
        throw new UsageException("no identity provider: ./torneo up starts the local one, or give --issuer URL"
                + " (or set TORNEO_ISSUER)");
    }

    /** The token endpoint announced by the issuer's discovery document. */
    public static String tokenEndpoint(String issuer) {
        URI discovery = URI.create(issuer + "/.well-known/openid-configuration");
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(discovery).timeout(Duration.ofSeconds(10))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new UsageException("the identity provider " + issuer + " has no discovery document (HTTP "
                        + response.statusCode() + " from " + discovery + "): check --issuer");
            }
            JsonNode json = JSON.readTree(response.body());
            if (!issuer.equals(json.path("issuer").asText())) {
                throw new UsageException("the discovery document of " + issuer + " names another issuer: "
                        + json.path("issuer").asText() + " (use that one as --issuer)");
            }
            String endpoint = json.path("token_endpoint").asText("");
            if (endpoint.isBlank()) {
                throw new UsageException("the discovery document of " + issuer + " has no token_endpoint");
            }
            return endpoint;
        } catch (IOException e) {
            throw new UsageException("cannot reach the identity provider " + issuer + " (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); is it running? ./torneo status");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UsageException("interrupted");
        }
    }

    /** The realm roles of the torneo convention named in an access token (read for display, not verified). */
    public static List<String> roles(String accessToken) {
        List<String> roles = new ArrayList<>();
        try {
            String[] parts = accessToken.split("\\.");
            JsonNode payload = JSON.readTree(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
            payload.path("realm_access").path("roles").forEach(role -> {
                if (TorneoRealm.ROLES.contains(role.asText())) {
                    roles.add(role.asText());
                }
            });
        } catch (IOException | RuntimeException e) {
            // not a JWT we can read: show no roles
        }
        return roles;
    }
}
