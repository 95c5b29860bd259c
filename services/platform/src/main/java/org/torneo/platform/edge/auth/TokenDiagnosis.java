package org.torneo.platform.edge.auth;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Why a bearer token was refused, in words: quarkus-oidc answers a bad token with a bare 401, so the edge reads the
 * refused token again (without trusting it) to say which of the checks it fails: no token, not a bearer token,
 * malformed, not RS256, expired, another issuer, another audience, or (all else being right) a signature the realm's
 * key does not verify. The first failing check in that order is named.
 */
public final class TokenDiagnosis {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TokenDiagnosis() {
    }

    /**
     * @param authorization the request's Authorization header (null when absent)
     * @param issuer        the issuer this service trusts (null: not configured here, not checked)
     * @param audience      the audience this service requires (null: not checked)
     * @param now           the time the request was refused
     */
    public static String explain(String authorization, String issuer, String audience, Instant now) {
        if (authorization == null || authorization.isBlank()) {
            return "no bearer token: send 'Authorization: Bearer <access token>' (a token of the Torneo realm)";
        }
        String[] scheme = authorization.trim().split("\\s+", 2);
        if (!scheme[0].equalsIgnoreCase("Bearer") || scheme.length < 2) {
            return "the Authorization header is not a bearer token ('" + scheme[0] + " ...'): send 'Bearer <access token>'";
        }
        String token = scheme[1].trim();
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3) {
            return "malformed token: a JWT has 3 dot-separated parts, this one has " + parts.length;
        }
        JsonNode header;
        JsonNode claims;
        try {
            header = json(parts[0]);
        } catch (RuntimeException e) {
            return "malformed token: its header (part 1) is not base64url JSON";
        }
        try {
            claims = json(parts[1]);
        } catch (RuntimeException e) {
            return "malformed token: its claims (part 2) are not base64url JSON";
        }
        String alg = header.path("alg").asText("");
        if (!alg.equals("RS256")) {
            return "token signed with alg '" + alg + "': this service accepts RS256 only";
        }
        if (!claims.path("exp").isNumber()) {
            return "malformed token: no 'exp' (expiry) claim";
        }
        Instant expiry = Instant.ofEpochSecond(claims.get("exp").asLong());
        if (!expiry.isAfter(now)) {
            return "token expired at " + expiry + " (" + (now.getEpochSecond() - expiry.getEpochSecond())
                    + " s ago): sign in again";
        }
        String iss = claims.path("iss").asText(null);
        if (issuer != null && !issuer.equals(iss)) {
            return "token of another issuer: '" + iss + "'; this service trusts '" + issuer + "'";
        }
        if (audience != null && !hasAudience(claims.path("aud"), audience)) {
            return "token not meant for this service: aud " + claims.path("aud") + ", '" + audience + "' required";
        }
        return "token signature does not verify with the realm's key (signed by another key, or altered)";
    }

    private static boolean hasAudience(JsonNode aud, String audience) {
        if (aud.isTextual()) {
            return aud.asText().equals(audience);
        }
        if (aud.isArray()) {
            for (JsonNode one : aud) {
                if (one.asText().equals(audience)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static JsonNode json(String part) {
        byte[] bytes = Base64.getUrlDecoder().decode(part);
        try {
            JsonNode node = JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("not a JSON object");
            }
            return node;
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
