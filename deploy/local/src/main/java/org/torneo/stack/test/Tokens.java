package org.torneo.stack.test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Mints the access tokens the tests send: JWTs signed RS256 with the development realm's key (the key the local
 * Keycloak's {@code torneo} realm signs with, see org/torneo/stack/identity/README.md), shaped like Keycloak's access
 * tokens: {@code iss}, {@code aud} torneo-api, {@code exp}, {@code preferred_username} (the account id) and the realm
 * roles in {@code realm_access.roles}. The variants a service must refuse are here too: expired, of another issuer,
 * signed with a foreign key, for another audience, without roles, malformed. {@link TorneoStack} hands each app the
 * matching verification config ({@link #oidcConfig()}).
 * <pre>
 * String token = Tokens.account("arbiter-a").roles("arbiter").mint();
 * request.header("Authorization", Tokens.bearer(token));
 * </pre>
 */
public final class Tokens {

    /** The issuer of the test tokens: the local Keycloak's realm URL form (nothing needs to listen there). */
    public static final String ISSUER = "http://localhost:18080/realms/torneo";
    /** Another issuer: a token from it must be refused even when signed with the realm's key. */
    public static final String OTHER_ISSUER = "http://localhost:18080/realms/elsewhere";
    /** The audience every Torneo API checks ({@code quarkus.oidc.token.audience}). */
    public static final String AUDIENCE = "torneo-api";
    /** The realm key's id in the token header. */
    public static final String KEY_ID = "torneo-dev-realm";

    private static final String KEYS = "/org/torneo/stack/identity/";
    private static volatile PrivateKey realmKey;
    private static volatile PrivateKey foreignKey;

    private Tokens() {
    }

    /** A token builder for this account (the token's {@code preferred_username}). */
    public static Builder account(String account) {
        return new Builder(account);
    }

    /** A valid token of {@code account} with these realm roles ("organiser", "arbiter", "player", "device", "service"). */
    public static String of(String account, String... roles) {
        return account(account).roles(roles).mint();
    }

    /** {@code "Bearer " + token}, the Authorization header's value. */
    public static String bearer(String token) {
        return "Bearer " + token;
    }

    /** Not a JWT at all (two parts, neither JSON). */
    public static String malformed() {
        return "this-is.not-a-jwt";
    }

    /**
     * The configuration an app needs to verify these tokens locally, without an identity provider:
     * {@code quarkus.oidc.public-key} (the realm's public key, base64 DER), {@code quarkus.oidc.token.issuer} and
     * {@code quarkus.oidc.token.audience}.
     */
    public static Map<String, String> oidcConfig() {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("quarkus.oidc.public-key", publicKeyBase64());
        config.put("quarkus.oidc.token.issuer", ISSUER);
        config.put("quarkus.oidc.token.audience", AUDIENCE);
        return config;
    }

    /** The realm's public key, base64 of its DER (SubjectPublicKeyInfo), as {@code quarkus.oidc.public-key} takes it. */
    public static String publicKeyBase64() {
        return pemBody(resource("dev-realm-public.pem"));
    }

    /** A token being built; {@link #mint()} signs it. */
    public static final class Builder {
        private final String account;
        private final List<String> roles = new ArrayList<>();
        private boolean rolesClaim = true;
        private String issuer = ISSUER;
        private String audience = AUDIENCE;
        private Instant issuedAt = Instant.now();
        private Duration lifetime = Duration.ofMinutes(5);
        private boolean foreign;

        private Builder(String account) {
            this.account = account;
        }

        public Builder roles(String... names) {
            roles.addAll(List.of(names));
            return this;
        }

        /** No {@code realm_access} claim at all (a token of a client without Torneo's roles). */
        public Builder withoutRoleClaim() {
            rolesClaim = false;
            return this;
        }

        public Builder issuer(String value) {
            issuer = value;
            return this;
        }

        public Builder audience(String value) {
            audience = value;
            return this;
        }

        /** Issued an hour ago with a five-minute lifetime: expired for 55 minutes (well past any clock skew). */
        public Builder expired() {
            issuedAt = Instant.now().minus(Duration.ofHours(1));
            lifetime = Duration.ofMinutes(5);
            return this;
        }

        /** Signed with {@code dev-foreign-private.pem} instead of the realm's key (same header, wrong signature). */
        public Builder signedWithForeignKey() {
            foreign = true;
            return this;
        }

        public String mint() {
            Map<String, Object> header = new LinkedHashMap<>();
            header.put("alg", "RS256");
            header.put("typ", "JWT");
            header.put("kid", KEY_ID);
            Map<String, Object> claims = new LinkedHashMap<>();
            long iat = issuedAt.getEpochSecond();
            claims.put("exp", iat + lifetime.toSeconds());
            claims.put("iat", iat);
            claims.put("jti", UUID.randomUUID().toString());
            claims.put("iss", issuer);
            claims.put("aud", audience);
            claims.put("sub", UUID.nameUUIDFromBytes(account.getBytes(StandardCharsets.UTF_8)).toString());
            claims.put("typ", "Bearer");
            claims.put("azp", "torneo-tests");
            claims.put("preferred_username", account);
            if (rolesClaim) {
                claims.put("realm_access", Map.of("roles", List.copyOf(roles)));
            }
            String signingInput = base64Url(Json.write(header)) + "." + base64Url(Json.write(claims));
            try {
                Signature rsa = Signature.getInstance("SHA256withRSA");
                rsa.initSign(foreign ? foreignKey() : realmKey());
                rsa.update(signingInput.getBytes(StandardCharsets.US_ASCII));
                return signingInput + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(rsa.sign());
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("cannot sign a test token: " + e.getMessage(), e);
            }
        }
    }

    private static PrivateKey realmKey() {
        if (realmKey == null) {
            realmKey = privateKey("dev-realm-private.pem");
        }
        return realmKey;
    }

    private static PrivateKey foreignKey() {
        if (foreignKey == null) {
            foreignKey = privateKey("dev-foreign-private.pem");
        }
        return foreignKey;
    }

    private static PrivateKey privateKey(String name) {
        try {
            byte[] der = Base64.getDecoder().decode(pemBody(resource(name)));
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(name + " is not a PKCS#8 RSA private key: " + e.getMessage(), e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = Tokens.class.getResourceAsStream(KEYS + name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + KEYS + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + KEYS + name + ": " + e.getMessage(), e);
        }
    }

    private static String pemBody(String pem) {
        return pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
    }

    private static String base64Url(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    /** Just enough JSON for the claims above (strings, numbers, lists and maps of them). */
    private static final class Json {
        static String write(Object value) {
            StringBuilder out = new StringBuilder();
            append(out, value);
            return out.toString();
        }

        private static void append(StringBuilder out, Object value) {
            switch (value) {
                case String s -> {
                    out.append('"');
                    for (char c : s.toCharArray()) {
                        switch (c) {
                            case '"' -> out.append("\\\"");
                            case '\\' -> out.append("\\\\");
                            default -> {
                                if (c < 0x20) {
                                    out.append(String.format("\\u%04x", (int) c));
                                } else {
                                    out.append(c);
                                }
                            }
                        }
                    }
                    out.append('"');
                }
                case Number n -> out.append(n);
                case Boolean b -> out.append(b);
                case Map<?, ?> map -> {
                    out.append('{');
                    boolean first = true;
                    for (Map.Entry<?, ?> e : map.entrySet()) {
                        out.append(first ? "" : ",");
                        first = false;
                        append(out, String.valueOf(e.getKey()));
                        out.append(':');
                        append(out, e.getValue());
                    }
                    out.append('}');
                }
                case List<?> list -> {
                    out.append('[');
                    for (int i = 0; i < list.size(); i++) {
                        out.append(i == 0 ? "" : ",");
                        append(out, list.get(i));
                    }
                    out.append(']');
                }
                default -> throw new IllegalArgumentException("not JSON: " + value.getClass());
            }
        }
    }
}
