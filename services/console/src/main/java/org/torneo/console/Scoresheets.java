package org.torneo.console;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

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
import jakarta.ws.rs.core.Response;

import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.torneo.contracts.codec.DecodingException;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.game.core.board.Side;
import org.torneo.identity.Account;
import org.torneo.identity.AccountRole;
import org.torneo.identity.Permission;
import org.torneo.identity.Scope;
import org.torneo.identity.TournamentAuthority;
import org.torneo.identity.Verdict;
import org.torneo.platform.edge.auth.EdgeGuard;
import org.torneo.platform.edge.auth.Guarded;

/**
 * The electronic scoresheet (issue 20): a page for a tablet or phone on which a player records his own and his
 * opponent's moves, as the Laws require of a scoresheet (FIDE 2018 8.1; 2023 8.1.1.2: "entering moves on the FIDE
 * certified electronic scoresheet prescribed for the competition"), and the hall arbiter's review of the sheets.
 *
 * <p>The device signs in with its own account (role device) that the arbiter assigned to the board
 * (tournament.DeviceAssigned: the audit's record of which device served which boards); the player types his board
 * code (printed on the arbiter's board list, one per board, colour and round) to tie the sheet to his board and colour
 * for the round. The sheet shows only what a paper scoresheet shows while the game is on: the moves as written, the
 * draw offers (=), the claim with its intended move, the result; no diagram, no legal-move hint, no evaluation, no
 * search (FIDE 2018 11.3.1). What the player records goes, as the device, to the game service: his own moves as
 * game.SubmitMove (the game decides them under the Laws), his draw offers, acceptances, claims and resignation as the
 * game's commands, each under the command id the device made for it (a command sent twice is decided once); every
 * line of both sheets is compared here ({@link SheetLog}, {@link org.torneo.game.core.scoresheet.SheetComparison}):
 * a discrepancy or an illegal line alerts the hall arbiter and never blocks or corrects the player.
 */
@Path("/")
public class Scoresheets {

    /** Actions a sheet sends, in the order the player made them. */
    static final List<String> ACTIONS = List.of("line", "offer", "accept", "claim", "resign", "result");
    static final int MAX_ACTIONS = 500;

    @Inject
    @RestClient
    PairingApi pairing;

    @Inject
    @RestClient
    GameApi games;

    @Inject
    EdgeGuard guard;

    @Inject
    SecurityIdentity identity;

    @Inject
    ObjectMapper json;

    @Inject
    SheetLog log;

    /** The request: its {@code ?lang=} is kept in the language cookie, as the console's pages keep it. */
    @Inject
    io.vertx.core.http.HttpServerRequest request;

    @Inject
    @Location("sheet")
    Template sheetTemplate;

    @Inject
    @Location("sheetbind")
    Template bindTemplate;

    @Inject
    @Location("sheets")
    Template sheetsTemplate;

    @Inject
    @Location("problem")
    Template problemTemplate;

    /** The key of the board codes: a secret of the event (the default is for development and tests only). */
    @ConfigProperty(name = "torneo.console.board-code-key", defaultValue = "torneo-development-board-codes")
    String boardCodeKey;

    /** A board and colour a code denotes for the round. */
    record Binding(String code, String tournamentId, int round, String hall, int board, Side side, String gameId,
                   String white, String black, String edition) {
        String sideName() {
            return side == Side.WHITE ? "WHITE" : "BLACK";
        }
    }

    // ------------------------------------------------------------------------------------------------ the device

    /** The binding form: the player types his board code. */
    @GET
    @Path("sheet")
    @Produces(MediaType.TEXT_HTML)
    @Authenticated
    @Guarded(Permission.KEEP_SCORESHEET)
    @Blocking
    public Response bindForm(@QueryParam("lang") String lang, @CookieParam(Words.COOKIE) String cookie,
                             @HeaderParam("Accept-Language") String accept) {
        Words words = Words.choose(lang, cookie, accept);
        Account account = guard.account();
        if (!account.has(AccountRole.DEVICE)) {
            return problem(words, Response.Status.FORBIDDEN, notADevice(account), "/sheet");
        }
        return page(words, bindTemplate, Response.Status.OK, "/sheet", Map.of("error", "", "code", ""));
    }

