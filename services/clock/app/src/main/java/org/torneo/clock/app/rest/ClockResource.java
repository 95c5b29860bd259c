package org.torneo.clock.app.rest;

import java.util.List;
import java.util.Locale;
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
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import org.hibernate.reactive.mutiny.Mutiny;
import org.torneo.clock.app.ClockApp;
import org.torneo.clock.app.edge.CommandPublisher;
import org.torneo.clock.app.projection.ClockRow;
import org.torneo.clock.app.projection.ReadingRow;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.timecontrol.Classification;
import org.torneo.clock.core.timecontrol.SideControls;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.DecodingException;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.clock.app.edge.GameDirectory;
import org.torneo.identity.LiveReads;
import org.torneo.identity.Permission;
import org.torneo.identity.Scope;
import org.torneo.platform.AggregateState;
import org.torneo.platform.edge.auth.EdgeGuard;
import org.torneo.platform.edge.auth.Guarded;
import org.torneo.platform.edge.auth.Refusal;

/**
 * Queries and the edge of the clock service. Queries of one clock read the recorded state and
 * compute the display at the time of the request; lists and per-move readings come from the
 * PostgreSQL projection. POST endpoints put a command on torneo.clock.commands and answer 202 with
 * its id once the broker has it; the outcome (or the rejection) appears as an event on torneo.clock.
 * <p>
 * Who and when: every command needs a verified bearer token; the tournament's offices (folded from the tournament
 * topic) decide on the game's tournament, hall, board and players ({@link GameDirectory}); the recorded actor is the
 * token's account and the command's time is the edge's clock when the request arrived. The {@code at} and {@code by}
 * body fields of earlier versions are ignored.
 */
@Path("/clocks")
@Produces(MediaType.APPLICATION_JSON)
public class ClockResource {

    @Inject
    ClockApp app;

    @Inject
    CommandPublisher publisher;

    @Inject
    Mutiny.SessionFactory sessions;

    @Inject
    EdgeGuard guard;

    @Inject
    GameDirectory games;

    private final JsonCodec codec = JsonCodec.standard();

    public record Accepted(String commandId, String gameId, String command, long at) {
    }

    public record Problem(String error) {
    }

    public record Reading(int moveNumber, String side, long at, long elapsedMillis, long remainingMillis,
                          String clk, String emt, int period, long bonusMillis, long periodTimeAdded) {
    }

    @GET
    @PermitAll
    @Path("/{gameId}")
    public Response clock(@PathParam("gameId") String gameId) {
        long now = System.currentTimeMillis();
        AggregateState<ClockState> state = app.clock(gameId);
        if (state == null || !state.state().started() && state.sequence() == 0) {
            return problem(Response.Status.NOT_FOUND, "unknown game " + gameId + ": this service has no clock for it");
        }
        LiveReads.Decision live = liveRead(guard.accountOrNull(), gameId, state.state().status().name(),
                state.state().lastEventAt());
        if (live.refused()) {
            return problem(Response.Status.FORBIDDEN, live.reason());
        }
        return Response.ok(ClockView.of(gameId, state.state(), state.sequence(), now)).build();
    }

    @GET
    @PermitAll
    @Path("/{gameId}/readings")
    public Uni<List<Reading>> readings(@PathParam("gameId") String gameId) {
        // each reading is a move's press: under a broadcast delay, the game's insiders only (the feed has them delayed)
        return guard.accountOrNullLater().chain(caller -> {
            AggregateState<ClockState> state = app.clock(gameId);
            if (state != null) {
                LiveReads.Decision live = liveRead(caller, gameId, state.state().status().name(),
                        state.state().lastEventAt());
                if (live.refused()) {
                    throw Refusal.forbiddenException(live.reason());
                }
            }
            return sessions.withSession(session -> session
                    .createQuery("from ReadingRow r where r.gameId = :game order by r.sequence", ReadingRow.class)
                    .setParameter("game", gameId).getResultList())
                    .map(rows -> rows.stream().map(r -> new Reading(r.moveNumber, r.side, r.at, r.elapsedMillis,
                            r.remainingMillis, r.clk, r.emt, r.period, r.bonusMillis, r.periodTimeAdded)).toList());
        });
    }

