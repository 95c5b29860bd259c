package org.torneo.game.app.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;

/** Given the tournament topic's records, when the round starter reads them, then these StartGame commands. */
class RoundStarterTest {

    private static final JsonCodec CODEC = JsonCodec.standard();
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "organiser");
    private static final Instant PAIRED_AT = Instant.parse("2026-11-21T10:00:00Z");
    private static final String TOPIC = "torneo.tournament";

    private long offset;

    @Test
    void the_games_of_a_round_start_under_the_time_control_and_ruleset_of_their_tournament() {
        TimeControl control = TimeControl.of(new Period(0, 20_000, TimingMode.FISCHER, 200));
        RoundStarter starter = starter(Set.of());
        assertEquals(List.of(), starter.handle(record(created("t1", "FIDE_2018_RAPID", control))));
        assertEquals(List.of(), starter.handle(record(created("t2", "FIDE_2018_STANDARD", null))));

        List<RoundStarter.Start> starts = starter.handle(record(paired("t1", 2,
                new Board(1, "Hall A", "p001", "p002"), new Board(2, "Hall B", "p003", "p004"))));
        assertEquals(List.of("t1-r2-b1", "t1-r2-b2"), starts.stream().map(RoundStarter.Start::gameId).toList());
        for (RoundStarter.Start start : starts) {
            assertEquals(control, start.command().timeControl());
            assertEquals(new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.RAPID), start.command().ruleset());
            assertEquals(PAIRED_AT, start.command().observedAt());
            assertEquals(2, start.command().round());
        }
        assertEquals("p003", starts.get(1).command().whitePlayerId());
        assertEquals("Hall B", starts.get(1).command().hall());

        // a tournament without a time control: its games start without a clock
        List<RoundStarter.Start> unclocked = starter.handle(record(paired("t2", 1, new Board(1, "Hall A", "a", "b"))));
        assertEquals(1, unclocked.size());
        assertNull(unclocked.getFirst().command().timeControl());
    }

    @Test
    void a_game_that_exists_already_is_not_started_again() {
        RoundStarter starter = starter(Set.of("t1-r1-b1"));
        starter.handle(record(created("t1", "FIDE_2018_STANDARD", TimeControl.example())));
        List<RoundStarter.Start> starts = starter.handle(record(paired("t1", 1,
                new Board(1, "Hall A", "p001", "p002"), new Board(2, "Hall A", "p003", "p004"))));
        assertEquals(List.of("t1-r1-b2"), starts.stream().map(RoundStarter.Start::gameId).toList());
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
            ConsumerRecord<byte[], byte[]> garbage = new ConsumerRecord<>(TOPIC, 3, 41L, "t1".getBytes(StandardCharsets.UTF_8),
                    "{not json".getBytes(StandardCharsets.UTF_8));
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

    private static String decodingError(String text) {
        try {
            CODEC.decode(text.getBytes(StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            return e.getMessage();
        }
        throw new AssertionError("'" + text + "' decoded");
    }

    private static RoundStarter starter(Set<String> existing) {
        return new RoundStarter("unused:9092", TOPIC, null, existing::contains, CODEC);
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
        Envelope sealed = CODEC.seal(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, event.tournamentId(),
                1, ORGANISER, event.at(), event), Envelope.GENESIS_HASH);
        return new ConsumerRecord<>(TOPIC, 0, offset++, event.tournamentId().getBytes(StandardCharsets.UTF_8),
                CODEC.encode(sealed));
    }
}