    /** Ties the sheet to the board and colour the code denotes, then shows the sheet. */
    @POST
    @Path("sheet")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    @Authenticated
    @Guarded(Permission.KEEP_SCORESHEET)
    @Blocking
    public Response bind(@FormParam("code") String typed, @QueryParam("lang") String lang,
                         @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Words words = Words.choose(lang, cookie, accept);
        Account account = guard.account();
        if (!account.has(AccountRole.DEVICE)) {
            return problem(words, Response.Status.FORBIDDEN, notADevice(account), "/sheet");
        }
        String code = BoardCodes.normalise(typed);
        if (code == null) {
            return page(words, bindTemplate, Response.Status.BAD_REQUEST, "/sheet", Map.of("code", typed == null ? ""
                    : typed, "error", "code: '" + (typed == null ? "" : typed.strip()) + "' is not a board code (six"
                    + " letters and digits, as on the board list, e.g. K7PQ2M)"));
        }
        Optional<Binding> binding;
        try {
            binding = resolve(account, code);
        } catch (SheetCodeLookup.CodeRefused e) {
            return page(words, bindTemplate, e.status(), "/sheet", Map.of("code", typed, "error", e.getMessage()));
        }
        if (binding.isEmpty()) {
            return page(words, bindTemplate, Response.Status.NOT_FOUND, "/sheet", Map.of("code", typed, "error",
                    "code " + code + ": no board of the current round of a tournament whose arbiter assigned "
                            + account.id() + " has this code; ask the arbiter"));
        }
        Binding b = binding.get();
        try {
            log.log(b.gameId(), Instant.now(), account.id(), b.sideName(), "bind-" + UUID.randomUUID(), "bind",
                    "board " + b.board() + " (hall " + b.hall() + ") of round " + b.round() + ", " + b.sideName()
                            + "'s sheet, code " + code, "bound", true);
        } catch (SheetLog.Unavailable e) {
            return problem(words, Response.Status.SERVICE_UNAVAILABLE, e.getMessage(), "/sheet");
        }
        return Response.seeOther(java.net.URI.create("/sheet/" + code)).build();
    }

    /** The sheet of a board and colour for the round. */
    @GET
    @Path("sheet/{code}")
    @Produces(MediaType.TEXT_HTML)
    @Authenticated
    @Guarded(Permission.KEEP_SCORESHEET)
    @Blocking
    public Response sheet(@PathParam("code") String code, @QueryParam("lang") String lang,
                          @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Words words = Words.choose(lang, cookie, accept);
        if (!guard.account().has(AccountRole.DEVICE)) {
            return problem(words, Response.Status.FORBIDDEN, notADevice(guard.account()), "/sheet/" + code);
        }
        Optional<Binding> binding;
        try {
            binding = resolve(guard.account(), BoardCodes.normalise(code));
        } catch (SheetCodeLookup.CodeRefused e) {
            return problem(words, e.status(), e.getMessage(), "/sheet/" + code);
        }
        if (binding.isEmpty()) {
            return problem(words, Response.Status.NOT_FOUND, "code " + code + ": no board of this device has this"
                    + " code in the current round", "/sheet/" + code);
        }
        Binding b = binding.get();
        Map<String, String> names = playerNames(b.tournamentId());
        Map<String, Object> data = new HashMap<>();
        data.put("b", b);
        data.put("side", b.sideName());
        data.put("white", names.getOrDefault(b.white(), b.white()));
        data.put("black", names.getOrDefault(b.black(), b.black()));
        data.put("code", b.code());
        return page(words, sheetTemplate, Response.Status.OK, "/sheet/" + b.code(), data);
    }

    /**
     * The device's actions, in the order the player made them (those made offline included, each with the instant it
     * was made): {@code [{"id": uuid, "action": "line", "ply": 5, "san": "Bb5", "recordedAt": "..."}, ...]}. Each is
     * answered {@code received} (in the log and, for a command, with the game service), {@code waiting} (an own move
     * whose previous move the game does not have yet: sent again later, and everything after it waits too, so the
     * order holds) or {@code refused} with the reason (bad input; nothing kept).
     *
     * <p>Not {@code @Blocking}: the route runs on the event loop, which reads the body whole before it (a blocking
     * route reads it on the worker through a stream the event loop feeds, a hand-over per chunk under the
     * connection's lock: 9 % of the console's CPU at 2,500 boards, session 15's recording); the batch then runs on
     * the worker pool (it may call the pairing and game services), in this request's context.
     */
    @POST
    @Path("sheet/{code}/actions")
    @Produces(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.KEEP_SCORESHEET)
    @NonBlocking
    public CompletionStage<Response> actions(@PathParam("code") String code, String text) {
        return executor.supplyAsync(() -> receive(code, text)).thenCompose(answer -> answer);
    }