    /** The clocks as projected (remaining times as recorded at the last event). */
    @GET
    @PermitAll
    public Uni<List<ClockRow>> clocks() {
        // under a broadcast delay a game's clock is left out for a spectator until the feed has released the game
        return guard.accountOrNullLater().chain(caller -> sessions.withSession(session -> session
                .createQuery("from ClockRow c order by c.gameId", ClockRow.class).getResultList())
                .map(rows -> rows.stream().filter(c -> liveRead(caller, c.gameId, c.status, c.lastEventAt).allowed())
                        .toList()));
    }

    /**
     * May the caller read this clock live, given its game's tournament's broadcast delay ({@link LiveReads})? The
     * game ended when its clock stopped for good (STOPPED, CANCELLED) at its last event. A game whose tournament this
     * service has not read (yet) has no delay known here.
     */
    private LiveReads.Decision liveRead(org.torneo.identity.Account caller, String gameId, String status,
                                        long lastEventAt) {
        Scope scope = games.known(gameId).orElse(null);
        if (scope == null) {
            return new LiveReads.Decision(true, "no tournament known for " + gameId);
        }
        java.time.Instant endedAt = "STOPPED".equals(status) || "CANCELLED".equals(status)
                ? java.time.Instant.ofEpochMilli(lastEventAt) : null;
        return guard.liveRead(caller, scope, endedAt, "/api/games/" + gameId);
    }

