package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Message;

/**
 * The streaming canonical writer gives, byte for byte, what the documented definition gives: copy the tree,
 * drop "hash", sort every object's members, write it compactly. A hash that changed would break every chain
 * already on the topics, so the definition is kept here, written the slow obvious way, as the reference.
 */
class CanonicalTest {

    private static final ObjectMapper PLAIN = new ObjectMapper();
    private final JsonCodec codec = JsonCodec.standard();

    private static byte[] byDefinition(ObjectNode envelope) throws Exception {
        ObjectNode copy = envelope.deepCopy();
        copy.remove("hash");
        return PLAIN.writeValueAsString(sorted(copy)).getBytes(StandardCharsets.UTF_8);
    }

    private static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            ObjectNode result = JsonNodeFactory.instance.objectNode();
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            names.sort(null);
            names.forEach(name -> result.set(name, sorted(node.get(name))));
            return result;
        }
        if (node.isArray()) {
            ArrayNode result = JsonNodeFactory.instance.arrayNode();
            node.forEach(element -> result.add(sorted(element)));
            return result;
        }
        return node;
    }

    @Test
    void everyRegisteredMessageHashesAsTheDefinitionSays() throws Exception {
        Actor actor = new Actor(Actor.Role.ARBITER, "arbiter-ñ");
        Instant at = Instant.parse("2026-05-01T15:00:00.123Z");
        List<MessageCatalog.Entry> entries = codec.catalog().entries();
        assertFalse(entries.isEmpty());
        for (MessageCatalog.Entry entry : entries) {
            Message payload = (Message) new Samples().of(entry.javaType());
            Envelope envelope = payload instanceof CommandMessage command
                    ? Envelope.command(UUID.randomUUID(), "agg-1", actor, at, command)
                    : codec.seal(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), "corr", "agg-1", 1, actor, at,
                    (EventMessage) payload), Envelope.GENESIS_HASH);
            ObjectNode tree = codec.toTree(envelope);
            String definition = new String(byDefinition(tree), StandardCharsets.UTF_8);
            assertEquals(definition, new String(Canonical.bytesWithoutHash(tree), StandardCharsets.UTF_8), entry.type());
            // the wire form, written straight from the record, is the definition plus the hash member in its place
            String wire = codec.toJson(envelope);
            String hashMember = envelope.hash() == null ? "" : ",\"hash\":\"" + envelope.hash() + "\"";
            assertEquals(definition, wire.replace(hashMember, ""), entry.type());
            if (envelope.hash() != null) {
                assertEquals(Canonical.sha256Hex(byDefinition(tree)), envelope.hash(), entry.type());
                assertEquals(envelope.hash(), codec.hashOf(envelope), entry.type());
                assertTrue(wire.contains("\"eventId\":\"" + envelope.eventId() + "\"" + hashMember + ",\"occurredAt\""));
            }
        }
    }

    @Test
    void theStreamingReaderReadsWhatTheTreeReaderReads() {
        Actor actor = new Actor(Actor.Role.BOARD, "board-7");
        for (MessageCatalog.Entry entry : codec.catalog().entries()) {
            Message payload = (Message) new Samples().of(entry.javaType());
            for (Instant at : List.of(Instant.parse("2026-05-01T15:00:00Z"), Instant.parse("2026-05-01T15:00:00.120Z"),
                    Instant.parse("2026-05-01T15:00:00.000123456Z"), Instant.parse("1969-12-31T23:59:59.5Z"))) {
                Envelope envelope = payload instanceof CommandMessage command
                        ? new Envelope(UUID.randomUUID(), UUID.randomUUID(), "round-2", "agg-1", 0, actor, at, null, null,
                        command)
                        : Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, "agg-1", 3, actor, at,
                        (EventMessage) payload); // unsealed: the streaming path reads it
                byte[] wire = codec.encode(envelope);
                Envelope byTree = codec.decode(codec.toTree(envelope));
                assertEquals(envelope, byTree, entry.type());
                assertEquals(byTree, codec.decode(wire), entry.type());
                if (at.getEpochSecond() >= 0) { // the common shape of instants: read without the tree
                    assertEquals(byTree, codec.decodeStreamed(wire), entry.type());
                }
                assertEquals(byTree, codec.decode(new String(wire, StandardCharsets.UTF_8)), entry.type());
            }
        }
    }

    @Test
    void whatTheStreamingReaderRefusesGetsTheTreeReadersError() {
        byte[] wire = codec.encode(Envelope.command(UUID.randomUUID(), "g-1", new Actor(Actor.Role.BOARD, "b"),
                Instant.parse("2026-05-01T15:00:00Z"), (CommandMessage) new Samples().of(
                        codec.catalog().byType("game.SubmitMove").orElseThrow().javaType())));
        String json = new String(wire, StandardCharsets.UTF_8);
        for (String[] broken : new String[][]{
                {json.replace("\"sequence\":0", "\"sequence\":\"0\""), "field 'sequence' must be an integer"},
                {json.replace("\"role\":\"BOARD\"", "\"role\":\"KING\""), "unknown actor role 'KING'"},
                {json.replace("\"occurredAt\":\"2026-05-01T15:00:00Z\"", "\"occurredAt\":\"yesterday\""),
                        "field 'occurredAt' must be an ISO-8601 instant, got 'yesterday'"},
                {json.replace("\"version\":1", "\"version\":9"), "is newer than the latest this service knows"},
                {json.substring(0, json.length() - 1), "malformed JSON"}}) {
            DecodingException e = assertThrows(DecodingException.class,
                    () -> codec.decode(broken[0].getBytes(StandardCharsets.UTF_8)), broken[0]);
            assertTrue(e.getMessage().contains(broken[1]), e.getMessage());
        }
        // a member twice is refused by both readers (two readers could otherwise see two records under one hash)
        String twice = json.replace("\"aggregateId\":\"g-1\"", "\"aggregateId\":\"g-0\",\"aggregateId\":\"g-1\"");
        DecodingException e = assertThrows(DecodingException.class,
                () -> codec.decode(twice.getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("Duplicate field 'aggregateId'"), e.getMessage());
    }

    @Test
    void escapesNestingNullsAndNumbersAreWrittenAsTheDefinitionSays() throws Exception {
        ObjectNode tree = (ObjectNode) PLAIN.readTree("""
                {"z":[3,{"b":null,"a":"é\\u00e9 \\"quoted\\" back\\\\slash \\u0001\\ttab 😀"}],"hash":"x",
                 "m":{"k":-12,"j":1.5,"i":true,"h":[],"g":{}},"A":"upper before lower","payload":{"hash":"kept"}}""");
        assertEquals(new String(byDefinition(tree), StandardCharsets.UTF_8),
                new String(Canonical.bytesWithoutHash(tree), StandardCharsets.UTF_8));
        assertEquals(new String(PLAIN.writeValueAsString(sorted(tree)).getBytes(StandardCharsets.UTF_8),
                StandardCharsets.UTF_8), new String(Canonical.bytes(tree), StandardCharsets.UTF_8));
    }
}