    private CompletionStage<Response> receive(String code, String text) {
        Account account = guard.account();
        if (!account.has(AccountRole.DEVICE)) {
            return done(jsonError(Response.Status.FORBIDDEN, notADevice(account)));
        }
        JsonNode body;
        try {
            body = text == null || text.isBlank() ? null : json.readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return done(jsonError(Response.Status.BAD_REQUEST, "body: not JSON (" + e.getOriginalMessage() + ")"));
        }
        Optional<Binding> binding;
        try {
            binding = resolve(account, BoardCodes.normalise(code));
        } catch (SheetCodeLookup.CodeRefused e) {
            return done(jsonError(e.status(), e.getMessage()));
        }
        if (binding.isEmpty()) {
            return done(jsonError(Response.Status.NOT_FOUND, "code " + code + ": no board of " + account.id()
                    + " has this code in the current round"));
        }
        if (body == null || !body.isArray()) {
            return done(jsonError(Response.Status.BAD_REQUEST, "body: a JSON array of actions expected"));
        }
        if (body.size() > MAX_ACTIONS) {
            return done(jsonError(Response.Status.BAD_REQUEST, "body: " + body.size() + " actions, at most "
                    + MAX_ACTIONS + " at a time"));
        }
        Binding b = binding.get();
        // one batch of a game at a time, in the order they came: an action is applied once even when a device's
        // retries overlap, and the game's commands go in the order they were made. A batch waiting for the game's
        // previous one holds no thread (it once held a worker parked on the game's lock while the other sheet's batch
        // waited for the game service: at 2,500 boards the workers ran out). The batch runs in this request's own
        // context, captured here, so the game service is called with this device's own token: the executor alone
        // carries the context of the thread that starts the batch, i.e. of the game's previous batch when this one
        // waited for it (another request, perhaps already answered and its context gone).
        java.util.function.Supplier<Answered> batch = threadContext.contextualSupplier(() -> {
            try {
                return answer(account, b, body);
            } catch (SheetLog.Unavailable e) {
                // nothing was answered "received": the sheet keeps every action and sends them again
                return new Answered(jsonError(Response.Status.SERVICE_UNAVAILABLE, e.getMessage()), 0);
            }
        });
        return attempt(b.gameId(), batch, System.nanoTime() + waitForGame.toNanos());
    }

    /**
     * Runs the batch in its game's queue; when an own move waits only for a move this console has already handed to
     * the game (the fold of the game's topics has not read it back yet), waits for the fold to have it, without a
     * thread, until {@code deadline}, and runs the batch again in the queue: the move is then sent at once instead of
     * being answered "waiting" and sent again by the device 1.5 s later, round after round while the fold lags (at
     * 2,500 boards: 17,836 'waiting' answers in a minute). After the deadline the answer is "waiting" as before.
     */
    private CompletionStage<Response> attempt(String gameId, java.util.function.Supplier<Answered> batch,
                                              long deadline) {
        return sequencer.submit(gameId, executor, batch).thenCompose(answered -> {
            long left = deadline - System.nanoTime();
            if (answered.awaitPlies() == 0 || left <= 0) {
                return done(answered.response());
            }
            return progress.reached(gameId, answered.awaitPlies(), java.time.Duration.ofNanos(left))
                    .thenCompose(reached -> reached ? attempt(gameId, batch, deadline) : done(answered.response()));
        });
    }

    /** A batch's answer, and the plies the fold must reach before it is worth running again (0: it is not). */
    record Answered(Response response, int awaitPlies) {
    }

    private static CompletionStage<Response> done(Response response) {
        return java.util.concurrent.CompletableFuture.completedFuture(response);
    }

    /** The sheets' batches, one game at a time (see {@link #actions}). */
    private final GameSequencer sequencer = new GameSequencer();

    @Inject
    org.eclipse.microprofile.context.ManagedExecutor executor;

    @Inject
    GameProgress progress;

    @Inject
    org.eclipse.microprofile.context.ThreadContext threadContext;

    /**
     * How long a sheet's request may wait for the console's fold of the game's topics to read back a move this
     * console sent to the game, before the own move behind it is answered "waiting" (the device then sends it again).
     */
    @ConfigProperty(name = "torneo.console.sheet-wait-for-game", defaultValue = "5S")
    java.time.Duration waitForGame;

    private static final org.jboss.logging.Logger TRACE = org.jboss.logging.Logger.getLogger(Scoresheets.class);

    /** The own moves whose line is compared but which the game does not have yet (sent when it has the one before). */
    private final java.util.Set<String> awaitingGame = ConcurrentHashMap.newKeySet();

    /** The claims with an intended move this console sent, by game and the ply of the intended move. */
    private final Map<String, String> claimsWithMove = new ConcurrentHashMap<>();

    private Answered answer(Account account, Binding b, JsonNode body) {
        ArrayNode answers = json.createArrayNode();
        boolean waiting = false;
        int awaitPlies = 0;
        for (int i = 0; i < body.size(); i++) {
            JsonNode action = body.get(i);
            ObjectNode answer = answers.addObject();
            String id = action.path("id").asText("");
            answer.put("id", id);
            String bad = invalid(action, i);
            if (bad != null) {
                answer.put("status", "refused").put("reason", bad);
                continue;
            }
            String before = log.outcome(b.gameId(), id);
            if (before != null) {
                TRACE.debugf("action %s of %s %s: answered before: %s", id, b.gameId(), b.side(), before);
                answer.put("status", "received").put("outcome", before);
                continue;
            }
            String kind = action.path("action").asText();
            // the game's commands keep the order they were made in (an own move waits for the one before it, and
            // what follows waits behind it); the opponent's lines and the result approval are the sheet's alone
            boolean forTheGame = !kind.equals("result") && !(kind.equals("line")
                    && SheetComparisonSide.mover(action.path("ply").asInt()) != b.side());
            if (waiting && forTheGame && !kind.equals("line")) {
                answer.put("status", "waiting");
                continue;
            }
            // an own move behind a waiting one is still written on the sheet and compared (the sheet is written move
            // after move: skipping it made the opponent's next line a gap, refused); only its sending to the game waits
            Outcome outcome = waiting && forTheGame ? behind(account, b, action) : apply(account, b, action);
            answer.put("status", outcome.status());
            answer.put("outcome", outcome.text());
            if (!waiting && forTheGame && outcome.status().equals("waiting")) {
                // the first of the game's commands that waits: what follows waits behind it
                awaitPlies = outcome.awaitPlies();
            }
            waiting |= forTheGame && outcome.status().equals("waiting");
        }
        ObjectNode out = json.createObjectNode();
        out.put("epoch", log.epoch());
        out.set("answers", answers);
        return new Answered(Response.ok(out).build(), awaitPlies);
    }

