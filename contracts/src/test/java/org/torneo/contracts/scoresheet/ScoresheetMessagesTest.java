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

    private Envelope sealed(ScoresheetEvent event) {
        return codec.seal(Envelope.event(UUID.fromString("33333333-3333-3333-3333-333333333333"),
                UUID.fromString("44444444-4444-4444-4444-444444444444"), null, "t-r1-b3", 4,
                new Actor(Actor.Role.EBOARD, "device-1"), Instant.parse("2026-05-01T15:04:05Z"), event),
                Envelope.GENESIS_HASH);
    }

    @Test
    void an_alert_keeps_its_structure_through_the_codec_a_discrepancy_both_lines_an_illegal_line_its_sheet() {
        ScoresheetEvent.SheetAlertRaised discrepancy = ScoresheetEvent.SheetAlertRaised.example();
        ScoresheetEvent.SheetAlertRaised illegal = new ScoresheetEvent.SheetAlertRaised("t-r1-b3", "a-2", 5, 3,
                "illegal", "move 3 on White's sheet: Qz9 is not a move", Instant.parse("2026-05-01T15:05:00Z"),
                Side.WHITE, "Qz9", null, "Qz9 is not a move");
        for (ScoresheetEvent.SheetAlertRaised alert : List.of(discrepancy, illegal)) {
            assertEquals(alert, codec.decode(codec.encode(sealed(alert))).payload());
        }
        assertEquals(2, codec.catalog().entryOf(ScoresheetEvent.SheetAlertRaised.class).version());
    }

    @Test
    void an_alert_written_in_words_only_by_version_1_is_read_without_structure_and_its_hash_holds() {
        com.fasterxml.jackson.databind.node.ObjectNode v1 = codec.toTree(sealed(
                ScoresheetEvent.SheetAlertRaised.example()));
        com.fasterxml.jackson.databind.node.ObjectNode payload =
                (com.fasterxml.jackson.databind.node.ObjectNode) v1.get("payload");
        payload.remove(ScoresheetEvent.SheetAlertRaised.STRUCTURE_FIELDS);
        v1.put("version", 1);
        v1.put("hash", org.torneo.contracts.codec.Canonical.sha256Hex(
                org.torneo.contracts.codec.Canonical.bytesWithoutHash(v1)));

        Envelope read = codec.decode(v1.toString());

        ScoresheetEvent.SheetAlertRaised alert = (ScoresheetEvent.SheetAlertRaised) read.payload();
        assertEquals("move 5 (Black): White's sheet Bb4, Black's sheet Bc5", alert.text());
        assertEquals(java.util.Arrays.asList(null, null, null, null), java.util.Arrays.asList(alert.sheet(),
                alert.onWhiteSheet(), alert.onBlackSheet(), alert.problem()));
        assertEquals(v1.get("hash").asText(), read.hash());
    }
}
