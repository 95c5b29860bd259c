package org.torneo.contracts.codec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Message;

/**
 * Reads and writes envelopes as JSON:
 * <pre>
 * {"type":"game.MovePlayed","version":1,"eventId":"…","causationId":"…","correlationId":null,
 *  "aggregateId":"g-1","sequence":7,"actor":{"role":"PLAYER","id":"p-7"},
 *  "occurredAt":"2026-05-01T15:04:05.123Z","previousHash":"…","hash":"…","payload":{…}}
 * </pre>
 * Instants are ISO-8601 UTC strings, enums their names, absent optional fields null. Reading an
 * unknown type, a version newer than the catalogue's, an older version without an upcaster, a
 * payload with unknown or invalid fields, or a hash that does not match the canonical bytes
 * throws {@link DecodingException} with the reason; nothing is ever defaulted silently.
 * Thread-safe.
 */
public final class JsonCodec {

    private final MessageCatalog catalog;
    private final ObjectMapper mapper;

    public JsonCodec(MessageCatalog catalog) {
        this.catalog = catalog;
        this.mapper = JsonMapper.builder()
                .addModule(new JavaTimeModule())
                // a message is exactly its record components: derived methods such as
                // isRestOfGame() must not leak onto the wire (they could not be read back)
                .visibility(PropertyAccessor.GETTER, JsonAutoDetect.Visibility.NONE)
                .visibility(PropertyAccessor.IS_GETTER, JsonAutoDetect.Visibility.NONE)
                .visibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                .build();
    }

    /** A codec over {@link MessageCatalog#standard()}. */
    public static JsonCodec standard() {
        return new JsonCodec(MessageCatalog.standard());
    }

    public MessageCatalog catalog() {
        return catalog;
    }

    // ---------------------------------------------------------------- writing

    public byte[] encode(Envelope envelope) {
        return toJson(envelope).getBytes(StandardCharsets.UTF_8);
    }

