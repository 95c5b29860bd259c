package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.codec.fixtures.SampleEvent;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Notation;
import org.torneo.contracts.topics.Topics;

/** Bad input never decodes to a default: each case names what is wrong. */
class DecodingTest {

    private static final UUID COMMAND_ID = UUID.fromString("11111111-1111-1111-1111-111111111111");
    private static final UUID EVENT_ID = UUID.fromString("22222222-2222-2222-2222-222222222222");
    private static final Actor PLAYER = new Actor(Actor.Role.PLAYER, "p-7");

    private final JsonCodec codec = JsonCodec.standard();

    private Envelope movePlayed() {
        MoveEvent.MovePlayed move = new MoveEvent.MovePlayed(1, Side.WHITE, "e4", "e2e4",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", MoveSource.EBOARD,
                new ClockReading(5_398_000, 5_400_000), Instant.parse("2026-05-01T15:00:02Z"));
        return codec.seal(Envelope.event(EVENT_ID, COMMAND_ID, null, "g-1", 1, PLAYER,
                Instant.parse("2026-05-01T15:00:02Z"), move), Envelope.GENESIS_HASH);
    }

    private ObjectNode tree() {
        return codec.toTree(movePlayed());
    }

    @Test
    void wireFormatIsTheCanonicalFormWithTheHashInItsPlace() {
        Envelope event = movePlayed();
        String json = codec.toJson(event);
        assertTrue(json.startsWith("{\"actor\":{\"id\":\"p-7\",\"role\":\"PLAYER\"},\"aggregateId\":\"g-1\",\"causationId\":\""
                + COMMAND_ID + "\",\"correlationId\":null,\"eventId\":\"" + EVENT_ID + "\",\"hash\":\"" + event.hash()
                + "\",\"occurredAt\":\"2026-05-01T15:00:02Z\",\"payload\":{"), json);
        assertTrue(json.endsWith(",\"previousHash\":\"" + Envelope.GENESIS_HASH
                + "\",\"sequence\":1,\"type\":\"game.MovePlayed\",\"version\":1}"), json);
        // without its hash member the wire text is exactly what the hash was taken over
        String unhashed = json.replace(",\"hash\":\"" + event.hash() + "\"", "");
        assertEquals(event.hash(), Canonical.sha256Hex(unhashed.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void recordsWrittenTypeFirstAreStillRead() {
        Envelope event = movePlayed();
        ObjectNode typeFirst = codec.toTree(event); // the member order records had before the wire became canonical
        assertTrue(typeFirst.toString().startsWith("{\"type\":\"game.MovePlayed\""));
        assertEquals(event, codec.decode(typeFirst.toString()));
        assertEquals(event, codec.decode(typeFirst.toString().getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void unknownTypeIsAnError() {
        ObjectNode tree = tree();
        tree.put("type", "game.MoveTeleported");
        DecodingException e = assertThrows(DecodingException.class, () -> codec.decode(tree.toString()));
        assertEquals("unknown message type 'game.MoveTeleported' (not in the catalogue of this service)", e.getMessage());
    }

    @Test
    void newerVersionIsAnError() {
        ObjectNode tree = tree();
        tree.put("version", 2);
        DecodingException e = assertThrows(DecodingException.class, () -> codec.decode(tree.toString()));
        assertTrue(e.getMessage().contains("version 2 of game.MovePlayed is newer than the latest this service knows (1)"),
                e.getMessage());
    }

    @Test
    void missingTypeOrVersionIsAnError() {
        ObjectNode noType = tree();
        noType.remove("type");
        assertEquals("missing field 'type'",
                assertThrows(DecodingException.class, () -> codec.decode(noType.toString())).getMessage());
        ObjectNode textVersion = tree();
        textVersion.put("version", "1");
        assertTrue(assertThrows(DecodingException.class, () -> codec.decode(textVersion.toString()))
                .getMessage().startsWith("field 'version' must be an integer"));
    }

    @Test
    void malformedJsonNamesLineAndColumn() {
        DecodingException e = assertThrows(DecodingException.class, () -> codec.decode("{\"type\":\n  \"game.X\" oops}"));
        assertTrue(e.getMessage().startsWith("malformed JSON at line 2, column"), e.getMessage());
    }

    @Test
    void unknownPayloadFieldIsAnError() {
        ObjectNode tree = tree();
        ((ObjectNode) tree.get("payload")).put("piece", "knight");
        tree.remove("hash");
        DecodingException e = assertThrows(DecodingException.class, () -> codec.decode(tree.toString()));
        assertTrue(e.getMessage().contains("invalid payload of game.MovePlayed") && e.getMessage().contains("piece"),
                e.getMessage());
    }

    @Test
    void missingRequiredPayloadFieldIsNamed() {
        ObjectNode tree = tree();
        ((ObjectNode) tree.get("payload")).remove("san");
        tree.remove("hash");
        DecodingException e = assertThrows(DecodingException.class, () -> codec.decode(tree.toString()));
        assertEquals("invalid payload of game.MovePlayed: san", e.getMessage());
    }

    @Test
    void missingPrimitiveIsNotSilentlyZero() {
        ObjectNode tree = tree();
        ((ObjectNode) tree.get("payload")).remove("ply");
        tree.remove("hash");
        DecodingException e = assertThrows(DecodingException.class, () -> codec.decode(tree.toString()));
        assertTrue(e.getMessage().contains("ply"), e.getMessage());
    }

    @Test
    void enumByUnknownNameIsAnError() {
        ObjectNode tree = tree();
        ((ObjectNode) tree.get("payload")).put("by", "GREEN");
        tree.remove("hash");
        DecodingException e = assertThrows(DecodingException.class, () -> codec.decode(tree.toString()));
        assertTrue(e.getMessage().contains("payload.by") && e.getMessage().contains("GREEN"), e.getMessage());
    }

    @Test
    void alteredRecordFailsItsHash() {
        ObjectNode tree = tree();
        ((ObjectNode) tree.get("payload")).put("san", "d4");
        DecodingException e = assertThrows(DecodingException.class, () -> codec.decode(tree.toString()));
        assertTrue(e.getMessage().contains("hash mismatch in game.MovePlayed"), e.getMessage());
    }

    @Test
    void hashIsIndependentOfMemberOrderAndWhitespace() {
        ObjectNode tree = tree();
        ObjectNode reordered = tree.objectNode();
        // same members, reversed order, pretty-printed: the canonical bytes and so the hash agree
        java.util.List<String> names = new java.util.ArrayList<>();
        tree.fieldNames().forEachRemaining(names::add);
        java.util.Collections.reverse(names);
        names.forEach(n -> reordered.set(n, tree.get(n)));
        Envelope decoded = codec.decode(reordered.toPrettyString());
        assertEquals(movePlayed(), decoded);
    }

    @Test
    void eventWithoutSequenceOrCausationIsAnError() {
        ObjectNode tree = tree();
        tree.put("sequence", 0);
        tree.remove("hash");
        assertTrue(assertThrows(DecodingException.class, () -> codec.decode(tree.toString())).getMessage()
                .contains("an event's sequence starts at 1"));
        ObjectNode noCause = tree();
        noCause.putNull("causationId");
        noCause.remove("hash");
        assertTrue(assertThrows(DecodingException.class, () -> codec.decode(noCause.toString())).getMessage()
                .contains("causationId"));
    }

    @Test
    void commandDefaultsItsNotationOnlyWhereTheContractSaysSo() {
        GameCommand.SubmitMove submit = new GameCommand.SubmitMove("Nf3", null, MoveSource.BOARD, null,
                Instant.parse("2026-05-01T15:00:00Z"));
        assertEquals(Notation.AUTO, submit.notation());
        Envelope command = Envelope.command(COMMAND_ID, "g-1", PLAYER, submit.observedAt(), submit);
        assertEquals(command, codec.decode(codec.encode(command)));
    }

    @Test
    void olderVersionIsUpcastedAndWithoutUpcasterRefused() {
        MessageCatalog withUpcaster = MessageCatalog.builder().stream(SampleEvent.class, Topics.MOVES)
                .upcaster("sample.Renamed", 1, v1 -> {
                    ObjectNode v2 = v1.objectNode();
                    v2.set("newName", v1.get("oldName"));
                    v2.put("count", 0);
                    return v2;
                }).build();
        String v1 = "{\"type\":\"sample.Renamed\",\"version\":1,\"eventId\":\"" + EVENT_ID + "\",\"causationId\":\""
                + COMMAND_ID + "\",\"correlationId\":null,\"aggregateId\":\"a-1\",\"sequence\":1,"
                + "\"actor\":{\"role\":\"SYSTEM\",\"id\":\"test\"},\"occurredAt\":\"2026-05-01T15:00:00Z\","
                + "\"previousHash\":null,\"hash\":null,\"payload\":{\"oldName\":\"Smyslov\"}}";

        Envelope read = new JsonCodec(withUpcaster).decode(v1);
        assertEquals(new SampleEvent.Renamed("Smyslov", 0), read.payload());

        MessageCatalog without = MessageCatalog.builder().stream(SampleEvent.class, Topics.MOVES).build();
        DecodingException e = assertThrows(DecodingException.class, () -> new JsonCodec(without).decode(v1));
        assertEquals("version 1 of sample.Renamed cannot be read: no upcaster to version 2 (current 2)", e.getMessage());
    }

    @Test
    void derivedMethodsOfARecordStayOffTheWire() {
        JsonCodec sampleCodec = new JsonCodec(MessageCatalog.builder().stream(SampleEvent.class, Topics.MOVES).build());
        Envelope event = Envelope.event(EVENT_ID, COMMAND_ID, null, "a-1", 1, PLAYER,
                Instant.parse("2026-05-01T15:00:00Z"), new SampleEvent.Renamed("Tal", 3));
        ObjectNode payload = (ObjectNode) sampleCodec.toTree(event).get("payload");
        assertEquals(java.util.List.of("newName", "count"), iterableNames(payload));
        assertEquals(event, sampleCodec.decode(sampleCodec.encode(event)));
    }

    private static java.util.List<String> iterableNames(ObjectNode node) {
        java.util.List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
