package org.torneo.game.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.app.GameStackSupport.BOARD;
import static org.torneo.game.app.GameStackSupport.TOURNAMENT;
import static org.torneo.game.app.GameStackSupport.arbiter;
import static org.torneo.game.app.GameStackSupport.device;
import static org.torneo.game.app.GameStackSupport.player;
import static org.torneo.game.app.GameStackSupport.ORGANISER;
import static org.torneo.game.app.GameStackSupport.WAIT;
import static org.torneo.game.app.GameStackSupport.awaitGet;
import static org.torneo.game.app.GameStackSupport.events;
import static org.torneo.game.app.GameStackSupport.gameEvents;
import static org.torneo.game.app.GameStackSupport.get;
import static org.torneo.game.app.GameStackSupport.jsonField;
import static org.torneo.game.app.GameStackSupport.move;
import static org.torneo.game.app.GameStackSupport.payloads;
import static org.torneo.game.app.GameStackSupport.post;
import static org.torneo.game.app.GameStackSupport.publishEvent;
import static org.torneo.game.app.GameStackSupport.send;
import static org.torneo.game.app.GameStackSupport.sendRaw;
import static org.torneo.game.app.GameStackSupport.start;
import static org.torneo.game.app.GameStackSupport.unique;

import java.net.URL;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.game.app.edge.RoundStarter;
import org.torneo.platform.DeadLetters;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.stack.test.TorneoStack;