    public String toJson(Envelope envelope) {
        try {
            return mapper.writeValueAsString(toTree(envelope));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + envelope.payload().getClass().getName(), e);
        }
    }

    /** The JSON tree of an envelope, members in wire order. */
    public ObjectNode toTree(Envelope envelope) {
        MessageCatalog.Entry entry = catalog.entryOf(envelope.payload());
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("type", entry.type());
        node.put("version", entry.version());
        node.put("eventId", envelope.eventId().toString());
        node.put("causationId", envelope.causationId() == null ? null : envelope.causationId().toString());
        node.put("correlationId", envelope.correlationId());
        node.put("aggregateId", envelope.aggregateId());
        node.put("sequence", envelope.sequence());
        ObjectNode actor = node.putObject("actor");
        actor.put("role", envelope.actor().role().name());
        actor.put("id", envelope.actor().id());
        node.put("occurredAt", envelope.occurredAt().toString());
        node.put("previousHash", envelope.previousHash());
        node.put("hash", envelope.hash());
        node.set("payload", mapper.valueToTree(envelope.payload()));
        return node;
    }

    /** The JSON of a payload alone (for projections, logs and the AsyncAPI examples). */
    public ObjectNode payloadTree(Message payload) {
        return mapper.valueToTree(payload);
    }

    /**
     * Seals an event into its aggregate's chain: sets {@code previousHash} (the hash of the
     * aggregate's previous event, or {@link Envelope#GENESIS_HASH} for sequence 1) and computes
     * {@code hash} over the canonical bytes ({@link Canonical}).
     */
    public Envelope seal(Envelope event, String previousHash) {
        if (event.isCommand()) {
            throw new IllegalArgumentException("commands are not chained; only events are sealed");
        }
        if (previousHash == null) {
            throw new IllegalArgumentException("previousHash is required (Envelope.GENESIS_HASH for sequence 1)");
        }
        if (event.sequence() == 1 && !previousHash.equals(Envelope.GENESIS_HASH)) {
            throw new IllegalArgumentException("the first event of an aggregate chains to GENESIS_HASH");
        }
        Envelope withPrevious = event.withChain(previousHash, null);
        return withPrevious.withChain(previousHash, hashOf(withPrevious));
    }

    /** The hash an envelope should carry, computed from its canonical bytes (its own hash ignored). */
    public String hashOf(Envelope envelope) {
        return Canonical.sha256Hex(Canonical.bytesWithoutHash(toTree(envelope)));
    }

    // ---------------------------------------------------------------- reading

    public Envelope decode(byte[] json) {
        if (json == null) {
            throw new DecodingException("empty record: no value to decode");
        }
        return decode(new String(json, StandardCharsets.UTF_8));
    }

    public Envelope decode(String json) {
        JsonNode root;
        try {
            root = mapper.readTree(json);
        } catch (JacksonException e) {
            throw new DecodingException("malformed JSON at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new DecodingException("unreadable JSON: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new DecodingException("an envelope must be a JSON object, got "
                    + (root == null ? "nothing" : root.getNodeType().name().toLowerCase()));
        }
        return decode((ObjectNode) root);
    }

    /** Reads an envelope from its JSON tree (the tree is not modified). */
    public Envelope decode(ObjectNode root) {
        String type = text(root, "type", true);
        int version = integer(root, "version");
        MessageCatalog.Entry entry = catalog.byType(type).orElseThrow(() -> new DecodingException(
                "unknown message type '" + type + "' (not in the catalogue of this service)"));
        if (version > entry.version()) {
            throw new DecodingException("version " + version + " of " + type + " is newer than the latest this"
                    + " service knows (" + entry.version() + ")");
        }
        if (version < 1) {
            throw new DecodingException("version of " + type + " must be >= 1, got " + version);
        }
        JsonNode payloadNode = root.get("payload");
        if (payloadNode == null || !payloadNode.isObject()) {
            throw new DecodingException("field 'payload' of " + type + " must be a JSON object");
        }
        ObjectNode payloadJson = ((ObjectNode) payloadNode).deepCopy();
        for (int v = version; v < entry.version(); v++) {
            int from = v;
            Upcaster upcaster = catalog.upcaster(type, from).orElseThrow(() -> new DecodingException(
                    "version " + from + " of " + type + " cannot be read: no upcaster to version " + (from + 1)
                            + " (current " + entry.version() + ")"));
            payloadJson = upcaster.upcast(payloadJson);
        }
        Message payload = readPayload(type, payloadJson, entry);

        String hash = text(root, "hash", false);
        Envelope envelope;
        try {
            envelope = new Envelope(uuid(root, "eventId", true), uuid(root, "causationId", false),
                    text(root, "correlationId", false), text(root, "aggregateId", true), longValue(root, "sequence"),
                    actor(root), instant(root, "occurredAt"), text(root, "previousHash", false), hash, payload);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new DecodingException("invalid envelope of " + type + ": " + e.getMessage());
        }
        if (hash != null) {
            String expected = Canonical.sha256Hex(Canonical.bytesWithoutHash(root));
            if (!expected.equals(hash)) {
                throw new DecodingException("hash mismatch in " + type + " " + envelope.eventId() + " of "
                        + envelope.aggregateId() + " #" + envelope.sequence()
                        + ": the record was altered after it was sealed");
            }
        }
        return envelope;
    }

    private Message readPayload(String type, ObjectNode payloadJson, MessageCatalog.Entry entry) {
        try {
            return mapper.treeToValue(payloadJson, entry.javaType());
        } catch (ValueInstantiationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new DecodingException("invalid payload of " + type + ": " + cause.getMessage());
        } catch (JsonMappingException e) {
            throw new DecodingException("invalid payload of " + type + " at " + path(e) + ": " + e.getOriginalMessage());
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new DecodingException("invalid payload of " + type + ": " + e.getMessage(), e);
        }
    }

    private static String path(JsonMappingException e) {
        StringBuilder path = new StringBuilder("payload");
        for (JsonMappingException.Reference ref : e.getPath()) {
            path.append(ref.getFieldName() != null ? "." + ref.getFieldName() : "[" + ref.getIndex() + "]");
        }
        return path.toString();
    }

    private static Actor actor(ObjectNode root) {
        JsonNode node = root.get("actor");
        if (node == null || !node.isObject()) {
            throw new DecodingException("field 'actor' must be an object {\"role\":…,\"id\":…}");
        }
        String role = text((ObjectNode) node, "role", true);
        try {
            return new Actor(Actor.Role.valueOf(role), text((ObjectNode) node, "id", true));
        } catch (IllegalArgumentException e) {
            throw new DecodingException("unknown actor role '" + role + "'");
        }
    }

    private static String text(ObjectNode node, String field, boolean required) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            if (required) {
                throw new DecodingException("missing field '" + field + "'");
            }
            return null;
        }
        if (!value.isTextual()) {
            throw new DecodingException("field '" + field + "' must be a string, got " + value);
        }
        return value.asText();
    }

    private static int integer(ObjectNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isInt()) {
            throw new DecodingException("field '" + field + "' must be an integer, got " + value);
        }
        return value.intValue();
    }

    private static long longValue(ObjectNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isIntegralNumber() || !value.canConvertToLong()) {
            throw new DecodingException("field '" + field + "' must be an integer, got " + value);
        }
        return value.longValue();
    }

    private static UUID uuid(ObjectNode node, String field, boolean required) {
        String text = text(node, field, required);
        if (text == null) {
            return null;
        }
        try {
            return UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            throw new DecodingException("field '" + field + "' must be a UUID, got '" + text + "'");
        }
    }

    private static Instant instant(ObjectNode node, String field) {
        String text = text(node, field, true);
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new DecodingException("field '" + field + "' must be an ISO-8601 instant, got '" + text + "'");
        }
    }
}