    /**
     * What reached the sheet from the game: its phase and result, and the arbiter's decisions on this board (claims
     * upheld or rejected, penalties), read from the game's file with the device's token (FIDE 2023 8.7: the players'
     * electronic scoresheets); nothing else of the game (no position, no evaluation).
     */
    @GET
    @Path("sheet/{code}/state")
    @Produces(MediaType.APPLICATION_JSON)
    @Authenticated
    @Guarded(Permission.KEEP_SCORESHEET)
    @Blocking
    public Response state(@PathParam("code") String code, @QueryParam("lang") String lang,
                          @CookieParam(Words.COOKIE) String cookie, @HeaderParam("Accept-Language") String accept) {
        Words words = Words.choose(lang, cookie, accept);
        Account account = guard.account();
        if (!account.has(AccountRole.DEVICE)) {
            return jsonError(Response.Status.FORBIDDEN, notADevice(account));
        }
        Optional<Binding> binding;
        try {
            binding = resolve(account, BoardCodes.normalise(code));
        } catch (SheetCodeLookup.CodeRefused e) {
            return jsonError(e.status(), e.getMessage());
        }
        if (binding.isEmpty()) {
            return jsonError(Response.Status.NOT_FOUND, "code " + code + ": no board of " + account.id()
                    + " has this code in the current round");
        }
        Binding b = binding.get();
        ObjectNode out = json.createObjectNode();
        out.put("epoch", log.epoch());
        // from what the console folds of the game's topics (its moves, results and the arbiter's decisions): the page
        // polls every 3 s, at 5,000 sheets 1,667 requests a second, which once cost two calls to the game service
        // each; the game service is asked only when the fold does not know the game (being read, or not sure of it)
        Optional<GameProgress.Known> known = progress.known(b.gameId());
        if (known.isPresent()) {
            return Response.ok(fromFold(out, words, known.get())).build();
        }
        Call game = call(() -> games.game(b.gameId()));
        out.put("phase", game.ok() ? game.body().path("phase").asText("") : "");
        out.put("result", game.ok() && game.body().path("result").isTextual() ? game.body().path("result").asText()
                : "");
        ArrayNode notices = out.putArray("arbiter");
        Call incidents = call(() -> games.incidents(b.gameId(), 2000));
        if (incidents.ok()) {
            for (JsonNode i : incidents.body()) {
                String type = i.path("type").asText();
                if (type.equals("game.RulingIssued") || type.equals("game.ClaimRejected")
                        || type.equals("game.ClaimUpheld")) {
                    // the decision, its article, reason and penalty in the players' words: not the stored record;
                    // a rejected claim's reason and penalty built from the event's fields, in the sheet's language
                    String reason = i.path("reason").asText("");
                    String penalty = "";
                    ClaimRejected rejected = rejectedClaim(i.path("details").asText(""));
                    if (rejected != null) {
                        reason = SheetNotice.reason(words, rejected);
                        penalty = SheetNotice.penalty(words, rejected.by(), rejected.penalty());
                    }
                    notices.add(SheetNotice.text(words, type, i.path("kind").asText(""), i.path("side").asText(""),
                            i.path("article").asText(""), reason, penalty));
                }
            }
        }
        return Response.ok(out).build();
    }

    /**
     * The sheet's state from the fold: the phase and result, and the arbiter's decisions worded as from the game's
     * file of incidents (the same {@link SheetNotice} texts).
     */
    static ObjectNode fromFold(ObjectNode out, Words words, GameProgress.Known known) {
        out.put("phase", known.phase());
        out.put("result", known.result() == null ? "" : known.result());
        ArrayNode notices = out.putArray("arbiter");
        for (GameProgress.Decision d : known.decisions()) {
            String reason = d.reason() == null ? "" : d.reason();
            String penalty = "";
            if (d.rejected() != null) {
                reason = SheetNotice.reason(words, d.rejected());
                penalty = SheetNotice.penalty(words, d.rejected().by(), d.rejected().penalty());
            }
            notices.add(SheetNotice.text(words, d.type(), d.kind(), d.side() == null ? "" : d.side(),
                    d.article() == null ? "" : d.article(), reason, penalty));
        }
        return out;
    }

    /** KEEP_SCORESHEET: only a device account (the board is then checked against its DeviceAssigned). */
    private static String notADevice(Account account) {
        return account.id() + " is no device account: a scoresheet signs in with the account of a device the arbiter"
                + " assigned to the board (" + Permission.KEEP_SCORESHEET.rule() + ")";
    }

