package org.torneo.console;

import com.fasterxml.jackson.databind.JsonNode;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * The pairing service's routes the console uses (README "Routes and roles"), called with the signed-in user's access
 * token ({@link SignedInToken}; none for a signed-out visitor, whose pages read the public routes): the service decides
 * whether his account may. Answers are returned as they are (4xx included) to be shown.
 */
@RegisterRestClient(configKey = "pairing")
@RegisterProvider(SignedInToken.class)
@Path("/tournaments")
@Produces(MediaType.APPLICATION_JSON)
public interface PairingApi {

    @GET
    Response tournaments(@QueryParam("limit") int limit);

    @GET
    @Path("/{id}")
    Response tournament(@PathParam("id") String id);

    @GET
    @Path("/{id}/players")
    Response players(@PathParam("id") String id);

    @GET
    @Path("/{id}/rounds/{round}")
    Response round(@PathParam("id") String id, @PathParam("round") int round);

    @GET
    @Path("/{id}/trf")
    @Produces(MediaType.TEXT_PLAIN)
    Response trf(@PathParam("id") String id);

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    Response create(JsonNode body);

    @POST
    @Path("/import")
    @Consumes(MediaType.TEXT_PLAIN)
    Response importTrf(@QueryParam("tournamentId") String tournamentId, @QueryParam("system") String system, String trf);

    @POST
    @Path("/{id}/players")
    @Consumes(MediaType.APPLICATION_JSON)
    Response register(@PathParam("id") String id, JsonNode body);

    @POST
    @Path("/{id}/broadcast-delay")
    @Consumes(MediaType.APPLICATION_JSON)
    Response broadcastDelay(@PathParam("id") String id, JsonNode body);

    @POST
    @Path("/{id}/players/{playerId}/account")
    @Consumes(MediaType.APPLICATION_JSON)
    Response link(@PathParam("id") String id, @PathParam("playerId") String playerId, JsonNode body);

    @POST
    @Path("/{id}/byes")
    @Consumes(MediaType.APPLICATION_JSON)
    Response requestBye(@PathParam("id") String id, JsonNode body);

    @POST
    @Path("/{id}/players/{playerId}/withdraw")
    @Consumes(MediaType.APPLICATION_JSON)
    Response withdraw(@PathParam("id") String id, @PathParam("playerId") String playerId, JsonNode body);

    @POST
    @Path("/{id}/players/{playerId}/check-in")
    @Consumes(MediaType.APPLICATION_JSON)
    Response checkIn(@PathParam("id") String id, @PathParam("playerId") String playerId, JsonNode body);

    @POST
    @Path("/{id}/players/{playerId}/check-in/cancel")
    @Consumes(MediaType.APPLICATION_JSON)
    Response cancelCheckIn(@PathParam("id") String id, @PathParam("playerId") String playerId, JsonNode body);

    @POST
    @Path("/{id}/arbiters")
    @Consumes(MediaType.APPLICATION_JSON)
    Response appoint(@PathParam("id") String id, JsonNode body);

    @POST
    @Path("/{id}/rounds/next")
    @Consumes(MediaType.APPLICATION_JSON)
    Response pairNext(@PathParam("id") String id, JsonNode body);

    @POST
    @Path("/{id}/forbidden-pairs")
    @Consumes(MediaType.APPLICATION_JSON)
    Response forbid(@PathParam("id") String id, JsonNode body);

    @POST
    @Path("/{id}/forbidden-pairs/allow")
    @Consumes(MediaType.APPLICATION_JSON)
    Response allow(@PathParam("id") String id, JsonNode body);

    @POST
    @Path("/{id}/rounds/{round}/changes")
    @Consumes(MediaType.APPLICATION_JSON)
    Response changeByHand(@PathParam("id") String id, @PathParam("round") int round, JsonNode body);

    @POST
    @Path("/{id}/rounds/{round}/close")
    @Consumes(MediaType.APPLICATION_JSON)
    Response close(@PathParam("id") String id, @PathParam("round") int round, JsonNode body);
}
