package org.torneo.pairing.app.rest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import org.hibernate.reactive.mutiny.Mutiny;
import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.pairing.app.PairingApp;
import org.torneo.pairing.app.edge.CommandPublisher;
import org.torneo.pairing.app.projection.BoardRow;
import org.torneo.pairing.app.projection.ByeRow;
import org.torneo.pairing.app.projection.PlayerRow;
import org.torneo.pairing.app.projection.TournamentRow;
import org.torneo.pairing.app.rest.TournamentRequests.ActorBody;
import org.torneo.pairing.tournament.TournamentTrf;
import org.torneo.pairing.app.trf.TrfImport;
import org.torneo.pairing.tournament.TournamentState;
import org.torneo.platform.AggregateState;
import org.torneo.trf.TrfFormatException;
import org.torneo.trf.TrfWriter;

/**
 * Queries and the edge of the pairing service. Lists, players and rounds come from the PostgreSQL
 * projection; the TRF export is written from the recorded state. POST endpoints put a command on
 * torneo.tournament.commands and answer 202 with its id once the broker has it; the outcome (or the
 * rejection, tournament.CommandRejected with the reason) appears on torneo.tournament.
 */
@Path("/tournaments")
@Produces(MediaType.APPLICATION_JSON)
public class TournamentResource {

    @Inject
    PairingApp app;

    @Inject
    CommandPublisher publisher;

    @Inject
    Mutiny.SessionFactory sessions;

    public record Accepted(String commandId, String tournamentId, String command) {
    }

    public record Problem(String error) {
    }

    public record PlayerView(String playerId, String name, int rating, Integer pairingNumber, String score,
                             int joinsRound, boolean withdrawn) {
    }

    public record BoardView(int board, String white, String black, String result, Boolean played) {
    }

    public record ByeView(String playerId, String kind, String points) {
    }

    public record RoundView(String tournamentId, int round, boolean closed, Map<String, List<BoardView>> halls,
                            List<ByeView> byes) {
    }

    // ------------------------------------------------------------------------------------------ queries

    /** {@code GET /tournaments}: a page of tournaments, by default and at most. */
    static final int TOURNAMENTS_PAGE = 100;
    static final int TOURNAMENTS_PAGE_MAX = 1000;

    /**
     * The tournaments in id order, a page at a time: {@code after} is the id of the last tournament of the previous
     * page; a full page has a {@code Link: <...>; rel="next"} header with the next page's address.
     */
    @GET
    public Uni<Response> tournaments(@QueryParam("limit") String limitText, @QueryParam("after") String after,
                                     @jakarta.ws.rs.core.Context jakarta.ws.rs.core.UriInfo uri) {
        int limit;
        try {
            limit = limitText == null || limitText.isBlank() ? TOURNAMENTS_PAGE : Integer.parseInt(limitText.strip());
        } catch (NumberFormatException e) {
            return Uni.createFrom().item(problem(Response.Status.BAD_REQUEST, "limit: '" + limitText
                    + "' is not a whole number (1.." + TOURNAMENTS_PAGE_MAX + ")"));
        }
        if (limit < 1 || limit > TOURNAMENTS_PAGE_MAX) {
            return Uni.createFrom().item(problem(Response.Status.BAD_REQUEST, "limit: " + limit
                    + " is out of range: a page holds 1.." + TOURNAMENTS_PAGE_MAX + " tournaments"));
        }
        int size = limit;
        return sessions.withSession(s -> s.createSelectionQuery("from TournamentRow where tournamentId > :after "
                        + "order by tournamentId", TournamentRow.class).setParameter("after", after == null ? "" : after)
                .setMaxResults(size + 1).getResultList()).map(rows -> {
                    if (rows.size() <= size) {
                        return Response.ok(rows).build();
                    }
                    List<TournamentRow> page = List.copyOf(rows.subList(0, size));
                    String next = uri.getRequestUriBuilder().replaceQueryParam("after", page.get(size - 1).tournamentId)
                            .replaceQueryParam("limit", size).build().toString();
                    return Response.ok(page).header("Link", "</" + uri.getBaseUri().relativize(java.net.URI.create(next))
                            + ">; rel=\"next\"").build();
                });
    }

