package org.torneo.contracts.codec;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The canonical bytes of an envelope, hashed for the tamper-evident chain.
 *
 * <p>Definition: take the envelope's JSON object as the codec writes it (type, version, eventId,
 * causationId, correlationId, aggregateId, sequence, actor, occurredAt, previousHash, payload)
 * <em>without</em> the "hash" member; sort the members of every object by name (UTF-16 code unit
 * order), keep array order, keep nulls, write it with no whitespace (numbers as integers in
 * decimal, strings with JSON escapes for quote, backslash and control characters only), encode it
 * as UTF-8. The hash is the SHA-256 of those bytes in lowercase hex. Because the canonical form is
 * taken from the JSON as written, a reader verifies a hash without re-encoding through its own
 * record classes (which may be newer, via upcasters).
 */
public final class Canonical {

    private static final ObjectMapper PLAIN = new ObjectMapper();

    private Canonical() {
    }

    /** The canonical UTF-8 bytes of {@code envelopeJson} without its "hash" member. */
    public static byte[] bytesWithoutHash(ObjectNode envelopeJson) {
        ObjectNode copy = envelopeJson.deepCopy();
        copy.remove("hash");
        return bytes(copy);
    }

    /** The canonical UTF-8 bytes of any JSON value (sorted members, no whitespace). */
    public static byte[] bytes(JsonNode node) {
        try {
            return PLAIN.writeValueAsString(sorted(node)).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write canonical JSON", e);
        }
    }

    public static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            ObjectNode result = JsonNodeFactory.instance.objectNode();
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            names.sort(null);
            for (String name : names) {
                result.set(name, sorted(node.get(name)));
            }
            return result;
        }
        if (node.isArray()) {
            ArrayNode result = JsonNodeFactory.instance.arrayNode();
            node.forEach(element -> result.add(sorted(element)));
            return result;
        }
        return node;
    }
}
