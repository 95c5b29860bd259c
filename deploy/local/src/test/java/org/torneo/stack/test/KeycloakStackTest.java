package org.torneo.stack.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** What the test resource hands an app (the Keycloak of this JVM, shared with the other identity tests). */
class KeycloakStackTest {

    @Test
    void anAppOfAServiceGetsTheIssuerTheAudienceAndItsOwnClient() {
        KeycloakStack resource = new KeycloakStack();
        resource.init(Map.of(KeycloakStack.SERVICE_ARG, "pairing"));

        Map<String, String> config = resource.start();

        assertEquals(KeycloakStack.issuer(), config.get("quarkus.oidc.auth-server-url"));
        assertTrue(config.get("quarkus.oidc.auth-server-url").matches("http://localhost:\\d+/realms/torneo"));
        assertEquals("torneo-api", config.get("quarkus.oidc.token.audience"));
        assertEquals("torneo-pairing", config.get("quarkus.oidc.client-id"));
        assertEquals("torneo-pairing-dev-secret", config.get("quarkus.oidc.credentials.secret"));
    }

    @Test
    void withoutAServiceTheAppGetsNoClientAndAnUnknownServiceIsAClearError() {
        KeycloakStack resource = new KeycloakStack();
        resource.init(Map.of());
        assertFalse(resource.start().containsKey("quarkus.oidc.client-id"));

        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> new KeycloakStack().init(Map.of(KeycloakStack.SERVICE_ARG, "chess")));
        assertTrue(unknown.getMessage().contains("service='chess'"), unknown.getMessage());
    }
}
