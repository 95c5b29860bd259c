package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.torneo.contracts.Actor;
import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Message;

/** Every registered message type survives encode then decode unchanged, with its type and version on the wire. */
class RoundTripTest {

    private final JsonCodec codec = JsonCodec.standard();

    @TestFactory
    Stream<DynamicTest> everyRegisteredTypeRoundTrips() {
        List<MessageCatalog.Entry> entries = codec.catalog().entries();
        assertFalse(entries.isEmpty());
        return entries.stream().map(entry -> DynamicTest.dynamicTest(entry.type(), () -> {
            Message payload = (Message) new Samples().of(entry.javaType());
            Envelope envelope = envelopeOf(payload);

            byte[] bytes = codec.encode(envelope);
            Envelope decoded = codec.decode(bytes);

            assertEquals(envelope, decoded);
            assertEquals(payload, decoded.payload());
            ObjectNode tree = codec.toTree(decoded);
            assertEquals(entry.type(), tree.get("type").asText());
            assertEquals(entry.version(), tree.get("version").asInt());
            // writing what was read gives the same bytes: the hash chain relies on it
            assertEquals(new String(bytes), new String(codec.encode(decoded)));
        }));
    }

    @Test
    void standardCatalogueHoldsTheGameAndResultStreams() {
        List<String> types = codec.catalog().entries().stream().map(MessageCatalog.Entry::type).toList();
        for (String expected : List.of("game.SubmitMove", "game.ClaimDraw", "game.ArbiterRuling", "game.MovePlayed",
                "game.GameStarted", "game.ClaimRejected", "game.CommandRejected", "results.GameEnded",
                "results.ResultCorrected")) {
            assertTrue(types.contains(expected), expected + " missing from " + types);
        }
        assertEquals("torneo.game.moves", codec.catalog().byType("game.MovePlayed").orElseThrow().topic().name());
        assertEquals("torneo.results", codec.catalog().byType("results.GameEnded").orElseThrow().topic().name());
        assertTrue(codec.catalog().byType("game.SubmitMove").orElseThrow().isCommand());
    }

    private Envelope envelopeOf(Message payload) {
        Actor actor = new Actor(Actor.Role.ARBITER, "arbiter-1");
        Instant at = Instant.parse("2026-05-01T15:04:05.123Z");
        if (payload instanceof CommandMessage command) {
            return new Envelope(UUID.nameUUIDFromBytes(payload.toString().getBytes()), UUID.nameUUIDFromBytes(payload.toString().getBytes()), "round-3", "g-1", 0, actor, at, null, null,
                    command);
        }
        Envelope unsealed = Envelope.event(UUID.nameUUIDFromBytes(payload.toString().getBytes()), UUID.nameUUIDFromBytes(payload.toString().getBytes()), null, "g-1", 1, actor, at,
                (EventMessage) payload);
        return codec.seal(unsealed, Envelope.GENESIS_HASH);
    }
}