    /**
     * The ClaimRejected an incident's stored event holds (its details are the event as on the game topic), or null
     * when they hold another event or none the codec reads: the notice then shows the row's own reason.
     */
    static ClaimRejected rejectedClaim(String details) {
        if (details.isBlank() || !details.strip().startsWith("{")) {
            return null;
        }
        try {
            return SheetJournal.CODEC.decode(details).payload() instanceof ClaimRejected rejected ? rejected : null;
        } catch (DecodingException e) {
            return null;
        }
    }

    // ------------------------------------------------------------------------------------------------ the arbiter

    /**
     * The hall's scoresheets for the arbiter: each board's codes (to print or show), the alerts of the comparison
     * (discrepancy or illegal line, with the move number) and each device's log, in order.
     */
    @GET
    @Path("t/{id}/rounds/{round}/halls/{hall}/sheets")
    @Produces(MediaType.TEXT_HTML)
    @Authenticated
    @Guarded(Permission.RULE)
    @Blocking
    public Response review(@PathParam("id") String id, @PathParam("round") int round, @PathParam("hall") String hall,
                           @QueryParam("lang") String lang, @CookieParam(Words.COOKIE) String cookie,
                           @HeaderParam("Accept-Language") String accept) {
        Words words = Words.choose(lang, cookie, accept);
        String path = "/t/" + id + "/rounds/" + round + "/halls/" + hall + "/sheets";
        TournamentAuthority offices = guard.authorities().of(id).orElse(TournamentAuthority.none(id));
        if (!offices.created() || !offices.hasHall(hall)) {
            return problem(words, Response.Status.NOT_FOUND, "tournament " + id + " has no hall " + hall, path);
        }
        Verdict verdict = guard.verdict(guard.account(), Permission.RULE, Scope.hall(id, hall));
        if (verdict.denied()) {
            return problem(words, Response.Status.FORBIDDEN, verdict.describe(), path);
        }
        Map<String, String> names = playerNames(id);
        BoardCodes codes = new BoardCodes(boardCodeKey);
        List<Map<String, Object>> boards = new ArrayList<>();
        for (JsonNode g : hallGames(id, round, hall)) {
            int board = g.path("board").asInt();
            String gameId = g.path("gameId").asText();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("board", board);
            row.put("gameId", gameId);
            row.put("white", names.getOrDefault(g.path("whitePlayerId").asText(), g.path("whitePlayerId").asText()));
            row.put("black", names.getOrDefault(g.path("blackPlayerId").asText(), g.path("blackPlayerId").asText()));
            row.put("whiteCode", codes.code(id, round, board, "WHITE"));
            row.put("blackCode", codes.code(id, round, board, "BLACK"));
            row.put("alerts", log.alerts(gameId).stream().map(a -> SheetAlertText.shown(words, a)).toList());
            row.put("log", log.entries(gameId));
            row.put("whiteLines", String.join(" ", log.lines(gameId, Side.WHITE)));
            row.put("blackLines", String.join(" ", log.lines(gameId, Side.BLACK)));
            boards.add(row);
        }
        return page(words, sheetsTemplate, Response.Status.OK, path, Map.of("id", id, "number", round, "hall", hall,
                "boards", boards));
    }

    // ------------------------------------------------------------------------------------------------ actions

    /** An action's answer; {@code awaitPlies}: a waiting own move that the fold's reaching these plies would free. */
    record Outcome(String status, String text, int awaitPlies) {
        Outcome(String status, String text) {
            this(status, text, 0);
        }
    }

    /** Why an action cannot be taken as sent (field and position in the array), or null. */
    private static String invalid(JsonNode action, int index) {
        String where = "action " + (index + 1) + ": ";
        String id = action.path("id").asText("");
        try {
            UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            return where + "id: '" + id + "' is not a UUID (the device makes one per action)";
        }
        String kind = action.path("action").asText("");
        if (!ACTIONS.contains(kind)) {
            return where + "action: '" + kind + "' is not one of " + ACTIONS;
        }
        try {
            Instant.parse(action.path("recordedAt").asText(""));
        } catch (DateTimeParseException e) {
            return where + "recordedAt: '" + action.path("recordedAt").asText("") + "' is not an instant";
        }
        if (kind.equals("line")) {
            if (!action.path("ply").canConvertToInt() || action.path("ply").asInt() < 1
                    || action.path("ply").asInt() > 20_000) {
                return where + "ply: a whole number from 1 expected, got " + action.path("ply");
            }
            String san = action.path("san").asText("").strip();
            if (san.isEmpty() || san.length() > 12) {
                return where + "san: a move of 1 to 12 characters expected, got '" + san + "'";
            }
        }
        if (kind.equals("claim")) {
            String claim = action.path("kind").asText("");
            if (!claim.equals("THREEFOLD") && !claim.equals("FIFTY_MOVES")) {
                return where + "kind: '" + claim + "' is not THREEFOLD or FIFTY_MOVES";
            }
        }
        if (kind.equals("result") && !List.of("1-0", "1/2-1/2", "0-1").contains(action.path("result").asText(""))) {
            return where + "result: '" + action.path("result").asText("") + "' is not 1-0, 1/2-1/2 or 0-1";
        }
        return null;
    }

