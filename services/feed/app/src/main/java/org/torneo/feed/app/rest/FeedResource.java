package org.torneo.feed.app.rest;

import java.util.List;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.torneo.feed.core.FeedEvent;
import org.torneo.feed.core.FeedFilter;
import org.torneo.feed.core.FeedModel;
import org.torneo.feed.core.Pgn;
import org.torneo.feed.core.Views;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * REST JSON of the read model, and the PGN broadcast. The push stream of the same data is
 * GET /api/tournaments/{id}/events (Server-Sent Events, see sse.SseRoutes).
 */
@jakarta.annotation.security.PermitAll // public: spectators read it (README "Routes and roles")
@Path("/api")
@Tag(name = "feed", description = "Live tournament data: pairings, games, results, standings")
public class FeedResource {

    public static final String PGN = "text/x-chess-pgn";

    @Inject
    FeedModel model;

    @GET
    @Path("/tournaments")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "All tournaments the feed has seen")
    public List<Views.TournamentSummary> tournaments() {
        return model.tournaments();
    }

    @GET
    @Path("/stats")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Records applied and skipped (undecodable or not public), feed events per tournament")
    public Views.FeedStats stats() {
        return model.stats();
    }

    @GET
    @Path("/tournaments/{tournament}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "A tournament's overview")
    public Views.TournamentSummary tournament(@PathParam("tournament") String tournament) {
        return model.tournamentSummary(tournament);
    }

    @GET
    @Path("/tournaments/{tournament}/players")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Registered players")
    public List<Views.PlayerView> players(@PathParam("tournament") String tournament) {
        return model.players(tournament);
    }

    @GET
    @Path("/tournaments/{tournament}/players/{player}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "A player's card: round-by-round history and total")
    public Views.PlayerCard player(@PathParam("tournament") String tournament, @PathParam("player") String player) {
        return model.playerCard(tournament, player);
    }

    @GET
    @Path("/tournaments/{tournament}/rounds/{round}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "A round's pairings with halls, boards, colours and results; filters hall and board")
    public Views.RoundView round(@PathParam("tournament") String tournament, @PathParam("round") String round,
                                 @QueryParam("hall") String hall, @QueryParam("board") String board) {
        return model.round(tournament, roundNumber(round), FeedFilter.parse(null, hall, board));
    }

    @GET
    @Path("/tournaments/{tournament}/standings")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Standings with the tournament's tie-breaks (provisional points until the rating service publishes; during a "
            + "later round, live points: its last standings plus the results since, source \"live\")")
    public Views.StandingsView standings(@PathParam("tournament") String tournament) {
        return model.standings(tournament);
    }

    /** A page of {@code /log}: by default, and at most. */
    static final int LOG_PAGE = 1000;
    static final int LOG_PAGE_MAX = 5000;

    @GET
    @Path("/tournaments/{tournament}/log")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The feed events after an id (what the SSE stream sends), for clients that poll: a page of "
            + "at most `limit` events (default 1000, at most 5000); a full page has a Link rel=\"next\" header")
    public Response log(@PathParam("tournament") String tournament, @QueryParam("after") String after,
                        @QueryParam("round") String round, @QueryParam("hall") String hall,
                        @QueryParam("board") String board, @QueryParam("limit") String limitText,
                        @jakarta.ws.rs.core.Context jakarta.ws.rs.core.UriInfo uri) {
        Integer from = after == null ? null : after.equals("0") ? Integer.valueOf(0) : positiveOrZero(after);
        int limit = limit(limitText);
        List<FeedEvent> page = model.events(tournament, from == null ? 0 : from, FeedFilter.parse(round, hall, board),
                limit + 1);
        if (page.size() <= limit) {
            return Response.ok(page).build();
        }
        List<FeedEvent> first = List.copyOf(page.subList(0, limit));
        String next = uri.getRequestUriBuilder().replaceQueryParam("after", first.get(limit - 1).id())
                .replaceQueryParam("limit", limit).build().toString();
        return Response.ok(first).header("Link", "</" + uri.getBaseUri().relativize(java.net.URI.create(next))
                + ">; rel=\"next\"").build();
    }

    private static int limit(String text) {
        if (text == null || text.isBlank()) {
            return LOG_PAGE;
        }
        try {
            int limit = Integer.parseInt(text.strip());
            if (limit < 1 || limit > LOG_PAGE_MAX) {
                throw new FeedFilter.BadRequest("limit", limit + " is out of range: a page holds 1.." + LOG_PAGE_MAX
                        + " events");
            }
            return limit;
        } catch (NumberFormatException e) {
            throw new FeedFilter.BadRequest("limit", "'" + text + "' is not a whole number (1.." + LOG_PAGE_MAX + ")");
        }
    }

    @GET
    @Path("/games/{game}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "A game: players, moves with clock readings, current position and clocks, result")
    public Views.GameView game(@PathParam("game") String game) {
        return model.gameView(game);
    }

    @GET
    @Path("/games/{game}/pgn")
    @Produces(PGN)
    @Operation(summary = "One game in PGN with [%clk] comments")
    public Response gamePgn(@PathParam("game") String game) {
        return pgn(Pgn.game(model.gameView(game)));
    }

    @GET
    @Path("/tournaments/{tournament}/rounds/{round}/pgn")
    @Produces(PGN)
    @Operation(summary = "All games of a round in one PGN: the URL a lichess broadcast polls as its round source")
    public Response roundPgn(@PathParam("tournament") String tournament, @PathParam("round") String round) {
        return pgn(Pgn.games(model.roundGames(tournament, roundNumber(round))));
    }

    private static Response pgn(String text) {
        return Response.ok(text, PGN + "; charset=utf-8").header("Cache-Control", "no-cache").build();
    }

    private static int roundNumber(String text) {
        Integer round = FeedFilter.parse(text, null, null).round();
        if (round == null) {
            throw new FeedFilter.BadRequest("round", "missing");
        }
        return round;
    }

    private static Integer positiveOrZero(String text) {
        try {
            int value = Integer.parseInt(text.strip());
            if (value < 0) {
                throw new FeedFilter.BadRequest("after", "'" + text + "' must not be negative");
            }
            return value;
        } catch (NumberFormatException e) {
            throw new FeedFilter.BadRequest("after", "'" + text + "' is not a whole number");
        }
    }
}
