package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.torneo.console.BenchmarkFigures.loadAverage;
import static org.torneo.console.BenchmarkFigures.printPercentiles;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.notation.San;
import org.torneo.stack.identity.TokenClient;
import org.torneo.stack.identity.TorneoRealm;
import org.torneo.stack.test.KeycloakStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Benchmark of the electronic scoresheets (issue 20; prints figures, asserts no timing): every board of an open with two
 * devices, against the real local stack: the console (this test's Quarkus app), the real pairing, game and feed
 * services from their built jars on the real broker and PostgreSQL, sign-in through the real Keycloak
 * ({@link ServicesStack} with the feed). The organiser and chief arbiter set up tournaments of at most 500 boards (one
 * hall each; device-1 keeps every White sheet, device-2 every Black one, as the arbiter assigns them), pair round 1,
 * and each sheet binds with its board code; then the boards play a game (the first 100 plies of a corpus game) at an
 * open's pace: one move per board every 30 s on average, with a share of the boards in time trouble (a move every 3 s
 * for a while, late in the run; the other boards' pace is slowed so the average stays one move in 30 s). Each move is
 * written by the mover's sheet (sent to the game by the console) and, 0.5-3 s later, by the opponent's sheet (compared
 * only), in any case before his own reply: a sheet is written ply after ply ({@link BoardLines}). Every sheet sends as the page does: one request at a time, everything not yet received, again after 1.5 s
 * while an answer is "waiting".
 *
 * <p>Measured from the instant the line is made on the device: to the console's answer "received" (the line is then in
 * the log the arbiter's sheets page shows), and to the move's event on the feed's public stream (SSE, no broadcast
 * delay). Printed: p50/p95/p99/max per path, moves and lines sent, the waiting answers, and the losses (lines the
 * console did not receive, moves the game or the feed does not have): 0 expected.
 *
 * <p>Run (build the apps first: {@code ./mvnw -pl services/console,services/feed/app -am install -DskipTests}):
 * {@code ./mvnw -pl services/console verify -Pslow -Dtest=ScoresheetBenchmarkTest -Dsheet.bench.boards=100
 * -Dsheet.bench.seconds=60}; see docs/benchmarks.md for the parameters.
 */
@Tag("slow")
@QuarkusTest
@QuarkusTestResource(value = ScoresheetBenchmarkTest.WithFeed.class, restrictToAnnotatedClass = true)
class ScoresheetBenchmarkTest {

    /** The console's services and the feed. */
    public static class WithFeed extends ServicesStack {
        @Override
        protected List<String> services() {
            return List.of("game", "pairing", "feed");
        }
    }

    static final int BOARDS = Integer.getInteger("sheet.bench.boards", 100);
    static final int SECONDS = Integer.getInteger("sheet.bench.seconds", 60);
    /** Leading seconds whose moves are sent and checked but not in the percentiles (the JVMs' warm-up). */
    static final int WARMUP = Integer.getInteger("sheet.bench.warmup", 10);
    static final double MEAN_MOVE_SECONDS = Double.parseDouble(System.getProperty("sheet.bench.move-seconds", "30"));
    static final double TIME_TROUBLE_SHARE = Double.parseDouble(System.getProperty("sheet.bench.time-trouble", "0.1"));
    static final double TIME_TROUBLE_MOVE_SECONDS = Double.parseDouble(System.getProperty(
            "sheet.bench.time-trouble-move-seconds", "3"));
    /** Each sheet asks the console for the arbiter's decisions every so many seconds, as the page does (0: never). */
    static final int POLL_SECONDS = Integer.getInteger("sheet.bench.poll-seconds", 0);
    /**
     * The devices' protocol: HTTP/1.1 by default, each sheet's request on a connection of its own as a hall's tablets
     * have; with true, each device's HTTP/2 connection carries all of its sheets' requests (the runs before session
     * 13: at load 30-40 every worker thread of the console was found blocked reading a body on one of the two
     * connections, and nothing got through).
     */
    static final boolean HTTP2 = Boolean.getBoolean("sheet.bench.http2");
    static final int BOARDS_PER_TOURNAMENT = 500;
    static final Duration SETUP = Duration.ofSeconds(300);
    static final ObjectMapper JSON = new ObjectMapper();