    /** An own move behind a game command that waits: compared now, sent to the game when the one before it is. */
    private Outcome behind(Account account, Binding b, JsonNode action) {
        return line(account, b, action.path("id").asText(), Instant.parse(action.path("recordedAt").asText()),
                action.path("ply").asInt(), action.path("san").asText().strip(), true);
    }

    private static String refusal(List<org.torneo.game.core.scoresheet.SheetComparison.Event> events) {
        return events.stream().filter(e -> e instanceof org.torneo.game.core.scoresheet.SheetComparison.LineRefused)
                .map(e -> ((org.torneo.game.core.scoresheet.SheetComparison.LineRefused) e).reason()).findFirst()
                .orElse(null);
    }

    private Outcome apply(Account account, Binding b, JsonNode action) {
        String id = action.path("id").asText();
        Instant recordedAt = Instant.parse(action.path("recordedAt").asText());
        String kind = action.path("action").asText();
        String by = b.sideName();
        return switch (kind) {
            case "line" -> line(account, b, id, recordedAt, action.path("ply").asInt(), action.path("san").asText()
                    .strip(), false);
            case "offer" -> command(account, b, id, recordedAt, kind, "(=)", "game.OfferDraw",
                    json.createObjectNode().put("by", by));
            case "accept" -> command(account, b, id, recordedAt, kind, "accepts the draw", "game.AcceptDraw",
                    json.createObjectNode().put("by", by));
            case "resign" -> command(account, b, id, recordedAt, kind, "resigns", "game.Resign",
                    json.createObjectNode().put("by", by));
            case "claim" -> {
                String intended = action.path("intendedMove").asText("").strip();
                ObjectNode payload = json.createObjectNode().put("by", by).put("kind", action.path("kind").asText());
                if (!intended.isEmpty()) {
                    payload.put("intendedMove", intended);
                }
                Outcome outcome = command(account, b, id, recordedAt, kind, action.path("kind").asText()
                        + (intended.isEmpty() ? "" : ", intended move " + intended), "game.ClaimDraw", payload);
                if (!intended.isEmpty() && action.path("ply").canConvertToInt()) {
                    // FIDE 2018 9.2.1.1, 9.5.2.1: the intended move is written; the game plays it if the claim fails
                    claimsWithMove.put(b.gameId() + ":" + action.path("ply").asInt(), id);
                }
                yield outcome;
            }
            case "result" -> {
                // FIDE 2023 8.7: the player approves the result on his electronic scoresheet; kept in the log
                String text = "approves the result " + action.path("result").asText();
                log.log(b.gameId(), recordedAt, account.id(), by, id, kind, text, "received", true);
                yield new Outcome("received", text);
            }
            default -> new Outcome("refused", "unknown action " + kind);
        };
    }

