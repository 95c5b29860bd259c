package org.torneo.contracts.codec;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
        return write(envelopeJson, "hash");
    }

    /** The canonical UTF-8 bytes of any JSON value (sorted members, no whitespace). */
    public static byte[] bytes(JsonNode node) {
        return write(node, null);
    }

    /**
     * Writes the members of each object in name order straight from the tree, leaving out {@code skipAtRoot}
     * at the top: the same text as copying the tree, sorting the copy and writing it (the definition above),
     * without the copies (every sealed event is hashed, so this is on the game service's hot path).
     */
    private static byte[] write(JsonNode node, String skipAtRoot) {
        StringWriter out = new StringWriter(512);
        try (JsonGenerator generator = PLAIN.getFactory().createGenerator(out)) {
            writeSorted(generator, node, skipAtRoot);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write canonical JSON", e);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void writeSorted(JsonGenerator generator, JsonNode node, String skip) throws IOException {
        if (node.isObject()) {
            List<String> names = new ArrayList<>(node.size());
            node.fieldNames().forEachRemaining(names::add);
            names.sort(null);
            generator.writeStartObject();
            for (String name : names) {
                if (name.equals(skip)) {
                    continue;
                }
                generator.writeFieldName(name);
                writeSorted(generator, node.get(name), null);
            }
            generator.writeEndObject();
        } else if (node.isArray()) {
            generator.writeStartArray();
            for (JsonNode element : node) {
                writeSorted(generator, element, null);
            }
            generator.writeEndArray();
        } else {
            PLAIN.writeTree(generator, node);
        }
    }

    /** One digest per thread: looking the algorithm up for every event was a visible share of sealing. */
    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    });

    public static String sha256Hex(byte[] bytes) {
        MessageDigest digest = SHA_256.get();
        digest.reset();
        return HexFormat.of().formatHex(digest.digest(bytes));
    }

    /** The SHA-256 (lowercase hex) of {@code bytes} less the span {@code [skipFrom, skipTo)}, without copying them. */
    static String sha256Hex(byte[] bytes, int skipFrom, int skipTo) {
        MessageDigest digest = SHA_256.get();
        digest.reset();
        digest.update(bytes, 0, skipFrom);
        digest.update(bytes, skipTo, bytes.length - skipTo);
        return HexFormat.of().formatHex(digest.digest());
    }

    /**
     * Canonical bytes without the hash, and where the "hash" member goes among them (members are in name order,
     * so it has one place): the wire form is these bytes with {@code ,"hash":"…"} inserted there.
     */
    record Split(byte[] bytes, int hashAt) {

        byte[] withHash(String hash) {
            byte[] member = (",\"hash\":\"" + hash + "\"").getBytes(StandardCharsets.UTF_8);
            byte[] out = new byte[bytes.length + member.length];
            System.arraycopy(bytes, 0, out, 0, hashAt);
            System.arraycopy(member, 0, out, hashAt, member.length);
            System.arraycopy(bytes, hashAt, out, hashAt + member.length, bytes.length - hashAt);
            return out;
        }
    }
}