    @POST
    @Path("/{gameId}/start")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.CONTROL_CLOCK)
    public Response start(@PathParam("gameId") String gameId, ClockRequests.Start body) {
        return send(gameId, Permission.CONTROL_CLOCK, null, (id, at, actor) -> {
            if (body == null || body.control() == null || body.control().isBlank()) {
                throw new IllegalArgumentException("control: missing (e.g. \"90+30\", \"40/90+30, 30+30\", \"G/60 d5\")");
            }
            SideControls controls = TimeControlParser.parseSides(body.control());
            Edition edition = body.edition() == null ? Edition.FIDE_2018 : enumValue(Edition.class, "edition", body.edition());
            Category category = body.category() == null ? Classification.classify(controls.white(), edition)
                    : enumValue(Category.class, "category", body.category());
            long defaultTime = body.defaultTimeMillis() == null ? edition.defaultTime().toMillis()
                    : body.defaultTimeMillis();
            if (defaultTime < 0) {
                throw new IllegalArgumentException("defaultTimeMillis: must be >= 0, got " + defaultTime);
            }
            ClockRules rules = new ClockRules(new Ruleset(edition, category), defaultTime,
                    Boolean.TRUE.equals(body.quickplayFinishAnnounced()));
            return new ClockCommand.StartClock(gameId, id, actor, at, controls.white(), rules,
                    controls.black().equals(controls.white()) ? null : controls.black());
        });
    }

    /** A press by the side's player, a device of the board, or an arbiter of its hall. */
    @POST
    @Path("/{gameId}/press")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.PRESS_CLOCK)
    public Response press(@PathParam("gameId") String gameId, ClockRequests.Press body) {
        Side side;
        try {
            side = side(body == null ? null : body.side());
        } catch (IllegalArgumentException e) {
            return problem(Response.Status.BAD_REQUEST, e.getMessage());
        }
        return send(gameId, Permission.PRESS_CLOCK, side, (id, at, actor) -> new ClockCommand.PressClock(gameId, id,
                actor, at, side));
    }

    @POST
    @Path("/{gameId}/pause")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.CONTROL_CLOCK)
    public Response pause(@PathParam("gameId") String gameId, ClockRequests.Reason body) {
        return send(gameId, Permission.CONTROL_CLOCK, null,
                (id, at, actor) -> new ClockCommand.PauseClock(gameId, id, actor, at, reason(body)));
    }

    @POST
    @Path("/{gameId}/resume")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.CONTROL_CLOCK)
    public Response resume(@PathParam("gameId") String gameId, ClockRequests.Reason body) {
        return send(gameId, Permission.CONTROL_CLOCK, null,
                (id, at, actor) -> new ClockCommand.ResumeClock(gameId, id, actor, at));
    }

    @POST
    @Path("/{gameId}/stop")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.CONTROL_CLOCK)
    public Response stop(@PathParam("gameId") String gameId, ClockRequests.Reason body) {
        return send(gameId, Permission.CONTROL_CLOCK, null,
                (id, at, actor) -> new ClockCommand.StopClock(gameId, id, actor, at, reason(body)));
    }

    /** FIDE 2018 6.7: the arbiter records when a player arrived at the board. */
    @POST
    @Path("/{gameId}/arrival")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.CONTROL_CLOCK)
    public Response arrival(@PathParam("gameId") String gameId, ClockRequests.Side body) {
        return send(gameId, Permission.CONTROL_CLOCK, null, (id, at, actor) -> new ClockCommand.RecordArrival(gameId,
                id, actor, at, side(body == null ? null : body.side())));
    }

    @POST
    @Path("/{gameId}/add-time")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.RULE)
    public Response addTime(@PathParam("gameId") String gameId, ClockRequests.Time body) {
        return send(gameId, Permission.RULE, null,
                (id, at, actor) -> new ClockCommand.AddTime(gameId, id, actor, at, side(body.side()), millis(body),
                        text(body.article()), text(body.reason())));
    }

    @POST
    @Path("/{gameId}/deduct-time")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.RULE)
    public Response deductTime(@PathParam("gameId") String gameId, ClockRequests.Time body) {
        return send(gameId, Permission.RULE, null,
                (id, at, actor) -> new ClockCommand.DeductTime(gameId, id, actor, at, side(body.side()), millis(body),
                        text(body.article()), text(body.reason())));
    }

    /**
     * Any clock command (SetTimes, ApplyProportionalTimes, CorrectMoveCounter, AdjournGame,
     * DeclareOverstepNotProvable, ReportBothFlagsDown, IntroduceQuickplayIncrement ...) as a command
     * envelope in the wire form of contracts/README.md; its id is kept (a retry is a duplicate). The envelope's and
     * the command's actor and {@code at} are replaced by the verified caller and the time the request arrived.
     */
    @POST
    @Path("/{gameId}/commands")
    @Consumes(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded({Permission.CONTROL_CLOCK, Permission.PRESS_CLOCK, Permission.RULE})
    public Response command(@PathParam("gameId") String gameId, String envelopeJson) {
        Envelope envelope;
        try {
            envelope = codec.decode(envelopeJson == null ? "" : envelopeJson);
        } catch (DecodingException | IllegalArgumentException e) {
            return problem(Response.Status.BAD_REQUEST, "not a command envelope: " + e.getMessage());
        }
        if (!(envelope.payload() instanceof ClockCommand command)) {
            return problem(Response.Status.BAD_REQUEST, "not a clock command: "
                    + codec.catalog().entryOf(envelope.payload()).type());
        }
        if (!gameId.equals(envelope.aggregateId()) || !gameId.equals(command.gameId())) {
            return problem(Response.Status.BAD_REQUEST, "the envelope (" + envelope.aggregateId() + ") and the command ("
                    + command.gameId() + ") must both name the game of the path, " + gameId);
        }
        long at = System.currentTimeMillis();
        Actor actor = authorise(gameId, permissionOf(command), command instanceof ClockCommand.PressClock p ? p.side() : null);
        return publish(envelope.eventId(), ClockCommands.withActorAndTime(command, actor, at));
    }

    // ------------------------------------------------------------------ helpers

    /** The permission each clock command needs (README "Routes and roles"). */
    static Permission permissionOf(ClockCommand command) {
        return switch (command) {
            case ClockCommand.PressClock c -> Permission.PRESS_CLOCK;
            case ClockCommand.StartClock c -> Permission.CONTROL_CLOCK;
            case ClockCommand.PauseClock c -> Permission.CONTROL_CLOCK;
            case ClockCommand.ResumeClock c -> Permission.CONTROL_CLOCK;
            case ClockCommand.StopClock c -> Permission.CONTROL_CLOCK;
            case ClockCommand.RecordArrival c -> Permission.CONTROL_CLOCK;
            case ClockCommand.CheckFlag c -> Permission.CONTROL_CLOCK;
            case ClockCommand.CheckDefault c -> Permission.CONTROL_CLOCK;
            case ClockCommand.AdjournGame c -> Permission.CONTROL_CLOCK;
            case ClockCommand.ResumeSession c -> Permission.CONTROL_CLOCK;
            default -> Permission.RULE; // times, counters, penalties, quickplay increments, cancellation: FIDE 2018 12
        };
    }

    @FunctionalInterface
    interface CommandMaker {
        ClockCommand make(String commandId, long at, Actor actor);
    }

    /** The verified caller's actor for this command on this game's scope, or 401/403/404 saying why not. */
    private Actor authorise(String gameId, Permission permission, Side acting) {
        if (gameId == null || gameId.isBlank()) {
            throw Refusal.notFound("gameId: missing");
        }
        Scope scope = games.scopeOf(gameId, java.time.Duration.ofSeconds(3)).orElseThrow(() -> Refusal.notFound(
                "no game " + gameId + ": a clock belongs to a game the game service started"));
        return guard.authorise(permission, acting == null ? scope : scope.by(acting));
    }

    /** The time is the edge's: when the request arrived, never a time the caller names. */
    private Response send(String gameId, Permission permission, Side acting, CommandMaker maker) {
        long when = System.currentTimeMillis();
        UUID id = UUID.randomUUID();
        try {
            maker.make(id.toString(), when, Actor.system("edge")); // the body first: a bad one is a 400 for anyone
        } catch (IllegalArgumentException | NullPointerException e) {
            return problem(Response.Status.BAD_REQUEST, e.getMessage() == null ? "missing request body" : e.getMessage());
        }
        return publish(id, maker.make(id.toString(), when, authorise(gameId, permission, acting)));
    }

    private Response publish(UUID id, ClockCommand command) {
        try {
            publisher.send(id, command).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return problem(Response.Status.SERVICE_UNAVAILABLE, "the broker did not take the command: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return problem(Response.Status.SERVICE_UNAVAILABLE, "interrupted while sending the command");
        }
        return Response.accepted(new Accepted(id.toString(), command.gameId(), command.getClass().getSimpleName(),
                command.at())).build();
    }

    private static Side side(String text) {
        if (text == null) {
            throw new IllegalArgumentException("side: missing (WHITE or BLACK)");
        }
        return enumValue(Side.class, "side", text);
    }

    private static long millis(ClockRequests.Time body) {
        if (body.millis() == null) {
            throw new IllegalArgumentException("millis: missing");
        }
        return body.millis();
    }

    private static String reason(ClockRequests.Reason body) {
        return body == null || body.reason() == null ? "" : body.reason();
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }

    private static <T extends Enum<T>> T enumValue(Class<T> type, String field, String text) {
        try {
            return Enum.valueOf(type, text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(field + ": '" + text + "' is not one of "
                    + java.util.Arrays.toString(type.getEnumConstants()));
        }
    }

    private static Response problem(Response.Status status, String message) {
        return Response.status(status).entity(new Problem(message)).type(MediaType.APPLICATION_JSON).build();
    }

}