/**
 * The game service on the local stack (a real Kafka broker and a real PostgreSQL started by the test resource):
 * commands through the broker, events read back read_committed, projection rows through REST, PGN, rejections,
 * dead letters, reactions to the tournament and clock streams, a restart with an equal digest, and a broker killed
 * with SIGKILL in the middle of a game.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class GameServiceIntegrationTest {

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
        GameStackSupport.offices();
    }

    @Test
    @Order(1)
    void commandThroughTheBrokerBecomesEventsAndProjectionRows() throws Exception {
        String game = unique("g");
        String tournament = unique("t");
        send(game, ORGANISER, start(tournament, "p-white", "p-black"));
        send(game, BOARD, move("e4"));
        send(game, BOARD, move("e7e5"));

        List<Envelope> moves = events(Topics.MOVES.name(), game, 3, WAIT);
        assertEquals(3, moves.size());
        GameStarted started = (GameStarted) moves.get(0).payload();
        assertEquals("p-white", started.whitePlayerId());
        List<MovePlayed> played = payloads(moves, MovePlayed.class);
        assertEquals(List.of("e4", "e5"), played.stream().map(MovePlayed::san).toList());
        assertEquals(List.of("e2e4", "e7e5"), played.stream().map(MovePlayed::uci).toList());
        assertEquals(List.of(1L, 2L, 3L), moves.stream().map(Envelope::sequence).toList());

        HttpResponse<String> row = awaitGet(url(), "/games/" + game, r -> r.body().contains("\"plies\":2"));
        assertEquals(200, row.statusCode(), row.body());
        assertTrue(row.body().contains("\"phase\":\"IN_PROGRESS\""), row.body());
        assertTrue(row.body().contains("\"tournamentId\":\"" + tournament + "\""), row.body());
        assertTrue(row.body().contains("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
                || row.body().contains("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"), row.body());
        HttpResponse<String> list = get(url(), "/games/" + game + "/moves");
        assertTrue(list.body().contains("\"san\":\"e4\"") && list.body().contains("\"uci\":\"e7e5\""), list.body());
        assertEquals(404, get(url(), "/games/no-such-game").statusCode());
    }

    @Test
    @Order(2)
    void aQuickplayFinishClaimThroughRestIsFiledWithTheClocksAndTheArbiterPostponesIt() throws Exception {
        // FIDE 2018 Guidelines III.5: announced by the regulations, last period without increment, claimant to move
        // with under two minutes; the arbiter watches the game and gives the opponent two more minutes
        String game = unique("quickplay");
        HttpResponse<String> created = post(url(), "/games", "{\"gameId\":\"" + game + "\",\"tournamentId\":\"" + TOURNAMENT + "\",\"board\":1,\"white\":\"wanda\","
                + "\"black\":\"bert\",\"edition\":\"FIDE_2018\",\"category\":\"STANDARD\",\"quickplayFinish\":\"DRAW_CLAIMS\","
                + "\"timeControl\":{\"periods\":[{\"moves\":0,\"baseMillis\":5400000,\"mode\":\"NONE\",\"bonusMillis\":0}]}}",
                arbiter());
        assertEquals(202, created.statusCode(), created.body());
        assertEquals(202, post(url(), "/games/" + game + "/moves", "{\"move\":\"e4\",\"whiteMillis\":600000,"
                + "\"blackMillis\":90000}", device()).statusCode());
        HttpResponse<String> claim = post(url(), "/games/" + game + "/claims", "{\"by\":\"BLACK\",\"kind\":\"QUICKPLAY_FINISH\","
                + "\"whiteMillis\":600000,\"blackMillis\":90000}", player("bert")); // claims are the player's, not the board's
        assertEquals(202, claim.statusCode(), claim.body());
        assertEquals(400, post(url(), "/games/" + game + "/claims", "{\"by\":\"BLACK\",\"kind\":\"QUICKPLAY_FINISH\","
                + "\"whiteMillis\":600000}", device()).statusCode(), "one clock without the other");
        HttpResponse<String> postpone = post(url(), "/games/" + game + "/claims/postpone",
                "{\"opponentBonusMillis\":120000,\"article\":\"FIDE 2018 III.5\"}", arbiter());
        assertEquals(202, postpone.statusCode(), postpone.body());

        List<Envelope> claims = events(Topics.CLAIMS.name(), game, 2, WAIT);
        ClaimEvent.ClaimFiled filed = payloads(claims, ClaimEvent.ClaimFiled.class).get(0);
        assertEquals(90_000, filed.clock().blackRemainingMillis());
        ClaimEvent.ClaimPostponed postponed = payloads(claims, ClaimEvent.ClaimPostponed.class).get(0);
        assertEquals(Side.BLACK, postponed.by());
        assertEquals(120_000, postponed.penalty().addedToOpponentMillis(), postponed.toString());
    }

    @Test
    @Order(2)
    void anyGameCommandGoesThroughTheCommandsRouteAndAnAdjournedGameIsResumedAfterTheEnvelopeIsLost() throws Exception {
        // FIDE 2018 I.1.1 (seal), I.12.1 (lost envelope: the sealer's stated move), I.8 (it is judged on opening)
        String game = unique("adjourned");
        assertEquals(202, post(url(), "/games", "{\"gameId\":\"" + game + "\",\"tournamentId\":\"" + TOURNAMENT + "\",\"board\":1,\"white\":\"wanda\",\"black\":\"bert\"}",
                arbiter()).statusCode());
        assertEquals(202, post(url(), "/games/" + game + "/moves", "{\"move\":\"e4\"}", device()).statusCode());
        assertEquals(202, post(url(), "/games/" + game + "/moves", "{\"move\":\"e5\"}", device()).statusCode());
        HttpResponse<String> seal = post(url(), "/games/" + game + "/commands",
                "{\"type\":\"game.SealMove\",\"payload\":{\"by\":\"WHITE\",\"move\":\"Nf3\"}}", player("wanda"));
        assertEquals(202, seal.statusCode(), seal.body());
        HttpResponse<String> lost = post(url(), "/games/" + game + "/commands", "{\"type\":\"game.DeclareEnvelopeLost\","
                + "\"payload\":{\"statedMove\":\"Nc3\",\"clocks\":null,\"positionRestorable\":true}}", arbiter());
        assertEquals(202, lost.statusCode(), lost.body());
        assertEquals(202, post(url(), "/games/" + game + "/commands", "{\"type\":\"game.ResumeGame\",\"payload\":{}}",
                arbiter()).statusCode());

        List<Envelope> moves = events(Topics.MOVES.name(), game, 6, WAIT);
        assertEquals(1, payloads(moves, MoveEvent.MoveSealed.class).size(), moves.toString());
        assertEquals("Nc3", payloads(moves, MoveEvent.EnvelopeLost.class).get(0).statedMove());
        assertEquals(List.of("e4", "e5", "Nc3"), payloads(moves, MoveEvent.MovePlayed.class).stream()
                .map(MoveEvent.MovePlayed::san).toList(), "the stated move is played on resumption, not the lost Nf3");

        // what the route refuses, with the codec's reason
        for (String[] bad : new String[][]{
                {"{\"type\":\"game.Teleport\",\"payload\":{}}", "unknown message type 'game.Teleport'"},
                {"{\"type\":\"game.MovePlayed\",\"payload\":{}}", "is an event, not a command"},
                {"{\"type\":\"clock.PauseClock\",\"payload\":{}}", "not a game command"},
                {"{\"type\":\"game.SealMove\",\"payload\":{\"by\":\"PURPLE\",\"move\":\"Nf3\"}}", "payload.by"},
                {"{\"payload\":{}}", "missing field 'type'"},
                {"[1,2]", "a JSON object"}}) {
            HttpResponse<String> refused = post(url(), "/games/" + game + "/commands", bad[0], arbiter());
            assertEquals(400, refused.statusCode(), bad[0] + " -> " + refused.body());
            assertTrue(refused.body().contains(bad[1]), bad[0] + " -> " + refused.body());
        }
    }

    @Test
    @Order(2)
    void foolsMateThroughRestEndsWithGameEndedAndPgnWithClocks() throws Exception {
        String game = unique("fool");
        String tournament = unique("t");
        org.torneo.stack.test.Offices.tournament(tournament).chiefArbiter(GameStackSupport.ARBITER_ACCOUNT)
                .device(GameStackSupport.DEVICE_ACCOUNT, null).publish();
        HttpResponse<String> created = post(url(), "/games", "{\"gameId\":\"" + game + "\",\"tournamentId\":\""
                + tournament + "\",\"round\":2,\"board\":7,\"hall\":\"Main hall\",\"white\":\"anna\",\"black\":\"boris\","
                + "\"edition\":\"FIDE_2018\",\"category\":\"STANDARD\"}", arbiter());
        assertEquals(202, created.statusCode(), created.body());
        long white = 5_400_000;
        long black = 5_400_000;
        String[] line = {"f3", "e5", "g4", "Qh4#"};
        for (int i = 0; i < line.length; i++) {
            if (i % 2 == 0) {
                white -= 10_000;
            } else {
                black -= 7_000;
            }
            HttpResponse<String> sent = post(url(), "/games/" + game + "/moves", "{\"move\":\"" + line[i]
                    + "\",\"whiteMillis\":" + white + ",\"blackMillis\":" + black + "}", device());
            assertEquals(202, sent.statusCode(), sent.body());
        }
        List<Envelope> results = events(Topics.RESULTS.name(), tournament, 1, WAIT);
        assertEquals(1, results.size());
        GameEnded ended = (GameEnded) results.get(0).payload();
        assertEquals(game, ended.gameId());
        assertEquals(GameResult.BLACK_WINS, ended.result());
        assertEquals(EndReason.CHECKMATE, ended.reason());
        assertTrue(ended.played());

        awaitGet(url(), "/games/" + game, r -> r.body().contains("\"phase\":\"ENDED\""));
        HttpResponse<String> pgn = get(url(), "/games/" + game + "/pgn");
        assertEquals(200, pgn.statusCode(), pgn.body());
        assertTrue(pgn.headers().firstValue("content-type").orElse("").startsWith("text/x-chess-pgn"),
                pgn.headers().toString());
        String text = pgn.body();
        assertTrue(text.contains("[Event \"" + tournament + "\"]"), text);
        assertTrue(text.contains("[Site \"Main hall\"]") && text.contains("[Round \"2\"]"), text);
        assertTrue(text.contains("[White \"anna\"]") && text.contains("[Black \"boris\"]"), text);
        assertTrue(text.contains("[Result \"0-1\"]"), text);
        assertTrue(text.contains("1. f3 {[%clk 1:29:50]} 1... e5 {[%clk 1:29:53]} 2. g4 {[%clk 1:29:40]}")
                || text.contains("1. f3 {[%clk 1:29:50]} e5 {[%clk 1:29:53]} 2. g4 {[%clk 1:29:40]}"), text);
        assertTrue(text.contains("Qh4#") && text.trim().endsWith("0-1"), text);

        HttpResponse<String> round = get(url(), "/tournaments/" + tournament + "/rounds/2/pgn");
        assertEquals(200, round.statusCode(), round.body());
        assertTrue(round.body().contains("Qh4#"), round.body());
        HttpResponse<String> byRound = get(url(), "/games?tournament=" + tournament + "&round=2&hall=Main%20hall");
        assertTrue(byRound.body().contains("\"gameId\":\"" + game + "\""), byRound.body());
        assertFalse(get(url(), "/games?tournament=" + tournament + "&round=3").body().contains(game));
    }

    @Test
    @Order(3)
    void badInputIsRejectedWithTheReasonAndRecorded() throws Exception {
        String game = unique("bad");
        post(url(), "/games", "{\"gameId\":\"" + game + "\",\"tournamentId\":\"" + TOURNAMENT + "\",\"board\":1,\"white\":\"wanda\",\"black\":\"bert\"}", arbiter());
        // wrong player: bert is black, White is to move; the edge refuses him before anything is recorded
        HttpResponse<String> wrong = post(url(), "/games/" + game + "/moves", "{\"move\":\"e4\"}", player("bert"));
        assertEquals(403, wrong.statusCode(), wrong.body());
        assertTrue(wrong.body().contains("bert is player bert, not White (wanda)"), wrong.body());

        HttpResponse<String> garbage = post(url(), "/games/" + game + "/moves", "{\"move\":\"Zz9\"}", device());
        assertEquals(202, garbage.statusCode(), garbage.body());
        String garbageId = jsonField(garbage.body(), "commandId");
        assertTrue(awaitGet(url(), "/commands/" + garbageId, r -> r.body().contains("REJECTED")).body()
                .contains("REJECTED"));

        // a ruling from a player: only an arbiter of the board's hall rules (FIDE 2018 12)
        HttpResponse<String> ruling = post(url(), "/games/" + game + "/rulings",
                "{\"kind\":\"WARNING\",\"article\":\"FIDE 2018 12.9.1\",\"side\":\"WHITE\"}", player("bert"));
        assertEquals(403, ruling.statusCode(), ruling.body());
        assertTrue(ruling.body().contains("RULE"), ruling.body());

        HttpResponse<String> unknown = post(url(), "/games/" + unique("nogame") + "/resign", "{\"by\":\"WHITE\"}",
                device());
        assertEquals(404, unknown.statusCode(), unknown.body());
        assertTrue(unknown.body().contains("no game"), unknown.body());

        HttpResponse<String> good = post(url(), "/games/" + game + "/moves", "{\"move\":\"e4\"}", player("wanda"));
        String goodId = jsonField(good.body(), "commandId");
        HttpResponse<String> accepted = awaitGet(url(), "/commands/" + goodId, r -> r.body().contains("MovePlayed e4"));
        assertTrue(accepted.body().contains("\"status\":\"ACCEPTED\""), accepted.body());

        List<Envelope> claims = events(Topics.CLAIMS.name(), game, 1, WAIT);
        List<CommandRejected> rejected = payloads(claims, CommandRejected.class);
        assertEquals(1, rejected.size(), claims.toString());
        assertEquals(UUID.fromString(garbageId), claims.get(0).causationId());
        // the game's rejections are the arbiters' and its players' to read, not the public's
        assertEquals(401, get(url(), "/games/" + game + "/rejections").statusCode());
        HttpResponse<String> rejections = GameStackSupport.get(url(), "/games/" + game + "/rejections", player("bert"));
        assertEquals(200, rejections.statusCode(), rejections.body());
        assertEquals(2, rejections.body().split("REJECTION", -1).length, rejections.body());

        HttpResponse<String> badRequest = post(url(), "/games/" + game + "/claims", "{\"by\":\"WHITE\",\"kind\":\"NINEFOLD\"}",
                device());
        assertEquals(400, badRequest.statusCode());
        assertTrue(badRequest.body().contains("kind: 'NINEFOLD' is not one of"), badRequest.body());
    }

    @Test
    @Order(4)
    void malformedCommandIsDeadLetteredAndTheNextIsProcessed() throws Exception {
        String game = unique("dl");
        sendRaw(Topics.GAME_COMMANDS.name(), game, "{not json at all");
        send(game, ORGANISER, start(unique("t"), "x", "y"));
        List<ConsumerRecord<String, String>> dead = TorneoStack.readCommittedForKey(Topics.DEAD_LETTER.name(), game, 1, WAIT);
        assertEquals(1, dead.size());
        String reason = DeadLetters.header(dead.get(0).headers(), DeadLetters.REASON);
        assertNotNull(reason);
        assertEquals("game", DeadLetters.header(dead.get(0).headers(), DeadLetters.SERVICE));
        assertEquals("{not json at all", dead.get(0).value());
        List<Envelope> moves = events(Topics.MOVES.name(), game, 1, WAIT);
        assertTrue(moves.get(0).payload() instanceof GameStarted, moves.toString());

        // the operator's figures (README "Metrics") on the public /q/metrics, after the commands above and before
        String metrics = org.torneo.stack.test.Prometheus.awaitAtLeast(url(), "torneo_dead_letters_total",
                java.util.Map.of("service", "game", "topic", Topics.GAME_COMMANDS.name()), 1, WAIT);
        assertMetrics(metrics);
    }

    private static void assertMetrics(String metrics) {
        java.util.function.BiFunction<String, java.util.Map<String, String>, Double> sum =
                (name, labels) -> org.torneo.stack.test.Prometheus.sum(metrics, name, labels);
        assertTrue(sum.apply("torneo_dead_letters_total", java.util.Map.of("service", "game",
                "topic", Topics.GAME_COMMANDS.name())) >= 1, metrics);
        assertTrue(sum.apply("torneo_commands_decided_total", java.util.Map.of("service", "game",
                "outcome", "accepted")) >= 2, "the starts and moves above");
        assertTrue(sum.apply("torneo_commands_decided_total", java.util.Map.of("service", "game",
                "outcome", "refused")) >= 1, "the move Zz9 of badInputIsRejectedWithTheReasonAndRecorded");
        assertTrue(sum.apply("torneo_decision_latency_seconds_count", java.util.Map.of("service", "game")) >= 3);
        assertTrue(sum.apply("torneo_decision_latency_seconds", java.util.Map.of("service", "game", "quantile", "0.99"))
                > 0, "the 99th percentile of the decision latency");
        assertTrue(sum.apply("torneo_replay_seconds_count", java.util.Map.of("service", "game")) >= 1);
        assertTrue(sum.apply("torneo_consumer_lag", java.util.Map.of("service", "game",
                "topic", Topics.GAME_COMMANDS.name())) >= 0, "the lag of the command topic is measured");
    }

    @Test
    @Order(5)
    void roundPairedStartsEveryBoardUnderTheTournamentRuleset() throws Exception {
        String tournament = unique("swiss");
        Actor organiser = new Actor(Actor.Role.ORGANISER, "o");
        publishEvent(Topics.TOURNAMENT.name(), tournament, tournament, organiser, new TournamentEvent.TournamentCreated(
                tournament, "c1", organiser, Instant.now(), "Open", PairingSystemKind.values()[0], 5, Scoring.classic(),
                "FIDE_1997_BLITZ", List.of()));
        publishEvent(Topics.TOURNAMENT.name(), tournament, tournament, organiser, new TournamentEvent.RoundPaired(
                tournament, "c2", organiser, Instant.now(), 1, PairingSystemKind.values()[0], 7L,
                List.of(new Board(1, "A", "p1", "p2"), new Board(2, "B", "p3", "p4")), List.of()));
        String first = RoundStarter.gameId(tournament, 1, 1);
        String second = RoundStarter.gameId(tournament, 1, 2);
        GameStarted one = (GameStarted) events(Topics.MOVES.name(), first, 1, WAIT).get(0).payload();
        GameStarted two = (GameStarted) events(Topics.MOVES.name(), second, 1, WAIT).get(0).payload();
        assertEquals(new Ruleset(Ruleset.Edition.FIDE_1997, Ruleset.Category.BLITZ), one.ruleset());
        assertEquals("p3", two.whitePlayerId());
        assertEquals("B", two.hall());
        HttpResponse<String> games = awaitGet(url(), "/games?tournament=" + tournament + "&round=1",
                r -> r.body().contains(second));
        assertTrue(games.body().contains(first) && games.body().contains(second), games.body());
        assertTrue(get(url(), "/games?tournament=" + tournament + "&hall=B").body().contains(second));
        assertFalse(get(url(), "/games?tournament=" + tournament + "&hall=B").body().contains(first + "\""));
    }

    /**
     * C.04.2; C.04.3 (2017) F.6-F.7: a PairingCorrected that removes boards (their players now have byes) cancels the
     * game of a removed board not yet begun, with no GameEnded, and the game of one begun refuses (recorded) and is
     * played as paired; the projection shows the cancelled game as CANCELLED without a result, out of the round PGN.
     */
    @Test
    @Order(5)
    void aPairingCorrectionThatRemovesABoardCancelsItsGameWithoutAResult() throws Exception {
        String tournament = unique("corr");
        Actor organiser = new Actor(Actor.Role.ORGANISER, "o");
        Actor arbiter = new Actor(Actor.Role.ARBITER, "chief-arbiter");
        publishEvent(Topics.TOURNAMENT.name(), tournament, tournament, organiser, new TournamentEvent.TournamentCreated(
                tournament, "c1", organiser, Instant.now(), "Open", PairingSystemKind.values()[0], 5, Scoring.classic(),
                "FIDE_2018_STANDARD", List.of()));
        publishEvent(Topics.TOURNAMENT.name(), tournament, tournament, organiser, new TournamentEvent.RoundPaired(
                tournament, "c2", organiser, Instant.now(), 1, PairingSystemKind.values()[0], 7L,
                List.of(new Board(1, "A", "p1", "p2"), new Board(2, "A", "p3", "p4"), new Board(3, "A", "p5", "p6")),
                List.of()));
        String kept = RoundStarter.gameId(tournament, 1, 1);
        String notBegun = RoundStarter.gameId(tournament, 1, 2);
        String begun = RoundStarter.gameId(tournament, 1, 3);
        for (String game : List.of(kept, notBegun, begun)) {
            assertTrue(events(Topics.MOVES.name(), game, 1, WAIT).get(0).payload() instanceof GameStarted, game);
        }
        send(begun, BOARD, move("e4"));
        assertEquals(2, events(Topics.MOVES.name(), begun, 2, WAIT).size());

        String why = "p3, p4, p5 and p6 had withdrawn before the round was paired";
        publishEvent(Topics.TOURNAMENT.name(), tournament, tournament, arbiter, new TournamentEvent.PairingCorrected(
                tournament, "c3", arbiter, Instant.now(), 1, List.of(new Board(1, "A", "p1", "p2")),
                List.of(new Bye("p3", ByeKind.ZERO_POINT, Score.ZERO), new Bye("p4", ByeKind.ZERO_POINT, Score.ZERO),
                        new Bye("p5", ByeKind.ZERO_POINT, Score.ZERO), new Bye("p6", ByeKind.ZERO_POINT, Score.ZERO)),
                why));

        List<Envelope> cancelledGame = events(Topics.MOVES.name(), notBegun, 2, WAIT);
        MoveEvent.GameCancelled cancelled = (MoveEvent.GameCancelled) cancelledGame.get(1).payload();
        assertEquals(why, cancelled.reason());
        assertEquals("chief-arbiter", cancelled.cancelledBy());
        assertTrue(cancelled.article().contains("C.04.3"), cancelled.article());
        CommandRejected refused = payloads(gameEvents(begun, 2, 1), CommandRejected.class).getFirst();
        assertEquals("game.CancelGame", refused.commandType());
        assertTrue(refused.reason().startsWith("the game has begun: it is played as paired; the arbiter may annul it"
                + " or set its result"), refused.reason());

        // nothing more happens in the cancelled game; its move is refused and recorded
        send(notBegun, BOARD, move("d4"));
        CommandRejected move = payloads(gameEvents(notBegun, 2, 1), CommandRejected.class).getFirst();
        assertEquals("the game was cancelled by a pairing correction: " + why, move.reason());

        // the game begun is played as paired: its result is the round's only one; the cancelled game has none
        send(begun, new Actor(Actor.Role.PLAYER, "p6"), new org.torneo.contracts.game.GameCommand.Resign(Side.BLACK,
                Instant.now()));
        List<Envelope> results = events(Topics.RESULTS.name(), tournament, 1, WAIT);
        assertEquals(1, results.size(), results.toString());
        assertEquals(begun, ((GameEnded) results.get(0).payload()).gameId());
        assertEquals(1, TorneoStack.readCommittedValuesForKey(Topics.RESULTS.name(), tournament, 2,
                Duration.ofSeconds(3)).size(), "no GameEnded for the cancelled game");

        HttpResponse<String> row = awaitGet(url(), "/games/" + notBegun, r -> r.body().contains("CANCELLED"));
        assertEquals("CANCELLED", jsonField(row.body(), "phase"), row.body());
        assertEquals(null, jsonField(row.body(), "result"), row.body());
        assertTrue(row.body().contains("\"played\":false"), row.body());
        // the incidents are the arbiters' to read: the chief arbiter is appointed, and reads them once his edge knows
        publishEvent(Topics.TOURNAMENT.name(), tournament, tournament, organiser, new TournamentEvent.ArbiterAppointed(
                tournament, "appoint-chief", organiser, Instant.now(), "chief-arbiter", true, List.of()));
        String chief = org.torneo.stack.test.Tokens.of("chief-arbiter", "arbiter");
        HttpResponse<String> incidents = GameStackSupport.get(url(), "/games/" + notBegun
                + "/incidents?category=CANCELLATION", chief);
        for (long deadline = System.nanoTime() + WAIT.toNanos(); incidents.statusCode() == 403
                && System.nanoTime() < deadline; ) {
            Thread.sleep(100);
            incidents = GameStackSupport.get(url(), "/games/" + notBegun + "/incidents?category=CANCELLATION", chief);
        }
        assertEquals(200, incidents.statusCode(), incidents.body());
        assertTrue(incidents.body().contains(why), incidents.body());
        awaitGet(url(), "/games/" + begun, r -> r.body().contains("\"result\":\"1-0\""));
        String roundPgn = get(url(), "/tournaments/" + tournament + "/rounds/1/pgn").body();
        assertTrue(roundPgn.contains(kept) && roundPgn.contains(begun), roundPgn);
        assertFalse(roundPgn.contains(notBegun), "a cancelled game was not played: " + roundPgn);
        assertTrue(get(url(), "/games/" + notBegun + "/pgn").body().contains("[Result \"*\"]"));

        // a round whose every game was cancelled has no PGN to give: 404, as for a round without games (a tournament
        // of its own: this one holds the test profile's limit of 3 games, torneo.game.max-games-per-tournament)
        String emptied = unique("corr-all");
        publishEvent(Topics.TOURNAMENT.name(), emptied, emptied, organiser, new TournamentEvent.TournamentCreated(
                emptied, "c1", organiser, Instant.now(), "Open", PairingSystemKind.values()[0], 5, Scoring.classic(),
                "FIDE_2018_STANDARD", List.of()));
        publishEvent(Topics.TOURNAMENT.name(), emptied, emptied, organiser, new TournamentEvent.RoundPaired(
                emptied, "c4", organiser, Instant.now(), 1, PairingSystemKind.values()[0], 8L,
                List.of(new Board(1, "A", "p1", "p2")), List.of()));
        String onlyGame = RoundStarter.gameId(emptied, 1, 1);
        assertTrue(events(Topics.MOVES.name(), onlyGame, 1, WAIT).get(0).payload() instanceof GameStarted, onlyGame);
        publishEvent(Topics.TOURNAMENT.name(), emptied, emptied, arbiter, new TournamentEvent.PairingCorrected(
                emptied, "c5", arbiter, Instant.now(), 1, List.of(),
                List.of(new Bye("p1", ByeKind.ZERO_POINT, Score.ZERO), new Bye("p2", ByeKind.ZERO_POINT, Score.ZERO)),
                "p1 and p2 withdrew"));
        awaitGet(url(), "/games/" + onlyGame, r -> r.body().contains("CANCELLED"));
        HttpResponse<String> allCancelled = get(url(), "/tournaments/" + emptied + "/rounds/1/pgn");
        assertEquals(404, allCancelled.statusCode(), allCancelled.body());
        assertTrue(allCancelled.body().contains("no games in round 1 of " + emptied), allCancelled.body());
        assertTrue(allCancelled.body().contains("cancelled by a pairing correction"), allCancelled.body());
        HttpResponse<String> none = get(url(), "/tournaments/" + emptied + "/rounds/2/pgn");
        assertEquals(404, none.statusCode(), none.body());
        assertTrue(none.body().contains("no games in round 2 of " + emptied), none.body());
    }

    @Test
    @Order(6)
    void flagFallFromTheClockStreamEndsTheGame() throws Exception {
        String game = unique("flag");
        String tournament = unique("t");
        send(game, ORGANISER, new org.torneo.contracts.game.GameCommand.StartGame(tournament, 1, 1, "w", "b",
                Ruleset.DEFAULT, null, null, null,
                org.torneo.contracts.clock.TimeControl.of(org.torneo.contracts.clock.Period.suddenDeath(60_000)), null,
                Instant.now()));
        send(game, BOARD, move("d4"));
        events(Topics.MOVES.name(), game, 2, WAIT);
        // the game told the clock service to start, once, with its time control
        List<Envelope> clockCommands = events(Topics.CLOCK_COMMANDS.name(), game, 1, WAIT);
        ClockCommand.StartClock startClock = (ClockCommand.StartClock) clockCommands.get(0).payload();
        assertEquals(org.torneo.game.core.game.ClockStart.commandId(game), clockCommands.get(0).eventId());
        assertEquals(60_000, startClock.control().period(0).baseMillis());

        Actor clock = Actor.system("clock");
        publishEvent(Topics.CLOCK.name(), game, game, clock, new ClockEvent.FlagFell(game, "cmd", clock,
                Instant.now().toEpochMilli(), Side.BLACK, 1, 0, 0, false, true));
        GameEnded ended = (GameEnded) events(Topics.RESULTS.name(), tournament, 1, WAIT).get(0).payload();
        assertEquals(GameResult.WHITE_WINS, ended.result());
        assertEquals(EndReason.FLAG_FALL, ended.reason());
    }

    @Test
    @Order(7)
    void restartRebuildsAnEqualStateAndProjection() throws Exception {
        String game = unique("rs");
        send(game, ORGANISER, start(unique("t"), "r1", "r2"));
        send(game, BOARD, move("Nf3"));
        events(Topics.MOVES.name(), game, 2, WAIT);
        awaitGet(url(), "/games/" + game, r -> r.body().contains("\"plies\":1"));
        String before = app.stateDigest();
        Long gamesBefore = app.runtime().read(store -> (long) store.size());
        java.util.Map<String, String> statesBefore = states();

        app.restart();
        ready();
        java.util.Map<String, String> statesAfter = states();
        java.util.Set<String> differing = new java.util.TreeSet<>(statesBefore.keySet());
        differing.addAll(statesAfter.keySet());
        differing.removeIf(id -> java.util.Objects.equals(statesBefore.get(id), statesAfter.get(id)));
        assertEquals(java.util.Set.of(), differing, () -> differing.stream().limit(3)
                .map(id -> id + ":\n  before " + statesBefore.get(id) + "\n  after  " + statesAfter.get(id))
                .collect(java.util.stream.Collectors.joining("\n")));
        assertEquals(before, app.stateDigest());
        assertEquals(gamesBefore, app.runtime().<Long>read(store -> (long) store.size()));

        send(game, BOARD, move("d5"));
        List<Envelope> moves = events(Topics.MOVES.name(), game, 3, WAIT);
        assertEquals(3, moves.size());
        assertEquals(3, moves.get(2).sequence());
        assertTrue(awaitGet(url(), "/games/" + game + "/moves", r -> r.body().contains("\"san\":\"d5\"")).body()
                .contains("\"san\":\"Nf3\""));
    }

    private java.util.Map<String, String> states() {
        return app.runtime().read(store -> {
            java.util.Map<String, String> out = new java.util.TreeMap<>();
            store.states().forEach((id, state) -> out.put(id, store.stateOf(id).sequence() + " "
                    + store.stateOf(id).lastHash() + " " + state.fingerprint()));
            return out;
        });
    }

    @Test
    @Order(8)
    void brokerKilledInTheMiddleOfAGameLosesAndDoublesNothing() throws Exception {
        String game = unique("kill");
        String tournament = unique("t");
        send(game, ORGANISER, start(tournament, "k1", "k2"));
        send(game, BOARD, move("f3"));
        UUID second = send(game, BOARD, move("e5"));
        assertEquals(3, events(Topics.MOVES.name(), game, 3, WAIT).size());

        TorneoStack.killBroker();
        Thread.sleep(1500);
        TorneoStack.restartBroker();

        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (app.runtime().status() != KafkaAggregateRuntime.Status.RUNNING && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        send(second, game, BOARD, move("e5")); // an edge retry of a command already decided
        send(game, BOARD, move("g4"));
        send(game, BOARD, move("Qh4#"));
        GameEnded ended = (GameEnded) events(Topics.RESULTS.name(), tournament, 1, Duration.ofSeconds(120)).get(0)
                .payload();
        assertEquals(GameResult.BLACK_WINS, ended.result());

        List<Envelope> moves = events(Topics.MOVES.name(), game, 5, WAIT);
        List<MovePlayed> played = payloads(moves, MovePlayed.class);
        assertEquals(List.of("f3", "e5", "g4", "Qh4#"), played.stream().map(MovePlayed::san).toList());
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), moves.stream().map(Envelope::sequence).toList());
        assertEquals(1, TorneoStack.readCommittedValuesForKey(Topics.RESULTS.name(), tournament, 2,
                Duration.ofSeconds(3)).size());
        assertTrue(gameEvents(game, 5, 0).stream().noneMatch(e -> e.payload() instanceof CommandRejected));
        HttpResponse<String> pgn = awaitGet(url(), "/games/" + game + "/pgn", r -> r.body().contains("Qh4#"));
        assertTrue(pgn.body().contains("1. f3 e5 2. g4 Qh4# 0-1"), pgn.body());
        assertEquals(new String("0-1".getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8),
                jsonField(get(url(), "/games/" + game).body(), "result"));
    }

    @Test
    @Order(9)
    void aRestartThatGainsItsPartitionsLateAnnouncesTheClocksOfTheGamesItRestores() throws Exception {
        // given a running game with a time control, its StartClock sent once
        String game = unique("late");
        send(game, ORGANISER, new org.torneo.contracts.game.GameCommand.StartGame(unique("t"), 1, 1, "w", "b",
                Ruleset.DEFAULT, null, null, null,
                org.torneo.contracts.clock.TimeControl.of(org.torneo.contracts.clock.Period.suddenDeath(3_600_000)),
                null, Instant.now()));
        send(game, BOARD, move("e4"));
        events(Topics.MOVES.name(), game, 2, WAIT);
        assertEquals(1, events(Topics.CLOCK_COMMANDS.name(), game, 1, WAIT).size());

        // and a member of the game's group that takes partitions and then stops answering (as a process killed with
        // kill -9 holds its partitions until its session ends)
        try (var dead = TorneoStack.memberThatStopsAnswering("game", List.of(Topics.GAME_COMMANDS.name(),
                Topics.CLOCK.name()), WAIT)) {
            assertFalse(dead.assignment().isEmpty(), "the member to die took partitions");
            int partitions = dead.partitionsFor(Topics.GAME_COMMANDS.name()).size();

            // when the service restarts while that member still holds partitions (its first assignment is empty, its
            // reload finds no game), and gains them all when it is gone
            app.restart();
            ready();
            long gained = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (app.runtime().heldPartitions().size() < partitions && System.nanoTime() < gained) {
                Thread.sleep(200);
            }
            assertEquals(partitions, app.runtime().heldPartitions().size(), app.runtime().statusDetail());

            // then the running game it restored is announced to the clock service again, as after any restart (the
            // StartClock may have been lost between the commit of its start and the send: the clock takes it once)
            List<Envelope> announced = events(Topics.CLOCK_COMMANDS.name(), game, 2, WAIT);
            assertTrue(announced.size() >= 2, "StartClock not sent again after the late gain: " + announced);
            assertTrue(announced.stream().allMatch(a -> a.eventId().equals(
                    org.torneo.game.core.game.ClockStart.commandId(game))), "one id");
        }
        // and the game goes on
        send(game, BOARD, move("e5"));
        assertEquals(3, events(Topics.MOVES.name(), game, 3, WAIT).size());
    }
}
