package org.torneo.pairing.app.anchor;

import java.util.List;

import jakarta.annotation.security.PermitAll;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The round anchors of a tournament (issue 17), for the arbiter to print or save and give to
 * {@code torneo audit --anchor FILE}: {@code GET /tournaments/{id}/anchors} lists the anchored rounds,
 * {@code GET /tournaments/{id}/anchors/{round}} is the signed checkpoint itself (text/plain, a C2SP signed note).
 */
@PermitAll // public: anyone may check a log (README "Routes and roles")
@Path("/tournaments/{id}/anchors")
public class AnchorResource {

    @Inject
    RoundAnchors anchors;

    public record AnchoredRounds(String tournamentId, List<Integer> rounds) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public AnchoredRounds rounds(@PathParam("id") String id) {
        return new AnchoredRounds(id, anchors.rounds(id));
    }

    @GET
    @Path("/{round}")
    @Produces(MediaType.TEXT_PLAIN)
    public Response anchor(@PathParam("id") String id, @PathParam("round") int round) {
        return anchors.anchor(id, round).map(note -> Response.ok(note).build())
                .orElseGet(() -> Response.status(Response.Status.NOT_FOUND)
                        .entity("no anchor for round " + round + " of " + id + " (anchored rounds: "
                                + anchors.rounds(id) + ")\n").build());
    }
}