    /** The first 100 plies of a game of the conformance corpus (dev-g0002), in UCI (as the CLI's bench has it). */
    static final String GAME = "f2f3 g8f6 b2b4 f6g4 c1a3 h8g8 a3b2 g4e3 d2d4 b7b6 h2h4 e3c4 e1f2 c4b2 h4h5 "
            + "b6b5 e2e3 a7a5 c2c3 b8c6 h1h3 g7g6 d1a4 g8h8 h3h4 b2d3 f2g3 d7d5 f1d3 c8f5 g3f4 a8a7 f4g5 e7e6 g5f4 d8g5 "
            + "f4g5 f5e4 b1d2 c6d8 a1e1 c7c5 d3c2 e8d7 h5h6 f7f6 g5f4 b5a4 c2e4 d7e8 h4h5 d5e4 h5c5 a7e7 d2b3 d8b7 c5c6 "
            + "e8f7 e1a1 f8g7 f3e4 g7f8 a2a3 e6e5 d4e5 b7c5 g1h3 f8g7 c6e6 g6g5 f4f3 f6e5 e6e7 f7f8 a1g1 g7h6 h3f2 f8g8 "
            + "f2d3 c5d7 b3c5 d7b6 g1f1 b6c8 e7a7 c8b6 f3e2 b6d5 b4a5 d5b6 f1e1 b6c8 c3c4 c8b6 a7f7 b6a8";

    @TestHTTPResource("/")
    URI base;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(2);
    private volatile long loadStart;

    /** Latencies in microseconds, by path. */
    private final List<Long> toConsoleOwn = Collections.synchronizedList(new ArrayList<>());
    private final List<Long> toConsoleOpponent = Collections.synchronizedList(new ArrayList<>());
    private final List<Long> toFeed = Collections.synchronizedList(new ArrayList<>());
    private final List<Long> stateReads = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Line> ownMoves = new ConcurrentHashMap<>();
    private final Map<String, Boolean> inFeed = new ConcurrentHashMap<>();
    private final AtomicLong linesMade = new AtomicLong();
    private final AtomicLong linesReceived = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong waitingAnswers = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong failedRequests = new AtomicLong();
    /** Lines a sheet was given out of ply order (a page cannot make them: the driver's fault, not the console's). */
    private final AtomicLong madeOutOfOrder = new AtomicLong();
    private final List<String> problems = Collections.synchronizedList(new ArrayList<>());
    /** The console's outcome of each received line, by line id (to say why a move is missing at the end). */
    private final Map<String, String> outcomes = new ConcurrentHashMap<>();

    @jakarta.inject.Inject
    GameProgress progress;

