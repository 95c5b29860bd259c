package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.console.BenchmarkFigures.loadAverage;
import static org.torneo.console.BenchmarkFigures.millisAt;
import static org.torneo.console.BenchmarkFigures.printPercentiles;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.stack.identity.TokenClient;
import org.torneo.stack.identity.TorneoRealm;
import org.torneo.stack.test.KeycloakStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Benchmark (issue 18: "a result entered reaches the hall screen and the standings in <= 1 s p99"; prints figures,
 * asserts no timing): a 5,000-player tournament (2,500 boards in four halls of 625) on the real local stack: this
 * console, the real pairing, game and feed services from their built jars ({@link ScoresheetBenchmarkTest.WithFeed}),
 * the broker, PostgreSQL and Keycloak. Set-up (not timed): the organiser creates the tournament (round robin: its
 * round 1 is paired at once, where the Dutch engine would take seconds of the set-up; the result path does not
 * depend on the system), registers the 5,000 players through the pairing service, appoints the chief arbiter and a
 * hall arbiter to each of halls A-C (the chief keeps D); the chief pairs round 1 and the game service starts the
 * 2,500 games.
 *
 * <p>Then the four arbiters enter their halls' results at once, each as the entry screen sends them (signed in to the
 * console through the provider's login form; {@code POST /t/{t}/rounds/1/halls/{hall}} with "board result", one at a
 * time, the next once the page answered): first at a hall arbiter's pace (a hundred results in three minutes), then a
 * burst (as fast as the console answers). Each result is timed from the instant its form is sent to:
 * <ul>
 * <li>the console's answer (the result recorded: the game service decided it and its projection has it);</li>
 * <li>the hall screen: the {@code result} event of the board on the feed's SSE stream filtered by the hall (what the
 * hall screen page's script listens to: {@code /api/tournaments/{t}/events?hall=});</li>
 * <li>the standings: the feed's {@code /api/tournaments/{t}/standings} (the data the standings page and the hall
 * screen's standings render) showing the winner's point (a draw: White's half), read by one reader in a loop; a
 * result counts when the first answer that has it arrives.</li>
 * </ul>
 * Prints p50/p95/p99/max per phase and path, the standings read's own time and the load average; asserts only that
 * every result entered reached both (none lost).
 *
 * <p>Run (the apps built first: {@code ./mvnw -pl services/console,services/game/app,services/pairing/app,
 * services/feed/app -am install -DskipTests}): {@code ./mvnw -pl services/console verify -Pslow
 * -Dtest=ResultLatencyBenchmarkTest}; parameters in docs/benchmarks.md.
 */
@Tag("slow")
@QuarkusTest
@QuarkusTestResource(value = ScoresheetBenchmarkTest.WithFeed.class, restrictToAnnotatedClass = true)
class ResultLatencyBenchmarkTest extends ConsoleHttpTest {

    static final int PLAYERS = Integer.getInteger("result.bench.players", 5000);
    /** Results each hall's arbiter enters at his pace, then back to back, and the leading ones not counted. */
    static final int STEADY = Integer.getInteger("result.bench.steady", 100);
    static final int STEADY_SECONDS = Integer.getInteger("result.bench.steady-seconds", 180);
    static final int BURST = Integer.getInteger("result.bench.burst", 50);
    static final int WARMUP = Integer.getInteger("result.bench.warmup", 5);
    static final List<String> HALLS = List.of("A", "B", "C", "D");
    /** Who enters each hall's results: the hall arbiters of the realm, the chief arbiter the fourth hall's. */
    static final List<String> ARBITERS = List.of("arbiter-1", "arbiter-2", "arbiter-3", "chief-arbiter");
    static final Duration SETUP = Duration.ofSeconds(600);
    static final Duration SETTLE = Duration.ofSeconds(120);
    static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
            .version(HttpClient.Version.HTTP_1_1).build();
    private final Map<Integer, Entry> entries = new ConcurrentHashMap<>();
    private final List<String> problems = Collections.synchronizedList(new ArrayList<>());
    private final List<Long> standingsReads = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean running = true;

    /** One result entered: where, by whom, what the standings must show, and when each path had it (nanoTime). */
    static final class Entry {
        final String hall;
        final int board;
        final String phase;
        final String typed;
        final String scorer;
        volatile long sentAt;
        volatile long answeredAt;
        volatile long pushedAt;
        volatile long standingsAt;

        Entry(String hall, int board, String phase, String typed, String scorer) {
            this.hall = hall;
            this.board = board;
            this.phase = phase;
            this.typed = typed;
            this.scorer = scorer;
        }
    }

    @Test
    void aResultReachesTheHallScreenAndTheStandings() throws Exception {
        String pairing = ConfigProvider.getConfig().getValue("quarkus.rest-client.pairing.url", String.class);
                String feed = ConfigProvider.getConfig().getValue("quarkus.rest-client.feed.url", String.class);
        TokenClient tokens = new TokenClient(TokenClient.keycloakTokenEndpoint(KeycloakStack.issuer()),
                TorneoRealm.CLI_CLIENT, null);
        String organiser = tokens.password("organiser", TorneoRealm.DEMO_PASSWORD).accessToken();
        int boards = PLAYERS / 2;
        int perHall = boards / HALLS.size();

        // --- set-up (not timed): the tournament, its players and arbiters, round 1 paired, its games started
        String id = "rl-" + UUID.randomUUID().toString().substring(0, 6);
        long began = System.nanoTime();
        StringBuilder halls = new StringBuilder();
        for (int h = 0; h < HALLS.size(); h++) {
            halls.append(h == 0 ? "" : ",").append("{\"name\":\"").append(HALLS.get(h)).append("\",\"firstBoard\":")
                    .append(h * perHall + 1).append(",\"lastBoard\":").append(h == HALLS.size() - 1 ? boards
                            : (h + 1) * perHall).append('}');
        }
        accepted(httpPost(pairing + "/tournaments", organiser, "{\"tournamentId\":\"" + id + "\",\"name\":\"Open de "
                + PLAYERS + "\",\"system\":\"roundrobin\",\"rounds\":0,\"rulesetId\":\"FIDE_2018\",\"halls\":[" + halls
                + "]}"));
        until("tournament " + id + " is created", () -> httpGet(pairing + "/tournaments/" + id).statusCode() == 200);
        accepted(httpPost(pairing + "/tournaments/" + id + "/arbiters", organiser, "{\"account\":\"chief-arbiter\","
                + "\"chief\":true,\"halls\":[]}"));
        for (int h = 0; h < 3; h++) {
            accepted(httpPost(pairing + "/tournaments/" + id + "/arbiters", organiser, "{\"account\":\"" + ARBITERS.get(h)
                    + "\",\"chief\":false,\"halls\":[\"" + HALLS.get(h) + "\"]}"));
        }
        List<CompletableFuture<HttpResponse<String>>> registered = new ArrayList<>();
        String token = organiser;
        long tokenAt = System.nanoTime();
        for (int p = 1; p <= PLAYERS; p++) {
            if (System.nanoTime() - tokenAt > 60_000_000_000L) { // a fresh token: the registration outlasts one
                token = tokens.password("organiser", TorneoRealm.DEMO_PASSWORD).accessToken();
                tokenAt = System.nanoTime();
            }
            registered.add(postAsync(pairing + "/tournaments/" + id + "/players", token, "{\"playerId\":\"" + id
                    + "-p" + p + "\",\"name\":\"Jugador " + p + ", Nombre\",\"rating\":" + (2700 - p * 1700 / PLAYERS)
                    + "}"));
            if (registered.size() == 100) {
                registered.forEach(f -> accepted(f.join()));
                registered.clear();
            }
        }
        registered.forEach(f -> accepted(f.join()));
        until("the " + PLAYERS + " players are registered", () -> json(httpGet(pairing + "/tournaments/" + id
                + "/players")).size() == PLAYERS);
        System.out.printf("result benchmark: %d players registered in %.0f s%n", PLAYERS, (System.nanoTime() - began)
                / 1e9);
        accepted(httpPost(pairing + "/tournaments/" + id + "/rounds/next", tokens.password("chief-arbiter",
                TorneoRealm.DEMO_PASSWORD).accessToken(), "{}"));
        until("the feed has the " + boards + " games of round 1", () -> httpGet(feed + "/api/tournaments/" + id).body()
                .contains("\"gamesInProgress\":" + boards));
        // who sits at each board, from the feed's round (the game service's GET /games gave no games here once, an
        // empty list or an error status, under load 40-55, though the feed had every game started)
        Map<Integer, String[]> players = new HashMap<>(); // board -> white, black
        HttpResponse<String> round = httpGet(feed + "/api/tournaments/" + id + "/rounds/1");
        assertEquals(200, round.statusCode(), "the feed's round 1: " + round.body());
        for (JsonNode b : JSON.readTree(round.body()).path("boards")) {
            players.put(b.path("board").asInt(), new String[] {b.path("white").asText(), b.path("black").asText()});
        }
        assertEquals(boards, players.size(), "the boards of round 1 on the feed");
        System.out.printf("result benchmark: %s set up in %.0f s (%d boards in halls %s)%n", id,
                (System.nanoTime() - began) / 1e9, boards, HALLS);

        // --- the arbiters sign in; each hall's screen stream and one standings reader follow the feed
        List<HttpClient> sessions = new ArrayList<>();
        for (int h = 0; h < HALLS.size(); h++) {
            HttpClient session = signIn(ARBITERS.get(h));
            String path = "/t/" + id + "/rounds/1/halls/" + HALLS.get(h);
            until(ARBITERS.get(h) + " sees hall " + HALLS.get(h) + "'s entry screen", () -> session.send(HttpRequest
                    .newBuilder(base.resolve(path)).build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200);
            sessions.add(session);
        }
        for (String hall : HALLS) {
            Thread.ofPlatform().daemon().name("screen-" + hall).start(() -> follow(feed + "/api/tournaments/" + id
                    + "/events?hall=" + hall));
        }
        Thread.ofPlatform().daemon().name("standings").start(() -> readStandings(feed + "/api/tournaments/" + id
                + "/standings"));
        Thread.sleep(2000); // the streams' backlog (5,000 players) read

        // --- the halls' results, all halls at once
        String loadBefore = loadAverage();
        long start = System.nanoTime();
        List<Thread> arbiters = new ArrayList<>();
        for (int h = 0; h < HALLS.size(); h++) {
            int hall = h;
            arbiters.add(Thread.ofPlatform().name("hall-" + HALLS.get(h)).start(() -> enter(sessions.get(hall), id,
                    HALLS.get(hall), hall * perHall + 1, players, start)));
        }
        for (Thread t : arbiters) {
            t.join();
        }
        long entered = System.nanoTime() - start;
        long settle = System.nanoTime() + SETTLE.toNanos();
        while (System.nanoTime() < settle && entries.values().stream().anyMatch(e -> e.pushedAt == 0
                || e.standingsAt == 0)) {
            Thread.sleep(200);
        }
        running = false;
        String loadAfter = loadAverage();

        // --- figures
        System.out.printf("result benchmark: %d players, %d boards, %d halls; %d results entered in %.0f s (per hall:"
                        + " %d warm-up, %d at a pace of %d in %d s, %d back to back)%n", PLAYERS, boards, HALLS.size(),
                entries.size(), entered / 1e9, WARMUP, STEADY, STEADY, STEADY_SECONDS, BURST);
        for (String phase : List.of("steady", "burst")) {
            List<Entry> counted = entries.values().stream().filter(e -> e.phase.equals(phase)).toList();
            print(phase + ": entered -> console answer", counted, e -> e.answeredAt);
            print(phase + ": entered -> hall screen (SSE result)", counted, e -> e.pushedAt);
            print(phase + ": entered -> standings (route)", counted, e -> e.standingsAt);
        }
        List<Long> reads;
        synchronized (standingsReads) {
            reads = new ArrayList<>(standingsReads);
        }
        Collections.sort(reads);
        if (!reads.isEmpty()) {
            System.out.printf("result benchmark: the standings read itself (%d rows) ms: p50 %.1f, max %.1f (%d reads)%n",
                    PLAYERS, millisAt(reads, 0.5), reads.get(reads.size() - 1) / 1000.0, reads.size());
        }
        System.out.printf("result benchmark: load average (/proc/loadavg) before %s, after %s; %d processors%n",
                loadBefore, loadAfter, Runtime.getRuntime().availableProcessors());
        long lostPush = entries.values().stream().filter(e -> e.pushedAt == 0).count();
        long lostStandings = entries.values().stream().filter(e -> e.standingsAt == 0).count();
        System.out.printf("result benchmark: not on the hall screen %d, not in the standings %d (after %d s)%n", lostPush,
                lostStandings, SETTLE.toSeconds());
        problems.stream().limit(20).forEach(p -> System.out.println("result benchmark: problem: " + p));
        assertTrue(problems.isEmpty(), problems.size() + " problems, the first: " + problems.stream().findFirst()
                .orElse(""));
        assertEquals(0, lostPush, "results that never reached the hall screen's stream");
        assertEquals(0, lostStandings, "results that never reached the standings");
    }

    /** One hall arbiter: the hall's first boards in order, "board result" and Enter, one at a time. */
    private void enter(HttpClient session, String id, String hall, int firstBoard, Map<Integer, String[]> players,
                       long start) {
        String path = "/t/" + id + "/rounds/1/halls/" + hall;
        double interval = STEADY_SECONDS * 1e9 / STEADY;
        for (int i = 0; i < WARMUP + STEADY + BURST; i++) {
            int board = firstBoard + i;
            String phase = i < WARMUP ? "warm-up" : i < WARMUP + STEADY ? "steady" : "burst";
            if (!phase.equals("burst")) {
                long due = start + (long) (i * interval);
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    sleep(wait / 1_000_000);
                }
            }
            // results in turn: White wins, a draw, Black wins (the standings show the winner's point, a draw White's ½)
            String result = switch (board % 3) {
                case 0 -> "1";
                case 1 -> "=";
                default -> "0";
            };
            String[] pair = players.get(board);
            Entry e = new Entry(hall, board, phase, board + " " + result, result.equals("0") ? pair[1] : pair[0]);
            entries.put(board, e);
            e.sentAt = System.nanoTime();
            try {
                HttpResponse<String> answer = send(session, path, form("entry", e.typed));
                e.answeredAt = System.nanoTime();
                if (answer.statusCode() != 200) {
                    problems.add(hall + " '" + e.typed + "': " + answer.statusCode() + " " + excerpt(answer.body()));
                }
            } catch (Exception ex) {
                problems.add(hall + " '" + e.typed + "': " + ex);
            }
        }
    }

    /** The hall screen's stream: each result event of the hall marks its board's entry. */
    private void follow(String url) {
        Pattern board = Pattern.compile("\"board\":(\\d+)");
        try {
            HttpResponse<InputStream> stream = http.send(HttpRequest.newBuilder(URI.create(url)).header("Accept",
                    "text/event-stream").build(), HttpResponse.BodyHandlers.ofInputStream());
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
                String type = "";
                for (String line = lines.readLine(); line != null && running; line = lines.readLine()) {
                    long now = System.nanoTime();
                    if (line.startsWith("event:")) {
                        type = line.substring(6).strip();
                    } else if (line.startsWith("data:") && type.equals("result")) {
                        Matcher m = board.matcher(line);
                        Entry e = m.find() ? entries.get(Integer.parseInt(m.group(1))) : null;
                        if (e != null && e.pushedAt == 0) {
                            e.pushedAt = now;
                        }
                    } else if (line.isEmpty()) {
                        type = "";
                    }
                }
            }
        } catch (Exception e) {
            if (running) {
                problems.add("hall screen stream " + url + ": " + e);
            }
        }
    }

    /** The standings as the page reads them, again and again: a result counts once an answer has its point. */
    private void readStandings(String url) {
        while (running) {
            try {
                long sent = System.nanoTime();
                HttpResponse<String> answer = httpGet(url);
                long received = System.nanoTime();
                standingsReads.add((received - sent) / 1000);
                if (answer.statusCode() != 200) {
                    problems.add("standings: " + answer.statusCode() + " " + answer.body());
                    continue;
                }
                Map<String, String> points = new HashMap<>();
                for (JsonNode row : JSON.readTree(answer.body()).path("rows")) {
                    points.put(row.path("playerId").asText(), row.path("values").path(0).asText());
                }
                for (Entry e : entries.values()) {
                    if (e.standingsAt == 0 && e.sentAt != 0 && e.sentAt < received) {
                        String shown = points.get(e.scorer);
                        if (shown != null && !shown.isEmpty() && !shown.equals("0")) {
                            e.standingsAt = received;
                        }
                    }
                }
                Thread.sleep(50);
            } catch (Exception e) {
                if (running) {
                    problems.add("standings: " + e);
                }
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ helpers

    @FunctionalInterface
    interface Reached {
        long at(Entry e);
    }

    private static void print(String path, List<Entry> counted, Reached reached) {
        List<Long> micros = new ArrayList<>();
        for (Entry e : counted) {
            if (reached.at(e) != 0) {
                micros.add((reached.at(e) - e.sentAt) / 1000);
            }
        }
        Collections.sort(micros);
        printPercentiles("result benchmark", path, micros, micros.size() + " of " + counted.size());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private HttpResponse<String> httpGet(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> httpPost(String url, String token, String body) {
        return postAsync(url, token, body).join();
    }

    private CompletableFuture<HttpResponse<String>> postAsync(String url, String token, String body) {
        return postCommand(http, url, token, body);
    }

    private static void until(String what, Check check) throws Exception {
        until(what, SETUP, check);
    }
}
