package org.torneo.eboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.Topics;
import org.torneo.stack.Ports;
import org.torneo.stack.postgres.PgDatabase;
import org.torneo.stack.test.Offices;
import org.torneo.stack.test.Tokens;
import org.torneo.stack.test.TorneoStack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * End to end: the recorded LiveChess session replayed by the stand-in server, the bridge following boards 7425 and
 * 7426 as the device account {@code eboard-a} (assigned to boards 1 and 2 of hall A by {@code DeviceAssigned}), and the
 * REAL game service (its built {@code quarkus-run.jar}, in its own JVM) on the REAL Kafka broker and PostgreSQL that
 * {@link TorneoStack} starts. Then the game service has recorded the Opera Game on board 1 and 1.d4 d5 2.c4 e6 on
 * board 2, each move once, with the e-board as the source, the device as the actor and the DGT clock's times; the
 * rest of the session (pieces out of place, Kc1 before castling, the takeback, the kings in the centre, the board
 * states) was reported and submitted nothing. Build the game app first ({@code ./mvnw -pl services/eboard -am install
 * -DskipTests}); its log: target/services/game.log.
 */
class EboardEndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DEVICE = "eboard-a";
    private static final String CHIEF = "chief-eb";
    private static Process game;
    private static String gameUrl;

    @BeforeAll
    static void startTheGameService() throws Exception {
        String bootstrap = TorneoStack.bootstrapServers();
        Path repo = Path.of("").toAbsolutePath().getParent().getParent();
        Path jar = repo.resolve("services/game/app/target/quarkus-app/quarkus-run.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build the game app first (./mvnw -pl services/eboard -am"
                    + " install -DskipTests)");
        }
        Files.createDirectories(Path.of("target/services"));
        int port = Ports.free();
        PgDatabase database = TorneoStack.newDatabase("eboard_game");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms32m", "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Dkafka.bootstrap.servers=" + bootstrap, "-Dquarkus.http.port=" + port, "-Dquarkus.http.host=127.0.0.1",
                "-Dquarkus.datasource.reactive.url=" + database.reactiveUrl(),
                "-Dquarkus.datasource.username=" + database.user(), "-Dquarkus.datasource.password=" + database.password(),
                "-Dtorneo.signing.key-dir=" + TorneoStack.keysDir(), "-Dtorneo.instance-id=game-eboard-test"));
        // tokens of the development realm, verified with its public key: no identity provider is asked (the test
        // profile names none; the prod profile's would be asked)
        command.add("-Dquarkus.profile=test");
        Tokens.oidcConfig().forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.add("-jar");
        command.add(jar.toString());
        ProcessBuilder builder = new ProcessBuilder(command).directory(jar.getParent().toFile()).redirectErrorStream(true)
                .redirectOutput(Path.of("target/services/game.log").toFile());
        TorneoStack.clientSecurity("game").forEach((key, value) -> builder.environment().put(
                ("kafka." + key).toUpperCase().replace('.', '_'), value.toString()));
        game = builder.start();
        gameUrl = "http://127.0.0.1:" + port;
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + Duration.ofSeconds(240).toNanos();
        while (true) {
            if (!game.isAlive()) {
                throw new IllegalStateException("the game service exited with " + game.exitValue()
                        + " (target/services/game.log)");
            }
            try {
                if (http.send(HttpRequest.newBuilder(URI.create(gameUrl + "/q/health/ready")).build(),
                        HttpResponse.BodyHandlers.ofString()).statusCode() == 200) {
                    return;
                }
            } catch (java.io.IOException e) {
                // not listening yet
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the game service is not ready after 240 s (target/services/game.log)");
            }
            Thread.sleep(500);
        }
    }

    @AfterAll
    static void stopTheGameService() throws Exception {
        if (game != null) {
            game.destroy();
            if (!game.waitFor(30, TimeUnit.SECONDS)) {
                game.destroyForcibly();
            }
        }
    }

    @Test
    void theRecordedSessionReachesTheGameServiceAsTheDevicesMoves() throws Exception {
        String t = "t-eboard-" + UUID.randomUUID().toString().substring(0, 8);
        Offices.tournament(t).hall("A", 1, 10).chiefArbiter(CHIEF).device(DEVICE, "A", 1, 2).publish();
        String chief = Tokens.of(CHIEF, "arbiter");
        String board1 = startGame(chief, t, 1, "w-opera", "b-opera");
        String board2 = startGame(chief, t, 2, "w-qgd", "b-qgd");
        List<String> reports = new CopyOnWriteArrayList<>();
        List<JsonNode> steps = StandInLiveChess.recording("/livechess/opera-7425-7426.jsonl");
        try (StandInLiveChess liveChess = new StandInLiveChess()) {
            liveChess.play(steps.get(0));
            EboardBridge.Config config = new EboardBridge.Config(URI.create(liveChess.url()), URI.create(gameUrl),
                    () -> Tokens.of(DEVICE, "device"), t, 1, "A", Map.of("7425", 1, "7426", 2), Duration.ofMillis(200));
            try (EboardBridge bridge = new EboardBridge(config, reports::add)) {
                bridge.start();
                await("the bridge follows board 7425", () -> liveChess.received.stream()
                        .anyMatch(r -> r.contains("\"serialnr\":\"7425\"")));
                for (JsonNode step : steps.subList(1, steps.size())) {
                    liveChess.play(step);
                    if (step.path("step").asText().equals("table")) {
                        await("the bridge finds board " + step.path("serial").asText(), () -> liveChess.received.stream()
                                .anyMatch(r -> r.contains("\"serialnr\":\"" + step.path("serial").asText() + "\"")));
                    }
                    if (step.path("step").asText().equals("state")) {
                        String state = step.path("state").asText();
                        await("the bridge reports board 7426 " + state, () -> reports.stream()
                                .anyMatch(r -> r.contains("is " + state + " in LiveChess")));
                    }
                    Thread.sleep(20);
                }
                await("the Opera Game recorded on board 1", () -> moves(board1).size() == 33);
                await("board 2's four moves recorded", () -> moves(board2).size() == 4);
                Thread.sleep(500); // anything submitted twice would show now
            }
        }
        assertEquals(LiveChessReplayTest.OPERA.stream().map(EboardEndToEndTest::bare).toList(),
                moves(board1).stream().map(EboardEndToEndTest::bare).toList());
        assertEquals(List.of("d4", "d5", "c4", "e6"), moves(board2));
        // on the broker: every move of board 1 an e-board move of the device's account, with the DGT clock's times
        List<String> records = TorneoStack.readCommittedValuesForKey(Topics.MOVES.name(), board1, 34,
                Duration.ofSeconds(60));
        List<JsonNode> played = new ArrayList<>();
        for (String record : records) {
            JsonNode envelope = JSON.readTree(record);
            if (envelope.path("type").asText().equals("game.MovePlayed")) {
                played.add(envelope);
            }
        }
        assertEquals(33, played.size(), records.toString());
        for (JsonNode move : played) {
            assertEquals("EBOARD", move.path("payload").path("source").asText(), move.toString());
            assertEquals(DEVICE, move.path("actor").path("id").asText(), move.toString());
        }
        // 5...dxe5 (ply 10) carries the clock the board showed: White 1:28:25, Black 1:26:58
        JsonNode tenth = played.get(9).path("payload");
        assertEquals(5_305_000L, tenth.path("clock").path("whiteRemainingMillis").asLong(), tenth.toString());
        assertEquals(5_218_000L, tenth.path("clock").path("blackRemainingMillis").asLong(), tenth.toString());
        String said = String.join("\n", reports);
        assertTrue(said.contains("board 7426 (board 2) is not connected to LiveChess yet"), said);
        assertTrue(said.contains("board 1: pieces out of place before move 9"), said);
        assertTrue(said.contains("board 1: move 23 'Kc1' read from the board is not legal"), said);
        assertTrue(said.contains("board 2: the board's record parts from the game at move 3 (recorded c4"), said);
        assertTrue(said.contains("board 1: both kings in the centre"), said);
        assertTrue(said.contains("is DELAYED in LiveChess") && said.contains("is NOTRESPONDING in LiveChess"), said);
        assertTrue(!said.contains("refused"), said);
    }

    private static String bare(String san) {
        return san.replaceAll("[+#]", "");
    }

    private static String startGame(String chief, String t, int board, String white, String black) throws Exception {
        String id = t + "-b" + board;
        String body = "{\"gameId\":\"" + id + "\",\"tournamentId\":\"" + t + "\",\"round\":1,\"board\":" + board
                + ",\"white\":\"" + white + "\",\"black\":\"" + black + "\",\"hall\":\"A\"}";
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(gameUrl
                + "/games")).header("Authorization", "Bearer " + chief).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(202, answer.statusCode(), answer.body());
        await("game " + id + " started", () -> {
            HttpResponse<String> list = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(gameUrl
                    + "/games?tournament=" + t + "&round=1")).build(), HttpResponse.BodyHandlers.ofString());
            return list.body().contains("\"" + id + "\"");
        });
        return id;
    }

    private static List<String> moves(String gameId) throws Exception {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(gameUrl
                + "/games/" + gameId + "/moves")).build(), HttpResponse.BodyHandlers.ofString());
        List<String> sans = new ArrayList<>();
        if (answer.statusCode() == 200) {
            for (JsonNode move : JSON.readTree(answer.body())) {
                sans.add(move.path("san").asText());
            }
        }
        return sans;
    }

    interface Check {
        boolean holds() throws Exception;
    }

    private static void await(String what, Check check) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (!check.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 120 s: " + what);
            }
            Thread.sleep(100);
        }
    }
}