    /**
     * A line of the sheet. Both sheets' lines are compared (FIDE 2018 8.1.1); the first line of an own move is also
     * the move itself, sent to the game as the device once the game has the move before it (the order of the game:
     * FIDE 2018 1.3, the players move alternately). A correction is a line again (crossed out on paper): compared,
     * never sent as a second move. {@code behindAWaitingMove}: an own move of the batch waits for the game already, so
     * this one is written and compared but not sent before it.
     */
    private Outcome line(Account account, Binding b, String id, Instant recordedAt, int ply, String san,
                         boolean behindAWaitingMove) {
        boolean own = SheetComparisonSide.mover(ply) == b.side();
        int linesBefore = log.lines(b.gameId(), b.side()).size();
        boolean toSend = own && (linesBefore < ply || awaitingGame.contains(id));
        if (TRACE.isDebugEnabled()) {
            // what decided whether an own line was sent, for explaining a sheet's missing move afterwards
            TRACE.debugf("line %s %s ply %d %s id %s: %d lines before, awaiting %b, to send %b, behind %b", b.gameId(),
                    b.side(), ply, san, id, linesBefore, awaitingGame.contains(id), toSend, behindAWaitingMove);
        }
        // the line is compared at once (FIDE 2018 8.1.1), also while the move itself waits for the game
        var events = log.line(b.gameId(), b.side(), ply, san, recordedAt, id, account.id());
        String refused = refusal(events);
        String text = "ply " + ply + " (move " + SheetComparisonSide.moveNumber(ply) + "): " + san;
        if (refused != null) {
            return refuse(account, b, id, recordedAt, "line", text, refused);
        }
        if (behindAWaitingMove) {
            if (toSend) {
                awaitingGame.add(id);
            }
            return new Outcome("waiting", text + ": a move before it waits for the game");
        }
        String note = "";
        if (toSend) {
            awaitingGame.add(id);
            String claim = claimsWithMove.get(b.gameId() + ":" + ply);
            // how far the game is: from its event topics when the console is sure of it (no call to the game
            // service per move), else from the game service as before (and always around a claim's intended move)
            Optional<GameProgress.Known> known = claim == null ? progress.known(b.gameId()) : Optional.empty();
            int plies;
            boolean over;
            if (known.isPresent()) {
                plies = known.get().plies();
                over = known.get().over();
            } else {
                Call game = call(() -> games.game(b.gameId()));
                if (!game.ok()) {
                    return new Outcome("waiting", "the game service did not answer: " + game.error());
                }
                plies = game.body().path("plies").asInt();
                over = game.body().path("result").isTextual();
            }
            if (claim != null && plies == ply - 1 && !over) {
                // the line is the intended move of this sheet's claim: the game plays it when it rejects the claim
                // (FIDE 2018 9.5.2.1) and ends the game when it upholds it; sent as a move only if the claim was refused
                Call decided = call(() -> games.command(claim));
                String status = decided.ok() ? decided.body().path("status").asText() : "PENDING";
                if (status.equals("PENDING")) {
                    return new Outcome("waiting", "the claim is being decided");
                }
                Call game = call(() -> games.game(b.gameId()));
                if (!game.ok()) {
                    return new Outcome("waiting", "the game service did not answer: " + game.error());
                }
                plies = game.body().path("plies").asInt();
                over = game.body().path("result").isTextual();
                if (!over && plies == ply - 1 && !status.equals("REJECTED")) {
                    return new Outcome("waiting", "the claim's outcome is not in the game yet");
                }
            }
            if (plies >= ply) {
                note = ", the game had this move already";
            } else if (over) {
                note = ", the game is over: not sent";
            } else if (plies < ply - 1) {
                // the move before it was handed to the game by this console and is only not read back yet: worth
                // waiting a moment for (see #attempt); else (the other sheet has not sent it) the device sends again
                int awaited = known.isPresent() && plies == ply - 2 && progress.expects(b.gameId(), ply - 1)
                        ? ply - 1 : 0;
                return new Outcome("waiting", "move " + SheetComparisonSide.moveNumber(ply - 1) + " ("
                        + (SheetComparisonSide.mover(ply - 1) == Side.WHITE ? "White" : "Black")
                        + ") is not in the game yet", awaited);
            } else {
                Call sent = call(() -> games.command(b.gameId(), id, json.createObjectNode()
                        .put("type", "game.SubmitMove").set("payload", json.createObjectNode().put("move", san)
                                .put("source", "BOARD"))));
                if (sent.worthRetrying()) {
                    return new Outcome("waiting", sent.error());
                }
                if (sent.ok()) {
                    progress.sent(b.gameId(), ply);
                }
                TRACE.debugf("line %s %s ply %d id %s: the game answered %s", b.gameId(), b.side(), ply, id,
                        sent.ok() ? "ok" : sent.error());
                // refused at the edge (e.g. the device no longer serves the board): the line stays on the sheet
                note = sent.ok() ? ", sent to the game" : ", not sent to the game: " + sent.error();
            }
            awaitingGame.remove(id);
        }
        log.log(b.gameId(), recordedAt, account.id(), b.sideName(), id, "line", ply, san, text + note, "received",
                true);
        return new Outcome("received", text + note);
    }

    private Outcome command(Account account, Binding b, String id, Instant recordedAt, String kind, String text,
                            String type, ObjectNode payload) {
        Call sent = call(() -> games.command(b.gameId(), id, json.createObjectNode().put("type", type)
                .set("payload", payload)));
        if (!sent.ok()) {
            return sent.worthRetrying() ? new Outcome("waiting", sent.error())
                    : refuse(account, b, id, recordedAt, kind, text, sent.error());
        }
        log.log(b.gameId(), recordedAt, account.id(), b.sideName(), id, kind, text + ", sent to the game as " + type,
                "received", true);
        return new Outcome("received", text);
    }

    private Outcome refuse(Account account, Binding b, String id, Instant recordedAt, String kind, String text,
                           String reason) {
        log.log(b.gameId(), recordedAt, account.id(), b.sideName(), id, kind, text, "refused: " + reason, true);
        return new Outcome("received", "refused: " + reason);
    }

    /** The side that makes a ply's move, and its move number (from the standard start). */
    static final class SheetComparisonSide {
        static Side mover(int ply) {
            return org.torneo.game.core.scoresheet.SheetComparison.mover(ply);
        }

        static int moveNumber(int ply) {
            return org.torneo.game.core.scoresheet.SheetComparison.moveNumber(ply);
        }
    }

    // ------------------------------------------------------------------------------------------------ binding

    /**
     * The board and colour the code denotes for this device: in a tournament whose arbiter assigned the device
     * (DeviceAssigned), among the boards it serves in the tournament's last paired round (see {@link SheetCodeLookup}).
     * Empty when none; a {@link SheetCodeLookup.CodeRefused} when the code is the other player's sheet or boards of two
     * of its tournaments have it.
     */
    Optional<Binding> resolve(Account account, String code) {
        if (code == null || account == null) {
            return Optional.empty();
        }
        return codeLookup.resolve(code, account.id(), tid -> guard.authorities().of(tid)
                .flatMap(a -> a.assignment(account.id())));
    }