    @GET
    @Path("/{id}")
    public Uni<Response> tournament(@PathParam("id") String id) {
        return sessions.withSession(s -> s.find(TournamentRow.class, id)).map(row -> row == null ? notFound(id)
                : Response.ok(row).build());
    }

    @GET
    @Path("/{id}/players")
    public Uni<Response> players(@PathParam("id") String id) {
        return sessions.withSession(s -> s.find(TournamentRow.class, id).chain(t -> t == null ? Uni.createFrom().nullItem()
                : s.createSelectionQuery("from PlayerRow where tournamentId = :t order by pairingNumber nulls last, playerId",
                        PlayerRow.class).setParameter("t", id).getResultList()))
                .map(rows -> rows == null ? notFound(id) : Response.ok(rows.stream().map(p -> new PlayerView(p.playerId,
                        p.name, p.rating, p.pairingNumber, new Score(p.scoreHalves).toString(), p.joinsRound,
                        p.withdrawn)).toList()).build());
    }

    /** The pairings of one round grouped by hall (boards in board order), and the byes. */
    @GET
    @Path("/{id}/rounds/{round}")
    public Uni<Response> round(@PathParam("id") String id, @PathParam("round") int round) {
        return sessions.withSession(s -> s.createSelectionQuery(
                        "from BoardRow where tournamentId = :t and round = :r order by board", BoardRow.class)
                .setParameter("t", id).setParameter("r", round).getResultList()
                .chain(boards -> s.createSelectionQuery("from ByeRow where tournamentId = :t and round = :r order by playerId",
                                ByeRow.class).setParameter("t", id).setParameter("r", round).getResultList()
                        .chain(byes -> s.find(TournamentRow.class, id).map(t -> {
                            if (t == null || round < 1 || round > t.lastRound) {
                                return problem(Response.Status.NOT_FOUND, t == null ? "unknown tournament " + id
                                        : "round " + round + " of " + id + " has not been paired");
                            }
                            Map<String, List<BoardView>> halls = new LinkedHashMap<>();
                            for (BoardRow b : boards) {
                                halls.computeIfAbsent(b.hall == null ? "" : b.hall, h -> new ArrayList<>())
                                        .add(new BoardView(b.board, b.white, b.black, b.result, b.played));
                            }
                            List<ByeView> byeViews = byes.stream().map(b -> new ByeView(b.playerId, b.kind,
                                    new Score(b.pointsHalves).toString())).toList();
                            boolean closed = round < t.lastRound || t.lastRoundClosed;
                            return Response.ok(new RoundView(id, round, closed, halls, byeViews)).build();
                        }))));
    }

    /** The tournament as a TRF file (start numbers = pairing numbers; the PAB written U). */
    @GET
    @Path("/{id}/trf")
    @Produces(MediaType.TEXT_PLAIN)
    public Response trf(@PathParam("id") String id) {
        AggregateState<TournamentState> state = app.tournament(id);
        if (state == null || !state.state().created()) {
            return Response.status(Response.Status.NOT_FOUND).type(MediaType.TEXT_PLAIN)
                    .entity("unknown tournament " + id + "\n").build();
        }
        return Response.ok(TrfWriter.write(TournamentTrf.export(state.state()))).build();
    }

    // ------------------------------------------------------------------------------------------ commands

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    public Response create(TournamentRequests.Create body) {
        return send(() -> {
            require(body, "body");
            PairingSystemKind system = PairingSystemKind.fromWireName(require(body.system(), "system"));
            List<Hall> halls = new ArrayList<>();
            if (body.halls() != null) {
                body.halls().forEach(h -> halls.add(new Hall(h.name(), h.firstBoard(), h.lastBoard())));
            }
            return new TournamentCommand.CreateTournament(require(body.tournamentId(), "tournamentId"),
                    commandId(body.commandId()), actor(body.actor()), Instant.now(), require(body.name(), "name"), system,
                    body.rounds(), Scoring.classic(), body.rulesetId() == null ? "FIDE_2018" : body.rulesetId(), halls,
                    body.timeControl(), body.tieBreaks(), body.prizes());
        });
    }

