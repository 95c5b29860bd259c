package org.torneo.game.app.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.core.rounds.TournamentRecords.ORGANISER;
import static org.torneo.game.core.rounds.TournamentRecords.corrected;
import static org.torneo.game.core.rounds.TournamentRecords.created;
import static org.torneo.game.core.rounds.TournamentRecords.paired;

import java.nio.charset.StandardCharsets;
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
import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.game.core.rounds.RoundStarts;

/**
 * Given the tournament topic's records, when the round starter reads them, then the game core's decisions on their
 * events ({@link RoundStarts}, whose own tests cover what is decided), and a record it cannot use skipped with the
 * reason: the adapter's part.
 */
class RoundStarterTest {

    private static final JsonCodec CODEC = JsonCodec.standard();
    private static final String TOPIC = "torneo.tournament";

    private long offset;

    @Test
    void a_record_of_the_topic_is_decoded_and_decided_a_correction_under_its_envelopes_event_id() {
        RoundStarter starter = starter(Set.of());
        assertEquals(List.of(), starter.handle(record(created("t1", "FIDE_2018_STANDARD", null))));

        List<RoundStarts.Dispatch> sent = starter.handle(record(paired("t1", 1, new Board(1, "Hall A", "p1", "p2"),
                new Board(2, "Hall A", "p3", "p4"))));

        assertEquals(List.of("t1-r1-b1", "t1-r1-b2"), sent.stream().map(RoundStarts.Dispatch::gameId).toList());
        assertEquals(List.of(RoundStarts.startCommandId("t1-r1-b1"), RoundStarts.startCommandId("t1-r1-b2")),
                sent.stream().map(RoundStarts.Dispatch::commandId).toList());

        UUID eventId = UUID.randomUUID();
        List<RoundStarts.Dispatch> corrected = starter.handle(record(eventId, corrected("t1", 1, "colours",
                new Board(1, "Hall A", "p2", "p1"), new Board(2, "Hall A", "p3", "p4"))));
        assertEquals(List.of(RoundStarts.correctionCommandId(eventId, 1)),
                corrected.stream().map(RoundStarts.Dispatch::commandId).toList());
        assertEquals(0, starter.skipped());
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
        assertEquals(List.of("t1-r1-b1", "t1-r1-b2"), starter.handle(record(paired("t1", 1,
                new Board(1, "Hall A", "p001", "p002"), new Board(2, "Hall A", "p003", "p004"))))
                .stream().map(RoundStarts.Dispatch::gameId).toList());
        // when round 2 would add 2 more (2 + 2 > 3): none is started, the record is skipped
        assertEquals(List.of(), starter.handle(record(paired("t1", 2,
                new Board(1, "Hall A", "p001", "p004"), new Board(2, "Hall A", "p003", "p002")))));
        assertEquals(1, starter.skipped());
        // once the service holds round 1's games they are counted there, not twice: one more game fits (2 + 1 = 3)
        held.addAll(Set.of("t1-r1-b1", "t1-r1-b2"));
        heldByTournament.put("t1", 2L);
        assertEquals(List.of("t1-r3-b1"), starter.handle(record(paired("t1", 3,
                new Board(1, "Hall A", "p001", "p003")))).stream().map(RoundStarts.Dispatch::gameId).toList());
        // a game started otherwise (POST /games) counts too: t2 holds 1, a round of 3 would make 4
        assertEquals(List.of(), starter.handle(record(paired("t2", 1, new Board(1, "Hall A", "p1", "p2"),
                new Board(2, "Hall A", "p3", "p4"), new Board(3, "Hall A", "p5", "p6")))));
        assertEquals(2, starter.skipped());
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

    private static String decodingError(String text) {
        try {
            CODEC.decode(text.getBytes(StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            return e.getMessage();
        }
        throw new AssertionError("'" + text + "' decoded");
    }

    private static RoundStarter starter(Set<String> existing) {
        return new RoundStarter("unused:9092", java.util.Map.of(), TOPIC, null, existing::contains, CODEC);
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
