package org.torneo.game.app;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.app.GameStackSupport.send;
import static org.torneo.game.app.GameStackSupport.unique;

import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import jakarta.inject.Inject;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand;
import org.torneo.identity.Permission;
import org.torneo.platform.edge.auth.RouteRules;
import org.torneo.stack.test.Offices;
import org.torneo.stack.test.RoleMatrix;
import org.torneo.stack.test.RoleMatrix.Call;
import org.torneo.stack.test.RoleMatrix.Variant;
import org.torneo.stack.test.TorneoStack;

/**
 * Every state-changing route of the game service as every role of the README's table, on a game of board 1 in hall A
 * of a tournament with halls A and B (RoleMatrix's accounts hold its offices; chief-2 and org-2 those of another
 * tournament). The calls are ones the game refuses or that change nothing the edge looks at (a move it cannot read,
 * ResumeGame of a game not adjourned), so every case meets the same scope.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
@io.quarkus.test.junit.TestProfile(RoleMatrixTest.RoomForEveryStart.class)
class RoleMatrixTest {

    /** Every role allowed to start a game does start one in the matrix's tournament: more than the test profile's 3. */
    public static class RoomForEveryStart implements io.quarkus.test.junit.QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("torneo.game.max-games-per-tournament", "1000");
        }
    }

    @Inject
    GameApp app;

    @TestHTTPResource("/")
    URL base;

    @Test
    void everyStateChangingRouteAnswersEachRoleAsTheReadmeTableSays() throws Exception {
        String tournament = unique("t-matrix");
        Offices.tournament(tournament).hall("A", 1, 10).hall("B", 11, 20).organiser(RoleMatrix.ORGANISER)
                .chiefArbiter(RoleMatrix.CHIEF).arbiter(RoleMatrix.HALL_ARBITER, "A")
                .arbiter(RoleMatrix.OTHER_HALL_ARBITER, "B").player(RoleMatrix.PLAYER, "p-wanda")
                .player(RoleMatrix.OTHER_PLAYER, "p-bert").device(RoleMatrix.DEVICE, "A", 1).publish();
        Offices.tournament(unique("t-other")).hall("A", 1, 10).organiser(RoleMatrix.OTHER_ORGANISER)
                .chiefArbiter(RoleMatrix.OTHER_CHIEF).publish();
        String game = unique("g-matrix");
        send(game, new Actor(Actor.Role.ARBITER, RoleMatrix.CHIEF), new GameCommand.StartGame(tournament, 1, 1,
                "p-wanda", "p-bert", Ruleset.DEFAULT, null, null, "A", null, EventRegulations.DEFAULT, Instant.now()));
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (app.game(game) == null && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(app.game(game) != null, "the game did not start");

        String g = "/games/" + game;
        Map<String, List<Variant>> calls = new LinkedHashMap<>();
        calls.put("POST /games", List.of(Variant.of(n -> Call.json("/games", "{\"gameId\":\"" + game + "-new-" + n
                + "\",\"tournamentId\":\"" + tournament + "\",\"board\":1,\"hall\":\"A\",\"white\":\"p-wanda\","
                + "\"black\":\"p-bert\"}"))));
        calls.put("POST /games/{id}/moves", one(n -> Call.json(g + "/moves", "{\"move\":\"Zz9\"}")));
        calls.put("POST /games/{id}/offers", one(n -> Call.json(g + "/offers", "{\"by\":\"WHITE\"}")));
        calls.put("POST /games/{id}/claims", one(n -> Call.json(g + "/claims",
                "{\"by\":\"WHITE\",\"kind\":\"THREEFOLD\"}")));
        calls.put("POST /games/{id}/claims/postpone", one(n -> Call.json(g + "/claims/postpone", "{}")));
        calls.put("POST /games/{id}/resign", one(n -> Call.json(g + "/resign", "{\"by\":\"WHITE\"}")));
        calls.put("POST /games/{id}/rulings", one(n -> Call.json(g + "/rulings",
                "{\"kind\":\"WARNING\",\"article\":\"FIDE 2018 12.9.1\",\"side\":\"WHITE\"}")));
        calls.put("POST /games/{id}/commands", List.of(
                generic(g, "game.ResumeGame", "{}", Permission.RULE),
                generic(g, "game.SealMove", "{\"by\":\"WHITE\",\"move\":\"Zz9\"}", Permission.MOVE),
                generic(g, "game.OfferDraw", "{\"by\":\"WHITE\"}", Permission.OFFER_DRAW),
                generic(g, "game.PressClock", "{\"by\":\"WHITE\"}", Permission.PRESS_CLOCK),
                generic(g, "game.CorrectResult", "{\"result\":\"DRAW\",\"whiteHalfPoints\":1,\"blackHalfPoints\":1,"
                        + "\"played\":true,\"supersedes\":\"" + java.util.UUID.randomUUID() + "\",\"why\":\"matrix\"}", Permission.CORRECT_RESULT)));
        String url = base.toString().replaceAll("/$", "");
        RoleMatrix.Result result = RoleMatrix.runVariants("game", url, calls);
        assertTrue(result.failures().isEmpty(), result.failures().size() + " of " + result.cases() + " cases:\n"
                + String.join("\n", result.failures()));
    }

    private static List<Variant> one(IntFunction<Call> call) {
        return List.of(Variant.of(call));
    }

    private static Variant generic(String gamePath, String type, String payload, Permission permission) {
        return new Variant(type, n -> Call.json(gamePath + "/commands", "{\"type\":\"" + type + "\",\"payload\":"
                + payload + "}"), RouteRules.cells(List.of(permission)));
    }

    @org.junit.jupiter.api.Test
    void theOpenApiDocumentDescribesEveryRouteOfTheReadmeTable() throws Exception {
        java.util.List<String> missing = org.torneo.stack.test.OpenApiRoutes.missing("game", base.toURI());
        org.junit.jupiter.api.Assertions.assertTrue(missing.isEmpty(), "not described at /q/openapi: " + missing);
    }
}
