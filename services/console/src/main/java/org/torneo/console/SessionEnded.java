package org.torneo.console;

import java.util.Map;

import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticator;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.Cookie;
import io.vertx.ext.web.RoutingContext;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.torneo.platform.edge.auth.Refusal;

/**
 * A session the identity provider has ended (signed out elsewhere, ended by an administrator, its refresh token no
 * longer valid): quarkus-oidc's refresh of the expired tokens fails with an {@link AuthenticationFailedException}. With
 * {@code quarkus.http.auth.proactive=false} that failure reaches the JAX-RS exception mappers, where the platform's
 * mapper (written for the services' bearer tokens) answered the JSON 401 and the browser was left on it. Here a
 * browser's page request ({@code Accept: text/html}, not an htmx call) gets the code flow's own challenge, the redirect
 * to the provider's sign-in (with its state cookie, so the user returns to the page he asked for); any other call (the
 * scoresheet's script, an API client, htmx) keeps a 401 saying why. Either way the dead session's cookies are dropped,
 * so the next request is a signed-out visitor's and not another failed refresh.
 */
public class SessionEnded {

    /** quarkus-oidc's session cookie and its parts (the split access and refresh tokens, chunks of a long one). */
    static final String SESSION_COOKIE = "q_session";

    /** Before the platform's mapper of the same exception (a lower priority number wins). */
    @ServerExceptionMapper(value = AuthenticationFailedException.class, priority = Priorities.AUTHENTICATION)
    public Uni<Response> signInAgain(RoutingContext request) {
        HttpAuthenticator authenticator = request.get(HttpAuthenticator.class.getName());
        if (!pageRequest(request.request().getHeader(HttpHeaders.ACCEPT), request.request().getHeader("HX-Request"))
                || authenticator == null) {
            return Uni.createFrom().item(refused(request));
        }
        return authenticator.getChallenge(request).map(challenge -> challenge == null ? refused(request)
                : challenge(request, challenge)).onFailure().recoverWithItem(() -> refused(request));
    }

    /** A browser asking for a page: it names HTML among what it accepts, and it is not an htmx call. */
    static boolean pageRequest(String accept, String htmx) {
        return accept != null && (accept.contains("text/html") || accept.contains("application/xhtml+xml"))
                && (htmx == null || htmx.isBlank());
    }

    private static Response challenge(RoutingContext request, ChallengeData challenge) {
        Response.ResponseBuilder answer = Response.status(challenge.status);
        for (Map.Entry<CharSequence, String> header : challenge.getHeaders().entrySet()) {
            answer.header(header.getKey().toString(), header.getValue());
        }
        return dropSession(request, answer).build();
    }

    private static Response refused(RoutingContext request) {
        Response refusal = Refusal.unauthorized("the session has ended at the identity provider (signed out, or its"
                + " refresh token is no longer valid): sign in again");
        return dropSession(request, Response.fromResponse(refusal)).build();
    }

    private static Response.ResponseBuilder dropSession(RoutingContext request, Response.ResponseBuilder answer) {
        for (Cookie cookie : request.request().cookies()) {
            if (cookie.getName().startsWith(SESSION_COOKIE)) {
                answer.cookie(new NewCookie.Builder(cookie.getName()).value("").path("/").maxAge(0).build());
            }
        }
        return answer;
    }
}
