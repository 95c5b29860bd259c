package org.torneo.game.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.app.GameStackSupport.move;
import static org.torneo.game.app.GameStackSupport.send;
import static org.torneo.game.app.GameStackSupport.unique;

import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.stack.test.Offices;
import org.torneo.stack.test.PublicRoutes;
import org.torneo.stack.test.Tokens;
import org.torneo.stack.test.TorneoStack;

/**
 * Issue 20, Done when: "With a 15-minute broadcast delay, no public route or stream returns a move younger than 15
 * minutes (a test asks every public route)": every public GET of the game service in the README's table is asked, by
 * a spectator without a token and by a signed-in account that is not of the game, about a game whose four moves were
 * just played in a tournament with a 15-minute delay; no answer holds one of its moves or positions. The game's
 * insiders (its players, the board's device, its hall's arbiter, the organiser) still read it live, and the same game
 * in a tournament without a delay shows its moves to everyone (so the check would see a move that leaked).
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class BroadcastDelayReadsTest {

    static final List<String> MOVES = List.of("Nf3", "Nc6", "Nc3", "Nf6");
    static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    GameApp app;

    @TestHTTPResource("/")
    URL base;

    record Played(String tournament, String game, List<UUID> commands, List<String> positions) {
    }

    Played play(String tournament) throws Exception {
        String game = unique("g-delay");
        send(game, new Actor(Actor.Role.ARBITER, "chief-d"), new GameCommand.StartGame(tournament, 1, 1, "p-w", "p-b",
                Ruleset.DEFAULT, null, null, "A", null, EventRegulations.DEFAULT, Instant.now()));
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (app.game(game) == null && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        List<UUID> commands = new ArrayList<>();
        for (String san : MOVES) {
            commands.add(send(game, new Actor(Actor.Role.EBOARD, "dev-d"), move(san)));
        }
        // the insiders' read: the chief arbiter sees the four moves live (and their positions, for the check below)
        JsonNode moves = null;
        while (System.nanoTime() < deadline) {
            var answer = GameStackSupport.get(base.toString(), "games/" + game + "/moves", Tokens.of("chief-d",
                    "arbiter"));
            if (answer.statusCode() == 200 && (moves = JSON.readTree(answer.body())).size() == MOVES.size()) {
                break;
            }
            Thread.sleep(100);
        }
        assertEquals(MOVES.size(), moves == null ? 0 : moves.size(), "the projection did not get the moves");
        List<String> positions = new ArrayList<>();
        moves.forEach(m -> positions.add(m.path("fenAfter").asText().split(" ")[0]));
        return new Played(tournament, game, commands, positions);
    }

    static Offices offices(String tournament) {
        return Offices.tournament(tournament).hall("A", 1, 10).hall("B", 11, 20).organiser("org-d")
                .chiefArbiter("chief-d").arbiter("arbiter-a", "A").arbiter("arbiter-b", "B").player("wanda-d", "p-w")
                .player("bert-d", "p-b").player("other-d", "p-o").device("dev-d", "A", 1).device("dev-b", "B");
    }

    /** The moves and positions of the game found in a body (a SAN as a word of its own, a FEN's board). */
    static List<String> leaks(String body, Played played) {
        List<String> found = new ArrayList<>();
        for (String san : MOVES) {
            if (Pattern.compile("(?<![A-Za-z0-9+/])" + Pattern.quote(san) + "(?![A-Za-z0-9])").matcher(body).find()) {
                found.add(san);
            }
        }
        played.positions().stream().filter(body::contains).forEach(found::add);
        return found;
    }

    List<PublicRoutes.Answer> askEveryPublicRoute(Played played, String bearer) throws Exception {
        return PublicRoutes.askEvery("game", base.toString(), (route, parameter) -> switch (parameter) {
            case "id" -> route.startsWith("GET /commands/") ? played.commands().get(0).toString() : played.game();
            case "t" -> played.tournament();
            case "n" -> "1";
            default -> null;
        }, Map.of("GET /games", "tournament=" + played.tournament()), bearer);
    }

    @Test
    void with_a_fifteen_minute_delay_no_public_route_returns_a_move_of_a_game_on() throws Exception {
        String tournament = unique("t-delay");
        offices(tournament).broadcastDelay(BroadcastDelayMode.FIXED, 900).publish();
        Played played = play(tournament);

        for (String bearer : new String[] {null, Tokens.of("other-d", "player"), Tokens.of("arbiter-b", "arbiter"),
                Tokens.of("dev-b", "device")}) {
            List<PublicRoutes.Answer> answers = askEveryPublicRoute(played, bearer);
            assertTrue(answers.size() >= 8, "the README lists the game's public reads: " + answers);
            for (PublicRoutes.Answer answer : answers) {
                assertEquals(List.of(), leaks(answer.body(), played), "a move leaked to " + (bearer == null
                        ? "a spectator" : "an account not of the game") + ": " + answer);
                assertTrue(answer.status() == 200 || answer.status() == 403, answer.toString());
                if (answer.status() == 403) {
                    assertTrue(answer.body().contains("15-minute delay") && answer.body().contains("/api/"),
                            "a refusal says why and where the public reads the game: " + answer);
                }
            }
            Map<String, Integer> statuses = new java.util.HashMap<>();
            answers.forEach(a -> statuses.put(a.route(), a.status()));
            assertEquals(403, statuses.get("GET /games/{id}"));
            assertEquals(403, statuses.get("GET /games/{id}/moves"));
            assertEquals(403, statuses.get("GET /games/{id}/pgn"));
            assertEquals(403, statuses.get("GET /tournaments/{t}/rounds/{n}/pgn"));
            PublicRoutes.Answer list = answers.stream().filter(a -> a.route().equals("GET /games")).findFirst()
                    .orElseThrow();
            JsonNode row = JSON.readTree(list.body()).get(0);
            assertEquals(played.game(), row.path("gameId").asText(), "the pairing stays public: " + list);
            assertTrue(row.path("withheld").asText().contains("15-minute delay"), list.toString());
            assertEquals(0, row.path("plies").asInt(), list.toString());
        }

        // the game's insiders read it live
        for (String insider : List.of(Tokens.of("wanda-d", "player"), Tokens.of("bert-d", "player"),
                Tokens.of("dev-d", "device"), Tokens.of("arbiter-a", "arbiter"), Tokens.of("org-d", "organiser"))) {
            var moves = GameStackSupport.get(base.toString(), "games/" + played.game() + "/moves", insider);
            assertEquals(200, moves.statusCode(), moves.body());
            assertEquals(MOVES, leaks(moves.body(), played).subList(0, MOVES.size()), moves.body());
            var command = GameStackSupport.get(base.toString(), "commands/" + played.commands().get(0), insider);
            assertTrue(command.body().contains("game.MovePlayed Nf3"), command.body());
        }
    }

    @Test
    void without_a_delay_the_same_routes_show_the_moves_to_everyone() throws Exception {
        String tournament = unique("t-nodelay");
        offices(tournament).publish();
        Played played = play(tournament);
        List<PublicRoutes.Answer> answers = askEveryPublicRoute(played, null);
        for (String route : List.of("GET /games/{id}/moves", "GET /games/{id}/pgn",
                "GET /tournaments/{t}/rounds/{n}/pgn", "GET /commands/{id}")) {
            PublicRoutes.Answer answer = answers.stream().filter(a -> a.route().equals(route)).findFirst().orElseThrow();
            assertEquals(200, answer.status(), answer.toString());
            assertFalse(leaks(answer.body(), played).isEmpty(), "the check sees the moves when they are public: "
                    + answer);
        }
    }
}
