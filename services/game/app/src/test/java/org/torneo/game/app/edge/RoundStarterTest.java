package org.torneo.game.app.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;
import org.torneo.contracts.Side;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.GameCommand.CancelGame;
import org.torneo.contracts.game.GameCommand.CorrectPlayers;
import org.torneo.contracts.game.GameCommand.Resign;
import org.torneo.contracts.game.GameCommand.StartGame;
import org.torneo.contracts.game.GameCommand.SubmitMove;
import org.torneo.contracts.game.MoveEvent.GameCancelled;
import org.torneo.contracts.game.MoveEvent.PlayersCorrected;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;
import org.torneo.game.core.rounds.RoundStarts;

/**
 * Given the tournament topic's records, when the round starter reads them, then these commands: StartGame per new
 * board, CorrectPlayers per board a pairing correction changes, CancelGame per board it removes.
 */
class RoundStarterTest {

    private static final JsonCodec CODEC = JsonCodec.standard();
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "organiser");
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "chief-arbiter");
    private static final Instant PAIRED_AT = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant CORRECTED_AT = Instant.parse("2026-11-21T10:20:00Z");
    private static final String TOPIC = "torneo.tournament";

    private long offset;

    @Test
    void the_games_of_a_round_start_under_the_time_control_and_ruleset_of_their_tournament() {
        TimeControl control = TimeControl.of(new Period(0, 20_000, TimingMode.FISCHER, 200));
        RoundStarter starter = starter(Set.of());
        assertEquals(List.of(), starter.handle(record(created("t1", "FIDE_2018_RAPID", control))));
        assertEquals(List.of(), starter.handle(record(created("t2", "FIDE_2018_STANDARD", null))));

        List<RoundStarts.Start> starts = starts(starter.handle(record(paired("t1", 2,
                new Board(1, "Hall A", "p001", "p002"), new Board(2, "Hall B", "p003", "p004")))));
        assertEquals(List.of("t1-r2-b1", "t1-r2-b2"), starts.stream().map(RoundStarts.Start::gameId).toList());
        for (RoundStarts.Start start : starts) {
            assertEquals(control, start.command().timeControl());
            assertEquals(new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.RAPID), start.command().ruleset());
            assertEquals(PAIRED_AT, start.command().observedAt());
            assertEquals(2, start.command().round());
        }
        assertEquals("p003", starts.get(1).command().whitePlayerId());
        assertEquals("Hall B", starts.get(1).command().hall());

        // a tournament without a time control: its games start without a clock
        List<RoundStarts.Start> unclocked = starts(starter.handle(record(paired("t2", 1,
                new Board(1, "Hall A", "a", "b")))));
        assertEquals(1, unclocked.size());
        assertNull(unclocked.getFirst().command().timeControl());
    }

    /**
     * Issue 17: torneo.game.max-games-per-tournament holds for the games the starter starts, counting those the service
     * holds (however started) and those it asked for and the service does not hold yet; a round that would pass it
     * starts none of its games, and is skipped (dead-lettered on the broker) with the reason.
     */
    @Test
    void a_round_that_would_pass_the_tournaments_game_limit_starts_none_of_its_games() {
        Set<String> held = new java.util.HashSet<>();
        java.util.Map<String, Long> heldByTournament = new java.util.HashMap<>(java.util.Map.of("t2", 1L));
        RoundStarter starter = new RoundStarter("unused:9092", java.util.Map.of(), TOPIC, null, held::contains,
                t -> heldByTournament.getOrDefault(t, 0L), 3, CODEC);
        starter.handle(record(created("t1", "FIDE_2018_STANDARD", null)));
        starter.handle(record(created("t2", "FIDE_2018_STANDARD", null)));

        // given round 1 of t1 asked for 2 games the service does not hold yet
        assertEquals(List.of("t1-r1-b1", "t1-r1-b2"), starts(starter.handle(record(paired("t1", 1,
                new Board(1, "Hall A", "p001", "p002"), new Board(2, "Hall A", "p003", "p004")))))
                .stream().map(RoundStarts.Start::gameId).toList());
        // when round 2 would add 2 more (2 + 2 > 3): none is started, the record is skipped
        assertEquals(List.of(), starter.handle(record(paired("t1", 2,
                new Board(1, "Hall A", "p001", "p004"), new Board(2, "Hall A", "p003", "p002")))));
        assertEquals(1, starter.skipped());
        // once the service holds round 1's games they are counted there, not twice: one more game fits (2 + 1 = 3)
        held.addAll(Set.of("t1-r1-b1", "t1-r1-b2"));
        heldByTournament.put("t1", 2L);
        assertEquals(List.of("t1-r3-b1"), starts(starter.handle(record(paired("t1", 3,
                new Board(1, "Hall A", "p001", "p003"))))).stream().map(RoundStarts.Start::gameId).toList());
        // a game started otherwise (POST /games) counts too: t2 holds 1, a round of 3 would make 4
        assertEquals(List.of(), starter.handle(record(paired("t2", 1, new Board(1, "Hall A", "p1", "p2"),
                new Board(2, "Hall A", "p3", "p4"), new Board(3, "Hall A", "p5", "p6")))));
        assertEquals(2, starter.skipped());
    }

    @Test
    void a_game_that_exists_already_is_not_started_again() {
        RoundStarter starter = starter(Set.of("t1-r1-b1"));
        starter.handle(record(created("t1", "FIDE_2018_STANDARD", TimeControl.example())));
        List<RoundStarts.Start> starts = starts(starter.handle(record(paired("t1", 1,
                new Board(1, "Hall A", "p001", "p002"), new Board(2, "Hall A", "p003", "p004")))));
        assertEquals(List.of("t1-r1-b2"), starts.stream().map(RoundStarts.Start::gameId).toList());
        assertEquals(TimeControl.example(), starts.getFirst().command().timeControl());
    }

    @Test
    void an_undecodable_record_is_skipped_with_a_warning_naming_topic_partition_offset_and_the_error() {
        List<LogRecord> logged = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                logged.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger(RoundStarter.class.getName());
        logger.addHandler(handler);
        try {
            RoundStarter starter = starter(Set.of());
            ConsumerRecord<byte[], byte[]> garbage = new ConsumerRecord<>(TOPIC, 3, 41L,
                    "t1".getBytes(StandardCharsets.UTF_8), "{not json".getBytes(StandardCharsets.UTF_8));
            assertEquals(List.of(), starter.handle(garbage));
            assertEquals(1, logged.size());
            LogRecord warning = logged.getFirst();
            assertEquals(Level.WARNING, warning.getLevel());
            assertTrue(warning.getMessage().contains("torneo.tournament-3@41"), warning.getMessage());
            String decodingError = decodingError("{not json");
            assertTrue(warning.getMessage().endsWith(decodingError), warning.getMessage() + " / " + decodingError);

            // the next valid record is handled as usual
            starter.handle(record(created("t1", "FIDE_2018_STANDARD", TimeControl.example())));
            assertEquals(1, starter.handle(record(paired("t1", 1, new Board(1, "Hall A", "a", "b")))).size());
        } finally {
            logger.removeHandler(handler);
        }
    }

    // ------------------------------------------------------------------------------------- pairing corrections

    @Test
    void a_correction_sends_the_new_players_to_the_games_it_changes_and_leaves_the_others_alone() {
        Set<String> existing = new HashSet<>();
        RoundStarter starter = starter(existing);
        starter.handle(record(created("t1", "FIDE_2018_STANDARD", TimeControl.example())));
        List<RoundStarts.Dispatch> paired = starter.handle(record(paired("t1", 1, new Board(1, "Hall A", "p1", "p2"),
                new Board(2, "Hall A", "p3", "p4"), new Board(3, "Hall A", "p5", "p6"))));
        assertEquals(3, starts(paired).size());
        paired.forEach(d -> existing.add(d.gameId()));

        UUID eventId = UUID.fromString("00000000-0000-0000-0000-00000000c0c0");
        PairingCorrected correction = corrected("t1", 1, "p3 and p5 were on the wrong boards",
                new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p6"),
                new Board(3, "Hall A", "p5", "p4"));
        List<RoundStarts.Dispatch> sent = starter.handle(record(eventId, correction));

        assertEquals(List.of("t1-r1-b2", "t1-r1-b3"), sent.stream().map(RoundStarts.Dispatch::gameId).toList(),
                "board 1 keeps its White and Black: nothing is sent to it");
        List<RoundStarts.Correct> corrections = corrections(sent);
        assertEquals(2, corrections.size(), "games that exist are corrected, not started: " + sent);
        CorrectPlayers board2 = corrections.getFirst().command();
        assertEquals("p3", board2.whitePlayerId());
        assertEquals("p6", board2.blackPlayerId());
        assertEquals("p3 and p5 were on the wrong boards", board2.reason());
        assertEquals(ARBITER.id(), board2.correctedBy(), "the arbiter who corrected, for the game's record");
        assertEquals(eventId, board2.pairingCorrection());
        assertEquals(CORRECTED_AT, board2.observedAt());
        assertEquals("p5", corrections.get(1).command().whitePlayerId());
        assertEquals("p4", corrections.get(1).command().blackPlayerId());
        assertEquals(RoundStarts.correctionCommandId(eventId, 2), corrections.getFirst().commandId());
        assertEquals(RoundStarts.correctionCommandId(eventId, 3), corrections.get(1).commandId());
        assertNotEquals(corrections.getFirst().commandId(), corrections.get(1).commandId());
    }

    @Test
    void a_replay_or_a_restart_sends_the_same_command_ids_and_a_second_correction_new_ones() {
        ConsumerRecord<byte[], byte[]> created = record(created("t1", "FIDE_2018_STANDARD", null));
        ConsumerRecord<byte[], byte[]> paired = record(paired("t1", 2, new Board(1, "Hall A", "a", "b"),
                new Board(2, "Hall A", "c", "d")));
        UUID firstId = UUID.randomUUID();
        ConsumerRecord<byte[], byte[]> first = record(firstId, corrected("t1", 2, "swap",
                new Board(1, "Hall A", "a", "d"), new Board(2, "Hall A", "c", "b")));
        UUID secondId = UUID.randomUUID();
        ConsumerRecord<byte[], byte[]> second = record(secondId, corrected("t1", 2, "swap back",
                new Board(1, "Hall A", "a", "b"), new Board(2, "Hall A", "c", "d")));
        Set<String> existing = Set.of("t1-r2-b1", "t1-r2-b2");

        List<List<RoundStarts.Dispatch>> before = readAll(starter(existing), created, paired, first, second);
        List<List<RoundStarts.Dispatch>> afterRestart = readAll(starter(existing), created, paired, first, second);

        assertEquals(before, afterRestart, "the same records read again give the same commands with the same ids");
        assertEquals(List.of(RoundStarts.correctionCommandId(firstId, 1),
                        RoundStarts.correctionCommandId(firstId, 2)),
                before.get(2).stream().map(RoundStarts.Dispatch::commandId).toList());
        assertEquals(List.of(RoundStarts.correctionCommandId(secondId, 1),
                        RoundStarts.correctionCommandId(secondId, 2)),
                before.get(3).stream().map(RoundStarts.Dispatch::commandId).toList());
        assertEquals("b", corrections(before.get(3)).getFirst().command().blackPlayerId(),
                "compared with the pairing as last corrected, not as first published");
    }

    @Test
    void a_board_that_had_no_game_is_started_with_the_corrected_players() {
        RoundStarter starter = starter(Set.of("t1-r3-b1"));
        TimeControl control = TimeControl.of(new Period(0, 20_000, TimingMode.FISCHER, 200));
        starter.handle(record(created("t1", "FIDE_2018_RAPID", control)));
        // p3 and p4 were given half-point byes by mistake; the arbiter pairs them on board 2
        assertEquals(List.of(), starter.handle(record(new RoundPaired("t1", UUID.randomUUID().toString(), ORGANISER,
                PAIRED_AT, 3, PairingSystemKind.DUTCH, 1, List.of(new Board(1, "Hall A", "p1", "p2")),
                List.of(new Bye("p3", ByeKind.HALF_POINT, Score.HALF),
                        new Bye("p4", ByeKind.HALF_POINT, Score.HALF))))));

        List<RoundStarts.Dispatch> sent = starter.handle(record(UUID.randomUUID(), corrected("t1", 3,
                "the byes were not requested", new Board(1, "Hall A", "p1", "p2"),
                new Board(2, "Hall B", "p3", "p4"))));

        List<RoundStarts.Start> starts = starts(sent);
        assertEquals(1, sent.size(), sent.toString());
        assertEquals(1, starts.size(), sent.toString());
        StartGame start = starts.getFirst().command();
        assertEquals("t1-r3-b2", starts.getFirst().gameId());
        assertEquals(RoundStarts.startCommandId("t1-r3-b2"), starts.getFirst().commandId());
        assertEquals("p3", start.whitePlayerId());
        assertEquals("p4", start.blackPlayerId());
        assertEquals(2, start.board());
        assertEquals("Hall B", start.hall());
        assertEquals(control, start.timeControl());
        assertEquals(new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.RAPID), start.ruleset());
        assertEquals(CORRECTED_AT, start.observedAt());
    }

    @Test
    void a_game_whose_start_is_still_on_its_way_gets_the_correction_not_a_second_start() {
        RoundStarter starter = starter(Set.of());
        starter.handle(record(created("t1", "FIDE_2018_STANDARD", null)));
        assertEquals(1, starts(starter.handle(record(paired("t1", 1, new Board(1, "Hall A", "a", "b"))))).size());
        // the game service has not processed that StartGame yet: a StartGame with its id would be dropped as a repeat
        List<RoundStarts.Dispatch> sent = starter.handle(record(UUID.randomUUID(), corrected("t1", 1, "colours",
                new Board(1, "Hall A", "b", "a"))));
        assertEquals(1, corrections(sent).size(), sent.toString());
        assertEquals("b", corrections(sent).getFirst().command().whitePlayerId());
    }

    @Test
    void a_correction_of_the_byes_only_sends_nothing() {
        RoundStarter starter = starter(Set.of("t1-r1-b1"));
        starter.handle(record(created("t1", "FIDE_2018_STANDARD", null)));
        starter.handle(record(new RoundPaired("t1", UUID.randomUUID().toString(), ORGANISER, PAIRED_AT, 1,
                PairingSystemKind.DUTCH, 1, List.of(new Board(1, "Hall A", "a", "b")),
                List.of(new Bye("c", ByeKind.PAIRING_BYE, Score.ONE)))));
        PairingCorrected byes = new PairingCorrected("t1", UUID.randomUUID().toString(), ARBITER, CORRECTED_AT, 1,
                List.of(new Board(1, "Hall A", "a", "b")), List.of(new Bye("c", ByeKind.ZERO_POINT, Score.ZERO)),
                "c asked for a zero-point bye before the round was paired");
        assertEquals(List.of(), starter.handle(record(UUID.randomUUID(), byes)));
    }

    /**
     * The round starter's commands through the game decider, as the game service runs them (duplicate command ids
     * dropped): a corrected game that has not begun ends naming the corrected players; one that has begun refuses
     * the correction, records why, and is played as paired.
     */
    @Test
    void through_the_game_decider_a_corrected_game_ends_with_its_corrected_players_and_a_begun_one_as_paired() {
        Set<String> existing = new HashSet<>();
        RoundStarter starter = starter(existing::contains);
        GameService games = new GameService(existing);
        startRound(starter, games, new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"));
        // board 2 has begun: 1.e4
        games.decide("t1-r1-b2", new Actor(Actor.Role.BOARD, "board-2"),
                new SubmitMove("e4", null, MoveSource.BOARD, null, CORRECTED_AT.minusSeconds(5)));

        ConsumerRecord<byte[], byte[]> correction = record(UUID.randomUUID(), corrected("t1", 1, "p2 and p4 swapped",
                new Board(1, "Hall A", "p1", "p4"), new Board(2, "Hall A", "p3", "p2")));
        List<RoundStarts.Dispatch> sent = starter.handle(correction);
        games.run(sent);
        games.run(starter(existing::contains).handle(correction)); // read again after a restart: dropped as repeats

        assertEquals(1, games.events("t1-r1-b1").stream().filter(e -> e instanceof PlayersCorrected).count());
        assertEquals("p4", games.state("t1-r1-b1").blackPlayerId());
        List<EventMessage> refused = games.events("t1-r1-b2").stream().filter(e -> e instanceof CommandRejected)
                .toList();
        assertEquals(1, refused.size(), games.events("t1-r1-b2").toString());
        assertTrue(((CommandRejected) refused.getFirst()).reason()
                .startsWith("the game has begun: it is played as paired"), refused.toString());

        GameEnded corrected = ended(games.decide("t1-r1-b1", new Actor(Actor.Role.PLAYER, "p4"),
                new Resign(Side.BLACK, CORRECTED_AT.plusSeconds(60))));
        assertEquals("p1", corrected.whitePlayerId());
        assertEquals("p4", corrected.blackPlayerId(), "the result names the pairing as corrected");
        GameEnded asPaired = ended(games.decide("t1-r1-b2", new Actor(Actor.Role.PLAYER, "p4"),
                new Resign(Side.BLACK, CORRECTED_AT.plusSeconds(60))));
        assertEquals("p3", asPaired.whitePlayerId());
        assertEquals("p4", asPaired.blackPlayerId(), "a game that had begun is played as paired");
    }

    // ------------------------------------------------------------------------------- boards a correction removes

    @Test
    void a_board_the_correction_removes_gets_its_game_cancelled_with_an_id_of_its_own() {
        RoundStarter starter = starter(Set.of("t1-r1-b1", "t1-r1-b2", "t1-r1-b3"));
        starter.handle(record(created("t1", "FIDE_2018_STANDARD", null)));
        starter.handle(record(paired("t1", 1, new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"),
                new Board(3, "Hall A", "p5", "p6"))));

        UUID eventId = UUID.fromString("00000000-0000-0000-0000-00000000cace");
        List<RoundStarts.Dispatch> sent = starter.handle(record(eventId, correctedWithByes("t1", 1,
                "p5 and p6 had withdrawn before the pairing was made public",
                List.of(new Bye("p5", ByeKind.ZERO_POINT, Score.ZERO), new Bye("p6", ByeKind.ZERO_POINT, Score.ZERO)),
                new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"))));

        assertEquals(1, sent.size(), "boards 1 and 2 keep their players: " + sent);
        List<RoundStarts.Cancel> cancels = cancels(sent);
        assertEquals(1, cancels.size(), sent.toString());
        RoundStarts.Cancel cancel = cancels.getFirst();
        assertEquals("t1-r1-b3", cancel.gameId());
        assertEquals(RoundStarts.cancellationCommandId(eventId, 3), cancel.commandId());
        assertNotEquals(RoundStarts.correctionCommandId(eventId, 3), cancel.commandId(),
                "a cancel and a correction of the same board are different commands");
        assertNotEquals(RoundStarts.cancellationCommandId(eventId, 2), cancel.commandId());
        CancelGame command = cancel.command();
        assertEquals("p5 and p6 had withdrawn before the pairing was made public", command.reason());
        assertEquals(ARBITER.id(), command.cancelledBy(), "the arbiter who corrected, for the game's record");
        assertEquals(eventId, command.pairingCorrection());
        assertEquals(CORRECTED_AT, command.observedAt());

        // the board is gone from the round: a later correction does not cancel it again
        assertEquals(List.of(), starter.handle(record(UUID.randomUUID(), correctedWithByes("t1", 1, "nothing new",
                List.of(), new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4")))));
    }

    @Test
    void a_board_number_reused_for_other_players_is_corrected_not_cancelled() {
        RoundStarter starter = starter(Set.of("t1-r1-b1", "t1-r1-b2", "t1-r1-b3"));
        starter.handle(record(created("t1", "FIDE_2018_STANDARD", null)));
        starter.handle(record(paired("t1", 1, new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"),
                new Board(3, "Hall A", "p5", "p6"))));

        // p3 and p4 both go to byes; p5 and p6 move up to board 2; board 3 is no more
        UUID eventId = UUID.randomUUID();
        List<RoundStarts.Dispatch> sent = starter.handle(record(eventId, correctedWithByes("t1", 1, "byes requested",
                List.of(new Bye("p3", ByeKind.HALF_POINT, Score.HALF), new Bye("p4", ByeKind.HALF_POINT, Score.HALF)),
                new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p5", "p6"))));

        assertEquals(List.of("t1-r1-b2", "t1-r1-b3"), sent.stream().map(RoundStarts.Dispatch::gameId).toList());
        RoundStarts.Correct board2 = corrections(sent).getFirst();
        assertEquals("t1-r1-b2", board2.gameId());
        assertEquals("p5", board2.command().whitePlayerId());
        assertEquals(RoundStarts.correctionCommandId(eventId, 2), board2.commandId());
        assertEquals(List.of("t1-r1-b3"), cancels(sent).stream().map(RoundStarts.Cancel::gameId).toList());
        assertEquals(RoundStarts.cancellationCommandId(eventId, 3), cancels(sent).getFirst().commandId());
    }

    @Test
    void a_replay_of_a_correction_that_removes_boards_sends_the_same_cancellations() {
        ConsumerRecord<byte[], byte[]> created = record(created("t1", "FIDE_2018_STANDARD", null));
        ConsumerRecord<byte[], byte[]> paired = record(paired("t1", 2, new Board(1, "Hall A", "a", "b"),
                new Board(2, "Hall A", "c", "d"), new Board(3, "Hall A", "e", "f")));
        UUID eventId = UUID.randomUUID();
        ConsumerRecord<byte[], byte[]> correction = record(eventId, correctedWithByes("t1", 2, "c, d, e and f withdrew",
                List.of(), new Board(1, "Hall A", "a", "b")));
        Set<String> existing = Set.of("t1-r2-b1", "t1-r2-b2", "t1-r2-b3");

        List<List<RoundStarts.Dispatch>> before = readAll(starter(existing), created, paired, correction);
        List<List<RoundStarts.Dispatch>> afterRestart = readAll(starter(existing), created, paired, correction);

        assertEquals(before, afterRestart);
        assertEquals(List.of(RoundStarts.cancellationCommandId(eventId, 2),
                        RoundStarts.cancellationCommandId(eventId, 3)),
                before.get(2).stream().map(RoundStarts.Dispatch::commandId).toList());
    }

    /**
     * Through the game decider: a removed board whose game has not begun is cancelled, with no GameEnded; one whose
     * game has begun refuses, records why, and is played as paired; a repeat after a restart is dropped.
     */
    @Test
    void through_the_game_decider_a_removed_game_not_begun_is_cancelled_and_a_begun_one_is_played_as_paired() {
        Set<String> existing = new HashSet<>();
        RoundStarter starter = starter(existing::contains);
        GameService games = new GameService(existing);
        startRound(starter, games, new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"),
                new Board(3, "Hall A", "p5", "p6"));
        // board 3 has begun: 1.e4
        games.decide("t1-r1-b3", new Actor(Actor.Role.BOARD, "board-3"),
                new SubmitMove("e4", null, MoveSource.BOARD, null, CORRECTED_AT.minusSeconds(5)));

        ConsumerRecord<byte[], byte[]> correction = record(UUID.randomUUID(), correctedWithByes("t1", 1,
                "p3, p4, p5 and p6 had withdrawn", List.of(new Bye("p3", ByeKind.ZERO_POINT, Score.ZERO),
                        new Bye("p4", ByeKind.ZERO_POINT, Score.ZERO), new Bye("p5", ByeKind.ZERO_POINT, Score.ZERO),
                        new Bye("p6", ByeKind.ZERO_POINT, Score.ZERO)),
                new Board(1, "Hall A", "p1", "p2")));
        games.run(starter.handle(correction));
        games.run(starter(existing::contains).handle(correction)); // read again after a restart: dropped as repeats

        List<EventMessage> board2 = games.events("t1-r1-b2");
        assertEquals(1, board2.stream().filter(e -> e instanceof GameCancelled).count(), board2.toString());
        assertTrue(board2.stream().noneMatch(e -> e instanceof GameEnded), "a cancelled game has no result");
        assertTrue(games.state("t1-r1-b2").isCancelled());
        List<EventMessage> refusedMove = games.decide("t1-r1-b2", new Actor(Actor.Role.PLAYER, "p3"),
                new SubmitMove("e4", null, MoveSource.BOARD, null, CORRECTED_AT.plusSeconds(5)));
        assertTrue(((CommandRejected) refusedMove.getFirst()).reason()
                .startsWith("the game was cancelled by a pairing correction: p3, p4, p5 and p6 had withdrawn"),
                refusedMove.toString());

        List<EventMessage> refused = games.events("t1-r1-b3").stream().filter(e -> e instanceof CommandRejected)
                .toList();
        assertEquals(1, refused.size(), games.events("t1-r1-b3").toString());
        assertTrue(((CommandRejected) refused.getFirst()).reason().startsWith(
                "the game has begun: it is played as paired; the arbiter may annul it or set its result"),
                refused.toString());
        GameEnded asPaired = ended(games.decide("t1-r1-b3", new Actor(Actor.Role.PLAYER, "p6"),
                new Resign(Side.BLACK, CORRECTED_AT.plusSeconds(60))));
        assertEquals("p5", asPaired.whitePlayerId());
        assertEquals("p6", asPaired.blackPlayerId());
        assertTrue(games.events("t1-r1-b1").stream().noneMatch(e -> e instanceof GameCancelled
                || e instanceof CommandRejected), "board 1 is untouched");
    }

    /**
     * The pairing refuses a correction that puts a removed board's number back (its game is cancelled for good); the
     * same players restored on a NEW board number get a new game, which starts and is played.
     */
    @Test
    void players_of_a_removed_board_restored_on_a_new_board_number_get_a_new_game_that_is_played() {
        Set<String> existing = new HashSet<>();
        RoundStarter starter = starter(existing::contains);
        GameService games = new GameService(existing);
        startRound(starter, games, new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"),
                new Board(3, "Hall A", "p5", "p6"));
        games.run(starter.handle(record(UUID.randomUUID(), correctedWithByes("t1", 1, "p5 and p6 reported absent",
                List.of(new Bye("p5", ByeKind.ZERO_POINT, Score.ZERO), new Bye("p6", ByeKind.ZERO_POINT, Score.ZERO)),
                new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4")))));
        assertTrue(games.state("t1-r1-b3").isCancelled());

        List<RoundStarts.Dispatch> restored = starter.handle(record(UUID.randomUUID(), corrected("t1", 1,
                "p5 and p6 arrived in time", new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"),
                new Board(4, "Hall A", "p5", "p6"))));
        assertEquals(List.of("t1-r1-b4"), restored.stream().map(RoundStarts.Dispatch::gameId).toList());
        RoundStarts.Start start = starts(restored).getFirst();
        assertEquals("p5", start.command().whitePlayerId());
        assertEquals("p6", start.command().blackPlayerId());
        assertEquals(4, start.command().board());
        games.run(restored);

        List<EventMessage> move = games.decide("t1-r1-b4", new Actor(Actor.Role.BOARD, "board-4"),
                new SubmitMove("e4", null, MoveSource.BOARD, null, CORRECTED_AT.plusSeconds(5)));
        assertTrue(move.stream().noneMatch(e -> e instanceof CommandRejected), move.toString());
        GameEnded played = ended(games.decide("t1-r1-b4", new Actor(Actor.Role.PLAYER, "p6"),
                new Resign(Side.BLACK, CORRECTED_AT.plusSeconds(60))));
        assertEquals("p5", played.whitePlayerId());
        assertEquals("p6", played.blackPlayerId());
        assertTrue(games.state("t1-r1-b3").isCancelled(), "the cancelled game stays cancelled");
        assertTrue(games.events("t1-r1-b3").stream().noneMatch(e -> e instanceof CommandRejected),
                "nothing was sent to the cancelled game");
    }

    /** The game service in miniature: the decider per game id, command ids remembered as the runtime does. */
    private static final class GameService {
        private final GameDecider decider = new GameDecider();
        private final Map<String, GameState> states = new HashMap<>();
        private final Map<String, List<EventMessage>> log = new HashMap<>();
        private final Set<UUID> seen = new HashSet<>();
        private final Set<String> existing;

        GameService(Set<String> existing) {
            this.existing = existing;
        }

        void run(List<RoundStarts.Dispatch> dispatches) {
            for (RoundStarts.Dispatch d : dispatches) {
                if (seen.add(d.commandId())) {
                    decide(d.gameId(), Actor.system("game"), d.command());
                }
            }
        }

        List<EventMessage> decide(String gameId, Actor actor, GameCommand command) {
            GameState state = state(gameId);
            List<EventMessage> events = decider.decide(new GameRequest(gameId, actor, command), state);
            for (EventMessage e : events) {
                state = decider.evolve(state, e);
            }
            states.put(gameId, state);
            log.computeIfAbsent(gameId, k -> new ArrayList<>()).addAll(events);
            if (state.phase() != GameState.Phase.NOT_STARTED) {
                existing.add(gameId);
            }
            return events;
        }

        GameState state(String gameId) {
            return states.getOrDefault(gameId, decider.initialState());
        }

        List<EventMessage> events(String gameId) {
            return log.getOrDefault(gameId, List.of());
        }
    }

    private static GameEnded ended(List<EventMessage> events) {
        return events.stream().filter(e -> e instanceof GameEnded).map(GameEnded.class::cast).findFirst()
                .orElseThrow(() -> new AssertionError("no GameEnded in " + events));
    }

    private static List<List<RoundStarts.Dispatch>> readAll(RoundStarter starter,
                                                             List<ConsumerRecord<byte[], byte[]>> records) {
        return records.stream().map(starter::handle).toList();
    }

    @SafeVarargs
    private static List<List<RoundStarts.Dispatch>> readAll(RoundStarter starter,
                                                             ConsumerRecord<byte[], byte[]>... records) {
        return readAll(starter, List.of(records));
    }

    private static List<RoundStarts.Start> starts(List<RoundStarts.Dispatch> dispatches) {
        return dispatches.stream().filter(d -> d instanceof RoundStarts.Start).map(RoundStarts.Start.class::cast)
                .toList();
    }

    private static List<RoundStarts.Correct> corrections(List<RoundStarts.Dispatch> dispatches) {
        return dispatches.stream().filter(d -> d instanceof RoundStarts.Correct).map(RoundStarts.Correct.class::cast)
                .toList();
    }

    private static List<RoundStarts.Cancel> cancels(List<RoundStarts.Dispatch> dispatches) {
        return dispatches.stream().filter(d -> d instanceof RoundStarts.Cancel).map(RoundStarts.Cancel.class::cast)
                .toList();
    }

    private static PairingCorrected correctedWithByes(String tournament, int round, String reason, List<Bye> byes,
                                                      Board... boards) {
        return new PairingCorrected(tournament, UUID.randomUUID().toString(), ARBITER, CORRECTED_AT, round,
                List.of(boards), byes, reason);
    }

    private static PairingCorrected corrected(String tournament, int round, String reason, Board... boards) {
        return new PairingCorrected(tournament, UUID.randomUUID().toString(), ARBITER, CORRECTED_AT, round,
                List.of(boards), List.of(), reason);
    }

    private static String decodingError(String text) {
        try {
            CODEC.decode(text.getBytes(StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            return e.getMessage();
        }
        throw new AssertionError("'" + text + "' decoded");
    }

    private static RoundStarter starter(Set<String> existing) {
        return starter(existing::contains);
    }

    private static RoundStarter starter(java.util.function.Predicate<String> gameExists) {
        return new RoundStarter("unused:9092", java.util.Map.of(), TOPIC, null, gameExists, CODEC);
    }

    /** Tournament t1 (FIDE 2018 standard, no time control) and its round 1 on {@code boards}, through the games. */
    private void startRound(RoundStarter starter, GameService games, Board... boards) {
        games.run(starter.handle(record(created("t1", "FIDE_2018_STANDARD", null))));
        games.run(starter.handle(record(paired("t1", 1, boards))));
    }

    private static TournamentCreated created(String tournament, String ruleset, TimeControl control) {
        return new TournamentCreated(tournament, UUID.randomUUID().toString(), ORGANISER, PAIRED_AT.minusSeconds(600),
                "Open " + tournament, PairingSystemKind.DUTCH, 5, Scoring.classic(), ruleset,
                List.of(new Hall("Hall A", 1, 10_000)), control, List.of());
    }

    private static RoundPaired paired(String tournament, int round, Board... boards) {
        return new RoundPaired(tournament, UUID.randomUUID().toString(), ORGANISER, PAIRED_AT, round,
                PairingSystemKind.DUTCH, 1, List.of(boards), List.<Bye>of());
    }

    private ConsumerRecord<byte[], byte[]> record(TournamentEvent event) {
        return record(UUID.randomUUID(), event);
    }

    private ConsumerRecord<byte[], byte[]> record(UUID eventId, TournamentEvent event) {
        Envelope sealed = CODEC.seal(Envelope.event(eventId, UUID.randomUUID(), null, event.tournamentId(),
                1, ORGANISER, event.at(), event), Envelope.GENESIS_HASH);
        return new ConsumerRecord<>(TOPIC, 0, offset++, event.tournamentId().getBytes(StandardCharsets.UTF_8),
                CODEC.encode(sealed));
    }
}
