package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.torneo.stack.identity.TorneoRealm;
import org.torneo.stack.test.KeycloakStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The fix of commit 093e5cc2 ({@code Scoresheets#behind}), through the sheet's route against the real Keycloak (the
 * code flow, no browser), the real pairing and game services, the broker and PostgreSQL ({@link ServicesStack}): Black's
 * sheet is offline, White's sends in one batch his moves and Black's replies as he writes them (1. e4 e5 2. Nf3 Nc6
 * 3. Bb5 a6). The game has only 1. e4, so 2. Nf3 waits for Black's move, and 3. Bb5 waits behind it; each is written on
 * White's sheet at once all the same, so Black's next line (3...a6) is no gap. Before the fix 3. Bb5 was answered
 * "waiting" without being written, and 3...a6 was refused ("the sheet has 4 moves, the next line is ply 5"). When
 * Black's sheet comes online and both sheets send what waits, as the page does, the game has the six plies in order and
 * the two sheets agree.
 */
@QuarkusTest
@QuarkusTestResource(value = ServicesStack.class, restrictToAnnotatedClass = true)
class ScoresheetWaitingMoveTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final List<String> MOVES = List.of("e4", "e5", "Nf3", "Nc6", "Bb5", "a6");

    @TestHTTPResource("/")
    URI base;

    private final HttpClient services = HttpClient.newHttpClient();

    /** Every answer of the console: "ply N: status outcome". */
    private final List<String> answers = new ArrayList<>();

    /** A one-board round's game and its two sheets, bound. */
    private record Board(String id, String gameId, Sheet white, Sheet black) {
    }

    /** Given: a one-board round in hall A, device-1 and device-2 assigned to the board, the game started, both bound. */
    private Board board(String prefix) throws Exception {
        String id = prefix + UUID.randomUUID().toString().substring(0, 8);
        String pairing = ConfigProvider.getConfig().getValue("quarkus.rest-client.pairing.url", String.class);
        String game = ConfigProvider.getConfig().getValue("quarkus.rest-client.game.url", String.class);
        String key = ConfigProvider.getConfig().getValue("torneo.console.board-code-key", String.class);
        String organiser = KeycloakStack.token("organiser");
        String chief = KeycloakStack.token("chief-arbiter");

        accepted(post(pairing + "/tournaments", organiser, "{\"tournamentId\":\"" + id + "\",\"name\":\"Waiting " + id
                + "\",\"system\":\"roundrobin\",\"rounds\":0,\"rulesetId\":\"FIDE_2018\",\"halls\":[{\"name\":\"A\","
                + "\"firstBoard\":1,\"lastBoard\":1}]}"));
        until("the tournament is created", () -> get(pairing + "/tournaments/" + id).statusCode() == 200);
        accepted(post(pairing + "/tournaments/" + id + "/arbiters", organiser, "{\"account\":\"chief-arbiter\","
                + "\"chief\":true,\"halls\":[]}"));
        accepted(post(pairing + "/tournaments/" + id + "/players", organiser, "{\"playerId\":\"" + id + "-w\",\"name\":"
                + "\"Ana Blanco\",\"rating\":2000}"));
        accepted(post(pairing + "/tournaments/" + id + "/players", organiser, "{\"playerId\":\"" + id + "-b\",\"name\":"
                + "\"Bruno Negro\",\"rating\":1900}"));
        for (String device : List.of("device-1", "device-2")) {
            until("the chief arbiter assigns " + device, () -> post(pairing + "/tournaments/" + id + "/devices", chief,
                    "{\"account\":\"" + device + "\",\"hall\":\"A\",\"boards\":[1]}").statusCode() == 202);
        }
        until("the players are registered", () -> json(get(pairing + "/tournaments/" + id + "/players")).size() == 2);
        accepted(post(pairing + "/tournaments/" + id + "/rounds/next", chief, "{}"));
        until("the game of board 1 starts", () -> json(get(game + "/games?tournament=" + id + "&round=1")).size()
                == 1);
        String gameId = json(get(game + "/games?tournament=" + id + "&round=1")).get(0).path("gameId").asText();
        BoardCodes codes = new BoardCodes(key);
        Sheet white = new Sheet(signIn("device-1"), codes.code(id, 1, 1, "WHITE"));
        Sheet black = new Sheet(signIn("device-2"), codes.code(id, 1, 1, "BLACK"));
        white.bind();
        black.bind();
        return new Board(id, gameId, white, black);
    }

    @Test
    void an_own_move_behind_a_waiting_one_is_written_at_once_and_the_opponents_next_line_is_taken() throws Exception {
        String game = ConfigProvider.getConfig().getValue("quarkus.rest-client.game.url", String.class);
        Board board = board("w-");
        String id = board.id();
        String gameId = board.gameId();
        Sheet white = board.white();
        Sheet black = board.black();
        HttpClient arbiter = signIn("chief-arbiter");
        String review = "/t/" + id + "/rounds/1/halls/A/sheets";

        // --- when: Black's sheet is offline; White's sends his moves and Black's replies, in one batch
        for (int ply = 1; ply <= MOVES.size(); ply++) {
            white.write(ply);
        }
        List<String> first = white.send();

        // --- then: nothing refused; the moves behind the missing 1...e5 wait, each written on White's sheet at once
        assertEquals(List.of(), refused(), "lines refused");
        assertEquals(List.of("ply 1: received", "ply 2: received", "ply 3: waiting", "ply 4: received",
                "ply 5: waiting", "ply 6: received"), first.stream().map(a -> a.replaceAll("(received|waiting) .*",
                "$1")).toList(), "the answers to White's batch: " + first);
        String page = page(arbiter, review);
        assertEquals(String.join(" ", MOVES), lines(page, "white"), "White's sheet holds the six lines");
        assertEquals("", lines(page, "black"), "Black's sheet has sent nothing");
        until("the game has 1. e4", () -> plies(game, gameId) == 1);

        // --- when: Black's sheet comes online with its record; both send what waits, as the page does
        for (int ply = 1; ply <= MOVES.size(); ply++) {
            black.write(ply);
        }
        until("both sheets have every line received", () -> {
            black.send();
            white.send();
            return black.pending.isEmpty() && white.pending.isEmpty();
        });

        // --- then: the game has the six plies in order, both sheets agree, nothing refused, no alert
        until("the game has the six plies", () -> plies(game, gameId) == MOVES.size());
        String pgn = get(game + "/games/" + gameId + "/pgn").body().replaceAll("\\{[^}]*\\}", " ")
                .replaceAll("\\s+", " ");
        assertTrue(pgn.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"), pgn);
        assertEquals(List.of(), refused(), "lines refused: " + answers);
        page = page(arbiter, review);
        assertEquals(String.join(" ", MOVES), lines(page, "white"), "White's sheet");
        assertEquals(String.join(" ", MOVES), lines(page, "black"), "Black's sheet");
        Matcher alerts = Pattern.compile("<td class=\"alert-count\">(\\d+)</td>").matcher(page);
        assertTrue(alerts.find(), "no alert count on the sheets page");
        assertEquals("0", alerts.group(1), "alerts of board 1");
    }

    /** A sheet as the page runs it: its lines kept until the console answers "received", sent in order. */
    private final class Sheet {
        final HttpClient session;
        final String code;
        final List<String[]> pending = new ArrayList<>();

        Sheet(HttpClient session, String code) {
            this.session = session;
            this.code = code;
        }

        void bind() throws Exception {
            HttpResponse<String> bound = session.send(HttpRequest.newBuilder(base.resolve("/sheet")).header(
                    "Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(
                    "code=" + URLEncoder.encode(code, StandardCharsets.UTF_8))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(303, bound.statusCode(), "binding " + code + ": " + bound.body());
        }

        /** The line of a ply, on the device: its id and the instant it was made. */
        void write(int ply) {
            pending.add(new String[] {UUID.randomUUID().toString(), Integer.toString(ply), MOVES.get(ply - 1),
                    Instant.now().toString()});
        }

        /** Sends every line not yet received, in order; the answers as "ply N: status outcome". */
        List<String> send() throws Exception {
            StringBuilder body = new StringBuilder("[");
            for (String[] line : pending) {
                body.append(body.length() > 1 ? "," : "").append("{\"id\":\"").append(line[0])
                        .append("\",\"action\":\"line\",\"ply\":").append(line[1]).append(",\"san\":\"")
                        .append(line[2]).append("\",\"recordedAt\":\"").append(line[3]).append("\"}");
            }
            body.append(']');
            HttpResponse<String> answer = session.send(HttpRequest.newBuilder(base.resolve("/sheet/" + code
                    + "/actions")).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers
                    .ofString(body.toString())).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answer.statusCode(), code + ": " + answer.body());
            JsonNode got = JSON.readTree(answer.body()).path("answers");
            assertEquals(pending.size(), got.size(), answer.body());
            List<String> out = new ArrayList<>();
            List<String[]> received = new ArrayList<>();
            for (int i = 0; i < got.size(); i++) {
                String[] line = pending.get(i);
                assertEquals(line[0], got.get(i).path("id").asText(), "answer " + i + ": " + answer.body());
                String status = got.get(i).path("status").asText();
                String text = "ply " + line[1] + ": " + status + " " + got.get(i).path("outcome").asText(got.get(i)
                        .path("reason").asText());
                out.add(text);
                answers.add(code + " " + text);
                if (status.equals("received")) {
                    received.add(line);
                }
            }
            pending.removeAll(received);
            return out;
        }
    }

    /** The answers that refused a line: status refused, or received with the outcome "refused: ...". */
    private List<String> refused() {
        return answers.stream().filter(a -> a.matches(".*: (refused|received refused).*")).toList();
    }

    private static String lines(String page, String side) {
        Matcher m = Pattern.compile("id=\"" + side + "-lines-1\">([^<]*)<").matcher(page);
        assertTrue(m.find(), "no " + side + "-lines-1 on the sheets page");
        return m.group(1).strip();
    }

    private int plies(String game, String gameId) throws Exception {
        return json(get(game + "/games/" + gameId)).path("plies").asInt();
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private String page(HttpClient session, String path) throws Exception {
        HttpResponse<String> answer = session.send(HttpRequest.newBuilder(base.resolve(path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), path + ": " + answer.body());
        return answer.body();
    }

    /** A console session: the code flow through the provider's login form (as PairingDeskTest). */
    private HttpClient signIn(String account) throws Exception {
        HttpClient http = HttpClient.newBuilder().cookieHandler(new ConsoleRoleMatrixTest.Jar())
                .followRedirects(HttpClient.Redirect.NEVER).build();
        HttpResponse<String> login = follow(http, http.send(HttpRequest.newBuilder(base.resolve("/signin")).build(),
                HttpResponse.BodyHandlers.ofString()));
        Matcher action = Pattern.compile("action=\"([^\"]*login-actions/authenticate[^\"]*)\"").matcher(login.body());
        if (!action.find()) {
            fail("no login form at " + login.uri() + " (" + login.statusCode() + ")");
        }
        HttpResponse<String> home = follow(http, http.send(HttpRequest.newBuilder(login.uri().resolve(action.group(1)
                        .replace("&amp;", "&"))).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("username=" + account + "&password=" + URLEncoder.encode(
                        TorneoRealm.DEMO_PASSWORD, StandardCharsets.UTF_8) + "&credentialId=")).build(),
                HttpResponse.BodyHandlers.ofString()));
        assertTrue(home.body().contains("id=\"account\">" + account + "<"), account + " is not signed in");
        return http;
    }

    private static HttpResponse<String> follow(HttpClient http, HttpResponse<String> answer) throws Exception {
        for (int i = 0; i < 10 && answer.statusCode() / 100 == 3; i++) {
            URI next = answer.uri().resolve(answer.headers().firstValue("Location").orElseThrow());
            answer = http.send(HttpRequest.newBuilder(next).build(), HttpResponse.BodyHandlers.ofString());
        }
        return answer;
    }

    private HttpResponse<String> get(String url) throws Exception {
        return services.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String url, String token, String body) throws Exception {
        String withId = body.equals("{}") ? "{\"commandId\":\"" + UUID.randomUUID() + "\"}"
                : body.substring(0, body.length() - 1) + ",\"commandId\":\"" + UUID.randomUUID() + "\"}";
        return services.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + token).POST(HttpRequest.BodyPublishers.ofString(withId)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static void accepted(HttpResponse<String> answer) {
        assertEquals(202, answer.statusCode(), answer.uri() + ": " + answer.body());
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return response.statusCode() == 200 ? JSON.readTree(response.body()) : JSON.createArrayNode();
    }

    @FunctionalInterface
    interface Check {
        boolean holds() throws Exception;
    }

    private static void until(String what, Check check) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!check.holds()) {
            if (System.nanoTime() > deadline) {
                fail("not within " + WAIT.toSeconds() + " s: " + what);
            }
            Thread.sleep(500);
        }
    }

    /**
     * The 2,500-board loss's other half (docs/benchmarks.md): an own move whose previous move this console had just
     * handed to the game was answered "waiting" while the console's fold of the game's topics had not read that move
     * back yet (it lags the game by the game's decision and commit), and the device sent it again 1.5 s later; under
     * load round after round (17,836 times in a minute). Now the request waits for the fold, bounded, and the move is
     * sent at once. Each sheet writes the opponent's move and its reply and sends them the moment the other sheet's move
     * is received, as fast as a device can: every answer is "received", every own move "sent to the game".
     */
    @Test
    void an_own_move_right_after_the_opponents_is_sent_at_once_and_not_answered_waiting() throws Exception {
        String game = ConfigProvider.getConfig().getValue("quarkus.rest-client.game.url", String.class);
        Board board = board("r-");
        for (int ply = 1; ply <= MOVES.size(); ply++) {
            // when: the mover writes the opponent's last move, then his own, and sends at once
            Sheet mover = ply % 2 == 1 ? board.white() : board.black();
            if (ply > 1) {
                mover.write(ply - 1);
            }
            mover.write(ply);
            List<String> got = mover.send();
            // then: both received, the own move sent to the game (it was answered "waiting" before the fix)
            assertTrue(got.stream().allMatch(a -> a.contains(": received ")), "ply " + ply + ": " + got);
            assertTrue(got.get(got.size() - 1).endsWith("sent to the game"), "ply " + ply + ": " + got);
        }
        until("the game has the six plies", () -> plies(game, board.gameId()) == MOVES.size());
        String pgn = get(game + "/games/" + board.gameId() + "/pgn").body().replaceAll("\\{[^}]*\\}", " ")
                .replaceAll("\\s+", " ");
        assertTrue(pgn.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"), pgn);
        assertEquals(List.of(), refused(), "lines refused: " + answers);

        // and the sheet's poll, answered from what the console folds, says what the game service says
        JsonNode fromGame = json(get(game + "/games/" + board.gameId()));
        HttpResponse<String> state = board.white().session.send(HttpRequest.newBuilder(base.resolve("/sheet/"
                + board.white().code + "/state")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, state.statusCode(), state.body());
        JsonNode polled = JSON.readTree(state.body());
        assertEquals(fromGame.path("phase").asText(), polled.path("phase").asText(), state.body());
        assertEquals("", polled.path("result").asText(), state.body());
        assertEquals(0, polled.path("arbiter").size(), state.body());
    }
}