    private SheetCodeLookup codeLookup;

    /** The code lookup reads the tournaments from the pairing service and a hall's games from the game service. */
    @jakarta.annotation.PostConstruct
    void makeCodeLookup() {
        codeLookup = new SheetCodeLookup(new BoardCodes(boardCodeKey), new SheetCodeLookup.Source() {
            @Override
            public List<SheetCodeLookup.TournamentRound> tournaments() {
                Call list = call(() -> pairing.tournaments(1000));
                if (!list.ok()) {
                    return null;
                }
                List<SheetCodeLookup.TournamentRound> out = new ArrayList<>();
                list.body().forEach(t -> out.add(new SheetCodeLookup.TournamentRound(
                        t.path("tournamentId").asText(), t.path("lastRound").asInt())));
                return out;
            }

            @Override
            public List<JsonNode> hallGames(String tournamentId, int round, String hall) {
                return Scoresheets.this.hallGames(tournamentId, round, hall);
            }
        }, System::currentTimeMillis);
    }


    // ------------------------------------------------------------------------------------------------ helpers

    private List<JsonNode> hallGames(String id, int round, String hall) {
        List<JsonNode> out = new ArrayList<>(RoundGames.all(after -> {
            Call page = call(() -> games.games(id, round, hall, RoundGames.PAGE, after));
            return page.ok() ? page.body() : null;
        }).orElse(List.of()));
        out.sort(java.util.Comparator.comparingInt(g -> g.path("board").asInt()));
        return out;
    }

    private Map<String, String> playerNames(String id) {
        Map<String, String> names = new HashMap<>();
        Call players = call(() -> pairing.players(id));
        if (players.ok()) {
            players.body().forEach(p -> names.put(p.path("playerId").asText(), p.path("name").asText()));
        }
        return names;
    }

    private Response page(Words words, Template template, Response.Status status, String path,
                          Map<String, Object> extra) {
        TemplateInstance instance = template.instance();
        instance.data("t", words.map());
        instance.data("lang", words.code());
        instance.data("other", words == Words.ES ? "en" : "es");
        instance.data("otherName", words == Words.ES ? "English" : "Español");
        String user = null;
        try {
            user = identity == null || identity.isAnonymous() ? null : guard.account().id();
        } catch (RuntimeException e) {
            user = null;
        }
        instance.data("user", user);
        instance.data("path", path);
        extra.forEach(instance::data);
        Response.ResponseBuilder response = Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(instance.render());
        if (Words.of(request.getParam("lang")) != null) {
            // the choice follows the player from the binding form to his sheet (the form posts without ?lang=)
            response.cookie(new jakarta.ws.rs.core.NewCookie.Builder(Words.COOKIE).value(words.code()).path("/")
                    .maxAge(365 * 24 * 3600).sameSite(jakarta.ws.rs.core.NewCookie.SameSite.LAX).build());
        }
        return response.build();
    }

    private Response problem(Words words, Response.Status status, String message, String path) {
        return page(words, problemTemplate, status, path, Map.of("title", words.get(status
                == Response.Status.NOT_FOUND ? "notFound" : "forbidden"), "message", message));
    }

    private Response jsonError(Response.Status status, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON).entity(json.createObjectNode()
                .put("error", message)).build();
    }

    record Call(int status, JsonNode body, String error) {
        boolean ok() {
            return status >= 200 && status < 300;
        }

        /**
         * Not the game's answer on the move but on this call: the service down or busy (5xx, 408, 429), or the
         * console's own credentials not taken (401: the request's token missing or expired). The line stays to be
         * sent again, never logged as final: a 2,500-board run lost own moves logged "received" on such answers.
         * A 403 or another 4xx is the game's refusal and final.
         */
        boolean worthRetrying() {
            return status >= 500 || status == 401 || status == 408 || status == 429;
        }
    }

    private Call call(java.util.function.Supplier<Response> request) {
        Response sent;
        try {
            sent = request.get();
        } catch (jakarta.ws.rs.WebApplicationException e) {
            sent = e.getResponse();
        } catch (RuntimeException e) {
            return new Call(503, json.createObjectNode(), "the service did not answer: " + e.getMessage());
        }
        try (Response response = sent) {
            String text = response.hasEntity() ? response.readEntity(String.class) : "";
            JsonNode body;
            try {
                body = text.isBlank() ? json.createObjectNode() : json.readTree(text);
            } catch (java.io.IOException e) {
                body = json.createObjectNode();
            }
            String error = "";
            if (response.getStatus() >= 300) {
                error = "HTTP " + response.getStatus() + ": " + (body.path("error").isTextual()
                        ? body.path("error").asText() : text.strip());
            }
            return new Call(response.getStatus(), body, error);
        } catch (RuntimeException e) {
            return new Call(503, json.createObjectNode(), "the service did not answer: " + e.getMessage());
        }
    }

    static String lower(String text) {
        return text.toLowerCase(Locale.ROOT);
    }
}
