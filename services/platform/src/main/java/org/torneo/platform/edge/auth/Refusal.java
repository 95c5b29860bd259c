package org.torneo.platform.edge.auth;

import java.util.Map;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The edge's refusals as JSON bodies {@code {"error": "..."}} like every other error of the services: 401 when the
 * caller is not identified (no token, or a token that fails verification; with {@code WWW-Authenticate: Bearer}), 403
 * when the verified account may not do this (the reason names what is missing).
 */
public final class Refusal {

    private Refusal() {
    }

    public static Response unauthorized(String message) {
        String description = message.replace("\\", "\\\\").replace("\"", "'");
        return Response.status(Response.Status.UNAUTHORIZED).type(MediaType.APPLICATION_JSON)
                .header("WWW-Authenticate", "Bearer realm=\"torneo\", error=\"invalid_token\", error_description=\""
                        + description + "\"")
                .entity(Map.of("error", message)).build();
    }

    public static Response forbidden(String message) {
        return Response.status(Response.Status.FORBIDDEN).type(MediaType.APPLICATION_JSON)
                .entity(Map.of("error", message)).build();
    }

    public static WebApplicationException unauthorizedException(String message) {
        return new WebApplicationException(message, unauthorized(message));
    }

    public static WebApplicationException forbiddenException(String message) {
        return new WebApplicationException(message, forbidden(message));
    }

    public static WebApplicationException notFound(String message) {
        return new WebApplicationException(message, Response.status(Response.Status.NOT_FOUND)
                .type(MediaType.APPLICATION_JSON).entity(Map.of("error", message)).build());
    }
}
