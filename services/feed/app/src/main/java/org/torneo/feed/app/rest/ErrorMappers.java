package org.torneo.feed.app.rest;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.torneo.feed.core.FeedFilter;
import org.torneo.feed.core.FeedModel;

import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Bad filters and unknown ids become 400 / 404 with a JSON message, never a stack trace. */
public class ErrorMappers {

    @ServerExceptionMapper
    public Response badRequest(FeedFilter.BadRequest e) {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("error", e.getMessage());
        body.put("parameter", e.parameter());
        return Response.status(400).type(MediaType.APPLICATION_JSON).entity(body).build();
    }

    @ServerExceptionMapper
    public Response notFound(FeedModel.NotFound e) {
        return Response.status(404).type(MediaType.APPLICATION_JSON).entity(Map.of("error", e.getMessage())).build();
    }

    @ServerExceptionMapper
    public Response noRoute(NotFoundException e) {
        return Response.status(404).type(MediaType.APPLICATION_JSON)
                .entity(Map.of("error", "no such resource; see /q/openapi")).build();
    }
}
