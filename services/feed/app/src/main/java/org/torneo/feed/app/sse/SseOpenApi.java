package org.torneo.feed.app.sse;

import java.util.List;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.torneo.platform.edge.auth.RouteRules;
import org.torneo.platform.openapi.RolesInOpenApi;

import io.quarkus.arc.Unremovable;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import jakarta.inject.Singleton;

/**
 * The SSE stream in the feed's OpenAPI document: {@link SseRoutes} is a Vert.x route (it writes each event as it comes,
 * with back-pressure per subscriber), which SmallRye OpenAPI does not scan, so it is described here, public like
 * the rest of the feed (README "Routes and roles").
 */
@Singleton
@Unremovable
@OpenApiFilter(stages = OpenApiFilter.RunStage.RUNTIME_STARTUP)
public class SseOpenApi implements OASFilter {

    public static final String PATH = "/api/tournaments/{tournament}/events";

    @Override
    public void filterOpenAPI(OpenAPI openApi) {
        if (openApi.getPaths() == null) {
            openApi.setPaths(OASFactory.createPaths());
        }
        Operation get = OASFactory.createOperation()
                .operationId("tournamentEvents")
                .summary("Server-Sent Events of one tournament, live")
                .description("Each event: id = the tournament's feed event id, event = pairings | move | clock | claim |"
                        + " result | standings | ..., data = JSON, the same as the log's entries"
                        + " (GET /api/tournaments/{tournament}/log). Resumes after Last-Event-ID (browsers send it on"
                        + " reconnect) or lastEventId. A comment line every 15 s keeps proxies open; a subscriber that"
                        + " does not read is disconnected.")
                .tags(List.of("feed"))
                .parameters(List.of(
                        parameter("tournament", Parameter.In.PATH, "the tournament's id", true, Schema.SchemaType.STRING),
                        parameter("round", Parameter.In.QUERY, "only this round's events", false, Schema.SchemaType.INTEGER),
                        parameter("hall", Parameter.In.QUERY, "only the events of this hall's boards", false,
                                Schema.SchemaType.STRING),
                        parameter("board", Parameter.In.QUERY, "only this board's events", false, Schema.SchemaType.INTEGER),
                        parameter("lastEventId", Parameter.In.QUERY, "resume after this feed event id", false,
                                Schema.SchemaType.INTEGER),
                        parameter("Last-Event-ID", Parameter.In.HEADER, "resume after this feed event id (wins over "
                                + "lastEventId)", false, Schema.SchemaType.INTEGER)))
                .responses(OASFactory.createAPIResponses()
                        .addAPIResponse("200", OASFactory.createAPIResponse()
                                .description("the stream: text/event-stream, open until the client leaves")
                                .content(OASFactory.createContent().addMediaType("text/event-stream",
                                        OASFactory.createMediaType().schema(OASFactory.createSchema()
                                                .addType(Schema.SchemaType.STRING)))))
                        .addAPIResponse("400", error("a filter or an event id that is not one (the parameter named)"))
                        .addAPIResponse("404", error("no such tournament"))
                        .addAPIResponse("503", error("too many subscribers (torneo.feed.max-subscribers, "
                                + "torneo.feed.max-subscribers-per-tournament): try again after Retry-After seconds")
                                .addHeader("Retry-After", OASFactory.createHeader().description("seconds to wait")
                                        .schema(OASFactory.createSchema().addType(Schema.SchemaType.INTEGER)))));
        RolesInOpenApi.describe(get, new RouteRules.Route("GET", PATH, true, List.of()));
        openApi.getPaths().addPathItem(PATH, OASFactory.createPathItem().GET(get));
    }

    private static Parameter parameter(String name, Parameter.In in, String description, boolean required,
                                       Schema.SchemaType type) {
        return OASFactory.createParameter().name(name).in(in).description(description).required(required)
                .schema(OASFactory.createSchema().addType(type));
    }

    private static APIResponse error(String description) {
        return OASFactory.createAPIResponse().description(description)
                .content(OASFactory.createContent().addMediaType("application/json", OASFactory.createMediaType()
                        .schema(OASFactory.createSchema().addType(Schema.SchemaType.OBJECT)
                                .addProperty("error", OASFactory.createSchema().addType(Schema.SchemaType.STRING))
                                .addProperty("parameter", OASFactory.createSchema().addType(Schema.SchemaType.STRING)))));
    }
}
