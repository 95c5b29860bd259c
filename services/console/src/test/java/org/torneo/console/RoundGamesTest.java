package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

import org.junit.jupiter.api.Test;

/** The console reads a round of 2,500 boards whole, a page of the game service's at a time. */
class RoundGamesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The game service's paging as its {@code GET /games} answers: the games after the cursor, at most a page. */
    private static JsonNode page(int boards, String after, List<String> asked) {
        asked.add(after);
        int first = after == null ? 1 : Integer.parseInt(after.substring(after.lastIndexOf('b') + 1)) + 1;
        ArrayNode games = JSON.createArrayNode();
        for (int board = first; board <= boards && games.size() < RoundGames.PAGE; board++) {
            games.addObject().put("gameId", "open-r1-b" + board).put("board", board);
        }
        return games;
    }

    @Test
    void aRoundOf2500BoardsIsReadWholeFollowingTheCursor() {
        List<String> asked = new ArrayList<>();
        List<JsonNode> games = RoundGames.all(after -> page(2500, after, asked)).orElseThrow();
        assertEquals(2500, games.size());
        assertEquals(2500, games.get(2499).path("board").asInt());
        // given pages of 1,000: three calls, each after the last game of the page before
        assertEquals(java.util.Arrays.asList(null, "open-r1-b1000", "open-r1-b2000"), asked);
    }

    @Test
    void aRoundOfExactlyOnePageAsksOnceMoreAndGetsNothingMore() {
        List<String> asked = new ArrayList<>();
        assertEquals(1000, RoundGames.all(after -> page(1000, after, asked)).orElseThrow().size());
        assertEquals(2, asked.size());
    }

    @Test
    void aFailedPageGivesNoListRatherThanAPartOne() {
        List<String> asked = new ArrayList<>();
        assertTrue(RoundGames.all(after -> after == null ? page(2500, null, asked) : null).isEmpty());
    }
}
