package org.torneo.eboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The LiveChess client against the stand-in server replaying the recorded session (the Opera Game, Paris 1858, on
 * board 7425 with the feed's awkward cases; a second board joining mid-session): the client reads the board list,
 * subscribes, gets the initial state and every feed message in order, and the followers fed with them submit exactly
 * the game's 33 moves and the second board's four, reporting the rest.
 */
class LiveChessReplayTest {

    static final List<String> OPERA = List.of("e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5",
            "Bc4", "Nf6", "Qb3", "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8",
            "Rxd7", "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#");

    @Test
    void theRecordedSessionComesThroughTheClientAndTheFollowersSubmitEveryMoveOnce() throws Exception {
        List<JsonNode> steps = StandInLiveChess.recording("/livechess/opera-7425-7426.jsonl");
        Map<String, BoardFollower> followers = new ConcurrentHashMap<>();
        Map<String, List<BoardDecision>> decisions = new ConcurrentHashMap<>();
        List<String> problems = new CopyOnWriteArrayList<>();
        try (StandInLiveChess liveChess = new StandInLiveChess()) {
            liveChess.play(steps.get(0)); // board 7425 is there at the start
            LiveChessClient client = new LiveChessClient(URI.create(liveChess.url()), (serial, event) ->
                    decisions.computeIfAbsent(serial, s -> new CopyOnWriteArrayList<>()).addAll(
                            followers.computeIfAbsent(serial, s -> new BoardFollower()).decide(event)), problems::add);
            client.connect();
            List<JsonNode> boards = client.eboards();
            assertEquals(List.of("7425"), boards.stream().map(b -> b.path("serialnr").asText()).toList());
            assertEquals("ACTIVE", boards.get(0).path("state").asText());
            // an unknown board is refused with LiveChess' error answer, naming it
            IllegalStateException unknown = assertThrows(IllegalStateException.class, () -> client.subscribe("9999"));
            assertTrue(unknown.getMessage().contains("unknown serialnr '9999'"), unknown.getMessage());
            client.subscribe("7425");
            for (JsonNode step : steps.subList(1, steps.size())) {
                liveChess.play(step);
                if (step.path("step").asText().equals("table")) {
                    try {
                        client.subscribe(step.path("serial").asText());
                    } catch (java.util.concurrent.TimeoutException e) {
                        throw new AssertionError("no answer to the subscription; problems " + problems + " decisions " + decisions + " received "
                                + liveChess.received, e);
                    }
                }
            }
            // the REST form of the board list, as community relays poll it
            HttpResponse<String> rest = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + liveChess.port() + "/api/v1.0/eboards")).build(), HttpResponse.BodyHandlers.ofString());
            assertTrue(rest.body().contains("\"state\":\"NOTRESPONDING\""), rest.body());
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (System.nanoTime() < deadline && (followers.get("7425") == null
                    || !decisions.get("7425").stream().anyMatch(BoardDecision.KingsInCentre.class::isInstance))) {
                Thread.sleep(50);
            }
            client.close();
        }
        assertEquals(List.of(), problems);
        assertEquals(OPERA, followers.get("7425").submitted());
        List<BoardDecision> board = decisions.get("7425");
        assertEquals(33, board.stream().filter(BoardDecision.SubmitMove.class::isInstance).count(),
                "every move once: the repeated message and the castling reported twice add nothing");
        assertTrue(board.stream().anyMatch(d -> d instanceof BoardDecision.Misplaced m && m.ply() == 9), board.toString());
        assertTrue(board.stream().anyMatch(d -> d instanceof BoardDecision.NotLegal n && n.move().equals("Kc1")
                && n.ply() == 23), board.toString());
        assertTrue(board.stream().anyMatch(BoardDecision.KingsInCentre.class::isInstance), board.toString());
        BoardDecision.SubmitMove castling = board.stream().filter(BoardDecision.SubmitMove.class::isInstance)
                .map(BoardDecision.SubmitMove.class::cast).filter(m -> m.ply() == 23).findFirst().orElseThrow();
        assertEquals("O-O-O", castling.san());
        assertEquals("e1c1", castling.uci());
        // the clock of 5...dxe5 (paused, run null) still gives the times
        BoardDecision.SubmitMove tenth = board.stream().filter(BoardDecision.SubmitMove.class::isInstance)
                .map(BoardDecision.SubmitMove.class::cast).filter(m -> m.ply() == 10).findFirst().orElseThrow();
        assertEquals(5_305_000L, tenth.whiteMillis());
        assertEquals(5_218_000L, tenth.blackMillis());
        assertEquals(List.of("d4", "d5", "c4", "e6"), followers.get("7426").submitted());
        List<BoardDecision> second = new ArrayList<>(decisions.get("7426"));
        assertTrue(second.stream().anyMatch(d -> d instanceof BoardDecision.Diverged v && v.ply() == 3
                && v.submitted().equals("c4")), second.toString());
    }
}
