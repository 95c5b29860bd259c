package org.torneo.stack.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.junit.jupiter.api.Test;
import org.torneo.stack.test.KeycloakStack;

/**
 * The identity conventions, checked on tokens of the REAL Keycloak (one start for this JVM, through
 * {@link KeycloakStack}): signature with the committed development key, issuer, audience {@code torneo-api},
 * {@code preferred_username}, coarse realm roles; service accounts; refused sign-ins.
 */
class TorneoRealmTokensTest {

    @Test
    void demoAccountTokensCarryTheirNameTheirRoleAndTheAudienceAndVerifyWithTheCommittedPublicKey() throws Exception {
        // given the realm file's demo accounts
        for (TorneoRealm.DemoAccount account : TorneoRealm.demoAccounts()) {
            if (account.username().startsWith("player-") && !account.username().equals("player-1")) {
                continue; // one player is enough; the rest are the same definition
            }
            // when the account signs in with the password grant of torneo-cli
            String token = KeycloakStack.token(account.username());

            // then the token verifies with dev-realm-public.pem, for this issuer and the torneo-api audience
            JwtClaims claims = consumer(committedPublicKey()).processToClaims(token);
            assertEquals(account.username(), claims.getStringClaimValue("preferred_username"));
            List<String> torneoRoles = realmRoles(claims).stream().filter(TorneoRealm.ROLES::contains).toList();
            assertEquals(List.of(account.role()), torneoRoles, account.username() + "'s coarse roles");
            assertEquals("torneo-cli", claims.getStringClaimValue("azp"));
            assertTrue(claims.getAudience().contains(TorneoRealm.AUDIENCE));
            assertFalse(claims.getClaimsMap().containsKey("tournaments"), "no tournament in the token: events say it");
        }
    }

    @Test
    void aTokenOfTheRealmDoesNotVerifyWithAnotherKey() throws Exception {
        String token = KeycloakStack.token("arbiter-1");

        InvalidJwtException refused = assertThrows(InvalidJwtException.class,
                () -> consumer(foreignPublicKey()).processToClaims(token));

        assertTrue(refused.getMessage().contains("signature"), refused.getMessage());
    }

    @Test
    void everyServiceAccountTokenHasTheServiceRoleAndTheAudience() throws Exception {
        for (String service : TorneoRealm.SERVICES) {
            String token = KeycloakStack.serviceToken(service);

            JwtClaims claims = consumer(committedPublicKey()).processToClaims(token);
            assertEquals("service-account-torneo-" + service, claims.getStringClaimValue("preferred_username"));
            assertEquals("torneo-" + service, claims.getStringClaimValue("azp"));
            assertEquals(List.of("service"), realmRoles(claims).stream().filter(TorneoRealm.ROLES::contains).toList());
        }
    }

    @Test
    void aWrongPasswordAnUnknownAccountAndAWrongClientSecretAreRefused() {
        TokenClient.TokenRequestException wrongPassword = assertThrows(TokenClient.TokenRequestException.class,
                () -> KeycloakStack.tokens("organiser", "not-the-password"));
        assertEquals("invalid_grant", wrongPassword.error());
        assertEquals(401, wrongPassword.status());

        TokenClient.TokenRequestException unknown = assertThrows(TokenClient.TokenRequestException.class,
                () -> KeycloakStack.tokens("nobody", TorneoRealm.DEMO_PASSWORD));
        assertEquals("invalid_grant", unknown.error());

        TokenClient wrongSecret = new TokenClient(TokenClient.keycloakTokenEndpoint(KeycloakStack.issuer()),
                "torneo-game", "not-the-secret");
        TokenClient.TokenRequestException refused = assertThrows(TokenClient.TokenRequestException.class,
                wrongSecret::clientCredentials);
        assertEquals("unauthorized_client", refused.error());
    }

    @Test
    void theConsoleSignsInOnlyForLocalRedirectAddresses() throws Exception {
        // 200 = Keycloak shows its login page; 400 = it refuses the redirect address
        assertEquals(200, authorize("http://localhost:8099/callback"), "any local port");
        assertEquals(200, authorize("http://127.0.0.1:41234/callback"), "any local port");
        assertEquals(400, authorize("http://example.org/callback"), "never elsewhere");
    }

    @Test
    void theDemoPlayersBeyondTheRealmFileAreCreatedOnceAndCanSignIn() throws Exception {
        KeycloakAdmin admin = new KeycloakAdmin(KeycloakStack.server().url());
        int wanted = TorneoRealm.PLAYERS_IN_REALM_FILE + 4;

        assertEquals(4, admin.ensurePlayers(wanted));
        assertEquals(0, admin.ensurePlayers(wanted), "existing accounts are left alone");

        JwtClaims claims = consumer(committedPublicKey()).processToClaims(KeycloakStack.token(TorneoRealm.playerName(wanted)));
        assertEquals(List.of("player"), realmRoles(claims).stream().filter(TorneoRealm.ROLES::contains).toList());
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private static JwtConsumer consumer(PublicKey key) {
        return new JwtConsumerBuilder()
                .setRequireExpirationTime()
                .setExpectedIssuer(KeycloakStack.issuer())
                .setExpectedAudience(TorneoRealm.AUDIENCE)
                .setVerificationKey(key)
                .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, AlgorithmIdentifiers.RSA_USING_SHA256)
                .build();
    }

    @SuppressWarnings("unchecked")
    private static List<String> realmRoles(JwtClaims claims) {
        Map<String, Object> realmAccess = (Map<String, Object>) claims.getClaimsMap().get("realm_access");
        return realmAccess == null ? List.of() : (List<String>) realmAccess.get("roles");
    }

    private static PublicKey committedPublicKey() throws Exception {
        byte[] der = Base64.getDecoder().decode(TorneoRealm.pemBody(TorneoRealm.publicKeyPem()));
        return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der));
    }

    /** The public half of dev-foreign-private.pem. */
    private static PublicKey foreignPublicKey() throws Exception {
        String pem;
        try (var in = TorneoRealm.class.getResourceAsStream("/org/torneo/stack/identity/dev-foreign-private.pem")) {
            pem = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        KeyFactory rsa = KeyFactory.getInstance("RSA");
        RSAPrivateCrtKey privateKey = (RSAPrivateCrtKey) rsa.generatePrivate(
                new PKCS8EncodedKeySpec(Base64.getDecoder().decode(TorneoRealm.pemBody(pem))));
        return rsa.generatePublic(new RSAPublicKeySpec(privateKey.getModulus(), privateKey.getPublicExponent()));
    }

    private static int authorize(String redirectUri) throws Exception {
        URI uri = URI.create(KeycloakStack.issuer() + "/protocol/openid-connect/auth?client_id=torneo-console"
                + "&response_type=code&scope=openid&code_challenge_method=S256"
                + "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM" // PKCE is required for the console
                + "&redirect_uri=" + URLEncoder.encode(redirectUri, StandardCharsets.UTF_8));
        HttpResponse<Void> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).GET().build(),
                HttpResponse.BodyHandlers.discarding());
        return response.statusCode();
    }
}
