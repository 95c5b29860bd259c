package org.torneo.console;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;

import io.quarkus.arc.Arc;
import io.quarkus.arc.ArcContainer;
import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.security.identity.SecurityIdentity;

/**
 * The bearer token of the console's calls to the services ({@link PairingApi}, {@link GameApi}): the signed-in user's
 * own access token, and none for a signed-out visitor. The services' reads are public (README "Routes and roles"), so
 * a visitor's page is read without a token; quarkus' {@code @AccessToken} filter instead answered a call without a
 * token with a 401 of its own, never asking the service, and the visitor's event, tournament and round pages were the
 * console's 502. A guarded service route called without a token answers its own 401; the console's guarded pages
 * send a signed-out visitor to sign in before any call. A session whose tokens have expired is refreshed by quarkus-oidc
 * before the page runs ({@code quarkus.oidc.token.refresh-expired}, {@code refresh-token-time-skew}), so the token sent
 * here is one the session has just checked; a session the provider has ended fails that refresh and never gets here
 * ({@link SessionEnded} sends the browser to sign in again).
 */
@Priority(Priorities.AUTHENTICATION)
public class SignedInToken implements ClientRequestFilter {

    @Override
    public void filter(ClientRequestContext request) {
        String token = accessToken();
        if (token != null) {
            request.getHeaders().putSingle(HttpHeaders.AUTHORIZATION, "Bearer " + token);
        }
    }

    /** The access token of the request's signed-in user, or null (signed out, or a call outside a request). */
    static String accessToken() {
        ArcContainer container = Arc.container();
        if (container == null || !container.requestContext().isActive()) {
            return null;
        }
        SecurityIdentity identity = container.instance(SecurityIdentity.class).get();
        if (identity == null || identity.isAnonymous()) {
            return null;
        }
        AccessTokenCredential credential = identity.getCredential(AccessTokenCredential.class);
        return credential == null || credential.getToken() == null || credential.getToken().isBlank() ? null
                : credential.getToken();
    }
}
