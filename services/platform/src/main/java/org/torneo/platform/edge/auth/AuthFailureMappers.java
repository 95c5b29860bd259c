package org.torneo.platform.edge.auth;

import java.time.Instant;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import org.eclipse.microprofile.config.ConfigProvider;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.ext.web.RoutingContext;

/**
 * Turns the security layer's bare refusals into answers that say what was wrong (the apps run with
 * {@code quarkus.http.auth.proactive=false}, so a route's authentication fails inside JAX-RS where these mappers see
 * it): a token that fails verification gets 401 with {@link TokenDiagnosis}' reason; no token on a route that needs
 * one gets 401 "no bearer token"; a refusal by role gets 403.
 */
public final class AuthFailureMappers {

    private AuthFailureMappers() {
    }

    static String explain(RoutingContext request) {
        String header = request == null ? null : request.request().getHeader("Authorization");
        var config = ConfigProvider.getConfig();
        Optional<String> issuer = config.getOptionalValue("quarkus.oidc.token.issuer", String.class)
                .filter(i -> !i.equals("any"))
                .or(() -> config.getOptionalValue("quarkus.oidc.auth-server-url", String.class));
        Optional<String> audience = config.getOptionalValue("quarkus.oidc.token.audience", String.class);
        return TokenDiagnosis.explain(header, issuer.orElse(null), audience.orElse(null), Instant.now());
    }

    /** A token that failed verification (or no token where one is needed). */
    @Provider
    public static final class AuthenticationFailed implements ExceptionMapper<AuthenticationFailedException> {
        @Inject
        RoutingContext request;

        @Override
        public Response toResponse(AuthenticationFailedException e) {
            return Refusal.unauthorized(explain(request));
        }
    }

    /** No identity on a route that needs one. */
    @Provider
    public static final class Unauthorized implements ExceptionMapper<UnauthorizedException> {
        @Inject
        RoutingContext request;

        @Override
        public Response toResponse(UnauthorizedException e) {
            return Refusal.unauthorized(explain(request));
        }
    }

    /** A role check of the security layer (the edges check roles themselves; this is the fallback). */
    @Provider
    public static final class Forbidden implements ExceptionMapper<ForbiddenException> {
        @Override
        public Response toResponse(ForbiddenException e) {
            return Refusal.forbidden("forbidden: " + (e.getMessage() == null ? "the account may not do this"
                    : e.getMessage()));
        }
    }
}
