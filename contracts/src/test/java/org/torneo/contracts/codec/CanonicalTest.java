package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
            assertEquals(new String(byDefinition(tree), StandardCharsets.UTF_8),
                    new String(Canonical.bytesWithoutHash(tree), StandardCharsets.UTF_8), entry.type());
        }
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
