package org.torneo.platform.rest;

import java.util.Map;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * A request body the services' JSON reader refuses is a 400 that says what was wrong and where (line and column, the
 * field's path), in every launch mode: Quarkus answers a malformed body, or one past Jackson's size limits, with a
 * bare 400 and gives the reason of a mistyped field only in dev and test mode. Body {@code {"error": "..."}}, the
 * shape the services' own 400s have.
 */
public class JsonBodyErrors {

    /** A mistyped or missing field (Quarkus rethrows these as they are). */
    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e) {
        return badRequest(reason(e));
    }

    /** Malformed JSON, a value no record accepts, a body past a size limit: wrapped by Quarkus without a message. */
    @ServerExceptionMapper
    public Response unreadableBody(WebApplicationException e) {
        Response response = e.getResponse();
        if (response != null && response.hasEntity()) {
            return response; // the services' own errors carry their message
        }
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof JacksonException jackson) {
                return badRequest(reason(jackson));
            }
        }
        return response != null ? response : Response.status(Response.Status.INTERNAL_SERVER_ERROR).build();
    }

    private static String reason(JacksonException e) {
        StringBuilder text = new StringBuilder(e instanceof StreamConstraintsException
                ? "request body exceeds a size limit" : "unreadable request body");
        if (e instanceof JsonMappingException databind && !databind.getPath().isEmpty()) {
            text.append(" at ");
            StringBuilder path = new StringBuilder();
            for (var ref : databind.getPath()) {
                if (ref.getFieldName() != null) {
                    path.append(path.isEmpty() ? "" : ".").append(ref.getFieldName());
                } else {
                    path.append('[').append(ref.getIndex()).append(']');
                }
            }
            text.append(path.isEmpty() ? "the top" : path);
        }
        JsonLocation location = e.getLocation();
        if (location != null && location.getLineNr() > 0) {
            text.append(" (line ").append(location.getLineNr()).append(", column ").append(location.getColumnNr())
                    .append(')');
        }
        String original = e.getOriginalMessage();
        if (original != null) {
            // Jackson's first line says what; the rest is a dump of the source
            int end = original.indexOf('\n');
            text.append(": ").append(end < 0 ? original : original.substring(0, end));
        }
        return text.toString();
    }

    private static Response badRequest(String message) {
        return Response.status(Response.Status.BAD_REQUEST).type(MediaType.APPLICATION_JSON)
                .entity(Map.of("error", message)).build();
    }
}
