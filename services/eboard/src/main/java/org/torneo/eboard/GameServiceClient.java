package org.torneo.eboard;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The game service's routes the bridge uses, with the device's own bearer token: it finds a board's game
 * ({@code GET /games?tournament=&round=&hall=}), reads the moves already recorded ({@code GET /games/{id}/moves}) and
 * submits a move ({@code POST /games/{id}/moves}, source EBOARD, the DGT clock's times). The game service checks the
 * device against the tournament's {@code DeviceAssigned} (README "Routes and roles": {@code own boards}) and records
 * the device's account as the actor.
 */
public final class GameServiceClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final URI base;
    private final java.util.function.Supplier<String> token;

    /** @param token the device's access token, asked for each request (a long session renews it) */
    public GameServiceClient(URI base, java.util.function.Supplier<String> token) {
        this.base = URI.create(base.toString().replaceAll("/$", "") + "/");
        this.token = token;
    }

    /** The game of a board in a round, if the game service has started it. */
    public Optional<String> gameOf(String tournament, int round, String hall, int board) throws Exception {
        String query = "games?tournament=" + enc(tournament) + "&round=" + round + (hall == null ? "" : "&hall="
                + enc(hall)) + "&limit=1000";
        JsonNode games = get(query);
        for (JsonNode game : games) {
            if (game.path("board").asInt() == board) {
                return Optional.of(game.path("gameId").asText());
            }
        }
        return Optional.empty();
    }

    /** The moves the game recorded that stand (SAN), in order. */
    public List<String> moves(String gameId) throws Exception {
        List<String> sans = new ArrayList<>();
        for (JsonNode move : get("games/" + enc(gameId) + "/moves")) {
            if (move.path("standing").asBoolean(true)) {
                sans.add(move.path("san").asText());
            }
        }
        return sans;
    }

    /**
     * Submits a move; the answer is the game service's (202 with the command's id, or its refusal).
     *
     * @throws IllegalStateException with the service's message when it refuses the request
     */
    public String submit(String gameId, BoardDecision.SubmitMove move) throws Exception {
        ObjectNode body = JSON.createObjectNode().put("move", move.san()).put("source", "EBOARD");
        if (move.whiteMillis() != null && move.blackMillis() != null) {
            body.put("whiteMillis", move.whiteMillis()).put("blackMillis", move.blackMillis());
        }
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(base.resolve("games/" + enc(gameId) + "/moves"))
                .header("Authorization", "Bearer " + token.get()).header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() / 100 != 2) {
            throw new IllegalStateException("the game service refused move " + move.ply() + " " + move.san() + " of "
                    + gameId + ": " + answer.statusCode() + " " + answer.body());
        }
        return answer.body();
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(base.resolve(path))
                .header("Authorization", "Bearer " + token.get()).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("GET " + path + ": " + answer.statusCode() + " " + answer.body());
        }
        return JSON.readTree(answer.body());
    }

    private static String enc(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
