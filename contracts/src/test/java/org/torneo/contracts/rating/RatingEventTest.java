package org.torneo.contracts.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.codec.MessageCatalog;
import org.torneo.contracts.topics.Topics;

class RatingEventTest {

    private final JsonCodec codec = new JsonCodec(MessageCatalog.builder().stream(RatingEvent.class, Topics.RATINGS).build());

    @Test
    void everyRatingEventRoundTripsWithItsWireName() {
        List<RatingEvent> samples = List.of(RatingEvent.StandingsComputed.example(),
                RatingEvent.RatingChangesComputed.example(), RatingEvent.PrizesDistributed.example(),
                RatingEvent.CommandRejected.example());
        assertEquals(4, codec.catalog().entries().size());
        for (RatingEvent event : samples) {
            Envelope env = codec.seal(Envelope.event(UUID.nameUUIDFromBytes(event.toString().getBytes()),
                    UUID.nameUUIDFromBytes(event.toString().getBytes()), null, "t-1", 1,
                    new Actor(Actor.Role.ARBITER, "arbiter-1"), Instant.parse("2026-05-01T15:00:00Z"),
                    (EventMessage) event), Envelope.GENESIS_HASH);
            String json = codec.toJson(env);
            assertTrue(json.contains("rating." + event.getClass().getSimpleName()), json);
            assertEquals(event, codec.decode(json).payload());
        }
    }

    @Test
    void standingsRowsMustCarryOneValuePerTieBreak() {
        var row = new RatingEvent.StandingRow(1, "p-1", 1, List.of("3.0"));
        var e = assertThrows(IllegalArgumentException.class, () -> new RatingEvent.StandingsComputed("t-1", 1, "2024",
                List.of("PTS", "BH"), List.of(row), Instant.EPOCH));
        assertTrue(e.getMessage().contains("1 values for 2 tie-breaks"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new RatingEvent.StandingsComputed("t-1", 1, "2025",
                List.of("PTS"), List.of(row), Instant.EPOCH));
    }
}