    @Test
    void every_board_recorded_on_two_sheets() throws Exception {
        String pairing = ConfigProvider.getConfig().getValue("quarkus.rest-client.pairing.url", String.class);
        String game = ConfigProvider.getConfig().getValue("quarkus.rest-client.game.url", String.class);
        String feed = ConfigProvider.getConfig().getValue("quarkus.rest-client.feed.url", String.class);
        String key = ConfigProvider.getConfig().getValue("torneo.console.board-code-key", String.class);
        List<String> moves = sanMoves();
        TokenClient tokens = new TokenClient(TokenClient.keycloakTokenEndpoint(KeycloakStack.issuer()),
                TorneoRealm.CLI_CLIENT, null);
        String organiser = tokens.password("organiser", TorneoRealm.DEMO_PASSWORD).accessToken();
        String chief = tokens.password("chief-arbiter", TorneoRealm.DEMO_PASSWORD).accessToken();

        // --- the tournaments, their players and devices; round 1 paired; every game started
        String run = runWithCodesApart(new BoardCodes(key));
        List<Board> boards = new ArrayList<>();
        for (int t = 0, left = BOARDS; left > 0; t++, left -= BOARDS_PER_TOURNAMENT) {
            int n = Math.min(left, BOARDS_PER_TOURNAMENT);
            String id = run + "-" + t;
            long began = System.nanoTime();
            accepted(post(pairing + "/tournaments", organiser, "{\"tournamentId\":\"" + id + "\",\"name\":\"Sheets bench "
                    + id + "\",\"system\":\"roundrobin\",\"rounds\":0,\"rulesetId\":\"FIDE_2018\",\"halls\":[{\"name\":"
                    + "\"A\",\"firstBoard\":1,\"lastBoard\":" + n + "}]}"));
            until("tournament " + id + " is created", () -> get(pairing + "/tournaments/" + id).statusCode() == 200);
            accepted(post(pairing + "/tournaments/" + id + "/arbiters", organiser, "{\"account\":\"chief-arbiter\","
                    + "\"chief\":true,\"halls\":[]}"));
            List<CompletableFuture<HttpResponse<String>>> registered = new ArrayList<>();
            for (int p = 1; p <= 2 * n; p++) {
                registered.add(postAsync(pairing + "/tournaments/" + id + "/players", organiser, "{\"playerId\":\"" + id
                        + "-p" + p + "\",\"name\":\"Player " + p + "\",\"rating\":" + (2400 - p) + "}"));
                if (registered.size() == 50) {
                    registered.forEach(f -> accepted(f.join()));
                    registered.clear();
                }
            }
            registered.forEach(f -> accepted(f.join()));
            for (String device : List.of("device-1", "device-2")) {
                until("the chief arbiter assigns " + device, () -> post(pairing + "/tournaments/" + id + "/devices",
                        chief, "{\"account\":\"" + device + "\",\"hall\":\"A\",\"boards\":[]}").statusCode() == 202);
            }
            until("the " + 2 * n + " players of " + id + " are registered", () -> json(get(pairing + "/tournaments/" + id
                    + "/players")).size() == 2 * n);
            accepted(post(pairing + "/tournaments/" + id + "/rounds/next", chief, "{}"));
            until("the " + n + " games of " + id + " start", () -> json(get(game + "/games?tournament=" + id
                    + "&round=1&limit=1000")).size() == n);
            BoardCodes codes = new BoardCodes(key);
            for (JsonNode g : json(get(game + "/games?tournament=" + id + "&round=1&limit=1000"))) {
                int number = g.path("board").asInt();
                boards.add(new Board(id, number, g.path("gameId").asText(), codes.code(id, 1, number, "WHITE"),
                        codes.code(id, 1, number, "BLACK")));
            }
            until("the feed has the " + n + " games of " + id, () -> get(feed + "/api/tournaments/" + id).body()
                    .contains("\"gamesInProgress\":" + n));
            System.out.printf("sheet benchmark: %s: %d boards set up in %.0f s%n", id, n,
                    (System.nanoTime() - began) / 1e9);
        }
        // the public stream of each tournament, as a broadcast follows it
        List<String> tournaments = boards.stream().map(b -> b.tournament).distinct().toList();
        for (String t : tournaments) {
            Thread.ofPlatform().daemon().name("feed-" + t).start(() -> follow(feed + "/api/tournaments/" + t
                    + "/events?round=1"));
        }

        // --- two devices signed in through the provider; every sheet bound with its code (the log's first line)
        HttpClient whiteDevice = signIn("device-1");
        HttpClient blackDevice = signIn("device-2");
        long binding = System.nanoTime();
        for (Board b : boards) {
            b.white = new Sheet(whiteDevice, b.whiteCode);
            b.black = new Sheet(blackDevice, b.blackCode);
            for (Sheet sheet : List.of(b.white, b.black)) {
                HttpResponse<String> bound = sheet.session.send(HttpRequest.newBuilder(base.resolve("/sheet"))
                        .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers
                                .ofString("code=" + URLEncoder.encode(sheet.code, StandardCharsets.UTF_8))).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(303, bound.statusCode(), "binding " + sheet.code + ": " + bound.body());
            }
        }
        System.out.printf("sheet benchmark: %d sheets bound in %.1f s%n", 2 * boards.size(),
                (System.nanoTime() - binding) / 1e9);

        // --- the pace: time trouble late in the run for a share of the boards, the others slowed to keep the average
        double burst = SECONDS / 4.0;
        double extra = TIME_TROUBLE_SHARE * burst / TIME_TROUBLE_MOVE_SECONDS;
        double normal = SECONDS / MEAN_MOVE_SECONDS > extra
                ? (SECONDS - TIME_TROUBLE_SHARE * burst) / (SECONDS / MEAN_MOVE_SECONDS - extra) : MEAN_MOVE_SECONDS;
        System.out.printf("sheet benchmark: %d boards, %d sheets, %d s (%d s warm-up not in the figures); a move per"
                        + " board every %.0f s on average: %.0f s apart normally, %.0f s for %.0f%% of the boards in time"
                        + " trouble for %.0f s; sheets poll the arbiter's decisions %s%n", boards.size(),
                2 * boards.size(), SECONDS, WARMUP, MEAN_MOVE_SECONDS, normal, TIME_TROUBLE_MOVE_SECONDS,
                TIME_TROUBLE_SHARE * 100, burst, POLL_SECONDS > 0 ? "every " + POLL_SECONDS + " s" : "never");
        System.out.printf("sheet benchmark: devices on %s%n", HTTP2 ? "HTTP/2 (one connection a device)"
                : "HTTP/1.1 (a connection per request in flight)");
        SplittableRandom random = new SplittableRandom(20);
        loadStart = System.nanoTime();
        long end = loadStart + SECONDS * 1_000_000_000L;
        for (Board b : boards) {
            b.lines = new BoardLines(moves, b.white::add, b.black::add);
            b.normal = normal;
            if (random.nextDouble() < TIME_TROUBLE_SHARE) {
                double from = SECONDS / 2.0 + random.nextDouble() * (SECONDS / 2.0 - burst);
                b.troubleFrom = loadStart + (long) (from * 1e9);
                b.troubleTo = b.troubleFrom + (long) (burst * 1e9);
            }
            b.end = end;
            b.random = random.split();
            timer.schedule(() -> b.move(), (long) (b.think(loadStart) * 1e6), TimeUnit.MICROSECONDS);
            if (POLL_SECONDS > 0) {
                for (Sheet sheet : List.of(b.white, b.black)) {
                    timer.scheduleAtFixedRate(sheet::poll, random.nextLong(POLL_SECONDS * 1000L), POLL_SECONDS * 1000L,
                            TimeUnit.MILLISECONDS);
                }
            }
        }
        Thread.sleep(SECONDS * 1000L);
        long made = ownMoves.size();
        // everything made is delivered, or the check below says what is missing
        long drain = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < drain && (linesReceived.get() + refused.get() < linesMade.get()
                || inFeed.size() < ownMoves.size())) {
            Thread.sleep(200);
        }
        timer.shutdownNow();
        double elapsed = SECONDS;

