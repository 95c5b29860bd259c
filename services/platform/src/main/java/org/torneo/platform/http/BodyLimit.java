package org.torneo.platform.http;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * Every app's request bodies are bounded by {@code quarkus.http.limits.max-body-size} (set in each app's
 * application.properties). Quarkus answers a body over it with a bare 413; this route, just before Quarkus' own
 * check, answers a request that declares a larger Content-Length with 413 and a JSON message that says the limit
 * and the key that sets it. A chunked body (no Content-Length) can only be refused once it has grown past the limit:
 * {@link ChunkedBodyLimit} counts what the JSON reader takes and answers it the same way. Quarkus checks such a body
 * too (in the stream the reader reads, with a bare 413), against the size its own route puts on the request; a route
 * after it moves that to twice the limit, so that the exact check with the message answers first and Quarkus' stays a
 * backstop for anything that reads a body outside JAX-RS.
 */
@ApplicationScoped
public class BodyLimit {

    /** The same key Quarkus enforces; the default here is Quarkus' own (10240K) for an app that sets none. */
    @ConfigProperty(name = "quarkus.http.limits.max-body-size", defaultValue = "10240K")
    MemorySize maxBodySize;

    void routes(@Observes Router router) {
        // Quarkus' own check is at order -2: this one runs first
        router.route().order(-3).handler(this::check);
        // after Quarkus' check (-2), which puts its limit on a request without Content-Length for the body stream
        router.route().order(-1).handler(this::backstop);
    }

    /** Quarkus' key for the size its body stream allows (VertxHttpRecorder.MAX_REQUEST_SIZE_KEY). */
    static final String QUARKUS_MAX_REQUEST_SIZE = "io.quarkus.max-request-size";

    private void backstop(RoutingContext rc) {
        if (rc.get(QUARKUS_MAX_REQUEST_SIZE) instanceof Long) {
            rc.put(QUARKUS_MAX_REQUEST_SIZE, Math.multiplyExact(maxBodySize.asLongValue(), 2L));
        }
        rc.next();
    }

    private void check(RoutingContext rc) {
        String declared = rc.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        long limit = maxBodySize.asLongValue();
        if (declared != null) {
            long length;
            try {
                length = Long.parseLong(declared.strip());
            } catch (NumberFormatException e) {
                refuse(rc, 400, "Content-Length: '" + declared + "' is not a number of bytes");
                return;
            }
            if (length > limit) {
                refuse(rc, 413, "the request body has " + length + " bytes, more than the " + limit
                        + " bytes quarkus.http.limits.max-body-size allows");
                return;
            }
        }
        rc.next();
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();

    private static void refuse(RoutingContext rc, int status, String message) {
        String body;
        try {
            body = JSON.writeValueAsString(java.util.Map.of("error", message)); // every answer's {"error": ...}
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            body = "{}"; // a map of one string always writes
        }
        rc.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json").end(body);
    }
}
