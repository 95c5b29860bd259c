package org.torneo.platform.edge.auth;

import java.util.Map;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import io.quarkus.oidc.OIDCException;

/**
 * The identity provider cannot be reached to verify a token (its keys unknown yet): 503 with the reason, so the
 * caller knows to try again, never a 500. One mapper for every app (each brings quarkus-oidc).
 */
@Provider
public class IdentityProviderUnavailable implements ExceptionMapper<OIDCException> {

    @Override
    public Response toResponse(OIDCException e) {
        return Response.status(Response.Status.SERVICE_UNAVAILABLE).type(MediaType.APPLICATION_JSON)
                .entity(Map.of("error", "the identity provider cannot be reached to verify the token ("
                        + e.getMessage() + "); try again")).build();
    }
}
