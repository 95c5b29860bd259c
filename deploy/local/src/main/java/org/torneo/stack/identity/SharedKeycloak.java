package org.torneo.stack.identity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One real Keycloak per JVM for tests, in a temporary home, started on first use and stopped at JVM exit (it also
 * dies if the JVM is killed). Plain JUnit tests (the CLI's) use it directly; Quarkus tests go through
 * {@code org.torneo.stack.test.KeycloakStack}, which hands the app its OIDC settings.
 */
public final class SharedKeycloak {

    private static final Object LOCK = new Object();
    private static volatile KeycloakServer running;

    private SharedKeycloak() {
    }

    /** Starts Keycloak if needed (once per JVM) and returns it. */
    public static KeycloakServer server() {
        KeycloakServer current = running;
        if (current != null) {
            return current;
        }
        synchronized (LOCK) {
            if (running == null) {
                Path home;
                try {
                    home = Files.createTempDirectory("torneo-keycloak-");
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot create a home for Keycloak", e);
                }
                KeycloakServer server = KeycloakServer.at(home, 0);
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    server.stop();
                    KeycloakDistribution.deleteTree(home);
                }, "torneo-keycloak-shutdown"));
                server.start();
                System.out.printf("torneo: Keycloak ready in %d ms (%s)%n", server.lastStartTime().toMillis(), server.issuer());
                running = server;
            }
            return running;
        }
    }

    /** http://localhost:PORT/realms/torneo */
    public static String issuer() {
        return server().issuer();
    }

    /** An access token of a demo account (password grant through {@code torneo-cli}, the demo password). */
    public static String token(String username) {
        return tokens(username, TorneoRealm.DEMO_PASSWORD).accessToken();
    }

    /** Password grant through {@code torneo-cli}; a refused sign-in throws {@link TokenClient.TokenRequestException}. */
    public static TokenClient.Tokens tokens(String username, String password) {
        return new TokenClient(TokenClient.keycloakTokenEndpoint(issuer()), TorneoRealm.CLI_CLIENT, null)
                .password(username, password);
    }

    /** An access token of a service's own account (client credentials of {@code torneo-<service>}). */
    public static String serviceToken(String service) {
        String client = TorneoRealm.serviceClient(service);
        return new TokenClient(TokenClient.keycloakTokenEndpoint(issuer()), client, TorneoRealm.devSecret(client))
                .clientCredentials().accessToken();
    }
}