    @POST
    @Path("/{id}/players")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    public Response register(@PathParam("id") String id, TournamentRequests.Register body) {
        return send(() -> {
            require(body, "body");
            return new TournamentCommand.RegisterPlayer(id, commandId(body.commandId()), actor(body.actor()),
                    Instant.now(), require(body.playerId(), "playerId"), require(body.name(), "name"), body.rating(),
                    body.joinsRound() == null ? 1 : body.joinsRound());
        });
    }

    @POST
    @Path("/{id}/players/{playerId}/withdraw")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    public Response withdraw(@PathParam("id") String id, @PathParam("playerId") String playerId,
                             TournamentRequests.Withdraw body) {
        return send(() -> {
            require(body, "body");
            return new TournamentCommand.WithdrawPlayer(id, commandId(body.commandId()), actor(body.actor()),
                    Instant.now(), playerId, body.reason() == null ? "" : body.reason());
        });
    }

    @POST
    @Path("/{id}/byes")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    public Response requestBye(@PathParam("id") String id, TournamentRequests.RequestBye body) {
        return send(() -> {
            require(body, "body");
            return new TournamentCommand.RequestBye(id, commandId(body.commandId()), actor(body.actor()), Instant.now(),
                    require(body.playerId(), "playerId"), body.round(), byeKind(require(body.kind(), "kind")));
        });
    }

    @POST
    @Path("/{id}/forbidden-pairs")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    public Response forbid(@PathParam("id") String id, TournamentRequests.Forbid body) {
        return send(() -> {
            require(body, "body");
            return new TournamentCommand.ForbidPairing(id, commandId(body.commandId()), actor(body.actor()),
                    Instant.now(), require(body.firstPlayerId(), "firstPlayerId"),
                    require(body.secondPlayerId(), "secondPlayerId"), body.reason() == null ? "" : body.reason());
        });
    }

    @POST
    @Path("/{id}/rounds/{round}/close")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    public Response closeRound(@PathParam("id") String id, @PathParam("round") int round, TournamentRequests.Plain body) {
        return send(() -> {
            require(body, "body");
            return new TournamentCommand.CloseRound(id, commandId(body.commandId()), actor(body.actor()), Instant.now(),
                    round);
        });
    }

    /** Pairs the next round; {@code seed} (optional) feeds the lots the system draws, and is recorded. */
    @POST
    @Path("/{id}/rounds/next")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    public Response pairNext(@PathParam("id") String id, TournamentRequests.PairNext body) {
        return send(() -> {
            require(body, "body");
            String commandId = commandId(body.commandId());
            long seed = body.seed() != null ? body.seed() : UUID.fromString(commandId).getMostSignificantBits();
            return new TournamentCommand.PairNextRound(id, commandId, actor(body.actor()), Instant.now(), seed);
        });
    }

    /** An arbiter's correction of a published round that has no result yet (who and why are kept). */
    @POST
    @Path("/{id}/rounds/{round}/correction")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    public Response correct(@PathParam("id") String id, @PathParam("round") int round, TournamentRequests.Correct body) {
        return send(() -> {
            require(body, "body");
            List<Board> boards = new ArrayList<>();
            if (body.boards() != null) {
                body.boards().forEach(b -> boards.add(new Board(b.number(), b.hall() == null ? "" : b.hall(),
                        require(b.white(), "boards[].white"), require(b.black(), "boards[].black"))));
            }
            List<Bye> byes = new ArrayList<>();
            if (body.byes() != null) {
                body.byes().forEach(b -> byes.add(new Bye(require(b.playerId(), "byes[].playerId"),
                        byeKind(require(b.kind(), "byes[].kind")), Score.parse(require(b.points(), "byes[].points")))));
            }
            return new TournamentCommand.CorrectPairing(id, commandId(body.commandId()), actor(body.actor()),
                    Instant.now(), round, boards, byes, require(body.reason(), "reason"));
        });
    }

