package org.torneo.contracts.scoresheet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.codec.MessageCatalog;
import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.contracts.topics.Topics;

/** The scoresheets' device log: its three messages on their own topic, written by the console as an edge. */
class ScoresheetMessagesTest {

    private final JsonCodec codec = JsonCodec.standard();

    @Test
    void the_device_log_has_three_messages_on_torneo_scoresheet() {
        List<String> types = codec.catalog().onTopic(Topics.SCORESHEET).stream().map(MessageCatalog.Entry::type)
                .sorted().toList();
        assertEquals(ScoresheetEvent.class.getPermittedSubclasses().length, types.size());
        assertEquals(List.of("scoresheet.DeviceActionLogged", "scoresheet.SheetAlertLifted",
                "scoresheet.SheetAlertRaised"), types);
        assertEquals("game id", Topics.SCORESHEET.key());
        assertTrue(KafkaAccess.EDGE.writes().contains(Topics.SCORESHEET), "the console (edge) writes it");
        assertTrue(KafkaAccess.EDGE.reads().contains(Topics.SCORESHEET), "and reads it back at its start");
    }

    @Test
    void an_action_keeps_the_device_the_sheet_and_both_instants_through_the_codec() {
        ScoresheetEvent.DeviceActionLogged action = new ScoresheetEvent.DeviceActionLogged("t-r1-b3", Side.WHITE,
                new Actor(Actor.Role.EBOARD, "device-1"), UUID.randomUUID().toString(), "line", 9, "Nf3",
                "ply 9 (move 5): Nf3", "received", Instant.parse("2026-05-01T15:00:00Z"),
                Instant.parse("2026-05-01T15:03:00Z"));
        Envelope sealed = codec.seal(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, "t-r1-b3", 1,
                action.device(), action.at(), action), Envelope.GENESIS_HASH);
        Envelope read = codec.decode(codec.encode(sealed));
        assertEquals(action, read.payload());
        assertEquals("scoresheet.DeviceActionLogged", codec.toTree(read).get("type").asText());
        assertThrows(IllegalArgumentException.class, () -> new ScoresheetEvent.DeviceActionLogged("g", Side.WHITE,
                action.device(), "a", "line", -1, "e4", "", "received", action.recordedAt(), action.at()));
    }
}
