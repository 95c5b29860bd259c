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

/** The game service's routes the console uses, with the signed-in user's access token (see {@link PairingApi}). */
@RegisterRestClient(configKey = "game")
@RegisterProvider(SignedInToken.class)
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public interface GameApi {

    @GET
    @Path("games")
    Response games(@QueryParam("tournament") String tournament, @QueryParam("round") int round,
                   @QueryParam("hall") String hall, @QueryParam("limit") int limit, @QueryParam("after") String after);

    @GET
    @Path("commands/{id}")
    Response command(@PathParam("id") String commandId);

    @POST
    @Path("games/{id}/rulings")
    @Consumes(MediaType.APPLICATION_JSON)
    Response ruling(@PathParam("id") String gameId, JsonNode body);

    @GET
    @Path("games/{id}")
    Response game(@PathParam("id") String gameId);

    @GET
    @Path("games/{id}/moves")
    Response moves(@PathParam("id") String gameId);

    /** The arbiters' file of the game (claims with their evidence, rulings, refusals): the hall's arbiters only. */
    @GET
    @Path("games/{id}/incidents")
    Response incidents(@PathParam("id") String gameId, @QueryParam("limit") int limit);

    @POST
    @Path("games/{id}/claims")
    @Consumes(MediaType.APPLICATION_JSON)
    Response claim(@PathParam("id") String gameId, JsonNode body);

    @POST
    @Path("games/{id}/claims/postpone")
    @Consumes(MediaType.APPLICATION_JSON)
    Response postpone(@PathParam("id") String gameId, JsonNode body);

    /** Any game command by type and payload (game.ReportIllegalMove, game.CorrectResult, ...). */
    @POST
    @Path("games/{id}/commands")
    @Consumes(MediaType.APPLICATION_JSON)
    Response send(@PathParam("id") String gameId, JsonNode body);

    /**
     * The same under the client's own command id (the electronic scoresheet's, made on the device): the game service
     * decides a command id once, so a command sent again after a lost answer is not decided twice.
     */
    @POST
    @Path("games/{id}/commands")
    @Consumes(MediaType.APPLICATION_JSON)
    Response command(@PathParam("id") String gameId, @jakarta.ws.rs.HeaderParam("Torneo-Command-Id") String commandId,
                     JsonNode body);
}
