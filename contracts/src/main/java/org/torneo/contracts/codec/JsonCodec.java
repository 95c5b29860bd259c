package org.torneo.contracts.codec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Message;

/**
 * Reads and writes envelopes as JSON. The wire form is the envelope's canonical JSON ({@link Canonical}: every
 * object's members in name order, no whitespace) with its "hash" member in its place, so removing that member
 * gives exactly the bytes the hash was computed over:
 * <pre>
 * {"actor":{"id":"p-7","role":"PLAYER"},"aggregateId":"g-1","causationId":"…","correlationId":null,
 *  "eventId":"…","hash":"…","occurredAt":"2026-05-01T15:04:05.123Z","payload":{…},"previousHash":"…",
 *  "sequence":7,"type":"game.MovePlayed","version":1}
 * </pre>
 * Readers accept the members in any order (older records were written type first).
 * Instants are ISO-8601 UTC strings, enums their names, absent optional fields null. Reading an
 * unknown type, a version newer than the catalogue's, an older version without an upcaster, a
 * payload with unknown or invalid fields, or a hash that does not match the canonical bytes
 * throws {@link DecodingException} with the reason; nothing is ever defaulted silently.
 * Thread-safe.
 */
public final class JsonCodec {

    /**
     * How deep a record may nest objects and arrays. Jackson's own default, written down so that an upgrade cannot
     * move it: a message nests a few levels; anything near this is an attack or a bug, and is refused as such.
     */
    public static final int MAX_NESTING_DEPTH = 1_000;
    /** The most digits a number may have (Jackson's default): no field of a message needs more than 19. */
    public static final int MAX_NUMBER_LENGTH = 1_000;
    /**
     * The longest string a record may hold, in characters: a record is at most about 1 MiB on the broker (the
     * runtime refuses to publish an event over 900 KiB), so a longer string can only come from elsewhere.
     */
    public static final int MAX_STRING_LENGTH = 1 << 20;

    private static final StreamReadConstraints READ_LIMITS = StreamReadConstraints.builder()
            .maxNestingDepth(MAX_NESTING_DEPTH)
            .maxNumberLength(MAX_NUMBER_LENGTH)
            .maxStringLength(MAX_STRING_LENGTH)
            .build();

    private final MessageCatalog catalog;
    private final ObjectMapper mapper;
    /** Writes payloads straight in canonical member order (the same bytes as sorting their trees). */
    private final ObjectMapper canonicalMapper;
    /** Reads what {@link CanonicalWire} found canonical: the mapper's limits, no search for a member twice. */
    private final JsonFactory canonicalReadFactory;

    public JsonCodec(MessageCatalog catalog) {
        this.catalog = catalog;
        this.mapper = mapperBuilder().build();
        this.canonicalMapper = mapperBuilder()
                .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
                .disable(MapperFeature.SORT_CREATOR_PROPERTIES_FIRST)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                .build();
        this.canonicalReadFactory = mapper.getFactory().rebuild()
                .disable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
    }

