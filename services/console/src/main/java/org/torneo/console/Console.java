package org.torneo.console;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jakarta.annotation.security.PermitAll;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;

import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.common.annotation.Blocking;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.multipart.FileUpload;
import org.torneo.contracts.tournament.Hall;
import org.torneo.entries.CsvEntries;
import org.torneo.entries.EntryFiles;
import org.torneo.entries.EntryList;
import org.torneo.entries.EntryProblem;
import org.torneo.entries.FideRatingList;
import org.torneo.entries.PlayerEntry;
import org.torneo.entries.TrfEntries;
import org.torneo.identity.Account;
import org.torneo.identity.AccountRole;
import org.torneo.identity.Permission;
import org.torneo.identity.Scope;
import org.torneo.identity.TournamentAuthority;
import org.torneo.identity.Verdict;
import org.torneo.platform.edge.auth.EdgeGuard;
import org.torneo.platform.edge.auth.Guarded;

/**
 * The console's pages (issue 18, first slice): an organiser creates a tournament, imports one from a TRF, registers
 * players and appoints arbiters; the chief arbiter pairs (the pairing service publishes as it pairs) and closes
 * rounds; a hall arbiter enters his hall's results in one field. Every action is the service's route called with the
 * signed-in user's access token ({@link PairingApi}, {@link GameApi}): the services decide and record; the console
 * shows their answer. It shows a form only to an account the tournament's offices allow it (folded from
 * torneo.tournament by {@link EdgeGuard}, the same rules as the services'), and answers 403 itself for another hall's
 * entry screen. Reads are public as the services' are.
 */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class Console {

    /** How long a page waits for a service to have decided what it was asked (its events are asynchronous). */
    static final Duration DECISION_WAIT = Duration.ofSeconds(15);

    @Inject
    @RestClient
    PairingApi pairing;

    @Inject
    @RestClient
    GameApi games;

    @Inject
    EdgeGuard guard;

    /** The app's Prometheus registry (README "Metrics"). */
    @Inject
    io.micrometer.core.instrument.MeterRegistry meters;

    @Inject
    SecurityIdentity identity;

    @Inject
    ObjectMapper json;

    @Inject
    Refusals refusals;

    /** Forbidden pairs and changes to published rounds (the chief arbiter's pages). */
    @Inject
    PairingRecords pairingRecords;

    /**
     * The feed's public address (the spectators' site): the tournament page links the feed's printed lists there (the
     * alphabetical pairing list, the standings ...), which the console does not render twice.
     */
    @org.eclipse.microprofile.config.inject.ConfigProperty(name = "torneo.console.feed-url",
            defaultValue = "http://localhost:8085")
    String feedUrl;

    /**
     * The time zone the pages give times in (the venue's, e.g. Europe/Madrid; an IANA zone id), by default the
     * machine's: a change recorded to a round is shown at the venue's time, not as a UTC instant.
     */
    @org.eclipse.microprofile.config.inject.ConfigProperty(name = "torneo.console.time-zone")
    Optional<String> timeZone;

    /** The electronic scoresheets' alerts (issue 20), shown on the hall's claims page. */
    @Inject
    SheetLog sheetLog;

    /** A scoresheet alert of a board, for the claims page ({@code text}: its detail in the user's words). */
    public record SheetAlert(int board, int moveNumber, String kind, String text) {
    }

    @Inject
    Template home;

    @Inject
    Template create;

    @Inject
    Template tournament;

    @Inject
    Template round;

    @Inject
    Template entry;

    @Inject
    Template problem;

    @Inject
    @io.quarkus.qute.Location("entries")
    Template entriesTemplate;

    @Inject
    @io.quarkus.qute.Location("claims")
    Template claimsTemplate;

    @Inject
    @io.quarkus.qute.Location("me")
    Template meTemplate;

    @Inject
    @io.quarkus.qute.Location("event")
    Template eventTemplate;

    @Inject
    @io.quarkus.qute.Location("checkin")
    Template checkInTemplate;

    /** The request's language and signed-in account, and what every page shows in its header. */
    record Context(Words words, boolean explicitLanguage, Account account, String path) {
        Map<String, Object> data() {
            Map<String, Object> data = new HashMap<>();
            data.put("t", words.map());
            data.put("lang", words.code());
            data.put("other", words == Words.ES ? "en" : "es");
            data.put("otherName", words == Words.ES ? "English" : "Español");
            data.put("user", account == null ? null : account.id());
            data.put("path", path);
            return data;
        }
    }

    private Context context(String lang, String cookie, String accept, String path) {
        Account account = null;
        if (identity != null && !identity.isAnonymous()) {
            try {
                account = guard.account();
            } catch (RuntimeException e) {
                account = null; // a session without an account name: shown as signed out
            }
        }
        return new Context(Words.choose(lang, cookie, accept), Words.of(lang) != null, account, path);
    }

    private Response page(Context c, Template template, Response.Status status, Map<String, Object> extra) {
        Map<String, Object> data = c.data();
        data.putAll(extra);
        TemplateInstance instance = template.instance();
        data.forEach(instance::data);
        Response.ResponseBuilder response = Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(instance.render());
        if (c.explicitLanguage()) {
            response.cookie(new NewCookie.Builder(Words.COOKIE).value(c.words().code()).path("/")
                    .maxAge(365 * 24 * 3600).sameSite(NewCookie.SameSite.LAX).build());
        }
        return response.build();
    }

    private Response problem(Context c, Response.Status status, String title, String message) {
        return page(c, problem, status, Map.of("title", title, "message", message));
    }

    private static Response seeOther(String path) {
        return Response.seeOther(URI.create(path)).build();
    }

    // ------------------------------------------------------------------------------------------ home, sign-in

    @GET
    @PermitAll
    @Blocking
    public Response index(@QueryParam("lang") String lang, @CookieParam(Words.COOKIE) String cookie,
                          @HeaderParam("Accept-Language") String accept) {
        Context c = context(lang, cookie, accept, "/");
        Call answer = call(() -> pairing.tournaments(1000));
        List<Views.TournamentLine> lines = answer.ok() ? tournamentLines(c.words(), answer.body()) : List.of();
        boolean organiser = c.account() != null && c.account().has(AccountRole.ORGANISER);
        return page(c, home, Response.Status.OK, Map.of("tournaments", lines, "events", byEvent(lines),
                "organiser", organiser, "serviceError", answer.ok() ? "" : answer.error()));
    }

    /**
     * The pairing service's tournament rows as lines, the system in the user's words ("Swiss, FIDE Dutch system", not
     * the service's code); a row without an event (written before) is its own event.
     */
    private static List<Views.TournamentLine> tournamentLines(Words words, JsonNode rows) {
        List<Views.TournamentLine> lines = new ArrayList<>();
        for (JsonNode t : rows) {
            String tid = t.path("tournamentId").asText();
            String name = t.path("name").asText();
            String eventId = t.path("eventId").asText("");
            String eventName = t.path("eventName").asText("");
            lines.add(new Views.TournamentLine(tid, name, systemName(words, t.path("pairingSystem").asText()),
                    t.path("totalRounds").asInt(),
                    t.path("lastRound").asInt(), t.path("players").asInt(), eventId.isBlank() ? tid : eventId,
                    eventName.isBlank() ? name : eventName));
        }
        return lines;
    }

    /** The tournaments grouped by their event, events in the order of their first tournament's id. */
    private static List<Views.EventGroup> byEvent(List<Views.TournamentLine> lines) {
        Map<String, List<Views.TournamentLine>> groups = new java.util.LinkedHashMap<>();
        lines.forEach(line -> groups.computeIfAbsent(line.eventId(), e -> new ArrayList<>()).add(line));
        List<Views.EventGroup> events = new ArrayList<>();
        groups.forEach((event, tournaments) -> events.add(new Views.EventGroup(event, tournaments.get(0).eventName(),
                List.copyOf(tournaments))));
        return events;
    }

    /**
     * An event's page: its tournaments (e.g. Open A, B, C) with links, seen by everyone as the tournaments are. An
     * event is the tournaments that name it (tournament.TournamentCreated version 2); none: 404.
     */
    @GET
    @Path("events/{event}")
    @PermitAll
    @Blocking
    public Response event(@PathParam("event") String event, @QueryParam("lang") String lang,
                          @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Context c = context(lang, cookie, accept, "/events/" + event);
        Call answer = call(() -> pairing.tournaments(1000));
        if (!answer.ok()) {
            return problem(c, Response.Status.BAD_GATEWAY, c.words().get("notFound"), answer.error());
        }
        List<Views.TournamentLine> tournaments = tournamentLines(c.words(), answer.body()).stream()
                .filter(line -> line.eventId().equals(event)).toList();
        if (tournaments.isEmpty()) {
            return problem(c, Response.Status.NOT_FOUND, c.words().get("notFound"), "event '" + event
                    + "': no tournament belongs to it");
        }
        boolean organiser = c.account() != null && c.account().has(AccountRole.ORGANISER);
        return page(c, eventTemplate, Response.Status.OK, Map.of("event", event, "eventName",
                tournaments.get(0).eventName(), "tournaments", tournaments, "organiser", organiser));
    }

    /** Starts the sign-in (the path needs an account: quarkus-oidc sends the browser to the provider), then home. */
    @GET
    @Path("signin")
    @PermitAll
    public Response signIn() {
        return seeOther("/");
    }

    // ------------------------------------------------------------------------------------------ organiser

    @GET
    @Path("new")
    @Authenticated
    @Guarded(Permission.CREATE_TOURNAMENT)
    @Blocking
    public Response newTournament(@QueryParam("event") String event, @QueryParam("lang") String lang,
                                  @CookieParam(Words.COOKIE) String cookie,
                                  @HeaderParam("Accept-Language") String accept) {
        Context c = context(lang, cookie, accept, "/new");
        if (event == null || event.isBlank()) {
            return page(c, create, Response.Status.OK, Map.of("error", "", "form", form()));
        }
        // another tournament of an existing event (the event page's link): its id and name filled in
        Call answer = call(() -> pairing.tournaments(1000));
        String eventName = answer.ok() ? tournamentLines(c.words(), answer.body()).stream()
                .filter(line -> line.eventId().equals(event.strip())).map(Views.TournamentLine::eventName)
                .findFirst().orElse("") : "";
        return page(c, create, Response.Status.OK, Map.of("error", "", "form", form("eventId", event.strip(),
                "eventName", eventName)));
    }

    @POST
    @Path("new")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.CREATE_TOURNAMENT)
    @Blocking
    public Response createTournament(@FormParam("id") String id, @FormParam("name") String name,
                                     @FormParam("system") String system, @FormParam("rounds") String rounds,
                                     @FormParam("ruleset") String ruleset, @FormParam("halls") String halls,
                                     @FormParam("timeControl") String timeControl,
                                     @FormParam("eventId") String eventId, @FormParam("eventName") String eventName,
                                     @FormParam("maxHalfPointByes") String maxHalfPointByes,
                                     @FormParam("noByeLastRounds") String noByeLastRounds,
                                     @FormParam("lastEntryRound") String lastEntryRound,
                                     @CookieParam(Words.COOKIE) String cookie,
                                     @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/new");
        Map<String, String> form = form("id", id, "name", name, "system", system, "rounds", rounds,
                "ruleset", ruleset, "halls", halls, "timeControl", timeControl, "eventId", eventId,
                "eventName", eventName, "maxHalfPointByes", maxHalfPointByes, "noByeLastRounds", noByeLastRounds,
                "lastEntryRound", lastEntryRound);
        ObjectNode body = json.createObjectNode();
        try {
            body.put("tournamentId", required(id, "tournament id"));
            if (!id.strip().matches("[A-Za-z0-9][A-Za-z0-9_-]{0,63}")) {
                throw new ConsoleText.Invalid("tournament id: '" + id.strip() + "' may hold only letters, digits,"
                        + " - and _ (at most 64, first a letter or digit)");
            }
            body.put("tournamentId", id.strip());
            body.put("name", required(name, "name"));
            body.put("system", required(system, "pairing system"));
            int roundCount = number(rounds, "rounds", 1, 99);
            body.put("rounds", roundCount);
            organiserSettings(body, eventId, eventName, maxHalfPointByes, noByeLastRounds, lastEntryRound, roundCount);
            body.put("rulesetId", ruleset == null || ruleset.isBlank() ? "FIDE_2018" : ruleset.strip());
            body.set("halls", ConsoleText.halls(halls));
            ObjectNode control = ConsoleText.timeControl(timeControl);
            if (control != null) {
                body.set("timeControl", control);
            }
        } catch (ConsoleText.Invalid e) {
            return page(c, create, Response.Status.BAD_REQUEST, Map.of("error", e.getMessage(), "form", form));
        }
        String commandId = body.put("commandId", UUID.randomUUID().toString()).path("commandId").asText();
        Call answer = call(() -> pairing.create(body));
        if (!answer.ok()) {
            return page(c, create, status(answer), Map.of("error", answer.error(), "form", form));
        }
        String tid = id.strip();
        // the tournament page shows the organiser's forms from the console's own view of the offices (the tournament
        // topic), which may trail the pairing service's answer: wait for both, or the organiser lands on a page
        // without his forms
        String outcome = outcome(commandId, () -> call(() -> pairing.tournament(tid)).ok() && offices(tid).created());
        if (outcome == null || !outcome.isEmpty()) {
            return page(c, create, Response.Status.CONFLICT, Map.of("error", "create " + tid + ": " + (outcome != null
                    ? outcome : "the pairing service took the command but has not created the tournament within "
                    + DECISION_WAIT.toSeconds() + " s"), "form", form));
        }
        return seeOther("/t/" + tid + "?done=created");
    }

    @POST
    @Path("import")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.IMPORT_TRF)
    @Blocking
    public Response importTrf(@FormParam("id") String id, @FormParam("system") String system,
                              @FormParam("trf") String trf, @CookieParam(Words.COOKIE) String cookie,
                              @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/new");
        Map<String, String> form = form("importId", id, "importSystem", system, "trf", trf);
        if (id == null || id.isBlank()) {
            return page(c, create, Response.Status.BAD_REQUEST, Map.of("error",
                    "TRF import: the tournament id is required", "form", form));
        }
        String tid = id.strip();
        Call answer = call(() -> pairing.importTrf(tid, system == null ? "" : system.strip(), nz(trf)));
        if (!answer.ok()) {
            return page(c, create, status(answer), Map.of("error", "TRF import: " + answer.error(), "form", form));
        }
        // the import is a stream of commands (create, one registration per player, the rounds): done once the
        // tournament holds every player of the file, unless the service refused its last command
        long filePlayers = nz(trf).lines().filter(line -> line.startsWith("001")).count();
        String outcome = outcome(answer.body().path("lastCommandId").asText(), () -> players(tid) >= filePlayers);
        if (outcome == null || !outcome.isEmpty()) {
            return page(c, create, Response.Status.CONFLICT, Map.of("error", "TRF import " + tid + ": " + (outcome
                    != null ? outcome : "the tournament does not hold the file's " + filePlayers + " players after "
                    + DECISION_WAIT.toSeconds() + " s"), "form", form));
        }
        return seeOther("/t/" + tid + "?done=imported");
    }

    // ------------------------------------------------------------------------------------------ a tournament

    @GET
    @Path("t/{id}")
    @PermitAll
    @Blocking
    public Response tournament(@PathParam("id") String id, @QueryParam("done") String done,
                               @QueryParam("lang") String lang, @CookieParam(Words.COOKIE) String cookie,
                               @HeaderParam("Accept-Language") String accept) {
        Context c = context(lang, cookie, accept, "/t/" + id);
        return tournamentPage(c, id, Response.Status.OK, done, "");
    }

    /**
     * The tournament's event (with a link to its page), the organiser's bye rules and entry deadline, the byes requested
     * for rounds to come, and the bye form for the chief arbiter (any player) or a linked player (his own).
     */
    private void organiserSettingsData(Context c, String id, JsonNode row, TournamentAuthority offices,
                                       List<Views.PlayerLine> players, Map<String, Object> data) {
        String eventId = row.path("eventId").asText("");
        data.put("eventId", eventId.isBlank() ? id : eventId);
        String eventName = row.path("eventName").asText("");
        data.put("eventName", eventName.isBlank() ? row.path("name").asText() : eventName);
        JsonNode max = row.path("maxHalfPointByes");
        data.put("maxByes", max.isNumber() ? max.asText() : c.words().get("noLimit"));
        int closed = row.path("noHalfPointByeLastRounds").asInt(0);
        data.put("noByeRounds", closed == 0 ? c.words().get("noneRounds") : String.valueOf(closed));
        JsonNode last = row.path("lastEntryRound");
        data.put("entryDeadline", last.isNumber() ? c.words().get("round") + " " + last.asText()
                : c.words().get("noDeadline"));
        Map<String, String> names = new HashMap<>();
        players.forEach(p -> names.put(p.id(), p.name()));
        data.put("requestedByes", pairingRecords.byes(id).stream().map(b -> new Views.RequestedBye(b.playerId(),
                names.getOrDefault(b.playerId(), b.playerId()), b.round(), c.words().get(b.kind()), b.by())).toList());
        boolean chief = may(c, Permission.REQUEST_BYE, Scope.tournament(id));
        String own = c.account() == null ? "" : offices.playerOf(c.account().id()).orElse("");
        data.put("mayRequestBye", chief || !own.isEmpty());
        data.put("byePlayer", chief ? "" : own);
    }

    private Response tournamentPage(Context c, String id, Response.Status status, String done, String error) {
        Call t = call(() -> pairing.tournament(id));
        if (!t.ok()) {
            return problem(c, t.status() == 404 ? Response.Status.NOT_FOUND : Response.Status.BAD_GATEWAY,
                    c.words().get("notFound"), t.error());
        }
        Call players = call(() -> pairing.players(id));
        List<Views.PlayerLine> playerLines = new ArrayList<>();
        if (players.ok()) {
            for (JsonNode p : players.body()) {
                playerLines.add(playerLine(p));
            }
        }
        TournamentAuthority offices = offices(id);
        List<Views.HallLine> halls = new ArrayList<>();
        for (Hall h : offices.halls()) {
            halls.add(new Views.HallLine(h.name(), h.firstBoard(), h.lastBoard(), may(c, Permission.RULE,
                    Scope.hall(id, h.name()))));
        }
        List<Views.ArbiterLine> arbiters = new ArrayList<>();
        new java.util.TreeMap<>(offices.arbiters()).forEach((account, appointment) -> arbiters.add(
                new Views.ArbiterLine(account, appointment.chief() ? c.words().get("chief")
                        : String.join(", ", new TreeSet<>(appointment.halls())))));
        int lastRound = t.body().path("lastRound").asInt();
        List<Views.RoundLink> rounds = new ArrayList<>();
        for (int r = 1; r <= lastRound; r++) {
            rounds.add(new Views.RoundLink(r, r == lastRound));
        }
        Map<String, Object> data = new HashMap<>();
        data.put("id", id);
        data.put("name", t.body().path("name").asText());
        data.put("system", systemName(c.words(), t.body().path("pairingSystem").asText()));
        data.put("ruleset", rulesetName(t.body().path("rulesetId").asText()));
        data.put("totalRounds", t.body().path("totalRounds").asInt());
        data.put("lastRound", lastRound);
        data.put("lastRoundClosed", t.body().path("lastRoundClosed").asBoolean());
        data.put("print", feedUrl.replaceAll("/+$", "") + "/t/" + java.net.URLEncoder.encode(id,
                java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20") + "/print");
        data.put("organiser", offices.organiser() == null ? "" : offices.organiser());
        data.put("players", playerLines);
        data.put("halls", halls);
        data.put("arbiters", arbiters);
        data.put("rounds", rounds);
        data.put("mayRegister", may(c, Permission.REGISTER_PLAYER, Scope.tournament(id)));
        data.put("titles", ConsoleText.TITLES);
        data.put("mayAppoint", may(c, Permission.APPOINT_ARBITER, Scope.tournament(id)));
        data.put("mayLink", may(c, Permission.LINK_PLAYER_ACCOUNT, Scope.tournament(id)));
        data.put("mayWithdraw", may(c, Permission.WITHDRAW_PLAYER, Scope.tournament(id)));
        organiserSettingsData(c, id, t.body(), offices, playerLines, data);
        // the check-in page: any arbiter of the tournament (the desk) or its player (his button), until round 1 is paired
        data.put("mayCheckIn", lastRound == 0 && c.account() != null
                && (offices.appointment(c.account().id()).isPresent() || offices.playerOf(c.account().id()).isPresent()));
        data.put("mayDelay", may(c, Permission.SET_BROADCAST_DELAY, Scope.tournament(id)));
        data.put("delay", refusals.delayOf(id).map(d -> switch (d.mode()) {
            case NONE -> c.words().get("delayNone");
            case FIXED -> d.seconds() % 60 == 0 ? d.seconds() / 60 + " " + c.words().get("delayMinutes")
                    : d.seconds() + " s";
            case AFTER_GAME -> c.words().get("delayAfterGame");
        }).orElse(c.words().get("delayNone")));
        data.put("mayPair", may(c, Permission.PAIR_ROUND, Scope.tournament(id))
                && lastRound < t.body().path("totalRounds").asInt()
                && (lastRound == 0 || t.body().path("lastRoundClosed").asBoolean()));
        forbiddenPairsData(c, id, data);
        data.put("done", done == null ? "" : c.words().get(done));
        data.put("error", error);
        return page(c, tournament, status, data);
    }

    @POST
    @Path("t/{id}/players")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.REGISTER_PLAYER)
    @Blocking
    public Response register(@PathParam("id") String id, @FormParam("playerId") String playerId,
                             @FormParam("name") String name, @FormParam("rating") String rating,
                             @FormParam("title") String title, @FormParam("federation") String federation,
                             @FormParam("joinsRound") String joinsRound,
                             @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id);
        ObjectNode body = json.createObjectNode();
        try {
            body.put("playerId", required(playerId, "player id"));
            body.put("name", required(name, "name"));
            body.put("rating", rating == null || rating.isBlank() ? 0 : number(rating, "rating", 0, 3500));
            body.put("title", ConsoleText.title(title));
            body.put("federation", ConsoleText.federation(federation));
            // a late entry joins the round given, else the first round not yet paired; the pairing service refuses it
            // after the organiser's entry deadline
            if (joinsRound != null && !joinsRound.isBlank()) {
                body.put("joinsRound", number(joinsRound, "joins round", 1, 99));
            } else {
                Call t = call(() -> pairing.tournament(id));
                body.put("joinsRound", t.ok() ? t.body().path("lastRound").asInt() + 1 : 1);
            }
        } catch (ConsoleText.Invalid e) {
            return tournamentPage(c, id, Response.Status.BAD_REQUEST, null, "register: " + e.getMessage());
        }
        int before = players(id);
        String commandId = body.put("commandId", UUID.randomUUID().toString()).path("commandId").asText();
        Call answer = call(() -> pairing.register(id, body));
        if (!answer.ok()) {
            return tournamentPage(c, id, status(answer), null, "register: " + answer.error());
        }
        String outcome = outcome(commandId, () -> players(id) > before);
        if (outcome == null || !outcome.isEmpty()) {
            return tournamentPage(c, id, Response.Status.CONFLICT, null, "register " + playerId.strip() + ": "
                    + (outcome != null ? outcome : "the pairing service took the registration but did not record it"
                    + " within " + DECISION_WAIT.toSeconds() + " s"));
        }
        return seeOther("/t/" + id + "?done=registered");
    }

    // ------------------------------------------------------------------------------------------ registration from a file

    /**
     * The preview of an entry file pasted as text (a CSV, or lines of FIDE's TXT rating list with its header): who
     * would be registered and every bad line with its line, column and field. Nothing is registered here.
     */
    @POST
    @Path("t/{id}/players/import")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.REGISTER_PLAYER)
    @Blocking
    public Response previewEntries(@PathParam("id") String id, @FormParam("format") String format,
                                   @FormParam("text") String text, @FormParam("fideIds") String fideIds,
                                   @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id);
        return entriesPage(c, id, format, nz(text), fideIds, "");
    }

    /** The same preview of an uploaded file (the tournament page's form): UTF-8 or Latin-1, as {@link EntryFiles}. */
    @POST
    @Path("t/{id}/players/import")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Authenticated
    @Guarded(Permission.REGISTER_PLAYER)
    @Blocking
    public Response previewUploadedEntries(@PathParam("id") String id, @RestForm("format") String format,
                                           @RestForm("file") FileUpload file, @RestForm("fideIds") String fideIds,
                                           @CookieParam(Words.COOKIE) String cookie,
                                           @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id);
        String text;
        try {
            text = file == null || file.uploadedFile() == null ? ""
                    : EntryFiles.decode(java.nio.file.Files.readAllBytes(file.uploadedFile()));
        } catch (java.io.IOException e) {
            return tournamentPage(c, id, Response.Status.BAD_REQUEST, null, "import players: the uploaded file could "
                    + "not be read: " + e.getMessage());
        }
        return entriesPage(c, id, format, text, fideIds, "");
    }

    /**
     * Registers the previewed file's players: refused while a line has a problem unless the organiser ticked "skip the
     * lines with errors" (those lines are then not registered), and for a player already registered.
     */
    @POST
    @Path("t/{id}/players/import/confirm")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.REGISTER_PLAYER)
    @Blocking
    public Response registerEntries(@PathParam("id") String id, @FormParam("format") String format,
                                    @FormParam("text") String text, @FormParam("fideIds") String fideIds,
                                    @FormParam("skip") String skip, @CookieParam(Words.COOKIE) String cookie,
                                    @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id);
        Response refused = mayRegister(c, id);
        if (refused != null) {
            return refused;
        }
        EntryList list = entries(id, format, nz(text), fideIds);
        if (list.entries().isEmpty()) {
            return entriesPage(c, id, format, nz(text), fideIds, "import players: no line of the file can be"
                    + " registered");
        }
        if (!list.problems().isEmpty() && !"on".equals(skip) && !"yes".equals(skip)) {
            return entriesPage(c, id, format, nz(text), fideIds, "import players: " + list.badLines() + " line(s) have"
                    + " errors; nothing was registered. Fix them and preview again, or tick 'skip the lines with errors'");
        }
        int before = players(id);
        List<String[]> sent = new ArrayList<>();
        for (PlayerEntry e : list.entries()) {
            ObjectNode body = json.createObjectNode();
            body.put("playerId", e.playerId()).put("name", e.name()).put("rating", e.rating()).put("title", e.title())
                    .put("federation", e.federation());
            String commandId = body.put("commandId", UUID.randomUUID().toString()).path("commandId").asText();
            Call answer = call(() -> pairing.register(id, body));
            if (!answer.ok()) {
                return tournamentPage(c, id, status(answer), null, "import players, line " + e.line() + " ("
                        + e.playerId() + "): " + answer.error() + (sent.isEmpty() ? "; nothing was registered"
                        : "; the " + sent.size() + " line(s) before it were sent to be registered"));
            }
            sent.add(new String[] {commandId, "line " + e.line() + " (" + e.playerId() + ")"});
        }
        String outcome = outcome(sent.get(sent.size() - 1)[0], () -> players(id) >= before + sent.size());
        List<String> refusedLines = new ArrayList<>();
        for (String[] s : sent) {
            refusals.of(s[0]).ifPresent(reason -> refusedLines.add(s[1] + ": " + reason));
        }
        if (outcome == null || !refusedLines.isEmpty()) {
            return tournamentPage(c, id, Response.Status.CONFLICT, null, "import players: " + (refusedLines.isEmpty()
                    ? "the pairing service took the " + sent.size() + " registrations but did not record them within "
                    + DECISION_WAIT.toSeconds() + " s" : "refused " + String.join("; ", refusedLines)));
        }
        return seeOther("/t/" + id + "?done=playersImported");
    }

    /** The pairing system as the create form names it ("Swiss, FIDE Dutch system"), not the service's code. */
    static String systemName(Words words, String code) {
        String key = switch (code.toLowerCase(java.util.Locale.ROOT)) {
            case "dutch" -> "dutch";
            case "harkness" -> "harkness";
            case "roundrobin", "round-robin" -> "roundrobin";
            case "double-roundrobin", "double-round-robin" -> "doubleRoundrobin";
            default -> null;
        };
        return key == null ? code : words.get(key);
    }

    /** The Laws' edition as the create form names it: FIDE_2018_RAPID is "FIDE 2018 rapid", CODE_1970 "Code 1970". */
    static String rulesetName(String id) {
        return id.replace("FIDE_", "FIDE ").replace("CODE_", "Code ").replace("_RAPID", " rapid")
                .replace("_BLITZ", " blitz").replace('_', ' ');
    }

    private Response mayRegister(Context c, String id) {
        if (c.account() == null) {
            return problem(c, Response.Status.UNAUTHORIZED, c.words().get("forbidden"), "sign in first");
        }
        Verdict verdict = guard.verdict(c.account(), Permission.REGISTER_PLAYER, Scope.tournament(id));
        return verdict.denied() ? problem(c, Response.Status.FORBIDDEN, c.words().get("forbidden"), verdict.describe())
                : null;
    }

    /** The file's players and problems, a player the tournament already holds being a problem of his line. */
    private EntryList entries(String id, String format, String text, String fideIds) {
        EntryList read = "fide".equals(format) ? FideRatingList.read(text, new java.util.LinkedHashSet<>(
                java.util.Arrays.stream(nz(fideIds).split("[\\s,;]+")).filter(s -> !s.isEmpty()).toList()))
                : "trf".equals(format) ? TrfEntries.read(text) : CsvEntries.read(text);
        java.util.Set<String> registered = playerNames(id).keySet();
        List<PlayerEntry> entries = new ArrayList<>();
        List<EntryProblem> problems = new ArrayList<>(read.problems());
        for (PlayerEntry e : read.entries()) {
            if (registered.contains(e.playerId())) {
                problems.add(new EntryProblem(e.line(), 0, "player id", "'" + e.playerId() + "' (" + e.name()
                        + ") is already registered in " + id));
            } else {
                entries.add(e);
            }
        }
        problems.sort(java.util.Comparator.comparingInt(EntryProblem::line));
        return new EntryList(entries, problems);
    }

    private Response entriesPage(Context c, String id, String format, String text, String fideIds, String error) {
        Response refused = mayRegister(c, id);
        if (refused != null) {
            return refused;
        }
        String kind = "fide".equals(format) || "trf".equals(format) ? format : "csv";
        EntryList list = entries(id, kind, text, fideIds);
        Map<String, Object> data = new HashMap<>();
        data.put("id", id);
        data.put("name", tournamentName(id));
        data.put("format", kind);
        data.put("text", text);
        data.put("fideIds", nz(fideIds));
        data.put("entries", list.entries().stream().map(e -> new Views.EntryLine(e.line(), e.playerId(), e.name(),
                e.rating(), e.title(), e.federation(), e.birthYear() > 0 ? String.valueOf(e.birthYear()) : "",
                e.fideId())).toList());
        data.put("problems", list.problems().stream().map(EntryProblem::text).toList());
        data.put("badLines", list.badLines());
        data.put("error", error);
        return page(c, entriesTemplate, list.problems().isEmpty() && error.isEmpty() ? Response.Status.OK
                : Response.Status.BAD_REQUEST, data);
    }

    @POST
    @Path("t/{id}/arbiters")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded({Permission.APPOINT_CHIEF_ARBITER, Permission.APPOINT_ARBITER})
    @Blocking
    public Response appoint(@PathParam("id") String id, @FormParam("account") String account,
                            @FormParam("chief") String chief, @FormParam("halls") String halls,
                            @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id);
        ObjectNode body = json.createObjectNode();
        List<String> hallNames = ConsoleText.names(halls);
        try {
            body.put("account", required(account, "account"));
        } catch (ConsoleText.Invalid e) {
            return tournamentPage(c, id, Response.Status.BAD_REQUEST, null, "appoint: " + e.getMessage());
        }
        TournamentAuthority offices = offices(id);
        for (String hall : hallNames) {
            if (!offices.hasHall(hall)) {
                return tournamentPage(c, id, Response.Status.BAD_REQUEST, null, "appoint: halls: '" + hall
                        + "' is not a hall of " + id + " (its halls: " + offices.halls().stream().map(Hall::name)
                        .toList() + ")");
            }
        }
        boolean isChief = chief != null && !chief.isBlank();
        body.put("chief", isChief);
        hallNames.forEach(body.putArray("halls")::add);
        String commandId = body.put("commandId", UUID.randomUUID().toString()).path("commandId").asText();
        Call answer = call(() -> pairing.appoint(id, body));
        if (!answer.ok()) {
            return tournamentPage(c, id, status(answer), null, "appoint: " + answer.error());
        }
        String who = account.strip();
        String outcome = outcome(commandId, () -> offices(id).appointment(who)
                .map(a -> a.chief() == isChief && a.halls().equals(java.util.Set.copyOf(hallNames))).orElse(false));
        if (outcome == null || !outcome.isEmpty()) {
            return tournamentPage(c, id, Response.Status.CONFLICT, null, "appoint " + who + ": " + (outcome != null
                    ? outcome : "the pairing service took the appointment but did not record it within "
                    + DECISION_WAIT.toSeconds() + " s"));
        }
        return seeOther("/t/" + id + "?done=appointed");
    }

    // ------------------------------------------------------------------------------------------ chief arbiter

    @POST
    @Path("t/{id}/rounds/next")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.PAIR_ROUND)
    @Blocking
    public Response pairNext(@PathParam("id") String id, @CookieParam(Words.COOKIE) String cookie,
                             @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id);
        Call t = call(() -> pairing.tournament(id));
        if (!t.ok()) {
            return problem(c, Response.Status.NOT_FOUND, c.words().get("notFound"), t.error());
        }
        int next = t.body().path("lastRound").asInt() + 1;
        ObjectNode body = json.createObjectNode();
        String commandId = body.put("commandId", UUID.randomUUID().toString()).path("commandId").asText();
        Call answer = call(() -> pairing.pairNext(id, body));
        if (!answer.ok()) {
            return tournamentPage(c, id, status(answer), null, "pair round " + next + ": " + answer.error());
        }
        String outcome = outcome(commandId, () -> call(() -> pairing.round(id, next)).ok());
        if (outcome == null || !outcome.isEmpty()) {
            return tournamentPage(c, id, Response.Status.CONFLICT, null, "pair round " + next + ": " + (outcome != null
                    ? outcome : "the pairing service took the command but has not published the round within "
                    + DECISION_WAIT.toSeconds() + " s"));
        }
        return seeOther("/t/" + id + "/rounds/" + next);
    }

    @GET
    @Path("t/{id}/rounds/{round}")
    @PermitAll
    @Blocking
    public Response round(@PathParam("id") String id, @PathParam("round") int number, @QueryParam("done") String done,
                          @QueryParam("lang") String lang, @CookieParam(Words.COOKIE) String cookie,
                          @HeaderParam("Accept-Language") String accept) {
        Context c = context(lang, cookie, accept, "/t/" + id + "/rounds/" + number);
        return roundPage(c, id, number, Response.Status.OK, done == null ? "" : c.words().get(done), "");
    }

    private Response roundPage(Context c, String id, int number, Response.Status status, String done, String error) {
        Call r = call(() -> pairing.round(id, number));
        if (!r.ok()) {
            return problem(c, r.status() == 404 ? Response.Status.NOT_FOUND : Response.Status.BAD_GATEWAY,
                    c.words().get("notFound"), r.error());
        }
        Call players = call(() -> pairing.players(id));
        Map<String, String> names = players.ok() ? playerNames(players.body()) : new LinkedHashMap<>();
        Map<Integer, String> decided = gameResults(id, number);
        List<Views.HallBoards> halls = hallBoards(c.words(), r.body(), names, decided,
                hall -> may(c, Permission.RULE, Scope.hall(id, hall)));
        List<Views.ByeLine> byes = byeLines(c.words(), r.body(), names);
        boolean closed = r.body().path("closed").asBoolean();
        Map<String, Object> data = new HashMap<>();
        data.put("id", id);
        data.put("name", tournamentName(id));
        data.put("number", number);
        data.put("closed", closed);
        data.put("halls", halls);
        data.put("byes", byes);
        data.put("mayClose", !closed && may(c, Permission.CLOSE_ROUND, Scope.tournament(id)));
        // the correction form for an account that may correct a result in some hall of the tournament (its board's
        // hall is checked when the correction arrives)
        data.put("mayCorrect", c.account() != null && offices(id).halls().stream().anyMatch(h -> may(c,
                Permission.CORRECT_RESULT, Scope.hall(id, h.name()))));
        handChangesData(c, id, number, closed, players.ok() ? players.body() : json.createArrayNode(), data);
        data.put("done", done);
        data.put("error", error);
        return page(c, round, status, data);
    }

    /**
     * The round's boards by hall as the round page shows them, from the pairing service's round: players by name, the
     * game's result with the pairing's beside it when they differ. Static, so the round page's benchmark
     * (RoundPageBenchmarkTest) times the same code.
     */
    static List<Views.HallBoards> hallBoards(Words words, JsonNode round, Map<String, String> names,
                                             Map<Integer, String> decided, Predicate<String> mayEnter) {
        List<Views.HallBoards> halls = new ArrayList<>();
        round.path("halls").fields().forEachRemaining(hall -> {
            List<Views.BoardLine> boards = new ArrayList<>();
            for (JsonNode b : hall.getValue()) {
                boards.add(new Views.BoardLine(b.path("board").asInt(), name(names, b.path("white").asText()),
                        name(names, b.path("black").asText()), result(words, decided.get(b.path("board").asInt()), b),
                        ""));
            }
            halls.add(new Views.HallBoards(hall.getKey(), !hall.getKey().isEmpty() && mayEnter.test(hall.getKey()),
                    boards));
        });
        return halls;
    }

    /** A registered player (the pairing service's JSON) as the tournament page's player list shows him. */
    static Views.PlayerLine playerLine(JsonNode p) {
        return new Views.PlayerLine(p.path("pairingNumber").isNull() ? "" : p.path("pairingNumber").asText(),
                p.path("playerId").asText(), p.path("name").asText(), p.path("rating").asInt(),
                Points.shown(p.path("score").asText()), p.path("withdrawn").asBoolean(), p.path("title").asText(""),
                p.path("federation").asText(""));
    }

    /** The round's byes as the round page shows them: the kind in words (FIDE's terms), points with ½. */
    static List<Views.ByeLine> byeLines(Words words, JsonNode round, Map<String, String> names) {
        List<Views.ByeLine> byes = new ArrayList<>();
        for (JsonNode b : round.path("byes")) {
            byes.add(new Views.ByeLine(name(names, b.path("playerId").asText()),
                    HandChangeText.byeKind(words, b.path("kind").asText()), Points.shown(b.path("points").asText())));
        }
        return byes;
    }

    @POST
    @Path("t/{id}/rounds/{round}/close")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.CLOSE_ROUND)
    @Blocking
    public Response closeRound(@PathParam("id") String id, @PathParam("round") int number,
                               @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id + "/rounds/" + number);
        ObjectNode body = json.createObjectNode();
        String commandId = body.put("commandId", UUID.randomUUID().toString()).path("commandId").asText();
        Call answer = call(() -> pairing.close(id, number, body));
        if (!answer.ok()) {
            return roundPage(c, id, number, status(answer), "", "close round " + number + ": " + answer.error());
        }
        String outcome = outcome(commandId, () -> {
            Call r = call(() -> pairing.round(id, number));
            return r.ok() && r.body().path("closed").asBoolean();
        });
        if (outcome == null || !outcome.isEmpty()) {
            return roundPage(c, id, number, Response.Status.CONFLICT, "", "close round " + number + ": " + (outcome
                    != null ? outcome : "the pairing service took the command but the round is still open after "
                    + DECISION_WAIT.toSeconds() + " s"));
        }
        return seeOther("/t/" + id + "/rounds/" + number + "?done=closedRound");
    }

    // ------------------------------------------------------------------------------------------ hall arbiter

    @GET
    @Path("t/{id}/rounds/{round}/halls/{hall}")
    @Authenticated
    @Guarded(Permission.RULE)
    @Blocking
    public Response entryScreen(@PathParam("id") String id, @PathParam("round") int number,
                                @PathParam("hall") String hall, @QueryParam("lang") String lang,
                                @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Context c = context(lang, cookie, accept, "/t/" + id + "/rounds/" + number + "/halls/" + hall);
        Response refused = refusedHall(c, id, hall);
        return refused != null ? refused : entryPage(c, id, number, hall, Response.Status.OK, "", "", "");
    }

    @POST
    @Path("t/{id}/rounds/{round}/halls/{hall}")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.RULE)
    @Blocking
    public Response enterResult(@PathParam("id") String id, @PathParam("round") int number,
                                @PathParam("hall") String hall, @FormParam("entry") String typed,
                                @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id + "/rounds/" + number + "/halls/" + hall);
        Response refused = refusedHall(c, id, hall);
        if (refused != null) {
            return refused;
        }
        ResultEntry result;
        try {
            result = ResultEntry.parse(typed);
        } catch (ResultEntry.Malformed e) {
            return entryPage(c, id, number, hall, Response.Status.BAD_REQUEST, "", e.getMessage(), nz(typed));
        }
        List<JsonNode> hallGames = hallGames(id, number, hall);
        JsonNode game = hallGames.stream().filter(g -> g.path("board").asInt() == result.board()).findFirst()
                .orElse(null);
        if (game == null) {
            String boards = hallGames.isEmpty() ? "none" : hallGames.get(0).path("board").asInt() + "-"
                    + hallGames.get(hallGames.size() - 1).path("board").asInt();
            return entryPage(c, id, number, hall, Response.Status.BAD_REQUEST, "", "'" + typed.strip() + "': board "
                    + result.board() + " is not a board of hall " + hall + " in round " + number + " (its boards: "
                    + boards + ")", nz(typed));
        }
        String gameId = game.path("gameId").asText();
        ObjectNode ruling = json.createObjectNode();
        ruling.put("kind", "DECLARE_RESULT");
        ruling.put("article", "FIDE 2018 12.2.4"); // the arbiter records the result (the scoresheets signed, 8.7)
        ruling.put("details", "result entered on the console: " + typed.strip());
        ruling.put("result", result.outcome().name());
        // the boards are played with paper scoresheets: a result entered here is of a game played on the board
        // (FIDE 2018 8.7), though no move reached Torneo; a forfeit ('+', '-') is not played (the game says so)
        ruling.put("playedOverTheBoard", true);
        Call answer = call(() -> games.ruling(gameId, ruling));
        if (!answer.ok()) {
            return entryPage(c, id, number, hall, status(answer), "", "'" + typed.strip() + "': " + answer.error(),
                    nz(typed));
        }
        String commandId = answer.body().path("commandId").asText();
        Call outcome = await(() -> call(() -> games.command(commandId)),
                o -> o.ok() && !"PENDING".equals(o.body().path("status").asText()));
        if (outcome == null) {
            return entryPage(c, id, number, hall, Response.Status.ACCEPTED, "", "'" + typed.strip() + "': the game"
                    + " service took the result but has not decided it within " + DECISION_WAIT.toSeconds() + " s",
                    "");
        }
        if ("REJECTED".equals(outcome.body().path("status").asText())) {
            return entryPage(c, id, number, hall, Response.Status.CONFLICT, "", "'" + typed.strip() + "': board "
                    + result.board() + ": " + outcome.body().path("reason").asText(), nz(typed));
        }
        // the row shows the result once the game's projection has it: asked of the one game (the same projection row
        // as the hall's list), not of the hall's hundreds of games at each turn
        await(() -> call(() -> games.game(gameId)), g -> g.ok() && g.body().hasNonNull("result"));
        return entryPage(c, id, number, hall, Response.Status.OK, c.words().get("recorded") + ": " + result, "", "");
    }

    /** 403 (the console's own answer, from the same offices the game service checks) for another hall's screen. */
    private Response refusedHall(Context c, String id, String hall) {
        return refusedHall(c, id, hall, Permission.RULE);
    }

    private Response refusedHall(Context c, String id, String hall, Permission permission) {
        if (c.account() == null) {
            return problem(c, Response.Status.UNAUTHORIZED, c.words().get("forbidden"), "sign in first");
        }
        TournamentAuthority offices = offices(id);
        if (!offices.created()) {
            return problem(c, Response.Status.NOT_FOUND, c.words().get("notFound"), "no tournament " + id);
        }
        if (!offices.hasHall(hall)) {
            return problem(c, Response.Status.NOT_FOUND, c.words().get("notFound"), "tournament " + id
                    + " has no hall " + hall + " (its halls: " + offices.halls().stream().map(Hall::name).toList() + ")");
        }
        Verdict verdict = guard.verdict(c.account(), permission, Scope.hall(id, hall));
        if (verdict.denied()) {
            return problem(c, Response.Status.FORBIDDEN, c.words().get("forbidden"), verdict.describe());
        }
        return null;
    }

    private Response entryPage(Context c, String id, int number, String hall, Response.Status status, String done,
                               String error, String typed) {
        Map<String, String> names = playerNames(id);
        List<Views.BoardLine> boards = new ArrayList<>();
        for (JsonNode g : hallGames(id, number, hall)) {
            boards.add(new Views.BoardLine(g.path("board").asInt(), name(names, g.path("whitePlayerId").asText()),
                    name(names, g.path("blackPlayerId").asText()), g.path("result").isNull() ? ""
                    : g.path("result").asText(), g.path("gameId").asText()));
        }
        Map<String, Object> data = new HashMap<>();
        data.put("id", id);
        data.put("number", number);
        data.put("hall", hall);
        data.put("boards", boards);
        data.put("done", done);
        data.put("error", error);
        data.put("typed", typed);
        return page(c, entry, status, data);
    }

    // ------------------------------------------------------------------------------------------ claims and rulings

    /** The claims an arbiter records for a player (FIDE 2018 9.2, 9.3, III.4-5: claims are made to the arbiter, 7.5). */
    static final List<String> CLAIM_KINDS = List.of("THREEFOLD", "FIFTY_MOVES", "QUICKPLAY_FINISH",
            "QUICKPLAY_INCREMENT", "ILLEGAL_MOVE", "FLAG");
    /** The arbiter's decisions on a claim before him: uphold, reject, postpone (with or without two minutes). */
    static final List<String> DECISIONS = List.of("UPHOLD", "REJECT", "POSTPONE", "POSTPONE_BONUS");
    private static final List<String> SIDES = List.of("WHITE", "BLACK");
    /** The incidents the claims queue shows of a game (offers and results are the other screens'). */
    private static final java.util.Set<String> FILED = java.util.Set.of("CLAIM", "ILLEGAL_MOVE", "RULING", "TAKEBACK");

    @GET
    @Path("t/{id}/rounds/{round}/halls/{hall}/claims")
    @Authenticated
    @Guarded(Permission.RULE)
    @Blocking
    public Response claims(@PathParam("id") String id, @PathParam("round") int number, @PathParam("hall") String hall,
                           @QueryParam("done") String done, @QueryParam("lang") String lang,
                           @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Context c = context(lang, cookie, accept, claimsPath(id, number, hall));
        Response refused = refusedHall(c, id, hall, Permission.RULE);
        return refused != null ? refused : claimsPage(c, id, number, hall, Response.Status.OK,
                done == null ? "" : c.words().get(done), "", Map.of());
    }

    /** The arbiter records a claim a player made to him (or an illegal move claimed): the game service decides it. */
    @POST
    @Path("t/{id}/rounds/{round}/halls/{hall}/claims")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.CLAIM)
    @Blocking
    public Response recordClaim(@PathParam("id") String id, @PathParam("round") int number,
                                @PathParam("hall") String hall, @FormParam("board") String board,
                                @FormParam("side") String side, @FormParam("kind") String kind,
                                @FormParam("move") String move, @FormParam("ply") String ply,
                                @FormParam("whiteClock") String whiteClock, @FormParam("blackClock") String blackClock,
                                @FormParam("finalPeriod") String finalPeriod,
                                @FormParam("requirementMet") String requirementMet,
                                @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, claimsPath(id, number, hall));
        // an arbiter of the hall records any claim made to him; a player may file his own (CLAIM: the player of the
        // side), checked on the board's game below, as the game service does
        Response refused = refusedHall(c, id, hall, Permission.CLAIM);
        boolean arbiter = refused == null;
        if (refused != null && refused.getStatus() != Response.Status.FORBIDDEN.getStatusCode()) {
            return refused;
        }
        Map<String, String> form = Map.of("claimBoard", nz(board), "claimSide", nz(side), "claimKind", nz(kind),
                "claimMove", nz(move), "claimPly", nz(ply), "whiteClock", nz(whiteClock), "blackClock", nz(blackClock));
        JsonNode game;
        ObjectNode body = json.createObjectNode();
        boolean illegalMove;
        boolean flag;
        int boardNumber;
        try {
            boardNumber = number(board, "board", 1, 100_000);
            game = boardGame(id, number, hall, boardNumber);
            String by = oneOf(side, "side", SIDES);
            String claimKind = oneOf(kind, "claim", CLAIM_KINDS);
            illegalMove = claimKind.equals("ILLEGAL_MOVE");
            flag = claimKind.equals("FLAG");
            if (!arbiter) {
                Verdict verdict = guard.verdict(c.account(), Permission.CLAIM, Scope.game(id, hall, boardNumber,
                        game.path("whitePlayerId").asText(), game.path("blackPlayerId").asText())
                        .by(org.torneo.contracts.Side.valueOf(by)));
                if (verdict.denied()) {
                    return refused;
                }
            }
            Long white = Arbitration.clockMillis(whiteClock, "White's clock");
            Long black = Arbitration.clockMillis(blackClock, "Black's clock");
            if ((white == null) != (black == null)) {
                throw new ConsoleText.Invalid("clocks: give both White's and Black's clock, or neither");
            }
            if (flag) {
                // FIDE 2018 6.9: the claimant's opponent's flag fell; whether he had completed the moves of a period
                // that is not the last (6.4: then the game goes on) is the arbiter's reading of the scoresheets
                body.put("type", "game.ReportFlagFall");
                body.putObject("payload").put("side", by.equals("WHITE") ? "BLACK" : "WHITE")
                        .put("requirementMet", requirementMet != null && !requirementMet.isBlank())
                        .put("finalPeriod", finalPeriod != null && !finalPeriod.isBlank());
            } else if (illegalMove) {
                // FIDE 2018 7.5: the opponent claims the illegal move; the game records it with the edition's penalty
                body.put("type", "game.ReportIllegalMove");
                body.putObject("payload").put("ply", number(ply, "ply of the illegal move", 1, 10_000))
                        .put("reportedBy", by).put("details", "claimed by " + by.toLowerCase(java.util.Locale.ROOT)
                                + " to the arbiter (console)");
            } else {
                if (ply != null && !ply.isBlank()) {
                    throw new ConsoleText.Invalid("ply: only an illegal-move claim names the ply of the move");
                }
                body.put("by", by).put("kind", claimKind);
                if (move != null && !move.isBlank()) {
                    body.put("intendedMove", move.strip());
                }
                if (white != null) {
                    body.put("whiteMillis", white).put("blackMillis", black);
                }
            }
        } catch (ConsoleText.Invalid | Arbitration.Invalid e) {
            return arbiter ? claimsPage(c, id, number, hall, Response.Status.BAD_REQUEST, "", "record a claim: "
                    + e.getMessage(), form) : problem(c, Response.Status.BAD_REQUEST, c.words().get("error"),
                    "claim: " + e.getMessage());
        }
        String gameId = game.path("gameId").asText();
        String refusal = decided(illegalMove || flag ? () -> games.send(gameId, body) : () -> games.claim(gameId, body));
        if (!refusal.isEmpty()) {
            return arbiter ? claimsPage(c, id, number, hall, Response.Status.CONFLICT, "", "record a claim: board "
                    + boardNumber + ": " + refusal, form) : problem(c, Response.Status.CONFLICT, c.words().get("error"),
                    "claim on board " + boardNumber + ": " + refusal);
        }
        return arbiter ? seeOther(claimsPath(id, number, hall) + "?done=claimRecorded")
                : seeOther("/t/" + id + "/rounds/" + number + "?done=claimRecorded");
    }

    /**
     * The arbiter's decision on a claim before him (uphold, reject, postpone) and a penalty of the edition's catalogue
     * ({@link Arbitration#catalogue}), each through the game service's routes: the decision first, then the penalty.
     */
    @POST
    @Path("t/{id}/rounds/{round}/halls/{hall}/rulings")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.RULE)
    @Blocking
    public Response rule(@PathParam("id") String id, @PathParam("round") int number, @PathParam("hall") String hall,
                         @FormParam("board") String board, @FormParam("decision") String decision,
                         @FormParam("penalty") String penaltyKind, @FormParam("offender") String offender,
                         @FormParam("seconds") String seconds, @FormParam("details") String details,
                         @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, claimsPath(id, number, hall));
        Response refused = refusedHall(c, id, hall, Permission.RULE);
        if (refused != null) {
            return refused;
        }
        Map<String, String> form = Map.of("ruleBoard", nz(board), "ruleDetails", nz(details), "ruleSeconds",
                nz(seconds));
        int boardNumber;
        String gameId;
        String edition;
        String chosen;
        Arbitration.Penalty penalty = null;
        Arbitration.OpenClaim claim = null;
        String penalised = null;
        long millis = 0;
        try {
            boardNumber = number(board, "board", 1, 100_000);
            JsonNode game = boardGame(id, number, hall, boardNumber);
            gameId = game.path("gameId").asText();
            edition = game.path("edition").asText();
            chosen = decision == null || decision.isBlank() ? "" : oneOf(decision, "decision", DECISIONS);
            if (penaltyKind != null && !penaltyKind.isBlank()) {
                String kind = penaltyKind.strip().toUpperCase(java.util.Locale.ROOT);
                penalty = Arbitration.penalty(edition, kind).orElseThrow(() -> new ConsoleText.Invalid("penalty: '"
                        + penaltyKind.strip() + "' is not in the catalogue of " + edition + " ("
                        + Arbitration.catalogue(edition).stream().map(Arbitration.Penalty::kind).toList() + ")"));
                String by = oneOf(offender, "offender", SIDES);
                penalised = penalty.toOpponent() ? (by.equals("WHITE") ? "BLACK" : "WHITE") : by;
                if (penalty.needsTime()) {
                    millis = number(seconds, "seconds", 1, 3600) * 1000L;
                } else if (seconds != null && !seconds.isBlank()) {
                    throw new ConsoleText.Invalid("seconds: only a time penalty takes seconds, not " + kind);
                }
                if ((kind.equals("FINE") || kind.equals("EXCLUDE_FROM_ROUNDS")) && (details == null || details.isBlank())) {
                    throw new ConsoleText.Invalid("details: " + (kind.equals("FINE") ? "a fine says how much"
                            : "an exclusion says from which rounds") + " (" + penalty.article() + ")");
                }
            }
            if (chosen.isEmpty() && penalty == null) {
                throw new ConsoleText.Invalid("decision and penalty: choose a decision on the claim, a penalty, or both");
            }
            if (!chosen.isEmpty()) {
                Call incidents = call(() -> games.incidents(gameId, 2000));
                if (!incidents.ok()) {
                    throw new ConsoleText.Invalid("board " + boardNumber + ": the game's file cannot be read: "
                            + incidents.error());
                }
                claim = Arbitration.openClaim(incidents.body()).orElseThrow(() -> new ConsoleText.Invalid("board "
                        + boardNumber + " has no claim before the arbiter (threefold and 50-move claims are decided at"
                        + " once, FIDE 2018 9.5: see the game's file)"));
            }
        } catch (ConsoleText.Invalid e) {
            return claimsPage(c, id, number, hall, Response.Status.BAD_REQUEST, "", "ruling: " + e.getMessage(), form);
        }
        String note = details == null ? "" : details.strip();
        List<String> done = new ArrayList<>();
        if (claim != null) {
            ObjectNode body = json.createObjectNode();
            String refusal;
            if (chosen.startsWith("POSTPONE")) {
                body.put("opponentBonusMillis", chosen.equals("POSTPONE_BONUS") ? 120_000 : 0).put("details", note);
                refusal = decided(() -> games.postpone(gameId, body));
            } else {
                body.put("kind", chosen.equals("UPHOLD") ? "UPHOLD_CLAIM" : "REJECT_CLAIM")
                        .put("article", Arbitration.claimArticle(edition, claim.kind())).put("details", note);
                refusal = decided(() -> games.ruling(gameId, body));
            }
            if (!refusal.isEmpty()) {
                return claimsPage(c, id, number, hall, Response.Status.CONFLICT, "", "ruling: board " + boardNumber
                        + ": " + chosen.toLowerCase(java.util.Locale.ROOT) + ": " + refusal, form);
            }
            done.add(chosen.toLowerCase(java.util.Locale.ROOT));
        }
        if (penalty != null) {
            ObjectNode body = json.createObjectNode();
            body.put("kind", penalty.kind()).put("article", penalty.article()).put("details", note)
                    .put("side", penalised).put("timeMillis", millis);
            String refusal = decided(() -> games.ruling(gameId, body));
            if (!refusal.isEmpty()) {
                return claimsPage(c, id, number, hall, Response.Status.CONFLICT, "", "ruling: board " + boardNumber
                        + ": " + (done.isEmpty() ? "" : "the claim was decided (" + done.get(0) + "), but ")
                        + "the penalty " + penalty.kind() + " was refused: " + refusal, form);
            }
        }
        return seeOther(claimsPath(id, number, hall) + "?done=ruled");
    }

    private Response claimsPage(Context c, String id, int number, String hall, Response.Status status, String done,
                                String error, Map<String, String> form) {
        Map<String, String> names = playerNames(id);
        List<Views.ClaimGame> listed = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        String edition = "";
        List<SheetAlert> sheetAlerts = new ArrayList<>();
        for (JsonNode g : hallGames(id, number, hall)) {
            String gameId = g.path("gameId").asText();
            edition = g.path("edition").asText();
            // FIDE 2018 8.1.1: the two electronic scoresheets disagree, or one holds an illegal line
            sheetLog.alerts(gameId).stream().filter(a -> !a.lifted()).forEach(a -> sheetAlerts.add(new SheetAlert(
                    g.path("board").asInt(), a.moveNumber(), a.kind(), SheetAlertText.describe(c.words(), a))));
            Call incidents = call(() -> games.incidents(gameId, 2000));
            if (!incidents.ok()) {
                unreadable.add("board " + g.path("board").asInt() + ": " + incidents.error());
                continue;
            }
            List<Views.IncidentLine> lines = new ArrayList<>();
            for (JsonNode i : incidents.body()) {
                if (FILED.contains(i.path("category").asText())) {
                    String type = i.path("type").asText();
                    lines.add(new Views.IncidentLine(i.path("sequence").asLong(), type.substring(type.indexOf('.') + 1),
                            i.path("side").asText(""), i.path("kind").asText(""), i.path("article").asText(""),
                            incidentDetail(i)));
                }
            }
            Optional<Arbitration.OpenClaim> open = Arbitration.openClaim(incidents.body());
            if (lines.isEmpty() && open.isEmpty()) {
                continue;
            }
            Call moves = call(() -> games.moves(gameId));
            String clocks = g.path("whiteMillis").isNumber() && g.path("blackMillis").isNumber()
                    ? "White " + Arbitration.time(g.path("whiteMillis").asLong()) + ", Black "
                    + Arbitration.time(g.path("blackMillis").asLong()) : "";
            Views.OpenClaimView openView = open.map(o -> new Views.OpenClaimView(o.by(), o.kind(),
                    Arbitration.afterPly(o.ply()), o.clock(), o.conditions(), o.postponed(), o.flagFell(),
                    Arbitration.claimArticle(g.path("edition").asText(), o.kind()))).orElse(null);
            listed.add(new Views.ClaimGame(g.path("board").asInt(), gameId, name(names, g.path("whitePlayerId").asText()),
                    name(names, g.path("blackPlayerId").asText()), g.path("edition").asText(), g.path("phase").asText(),
                    g.path("result").isNull() ? "" : g.path("result").asText(), clocks, g.path("fen").asText(""),
                    Arbitration.diagram(g.path("fen").asText("")), moves.ok() ? Arbitration.scoresheet(moves.body())
                    : moves.error(), openView, lines, Arbitration.catalogue(g.path("edition").asText())));
        }
        // the claims before the arbiter first, then the games whose file has claims, illegal moves or rulings
        listed.sort(java.util.Comparator.comparing((Views.ClaimGame g) -> g.open() == null)
                .thenComparingInt(Views.ClaimGame::board));
        Map<String, Object> data = new HashMap<>();
        data.put("id", id);
        data.put("number", number);
        data.put("hall", hall);
        data.put("games", listed);
        data.put("openCount", listed.stream().filter(g -> g.open() != null).count());
        data.put("sheetAlerts", sheetAlerts);
        data.put("penalties", Arbitration.catalogue(edition.isEmpty() ? null : edition));
        data.put("claimKinds", CLAIM_KINDS);
        data.put("done", done);
        data.put("error", error);
        data.put("unreadable", String.join("; ", unreadable));
        Map<String, String> fields = new HashMap<>();
        for (String key : List.of("claimBoard", "claimSide", "claimKind", "claimMove", "claimPly", "whiteClock",
                "blackClock", "ruleBoard", "ruleDetails", "ruleSeconds")) {
            fields.put(key, "");
        }
        fields.putAll(form);
        data.put("form", fields);
        return page(c, claimsTemplate, status, data);
    }

    /** An incident in the arbiter's words: its reason, the intended move, the clocks, the penalty, the evidence. */
    private static String incidentDetail(JsonNode incident) {
        JsonNode payload = Arbitration.payload(incident);
        List<String> parts = new ArrayList<>();
        if (!incident.path("reason").asText("").isBlank()) {
            parts.add(incident.path("reason").asText());
        }
        if (payload.path("intendedMove").isTextual()) {
            parts.add("intended move " + payload.path("intendedMove").asText());
        }
        if (payload.path("clock").isObject()) {
            parts.add("clocks " + Arbitration.clock(payload.path("clock")));
        }
        if (payload.path("timeMillis").asLong() > 0) {
            parts.add(Arbitration.time(payload.path("timeMillis").asLong()));
        }
        String penalty = payload.path("penalty").path("description").asText("");
        if (!penalty.isBlank() && !penalty.equals("no penalty")) {
            parts.add("penalty: " + penalty);
        }
        String evidence = Arbitration.evidence(payload.path("evidence"));
        if (!evidence.isBlank()) {
            parts.add(evidence);
        }
        return String.join("; ", parts);
    }

    private static String claimsPath(String id, int number, String hall) {
        return "/t/" + id + "/rounds/" + number + "/halls/" + hall + "/claims";
    }

    /** The game on this board of the hall in the round, or what is wrong. */
    private JsonNode boardGame(String id, int number, String hall, int board) throws ConsoleText.Invalid {
        List<JsonNode> hallGames = hallGames(id, number, hall);
        return hallGames.stream().filter(g -> g.path("board").asInt() == board).findFirst().orElseThrow(() ->
                new ConsoleText.Invalid("board: " + board + " is not a board of hall " + hall + " in round " + number
                        + " (its boards: " + (hallGames.isEmpty() ? "none" : hallGames.stream().map(g -> g.path("board")
                        .asText()).collect(java.util.stream.Collectors.joining(", "))) + ")"));
    }

    /**
     * Sends a game command and waits for its outcome at {@code GET /commands/{id}}: "" once carried out, else why not
     * (the route's 4xx, the game's refusal with its reason and article, or no decision within the wait).
     */
    private String decided(Request request) {
        Call answer = call(request);
        if (!answer.ok()) {
            return answer.error();
        }
        String commandId = answer.body().path("commandId").asText();
        Call outcome = await(() -> call(() -> games.command(commandId)),
                o -> o.ok() && !"PENDING".equals(o.body().path("status").asText()));
        if (outcome == null) {
            return "the game service took the command but has not decided it within " + DECISION_WAIT.toSeconds() + " s";
        }
        if ("REJECTED".equals(outcome.body().path("status").asText())) {
            return "refused: " + outcome.body().path("reason").asText();
        }
        return "";
    }

    private static String oneOf(String value, String field, List<String> allowed) throws ConsoleText.Invalid {
        String text = required(value, field).toUpperCase(java.util.Locale.ROOT);
        if (!allowed.contains(text)) {
            throw new ConsoleText.Invalid(field + ": '" + value.strip() + "' is not one of " + allowed);
        }
        return text;
    }

    // ------------------------------------------------------------------------------------------ result correction, TRF

    /**
     * The chief arbiter (or the board's hall arbiter: CORRECT_RESULT) corrects a recorded result with his reason
     * (FIDE 2018 8.7, 11.10): game.CorrectResult on the game, superseding its last result; the pairing service takes
     * the correction from the results stream.
     */
    @POST
    @Path("t/{id}/rounds/{round}/correction")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.CORRECT_RESULT)
    @Blocking
    public Response correctResult(@PathParam("id") String id, @PathParam("round") int number,
                                  @FormParam("entry") String typed, @FormParam("reason") String reason,
                                  @CookieParam(Words.COOKIE) String cookie,
                                  @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id + "/rounds/" + number);
        if (c.account() == null) {
            return problem(c, Response.Status.UNAUTHORIZED, c.words().get("forbidden"), "sign in first");
        }
        ResultEntry result;
        try {
            result = ResultEntry.parse(typed);
        } catch (ResultEntry.Malformed e) {
            return roundPage(c, id, number, Response.Status.BAD_REQUEST, "", "correct a result: " + e.getMessage());
        }
        if (reason == null || reason.isBlank()) {
            return roundPage(c, id, number, Response.Status.BAD_REQUEST, "", "correct a result: reason is required (the"
                    + " correction is recorded with it, FIDE 2018 8.7)");
        }
        Optional<List<JsonNode>> round = roundGames(id, number, null);
        JsonNode game = null;
        if (round.isPresent()) {
            for (JsonNode g : round.get()) {
                if (g.path("board").asInt() == result.board() && !"CANCELLED".equals(g.path("phase").asText())) {
                    game = g;
                }
            }
        }
        if (game == null) {
            return roundPage(c, id, number, Response.Status.BAD_REQUEST, "", "correct a result: '" + typed.strip()
                    + "': board " + result.board() + " has no game in round " + number);
        }
        String hall = game.path("hall").asText("");
        Verdict verdict = guard.verdict(c.account(), Permission.CORRECT_RESULT, Scope.hall(id, hall));
        if (verdict.denied()) {
            return roundPage(c, id, number, Response.Status.FORBIDDEN, "", "correct a result: " + verdict.describe());
        }
        if (game.path("result").isNull() || game.path("result").asText("").isEmpty()) {
            return roundPage(c, id, number, Response.Status.CONFLICT, "", "correct a result: board " + result.board()
                    + " has no result yet: it is entered on hall " + hall + "'s screen");
        }
        if (result.outcome().name().equals(game.path("resultName").asText())) {
            return roundPage(c, id, number, Response.Status.BAD_REQUEST, "", "correct a result: board "
                    + result.board() + " already has the result " + result.outcome().shown());
        }
        String gameId = game.path("gameId").asText();
        Call incidents = call(() -> games.incidents(gameId, 2000));
        String supersedes = "";
        if (incidents.ok()) {
            for (JsonNode i : incidents.body()) {
                if ("RESULT".equals(i.path("category").asText())) {
                    supersedes = Arbitration.eventId(i);
                }
            }
        }
        if (supersedes.isEmpty()) {
            return roundPage(c, id, number, Response.Status.CONFLICT, "", "correct a result: board " + result.board()
                    + ": the recorded result cannot be read from the game's file" + (incidents.ok() ? ""
                    : " (" + incidents.error() + ")"));
        }
        boolean forfeit = result.outcome().name().contains("FORFEIT");
        ObjectNode body = json.createObjectNode();
        body.put("type", "game.CorrectResult");
        body.putObject("payload").put("result", result.outcome().name())
                .put("whiteHalfPoints", switch (result.outcome()) {
                    case WHITE_WINS, WHITE_WINS_BY_FORFEIT -> 2;
                    case DRAW -> 1;
                    case BLACK_WINS, BLACK_WINS_BY_FORFEIT -> 0;
                }).put("blackHalfPoints", switch (result.outcome()) {
                    case WHITE_WINS, WHITE_WINS_BY_FORFEIT -> 0;
                    case DRAW -> 1;
                    case BLACK_WINS, BLACK_WINS_BY_FORFEIT -> 2;
                }).put("played", !forfeit).put("supersedes", supersedes).put("why", reason.strip());
        String refusal = decided(() -> games.send(gameId, body));
        if (!refusal.isEmpty()) {
            return roundPage(c, id, number, Response.Status.CONFLICT, "", "correct a result: board " + result.board()
                    + ": " + refusal);
        }
        // the game's row has the corrected result once the game service projected it; the pairing service takes the
        // correction from the results stream (the round page shows both while they differ)
        await(() -> gameResults(id, number).get(result.board()), r -> result.outcome().name().equals(r));
        return seeOther("/t/" + id + "/rounds/" + number + "?done=corrected");
    }

    /** The tournament as a TRF file (the pairing service's export), as a download for the rating report. */
    @GET
    @Path("t/{id}/trf")
    @PermitAll
    @Blocking
    @Produces({MediaType.TEXT_PLAIN, MediaType.TEXT_HTML})
    public Response trf(@PathParam("id") String id, @CookieParam(Words.COOKIE) String cookie,
                        @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id);
        Response sent;
        try {
            sent = pairing.trf(id);
        } catch (jakarta.ws.rs.WebApplicationException e) {
            sent = e.getResponse();
        } catch (RuntimeException e) {
            return problem(c, Response.Status.BAD_GATEWAY, c.words().get("error"), "the pairing service did not"
                    + " answer: " + e.getMessage());
        }
        try (Response response = sent) {
            String text = response.hasEntity() ? response.readEntity(String.class) : "";
            if (response.getStatus() != 200) {
                return problem(c, response.getStatus() == 404 ? Response.Status.NOT_FOUND : Response.Status.BAD_GATEWAY,
                        c.words().get("notFound"), "TRF of " + id + ": HTTP " + response.getStatus() + ": "
                                + text.strip());
            }
            return Response.ok(text).type(MediaType.TEXT_PLAIN_TYPE.withCharset("UTF-8"))
                    .header("Content-Disposition", "attachment; filename=\"" + id.replaceAll("[^A-Za-z0-9_-]", "_")
                            + ".trf\"").build();
        }
    }

    // ------------------------------------------------------------------------------------------ broadcast

    /**
     * The organiser sets the delay of the public broadcast (SET_BROADCAST_DELAY): {@code delay} = {@code none},
     * {@code after-game}, or whole minutes 1..60. The feed applies it to every public route; the page waits until the
     * pairing service recorded it (or shows its refusal).
     */
    @POST
    @Path("t/{id}/broadcast-delay")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.SET_BROADCAST_DELAY)
    @Blocking
    public Response broadcastDelay(@PathParam("id") String id, @FormParam("delay") String delay,
                                   @CookieParam(Words.COOKIE) String cookie,
                                   @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id);
        ObjectNode body = json.createObjectNode();
        try {
            String text = required(delay, "delay").strip();
            if (text.equals("none")) {
                body.put("mode", "NONE");
            } else if (text.equals("after-game")) {
                body.put("mode", "AFTER_GAME");
            } else {
                body.put("mode", "FIXED").put("seconds", 60 * number(text, "delay (minutes)", 1, 60));
            }
        } catch (ConsoleText.Invalid e) {
            return tournamentPage(c, id, Response.Status.BAD_REQUEST, null, "broadcast delay: " + e.getMessage());
        }
        String commandId = body.put("commandId", UUID.randomUUID().toString()).path("commandId").asText();
        Call answer = call(() -> pairing.broadcastDelay(id, body));
        if (!answer.ok()) {
            return tournamentPage(c, id, status(answer), null, "broadcast delay: " + answer.error());
        }
        String outcome = outcome(commandId, () -> refusals.delayOf(id).map(d -> d.commandId().equals(commandId))
                .orElse(false));
        if (outcome == null || !outcome.isEmpty()) {
            return tournamentPage(c, id, Response.Status.CONFLICT, null, "broadcast delay: " + (outcome != null ? outcome
                    : "the pairing service took the delay but did not record it within " + DECISION_WAIT.toSeconds()
                    + " s"));
        }
        return seeOther("/t/" + id + "?done=delaySet");
    }

    // ------------------------------------------------------------------------------------------ players

    /** The organiser or the chief arbiter says which registered player an account is (LINK_PLAYER_ACCOUNT). */
    @POST
    @Path("t/{id}/accounts")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.LINK_PLAYER_ACCOUNT)
    @Blocking
    public Response linkAccount(@PathParam("id") String id, @FormParam("playerId") String playerId,
                                @FormParam("account") String account, @CookieParam(Words.COOKIE) String cookie,
                                @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id);
        String pid;
        String who;
        try {
            pid = required(playerId, "player id");
            who = required(account, "account");
        } catch (ConsoleText.Invalid e) {
            return tournamentPage(c, id, Response.Status.BAD_REQUEST, null, "link an account: " + e.getMessage());
        }
        PlayerCommand link = new PlayerCommand("link an account", "link an account", "link " + who + " to " + pid,
                "link", "linked");
        return playerCommand(c, id, pid, link, json.createObjectNode().put("account", who),
                body -> pairing.link(id, pid, body), () -> offices(id).playerOf(who).map(pid::equals).orElse(false));
    }

    /**
     * A bye requested for a round not yet paired (half-point or zero-point): the chief arbiter enters it, or a player
     * asks for his own (the pairing service's route checks which the account may). The pairing service decides it under
     * the organiser's bye rules (the maximum per player, the last rounds without half-point byes) and a refusal shows
     * its rule and numbers on the page; nothing is recorded then.
     */
    @POST
    @Path("t/{id}/byes")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.REQUEST_BYE)
    @Blocking
    public Response requestBye(@PathParam("id") String id, @FormParam("playerId") String playerId,
                               @FormParam("round") String round, @FormParam("kind") String kind,
                               @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id);
        String pid;
        int forRound;
        String byeKind;
        try {
            pid = required(playerId, "player id");
            forRound = number(round, "round", 1, 99);
            byeKind = required(kind, "kind");
            if (!byeKind.equals("HALF_POINT") && !byeKind.equals("ZERO_POINT")) {
                throw new ConsoleText.Invalid("kind: '" + byeKind + "' is neither HALF_POINT nor ZERO_POINT");
            }
        } catch (ConsoleText.Invalid e) {
            return tournamentPage(c, id, Response.Status.BAD_REQUEST, null, "bye: " + e.getMessage());
        }
        ObjectNode body = json.createObjectNode().put("playerId", pid).put("round", forRound).put("kind", byeKind);
        String[] sentId = new String[1];
        return playerCommand(c, id, pid, new PlayerCommand("bye", "bye " + pid, "bye " + pid, "bye", "byeRequested"),
                body, b -> {
                    sentId[0] = b.path("commandId").asText();
                    return pairing.requestBye(id, b);
                }, () -> pairingRecords.recorded(sentId[0]));
    }

    /**
     * The chief arbiter withdraws a player with the reason (C.04.2: not paired from the next round on), or a player
     * asks for his own withdrawal: the pairing service's route, which checks which of the two the account may.
     */
    @POST
    @Path("t/{id}/withdrawals")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded({Permission.WITHDRAW_PLAYER, Permission.REQUEST_WITHDRAWAL})
    @Blocking
    public Response withdraw(@PathParam("id") String id, @FormParam("playerId") String playerId,
                             @FormParam("reason") String reason, @CookieParam(Words.COOKIE) String cookie,
                             @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id);
        String pid;
        String why;
        try {
            pid = required(playerId, "player id");
            why = required(reason, "reason");
        } catch (ConsoleText.Invalid e) {
            return tournamentPage(c, id, Response.Status.BAD_REQUEST, null, "withdraw: " + e.getMessage());
        }
        return playerCommand(c, id, pid, new PlayerCommand("withdraw", "withdraw " + pid, "withdraw " + pid, "withdrawal",
                "withdrawn"),
                json.createObjectNode().put("reason", why), body -> pairing.withdraw(id, pid, body), () -> {
                    Call players = call(() -> pairing.players(id));
                    if (players.ok()) {
                        for (JsonNode p : players.body()) {
                            if (p.path("playerId").asText().equals(pid)) {
                                return p.path("withdrawn").asBoolean();
                            }
                        }
                    }
                    return false;
                });
    }

    /**
     * How a command about one registered player reads on the tournament page.
     *
     * @param action  the refusal's prefix for a bad player id ("withdraw")
     * @param sent    the prefix of the service's refusal ("withdraw p-7")
     * @param doing   the prefix of a conflict: not recorded, or recorded otherwise ("withdraw p-7")
     * @param noun    what the service took but did not record in time ("withdrawal")
     * @param done    the tournament page's {@code done} flag on success
     */
    private record PlayerCommand(String action, String sent, String doing, String noun, String done) {
    }

    /**
     * A pairing-service command about one registered player, from the tournament page: the player must be registered,
     * the command is sent with a fresh id, and the page waits until the service recorded it (or says why not).
     */
    private Response playerCommand(Context c, String id, String pid, PlayerCommand command, ObjectNode body,
                                   java.util.function.Function<ObjectNode, Response> send,
                                   java.util.function.BooleanSupplier recorded) {
        if (!playerNames(id).containsKey(pid)) {
            return tournamentPage(c, id, Response.Status.BAD_REQUEST, null, command.action() + ": player id: '" + pid
                    + "' is not a registered player of " + id);
        }
        String commandId = body.put("commandId", UUID.randomUUID().toString()).path("commandId").asText();
        Call answer = call(() -> send.apply(body));
        if (!answer.ok()) {
            return tournamentPage(c, id, status(answer), null, command.sent() + ": " + answer.error());
        }
        String outcome = outcome(commandId, recorded);
        if (outcome == null || !outcome.isEmpty()) {
            return tournamentPage(c, id, Response.Status.CONFLICT, null, command.doing() + ": " + (outcome != null
                    ? outcome : "the pairing service took the " + command.noun() + " but did not record it within "
                    + DECISION_WAIT.toSeconds() + " s"));
        }
        return seeOther("/t/" + id + "?done=" + command.done());
    }

    /**
     * The signed-in player's own page: every tournament whose organiser linked his account to a registered player,
     * with each round's hall, board, colour, opponent and result (or his bye). Only his own: the page reads the
     * account, never a parameter.
     */
    @GET
    @Path("me")
    @PermitAll
    @Blocking
    public Response me(@QueryParam("lang") String lang, @QueryParam("done") String done,
                       @CookieParam(Words.COOKIE) String cookie,
                       @HeaderParam("Accept-Language") String accept) {
        Context c = context(lang, cookie, accept, "/me");
        if (c.account() == null) {
            return problem(c, Response.Status.UNAUTHORIZED, c.words().get("forbidden"), "sign in first");
        }
        List<Views.MyTournament> mine = new ArrayList<>();
        Call list = call(() -> pairing.tournaments(1000));
        if (list.ok()) {
            for (JsonNode t : list.body()) {
                String tid = t.path("tournamentId").asText();
                Optional<String> linked = guard.authorities().of(tid).flatMap(a -> a.playerOf(c.account().id()));
                if (linked.isEmpty()) {
                    continue;
                }
                String pid = linked.get();
                Map<String, String> names = new LinkedHashMap<>();
                String score = "";
                boolean checkedIn = false;
                Call players = call(() -> pairing.players(tid));
                if (players.ok()) {
                    for (JsonNode p : players.body()) {
                        names.put(p.path("playerId").asText(), p.path("name").asText());
                        if (p.path("playerId").asText().equals(pid)) {
                            score = Points.shown(p.path("score").asText());
                            checkedIn = p.path("checkedIn").asBoolean();
                        }
                    }
                }
                List<Views.MyRound> rounds = new ArrayList<>();
                for (int n = 1; n <= t.path("lastRound").asInt(); n++) {
                    int number = n;
                    Call r = call(() -> pairing.round(tid, number));
                    if (!r.ok()) {
                        continue;
                    }
                    Map<Integer, String> decided = gameResults(tid, number);
                    r.body().path("halls").fields().forEachRemaining(hall -> {
                        for (JsonNode b : hall.getValue()) {
                            boolean white = b.path("white").asText().equals(pid);
                            if (white || b.path("black").asText().equals(pid)) {
                                rounds.add(new Views.MyRound(number, hall.getKey(), b.path("board").asInt(),
                                        c.words().get(white ? "white" : "black"), name(names, b.path(white ? "black"
                                        : "white").asText()), result(c, decided.get(b.path("board").asInt()), b), ""));
                            }
                        }
                    });
                    for (JsonNode b : r.body().path("byes")) {
                        if (b.path("playerId").asText().equals(pid)) {
                            rounds.add(new Views.MyRound(number, "", 0, "", "", Points.shown(b.path("points").asText()),
                                    HandChangeText.byeKind(c.words(), b.path("kind").asText())));
                        }
                    }
                }
                // check-in is open until round 1 is paired (a hall tablet: the player signs in and taps)
                mine.add(new Views.MyTournament(tid, t.path("name").asText(), pid, name(names, pid), score, rounds,
                        t.path("lastRound").asInt() == 0, checkedIn));
            }
        }
        return page(c, meTemplate, Response.Status.OK, Map.of("tournaments", mine, "serviceError", list.ok() ? ""
                : list.error(), "done", done == null || done.isBlank() ? "" : c.words().get(done)));
    }

    // ------------------------------------------------------------------------------------------ check-in

    /**
     * The check-in desk of a tournament before round 1: the registered players numbered as round 1 will number them,
     * checked in or not, the counts, and one field where the arbiter types a No., an id or the start of a name and
     * Enter (as fast as the result entry). Any arbiter of the tournament (the chief or one of any hall: no hall is
     * anyone's before round 1 is paired); the page itself answers 403 to others.
     */
    @GET
    @Path("t/{id}/check-in")
    @Authenticated
    @Guarded(Permission.CHECK_IN)
    @Blocking
    public Response checkInDesk(@PathParam("id") String id, @QueryParam("done") String done,
                                @QueryParam("lang") String lang, @CookieParam(Words.COOKIE) String cookie,
                                @HeaderParam("Accept-Language") String accept) {
        Context c = context(lang, cookie, accept, "/t/" + id + "/check-in");
        Response refused = refusedDesk(c, id);
        if (refused != null) {
            return refused;
        }
        return checkInPage(c, id, Response.Status.OK, done == null || done.isBlank() ? "" : c.words().get(done), "", "");
    }

    /**
     * Checks in the player typed at the desk ({@code entry}: No., id or name start), or a player himself ({@code
     * entry} his own id, from his page: {@code back=me}). The pairing service decides (CHECK_IN: an arbiter of the
     * tournament, or the player himself); a bad entry, a player already checked in, a closed check-in are refused on
     * the page with what was typed, nothing stored.
     */
    @POST
    @Path("t/{id}/check-in")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.CHECK_IN)
    @Blocking
    public Response checkIn(@PathParam("id") String id, @FormParam("entry") String typed, @FormParam("back") String back,
                            @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id + "/check-in");
        boolean desk = !"me".equals(back);
        return checkInCommand(c, id, typed, desk, false, null);
    }

    /** Undoes a check-in made by mistake ({@code playerId}, optional {@code reason}), before round 1 is paired. */
    @POST
    @Path("t/{id}/check-in/cancel")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.CHECK_IN)
    @Blocking
    public Response cancelCheckIn(@PathParam("id") String id, @FormParam("playerId") String playerId,
                                  @FormParam("reason") String reason, @FormParam("back") String back,
                                  @CookieParam(Words.COOKIE) String cookie,
                                  @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id + "/check-in");
        return checkInCommand(c, id, playerId, !"me".equals(back), true, reason);
    }

    private Response checkInCommand(Context c, String id, String typed, boolean desk, boolean cancel, String reason) {
        if (c.account() == null) {
            return problem(c, Response.Status.UNAUTHORIZED, c.words().get("forbidden"), "sign in first");
        }
        if (!offices(id).created()) {
            return problem(c, Response.Status.NOT_FOUND, c.words().get("notFound"), "no tournament " + id);
        }
        Call players = call(() -> pairing.players(id));
        if (!players.ok()) {
            return problem(c, status(players), c.words().get("notFound"), players.error());
        }
        List<CheckInDesk.Entrant> list = CheckInDesk.list(players.body());
        String shown = nz(typed).strip();
        CheckInDesk.Entrant player;
        try {
            player = CheckInDesk.resolve(typed, list);
        } catch (ConsoleText.Invalid e) {
            return checkInRefused(c, id, desk, Response.Status.BAD_REQUEST, e.getMessage(), shown);
        }
        String label = player.number() + " " + player.name();
        Verdict verdict = guard.verdict(c.account(), Permission.CHECK_IN, Scope.player(id, player.playerId()));
        if (verdict.denied()) {
            // the service would refuse it too (a player checking in another): said here, nothing sent
            return problem(c, Response.Status.FORBIDDEN, c.words().get("forbidden"), "'" + shown + "' (" + label
                    + "): " + verdict.describe());
        }
        if (player.checkedIn() != cancel) {
            // already so: the service would refuse it, and waiting for the state to flip would read as done
            return checkInRefused(c, id, desk, Response.Status.CONFLICT, "'" + shown + "' (" + label + "): "
                    + (cancel ? "is not checked in: nothing to cancel" : "is already checked in"), shown);
        }
        ObjectNode body = json.createObjectNode();
        String commandId = body.put("commandId", UUID.randomUUID().toString()).path("commandId").asText();
        if (cancel) {
            body.put("reason", reason == null || reason.isBlank() ? "cancelled at the check-in desk" : reason.strip());
        }
        Call answer = call(() -> cancel ? pairing.cancelCheckIn(id, player.playerId(), body)
                : pairing.checkIn(id, player.playerId(), body));
        if (!answer.ok()) {
            return checkInRefused(c, id, desk, status(answer), "'" + shown + "' (" + label + "): " + answer.error(), shown);
        }
        String outcome = outcome(commandId, () -> {
            Call now = call(() -> pairing.players(id));
            if (now.ok()) {
                for (JsonNode p : now.body()) {
                    if (p.path("playerId").asText().equals(player.playerId())) {
                        return p.path("checkedIn").asBoolean() != cancel;
                    }
                }
            }
            return false;
        });
        if (outcome == null || !outcome.isEmpty()) {
            return checkInRefused(c, id, desk, Response.Status.CONFLICT, "'" + shown + "' (" + label + "): "
                    + (outcome != null ? outcome : "the pairing service took it but did not record it within "
                    + DECISION_WAIT.toSeconds() + " s"), shown);
        }
        if (!desk) {
            return seeOther("/me?done=" + (cancel ? "checkInCancelled" : "checkedIn"));
        }
        return checkInPage(c, id, Response.Status.OK, c.words().get(cancel ? "checkInCancelled" : "checkedIn") + ": "
                + label, "", "");
    }

    private Response checkInRefused(Context c, String id, boolean desk, Response.Status status, String error,
                                    String typed) {
        if (!desk || refusedDesk(c, id) != null) {
            return problem(c, status, c.words().get("checkIn"), error);
        }
        return checkInPage(c, id, status, "", error, typed);
    }

    /**
     * 404 for no tournament; 403 for an account that is neither an arbiter of the tournament (the desk is theirs) nor
     * one of its players (a player sees his own line and button: the hall tablet he signed in on).
     */
    private Response refusedDesk(Context c, String id) {
        if (c.account() == null) {
            return problem(c, Response.Status.UNAUTHORIZED, c.words().get("forbidden"), "sign in first");
        }
        TournamentAuthority offices = offices(id);
        if (!offices.created()) {
            return problem(c, Response.Status.NOT_FOUND, c.words().get("notFound"), "no tournament " + id);
        }
        if (offices.appointment(c.account().id()).isEmpty() && offices.playerOf(c.account().id()).isEmpty()) {
            return problem(c, Response.Status.FORBIDDEN, c.words().get("forbidden"), c.account().id()
                    + " is neither an arbiter nor a player of " + id + " (CHECK_IN: an arbiter of the tournament, or"
                    + " the player himself)");
        }
        return null;
    }

    private Response checkInPage(Context c, String id, Response.Status status, String done, String error,
                                 String typed) {
        Call t = call(() -> pairing.tournament(id));
        Call players = call(() -> pairing.players(id));
        if (!t.ok() || !players.ok()) {
            Call failed = t.ok() ? players : t;
            return problem(c, failed.status() == 404 ? Response.Status.NOT_FOUND : Response.Status.BAD_GATEWAY,
                    c.words().get("notFound"), failed.error());
        }
        List<CheckInDesk.Entrant> list = CheckInDesk.list(players.body());
        // an arbiter works the whole list; a player (not an arbiter) sees his own line and his button
        TournamentAuthority offices = offices(id);
        boolean arbiter = c.account() != null && offices.appointment(c.account().id()).isPresent();
        String own = c.account() == null ? null : offices.playerOf(c.account().id()).orElse(null);
        List<CheckInDesk.Entrant> shown = arbiter ? list
                : list.stream().filter(e -> e.playerId().equals(own)).toList();
        long registered = list.stream().filter(e -> !e.withdrawn()).count();
        long checkedIn = list.stream().filter(e -> !e.withdrawn() && e.checkedIn()).count();
        Map<String, Object> data = new HashMap<>();
        data.put("id", id);
        data.put("name", t.body().path("name").asText());
        data.put("open", t.body().path("lastRound").asInt() == 0);
        data.put("players", shown);
        data.put("desk", arbiter);
        data.put("own", own == null ? "" : own);
        data.put("registered", registered);
        data.put("checkedIn", checkedIn);
        data.put("done", done);
        data.put("error", error);
        data.put("typed", typed);
        return page(c, checkInTemplate, status, data);
    }

    // ------------------------------------------------------------------------------------------ forbidden pairs, hand changes

    /** The tournament page's forbidden pairs (C.04.1.b) and whether the account may declare or lift one. */
    private void forbiddenPairsData(Context c, String id, Map<String, Object> data) {
        Map<String, String> names = playerNames(id);
        List<Views.ForbiddenLine> lines = new ArrayList<>();
        for (PairingRecords.ForbiddenPair p : pairingRecords.forbidden(id)) {
            lines.add(new Views.ForbiddenLine(p.firstPlayerId(), name(names, p.firstPlayerId()), p.secondPlayerId(),
                    name(names, p.secondPlayerId()), p.reason(), p.by()));
        }
        data.put("forbiddenPairs", lines);
        data.put("mayForbid", may(c, Permission.FORBID_PAIRING, Scope.tournament(id)));
    }

    /**
     * The round page's changes recorded (when, by whom, what and why: the players by name and pairing number, in the
     * user's language and the venue's time) and the change form for the chief arbiter.
     */
    private void handChangesData(Context c, String id, int number, boolean closed, JsonNode players,
                                 Map<String, Object> data) {
        data.put("changes", changeLines(c.words(), pairingRecords.changes(id, number), players, zone()));
        data.put("mayChange", !closed && may(c, Permission.CORRECT_PAIRING, Scope.tournament(id)));
    }

    /** The changes recorded to a round as the round page lists them (players: the pairing service's players route). */
    static List<Views.ChangeLine> changeLines(Words words, List<PairingRecords.RoundChange> changes, JsonNode players,
                                              java.time.ZoneId zone) {
        Map<String, String> names = playerNames(players);
        Map<String, String> labels = new LinkedHashMap<>();
        for (JsonNode p : players) {
            labels.put(p.path("playerId").asText(), HandChangeText.player(words, p.path("name").asText(),
                    p.path("pairingNumber").isNull() ? "" : p.path("pairingNumber").asText("")));
        }
        List<Views.ChangeLine> lines = new ArrayList<>();
        for (PairingRecords.RoundChange change : changes) {
            lines.add(new Views.ChangeLine(HandChangeText.when(words, change.at(), zone),
                    change.at() == null ? "" : change.at().toString(), change.by(),
                    HandChangeText.describe(words, change.change(), player -> name(labels, player)), change.reason(),
                    change.warnings().stream().map(w -> HandChangeWarnings.describe(words, w,
                            player -> name(names, player))).toList()));
        }
        return lines;
    }

    /** The venue's time zone ({@code torneo.console.time-zone}), else the machine's. */
    private java.time.ZoneId zone() {
        return timeZone.filter(z -> !z.isBlank()).map(java.time.ZoneId::of).orElseGet(java.time.ZoneId::systemDefault);
    }

    /** The tournament's name for a page's heading and links back; its id when the pairing service does not answer. */
    private String tournamentName(String id) {
        Call t = call(() -> pairing.tournament(id));
        String name = t.ok() ? t.body().path("name").asText("") : "";
        return name.isBlank() ? id : name;
    }

    /** Declares two registered players forbidden to meet (C.04.1.b): the pairing service's forbidden-pairs route. */
    @POST
    @Path("t/{id}/forbidden-pairs")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.FORBID_PAIRING)
    @Blocking
    public Response forbidPair(@PathParam("id") String id, @FormParam("first") String first,
                               @FormParam("second") String second, @FormParam("reason") String reason,
                               @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        return forbiddenPairCommand(id, first, second, reason, cookie, accept, false);
    }

    /** Lifts a forbidden pair: from the next round paired on, the two may meet. */
    @POST
    @Path("t/{id}/forbidden-pairs/allow")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.FORBID_PAIRING)
    @Blocking
    public Response allowPair(@PathParam("id") String id, @FormParam("first") String first,
                              @FormParam("second") String second, @FormParam("reason") String reason,
                              @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        return forbiddenPairCommand(id, first, second, reason, cookie, accept, true);
    }

    private Response forbiddenPairCommand(String id, String first, String second, String reason, String cookie,
                                          String accept, boolean lift) {
        Context c = context(null, cookie, accept, "/t/" + id);
        String action = lift ? "lift the forbidden pair" : "forbid a pair";
        ObjectNode body = json.createObjectNode();
        try {
            body.put("firstPlayerId", registered(id, required(first, "first player id"), "first player id"));
            body.put("secondPlayerId", registered(id, required(second, "second player id"), "second player id"));
            body.put("reason", lift ? nz(reason).strip() : required(reason, "reason"));
        } catch (ConsoleText.Invalid e) {
            return tournamentPage(c, id, Response.Status.BAD_REQUEST, null, action + ": " + e.getMessage());
        }
        String commandId = body.put("commandId", UUID.randomUUID().toString()).path("commandId").asText();
        Call answer = call(() -> lift ? pairing.allow(id, body) : pairing.forbid(id, body));
        if (!answer.ok()) {
            return tournamentPage(c, id, status(answer), null, action + ": " + answer.error());
        }
        String outcome = outcome(commandId, () -> pairingRecords.recorded(commandId));
        if (outcome == null || !outcome.isEmpty()) {
            return tournamentPage(c, id, Response.Status.CONFLICT, null, action + ": " + (outcome != null ? outcome
                    : "the pairing service took the command but did not record it within "
                    + DECISION_WAIT.toSeconds() + " s"));
        }
        return seeOther("/t/" + id + "?done=" + (lift ? "pairAllowed" : "pairForbidden"));
    }

    /**
     * The chief arbiter's change by hand to a published round without results (swap two players, exchange a board's
     * colours, pair two players without a game): the pairing service's changes route decides it on the round as it
     * stands and records who changed what and why; a refusal names the rule.
     */
    @POST
    @Path("t/{id}/rounds/{round}/changes")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Authenticated
    @Guarded(Permission.CORRECT_PAIRING)
    @Blocking
    public Response changeByHand(@PathParam("id") String id, @PathParam("round") int number,
                                 @FormParam("kind") String kind, @FormParam("first") String first,
                                 @FormParam("second") String second, @FormParam("board") String board,
                                 @FormParam("reason") String reason, @CookieParam(Words.COOKIE) String cookie,
                                 @HeaderParam("Accept-Language") String accept) {
        Context c = context(null, cookie, accept, "/t/" + id + "/rounds/" + number);
        ObjectNode body = json.createObjectNode();
        try {
            String k = oneOf(kind, "change", List.of("SWAP_PLAYERS", "EXCHANGE_COLOURS", "PAIR_UNPAIRED"));
            body.put("kind", k);
            if (k.equals("EXCHANGE_COLOURS")) {
                body.put("board", number(board, "board", 1, 10_000));
            } else {
                String names = k.equals("PAIR_UNPAIRED") ? "White" : "first player";
                body.put("firstPlayerId", registered(id, required(first, names + " id"), names + " id"));
                names = k.equals("PAIR_UNPAIRED") ? "Black" : "second player";
                body.put("secondPlayerId", registered(id, required(second, names + " id"), names + " id"));
            }
            body.put("reason", required(reason, "reason"));
        } catch (ConsoleText.Invalid e) {
            return roundPage(c, id, number, Response.Status.BAD_REQUEST, "", "change by hand: " + e.getMessage());
        }
        String commandId = body.put("commandId", UUID.randomUUID().toString()).path("commandId").asText();
        Call answer = call(() -> pairing.changeByHand(id, number, body));
        if (!answer.ok()) {
            return roundPage(c, id, number, status(answer), "", "change by hand: " + answer.error());
        }
        // recorded in the stream first; the round's projection follows it
        String outcome = outcome(commandId, () -> pairingRecords.recorded(commandId));
        if (outcome == null || !outcome.isEmpty()) {
            return roundPage(c, id, number, Response.Status.CONFLICT, "", "change by hand: " + (outcome != null
                    ? outcome : "the pairing service took the change but did not record it within "
                    + DECISION_WAIT.toSeconds() + " s"));
        }
        return seeOther("/t/" + id + "/rounds/" + number + "?done=changedByHand");
    }

    /** A player id of the tournament, or why not. */
    private String registered(String id, String playerId, String field) throws ConsoleText.Invalid {
        if (!playerNames(id).containsKey(playerId)) {
            throw new ConsoleText.Invalid(field + ": '" + playerId + "' is not a registered player of " + id);
        }
        return playerId;
    }

    // ------------------------------------------------------------------------------------------ helpers

    /** A service's answer: its status and JSON body, or the error it gave. */
    record Call(int status, JsonNode body, String error) {
        boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    @FunctionalInterface
    interface Request {
        Response send();
    }

    /**
     * Times the call and counts it by answer (2xx, 3xx, 4xx, 5xx, or unanswered): what a slow or failing service
     * looks like from the console.
     */
    private Call call(Request request) {
        long started = System.nanoTime();
        Call call = callUntimed(request);
        String answer = call.error().startsWith("the service did not answer") ? "unanswered" : call.status() / 100 + "xx";
        io.micrometer.core.instrument.Timer.builder("torneo.console.service.calls")
                .description("The console's calls to the services (each page or form), by answer")
                .tag("answer", answer).publishPercentiles(0.5, 0.95, 0.99).register(meters)
                .record(System.nanoTime() - started, java.util.concurrent.TimeUnit.NANOSECONDS);
        return call;
    }

    private Call callUntimed(Request request) {
        Response sent;
        try {
            sent = request.send();
        } catch (jakarta.ws.rs.WebApplicationException e) {
            sent = e.getResponse(); // a 4xx/5xx the client's default mapper turned into an exception: an answer
        } catch (RuntimeException e) {
            return new Call(503, json.createObjectNode(), "the service did not answer: " + e.getMessage());
        }
        try (Response response = sent) {
            String text = response.hasEntity() ? response.readEntity(String.class) : "";
            JsonNode body = null;
            try {
                body = text.isBlank() ? json.createObjectNode() : json.readTree(text);
            } catch (java.io.IOException e) {
                body = json.createObjectNode();
            }
            String error = "";
            if (response.getStatus() >= 300) {
                error = body.path("error").isTextual() ? body.path("error").asText()
                        : text.isBlank() ? "HTTP " + response.getStatus() : text.strip();
                error = "HTTP " + response.getStatus() + ": " + error;
            }
            return new Call(response.getStatus(), body, error);
        } catch (RuntimeException e) {
            return new Call(503, json.createObjectNode(), "the service did not answer: " + e.getMessage());
        }
    }

    /** Asks until the answer satisfies {@code until} (the services decide asynchronously); null after the wait. */
    private static <T> T await(java.util.function.Supplier<T> ask, Predicate<T> until) {
        long deadline = System.nanoTime() + DECISION_WAIT.toNanos();
        for (int turn = 0; ; turn++) {
            T answer = ask.get();
            if (until.test(answer)) {
                return answer;
            }
            if (System.nanoTime() > deadline || !pause(turn)) {
                return null;
            }
        }
    }

    /**
     * Sleeps before the next question: 10 ms, then twice as long each turn up to 100 ms. A decision usually comes
     * within tens of milliseconds (the arbiter typing results one after another waits for each); a slow one is asked
     * about ten times a second, as before. False when interrupted.
     */
    private static boolean pause(int turn) {
        try {
            Thread.sleep(Math.min(100L, 10L << Math.min(turn, 4)));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Waits until {@code done} holds or the pairing service refused the command: "" when done, the refusal's reason
     * and sentence when refused, null when neither happened within {@link #DECISION_WAIT}.
     */
    private String outcome(String commandId, java.util.function.BooleanSupplier done) {
        long deadline = System.nanoTime() + DECISION_WAIT.toNanos();
        for (int turn = 0; ; turn++) {
            Optional<String> refused = refusals.of(commandId);
            if (refused.isPresent()) {
                return refused.get();
            }
            if (done.getAsBoolean()) {
                return "";
            }
            if (System.nanoTime() > deadline || !pause(turn)) {
                return null;
            }
        }
    }

    private static Response.Status status(Call call) {
        Response.Status status = Response.Status.fromStatusCode(call.status());
        return status == null ? Response.Status.BAD_GATEWAY : status;
    }

    private TournamentAuthority offices(String id) {
        return guard.authorities().of(id).orElse(TournamentAuthority.none(id));
    }

    /** Whether to show this form: the same rule the service will apply (it decides again when asked). */
    private boolean may(Context c, Permission permission, Scope scope) {
        return c.account() != null && guard.authorities().may(c.account(), permission, scope).allowed();
    }

    private int players(String id) {
        Call players = call(() -> pairing.players(id));
        return players.ok() ? players.body().size() : -1;
    }

    private Map<String, String> playerNames(String id) {
        Call players = call(() -> pairing.players(id));
        return players.ok() ? playerNames(players.body()) : new LinkedHashMap<>();
    }

    /** The pairing service's players (its players route) by id: their names. */
    static Map<String, String> playerNames(JsonNode players) {
        Map<String, String> names = new LinkedHashMap<>();
        for (JsonNode p : players) {
            names.put(p.path("playerId").asText(), p.path("name").asText());
        }
        return names;
    }

    private List<JsonNode> hallGames(String id, int number, String hall) {
        List<JsonNode> out = new ArrayList<>(roundGames(id, number, hall).orElse(List.of()));
        out.sort(java.util.Comparator.comparingInt(g -> g.path("board").asInt()));
        return out;
    }

    /** A round's games (of a hall, or every hall: null), every page; empty when the game service failed. */
    private Optional<List<JsonNode>> roundGames(String id, int number, String hall) {
        return RoundGames.all(after -> {
            Call page = call(() -> games.games(id, number, hall, RoundGames.PAGE, after));
            return page.ok() ? page.body() : null;
        });
    }

    /**
     * The results the game service holds for a round's boards (its result names): the games decide results, the
     * pairing service records them from the results stream, so a correction shows here first.
     */
    private Map<Integer, String> gameResults(String id, int number) {
        Map<Integer, String> results = new HashMap<>();
        Optional<List<JsonNode>> answer = roundGames(id, number, null);
        if (answer.isPresent()) {
            for (JsonNode g : answer.get()) {
                if (g.path("resultName").isTextual() && !"CANCELLED".equals(g.path("phase").asText())) {
                    results.put(g.path("board").asInt(), g.path("resultName").asText());
                }
            }
        }
        return results;
    }

    /**
     * A board's result as shown: the game's, with the pairing service's beside it when that differs (not recorded
     * there yet, or a correction it has not shown); the pairing service's alone for a board without a game.
     */
    private static String result(Context c, String game, JsonNode board) {
        return result(c.words(), game, board);
    }

    private static String result(Words words, String game, JsonNode board) {
        JsonNode pairing = board.path("result");
        String recorded = pairing.isNull() || pairing.isMissingNode() || pairing.asText().isEmpty() ? ""
                : pairing.asText();
        if (game == null) {
            return recorded.isEmpty() ? "" : shown(recorded);
        }
        // the pairing list records a forfeit as the win, not played (C.04.1: "+" / "-"): the same result
        return recorded.equals(game.replace("_BY_FORFEIT", "")) || recorded.equals(game) ? shown(game)
                : shown(game) + " (" + words.get("pairingShows") + " "
                + (recorded.isEmpty() ? "—" : shown(recorded)) + ")";
    }

    private static String name(Map<String, String> names, String playerId) {
        return Optional.ofNullable(names.get(playerId)).orElse(playerId);
    }

    private static String shown(String result) {
        return switch (result) {
            case "WHITE_WINS" -> "1-0";
            case "BLACK_WINS" -> "0-1";
            case "DRAW" -> "½-½";
            case "WHITE_WINS_BY_FORFEIT" -> "+-";
            case "BLACK_WINS_BY_FORFEIT" -> "-+";
            case "DOUBLE_FORFEIT" -> "0-0";
            default -> result;
        };
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private static String required(String value, String field) throws ConsoleText.Invalid {
        if (value == null || value.isBlank()) {
            throw new ConsoleText.Invalid(field + " is required");
        }
        return value.strip();
    }

    /**
     * The create form's event and the organiser's rules into the body (tournament.CreateTournament version 2): an event
     * id (as a tournament id) with its name, or neither (the tournament is its own event); the most half-point byes per
     * player (blank: no limit), the last rounds without them (blank: 0) and the last round a player may join (blank:
     * none), each within the rounds. Each bad field is named with its value.
     */
    private static void organiserSettings(ObjectNode body, String eventId, String eventName, String maxHalfPointByes,
                                          String noByeLastRounds, String lastEntryRound, int rounds)
            throws ConsoleText.Invalid {
        if (eventId != null && !eventId.isBlank()) {
            if (!eventId.strip().matches("[A-Za-z0-9][A-Za-z0-9_-]{0,63}")) {
                throw new ConsoleText.Invalid("event id: '" + eventId.strip() + "' may hold only letters, digits,"
                        + " - and _ (at most 64, first a letter or digit)");
            }
            body.put("eventId", eventId.strip());
            body.put("eventName", required(eventName, "event name (with the event id '" + eventId.strip() + "')"));
        } else if (eventName != null && !eventName.isBlank()) {
            throw new ConsoleText.Invalid("event id is required with the event name '" + eventName.strip() + "'");
        }
        ObjectNode byeRules = body.putObject("byeRules");
        if (maxHalfPointByes == null || maxHalfPointByes.isBlank()) {
            byeRules.putNull("maxHalfPointByes");
        } else {
            byeRules.put("maxHalfPointByes", number(maxHalfPointByes, "maximum half-point byes per player", 0, rounds));
        }
        byeRules.put("noHalfPointByeLastRounds", noByeLastRounds == null || noByeLastRounds.isBlank() ? 0
                : number(noByeLastRounds, "last rounds without half-point byes", 0, rounds));
        if (lastEntryRound != null && !lastEntryRound.isBlank()) {
            body.put("lastEntryRound", number(lastEntryRound, "entry deadline (last round a player may join)", 1,
                    rounds));
        }
    }

    private static int number(String value, String field, int min, int max) throws ConsoleText.Invalid {
        String text = required(value, field);
        try {
            int n = Integer.parseInt(text);
            if (n < min || n > max) {
                throw new ConsoleText.Invalid(field + ": " + n + " is out of range (" + min + "-" + max + ")");
            }
            return n;
        } catch (NumberFormatException e) {
            throw new ConsoleText.Invalid(field + ": '" + text + "' is not a whole number");
        }
    }

    /** The create page's fields, every one present (blank unless given): the page shows what was typed. */
    private static Map<String, String> form(String... keysAndValues) {
        Map<String, String> form = new HashMap<>();
        for (String key : List.of("id", "name", "system", "rounds", "ruleset", "halls", "timeControl", "importId",
                "importSystem", "trf", "eventId", "eventName", "maxHalfPointByes", "noByeLastRounds", "lastEntryRound")) {
            form.put(key, "");
        }
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            form.put(keysAndValues[i], nz(keysAndValues[i + 1]));
        }
        return form;
    }
}
