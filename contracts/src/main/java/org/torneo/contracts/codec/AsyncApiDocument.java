package org.torneo.contracts.codec;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.torneo.contracts.Actor;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;

/**
 * Renders the AsyncAPI 3.0 description of every topic and message in the catalogue
 * (contracts/asyncapi.yaml). The payload schemas are derived from the records, so the document
 * is regenerated rather than written by hand:
 * {@code ./mvnw -o -pl contracts test -Dtest=AsyncApiCompletenessTest -Dtorneo.asyncapi.write=true}.
 */
public final class AsyncApiDocument {

    private final MessageCatalog catalog;

    public AsyncApiDocument(MessageCatalog catalog) {
        this.catalog = catalog;
    }

    /** The channel id of a topic: its name without the "torneo." prefix, dots as dashes. */
    public static String channelId(TopicSpec topic) {
        return topic.name().replaceFirst("^torneo\\.", "").replace('.', '-');
    }

    public Map<String, Object> tree() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("asyncapi", "3.0.0");
        doc.put("info", info());
        doc.put("defaultContentType", "application/json");
        doc.put("servers", map("local", map("host", "localhost:9092", "protocol", "kafka",
                "description", "The local stack (deploy/local): a KRaft broker on loopback.")));

        Map<String, Object> channels = new LinkedHashMap<>();
        Map<String, Object> operations = new LinkedHashMap<>();
        for (TopicSpec topic : Topics.ALL) {
            Map<String, Object> messages = messagesOn(topic);
            String id = channelId(topic);
            channels.put(id, channel(topic, messages));
            List<Object> refs = new ArrayList<>();
            messages.keySet().forEach(m -> refs.add(map("$ref", "#/channels/" + id + "/messages/" + m)));
            operations.put("send-" + id, map(
                    "action", "send",
                    "summary", "Written by " + topic.writtenBy(),
                    "channel", map("$ref", "#/channels/" + id),
                    "messages", refs));
        }
        doc.put("channels", channels);
        doc.put("operations", operations);
        doc.put("components", map(
                "messages", componentMessages(),
                "schemas", map("Envelope", envelopeSchema())));
        return doc;
    }

    /** The document's title and the envelope's shape and chaining, in words. */
    private static Map<String, Object> info() {
        return map(
                "title", "Torneo event streams",
                "version", "1.0.0",
                "description", "Every command and event of the Torneo services (game, clock, pairing, rating)."
                        + " Each Kafka record value is a JSON envelope {type, version, eventId, causationId,"
                        + " correlationId, aggregateId, sequence, actor, occurredAt, previousHash, hash, payload}."
                        + " Events of one aggregate are numbered from 1 and chained by SHA-256 (hash over the"
                        + " canonical JSON without the hash member: object members sorted by name, no whitespace,"
                        + " UTF-8); commands have sequence 0 and no hash. Generated from the contracts module"
                        + " (org.torneo.contracts.codec.AsyncApiDocument).");
    }

    /** The messages a topic carries: the catalogue's, and the records that are not envelopes on three topics. */
    private Map<String, Object> messagesOn(TopicSpec topic) {
        Map<String, Object> messages = new LinkedHashMap<>();
        for (MessageCatalog.Entry entry : catalog.onTopic(topic)) {
            messages.put(entry.type(), map("$ref", "#/components/messages/" + entry.type()));
        }
        if (topic.name().equals(Topics.DEAD_LETTER.name())) {
            messages.put("deadletter.Record", map("$ref", "#/components/messages/deadletter.Record"));
        }
        if (topic.name().equals(Topics.CHAIN_HEADS.name())) {
            messages.put("signing.ChainHeads", map("$ref", "#/components/messages/signing.ChainHeads"));
        }
        if (topic.name().equals(Topics.CHAIN_ANCHORS.name())) {
            messages.put("signing.Checkpoint", map("$ref", "#/components/messages/signing.Checkpoint"));
        }
        return messages;
    }

    /** A topic as a channel, with its Kafka binding (partitions, cleanup policy, retention). */
    private static Map<String, Object> channel(TopicSpec topic, Map<String, Object> messages) {
        return map(
                "address", topic.name(),
                "description", topic.description(),
                "x-key", topic.key(),
                "x-written-by", topic.writtenBy(),
                "messages", messages,
                "bindings", map("kafka", map(
                        "topic", topic.name(),
                        "partitions", topic.partitions(),
                        "topicConfiguration", map(
                                "cleanup.policy", List.of(topic.cleanup()),
                                "retention.ms", topic.retentionMs()),
                        "bindingVersion", "0.5.0")));
    }

    /** Every catalogue message, then the three records that are not envelopes. */
    private Map<String, Object> componentMessages() {
        Map<String, Object> componentMessages = new LinkedHashMap<>();
        for (MessageCatalog.Entry entry : catalog.entries()) {
            componentMessages.put(entry.type(), message(entry));
        }
        componentMessages.put("deadletter.Record", map(
                "name", "deadletter.Record",
                "title", "A record that could not be decoded or processed",
                "summary", "The original key and value bytes, unchanged; the reason and origin in the headers.",
                "headers", map("type", "object", "properties", map(
                        "dead-letter-reason", map("type", "string"),
                        "dead-letter-topic", map("type", "string"),
                        "dead-letter-partition", map("type", "string"),
                        "dead-letter-offset", map("type", "string"))),
                "payload", map("description", "the original record value, as it was (possibly not JSON)")));
        componentMessages.put("signing.ChainHeads", map(
                "name", "signing.ChainHeads",
                "title", "One committed transaction's events, signed by the service that wrote them",
                "summary", "A C2SP signed note (text/plain, UTF-8): 'torneo/heads/<service>', 'signed <instant>', then"
                        + " one line per event written '<topic> <sequence> <hash> <aggregate id>'; a blank line; the"
                        + " Ed25519 signature line (org.torneo.contracts.signing.ChainHeads).",
                "contentType", "text/plain",
                "payload", map("type", "string")));
        componentMessages.put("signing.Checkpoint", map(
                "name", "signing.Checkpoint",
                "title", "A round's anchor: every chain head of the tournament when the round closed, signed",
                "summary", "A C2SP signed note in tlog-checkpoint layout: origin 'torneo/<tournament>/round/<n>', size,"
                        + " base64 root hash, 'signed <instant>', one line per chain and topic '<topic> <sequence> <hash>"
                        + " <aggregate id>' (org.torneo.contracts.signing.Checkpoint).",
                "contentType", "text/plain",
                "payload", map("type", "string")));
        return componentMessages;
    }

    /**
     * The document as YAML, written by Jackson's YAML module: block style, strings quoted only where YAML would read
     * them otherwise ("yes", "1-0", "null", a colon ...), lines never folded.
     */
    public String yaml() {
        try {
            return "# Generated by org.torneo.contracts.codec.AsyncApiDocument; regenerate with\n"
                    + "# ./mvnw -o -pl contracts test -Dtest=AsyncApiCompletenessTest -Dtorneo.asyncapi.write=true\n"
                    + YAML.writeValueAsString(tree());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the AsyncAPI tree is not writable as YAML: " + e.getMessage(), e);
        }
    }

    private static final YAMLMapper YAML = YAMLMapper.builder(YAMLFactory.builder()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                    .disable(YAMLGenerator.Feature.SPLIT_LINES)
                    .build())
            .build();

    private Map<String, Object> message(MessageCatalog.Entry entry) {
        Class<?> type = entry.javaType();
        Map<String, Object> envelopeSpecific = map(
                "type", "object",
                "properties", map(
                        "type", map("const", entry.type()),
                        "version", map("const", entry.version()),
                        "payload", recordSchema(type)));
        return map(
                "name", entry.type(),
                "title", type.getSimpleName() + (entry.isCommand() ? " (command)" : " (event)"),
                "summary", "version " + entry.version() + ", on " + entry.topic().name(),
                "x-java-type", type.getName(),
                "x-version", entry.version(),
                "bindings", map("kafka", map(
                        "key", map("type", "string", "description", entry.topic().key()),
                        "bindingVersion", "0.5.0")),
                "payload", map("allOf", List.of(map("$ref", "#/components/schemas/Envelope"), envelopeSpecific)));
    }

    private static Map<String, Object> envelopeSchema() {
        Map<String, Object> hash = map("type", List.of("string", "null"), "pattern", "^[0-9a-f]{64}$");
        return map(
                "type", "object",
                "required", List.of("type", "version", "eventId", "aggregateId", "sequence", "actor", "occurredAt",
                        "payload"),
                "properties", map(
                        "type", map("type", "string", "description", "message type name, e.g. game.MovePlayed"),
                        "version", map("type", "integer", "minimum", 1),
                        "eventId", map("type", "string", "format", "uuid",
                                "description", "event id, or for a command the command id (idempotency key)"),
                        "causationId", map("type", List.of("string", "null"), "format", "uuid",
                                "description", "the command (or event) that caused this event"),
                        "correlationId", map("type", List.of("string", "null")),
                        "aggregateId", map("type", "string", "description", "game, clock or tournament id"),
                        "sequence", map("type", "integer", "format", "int64", "minimum", 0,
                                "description", "position in the aggregate from 1; 0 for commands"),
                        "actor", map("type", "object", "required", List.of("role", "id"), "properties", map(
                                "role", enumSchema(Actor.Role.class, false),
                                "id", map("type", "string"))),
                        "occurredAt", map("type", "string", "format", "date-time"),
                        "previousHash", hash,
                        "hash", hash,
                        "payload", map("type", "object")));
    }

    /** The JsonInclude of a record component (on its field), or null. */
    private static com.fasterxml.jackson.annotation.JsonInclude fieldInclude(Class<?> record, String name) {
        try {
            return record.getDeclaredField(name).getAnnotation(com.fasterxml.jackson.annotation.JsonInclude.class);
        } catch (NoSuchFieldException e) {
            return null;
        }
    }

    private static Map<String, Object> recordSchema(Class<?> record) {
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (RecordComponent component : record.getRecordComponents()) {
            properties.put(component.getName(), schema(component.getType(), component.getGenericType()));
            com.fasterxml.jackson.annotation.JsonInclude include = fieldInclude(record, component.getName());
            if (include == null || include.value() != com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) {
                required.add(component.getName()); // a member written only when present is optional
            }
        }
        return map("type", "object", "x-java-type", record.getName(), "required", required,
                "additionalProperties", false, "properties", properties);
    }

    private static Map<String, Object> schema(Class<?> raw, Type generic) {
        if (raw == int.class) {
            return map("type", "integer", "format", "int32");
        }
        if (raw == long.class) {
            return map("type", "integer", "format", "int64");
        }
        if (raw == boolean.class) {
            return map("type", "boolean");
        }
        if (raw == double.class || raw == float.class) {
            return map("type", "number");
        }
        if (raw == Integer.class || raw == Short.class) {
            return map("type", List.of("integer", "null"), "format", "int32");
        }
        if (raw == Long.class) {
            return map("type", List.of("integer", "null"), "format", "int64");
        }
        if (raw == Boolean.class) {
            return map("type", List.of("boolean", "null"));
        }
        if (raw == Double.class) {
            return map("type", List.of("number", "null"));
        }
        if (raw == String.class) {
            return map("type", List.of("string", "null"));
        }
        if (raw == Instant.class) {
            return map("type", List.of("string", "null"), "format", "date-time");
        }
        if (raw == UUID.class) {
            return map("type", List.of("string", "null"), "format", "uuid");
        }
        if (raw.isEnum()) {
            return enumSchema(raw, true);
        }
        if (raw == List.class || raw == Set.class) {
            Type element = ((ParameterizedType) generic).getActualTypeArguments()[0];
            return map("type", "array", "items", schema(rawOf(element), element));
        }
        if (raw == Map.class) {
            Type value = ((ParameterizedType) generic).getActualTypeArguments()[1];
            return map("type", "object", "additionalProperties", schema(rawOf(value), value));
        }
        if (raw.isRecord()) {
            return recordSchema(raw);
        }
        if (raw.isSealed()) {
            List<Object> options = new ArrayList<>();
            for (Class<?> permitted : raw.getPermittedSubclasses()) {
                options.add(schema(permitted, permitted));
            }
            return map("oneOf", options);
        }
        return map("description", "Java type " + generic.getTypeName());
    }

    private static Map<String, Object> enumSchema(Class<?> type, boolean nullable) {
        List<Object> values = new ArrayList<>();
        Arrays.stream(type.getEnumConstants()).forEach(c -> values.add(((Enum<?>) c).name()));
        if (nullable) {
            values.add(null);
        }
        return map("type", nullable ? List.of("string", "null") : "string", "enum", values);
    }

    private static Class<?> rawOf(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        return Object.class;
    }

    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
