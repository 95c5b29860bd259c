package org.torneo.clock.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntFunction;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.identity.Permission;
import org.torneo.platform.edge.auth.RouteRules;
import org.torneo.stack.test.Offices;
import org.torneo.stack.test.RoleMatrix;
import org.torneo.stack.test.RoleMatrix.Call;
import org.torneo.stack.test.RoleMatrix.Variant;
import org.torneo.stack.test.TorneoStack;

/**
 * Every state-changing route of the clock service as every role of the README's table, on the clock of a game of
 * board 1 in hall A of a tournament with halls A and B (RoleMatrix's accounts hold its offices; chief-2 and org-2
 * those of another tournament). The clock's answers to the commands do not matter here: only the edge's.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class RoleMatrixTest {

    @TestHTTPResource("/")
    URL base;

    @Test
    void everyStateChangingRouteAnswersEachRoleAsTheReadmeTableSays() throws Exception {
        String tournament = "t-matrix-" + UUID.randomUUID().toString().substring(0, 8);
        Offices.tournament(tournament).hall("A", 1, 10).hall("B", 11, 20).organiser(RoleMatrix.ORGANISER)
                .chiefArbiter(RoleMatrix.CHIEF).arbiter(RoleMatrix.HALL_ARBITER, "A")
                .arbiter(RoleMatrix.OTHER_HALL_ARBITER, "B").player(RoleMatrix.PLAYER, "p-wanda")
                .player(RoleMatrix.OTHER_PLAYER, "p-bert").device(RoleMatrix.DEVICE, "A", 1).publish();
        Offices.tournament(tournament + "-other").hall("A", 1, 10).organiser(RoleMatrix.OTHER_ORGANISER)
                .chiefArbiter(RoleMatrix.OTHER_CHIEF).publish();
        String game = tournament + "-g1";
        ClockStackSupport.gameStarted(game, tournament, "A", 1, "p-wanda", "p-bert");

        String c = "/clocks/" + game;
        Map<String, List<Variant>> calls = new LinkedHashMap<>();
        calls.put("POST /clocks/{gameId}/start", one(n -> Call.json(c + "/start", "{\"control\":\"90+30\"}")));
        calls.put("POST /clocks/{gameId}/press", one(n -> Call.json(c + "/press", "{\"side\":\"WHITE\"}")));
        calls.put("POST /clocks/{gameId}/pause", one(n -> Call.json(c + "/pause", "{\"reason\":\"matrix\"}")));
        calls.put("POST /clocks/{gameId}/resume", one(n -> Call.json(c + "/resume", "{}")));
        calls.put("POST /clocks/{gameId}/stop", one(n -> Call.json(c + "/stop", "{\"reason\":\"matrix\"}")));
        calls.put("POST /clocks/{gameId}/arrival", one(n -> Call.json(c + "/arrival", "{\"side\":\"BLACK\"}")));
        String time = "{\"side\":\"WHITE\",\"millis\":1000,\"article\":\"FIDE 2018 12.9\",\"reason\":\"matrix\"}";
        calls.put("POST /clocks/{gameId}/add-time", one(n -> Call.json(c + "/add-time", time)));
        calls.put("POST /clocks/{gameId}/deduct-time", one(n -> Call.json(c + "/deduct-time", time)));
        Actor someone = new Actor(Actor.Role.ARBITER, "ignored");
        calls.put("POST /clocks/{gameId}/commands", List.of(
                generic(c, game, id -> new ClockCommand.ResumeClock(game, id, someone, 0), Permission.CONTROL_CLOCK),
                generic(c, game, id -> new ClockCommand.PressClock(game, id, someone, 0, Side.WHITE),
                        Permission.PRESS_CLOCK),
                generic(c, game, id -> new ClockCommand.AddTime(game, id, someone, 0, Side.BLACK, 1000,
                        "FIDE 2018 12.9", "matrix"), Permission.RULE)));
        RoleMatrix.Result result = RoleMatrix.runVariants("clock", base.toString().replaceAll("/$", ""), calls);
        assertTrue(result.failures().isEmpty(), result.failures().size() + " of " + result.cases() + " cases:\n"
                + String.join("\n", result.failures()));
    }

    private static List<Variant> one(IntFunction<Call> call) {
        return List.of(Variant.of(call));
    }

    private static Variant generic(String clockPath, String game, java.util.function.Function<String, ClockCommand> make,
                                   Permission permission) {
        return new Variant(permission.name(), n -> {
            UUID id = UUID.randomUUID();
            ClockCommand command = make.apply(id.toString());
            return Call.json(clockPath + "/commands", ClockStackSupport.CODEC.toJson(Envelope.command(id, game,
                    command.actor(), Instant.now(), command)));
        }, RouteRules.cells(List.of(permission)));
    }

    @org.junit.jupiter.api.Test
    void theOpenApiDocumentDescribesEveryRouteOfTheReadmeTable() throws Exception {
        java.util.List<String> missing = org.torneo.stack.test.OpenApiRoutes.missing("clock", base.toURI());
        org.junit.jupiter.api.Assertions.assertTrue(missing.isEmpty(), "not described at /q/openapi: " + missing);
    }
}
