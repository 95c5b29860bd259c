package org.torneo.contracts.codec;

import java.io.IOException;
import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.TokenBuffer;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Message;

/**
 * The streaming path of {@link JsonCodec#decode(byte[])} ({@code decodeStreamed}): the envelope's members as it reads
 * them, each at most once (null: absent or JSON null). Any doubt answers "not for this path", never an error: the
 * tree path then decides the record and words the error. A sealed record's hash is only read here: the codec checks
 * it against the bytes as written ({@link CanonicalWire}).
 */
final class StreamedMembers {
    private String type;
    private Integer version;
    private String eventId;
    private String causationId;
    private String correlationId;
    private String aggregateId;
    private Long sequence;
    private String role;
    private String actorId;
    private String occurredAt;
    private String previousHash;
    private String hash;
    private TokenBuffer payload;
    /** One bit per member read, to find a member written twice. */
    private int seen;
    /** False for a reader that neither checks nor keeps the hash: its value, whatever it is, is passed over. */
    private final boolean keepHash;

    StreamedMembers(boolean keepHash) {
        this.keepHash = keepHash;
    }

    String type() {
        return type;
    }

    Integer version() {
        return version;
    }

    /** The hash member's value; null for an unsealed envelope. */
    String hash() {
        return hash;
    }

    /** Reads one member's value; false when the record is not for this path (or wrong: the tree path says why). */
    boolean read(String name, JsonToken token, JsonParser parser) throws IOException, MissingValue {
        int bit;
        switch (name) {
            case "type" -> { bit = 1; type = string(parser, token, true); }
            case "version" -> {
                bit = 2;
                if (token != JsonToken.VALUE_NUMBER_INT || parser.getNumberType() != JsonParser.NumberType.INT) {
                    return false;
                }
                version = parser.getIntValue();
            }
            case "eventId" -> { bit = 4; eventId = string(parser, token, true); }
            case "causationId" -> { bit = 8; causationId = string(parser, token, false); }
            case "correlationId" -> { bit = 16; correlationId = string(parser, token, false); }
            case "aggregateId" -> { bit = 32; aggregateId = string(parser, token, true); }
            case "sequence" -> {
                bit = 64;
                if (token != JsonToken.VALUE_NUMBER_INT || parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    return false;
                }
                sequence = parser.getLongValue();
            }
            case "actor" -> {
                bit = 128;
                if (token != JsonToken.START_OBJECT || !readActor(parser)) {
                    return false;
                }
            }
            case "occurredAt" -> { bit = 256; occurredAt = string(parser, token, true); }
            case "previousHash" -> { bit = 512; previousHash = string(parser, token, false); }
            case "hash" -> {
                bit = 1024;
                if (keepHash) {
                    hash = string(parser, token, false);
                } else {
                    parser.skipChildren();
                }
            }
            case "payload" -> {
                bit = 2048;
                if (token != JsonToken.START_OBJECT) {
                    return false;
                }
                payload = TokenBuffer.asCopyOfValue(parser);
            }
            default -> {
                return false;
            }
        }
        if ((seen & bit) != 0) {
            return false; // a member twice
        }
        seen |= bit;
        return true;
    }

    /** The actor object: exactly a role and an id, each once. */
    private boolean readActor(JsonParser parser) throws IOException, MissingValue {
        int actorSeen = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String member = parser.currentName();
            JsonToken value = parser.nextToken();
            if (member.equals("role") && (actorSeen & 1) == 0) {
                role = string(parser, value, true);
                actorSeen |= 1;
            } else if (member.equals("id") && (actorSeen & 2) == 0) {
                actorId = string(parser, value, true);
                actorSeen |= 2;
            } else {
                return false;
            }
        }
        return actorSeen == 3;
    }

    boolean complete() {
        return type != null && version != null && eventId != null && aggregateId != null && sequence != null
                && role != null && occurredAt != null && payload != null;
    }

    /** The envelope, with its payload read as the catalogue's record; null when any value does not convert. */
    Envelope toEnvelope(ObjectMapper mapper, MessageCatalog.Entry entry) {
        try (JsonParser payloadParser = payload.asParser()) {
            Message message = mapper.readValue(payloadParser, entry.javaType());
            Instant at = IsoInstant.parseCommonShape(occurredAt);
            if (message == null || at == null) {
                return null;
            }
            return new Envelope(UUID.fromString(eventId), causationId == null ? null : UUID.fromString(causationId),
                    correlationId, aggregateId, sequence, new Actor(Actor.Role.valueOf(role), actorId), at,
                    previousHash, hash, message);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Thrown inside the streaming path where the tree path would report a missing or mistyped member. */
    static final class MissingValue extends Exception {
        MissingValue() {
            super(null, null, false, false);
        }
    }

    private static String string(JsonParser parser, JsonToken token, boolean required) throws IOException, MissingValue {
        if (token == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        if (token == JsonToken.VALUE_NULL && !required) {
            return null;
        }
        throw new MissingValue();
    }
}
