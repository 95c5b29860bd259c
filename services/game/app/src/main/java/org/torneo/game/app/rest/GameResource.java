package org.torneo.game.app.rest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.annotation.security.PermitAll;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import org.hibernate.reactive.mutiny.Mutiny;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Notation;
import org.torneo.contracts.game.QuickplayFinishGuidelines;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.GameResult;
import org.torneo.game.app.GameApp;
import org.torneo.game.app.edge.CommandPublisher;
import org.torneo.game.app.projection.GameRow;
import org.torneo.game.app.projection.IncidentRow;
import org.torneo.game.app.projection.MoveRow;
import org.torneo.game.core.game.GameState;
import org.torneo.identity.Account;
import org.torneo.identity.Permission;
import org.torneo.identity.Scope;
import org.torneo.platform.edge.auth.EdgeGuard;
import org.torneo.platform.edge.auth.Guarded;

/**
 * REST of the game service. Queries read the PostgreSQL projection; commands are published on
 * torneo.game.commands and answered 202 with the command id once the broker has them: the game decides, and a
 * refusal is recorded as game.CommandRejected, visible at GET /commands/{id} and in the game's rejections.
 * <p>
 * Who: every command needs a verified bearer token; its account and the tournament's offices (folded from the
 * tournament topic by {@link EdgeGuard}) decide whether it may, on the game's tournament, hall, board and players
 * (from this service's state), and the actor recorded is the token's account. The X-Torneo-Role / X-Torneo-Actor
 * headers of earlier versions are gone (ignored if sent). Which route needs what: README, "Routes and roles".
 */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class GameResource {

    public static final String PGN = "text/x-chess-pgn";

    /** The optional request header with the client's own command id (a UUID): a command sent twice is decided once. */
    public static final String COMMAND_ID = "Torneo-Command-Id";

    @Inject
    Mutiny.SessionFactory sessions;

    @Inject
    CommandPublisher publisher;

    @Inject
    GameApp app;

    @Inject
    EdgeGuard guard;

    @Inject
    GameScopes scopes;

    @Inject
    org.torneo.platform.health.RuntimeRegistry runtimes;

    private org.torneo.contracts.codec.JsonCodec codec;

    /** The most games a tournament may have through {@code POST /games} (more get 409 with the limit). */
    @org.eclipse.microprofile.config.inject.ConfigProperty(name = "torneo.game.max-games-per-tournament",
            defaultValue = "50000")
    long maxGamesPerTournament;

    @jakarta.annotation.PostConstruct
    void init() {
        codec = runtimes.codec();
    }

    // ------------------------------------------------------------------------------------------------ queries

    /** {@code GET /games}: a page of games (default {@value #GAMES_PAGE}, at most {@value #GAMES_PAGE_MAX}). */
    static final int GAMES_PAGE = 200;
    static final int GAMES_PAGE_MAX = 1000;
    /** {@code GET /games/{id}/incidents}: a page of incidents (default and maximum). */
    static final int INCIDENTS_PAGE = 500;
    static final int INCIDENTS_PAGE_MAX = 2000;

    /**
     * The games in (tournament, round, board, game id) order, a page at a time: {@code after} is the id of the last
     * game of the previous page (the {@code Link: rel="next"} header gives the next page's address).
     */
    @GET
    @PermitAll
    @Path("games")
    public Uni<Response> games(@QueryParam("tournament") String tournament, @QueryParam("round") Integer round,
                               @QueryParam("hall") String hall, @QueryParam("limit") String limitText,
                               @QueryParam("after") String after, @jakarta.ws.rs.core.Context jakarta.ws.rs.core.UriInfo uri) {
        int limit = Pages.limit(limitText, GAMES_PAGE, GAMES_PAGE_MAX);
        return guard.accountOrNullLater().chain(caller ->
                sessions.withSession(s -> (after == null ? Uni.createFrom().<GameRow>nullItem()
                : s.find(GameRow.class, after).map(last -> {
                    if (last == null) {
                        throw badRequest("after: no game '" + after + "' (the cursor is the id of the last game of the "
                                + "previous page)");
                    }
                    return last;
                })).chain(last -> {
                    StringBuilder where = new StringBuilder("from GameRow g where 1 = 1");
                    Map<String, Object> params = new LinkedHashMap<>();
                    if (tournament != null) {
                        where.append(" and g.tournamentId = :tournament");
                        params.put("tournament", tournament);
                    }
                    if (round != null) {
                        where.append(" and g.round = :round");
                        params.put("round", round);
                    }
                    if (hall != null) {
                        where.append(" and g.hall = :hall");
                        params.put("hall", hall);
                    }
                    if (last != null) {
                        // keyset: the games after the cursor's in the list's order
                        where.append(" and (g.tournamentId > :at or (g.tournamentId = :at and (g.round > :ar"
                                + " or (g.round = :ar and (g.board > :ab or (g.board = :ab and g.gameId > :ag))))))");
                        params.put("at", last.tournamentId);
                        params.put("ar", last.round);
                        params.put("ab", last.board);
                        params.put("ag", last.gameId);
                    }
                    where.append(" order by g.tournamentId, g.round, g.board, g.gameId");
                    var query = s.createQuery(where.toString(), GameRow.class).setMaxResults(limit + 1);
                    params.forEach(query::setParameter);
                    return query.getResultList();
                })).map(rows -> Pages.page(rows.stream().map(g -> DelayedReads.shown(guard, caller, g)).toList(), limit,
                uri, g -> g.gameId)));
    }

    @GET
    @PermitAll
    @Path("games/{id}")
    public Uni<GameRow> game(@PathParam("id") String id) {
        return guard.accountOrNullLater().chain(caller ->
                sessions.withSession(s -> s.find(GameRow.class, id)).map(row -> {
            if (row == null) {
                throw notFound("no game " + id);
            }
            return DelayedReads.require(guard, caller, row);
        }));
    }

    /** Every move played, in order; {@code standing} false for moves later taken back. */
    @GET
    @PermitAll
    @Path("games/{id}/moves")
    public Uni<List<Map<String, Object>>> moves(@PathParam("id") String id) {
        return guard.accountOrNullLater().chain(caller ->
                sessions.withSession(s -> s.find(GameRow.class, id).chain(game -> {
            if (game != null) {
                DelayedReads.require(guard, caller, game); // a game not started has no row and no moves to hold back
            }
            return moveRows(s, id);
        }).chain(moves -> incidentRows(s, id).map(incidents -> {
            // by identity: one look-up per move (a list's contains made the route quadratic in the game's length)
            java.util.Set<MoveRow> standing = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            standing.addAll(PgnExport.standingMoves(moves, incidents));
            List<Map<String, Object>> out = new ArrayList<>(moves.size());
            for (MoveRow m : moves) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("ply", m.ply);
                row.put("side", m.side);
                row.put("san", m.san);
                row.put("uci", m.uci);
                row.put("fenAfter", m.fenAfter);
                row.put("source", m.source);
                row.put("whiteMillis", m.whiteMillis);
                row.put("blackMillis", m.blackMillis);
                row.put("playedAt", m.playedAt);
                row.put("sequence", m.sequence);
                row.put("standing", standing.contains(m));
                out.add(row);
            }
            return out;
        }))));
    }

    /**
     * Offers, claims, rulings, illegal moves, takebacks, results and rejections, in order, a page at a time
     * (default {@value #INCIDENTS_PAGE}, at most {@value #INCIDENTS_PAGE_MAX}): {@code after} is the
     * {@code sequence} of the last incident of the previous page.
     */
    @GET
    @Path("games/{id}/incidents")
    @Authenticated
    @Guarded(Permission.CONFIRM_RESULT)
    public Uni<Response> incidents(@PathParam("id") String id, @QueryParam("category") String category,
                                   @QueryParam("limit") String limitText, @QueryParam("after") String after,
                                   @jakarta.ws.rs.core.Context jakarta.ws.rs.core.UriInfo uri) {
        // the incidents are the arbiters' file of the game (claims with their evidence, rulings, rejected commands
        // with their reasons): for the arbiters of its hall and its two players, not the public; on the event loop:
        // the offices as folded now, no waiting
        guard.authoriseNow(Permission.CONFIRM_RESULT, scopes.knownGame(id).scope());
        int limit = Pages.limit(limitText, INCIDENTS_PAGE, INCIDENTS_PAGE_MAX);
        long from = after == null ? -1 : sequence(after);
        return sessions.withSession(s -> {
            var query = s.createQuery("from IncidentRow i where i.gameId = :g and i.sequence > :after"
                            + (category == null ? "" : " and lower(i.category) = :c") + " order by i.sequence",
                    IncidentRow.class).setParameter("g", id).setParameter("after", from).setMaxResults(limit + 1);
            if (category != null) {
                query.setParameter("c", category.toLowerCase(Locale.ROOT));
            }
            return query.getResultList();
        }).map(rows -> Pages.page(rows, limit, uri, i -> String.valueOf(i.sequence)));
    }

    @GET
    @Path("games/{id}/rejections")
    @Authenticated
    @Guarded(Permission.CONFIRM_RESULT)
    public Uni<Response> rejections(@PathParam("id") String id, @QueryParam("limit") String limitText,
                                    @QueryParam("after") String after,
                                    @jakarta.ws.rs.core.Context jakarta.ws.rs.core.UriInfo uri) {
        return incidents(id, "REJECTION", limitText, after, uri);
    }

    private static long sequence(String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw badRequest("after: '" + text + "' is not an incident sequence (a whole number: the sequence of the "
                    + "last incident of the previous page)");
        }
    }

    @GET
    @PermitAll
    @Path("games/{id}/pgn")
    @Produces(PGN)
    public Uni<String> pgn(@PathParam("id") String id) {
        return guard.accountOrNullLater().chain(caller ->
                sessions.withSession(s -> s.find(GameRow.class, id).chain(game -> {
            if (game == null) {
                throw notFound("no game " + id);
            }
            return pgnOf(s, DelayedReads.require(guard, caller, game));
        })));
    }

    @GET
    @PermitAll
    @Path("tournaments/{t}/rounds/{n}/pgn")
    @Produces(PGN)
    public Uni<String> roundPgn(@PathParam("t") String tournament, @PathParam("n") int round) {
        return guard.accountOrNullLater().chain(caller -> sessions.withSession(s -> s.createQuery(
                        "from GameRow g where g.tournamentId = :t and g.round = :n order by g.board, g.gameId", GameRow.class)
                .setParameter("t", tournament).setParameter("n", round).getResultList().chain(all -> {
                    if (all.isEmpty()) {
                        throw notFound("no games in round " + round + " of " + tournament);
                    }
                    // a game a pairing correction cancelled was not played: not in the round's PGN
                    List<GameRow> games = all.stream().filter(PgnExport::inRoundPgn).toList();
                    if (games.isEmpty()) {
                        // every game of the round was cancelled: no game to export, as for a round with none
                        throw notFound("no games in round " + round + " of " + tournament + " (its " + all.size()
                                + (all.size() == 1 ? " game was" : " games were")
                                + " cancelled by a pairing correction)");
                    }
                    // under a broadcast delay the round's PGN is the feed's (/api/tournaments/{t}/rounds/{n}/pgn),
                    // released game by game; here only for a caller who may read every game of it live
                    String feed = "/api/tournaments/" + tournament + "/rounds/" + round + "/pgn";
                    List<org.torneo.identity.LiveReads.Decision> refusals = new ArrayList<>();
                    List<String> held = new ArrayList<>();
                    for (GameRow g : games) {
                        var decision = DelayedReads.decide(guard, caller, g, feed);
                        if (decision.refused()) {
                            refusals.add(decision);
                            held.add("board " + g.board);
                        }
                    }
                    if (!refusals.isEmpty()) {
                        throw org.torneo.platform.edge.auth.Refusal.forbiddenException(refusals.get(0).reason()
                                + "; held back: " + String.join(", ", held));
                    }
                    Uni<StringBuilder> text = Uni.createFrom().item(new StringBuilder());
                    for (GameRow game : games) {
                        text = text.chain(sb -> pgnOf(s, game).map(one -> sb.append(sb.isEmpty() ? "" : "\n").append(one)));
                    }
                    return text.map(StringBuilder::toString);
                })));
    }

    /** What became of a command: PENDING (not decided yet), ACCEPTED with its events, or REJECTED with the reason. */
    @GET
    @PermitAll
    @Path("commands/{id}")
    public Uni<Map<String, Object>> command(@PathParam("id") String id) {
        UUID commandId = uuid(id, "command id");
        return guard.accountOrNullLater().chain(caller ->
                sessions.withSession(s -> s.createQuery("from IncidentRow i where i.causationId = :c order by i.sequence",
                IncidentRow.class).setParameter("c", commandId).getResultList().chain(incidents -> s.createQuery(
                "from MoveRow m where m.causationId = :c order by m.sequence", MoveRow.class)
                .setParameter("c", commandId).getResultList().chain(moves -> (moves.isEmpty()
                        ? Uni.createFrom().<GameRow>nullItem() : s.find(GameRow.class, moves.get(0).gameId))
                        .map(game -> {
                    // under a broadcast delay a spectator learns that a move was played, not which (the feed tells)
                    boolean shown = game == null || DelayedReads.decide(guard, caller, game).allowed();
                    Map<String, Object> out = new LinkedHashMap<>();
                    out.put("commandId", id);
                    List<String> events = new ArrayList<>();
                    moves.forEach(m -> events.add(shown ? "game.MovePlayed " + m.san : "game.MovePlayed"));
                    incidents.forEach(i -> events.add(i.type));
                    IncidentRow rejection = incidents.stream().filter(i -> "REJECTION".equals(i.category))
                            .findFirst().orElse(null);
                    // The projection runs beside the runtime: a command the runtime decided but whose events are
                    // not written yet is still PENDING here (it may be a rejection); once the projection has
                    // caught up, a decided command without rows is one that produced no event.
                    boolean decided = !events.isEmpty()
                            || (app.projectionIdle()
                            && Boolean.TRUE.equals(app.runtime().read(store -> store.wasProcessed(commandId))));
                    out.put("status", rejection != null ? "REJECTED" : decided ? "ACCEPTED" : "PENDING");
                    if (rejection != null) {
                        out.put("gameId", rejection.gameId);
                        out.put("reason", rejection.reason);
                        out.put("article", rejection.article);
                    }
                    out.put("events", events);
                    return out;
                })))));
    }

    // ------------------------------------------------------------------------------------------------ commands

    /** An organiser's or arbiter's single game; it belongs to a tournament (its id, or the game id) whose offices say who may. */
    @POST
    @Path("games")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.START_GAME)
    public Uni<Response> start(GameRequests.NewGame body) {
        require(body, "body");
        require(body.white(), "white");
        require(body.black(), "black");
        identifier(body.white(), "white");
        identifier(body.black(), "black");
        identifier(body.gameId(), "gameId");
        identifier(body.tournamentId(), "tournamentId");
        identifier(body.hall(), "hall");
        Ruleset ruleset = new Ruleset(
                body.edition() == null ? Ruleset.Edition.FIDE_2018 : enumOf(Ruleset.Edition.class, body.edition(), "edition"),
                body.category() == null ? Ruleset.Category.STANDARD
                        : enumOf(Ruleset.Category.class, body.category(), "category"));
        EventRegulations regulations = new EventRegulations(
                body.drawOffersFromMove() == null ? 0 : nonNegative(body.drawOffersFromMove(), "drawOffersFromMove"),
                body.adequateSupervision() == null || body.adequateSupervision(),
                body.quickplayFinish() == null ? null
                        : enumOf(QuickplayFinishGuidelines.class, body.quickplayFinish(), "quickplayFinish"));
        String gameId = body.gameId() == null || body.gameId().isBlank() ? "g-" + UUID.randomUUID() : body.gameId();
        GameCommand.StartGame start = new GameCommand.StartGame(
                body.tournamentId() == null ? gameId : body.tournamentId(),
                body.round() == null ? 0 : body.round(), body.board() == null ? 0 : body.board(),
                body.white(), body.black(), ruleset, body.initialFen(), body.chess960Position(), body.hall(),
                body.timeControl(), regulations,
                Instant.now());
        // the account on the event loop (the security identity lives there); the offices asked on a worker thread
        org.torneo.identity.Account account = guard.account();
        if (body.tournamentId() == null) {
            return Uni.createFrom().item(() -> send(gameId, guard.authorise(account, Permission.START_GAME,
                            Scope.game(start.tournamentId(), start.hall(), start.board(), start.whitePlayerId(),
                                    start.blackPlayerId())), start))
                    .runSubscriptionOn(io.smallrye.mutiny.infrastructure.Infrastructure.getDefaultWorkerPool());
        }
        // the service's bound on a tournament's games, counted in the projection (games not yet projected are not
        // counted: a burst may pass the bound by those)
        return sessions.withSession(s -> s.createQuery("select count(g) from GameRow g where g.tournamentId = :t",
                        Long.class).setParameter("t", body.tournamentId()).getSingleResult())
                .emitOn(io.smallrye.mutiny.infrastructure.Infrastructure.getDefaultWorkerPool())
                .map(games -> {
                    // who asks first: someone who may not start the game gets the 403, not the tournament's count
                    Actor actor = guard.authorise(account, Permission.START_GAME, Scope.game(start.tournamentId(),
                            start.hall(), start.board(), start.whitePlayerId(), start.blackPlayerId()));
                    return games >= maxGamesPerTournament
                            ? Response.status(Response.Status.CONFLICT).type(MediaType.APPLICATION_JSON)
                            .entity(new GameRequests.Problem(String.format(Locale.ROOT, "tournament %s has %,d games, the"
                                            + " limit set by torneo.game.max-games-per-tournament (%,d): no game is added",
                                    body.tournamentId(), games, maxGamesPerTournament))).build()
                            : send(gameId, actor, start);
                });
    }

    @POST
    @Path("games/{id}/moves")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.MOVE)
    public Response move(@PathParam("id") String id, GameRequests.SubmitMove body,
                            @jakarta.ws.rs.HeaderParam(COMMAND_ID) String clientCommandId) {
        require(body, "body");
        require(body.move(), "move");
        ClockReading clock = body.whiteMillis() != null && body.blackMillis() != null
                ? new ClockReading(body.whiteMillis(), body.blackMillis()) : null;
        GameCommand.SubmitMove submit = new GameCommand.SubmitMove(body.move(),
                body.notation() == null ? Notation.AUTO : enumOf(Notation.class, body.notation(), "notation"),
                body.source() == null ? MoveSource.BOARD : enumOf(MoveSource.class, body.source(), "source"),
                clock, Instant.now());
        return send(id, authorise(id, submit), submit, clientCommandId);
    }

    @POST
    @Path("games/{id}/offers")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.OFFER_DRAW)
    public Response offer(@PathParam("id") String id, GameRequests.Offer body,
                            @jakarta.ws.rs.HeaderParam(COMMAND_ID) String clientCommandId) {
        require(body, "body");
        GameScopes.Game game = scopes.game(id);
        Side by = side(game, body.by());
        String action = body.action() == null ? "OFFER" : body.action().trim().toUpperCase(Locale.ROOT);
        GameCommand command = switch (action) {
            case "OFFER" -> new GameCommand.OfferDraw(by, Instant.now());
            case "ACCEPT" -> new GameCommand.AcceptDraw(by, Instant.now());
            case "DECLINE" -> new GameCommand.DeclineDraw(by, Instant.now());
            default -> throw badRequest("action: '" + body.action() + "' is not one of OFFER, ACCEPT, DECLINE");
        };
        return send(id, authorise(id, command), command, clientCommandId);
    }

    @POST
    @Path("games/{id}/claims")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.CLAIM)
    public Response claim(@PathParam("id") String id, GameRequests.Claim body,
                            @jakarta.ws.rs.HeaderParam(COMMAND_ID) String clientCommandId) {
        require(body, "body");
        require(body.kind(), "kind");
        if ((body.whiteMillis() == null) != (body.blackMillis() == null)) {
            throw badRequest("whiteMillis and blackMillis: give both clocks or neither");
        }
        ClockReading clock = body.whiteMillis() == null ? null
                : new ClockReading(nonNegative(body.whiteMillis(), "whiteMillis"), nonNegative(body.blackMillis(), "blackMillis"));
        DrawClaimKind kind = enumOf(DrawClaimKind.class, body.kind(), "kind");
        GameCommand.ClaimDraw claim = new GameCommand.ClaimDraw(side(scopes.game(id), body.by()), kind,
                body.intendedMove(), clock, Instant.now());
        return send(id, authorise(id, claim), claim, clientCommandId);
    }

    /** The arbiter postpones an open quickplay-finish claim (2018 III.5). */
    @POST
    @Path("games/{id}/claims/postpone")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.RULE)
    public Response postponeClaim(@PathParam("id") String id, GameRequests.Postpone body,
                            @jakarta.ws.rs.HeaderParam(COMMAND_ID) String clientCommandId) {
        long bonus = body == null || body.opponentBonusMillis() == null ? 0
                : nonNegative(body.opponentBonusMillis(), "opponentBonusMillis");
        GameCommand.PostponeClaim postpone = new GameCommand.PostponeClaim(bonus,
                body == null ? null : body.article(), body == null ? null : body.details(), Instant.now());
        return send(id, authorise(id, postpone), postpone, clientCommandId);
    }

    @POST
    @Path("games/{id}/resign")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.RESIGN)
    public Response resign(@PathParam("id") String id, GameRequests.Resign body,
                            @jakarta.ws.rs.HeaderParam(COMMAND_ID) String clientCommandId) {
        GameCommand.Resign resign = new GameCommand.Resign(side(scopes.game(id), body == null ? null : body.by()),
                Instant.now());
        return send(id, authorise(id, resign), resign, clientCommandId);
    }

    /** Arbiter rulings: only an arbiter of the board's hall (the chief arbiter: every hall). */
    @POST
    @Path("games/{id}/rulings")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.RULE)
    public Response ruling(@PathParam("id") String id, GameRequests.Ruling body,
                            @jakarta.ws.rs.HeaderParam(COMMAND_ID) String clientCommandId) {
        require(body, "body");
        require(body.kind(), "kind");
        GameResult result = body.result() == null ? null : enumOf(GameResult.class, body.result(), "result");
        GameCommand.ArbiterRuling ruling = new GameCommand.ArbiterRuling(enumOf(RulingKind.class, body.kind(), "kind"),
                body.article(), body.details(), body.side() == null ? null : enumOf(Side.class, body.side(), "side"),
                result, body.whiteHalfPoints() == null ? -1 : body.whiteHalfPoints(),
                body.blackHalfPoints() == null ? -1 : body.blackHalfPoints(),
                body.restoreToPly() == null ? -1 : body.restoreToPly(),
                body.timeMillis() == null ? 0 : body.timeMillis(), Instant.now(), body.playedOverTheBoard());
        return send(id, authorise(id, ruling), ruling, clientCommandId);
    }

    /**
     * Any game command of the catalogue, by its type and payload: the way to send what has no route of its own
     * (adjournment: game.SealMove, game.ResumeGame, game.DeclareEnvelopeLost, game.ReportAbsentAtResumption,
     * game.CorrectClockAtResumption; game.ReportIllegalMove, game.ReportIllegalMoveNotCompleted, ...). The body is
     * {@code {"type":"game.SealMove","payload":{"by":"WHITE","move":"Nf3"}}}. Its "observedAt" is always the time the
     * request arrived (a caller's value is replaced: the edge's clock, never the caller's). The codec reads the
     * payload with the same checks as from the topic, and a 400 names what was wrong; the permission checked is the
     * command's ({@link GameScopes#permissionOf}).
     */
    @POST
    @Path("games/{id}/commands")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded({Permission.START_GAME, Permission.MOVE, Permission.OFFER_DRAW, Permission.CLAIM, Permission.RESIGN,
            Permission.RULE, Permission.PRESS_CLOCK, Permission.CORRECT_PAIRING, Permission.CORRECT_RESULT})
    public Response command(@PathParam("id") String id, com.fasterxml.jackson.databind.JsonNode body,
                            @jakarta.ws.rs.HeaderParam(COMMAND_ID) String clientCommandId) {
        require(body, "body");
        if (!body.isObject()) {
            throw badRequest("body: a JSON object {\"type\": a game command type, \"payload\": {...}} expected");
        }
        String type = body.path("type").isTextual() ? body.get("type").asText() : null;
        com.fasterxml.jackson.databind.JsonNode payload = body.get("payload");
        var entry = type == null ? null : codec.catalog().byType(type).orElse(null);
        if (entry != null && entry.isCommand() && !GameCommand.class.isAssignableFrom(entry.javaType())) {
            throw badRequest("'" + type + "' is not a game command: send it to the service it belongs to");
        }
        if (entry != null && payload instanceof com.fasterxml.jackson.databind.node.ObjectNode object
                && Arrays.stream(entry.javaType().getRecordComponents())
                .anyMatch(c -> c.getName().equals("observedAt"))) {
            payload = object.deepCopy().put("observedAt", Instant.now().toString());
        }
        org.torneo.contracts.CommandMessage command;
        try {
            command = codec.readCommand(type, payload);
        } catch (org.torneo.contracts.codec.DecodingException e) {
            throw badRequest(e.getMessage());
        }
        if (!(command instanceof GameCommand game)) {
            throw badRequest("'" + type + "' is not a game command: send it to the service it belongs to");
        }
        return send(id, authorise(id, game), game, clientCommandId);
    }

    // ------------------------------------------------------------------------------------------------ helpers

    /** The actor of the verified caller doing {@code command} on this game, or 401/403/404 saying why not. */
    private Actor authorise(String gameId, GameCommand command) {
        if (command instanceof GameCommand.StartGame start) {
            return guard.authorise(Permission.START_GAME, Scope.game(start.tournamentId(), start.hall(), start.board(),
                    start.whitePlayerId(), start.blackPlayerId()));
        }
        GameScopes.Game game = scopes.game(gameId);
        GameScopes.Check check = GameScopes.permissionOf(command);
        // a move is the side to move's (FIDE 2018 1.1: the players move alternately); the game decides the rest
        Side acting = check.side() != null ? check.side()
                : command instanceof GameCommand.SubmitMove ? game.state().sideToMove() : null;
        return guard.authorise(check.permission(), acting == null ? game.scope() : game.scope().by(acting));
    }

    private Response send(String gameId, Actor actor, GameCommand command) {
        return send(gameId, actor, command, null);
    }

    /**
     * Publishes the command under the caller's command id when he gave one ({@value #COMMAND_ID} header, a UUID made
     * by the client, e.g. an electronic scoresheet that resends what it recorded offline), else a fresh one. The
     * runtime decides a command id once: the same id sent again is a duplicate and writes nothing.
     */
    private Response send(String gameId, Actor actor, GameCommand command, String clientCommandId) {
        UUID commandId = clientCommandId == null || clientCommandId.isBlank() ? UUID.randomUUID()
                : uuid(clientCommandId.strip(), COMMAND_ID + " header");
        try {
            publisher.send(commandId, gameId, actor, command).get(15, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return Response.status(Response.Status.SERVICE_UNAVAILABLE)
                    .entity(new GameRequests.Problem("the broker did not take the command: " + e.getMessage())).build();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WebApplicationException(Response.Status.SERVICE_UNAVAILABLE);
        }
        return Response.accepted(new GameRequests.Accepted(commandId.toString(), gameId, "/commands/" + commandId))
                .build();
    }

    /** The side named in the body, or the side of the player sending it. */
    private Side side(GameScopes.Game game, String by) {
        if (by != null) {
            return enumOf(Side.class, by, "by");
        }
        Side own = scopes.playersSide(game, guard);
        if (own != null) {
            return own;
        }
        throw badRequest("by: missing (WHITE or BLACK), and it cannot be told from the sender");
    }

    private static Uni<List<MoveRow>> moveRows(Mutiny.Session s, String id) {
        return s.createQuery("from MoveRow m where m.gameId = :g order by m.sequence", MoveRow.class)
                .setParameter("g", id).getResultList();
    }

    private static Uni<List<IncidentRow>> incidentRows(Mutiny.Session s, String id) {
        return s.createQuery("from IncidentRow i where i.gameId = :g order by i.sequence", IncidentRow.class)
                .setParameter("g", id).getResultList();
    }

    private static Uni<String> pgnOf(Mutiny.Session s, GameRow game) {
        return moveRows(s, game.gameId).chain(moves -> incidentRows(s, game.gameId)
                .map(incidents -> PgnExport.write(game, PgnExport.standingMoves(moves, incidents))));
    }

    static <E extends Enum<E>> E enumOf(Class<E> type, String value, String field) {
        try {
            return Enum.valueOf(type, value.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw badRequest(field + ": '" + value + "' is not one of " + Arrays.toString(type.getEnumConstants()));
        }
    }

    private static UUID uuid(String text, String field) {
        try {
            return UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            throw badRequest(field + ": '" + text + "' is not a UUID");
        }
    }

    private static int nonNegative(int value, String field) {
        if (value < 0) {
            throw badRequest(field + ": must be >= 0, got " + value);
        }
        return value;
    }

    private static long nonNegative(long value, String field) {
        if (value < 0) {
            throw badRequest(field + ": must be >= 0, got " + value);
        }
        return value;
    }

    private static void require(Object value, String field) {
        if (value == null || value instanceof String text && text.isBlank()) {
            throw badRequest(field + ": missing");
        }
    }

    /** The longest id a body may name (game, tournament, player, hall). */
    static final int MAX_IDENTIFIER_LENGTH = 200;

    /**
     * An id is printable text: PostgreSQL refuses a NUL in text (the projection could never store the game, and the
     * games-per-tournament count answered 500), and no person or file names a player with a control character.
     * Null passes (optional fields are checked by the caller).
     */
    static void identifier(String value, String field) {
        if (value == null) {
            return;
        }
        if (value.length() > MAX_IDENTIFIER_LENGTH) {
            throw badRequest(field + ": at most " + MAX_IDENTIFIER_LENGTH + " characters, got " + value.length());
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isISOControl(c)) {
                throw badRequest(String.format(Locale.ROOT, "%s: control character U+%04X at position %d (ids are printable text)",
                        field, (int) c, i));
            }
        }
    }

    static WebApplicationException badRequest(String message) {
        return new WebApplicationException(Response.status(Response.Status.BAD_REQUEST)
                .type(MediaType.APPLICATION_JSON).entity(new GameRequests.Problem(message)).build());
    }

    static WebApplicationException notFound(String message) {
        return new WebApplicationException(Response.status(Response.Status.NOT_FOUND)
                .type(MediaType.APPLICATION_JSON).entity(new GameRequests.Problem(message)).build());
    }
}