    /**
     * Imports a TRF (played rounds included) as the commands that replay it: create, register, and per
     * round the requested byes, the pairing as published in the file (an arbiter's correction of the
     * engine's pairing, with the reason "imported from a TRF file"), the results and the closing.
     * Query: {@code tournamentId}, {@code system} (dutch, harkness, roundrobin, double-roundrobin; the
     * system of the rounds still to pair), {@code actorRole} and {@code actorId} (who imports).
     */
    @POST
    @Path("/import")
    @Consumes(MediaType.TEXT_PLAIN)
    @Blocking
    public Response importTrf(@jakarta.ws.rs.QueryParam("tournamentId") String tournamentId,
                              @jakarta.ws.rs.QueryParam("system") String system,
                              @jakarta.ws.rs.QueryParam("actorRole") String actorRole,
                              @jakarta.ws.rs.QueryParam("actorId") String actorId, String trf) {
        List<TournamentCommand> commands;
        try {
            require(tournamentId, "tournamentId");
            PairingSystemKind kind = PairingSystemKind.fromWireName(require(system, "system"));
            Actor actor = actor(new ActorBody(actorRole, actorId));
            if (trf == null || trf.isBlank()) {
                throw new IllegalArgumentException("the body must be a TRF file");
            }
            commands = TrfImport.commands(trf, tournamentId, kind, actor, Instant.now());
        } catch (TrfFormatException e) {
            return problem(Response.Status.BAD_REQUEST, "invalid TRF: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            return problem(Response.Status.BAD_REQUEST, e.getMessage());
        }
        if (app.tournament(tournamentId) != null) {
            return problem(Response.Status.CONFLICT, "tournament " + tournamentId + " already exists");
        }
        try {
            for (TournamentCommand command : commands) {
                publisher.send(command); // one key, one partition: decided in this order
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return problem(Response.Status.SERVICE_UNAVAILABLE, "interrupted while sending the commands");
        } catch (Exception e) {
            return problem(Response.Status.SERVICE_UNAVAILABLE, "the broker did not take the commands: " + e.getMessage());
        }
        return Response.accepted(new Imported(tournamentId, commands.size(),
                commands.get(commands.size() - 1).commandId())).build();
    }

    public record Imported(String tournamentId, int commands, String lastCommandId) {
    }

    // ------------------------------------------------------------------------------------------ helpers

    @FunctionalInterface
    interface CommandBuilder {
        TournamentCommand build();
    }

    private Response send(CommandBuilder builder) {
        TournamentCommand command;
        try {
            command = builder.build();
        } catch (IllegalArgumentException | NullPointerException e) {
            return problem(Response.Status.BAD_REQUEST, e.getMessage());
        }
        try {
            publisher.send(command);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return problem(Response.Status.SERVICE_UNAVAILABLE, "interrupted while sending the command");
        } catch (Exception e) {
            return problem(Response.Status.SERVICE_UNAVAILABLE, "the broker did not take the command: " + e.getMessage());
        }
        return Response.accepted(new Accepted(command.commandId(), command.tournamentId(),
                command.getClass().getSimpleName())).build();
    }

    private static <T> T require(T value, String field) {
        if (value == null || value instanceof String s && s.isBlank()) {
            throw new IllegalArgumentException("'" + field + "' is required");
        }
        return value;
    }

    private static String commandId(String given) {
        if (given == null || given.isBlank()) {
            return UUID.randomUUID().toString();
        }
        try {
            return UUID.fromString(given).toString();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'commandId' must be a UUID, was '" + given + "'");
        }
    }

    private static Actor actor(ActorBody body) {
        if (body == null || body.role() == null || body.id() == null || body.id().isBlank()) {
            throw new IllegalArgumentException("'actor' with 'role' and 'id' is required (who asks)");
        }
        try {
            return new Actor(Actor.Role.valueOf(body.role().toUpperCase(Locale.ROOT)), body.id());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown actor role '" + body.role() + "' (expected one of "
                    + java.util.Arrays.toString(Actor.Role.values()) + ")");
        }
    }

    private static ByeKind byeKind(String kind) {
        try {
            return ByeKind.valueOf(kind.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown bye kind '" + kind + "' (expected one of "
                    + java.util.Arrays.toString(ByeKind.values()) + ")");
        }
    }

    private static Response notFound(String id) {
        return problem(Response.Status.NOT_FOUND, "unknown tournament " + id);
    }

    private static Response problem(Response.Status status, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON).entity(new Problem(message)).build();
    }
}
