package org.torneo.pairing.app.rest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import jakarta.annotation.security.PermitAll;
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

import io.quarkus.security.Authenticated;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import org.hibernate.reactive.mutiny.Mutiny;
import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.HandChange;
import org.torneo.contracts.tournament.HandChangeKind;
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
import org.torneo.pairing.tournament.TournamentTrf;
import org.torneo.pairing.app.trf.TrfImport;
import org.torneo.pairing.tournament.TournamentState;
import org.torneo.identity.Permission;
import org.torneo.identity.Scope;
import org.torneo.identity.TournamentAuthority;
import org.torneo.platform.AggregateState;
import org.torneo.platform.edge.auth.EdgeGuard;
import org.torneo.platform.edge.auth.Guarded;
import org.torneo.trf.TrfFormatException;
import org.torneo.trf.TrfWriter;

/**
 * Queries and the edge of the pairing service. Lists, players and rounds come from the PostgreSQL
 * projection; the TRF export is written from the recorded state. POST endpoints put a command on
 * torneo.tournament.commands and answer 202 with its id once the broker has it; the outcome (or the
 * rejection, tournament.CommandRejected with the reason) appears on torneo.tournament.
 * <p>
 * Who: every command needs a verified bearer token; the tournament's offices (organiser, arbiters, player accounts,
 * devices: events of torneo.tournament, folded by {@link EdgeGuard}) decide whether its account may, and the actor
 * recorded is that account (the {@code actor} body fields of earlier versions are ignored). The reads are public:
 * the service holds no personal data beyond a player's name and rating, which the pairings publish anyway.
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

    @Inject
    EdgeGuard guard;

    public record Accepted(String commandId, String tournamentId, String command) {
    }

    public record Problem(String error) {
    }

    public record PlayerView(String playerId, String name, int rating, Integer pairingNumber, String score,
                             int joinsRound, boolean withdrawn, String title, String federation,
                             boolean checkedIn) {
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
    @PermitAll
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
    @PermitAll
    @Path("/{id}")
    public Uni<Response> tournament(@PathParam("id") String id) {
        return sessions.withSession(s -> s.find(TournamentRow.class, id)).map(row -> row == null ? notFound(id)
                : Response.ok(row).build());
    }

    @GET
    @PermitAll
    @Path("/{id}/players")
    public Uni<Response> players(@PathParam("id") String id) {
        return sessions.withSession(s -> s.find(TournamentRow.class, id).chain(t -> t == null ? Uni.createFrom().nullItem()
                : s.createSelectionQuery("from PlayerRow where tournamentId = :t order by pairingNumber nulls last, playerId",
                        PlayerRow.class).setParameter("t", id).getResultList()))
                .map(rows -> rows == null ? notFound(id) : Response.ok(rows.stream().map(p -> new PlayerView(p.playerId,
                        p.name, p.rating, p.pairingNumber, new Score(p.scoreHalves).toString(), p.joinsRound,
                        p.withdrawn, p.title == null ? "" : p.title, p.federation == null ? "" : p.federation,
                        p.checkedIn))
                        .toList()).build());
    }

    /** The pairings of one round grouped by hall (boards in board order), and the byes. */
    @GET
    @PermitAll
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
    @PermitAll
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
    @Authenticated
    @Guarded(Permission.CREATE_TOURNAMENT)
    public Response create(TournamentRequests.Create body) {
        if (body == null || body.tournamentId() == null || body.tournamentId().isBlank()) {
            return problem(Response.Status.BAD_REQUEST, body == null ? "'body' is required" : "'tournamentId' is required");
        }
        Actor actor = guard.authorise(Permission.CREATE_TOURNAMENT, Scope.tournament(body.tournamentId()));
        return send(() -> {
            PairingSystemKind system = PairingSystemKind.fromWireName(require(body.system(), "system"));
            List<Hall> halls = new ArrayList<>();
            if (body.halls() != null) {
                body.halls().forEach(h -> halls.add(new Hall(h.name(), h.firstBoard(), h.lastBoard())));
            }
            return new TournamentCommand.CreateTournament(body.tournamentId(),
                    commandId(body.commandId()), actor, Instant.now(), require(body.name(), "name"), system,
                    body.rounds(), Scoring.classic(), body.rulesetId() == null ? "FIDE_2018" : body.rulesetId(), halls,
                    body.timeControl(), body.tieBreaks(), body.prizes(), body.eventId(), body.eventName(),
                    body.byeRules(), body.lastEntryRound());
        });
    }

    @POST
    @Path("/{id}/players")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded(Permission.REGISTER_PLAYER)
    public Response register(@PathParam("id") String id, TournamentRequests.Register body) {
        Actor actor = guard.authorise(Permission.REGISTER_PLAYER, Scope.tournament(id));
        return send(() -> {
            require(body, "body");
            return new TournamentCommand.RegisterPlayer(id, commandId(body.commandId()), actor,
                    Instant.now(), require(body.playerId(), "playerId"), require(body.name(), "name"), body.rating(),
                    body.joinsRound() == null ? 1 : body.joinsRound(), body.title(), body.federation());
        });
    }

    /** The chief arbiter withdraws a player (C.04.2), or the player withdraws himself. */
    @POST
    @Path("/{id}/players/{playerId}/withdraw")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded({Permission.WITHDRAW_PLAYER, Permission.REQUEST_WITHDRAWAL})
    public Response withdraw(@PathParam("id") String id, @PathParam("playerId") String playerId,
                             TournamentRequests.Withdraw body) {
        Actor actor = guard.authoriseAny(Scope.player(id, playerId), Permission.WITHDRAW_PLAYER,
                Permission.REQUEST_WITHDRAWAL).actorOrThrow();
        return send(() -> new TournamentCommand.WithdrawPlayer(id, commandId(body == null ? null : body.commandId()),
                actor, Instant.now(), playerId, body == null || body.reason() == null ? "" : body.reason()));
    }

    /**
     * Check-in before round 1: any arbiter of the tournament (the chief, or one of any hall: players have no hall yet)
     * at the desk, or the player himself (a hall tablet where he signed in). The actor recorded says which.
     */
    @POST
    @Path("/{id}/players/{playerId}/check-in")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded(Permission.CHECK_IN)
    public Response checkIn(@PathParam("id") String id, @PathParam("playerId") String playerId,
                            TournamentRequests.Plain body) {
        Actor actor = guard.authorise(Permission.CHECK_IN, Scope.player(id, playerId));
        return send(() -> new TournamentCommand.CheckInPlayer(id, commandId(body == null ? null : body.commandId()),
                actor, Instant.now(), playerId));
    }

    /** A check-in made by mistake undone (before round 1 is paired); the reason is kept. */
    @POST
    @Path("/{id}/players/{playerId}/check-in/cancel")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded(Permission.CHECK_IN)
    public Response cancelCheckIn(@PathParam("id") String id, @PathParam("playerId") String playerId,
                                  TournamentRequests.Withdraw body) {
        Actor actor = guard.authorise(Permission.CHECK_IN, Scope.player(id, playerId));
        return send(() -> new TournamentCommand.CancelCheckIn(id, commandId(body == null ? null : body.commandId()),
                actor, Instant.now(), playerId, body == null || body.reason() == null ? "" : body.reason()));
    }

    @POST
    @Path("/{id}/byes")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded(Permission.REQUEST_BYE)
    public Response requestBye(@PathParam("id") String id, TournamentRequests.RequestBye body) {
        if (body == null || body.playerId() == null || body.playerId().isBlank()) {
            return problem(Response.Status.BAD_REQUEST, "'playerId' is required");
        }
        Actor actor = guard.authorise(Permission.REQUEST_BYE, Scope.player(id, body.playerId()));
        return send(() -> new TournamentCommand.RequestBye(id, commandId(body.commandId()), actor, Instant.now(),
                body.playerId(), body.round(), byeKind(require(body.kind(), "kind"))));
    }

    @POST
    @Path("/{id}/forbidden-pairs")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded(Permission.FORBID_PAIRING)
    public Response forbid(@PathParam("id") String id, TournamentRequests.Forbid body) {
        Actor actor = guard.authorise(Permission.FORBID_PAIRING, Scope.tournament(id));
        return send(() -> {
            require(body, "body");
            return new TournamentCommand.ForbidPairing(id, commandId(body.commandId()), actor,
                    Instant.now(), require(body.firstPlayerId(), "firstPlayerId"),
                    require(body.secondPlayerId(), "secondPlayerId"), body.reason() == null ? "" : body.reason());
        });
    }

    /** Lifts a forbidden pairing: from the next round paired on, the two may meet. */
    @POST
    @Path("/{id}/forbidden-pairs/allow")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded(Permission.FORBID_PAIRING)
    public Response allow(@PathParam("id") String id, TournamentRequests.Forbid body) {
        Actor actor = guard.authorise(Permission.FORBID_PAIRING, Scope.tournament(id));
        return send(() -> {
            require(body, "body");
            return new TournamentCommand.AllowPairing(id, commandId(body.commandId()), actor,
                    Instant.now(), require(body.firstPlayerId(), "firstPlayerId"),
                    require(body.secondPlayerId(), "secondPlayerId"), body.reason() == null ? "" : body.reason());
        });
    }

    @POST
    @Path("/{id}/rounds/{round}/close")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded(Permission.CLOSE_ROUND)
    public Response closeRound(@PathParam("id") String id, @PathParam("round") int round, TournamentRequests.Plain body) {
        Actor actor = guard.authorise(Permission.CLOSE_ROUND, Scope.tournament(id));
        return send(() -> new TournamentCommand.CloseRound(id, commandId(body == null ? null : body.commandId()), actor,
                Instant.now(), round));
    }

    /** Pairs the next round; {@code seed} (optional) feeds the lots the system draws, and is recorded. */
    @POST
    @Path("/{id}/rounds/next")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded(Permission.PAIR_ROUND)
    public Response pairNext(@PathParam("id") String id, TournamentRequests.PairNext body) {
        Actor actor = guard.authorise(Permission.PAIR_ROUND, Scope.tournament(id));
        return send(() -> {
            String commandId = commandId(body == null ? null : body.commandId());
            long seed = body != null && body.seed() != null ? body.seed()
                    : UUID.fromString(commandId).getMostSignificantBits();
            return new TournamentCommand.PairNextRound(id, commandId, actor, Instant.now(), seed);
        });
    }

    /** An arbiter's correction of a published round that has no result yet (who and why are kept). */
    @POST
    @Path("/{id}/rounds/{round}/correction")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded(Permission.CORRECT_PAIRING)
    public Response correct(@PathParam("id") String id, @PathParam("round") int round, TournamentRequests.Correct body) {
        Actor actor = guard.authorise(Permission.CORRECT_PAIRING, Scope.tournament(id));
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
            return new TournamentCommand.CorrectPairing(id, commandId(body.commandId()), actor,
                    Instant.now(), round, boards, byes, require(body.reason(), "reason"));
        });
    }

    /**
     * The chief arbiter's change by hand to a published round without results: {@code {"kind":"SWAP_PLAYERS",
     * "firstPlayerId":..,"secondPlayerId":..}}, {@code {"kind":"EXCHANGE_COLOURS","board":3}} or {@code
     * {"kind":"PAIR_UNPAIRED","firstPlayerId":white,"secondPlayerId":black}}, with the reason (required).
     */
    @POST
    @Path("/{id}/rounds/{round}/changes")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded(Permission.CORRECT_PAIRING)
    public Response changeByHand(@PathParam("id") String id, @PathParam("round") int round,
                                 TournamentRequests.HandChangeBody body) {
        Actor actor = guard.authorise(Permission.CORRECT_PAIRING, Scope.tournament(id));
        return send(() -> {
            require(body, "body");
            HandChangeKind kind;
            try {
                kind = HandChangeKind.valueOf(require(body.kind(), "kind").strip().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'kind' must be one of " + java.util.Arrays.toString(
                        HandChangeKind.values()) + ", not '" + body.kind() + "'");
            }
            HandChange change = switch (kind) {
                case SWAP_PLAYERS -> HandChange.swap(require(body.firstPlayerId(), "firstPlayerId"),
                        require(body.secondPlayerId(), "secondPlayerId"));
                case PAIR_UNPAIRED -> HandChange.pair(require(body.firstPlayerId(), "firstPlayerId"),
                        require(body.secondPlayerId(), "secondPlayerId"));
                case EXCHANGE_COLOURS -> {
                    if (body.board() == null || body.board() < 1) {
                        throw new IllegalArgumentException("'board' (a board number, at least 1) is required");
                    }
                    yield HandChange.exchangeColours(body.board());
                }
            };
            return new TournamentCommand.ChangePairing(id, commandId(body.commandId()), actor, Instant.now(), round,
                    change, require(body.reason(), "reason"));
        });
    }

    /**
     * Appoints an arbiter: {@code {"account":"arbiter-a","halls":["A"]}} for halls, {@code "chief":true} for the
     * chief arbiter (the organiser only; hall arbiters: the organiser or a chief arbiter). Appointing again replaces.
     */
    @POST
    @Path("/{id}/arbiters")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded({Permission.APPOINT_CHIEF_ARBITER, Permission.APPOINT_ARBITER})
    public Response appoint(@PathParam("id") String id, TournamentRequests.Appoint body) {
        if (body == null || body.account() == null || body.account().isBlank()) {
            return problem(Response.Status.BAD_REQUEST, "'account' is required (the arbiter's account)");
        }
        boolean chief = Boolean.TRUE.equals(body.chief());
        boolean wasChief = guard.authorities().of(id).flatMap(a -> a.appointment(body.account()))
                .map(TournamentAuthority.Appointment::chief).orElse(false);
        Actor actor = guard.authorise(chief || wasChief ? Permission.APPOINT_CHIEF_ARBITER : Permission.APPOINT_ARBITER,
                Scope.tournament(id));
        return send(() -> new TournamentCommand.AppointArbiter(id, commandId(body.commandId()), actor, Instant.now(),
                body.account(), chief, body.halls()));
    }

    /** Ends an arbiter's appointment (a chief arbiter's: the organiser only). */
    @POST
    @Path("/{id}/arbiters/{account}/dismiss")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded({Permission.APPOINT_CHIEF_ARBITER, Permission.APPOINT_ARBITER})
    public Response dismiss(@PathParam("id") String id, @PathParam("account") String account,
                            TournamentRequests.Dismiss body) {
        boolean chief = guard.authorities().of(id).flatMap(a -> a.appointment(account))
                .map(TournamentAuthority.Appointment::chief).orElse(false);
        Actor actor = guard.authorise(chief ? Permission.APPOINT_CHIEF_ARBITER : Permission.APPOINT_ARBITER,
                Scope.tournament(id));
        return send(() -> new TournamentCommand.DismissArbiter(id, commandId(body == null ? null : body.commandId()),
                actor, Instant.now(), account, body == null || body.reason() == null ? "" : body.reason()));
    }

    /** Says which account a registered player signs in with: {@code {"account":"wanda"}}. */
    @POST
    @Path("/{id}/players/{playerId}/account")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded(Permission.LINK_PLAYER_ACCOUNT)
    public Response link(@PathParam("id") String id, @PathParam("playerId") String playerId,
                         TournamentRequests.Link body) {
        if (body == null || body.account() == null || body.account().isBlank()) {
            return problem(Response.Status.BAD_REQUEST, "'account' is required (the player's account)");
        }
        Actor actor = guard.authorise(Permission.LINK_PLAYER_ACCOUNT, Scope.player(id, playerId));
        return send(() -> new TournamentCommand.LinkPlayerAccount(id, commandId(body.commandId()), actor,
                Instant.now(), body.account(), playerId));
    }

    /**
     * Assigns a device to boards of a hall: {@code {"account":"eboard-7","hall":"A","boards":[7]}} (no boards: all);
     * {@code "side":"WHITE"} or {@code "BLACK"} makes it that player's electronic scoresheet (it acts for that side
     * only), none: both sides (an e-board).
     */
    @POST
    @Path("/{id}/devices")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded(Permission.ASSIGN_DEVICE)
    public Response assign(@PathParam("id") String id, TournamentRequests.AssignDevice body) {
        if (body == null || body.account() == null || body.account().isBlank()) {
            return problem(Response.Status.BAD_REQUEST, "'account' is required (the device's account)");
        }
        org.torneo.contracts.Side side = null;
        if (body.side() != null && !body.side().isBlank()) {
            String name = body.side().strip().toUpperCase(java.util.Locale.ROOT);
            if (!name.equals("WHITE") && !name.equals("BLACK")) {
                return problem(Response.Status.BAD_REQUEST, "side: '" + body.side() + "' is not WHITE or BLACK (or"
                        + " leave it out: a device for both sides, e.g. an e-board)");
            }
            side = org.torneo.contracts.Side.valueOf(name);
        }
        org.torneo.contracts.Side assigned = side;
        Actor actor = guard.authorise(Permission.ASSIGN_DEVICE, Scope.hall(id, body.hall()));
        return send(() -> new TournamentCommand.AssignDevice(id, commandId(body.commandId()), actor, Instant.now(),
                body.account(), body.hall(), body.boards(), assigned));
    }

    /**
     * The organiser sets the delay of the public broadcast, which the feed applies to every public route and stream:
     * {@code {"mode":"FIXED","seconds":900}}, {@code {"mode":"AFTER_GAME"}} or {@code {"mode":"NONE"}}. A mode that
     * does not read is a 400 here; a value out of range is the tournament's refusal (CommandRejected INVALID).
     */
    @POST
    @Path("/{id}/broadcast-delay")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    @Authenticated
    @Guarded(Permission.SET_BROADCAST_DELAY)
    public Response broadcastDelay(@PathParam("id") String id, TournamentRequests.SetBroadcastDelay body) {
        if (body == null || body.mode() == null || body.mode().isBlank()) {
            return problem(Response.Status.BAD_REQUEST, "'mode' is required: NONE, FIXED (with 'seconds' 1..3600) or"
                    + " AFTER_GAME");
        }
        org.torneo.contracts.tournament.BroadcastDelayMode mode;
        try {
            mode = org.torneo.contracts.tournament.BroadcastDelayMode.valueOf(body.mode().strip()
                    .toUpperCase(java.util.Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            return problem(Response.Status.BAD_REQUEST, "'mode': '" + body.mode() + "' is not NONE, FIXED or"
                    + " AFTER_GAME");
        }
        Actor actor = guard.authorise(Permission.SET_BROADCAST_DELAY, Scope.tournament(id));
        return send(() -> new TournamentCommand.SetBroadcastDelay(id, commandId(body.commandId()), actor, Instant.now(),
                mode, body.seconds() == null ? 0 : body.seconds()));
    }

    /**
     * Imports a TRF (played rounds included) as the commands that replay it: create, register, and per
     * round the requested byes, the pairing as published in the file (an arbiter's correction of the
     * engine's pairing, with the reason "imported from a TRF file"), the results and the closing.
     * Query: {@code tournamentId}, {@code system} (dutch, harkness, roundrobin, double-roundrobin; the
     * system of the rounds still to pair). The importing organiser (the token's account) is the actor of every
     * command, and he becomes the tournament's organiser and, to replay its rounds, its chief arbiter; the
     * {@code actorRole} / {@code actorId} parameters of earlier versions are ignored.
     */
    @POST
    @Path("/import")
    @Consumes(MediaType.TEXT_PLAIN)
    @Blocking
    @Authenticated
    @Guarded(Permission.IMPORT_TRF)
    public Response importTrf(@jakarta.ws.rs.QueryParam("tournamentId") String tournamentId,
                              @jakarta.ws.rs.QueryParam("system") String system, String trf) {
        if (tournamentId == null || tournamentId.isBlank()) {
            return problem(Response.Status.BAD_REQUEST, "'tournamentId' is required");
        }
        List<TournamentCommand> commands;
        try {
            PairingSystemKind kind = PairingSystemKind.fromWireName(require(system, "system"));
            if (trf == null || trf.isBlank()) {
                throw new IllegalArgumentException("the body must be a TRF file");
            }
            // the file is read (the one TRF reader's checks, 400 naming line and column) before the offices are asked
            org.torneo.trf.TrfDocument doc = org.torneo.trf.TrfReader.read(trf);
            Actor actor = guard.authorise(Permission.IMPORT_TRF, Scope.tournament(tournamentId));
            commands = TrfImport.commands(doc, tournamentId, kind, actor, Instant.now());
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
