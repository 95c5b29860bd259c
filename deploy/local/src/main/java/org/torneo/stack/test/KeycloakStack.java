package org.torneo.stack.test;

import java.util.LinkedHashMap;
import java.util.Map;

import org.torneo.stack.identity.KeycloakServer;
import org.torneo.stack.identity.SharedKeycloak;
import org.torneo.stack.identity.TokenClient;
import org.torneo.stack.identity.TorneoRealm;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * The real Keycloak with the {@code torneo} realm, for the tests that need real sign-in (most tests mint tokens
 * with the development key instead, which is much cheaper):
 * <pre>
 * &#64;QuarkusTest
 * &#64;QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
 * &#64;QuarkusTestResource(value = KeycloakStack.class, initArgs = &#64;ResourceArg(name = "service", value = "game"))
 * class GameSignInIT { ... }
 * </pre>
 * Keycloak starts ONCE per test JVM (about a minute on the 2-core build machine; see deploy/local/README) in a
 * temporary home, and stops at JVM exit (it also dies if the JVM is killed). Each app start gets
 * {@code quarkus.oidc.auth-server-url} (the issuer), {@code quarkus.oidc.token.audience=torneo-api} and, with the
 * init arg {@code service}, that service's {@code quarkus.oidc.client-id} and {@code quarkus.oidc.credentials.secret}.
 * The static methods work without any Quarkus app (plain JUnit tests call them directly).
 */
public class KeycloakStack implements QuarkusTestResourceLifecycleManager {

    /** Init arg: the service whose client the app uses (game, clock, pairing, rating, feed). */
    public static final String SERVICE_ARG = "service";

    private String service;

    @Override
    public void init(Map<String, String> initArgs) {
        service = initArgs.get(SERVICE_ARG);
        if (service != null && !TorneoRealm.SERVICES.contains(service)) {
            throw new IllegalArgumentException("KeycloakStack init arg service='" + service + "': use one of "
                    + TorneoRealm.SERVICES);
        }
    }

    @Override
    public Map<String, String> start() {
        KeycloakServer server = server();
        Map<String, String> config = new LinkedHashMap<>();
        config.put("quarkus.oidc.auth-server-url", server.issuer());
        config.put("quarkus.oidc.token.audience", TorneoRealm.AUDIENCE);
        if (service != null) {
            String client = TorneoRealm.serviceClient(service);
            config.put("quarkus.oidc.client-id", client);
            config.put("quarkus.oidc.credentials.secret", TorneoRealm.devSecret(client));
        }
        return config;
    }

    @Override
    public void stop() {
        // Keycloak outlives each app: it is stopped by the shutdown hook at JVM exit.
    }

    /** Starts Keycloak if needed (once per JVM) and returns it. */
    public static KeycloakServer server() {
        return SharedKeycloak.server();
    }

    /** http://localhost:PORT/realms/torneo */
    public static String issuer() {
        return SharedKeycloak.issuer();
    }

    /** An access token of a demo account (password grant through {@code torneo-cli}, the demo password). */
    public static String token(String username) {
        return SharedKeycloak.token(username);
    }

    /** Password grant through {@code torneo-cli}; a refused sign-in throws {@link TokenClient.TokenRequestException}. */
    public static TokenClient.Tokens tokens(String username, String password) {
        return SharedKeycloak.tokens(username, password);
    }

    /** An access token of a service's own account (client credentials of {@code torneo-<service>}). */
    public static String serviceToken(String service) {
        return SharedKeycloak.serviceToken(service);
    }
}
