package org.torneo.console;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A round's games as the game service lists them, every page of them: the service gives at most {@value #PAGE} games
 * a page (its {@code GET /games}), and a 5,000-player open has 2,500 boards a round. Without following the pages the
 * boards after the first thousand would show no game result and could not be corrected.
 */
final class RoundGames {

    /** The most games the game service gives in one page. */
    static final int PAGE = 1000;

    private RoundGames() {
    }

    /**
     * Follows the pages: {@code page} asks the game service for the games after a cursor (null: the first page; else
     * the id of the last game of the previous page) and gives its JSON array, or null when the service refused or did
     * not answer. Empty when any page failed: a partial list would show games as missing that are not.
     */
    static Optional<List<JsonNode>> all(Function<String, JsonNode> page) {
        List<JsonNode> games = new ArrayList<>();
        String after = null;
        while (true) {
            JsonNode answer = page.apply(after);
            if (answer == null || !answer.isArray()) {
                return Optional.empty();
            }
            answer.forEach(games::add);
            if (answer.size() < PAGE) {
                return Optional.of(games);
            }
            after = answer.get(answer.size() - 1).path("gameId").asText();
        }
    }
}
