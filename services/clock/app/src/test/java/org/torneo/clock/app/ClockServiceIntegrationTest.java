package org.torneo.clock.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.clock.app.ClockStackSupport.BOARD;
import static org.torneo.clock.app.ClockStackSupport.CODEC;
import static org.torneo.clock.app.ClockStackSupport.awaitRow;
import static org.torneo.clock.app.ClockStackSupport.clockEvents;
import static org.torneo.clock.app.ClockStackSupport.get;
import static org.torneo.clock.app.ClockStackSupport.payloads;
import static org.torneo.clock.app.ClockStackSupport.post;
import static org.torneo.clock.app.ClockStackSupport.sendCommand;
import static org.torneo.clock.app.ClockStackSupport.sendRaw;
import static org.torneo.clock.app.ClockStackSupport.start;
import static org.torneo.clock.app.ClockStackSupport.suddenDeath;

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
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockPaused;
import org.torneo.contracts.clock.ClockEvent.ClockStarted;
import org.torneo.contracts.clock.ClockEvent.ClockStopped;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.FlagFell;
import org.torneo.contracts.clock.ClockEvent.TimeAdded;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.DeadLetters;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.stack.test.TorneoStack;

/**
 * The clock service on the local stack (a real Kafka broker and a real PostgreSQL, started by the
 * test resource): commands and game events through the broker, events read back read_committed,
 * projection rows in PostgreSQL, a flag falling on time, dead letters, and a broker killed and
 * restarted. ClockRestartTest (run after this class, in a restarted app) checks the replay.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClockServiceIntegrationTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Inject
    ClockApp app;

    @TestHTTPResource("/")
    URL base;

    private String url() {
        String text = base.toString();
        return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    }

    @BeforeEach
    void serviceRuns() throws Exception {
        assertTrue(app.runtime().awaitRunning(Duration.ofSeconds(120)), app.runtime().statusDetail());
    }

    @Test
    @Order(1)
    void readyOnceReplayed() throws Exception {
        // readiness also waits for the projection reload that follows the replay: give it time before judging
        HttpResponse<String> ready = get(url(), "/q/health/ready");
        for (int i = 0; i < 60 && ready.statusCode() != 200; i++) {
            Thread.sleep(500);
            ready = get(url(), "/q/health/ready");
        }
        assertEquals(200, ready.statusCode(), ready.body());
        assertTrue(ready.body().contains("\"clock\"") && ready.body().contains("RUNNING"), ready.body());
    }

    @Test
    @Order(2)
    void commandThroughTheBrokerBecomesEventAndProjectionRows() throws Exception {
        ClockStackSupport.gameStarted("g-a");
        // the start's time is the edge's clock when the request arrived (a caller's "at" is ignored)
        long before = System.currentTimeMillis();
        HttpResponse<String> started = post(url(), "/clocks/g-a/start",
                "{\"control\":\"90+30\",\"defaultTimeMillis\":3600000,\"at\":" + (before - 120_000) + "}");
        assertEquals(202, started.statusCode(), started.body());
        long t0 = Long.parseLong(started.body().replaceAll(".*\"at\":(\\d+).*", "$1"));
        assertTrue(t0 >= before && t0 <= System.currentTimeMillis(), "the edge's time, not the caller's: " + t0);
        sendCommand(new ClockCommand.PressClock("g-a", UUID.randomUUID().toString(), BOARD, t0 + 65_432, Side.WHITE));

        List<Envelope> events = clockEvents("g-a", 2, WAIT);
        ClockStarted start = payloads(events, ClockStarted.class).get(0);
        assertEquals(5_400_000, start.whiteMillis());
        ClockSwitched move = payloads(events, ClockSwitched.class).get(0);
        assertEquals(Side.WHITE, move.mover());
        assertEquals(65_432, move.elapsedMillis());
        assertEquals(5_400_000 - 65_432 + 30_000, move.remainingMillis()); // FIDE 2018 6.3.1 Fischer increment

        List<Object> clock = awaitRow("select status, runningSide, whiteMillis, whiteMoves, lastSequence from clock"
                + " where gameId = ?", "g-a", row -> ((Number) row.get(4)).longValue() == 2, WAIT);
        assertNotNull(clock, "no clock row for g-a");
        assertEquals(List.of("RUNNING", "BLACK", 5_364_568L, 1, 2L), clock);
        List<Object> reading = awaitRow("select clk, emt, moveNumber from clock_reading where gameId = ?", "g-a",
                row -> true, WAIT);
        assertEquals(List.of("1:29:24.568", "0:01:05.432", 1), reading);

        HttpResponse<String> readings = get(url(), "/clocks/g-a/readings");
        assertEquals(200, readings.statusCode());
        assertTrue(readings.body().contains("\"emt\":\"0:01:05.432\""), readings.body());
        HttpResponse<String> now = get(url(), "/clocks/g-a");
        assertEquals(200, now.statusCode());
        assertTrue(now.body().contains("\"running\":\"BLACK\"") && now.body().contains("\"status\":\"RUNNING\""),
                now.body());
    }

    @Test
    @Order(3)
    void gameEventsPressPenaliseAndStopTheClock() throws Exception {
        long t0 = System.currentTimeMillis() - 60_000;
        sendCommand(start("g-r", t0, org.torneo.clock.core.timecontrol.TimeControlParser.parse("90+30")));
        clockEvents("g-r", 1, WAIT);
        Envelope completed = gameEvent("g-r", 1, org.torneo.contracts.Envelope.GENESIS_HASH,
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(t0 + 10_000)));
        Envelope illegal = gameEvent("g-r", 2, completed.hash(), new MoveEvent.IllegalMoveRecorded(2, Side.BLACK, "Ke2",
                "king left in check", 1, false, "FIDE 2018 7.5.5",
                new Penalty(120_000, 0, "FIDE 2018 7.5.5", "2 minutes to the opponent"),
                Instant.ofEpochMilli(t0 + 20_000)));
        Envelope ended = gameEvent("g-r", 3, illegal.hash(), ResultEvent.GameEnded.of("g-r", "t-1", 1, 1, "p-1", "p-2",
                GameResult.WHITE_WINS, EndReason.RESIGNATION, "FIDE 2018 5.1.2", true, Instant.ofEpochMilli(t0 + 30_000)));
        sendRaw(Topics.MOVES.name(), "g-r", CODEC.encode(completed));
        sendRaw(Topics.MOVES.name(), "g-r", CODEC.encode(illegal));
        sendRaw(Topics.RESULTS.name(), "t-1", CODEC.encode(ended));
        // a completed move in a game this service has no clock for changes nothing and is no error
        sendRaw(Topics.MOVES.name(), "g-none", CODEC.encode(gameEvent("g-none", 1, Envelope.GENESIS_HASH,
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(t0)))));

        List<Envelope> events = clockEvents("g-r", 4, WAIT);
        List<String> types = events.stream().map(e -> e.payload().getClass().getSimpleName()).toList();
        assertEquals(List.of("ClockStarted", "ClockSwitched", "TimeAdded", "ClockStopped"), types);
        ClockSwitched press = payloads(events, ClockSwitched.class).get(0);
        assertEquals(10_000, press.elapsedMillis());
        assertEquals(5_400_000 - 10_000 + 30_000, press.remainingMillis());
        TimeAdded penalty = payloads(events, TimeAdded.class).get(0);
        assertEquals(Side.WHITE, penalty.side()); // the offender's opponent
        assertEquals(5_420_000 + 120_000, penalty.remainingMillis());
        assertEquals(completed.eventId(), events.get(1).causationId());
        ClockStopped stop = payloads(events, ClockStopped.class).get(0);
        assertEquals(t0 + 30_000, stop.at());
        assertTrue(clockEvents("g-none", 1, Duration.ofSeconds(3)).isEmpty());
    }

    @Test
    @Order(3)
    void aClaimThroughTheBrokerPausesTheClocksUntilTheRuling() throws Exception {
        long t0 = System.currentTimeMillis() - 120_000;
        sendCommand(start("g-claim", t0, org.torneo.clock.core.timecontrol.TimeControlParser.parse("90+30")));
        clockEvents("g-claim", 1, WAIT);
        Envelope completed = gameEvent("g-claim", 1, Envelope.GENESIS_HASH,
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(t0 + 10_000)));
        sendRaw(Topics.MOVES.name(), "g-claim", CODEC.encode(completed));
        clockEvents("g-claim", 2, WAIT);
        // Black claims a threefold repetition 20 s into his turn; the arbiter finds it wrong 40 s later
        Envelope filed = gameEvent("g-claim", 2, completed.hash(), new ClaimEvent.ClaimFiled(Side.BLACK,
                DrawClaimKind.THREEFOLD, null, 1, false, Instant.ofEpochMilli(t0 + 30_000)));
        Envelope rejected = gameEvent("g-claim", 3, filed.hash(), new ClaimEvent.ClaimRejected(Side.BLACK,
                DrawClaimKind.THREEFOLD, "the position did not occur three times", "FIDE 2018 9.5.3",
                new Penalty(120_000, 0, "FIDE 2018 9.5.3", "2 minutes to the opponent"), true, null,
                Instant.ofEpochMilli(t0 + 70_000)));
        sendRaw(Topics.CLAIMS.name(), "g-claim", CODEC.encode(filed));
        sendRaw(Topics.CLAIMS.name(), "g-claim", CODEC.encode(rejected));
        List<Envelope> events = clockEvents("g-claim", 5, WAIT);
        assertEquals(List.of("ClockStarted", "ClockSwitched", "ClockPaused", "TimeAdded", "ClockResumed"),
                events.stream().map(e -> e.payload().getClass().getSimpleName()).toList());
        assertEquals(t0 + 30_000, ((ClockEvent) events.get(2).payload()).at());
        assertEquals(t0 + 70_000, ((ClockEvent) events.get(4).payload()).at());
        assertEquals(Side.WHITE, payloads(events, TimeAdded.class).get(0).side());

        Envelope reply = gameEvent("g-claim", 4, rejected.hash(),
                new MoveEvent.MoveCompleted(2, Side.BLACK, Instant.ofEpochMilli(t0 + 75_000)));
        sendRaw(Topics.MOVES.name(), "g-claim", CODEC.encode(reply));
        ClockSwitched black = payloads(clockEvents("g-claim", 6, WAIT), ClockSwitched.class).get(1);
        assertEquals(25_000, black.elapsedMillis(), "20 s before the claim and 5 s after the ruling: the pause is nobody's");
    }

    @Test
    @Order(3)
    void anArbitersAddTimeRulingThroughTheBrokerAddsTheTimeOnceEvenWhenDeliveredTwice() throws Exception {
        long t0 = System.currentTimeMillis() - 120_000;
        sendCommand(start("g-ruling", t0, org.torneo.clock.core.timecontrol.TimeControlParser.parse("90+30")));
        clockEvents("g-ruling", 1, WAIT);
        Envelope completed = gameEvent("g-ruling", 1, Envelope.GENESIS_HASH,
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(t0 + 10_000)));
        sendRaw(Topics.MOVES.name(), "g-ruling", CODEC.encode(completed));
        clockEvents("g-ruling", 2, WAIT);
        // FIDE 2018 12.9.2: the arbiter gives Black three minutes (a disturbance); the ruling alone moves the clock
        Envelope ruling = gameEvent("g-ruling", 2, completed.hash(), new ClaimEvent.RulingIssued(
                org.torneo.contracts.game.RulingKind.ADD_TIME, "FIDE 2018 12.9.2", "disturbed by a mobile phone",
                Side.BLACK, null, -1, -1, -1, 180_000, Instant.ofEpochMilli(t0 + 20_000)));
        sendRaw(Topics.CLAIMS.name(), "g-ruling", CODEC.encode(ruling));
        sendRaw(Topics.CLAIMS.name(), "g-ruling", CODEC.encode(ruling)); // redelivered: the same event id
        List<Envelope> events = clockEvents("g-ruling", 3, WAIT);
        TimeAdded added = payloads(events, TimeAdded.class).get(0);
        assertEquals(Side.BLACK, added.side());
        assertEquals(180_000, added.millis());
        assertEquals("FIDE 2018 12.9.2", added.article());
        assertEquals(ruling.eventId(), events.get(2).causationId());
        assertEquals(ruling.eventId().toString(), added.commandId());

        Envelope reply = gameEvent("g-ruling", 3, ruling.hash(),
                new MoveEvent.MoveCompleted(2, Side.BLACK, Instant.ofEpochMilli(t0 + 40_000)));
        sendRaw(Topics.MOVES.name(), "g-ruling", CODEC.encode(reply));
        List<Envelope> all = clockEvents("g-ruling", 5, Duration.ofSeconds(10));
        assertEquals(List.of("ClockStarted", "ClockSwitched", "TimeAdded", "ClockSwitched"),
                all.stream().map(e -> e.payload().getClass().getSimpleName()).toList(), "one ruling, one adjustment");
        ClockSwitched black = payloads(all, ClockSwitched.class).get(1);
        assertEquals(5_400_000 + 180_000 - 30_000 + 30_000, black.remainingMillis());
    }

    @Test
    @Order(4)
    void flagFallsOnTimeWithoutAnyPress() throws Exception {
        long t0 = System.currentTimeMillis();
        UUID startId = sendCommand(start("g-flag", t0, suddenDeath(3_000)));
        List<ConsumerRecord<String, String>> records = ClockStackSupport.clockRecords("g-flag", 2, WAIT);
        assertEquals(2, records.size(), "expected ClockStarted then FlagFell");
        Envelope flagEnvelope = CODEC.decode(records.get(1).value());
        FlagFell flag = (FlagFell) flagEnvelope.payload();
        assertEquals(startId, CODEC.decode(records.get(0).value()).causationId());
        assertEquals(Side.WHITE, flag.side());
        assertEquals(t0 + 3_000, flag.at()); // the exact deadline, not when it was noticed
        assertEquals(0, flag.movesMade());
        assertTrue(flag.finalPeriod());
        long lateBy = records.get(1).timestamp() - flag.at();
        System.out.println("clock: g-flag FlagFell written " + lateBy + " ms after the deadline");
        assertTrue(lateBy >= 0, "decided before the deadline: " + lateBy + " ms");
        assertTrue(lateBy < 10_000, "the flag fell " + lateBy + " ms after the deadline");
        HttpResponse<String> view = get(url(), "/clocks/g-flag");
        assertTrue(view.body().contains("\"flagFellAt\":" + (t0 + 3_000)), view.body());
    }

    @Test
    @Order(3)
    void anAnnulmentReadAfterTheNewGamesFirstMoveStartsTheNewGameWithThatMove() throws Exception {
        long t0 = System.currentTimeMillis() - 600_000;
        sendCommand(start("g-annul", t0, org.torneo.clock.core.timecontrol.TimeControlParser.parse("90+30")));
        clockEvents("g-annul", 1, WAIT);
        Envelope white = gameEvent("g-annul", 1, Envelope.GENESIS_HASH,
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(t0 + 60_000)));
        Envelope black = gameEvent("g-annul", 2, white.hash(),
                new MoveEvent.MoveCompleted(2, Side.BLACK, Instant.ofEpochMilli(t0 + 180_000)));
        Envelope sealed = gameEvent("g-annul", 3, black.hash(),
                new MoveEvent.MoveSealed(3, Side.WHITE, "Nf3", Instant.ofEpochMilli(t0 + 240_000)));
        for (Envelope e : List.of(white, black, sealed)) {
            sendRaw(Topics.MOVES.name(), "g-annul", CODEC.encode(e));
        }
        clockEvents("g-annul", 4, WAIT);
        // FIDE 2018 I.12.2: the envelope is lost, the game annulled at t0 + 5 min; the new game's first move (moves
        // topic) reaches the clock before the ruling (claims topic)
        long ruled = t0 + 300_000;
        Envelope annul = gameEvent("g-annul", 4, sealed.hash(), new ClaimEvent.RulingIssued(
                org.torneo.contracts.game.RulingKind.ANNUL_GAME, "FIDE 2018 I.12.2", "the envelope is lost", null,
                null, -1, -1, -1, 0, Instant.ofEpochMilli(ruled)));
        Envelope first = gameEvent("g-annul", 5, annul.hash(),
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(ruled + 15_000)));
        sendRaw(Topics.MOVES.name(), "g-annul", CODEC.encode(first));
        assertEquals("PressHeld", clockEvents("g-annul", 5, WAIT).get(4).payload().getClass().getSimpleName());
        sendRaw(Topics.CLAIMS.name(), "g-annul", CODEC.encode(annul));
        List<Envelope> events = clockEvents("g-annul", 9, WAIT);
        assertEquals(List.of("ClockStarted", "ClockSwitched", "ClockSwitched", "GameAdjourned", "PressHeld",
                "SessionResumed", "NewGameStarted", "TimesSet", "ClockSwitched"), types(events));
        ClockSwitched move = payloads(events, ClockSwitched.class).get(2);
        assertEquals(List.of(Side.WHITE, 1, 15_000L, 5_400_000L - 15_000 + 30_000), List.of(move.mover(),
                move.moveNumber(), move.elapsedMillis(), move.remainingMillis()));
        assertEquals(first.eventId().toString(), move.commandId());
        List<Object> row = awaitRow("select status, runningSide, whiteMillis, whiteMoves, blackMoves from clock"
                + " where gameId = ?", "g-annul", r -> Long.valueOf(1).equals(((Number) r.get(3)).longValue()), WAIT);
        assertEquals(List.of("RUNNING", "BLACK", 5_415_000L, 1, 0), row);
    }

    @Test
    @Order(4)
    void aCancelledGamesClockNeverFlagsWhetherTheCancellationComesBeforeOrAfterItsStart() throws Exception {
        // C.04.3 (2017) F.6-F.7: the arbiter's corrected pairing removed both games before they began
        long t0 = System.currentTimeMillis();
        sendRaw(Topics.MOVES.name(), "g-cancel-early", CODEC.encode(gameEvent("g-cancel-early", 2,
                Envelope.GENESIS_HASH, cancelled(t0))));
        ClockEvent.ClockCancelled early = payloads(clockEvents("g-cancel-early", 1, WAIT),
                ClockEvent.ClockCancelled.class).get(0);
        assertEquals(t0, early.at());
        // the game's StartClock, sent when the game started, is read after the cancellation
        sendCommand(start("g-cancel-early", t0, suddenDeath(2_000)));
        assertEquals(List.of("ClockCancelled", "CommandRejected"), types(clockEvents("g-cancel-early", 2, WAIT)));
        // White's two minutes run from t0 (far longer than the test: no real deadline passes); the cancellation is
        // decided half a second in
        sendCommand(start("g-cancel-late", t0, suddenDeath(120_000)));
        clockEvents("g-cancel-late", 1, WAIT);
        sendRaw(Topics.MOVES.name(), "g-cancel-late", CODEC.encode(gameEvent("g-cancel-late", 2,
                Envelope.GENESIS_HASH, cancelled(t0 + 500))));
        assertEquals(List.of("ClockStarted", "ClockCancelled"), types(clockEvents("g-cancel-late", 2, WAIT)));
        // the flag checks the scheduler would send once the deadlines had passed, then a marker that must be refused:
        // commands of a game are read in order, so whatever the checks did comes before the marker's refusal
        for (String game : List.of("g-cancel-early", "g-cancel-late")) {
            sendCommand(new ClockCommand.CheckFlag(game, UUID.randomUUID().toString(), ClockStackSupport.ARBITER,
                    t0 + 121_000));
            sendCommand(start(game, t0 + 122_000, suddenDeath(2_000)));
        }
        assertEquals(List.of("ClockCancelled", "CommandRejected", "CommandRejected"),
                types(clockEvents("g-cancel-early", 3, WAIT)), "no flag, nothing but the marker's refusal");
        assertEquals(List.of("ClockStarted", "ClockCancelled", "CommandRejected"),
                types(clockEvents("g-cancel-late", 3, WAIT)), "no flag fell");
        List<Object> row = awaitRow("select status, deadline from clock where gameId = ?", "g-cancel-late",
                r -> "CANCELLED".equals(r.get(0)), WAIT);
        assertEquals("CANCELLED", row.get(0));
        assertEquals(null, row.get(1));
        HttpResponse<String> view = get(url(), "/clocks/g-cancel-early");
        assertTrue(view.body().contains("\"status\":\"CANCELLED\""), view.body());
    }

    private static MoveEvent.GameCancelled cancelled(long at) {
        return new MoveEvent.GameCancelled("the board was removed from the corrected pairing", "arbiter-1",
                UUID.randomUUID(), "C.04.3 (2017) F.6-F.7", Instant.ofEpochMilli(at));
    }

    @Test
    @Order(3)
    void anEndReadBeforeTheGamesLastPressStopsTheClockAsWhenReadInOrder() throws Exception {
        long t0 = System.currentTimeMillis() - 600_000;
        // the same game twice: its last press (moves topic) read before its end (results topic), then the other way
        for (String game : List.of("g-end-in-order", "g-end-first")) {
            sendCommand(start(game, t0, org.torneo.clock.core.timecontrol.TimeControlParser.parse("90+30")));
            clockEvents(game, 1, WAIT);
        }
        java.util.Map<String, List<Envelope>> read = new java.util.HashMap<>();
        for (String game : List.of("g-end-in-order", "g-end-first")) {
            Envelope white = gameEvent(game, 1, Envelope.GENESIS_HASH,
                    new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(t0 + 60_000)));
            Envelope black = gameEvent(game, 2, white.hash(),
                    new MoveEvent.MoveCompleted(2, Side.BLACK, Instant.ofEpochMilli(t0 + 180_000)));
            Envelope ended = gameEvent(game, 3, black.hash(), ResultEvent.GameEnded.of(game, "t-end", 1, 1, "p-1", "p-2",
                    GameResult.BLACK_WINS, EndReason.RESIGNATION, "FIDE 2018 5.1.2", true,
                    Instant.ofEpochMilli(t0 + 200_000)).withCompletedPlies(2));
            sendRaw(Topics.MOVES.name(), game, CODEC.encode(white));
            clockEvents(game, 2, WAIT);
            if (game.equals("g-end-in-order")) {
                sendRaw(Topics.MOVES.name(), game, CODEC.encode(black));
                clockEvents(game, 3, WAIT);
                sendRaw(Topics.RESULTS.name(), "t-end", CODEC.encode(ended));
            } else {
                sendRaw(Topics.RESULTS.name(), "t-end", CODEC.encode(ended));
                assertEquals("EndHeld", types(clockEvents(game, 3, WAIT)).get(2), "the end waits for Black's press");
                sendRaw(Topics.MOVES.name(), game, CODEC.encode(black));
            }
            read.put(game, clockEvents(game, game.equals("g-end-first") ? 5 : 4, WAIT));
        }

        assertEquals(List.of("ClockStarted", "ClockSwitched", "ClockSwitched", "ClockStopped"),
                types(read.get("g-end-in-order")));
        assertEquals(List.of("ClockStarted", "ClockSwitched", "EndHeld", "ClockSwitched", "ClockStopped"),
                types(read.get("g-end-first")));
        ClockStopped inOrder = payloads(read.get("g-end-in-order"), ClockStopped.class).get(0);
        ClockStopped endFirst = payloads(read.get("g-end-first"), ClockStopped.class).get(0);
        assertEquals(List.of(t0 + 200_000, 5_400_000L - 60_000 + 30_000 - 20_000, 5_400_000L - 120_000 + 30_000),
                List.of(inOrder.at(), inOrder.whiteMillis(), inOrder.blackMillis()));
        assertEquals(List.of(inOrder.at(), inOrder.whiteMillis(), inOrder.blackMillis(), inOrder.reason()),
                List.of(endFirst.at(), endFirst.whiteMillis(), endFirst.blackMillis(), endFirst.reason()),
                "the same readings whichever topic the clock read first");
        assertEquals(payloads(read.get("g-end-in-order"), ClockSwitched.class).get(1).remainingMillis(),
                payloads(read.get("g-end-first"), ClockSwitched.class).get(1).remainingMillis());
    }

    @Test
    @Order(3)
    void aClaimReadBeforeTheClaimantsLastPressPausesTheClockAsWhenReadInOrder() throws Exception {
        long t0 = System.currentTimeMillis() - 600_000;
        // the same game twice: Black's press (moves topic) read before his claim and its ruling (claims topic), then
        // the other way
        for (String game : List.of("g-claim-in-order", "g-claim-first")) {
            sendCommand(start(game, t0, org.torneo.clock.core.timecontrol.TimeControlParser.parse("90+30")));
            clockEvents(game, 1, WAIT);
        }
        java.util.Map<String, List<Envelope>> read = new java.util.HashMap<>();
        for (String game : List.of("g-claim-in-order", "g-claim-first")) {
            Envelope white = gameEvent(game, 1, Envelope.GENESIS_HASH,
                    new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(t0 + 60_000)));
            Envelope black = gameEvent(game, 2, white.hash(),
                    new MoveEvent.MoveCompleted(2, Side.BLACK, Instant.ofEpochMilli(t0 + 180_000)));
            // Black claims a threefold repetition 5 s after his move; the arbiter finds it wrong a minute later
            Envelope filed = gameEvent(game, 3, black.hash(), new ClaimEvent.ClaimFiled(Side.BLACK,
                    DrawClaimKind.THREEFOLD, null, 2, false, Instant.ofEpochMilli(t0 + 185_000)));
            Envelope rejected = gameEvent(game, 4, filed.hash(), new ClaimEvent.ClaimRejected(Side.BLACK,
                    DrawClaimKind.THREEFOLD, "the position did not occur three times", "FIDE 2018 9.5.3",
                    new Penalty(120_000, 0, "FIDE 2018 9.5.3", "2 minutes to the opponent"), true, null,
                    Instant.ofEpochMilli(t0 + 245_000)));
            Envelope reply = gameEvent(game, 5, rejected.hash(),
                    new MoveEvent.MoveCompleted(3, Side.WHITE, Instant.ofEpochMilli(t0 + 265_000)));
            sendRaw(Topics.MOVES.name(), game, CODEC.encode(white));
            clockEvents(game, 2, WAIT);
            if (game.equals("g-claim-in-order")) {
                sendRaw(Topics.MOVES.name(), game, CODEC.encode(black));
                clockEvents(game, 3, WAIT);
                sendRaw(Topics.CLAIMS.name(), game, CODEC.encode(filed));
                sendRaw(Topics.CLAIMS.name(), game, CODEC.encode(rejected));
                clockEvents(game, 6, WAIT);
            } else {
                sendRaw(Topics.CLAIMS.name(), game, CODEC.encode(filed));
                sendRaw(Topics.CLAIMS.name(), game, CODEC.encode(rejected));
                assertEquals(List.of("ClockStarted", "ClockSwitched", "PauseHeld", "ResumeHeld"),
                        types(clockEvents(game, 4, WAIT)), "the pause and its ruling wait for Black's press");
                sendRaw(Topics.MOVES.name(), game, CODEC.encode(black));
                clockEvents(game, 8, WAIT);
            }
            sendRaw(Topics.MOVES.name(), game, CODEC.encode(reply));
            read.put(game, clockEvents(game, game.equals("g-claim-first") ? 9 : 7, WAIT));
        }

        List<String> inOrder = List.of("ClockStarted", "ClockSwitched", "ClockSwitched", "ClockPaused", "TimeAdded",
                "ClockResumed", "ClockSwitched");
        assertEquals(inOrder, types(read.get("g-claim-in-order")));
        List<String> claimFirst = new java.util.ArrayList<>(inOrder);
        claimFirst.addAll(2, List.of("PauseHeld", "ResumeHeld"));
        assertEquals(claimFirst, types(read.get("g-claim-first")));
        // paused 5 s into White's turn (the claim after Black's move, FIDE 2018 9.2.1.2)
        ClockPaused paused = payloads(read.get("g-claim-in-order"), ClockPaused.class).get(0);
        assertEquals(List.of(t0 + 185_000, 5_400_000L - 60_000 + 30_000 - 5_000, 5_400_000L - 120_000 + 30_000),
                List.of(paused.at(), paused.whiteMillis(), paused.blackMillis()));
        assertEquals(readings(read.get("g-claim-in-order")), readings(read.get("g-claim-first")),
                "the same events and readings whichever topic the clock read first");
    }

    /** Each clock event as its readings: the game and the command ids (which differ between the two games) left out. */
    private static List<String> readings(List<Envelope> events) {
        return events.stream().map(e -> e.payload().toString()).filter(p -> !p.startsWith("PauseHeld")
                && !p.startsWith("ResumeHeld")).map(p -> p.replaceAll("gameId=[^,]*, commandId=[^,]*, ", "")).toList();
    }

    private static List<String> types(List<Envelope> events) {
        return events.stream().map(e -> e.payload().getClass().getSimpleName()).toList();
    }

    @Test
    @Order(5)
    void malformedInputGoesToDeadLettersAndTheNextIsProcessed() throws Exception {
        sendRaw(Topics.CLOCK_COMMANDS.name(), "g-dl", "{\"type\":\"clock.PressClock\",\"oops\":".getBytes(StandardCharsets.UTF_8));
        // a well-formed envelope whose command names another game than the envelope
        ClockCommand wrongGame = start("g-other", System.currentTimeMillis(), suddenDeath(600_000));
        sendRaw(Topics.CLOCK_COMMANDS.name(), "g-dl", CODEC.toJson(Envelope.command(UUID.randomUUID(), "g-dl",
                wrongGame.actor(), Instant.now(), wrongGame)).getBytes(StandardCharsets.UTF_8));
        UUID valid = sendCommand(start("g-dl", System.currentTimeMillis(), suddenDeath(600_000)));

        List<ConsumerRecord<String, String>> dead = TorneoStack.readCommittedForKey(Topics.DEAD_LETTER.name(), "g-dl", 2,
                WAIT);
        assertEquals(2, dead.size());
        String firstReason = DeadLetters.header(dead.get(0).headers(), DeadLetters.REASON);
        assertTrue(firstReason.startsWith("cannot decode"), firstReason);
        assertEquals("clock", DeadLetters.header(dead.get(0).headers(), DeadLetters.SERVICE));
        String secondReason = DeadLetters.header(dead.get(1).headers(), DeadLetters.REASON);
        assertTrue(secondReason.contains("g-other"), secondReason);
        List<Envelope> events = clockEvents("g-dl", 1, WAIT);
        assertEquals(1, events.size());
        assertEquals(valid, events.get(0).causationId());
        assertTrue(events.get(0).payload() instanceof ClockStarted);

        // the operator's figures (README "Metrics") on the public /q/metrics: the dead letters above, the commands
        // and the flag of flagFallsOnTimeWithoutAnyPress before
        java.util.Map<String, String> deadFromCommands = java.util.Map.of("service", "clock",
                "topic", Topics.CLOCK_COMMANDS.name());
        String metrics = org.torneo.stack.test.Prometheus.awaitAtLeast(url(), "torneo_dead_letters_total",
                deadFromCommands, 2, WAIT);
        assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_dead_letters_total", deadFromCommands) >= 2,
                metrics);
        assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_commands_decided_total",
                java.util.Map.of("service", "clock", "outcome", "accepted")) >= 3, metrics);
        assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_clock_flag_latency_seconds_count",
                java.util.Map.of()) >= 1, "the flag that fell without a press: " + metrics);
        assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_replay_seconds_count",
                java.util.Map.of("service", "clock")) >= 1, metrics);
        assertTrue(org.torneo.stack.test.Prometheus.sum(metrics, "torneo_consumer_lag",
                java.util.Map.of("service", "clock", "topic", Topics.CLOCK_COMMANDS.name())) >= 0, metrics);
    }

    @Test
    @Order(6)
    void badRequestsAreRefusedWithTheReason() throws Exception {
        ClockStackSupport.gameStarted("g-bad");
        HttpResponse<String> nonsense = post(url(), "/clocks/g-bad/start", "{\"control\":\"90+banana\"}");
        assertEquals(400, nonsense.statusCode());
        assertTrue(nonsense.body().contains("banana"), nonsense.body());
        HttpResponse<String> noSide = post(url(), "/clocks/g-bad/press", "{\"side\":\"GREEN\"}");
        assertEquals(400, noSide.statusCode());
        assertTrue(noSide.body().contains("side"), noSide.body());
        assertEquals(404, get(url(), "/clocks/g-never").statusCode());
        // a clock belongs to a game the game service started
        HttpResponse<String> noGame = post(url(), "/clocks/g-never/press", "{\"side\":\"WHITE\"}");
        assertEquals(404, noGame.statusCode(), noGame.body());
        assertTrue(noGame.body().contains("no game g-never"), noGame.body());
        // no token, and a token the realm did not sign
        assertEquals(401, post(url(), "/clocks/g-bad/press", "{\"side\":\"WHITE\"}", null).statusCode());
        HttpResponse<String> foreign = post(url(), "/clocks/g-bad/press", "{\"side\":\"WHITE\"}",
                org.torneo.stack.test.Tokens.account(ClockStackSupport.ARBITER.id()).roles("arbiter")
                        .signedWithForeignKey().mint());
        assertEquals(401, foreign.statusCode(), foreign.body());
        assertTrue(foreign.body().contains("signature"), foreign.body());
        // a press on a clock that was never started is refused by the clock, with the reason
        HttpResponse<String> press = post(url(), "/clocks/g-bad/press", "{\"side\":\"WHITE\"}");
        assertEquals(202, press.statusCode(), press.body());
        List<Envelope> events = clockEvents("g-bad", 1, WAIT);
        ClockEvent.CommandRejected rejected = (ClockEvent.CommandRejected) events.get(0).payload();
        assertTrue(rejected.reason().contains("not been started"), rejected.reason());
    }

    @Test
    @Order(7)
    void anyClockCommandGoesThroughTheGenericEndpoint() throws Exception {
        ClockStackSupport.gameStarted("g-set");
        long t0 = System.currentTimeMillis() - 1_000;
        assertEquals(202, post(url(), "/clocks/g-set/start", "{\"control\":\"G/60\",\"defaultTimeMillis\":3600000,"
                + "\"at\":" + t0 + "}").statusCode());
        UUID id = UUID.randomUUID();
        ClockCommand.SetTimes set = new ClockCommand.SetTimes("g-set", id.toString(), ClockStackSupport.ARBITER,
                t0 + 500, 3_000_000, 2_400_000, 20, 20, Side.WHITE, "FIDE 2018 6.10.2", "clock set wrongly");
        HttpResponse<String> accepted = post(url(), "/clocks/g-set/commands",
                CODEC.toJson(Envelope.command(id, "g-set", set.actor(), Instant.ofEpochMilli(set.at()), set)));
        assertEquals(202, accepted.statusCode(), accepted.body());
        assertTrue(accepted.body().contains(id.toString()), accepted.body());
        List<Envelope> events = clockEvents("g-set", 2, WAIT);
        ClockEvent.TimesSet times = (ClockEvent.TimesSet) events.get(1).payload();
        assertEquals(3_000_000, times.whiteMillis());
        assertEquals(2_400_000, times.blackMillis());
        assertEquals(id, events.get(1).causationId());

        HttpResponse<String> otherGame = post(url(), "/clocks/g-elsewhere/commands",
                CODEC.toJson(Envelope.command(id, "g-set", set.actor(), Instant.ofEpochMilli(set.at()), set)));
        assertEquals(400, otherGame.statusCode());
        assertTrue(otherGame.body().contains("g-elsewhere"), otherGame.body());
        HttpResponse<String> garbage = post(url(), "/clocks/g-set/commands", "{\"type\":\"clock.Nonsense\"}");
        assertEquals(400, garbage.statusCode());
        assertTrue(garbage.body().contains("not a command envelope"), garbage.body());
    }

    @Test
    @Order(8)
    void brokerKilledAndRestartedThenACommandIsProcessedExactlyOnce() throws Exception {
        long t0 = System.currentTimeMillis();
        sendCommand(start("g-kill", t0, suddenDeath(5_400_000)));
        assertEquals(1, clockEvents("g-kill", 1, WAIT).size());
        long restartsBefore = app.runtime().restarts();

        TorneoStack.killBroker();
        ClockStackSupport.sleep(2_000);
        TorneoStack.restartBroker();

        UUID press = sendCommand(new ClockCommand.PressClock("g-kill", UUID.randomUUID().toString(), BOARD,
                t0 + 1_000, Side.WHITE));
        List<Envelope> events = clockEvents("g-kill", 2, Duration.ofSeconds(120));
        assertEquals(2, events.size(), "the press after the broker restart was not processed");
        // wait a little longer: a duplicate would show up as a third event
        List<Envelope> settled = clockEvents("g-kill", 3, Duration.ofSeconds(5));
        assertEquals(2, settled.size(), "processed more than once: " + settled);
        assertEquals(press, settled.get(1).causationId());
        assertEquals(1_000, ((ClockSwitched) settled.get(1).payload()).elapsedMillis());
        assertTrue(app.runtime().awaitRunning(Duration.ofSeconds(60)));
        System.out.println("clock: runtime restarts during the broker outage: "
                + (app.runtime().restarts() - restartsBefore) + ", status " + app.runtime().status());
        assertFalse(app.runtime().status() == KafkaAggregateRuntime.Status.FAILED);
    }

    @Test
    @Order(9)
    void restartRebuildsTheSameStateAndTheProjectionFromTheLog() throws Exception {
        awaitReloaded();
        String before = app.runtime().stateDigest();
        java.util.Map<String, String> digestsBefore = perClock();
        int clocks = app.runtime().read(store -> store.size());
        assertTrue(clocks >= 7, "clocks so far: " + clocks);
        try (java.sql.Connection c = TorneoStack.jdbc(TorneoStack.currentDatabase());
             java.sql.Statement st = c.createStatement()) {
            st.executeUpdate("delete from clock_reading");
            st.executeUpdate("delete from clock");
        }

        app.restart();
        assertTrue(app.runtime().awaitRunning(Duration.ofSeconds(120)), app.runtime().statusDetail());
        assertEquals(digestsBefore, perClock());
        assertEquals(before, app.runtime().stateDigest());
        int clocksAfter = app.runtime().read(store -> store.size());
        assertEquals(clocks, clocksAfter);
        awaitReloaded();

        List<Object> clock = awaitRow("select status, runningSide, whiteMillis, whiteMoves, lastSequence from clock"
                + " where gameId = ?", "g-a", row -> true, WAIT);
        assertEquals(List.of("RUNNING", "BLACK", 5_364_568L, 1, 2L), clock);
        List<Object> reading = awaitRow("select clk, emt, moveNumber from clock_reading where gameId = ?", "g-a",
                row -> true, WAIT);
        assertEquals(List.of("1:29:24.568", "0:01:05.432", 1), reading);
        HttpResponse<String> ready = get(url(), "/q/health/ready");
        assertEquals(200, ready.statusCode(), ready.body());
    }

    @Test
    @Order(10)
    void aRestartThatGainsItsPartitionsLateRestoresSchedulesAndPressesItsClocks() throws Exception {
        // given a running clock, its flag scheduled, and another one pressed once
        long t0 = System.currentTimeMillis();
        sendCommand(start("g-late", t0, suddenDeath(5_400_000)));
        sendCommand(start("g-pressed", t0, suddenDeath(5_400_000)));
        Envelope firstMove = gameEvent("g-pressed", 1, Envelope.GENESIS_HASH,
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(t0 + 1_000)));
        sendRaw(Topics.MOVES.name(), "g-pressed", CODEC.encode(firstMove));
        assertEquals(1, clockEvents("g-late", 1, WAIT).size());
        assertEquals(2, clockEvents("g-pressed", 2, WAIT).size());
        awaitReloaded();
        java.util.Optional<Long> deadline = awaitDeadline("g-late", true);
        assertTrue(deadline.isPresent(), "g-late's flag is scheduled");

        // and a member of the clock's group that takes partitions and then stops answering (as a process killed with
        // kill -9 holds its partitions until its session ends)
        try (var dead = TorneoStack.memberThatStopsAnswering("clock", List.of(Topics.CLOCK_COMMANDS.name(),
                Topics.MOVES.name(), Topics.CLAIMS.name(), Topics.RESULTS.name()), WAIT)) {
            assertFalse(dead.assignment().isEmpty(), "the member to die took partitions");
            int partitions = dead.partitionsFor(Topics.CLOCK_COMMANDS.name()).size();

            // when the service restarts while that member still holds partitions, and gains them all when it is gone
            app.restart();
            assertTrue(app.runtime().awaitRunning(Duration.ofSeconds(120)), app.runtime().statusDetail());
            // (meanwhile the games go on: a move of g-pressed, and a new game whose clock starts and is pressed, all
            // waiting in the backlog until the partitions are gained, as in the chaos run's round 2)
            Envelope secondMove = gameEvent("g-pressed", 2, firstMove.hash(),
                    new MoveEvent.MoveCompleted(2, Side.BLACK, Instant.ofEpochMilli(t0 + 2_000)));
            sendRaw(Topics.MOVES.name(), "g-pressed", CODEC.encode(secondMove));
            sendCommand(start("g-backlog", t0, suddenDeath(5_400_000)));
            Envelope backlogMove = gameEvent("g-backlog", 1, Envelope.GENESIS_HASH,
                    new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(t0 + 1_500)));
            sendRaw(Topics.MOVES.name(), "g-backlog", CODEC.encode(backlogMove));
            sendRaw(Topics.MOVES.name(), "g-backlog", CODEC.encode(gameEvent("g-backlog", 2, backlogMove.hash(),
                    new MoveEvent.MoveCompleted(2, Side.BLACK, Instant.ofEpochMilli(t0 + 2_500)))));
            long gained = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (app.runtime().heldPartitions().size() < partitions && System.nanoTime() < gained) {
                ClockStackSupport.sleep(200);
            }
            assertEquals(partitions, app.runtime().heldPartitions().size(), app.runtime().statusDetail());

            // then the restored clock's flag is scheduled again (FIDE 2018 6.9: the flag must fall on time)
            assertEquals(deadline, awaitDeadline("g-late", true));
            // and every move is pressed on its clock: the one in the backlog and one made after the gain
            sendRaw(Topics.MOVES.name(), "g-pressed", CODEC.encode(gameEvent("g-pressed", 3, secondMove.hash(),
                    new MoveEvent.MoveCompleted(3, Side.WHITE, Instant.ofEpochMilli(t0 + 3_000)))));
            List<Envelope> pressed = clockEvents("g-pressed", 4, WAIT);
            assertEquals(List.of("ClockStarted", "ClockSwitched", "ClockSwitched", "ClockSwitched"),
                    pressed.stream().map(e -> e.payload().getClass().getSimpleName()).toList());
            assertEquals(List.of(Side.WHITE, Side.BLACK, Side.WHITE),
                    payloads(pressed, ClockSwitched.class).stream().map(ClockSwitched::mover).toList());
            List<Envelope> backlog = clockEvents("g-backlog", 3, WAIT);
            assertEquals(List.of("ClockStarted", "ClockSwitched", "ClockSwitched"),
                    backlog.stream().map(e -> e.payload().getClass().getSimpleName()).toList());
        }
    }

    /** The scheduler's deadline of {@code game}, awaited until present (or until WAIT passed). */
    private java.util.Optional<Long> awaitDeadline(String game, boolean present) {
        long until = System.nanoTime() + WAIT.toNanos();
        java.util.Optional<Long> deadline = app.scheduler().deadlineOf(game);
        while (deadline.isPresent() != present && System.nanoTime() < until) {
            ClockStackSupport.sleep(100);
            deadline = app.scheduler().deadlineOf(game);
        }
        return deadline;
    }

    private java.util.Map<String, String> perClock() {
        return app.runtime().read(store -> {
            java.util.Map<String, String> out = new java.util.TreeMap<>();
            store.states().forEach((id, state) -> out.put(id, org.torneo.platform.StateDigest.of(state)));
            return out;
        });
    }

    private void awaitReloaded() {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!app.reloaded() && System.nanoTime() < deadline) {
            ClockStackSupport.sleep(100);
        }
        assertTrue(app.reloaded(), "the scheduler was not reloaded from the replayed clocks");
    }

    /** A game-service event as the game service would publish it (sealed into the game's chain). */
    private static Envelope gameEvent(String game, long sequence, String previousHash, EventMessage event) {
        Envelope unsealed = Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, game, sequence,
                new org.torneo.contracts.Actor(org.torneo.contracts.Actor.Role.SYSTEM, "game"), Instant.now(), event);
        return CODEC.seal(unsealed, previousHash);
    }
}
