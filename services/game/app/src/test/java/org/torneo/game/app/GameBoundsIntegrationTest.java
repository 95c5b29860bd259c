package org.torneo.game.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.app.GameStackSupport.awaitGet;
import static org.torneo.game.app.GameStackSupport.get;
import static org.torneo.game.app.GameStackSupport.post;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.torneo.stack.test.TorneoStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The game service's bounds through its routes, on the real broker and database: pages of {@code GET /games} and of a
 * game's incidents with their next links, the games a tournament may have ({@code %test} sets 3), and the body
 * limit's 413 with a message.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class GameBoundsIntegrationTest {

    @Inject
    GameApp app;

    @TestHTTPResource("/")
    URL base;

    private String url() {
        String text = base.toString();
        return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    }

    @BeforeEach
    void ready() throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (!app.reloaded() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(app.reloaded(), "game runtime not running: " + app.runtime().statusDetail());
    }

    @Test
    void gamesComeAPageAtATimeAndATournamentTakesNoMoreGamesThanTheLimit() throws Exception {
        String tournament = "bounds-" + UUID.randomUUID();
        // POST /games is the chief arbiter's (README "Routes and roles")
        org.torneo.stack.test.Offices.tournament(tournament).organiser("o-1")
                .chiefArbiter(GameStackSupport.ARBITER_ACCOUNT).publish();
        for (int board = 1; board <= 3; board++) {
            HttpResponse<String> created = post(url(), "/games", "{\"gameId\":\"" + tournament + "-b" + board
                    + "\",\"tournamentId\":\"" + tournament + "\",\"round\":1,\"board\":" + board
                    + ",\"white\":\"w" + board + "\",\"black\":\"b" + board + "\"}", GameStackSupport.arbiter());
            assertEquals(202, created.statusCode(), created.body());
            // counted from the projection: let each game arrive there before the next
            String game = tournament + "-b" + board;
            assertEquals(200, awaitGet(url(), "/games/" + game, r -> r.statusCode() == 200).statusCode());
        }

        // pages of 2 following the Link header: every game once, in board order
        List<String> seen = new ArrayList<>();
        String page = "/games?tournament=" + tournament + "&limit=2";
        int pages = 0;
        while (page != null) {
            HttpResponse<String> response = get(url(), page);
            assertEquals(200, response.statusCode(), response.body());
            for (int board = 1; board <= 3; board++) {
                if (response.body().contains("\"gameId\":\"" + tournament + "-b" + board + "\"")) {
                    seen.add("b" + board);
                }
            }
            page = response.headers().firstValue("Link").map(GameBoundsIntegrationTest::nextOf).orElse(null);
            pages++;
        }
        assertEquals(List.of("b1", "b2", "b3"), seen);
        assertEquals(2, pages, "a full page of 2, then the last one");
        HttpResponse<String> tooMany = get(url(), "/games?limit=100000");
        assertEquals(400, tooMany.statusCode());
        assertTrue(tooMany.body().contains("limit: 100000 is out of range: a page holds 1..1000 items"), tooMany.body());
        HttpResponse<String> unknownCursor = get(url(), "/games?after=no-such-game");
        assertEquals(400, unknownCursor.statusCode());
        assertTrue(unknownCursor.body().contains("after: no game 'no-such-game'"), unknownCursor.body());

        // a fourth game: refused with the limit and its key, and not started
        HttpResponse<String> refused = post(url(), "/games", "{\"gameId\":\"" + tournament + "-b4\",\"tournamentId\":\""
                + tournament + "\",\"round\":1,\"board\":4,\"white\":\"w4\",\"black\":\"b4\"}",
                GameStackSupport.arbiter());
        assertEquals(409, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("tournament " + tournament + " has 3 games, the limit set by "
                + "torneo.game.max-games-per-tournament (3): no game is added"), refused.body());
        Thread.sleep(1_000);
        assertEquals(404, get(url(), "/games/" + tournament + "-b4").statusCode());
        // one who may not start a game there hears that, not how many games the tournament holds
        HttpResponse<String> stranger = post(url(), "/games", "{\"gameId\":\"" + tournament + "-b5\",\"tournamentId\":\""
                + tournament + "\",\"round\":1,\"board\":5,\"white\":\"w5\",\"black\":\"b5\"}",
                GameStackSupport.player("wanda"));
        assertEquals(403, stranger.statusCode(), stranger.body());
        assertFalse(stranger.body().contains("games, the limit"), stranger.body());
    }

    /**
     * Issue 17: the games a published round starts count against torneo.game.max-games-per-tournament too ({@code %test}
     * sets 3): round 1's two games start, round 2's two would make four, so none starts and its record lands in the
     * dead letters with the reason naming the limit.
     */
    @Test
    void aRoundThatWouldPassTheTournamentsGameLimitStartsNoneOfItsGames() throws Exception {
        String tournament = "bounds-rounds-" + UUID.randomUUID();
        org.torneo.contracts.Actor organiser = new org.torneo.contracts.Actor(org.torneo.contracts.Actor.Role.ORGANISER,
                "o");
        String topic = org.torneo.contracts.topics.Topics.TOURNAMENT.name();
        GameStackSupport.publishEvent(topic, tournament, tournament, organiser,
                new org.torneo.contracts.tournament.TournamentEvent.TournamentCreated(tournament, "c1", organiser,
                        java.time.Instant.now(), "Open", org.torneo.contracts.tournament.PairingSystemKind.values()[0],
                        5, org.torneo.contracts.tournament.Scoring.classic(), "FIDE_2018_STANDARD", List.of()));
        GameStackSupport.publishEvent(topic, tournament, tournament, organiser, paired(tournament, 1, organiser));
        for (int board = 1; board <= 2; board++) {
            String game = org.torneo.game.app.edge.RoundStarter.gameId(tournament, 1, board);
            assertEquals(200, awaitGet(url(), "/games/" + game, r -> r.statusCode() == 200).statusCode(), game);
        }

        GameStackSupport.publishEvent(topic, tournament, tournament, organiser, paired(tournament, 2, organiser));

        List<org.apache.kafka.clients.consumer.ConsumerRecord<String, String>> dead = TorneoStack.readCommittedForKey(
                org.torneo.contracts.topics.Topics.DEAD_LETTER.name(), tournament, 1, Duration.ofSeconds(60));
        assertEquals(1, dead.size(), dead.toString());
        var headers = dead.get(0).headers();
        assertEquals(org.torneo.game.app.edge.RoundStarter.SERVICE,
                org.torneo.platform.DeadLetters.header(headers, org.torneo.platform.DeadLetters.SERVICE));
        assertEquals("round 2 of tournament " + tournament + " would start 2 games where the tournament has 2, past the "
                        + "limit set by torneo.game.max-games-per-tournament (3): none of them is started",
                org.torneo.platform.DeadLetters.header(headers, org.torneo.platform.DeadLetters.REASON));
        for (int board = 1; board <= 2; board++) {
            assertEquals(404, get(url(), "/games/" + org.torneo.game.app.edge.RoundStarter.gameId(tournament, 2, board))
                    .statusCode());
        }
    }

    private static org.torneo.contracts.tournament.TournamentEvent.RoundPaired paired(String tournament, int round,
                                                                                     org.torneo.contracts.Actor by) {
        return new org.torneo.contracts.tournament.TournamentEvent.RoundPaired(tournament, "c-r" + round, by,
                java.time.Instant.now(), round, org.torneo.contracts.tournament.PairingSystemKind.values()[0], 7L,
                List.of(new org.torneo.contracts.tournament.Board(1, "A", "p1", "p" + (2 + round)),
                        new org.torneo.contracts.tournament.Board(2, "A", "p2", "p" + (5 + round))), List.of());
    }

    @Test
    void aGamesIncidentsComeAPageAtATime() throws Exception {
        String game = "bounds-inc-" + UUID.randomUUID();
        String tournament = "bounds-inc-t-" + UUID.randomUUID();
        // the chief arbiter starts the game and reads its incidents; the device enters the moves
        org.torneo.stack.test.Offices.tournament(tournament).organiser("o-1")
                .chiefArbiter(GameStackSupport.ARBITER_ACCOUNT).device(GameStackSupport.DEVICE_ACCOUNT, null)
                .publish();
        String arbiter = GameStackSupport.arbiter();
        assertEquals(202, post(url(), "/games", "{\"gameId\":\"" + game + "\",\"tournamentId\":\"" + tournament
                + "\",\"round\":1,\"board\":1,\"white\":\"w\",\"black\":\"b\"}", arbiter).statusCode());
        assertEquals(200, awaitGet(url(), "/games/" + game, r -> r.statusCode() == 200).statusCode());
        for (String bad : List.of("e5", "Ke2", "Qh5")) { // three rejected moves: three REJECTION incidents
            assertEquals(202, post(url(), "/games/" + game + "/moves", "{\"move\":\"" + bad + "\"}",
                    GameStackSupport.device()).statusCode());
        }
        HttpResponse<String> all = get(url(), "/games/" + game + "/rejections", arbiter);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (all.body().split("\"REJECTION\"", -1).length - 1 != 3 && System.nanoTime() < deadline) {
            Thread.sleep(200);
            all = get(url(), "/games/" + game + "/rejections", arbiter);
        }
        assertEquals(3, all.body().split("\"REJECTION\"", -1).length - 1, all.body());
        assertFalse(all.headers().firstValue("Link").isPresent(), "one page holds them");

        HttpResponse<String> first = get(url(), "/games/" + game + "/incidents?category=rejection&limit=2", arbiter);
        assertEquals(2, first.body().split("\"REJECTION\"", -1).length - 1, first.body());
        String next = nextOf(first.headers().firstValue("Link").orElseThrow());
        assertTrue(next.contains("after=") && next.contains("limit=2"), next);
        HttpResponse<String> second = get(url(), next, arbiter);
        assertEquals(1, second.body().split("\"REJECTION\"", -1).length - 1, second.body());
        assertTrue(second.headers().firstValue("Link").isEmpty());
        assertEquals(400, get(url(), "/games/" + game + "/incidents?after=x", arbiter).statusCode());
    }

    @Test
    void aBodyOverTheLimitIsRefusedWith413AndTheLimit() throws Exception {
        String big = "{\"move\":\"" + "e".repeat(300 * 1024) + "\"}";
        HttpResponse<String> refused = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(url() + "/games/any/moves")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(big)).build(), HttpResponse.BodyHandlers.ofString(
                StandardCharsets.UTF_8));
        assertEquals(413, refused.statusCode());
        assertTrue(refused.body().contains("more than the 262144 bytes quarkus.http.limits.max-body-size allows"),
                refused.body());
    }

    /**
     * Issue 17: a body sent in chunks, without Content-Length, that grows past the limit gets the same 413 with the
     * JSON error naming the limit and its key as a declared one (not Quarkus' bare 413). A raw HTTP/1.1 request, so
     * the body really is chunked.
     */
    @Test
    void aChunkedBodyOverTheLimitIsRefusedWith413AndTheLimit() throws Exception {
        String[] response = chunkedPost("/games/any/moves", GameStackSupport.device(), 400 * 1024);
        assertTrue(response[0].startsWith("HTTP/1.1 413"), response[0]);
        assertTrue(response[0].toLowerCase(java.util.Locale.ROOT).contains("content-type: application/json"),
                response[0]);
        assertEquals("{\"error\":\"the request body (sent in chunks, without Content-Length) has more than the 262144 "
                + "bytes quarkus.http.limits.max-body-size allows\"}", response[1]);
    }

    /** POSTs {@code bytes} of a JSON body in 16 KiB chunks; the response's head and body. */
    private String[] chunkedPost(String path, String token, int bytes) throws Exception {
        URI uri = URI.create(url());
        try (java.net.Socket socket = new java.net.Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(60_000);
            java.io.OutputStream out = socket.getOutputStream();
            Thread writer = new Thread(() -> {
                try {
                    out.write(("POST " + path + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                            + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nAuthorization: "
                            + org.torneo.stack.test.Tokens.bearer(token) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    byte[] chunk = "e".repeat(16 * 1024).getBytes(StandardCharsets.US_ASCII);
                    // a JSON string that goes on past the limit: the reader takes it all, as a real one would
                    out.write(("9\r\n{\"move\":\"\r\n").getBytes(StandardCharsets.US_ASCII));
                    for (int sent = 0; sent < bytes; sent += chunk.length) {
                        out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                        out.write(chunk);
                        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                    }
                    out.write("2\r\n\"}\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                } catch (java.io.IOException e) {
                    // the service may refuse and close before the whole body is sent: the response is read anyway
                }
            }, "chunked-writer");
            writer.setDaemon(true);
            writer.start();
            java.io.InputStream in = socket.getInputStream();
            java.io.ByteArrayOutputStream head = new java.io.ByteArrayOutputStream();
            while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                head.write(b);
            }
            String headers = head.toString(StandardCharsets.US_ASCII);
            java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)")
                    .matcher(headers);
            byte[] body = length.find() ? in.readNBytes(Integer.parseInt(length.group(1))) : new byte[0];
            return new String[] {headers, new String(body, StandardCharsets.UTF_8)};
        }
    }

    /** The address in a {@code Link: </path?query>; rel="next"} header. */
    static String nextOf(String link) {
        assertTrue(link.endsWith("; rel=\"next\""), link);
        return link.substring(link.indexOf('<') + 1, link.indexOf('>'));
    }
}