    private static JsonMapper.Builder mapperBuilder() {
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(READ_LIMITS)
                // a member written twice would let two readers see two different records under one hash
                .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        return JsonMapper.builder(factory)
                .addModule(new JavaTimeModule())
                .addModule(FAST_INSTANTS)
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
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE);
    }

    /** Instants in the common shape without java.time.format (same text, same values; see IsoInstant). */
    private static final SimpleModule FAST_INSTANTS = new SimpleModule("torneo-instants")
            .addSerializer(Instant.class, new StdSerializer<>(Instant.class) {
                @Override
                public void serialize(Instant value, JsonGenerator generator, SerializerProvider provider)
                        throws IOException {
                    generator.writeString(IsoInstant.format(value));
                }
            })
            .addDeserializer(Instant.class, new StdScalarDeserializer<>(Instant.class) {
                private final JsonDeserializer<Instant> standard = InstantDeserializer.INSTANT;

                @Override
                public Instant deserialize(JsonParser parser, DeserializationContext context) throws IOException {
                    if (parser.hasToken(JsonToken.VALUE_STRING)) {
                        Instant fast = IsoInstant.parseCommonShape(parser.getText());
                        if (fast != null) {
                            return fast;
                        }
                    }
                    return standard.deserialize(parser, context);
                }
            });

    /** A codec over {@link MessageCatalog#standard()}. */
    public static JsonCodec standard() {
        return new JsonCodec(MessageCatalog.standard());
    }

    public MessageCatalog catalog() {
        return catalog;
    }

    // ---------------------------------------------------------------- writing

    /** The wire form: the canonical JSON with the envelope's hash member, when it has one, in its place. */
    public byte[] encode(Envelope envelope) {
        Canonical.Split canonical = canonicalWithoutHash(envelope);
        return envelope.hash() == null ? canonical.bytes() : canonical.withHash(envelope.hash());
    }

    public String toJson(Envelope envelope) {
        return new String(encode(envelope), StandardCharsets.UTF_8);
    }

    /**
     * Writes the canonical JSON of an envelope without its hash (see {@link Canonical}) straight from the record:
     * the envelope's members in name order by hand, the payload by a mapper that sorts members and map keys.
     * CanonicalTest holds it equal, for every message in the catalogue, to the definition's tree route.
     */
    private Canonical.Split canonicalWithoutHash(Envelope envelope) {
        MessageCatalog.Entry entry = catalog.entryOf(envelope.payload());
        ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        try (JsonGenerator generator = canonicalMapper.getFactory().createGenerator(out, JsonEncoding.UTF8)) {
            generator.writeStartObject();
            generator.writeFieldName("actor");
            generator.writeStartObject();
            generator.writeStringField("id", envelope.actor().id());
            generator.writeStringField("role", envelope.actor().role().name());
            generator.writeEndObject();
            generator.writeStringField("aggregateId", envelope.aggregateId());
            generator.writeStringField("causationId",
                    envelope.causationId() == null ? null : envelope.causationId().toString());
            generator.writeStringField("correlationId", envelope.correlationId());
            generator.writeStringField("eventId", envelope.eventId().toString());
            generator.flush();
            int hashAt = out.size(); // "hash" sorts between "eventId" and "occurredAt"
            generator.writeStringField("occurredAt", IsoInstant.format(envelope.occurredAt()));
            generator.writeFieldName("payload");
            canonicalMapper.writeValue(generator, envelope.payload());
            generator.writeStringField("previousHash", envelope.previousHash());
            generator.writeNumberField("sequence", envelope.sequence());
            generator.writeStringField("type", entry.type());
            generator.writeNumberField("version", entry.version());
            generator.writeEndObject();
            generator.flush();
            return new Canonical.Split(out.toByteArray(), hashAt);
        } catch (IOException e) {
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
        node.put("occurredAt", IsoInstant.format(envelope.occurredAt()));
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
        return sealAndEncode(event, previousHash).envelope();
    }

    /** A sealed event with its wire bytes, written once for both (the hash is taken over the same bytes). */
    public record Sealed(Envelope envelope, byte[] bytes) {
    }

    /** {@link #seal} and {@link #encode} of the result in one canonical write. */
    public Sealed sealAndEncode(Envelope event, String previousHash) {
        if (event.isCommand()) {
            throw new IllegalArgumentException("commands are not chained; only events are sealed");
        }
        if (previousHash == null) {
            throw new IllegalArgumentException("previousHash is required (Envelope.GENESIS_HASH for sequence 1)");
        }
        if (event.sequence() == 1 && !previousHash.equals(Envelope.GENESIS_HASH)) {
            throw new IllegalArgumentException("the first event of an aggregate chains to GENESIS_HASH");
        }
        Canonical.Split canonical = canonicalWithoutHash(event.withChain(previousHash, null));
        String hash = Canonical.sha256Hex(canonical.bytes());
        return new Sealed(event.withChain(previousHash, hash), canonical.withHash(hash));
    }

    /** The hash an envelope should carry, computed from its canonical bytes (its own hash ignored). */
    public String hashOf(Envelope envelope) {
        return Canonical.sha256Hex(canonicalWithoutHash(envelope).bytes());
    }

    // ---------------------------------------------------------------- reading

    /**
     * Reads an envelope from its wire bytes.
     *
     * @throws DecodingException with what is wrong and where when known; never any other exception, whatever the
     *                           bytes (a record is one record's problem: the reader dead-letters it and goes on)
     */
    public Envelope decode(byte[] json) {
        if (json == null) {
            throw new DecodingException("empty record: no value to decode");
        }
        try {
            Envelope fast = decodeStreamed(json);
            return fast != null ? fast : decodeText(new String(json, StandardCharsets.UTF_8));
        } catch (DecodingException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw unexpected(e);
        }
    }

    /**
     * A failure no check foresaw (a bug in a record's constructor, an upcaster, Jackson): still the record's problem,
     * reported as a DecodingException naming what was thrown.
     */
    private static DecodingException unexpected(Throwable e) {
        return new DecodingException("unreadable record (" + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")", e);
    }

    /** Jackson's error as a reason: what, and the line and column when the parser knew them. */
    private static DecodingException malformed(JacksonException e) {
        if (e instanceof StreamConstraintsException) {
            return new DecodingException("record exceeds a size limit" + where(e) + ": " + e.getOriginalMessage(), e);
        }
        return new DecodingException("malformed JSON" + where(e) + ": " + e.getOriginalMessage(), e);
    }

    private static String where(JacksonException e) {
        var location = e.getLocation();
        if (location == null || location.getLineNr() < 0) {
            return "";
        }
        return " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    /**
     * The streaming path for envelopes at the current version: one pass over the bytes, the payload read from a token
     * buffer instead of a tree; a sealed one's hash checked over its bytes as written, less the hash member, when they
     * are already canonical ({@link CanonicalWire}: as the codec writes every record). Null for anything else, and
     * for anything wrong (a hash mismatch included), so that the tree path below decides it and words the error:
     * both paths read a record they both accept to the same envelope.
     */
    Envelope decodeStreamed(byte[] json) {
        return decodeStreamed(json, true);
    }

    /**
     * Reads an envelope for a reader that only displays what the services sealed and checked (the feed; the audit
     * verifies the chains): its hash member, whatever it holds, is neither checked nor kept (the envelope comes back
     * unsealed), every other member is read as strictly as by {@link #decode(byte[])}, by the streaming path alone,
     * for a sealed record in canonical form (as the services write them). Null for any other (an older version,
     * anything doubtful or wrong, a fraction the tree would round): the caller reads it from its tree then
     * ({@link #decode(ObjectNode)} without the hash member), which gives the same envelope for any record both read.
     */
    public Envelope decodeStreamedWithoutHash(byte[] json) {
        return json == null ? null : decodeStreamed(json, false);
    }

    private Envelope decodeStreamed(byte[] json, boolean checkHash) {
        int[] hashMember = CanonicalWire.hashMember(json);
        if (!checkHash && hashMember == null) {
            return null;
        }
        StreamedMembers members = new StreamedMembers(checkHash);
        // canonical bytes hold no member twice (names strictly in order, one hash): no need to look for one
        JsonFactory factory = hashMember != null ? canonicalReadFactory : mapper.getFactory();
        try (JsonParser parser = factory.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                if (!members.read(name, parser.nextToken(), parser)) {
                    return null;
                }
            }
            if (parser.currentToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
                return null;
            }
        } catch (IOException | StreamedMembers.MissingValue e) {
            return null;
        }
        if (!members.complete()) {
            return null;
        }
        MessageCatalog.Entry entry = catalog.byType(members.type()).orElse(null);
        if (entry == null || members.version() != entry.version()) {
            return null;
        }
        // the SHA-256 of the canonical bytes without the hash member: the tree route's verdict without the tree
        if (members.hash() != null && (hashMember == null
                || !Canonical.sha256Hex(json, hashMember[0], hashMember[1]).equals(members.hash()))) {
            return null;
        }
        return members.toEnvelope(mapper, entry);
    }

    /** Reads an envelope from its JSON text; like {@link #decode(byte[])}, only DecodingException comes out. */
    public Envelope decode(String json) {
        if (json == null) {
            throw new DecodingException("empty record: no value to decode");
        }
        try {
            return decodeText(json);
        } catch (DecodingException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw unexpected(e);
        }
    }

    private Envelope decodeText(String json) {
        JsonNode root;
        try {
            root = mapper.readTree(json);
        } catch (JacksonException e) {
            throw malformed(e);
        } catch (IOException e) {
            throw new DecodingException("unreadable JSON: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new DecodingException("an envelope must be a JSON object, got "
                    + (root == null ? "nothing" : root.getNodeType().name().toLowerCase()));
        }
        return decodeTree((ObjectNode) root);
    }

    /**
     * Reads an envelope from its JSON tree (the tree is not modified); like {@link #decode(byte[])}, only
     * DecodingException comes out.
     */
    public Envelope decode(ObjectNode root) {
        if (root == null) {
            throw new DecodingException("empty record: no value to decode");
        }
        try {
            return decodeTree(root);
        } catch (DecodingException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw unexpected(e);
        }
    }

    private Envelope decodeTree(ObjectNode root) {
        String type = text(root, "type", true);
        int version = integer(root, "version");
        MessageCatalog.Entry entry = entryOf(type);
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
        // upcasters may change the tree they are given; the caller's tree is not to be modified
        ObjectNode payloadJson = version < entry.version() ? ((ObjectNode) payloadNode).deepCopy()
                : (ObjectNode) payloadNode;
        for (int v = version; v < entry.version(); v++) {
            int from = v;
            Upcaster upcaster = catalog.upcaster(type, from).orElseThrow(() -> new DecodingException(
                    "version " + from + " of " + type + " cannot be read: no upcaster to version " + (from + 1)
                            + " (current " + entry.version() + ")"));
            payloadJson = upcast(upcaster, type, from, payloadJson);
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

    /** An upcaster's failure (or a missing result) is the record's problem, named with the step that failed. */
    private static ObjectNode upcast(Upcaster upcaster, String type, int from, ObjectNode payload) {
        ObjectNode upcasted;
        try {
            upcasted = upcaster.upcast(payload);
        } catch (DecodingException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw new DecodingException("version " + from + " of " + type + " cannot be upcast to version "
                    + (from + 1) + ": " + e, e);
        }
        if (upcasted == null) {
            throw new DecodingException("version " + from + " of " + type + " cannot be upcast to version "
                    + (from + 1) + ": the upcaster returned nothing");
        }
        return upcasted;
    }

    /**
     * Reads a command given as its catalogue type and payload alone (an edge that takes any command, e.g. a REST
     * route): the same checks and errors as a payload inside an envelope, at the catalogue's current version.
     *
     * @throws DecodingException for an unknown type, a type that is not a command, or an invalid payload
     */
    public org.torneo.contracts.CommandMessage readCommand(String type, JsonNode payload) {
        try {
            return readCommandChecked(type, payload);
        } catch (DecodingException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw unexpected(e);
        }
    }

    private org.torneo.contracts.CommandMessage readCommandChecked(String type, JsonNode payload) {
        if (type == null || type.isBlank()) {
            throw new DecodingException("missing field 'type' (a command type of the catalogue, e.g. game.SealMove)");
        }
        MessageCatalog.Entry entry = entryOf(type);
        if (!entry.isCommand()) {
            throw new DecodingException("'" + type + "' is an event, not a command");
        }
        if (payload == null || !payload.isObject()) {
            throw new DecodingException("field 'payload' of " + type + " must be a JSON object");
        }
        return (org.torneo.contracts.CommandMessage) readPayload(type, (ObjectNode) payload, entry);
    }

    private MessageCatalog.Entry entryOf(String type) {
        return catalog.byType(type).orElseThrow(() -> new DecodingException(
                "unknown message type '" + type + "' (not in the catalogue of this service)"));
    }

    private Message readPayload(String type, ObjectNode payloadJson, MessageCatalog.Entry entry) {
        try {
            return mapper.treeToValue(payloadJson, entry.javaType());
        } catch (ValueInstantiationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new DecodingException("invalid payload of " + type + ": " + cause.getMessage());
        } catch (StreamConstraintsException e) {
            throw new DecodingException("payload of " + type + " exceeds a size limit: " + e.getOriginalMessage(), e);
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
            return IsoInstant.parse(text);
        } catch (DateTimeParseException e) {
            throw new DecodingException("field '" + field + "' must be an ISO-8601 instant, got '" + text + "'");
        }
    }
}