        // --- the figures
        System.out.printf("sheet benchmark: %d moves made (%.1f/s, a move per board every %.1f s), %d lines written"
                        + " (both sheets), %d requests (%d failed), %d answers 'waiting' (sent again 1.5 s later)%n",
                made, made / elapsed, boards.size() * elapsed / Math.max(1, made), linesMade.get(), requests.get(),
                failedRequests.get(), waitingAnswers.get());
        print("device -> console, own move (sent to the game) ", toConsoleOwn);
        print("device -> console, opponent's move (compared) ", toConsoleOpponent);
        List<Long> all = new ArrayList<>(toConsoleOwn);
        all.addAll(toConsoleOpponent);
        print("device -> console, every line                 ", all);
        print("device -> feed (public SSE, no delay)          ", toFeed);
        if (POLL_SECONDS > 0) {
            print("sheet's poll of the arbiter's decisions        ", stateReads);
        }

        // --- nothing lost: every line received, every move in the game and on the feed
        long inGames = 0;
        for (String t : tournaments) {
            for (JsonNode g : json(get(game + "/games?tournament=" + t + "&round=1&limit=1000"))) {
                inGames += g.path("plies").asLong();
            }
        }
        explainLosses(game, boards, tournaments);
        long lostLines = linesMade.get() - linesReceived.get() - refused.get();
        long lostFeed = ownMoves.size() - inFeed.size();
        System.out.printf("sheet benchmark: lost: %d lines not received by the console, %d refused, %d moves not in the"
                        + " game (%d made, %d there), %d moves not on the feed; load %s%n", lostLines, refused.get(),
                ownMoves.size() - inGames, ownMoves.size(), inGames, lostFeed, loadAverage());
        System.out.printf("sheet benchmark: %d lines made out of ply order by the driver; %d replies found their"
                + " sheet without the opponent's move (the timer ran the copy late: written first)%n",
                madeOutOfOrder.get(), boards.stream().mapToLong(b -> b.lines.copiedBeforeReply()).sum());
        List<String> seen;
        synchronized (problems) {
            seen = new ArrayList<>(problems);
        }
        seen.stream().filter(p -> p.contains(" made after ")).limit(5).forEach(p -> System.out.println(
                "sheet benchmark: problem: " + p));
        seen.stream().filter(p -> !p.contains(" made after ")).limit(10).forEach(p -> System.out.println(
                "sheet benchmark: problem: " + p));
        assertEquals(0, madeOutOfOrder.get(), "lines the driver made out of ply order: " + problems);
        assertEquals(0, lostLines, "lines the console did not receive");
        assertEquals(0, refused.get(), "lines refused: " + problems);
        assertEquals(ownMoves.size(), inGames, "moves the game does not have");
        assertEquals(0, lostFeed, "moves the feed did not stream");
    }

    /**
     * The run's tournament ids, chosen so that no two sheets of its tournaments share a board code. Within a round the
     * codes are apart by construction ({@link BoardCodes}); two tournaments' codes may meet (about one run in thirty
     * at 2,500 boards in five tournaments), and the console then refuses the code to a device assigned in both, as
     * device-1 and device-2 are here (a shortcut of the benchmark: a hall's tablets serve one tournament). Such a run
     * once bound a device to the other board silently and lost its moves (session 16's two losses).
     */
    private static String runWithCodesApart(BoardCodes codes) {
        while (true) {
            String run = "sb-" + UUID.randomUUID().toString().substring(0, 6);
            java.util.Set<String> seen = new java.util.HashSet<>();
            boolean apart = true;
            for (int t = 0, left = BOARDS; left > 0 && apart; t++, left -= BOARDS_PER_TOURNAMENT) {
                for (int board = 1; board <= Math.min(left, BOARDS_PER_TOURNAMENT) && apart; board++) {
                    apart = seen.add(codes.code(run + "-" + t, 1, board, "WHITE"))
                            && seen.add(codes.code(run + "-" + t, 1, board, "BLACK"));
                }
            }
            if (apart) {
                return run;
            }
            System.out.println("sheet benchmark: " + run + "'s tournaments share a board code; another run id");
        }
    }

    /**
     * Why a game lacks moves at the end: for each board whose game has fewer plies than were made, its first missing
     * ply's own line (still on the mover's sheet, or received with the console's outcome), the game's answer on that
     * command and what the console's fold of the game's topics knows; printed by kind, with a few examples.
     */
    private void explainLosses(String game, List<Board> boards, List<String> tournaments) throws Exception {
        Map<String, Integer> plies = new java.util.HashMap<>();
        for (String t : tournaments) {
            for (JsonNode g : json(get(game + "/games?tournament=" + t + "&round=1&limit=1000"))) {
                plies.put(g.path("gameId").asText(), g.path("plies").asInt());
            }
        }
        Map<String, Integer> kinds = new java.util.TreeMap<>();
        List<String> examples = new ArrayList<>();
        for (Board b : boards) {
            int there = plies.getOrDefault(b.gameId, -1);
            Line first = ownMoves.get(b.gameId + "#" + (there + 1));
            if (first == null) {
                continue;
            }
            Sheet mover = first.ply() % 2 == 1 ? b.white : b.black;
            boolean pendingThere;
            synchronized (mover) {
                pendingThere = mover.pending.contains(first);
            }
            String outcome = outcomes.get(first.id());
            JsonNode decided = JSON.readTree(get(game + "/commands/" + first.id()).body());
            String kind = (pendingThere ? "not received" : outcome == null ? "neither pending nor received"
                    : "received (" + outcome.replaceAll("^ply \\d+ \\(move \\d+\\): \\S+", "").strip() + ")")
                    + "; game: " + decided.path("status").asText("?") + "; fold: "
                    + progress.known(b.gameId).map(k -> k.plies() + " plies").orElse("not sure");
            kinds.merge(kind, 1, Integer::sum);
            if (examples.size() < 10) {
                // what the game made of the command (its events, or a refusal's reason), and the game as the service
                // has it: enough to tell a move decided into something else from one decided and never seen
                examples.add(b.gameId + " ply " + first.ply() + " (game has " + there + "): " + kind + " "
                        + decided.path("reason").asText("") + "; its events: " + decided.path("events")
                        + "; the game: " + get(game + "/games/" + b.gameId).body());
            }
        }
        kinds.forEach((kind, n) -> System.out.printf("sheet benchmark: boards whose first missing move is %s: %d%n",
                kind, n));
        examples.forEach(e -> System.out.println("sheet benchmark: missing: " + e));
    }

    // ------------------------------------------------------------------------------------------------ boards, sheets

    /** A board: its game, its two sheets and the pace of its players. */
    final class Board {
        final String tournament;
        final int number;
        final String gameId;
        final String whiteCode;
        final String blackCode;
        Sheet white;
        Sheet black;
        BoardLines lines;
        double normal;
        long troubleFrom = Long.MAX_VALUE;
        long troubleTo = Long.MAX_VALUE;
        long end;
        SplittableRandom random;

        Board(String tournament, int number, String gameId, String whiteCode, String blackCode) {
            this.tournament = tournament;
            this.number = number;
            this.gameId = gameId;
            this.whiteCode = whiteCode;
            this.blackCode = blackCode;
        }

        /**
         * Seconds until the next move: at least one (the move is made, then written), exponential above; a player
         * whose time trouble begins before his move comes moves at the time trouble's pace from then on.
         */
        synchronized double think(long now) {
            boolean trouble = now >= troubleFrom && now < troubleTo;
            double seconds = sample(trouble ? TIME_TROUBLE_MOVE_SECONDS : normal);
            if (!trouble && now < troubleFrom && now + (long) (seconds * 1e9) > troubleFrom) {
                seconds = (troubleFrom - now) / 1e9 + sample(TIME_TROUBLE_MOVE_SECONDS);
            }
            return seconds;
        }

        private double sample(double mean) {
            return 1.0 + -Math.log(1.0 - random.nextDouble()) * Math.max(0.0, mean - 1.0);
        }

        /**
         * The mover writes his move (after the opponent's previous move, if his sheet lacks it yet); the opponent
         * writes it 0.5-3 s later; the next move is scheduled.
         */
        void move() {
            long now = System.nanoTime();
            if (now >= end) {
                return;
            }
            Line own = lines.move(now);
            if (own == null) {
                return;
            }
            ownMoves.put(gameId + "#" + own.ply(), own);
            double wait = think(now);
            double copy = Math.min(0.5 + random.nextDouble() * 2.5, wait * 0.8);
            timer.schedule(() -> lines.copy(own.ply(), System.nanoTime()), (long) (copy * 1e6),
                    TimeUnit.MICROSECONDS);
            timer.schedule(this::move, (long) (wait * 1e6), TimeUnit.MICROSECONDS);
        }
    }

    /**
     * The order in which a board's lines reach its two sheets. A player writes his sheet ply after ply (the page offers
     * only the next line: FIDE 2018 8.1.1, move after move), so the opponent's move is on his sheet before his own
     * reply, however late the timer runs the copy. The driver's timer has two threads: under load the copy of a move,
     * due a fraction of a second before the reply, could be run after it, and the console then refused the reply as
     * out of order and every later line of that sheet (shown by ScoresheetBenchmarkLinesTest; not what refused the
     * first 2,500-board run's lines: that was the console, see Scoresheets#behind).
     */
    static final class BoardLines {
        private final List<String> moves;
        private final Consumer<Line> white;
        private final Consumer<Line> black;
        private int moved;
        private int copied;
        private long copiedBeforeReply;

        BoardLines(List<String> moves, Consumer<Line> white, Consumer<Line> black) {
            this.moves = List.copyOf(moves);
            this.white = white;
            this.black = black;
        }

        /** The next move on the mover's sheet, the opponent's previous move written first if it is not; null at the end. */
        synchronized Line move(long now) {
            if (moved >= moves.size()) {
                return null;
            }
            int ply = ++moved;
            if (copied < ply - 1) {
                copiedBeforeReply++;
                copy(ply - 1, now);
            }
            Line own = new Line(ply, moves.get(ply - 1), true, now);
            (ply % 2 == 1 ? white : black).accept(own);
            return own;
        }

        /** The opponent writes the move of {@code ply} on his sheet, unless he already has. */
        synchronized void copy(int ply, long now) {
            if (ply <= copied) {
                return;
            }
            copied = ply;
            (ply % 2 == 1 ? black : white).accept(new Line(ply, moves.get(ply - 1), false, now));
        }

        /** Copies the reply found not yet written (each one a line the old driver sent out of order). */
        synchronized long copiedBeforeReply() {
            return copiedBeforeReply;
        }
    }

    /** A line written on a sheet: the move, whose it is, when it was made on the device. */
    record Line(int ply, String san, boolean own, long madeAt, String id, String recordedAt) {
        Line(int ply, String san, boolean own, long madeAt) {
            this(ply, san, own, madeAt, UUID.randomUUID().toString(), Instant.now().toString());
        }
    }

    /** One sheet as the page runs it: the actions kept until received, one request at a time, in order. */
    final class Sheet {
        final HttpClient session;
        final String code;
        private final Deque<Line> pending = new ArrayDeque<>();
        private boolean inflight;
        private int lastPly;

        Sheet(HttpClient session, String code) {
            this.session = session;
            this.code = code;
        }

        void add(Line line) {
            linesMade.incrementAndGet();
            synchronized (this) {
                if (line.ply() != lastPly + 1) {
                    // the page writes ply after ply: a line out of order is the driver's, and the console refuses it
                    madeOutOfOrder.incrementAndGet();
                    problems.add(code + ": ply " + line.ply() + " made after ply " + lastPly);
                }
                lastPly = Math.max(lastPly, line.ply());
                pending.add(line);
            }
            flush();
        }

        void flush() {
            List<Line> batch;
            synchronized (this) {
                if (inflight || pending.isEmpty()) {
                    return;
                }
                inflight = true;
                batch = new ArrayList<>(pending);
            }
            StringBuilder body = new StringBuilder("[");
            for (Line l : batch) {
                body.append(body.length() > 1 ? "," : "").append("{\"id\":\"").append(l.id()).append(
                        "\",\"action\":\"line\",\"ply\":").append(l.ply()).append(",\"san\":\"").append(l.san())
                        .append("\",\"recordedAt\":\"").append(l.recordedAt()).append("\"}");
            }
            body.append(']');
            requests.incrementAndGet();
            session.sendAsync(HttpRequest.newBuilder(base.resolve("/sheet/" + code + "/actions")).timeout(Duration
                            .ofSeconds(30)).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers
                            .ofString(body.toString())).build(), HttpResponse.BodyHandlers.ofString())
                    .whenComplete((answer, error) -> answered(batch, answer, error));
        }

        private void answered(List<Line> batch, HttpResponse<String> answer, Throwable error) {
            long now = System.nanoTime();
            boolean again;
            synchronized (this) {
                inflight = false;
                if (error != null || answer.statusCode() != 200) {
                    failedRequests.incrementAndGet();
                    problems.add(code + ": " + (error != null ? error : answer.statusCode() + " " + answer.body()));
                } else {
                    try {
                        JsonNode answers = JSON.readTree(answer.body()).path("answers");
                        for (int i = 0; i < answers.size(); i++) {
                            JsonNode a = answers.get(i);
                            Line line = batch.get(i);
                            String status = a.path("status").asText();
                            if (!a.path("id").asText().equals(line.id())) {
                                problems.add(code + ": answer " + i + " is for " + a.path("id").asText());
                            } else if (status.equals("received")) {
                                pending.remove(line);
                                outcomes.put(line.id(), a.path("outcome").asText());
                                if (a.path("outcome").asText().startsWith("refused")) {
                                    refused.incrementAndGet();
                                    problems.add(code + " ply " + line.ply() + ": " + a.path("outcome").asText());
                                } else {
                                    linesReceived.incrementAndGet();
                                    if (line.madeAt() - loadStart >= WARMUP * 1_000_000_000L) {
                                        (line.own() ? toConsoleOwn : toConsoleOpponent).add((now - line.madeAt())
                                                / 1000);
                                    }
                                }
                            } else if (status.equals("waiting")) {
                                waitingAnswers.incrementAndGet();
                            } else {
                                pending.remove(line);
                                refused.incrementAndGet();
                                problems.add(code + " ply " + line.ply() + ": " + a);
                            }
                        }
                    } catch (java.io.IOException e) {
                        failedRequests.incrementAndGet();
                        problems.add(code + ": " + e);
                    }
                }
                again = !pending.isEmpty();
            }
            if (again && !timer.isShutdown()) {
                // as the page: the next attempt 1.5 s later (an answer "waiting", a lost answer)
                timer.schedule(this::flush, 1500, TimeUnit.MILLISECONDS);
            }
        }

        void poll() {
            long sent = System.nanoTime();
            session.sendAsync(HttpRequest.newBuilder(base.resolve("/sheet/" + code + "/state")).timeout(Duration
                    .ofSeconds(30)).build(), HttpResponse.BodyHandlers.discarding()).whenComplete((answer, error) -> {
                        if (error == null && answer.statusCode() == 200) {
                            stateReads.add((System.nanoTime() - sent) / 1000);
                        }
                    });
        }
    }

    // ------------------------------------------------------------------------------------------------ the feed

    /** Reads a tournament's public stream; each move event is matched to the line that made it. */
    private void follow(String url) {
        Pattern game = Pattern.compile("\"gameId\":\"([^\"]+)\"");
        Pattern ply = Pattern.compile("\"ply\":(\\d+)");
        try {
            HttpResponse<InputStream> stream = http.send(HttpRequest.newBuilder(URI.create(url)).header("Accept",
                    "text/event-stream").build(), HttpResponse.BodyHandlers.ofInputStream());
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(stream.body(),
                    StandardCharsets.UTF_8))) {
                String type = "";
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    long now = System.nanoTime();
                    if (line.startsWith("event:")) {
                        type = line.substring(6).strip();
                    } else if (line.startsWith("data:") && type.equals("move")) {
                        Matcher g = game.matcher(line);
                        Matcher p = ply.matcher(line);
                        if (g.find() && p.find()) {
                            String key = g.group(1) + "#" + p.group(1);
                            Line made = ownMoves.get(key);
                            if (made != null && inFeed.putIfAbsent(key, Boolean.TRUE) == null
                                    && made.madeAt() - loadStart >= WARMUP * 1_000_000_000L) {
                                toFeed.add((now - made.madeAt()) / 1000);
                            }
                        }
                    } else if (line.isEmpty()) {
                        type = "";
                    }
                }
            }
        } catch (Exception e) {
            problems.add("feed stream " + url + ": " + e);
        }
    }

    // ------------------------------------------------------------------------------------------------ helpers

    static List<String> sanMoves() {
        List<String> san = new ArrayList<>();
        Position p = Position.initial();
        for (String uci : GAME.split(" ")) {
            var move = MoveParser.parse(p, uci).move();
            san.add(San.write(p, move));
            p = p.play(move);
        }
        return san;
    }

    private static void print(String path, List<Long> micros) {
        List<Long> sorted;
        synchronized (micros) {
            sorted = new ArrayList<>(micros);
        }
        Collections.sort(sorted);
        printPercentiles("sheet benchmark", path, sorted, String.valueOf(sorted.size()));
    }

    /** A device's console session: the code flow through the provider's login form (as ConsoleRoleMatrixTest). */
    private HttpClient signIn(String account) throws Exception {
        HttpClient session = HttpClient.newBuilder().cookieHandler(new ConsoleRoleMatrixTest.Jar())
                .version(HTTP2 ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> login = follow(session, session.send(HttpRequest.newBuilder(base.resolve("/signin"))
                .build(), HttpResponse.BodyHandlers.ofString()));
        Matcher action = Pattern.compile("action=\"([^\"]*login-actions/authenticate[^\"]*)\"").matcher(login.body());
        if (!action.find()) {
            fail("no login form at " + login.uri() + " (" + login.statusCode() + ")");
        }
        HttpResponse<String> home = follow(session, session.send(HttpRequest.newBuilder(login.uri().resolve(action
                        .group(1).replace("&amp;", "&"))).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("username=" + account + "&password=" + URLEncoder.encode(
                        TorneoRealm.DEMO_PASSWORD, StandardCharsets.UTF_8) + "&credentialId=")).build(),
                HttpResponse.BodyHandlers.ofString()));
        if (!home.body().contains("id=\"account\">" + account + "<")) {
            fail(account + " is not signed in at " + home.uri());
        }
        return session;
    }

    private static HttpResponse<String> follow(HttpClient session, HttpResponse<String> answer) throws Exception {
        for (int i = 0; i < 10 && answer.statusCode() / 100 == 3; i++) {
            URI next = answer.uri().resolve(answer.headers().firstValue("Location").orElseThrow());
            answer = session.send(HttpRequest.newBuilder(next).build(), HttpResponse.BodyHandlers.ofString());
        }
        return answer;
    }

    private HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String url, String token, String body) throws Exception {
        return postAsync(url, token, body).join();
    }

    private CompletableFuture<HttpResponse<String>> postAsync(String url, String token, String body) {
        return ConsoleHttpTest.postCommand(http, url, token, body);
    }

    private static void accepted(HttpResponse<String> answer) {
        assertEquals(202, answer.statusCode(), answer.uri() + ": " + answer.body());
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return response.statusCode() == 200 ? JSON.readTree(response.body()) : JSON.createArrayNode();
    }

    private static void until(String what, ConsoleHttpTest.Check check) throws Exception {
        ConsoleHttpTest.until(what, SETUP, check);
    }
}
