package org.torneo.audit.log;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.Canonical;
import org.torneo.contracts.codec.DecodingException;
import org.torneo.contracts.codec.JsonCodec;

/**
 * A tournament's exported history: JSON Lines, one record per line, {@code {"topic":…,"envelope":{…}}} where the
 * envelope is exactly the codec's wire form. The topic sits beside the envelope, not inside it, so the sealed bytes
 * (and their hash) are those the service wrote.
 */
public final class EventLog {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** A line that could not be read at all, with the reason. */
    public record Unreadable(int line, String reason) {
    }

    /**
     * A signed note read from the log (a service's chain heads, torneo.chain.heads): its line and its text as
     * published; the audit judges it (org.torneo.audit.chain.SignatureAudit).
     */
    public record LoggedNote(int line, String topic, String note) {
    }

    public record Read(List<LoggedEvent> events, List<Unreadable> unreadable, List<LoggedNote> notes) {
        public Read {
            events = List.copyOf(events);
            unreadable = List.copyOf(unreadable);
            notes = List.copyOf(notes);
        }

        public Read(List<LoggedEvent> events, List<Unreadable> unreadable) {
            this(events, unreadable, List.of());
        }
    }

    private EventLog() {
    }

    /** One export line for an envelope read from {@code topic}. */
    public static String line(JsonCodec codec, String topic, Envelope envelope) {
        ObjectNode wrapper = MAPPER.createObjectNode();
        wrapper.put("topic", topic);
        wrapper.set("envelope", codec.toTree(envelope));
        return wrapper.toString();
    }

    /** One export line for a record whose envelope JSON is kept byte for byte as it was on the topic. */
    public static String line(String topic, String envelopeJson) {
        // the envelope goes in raw, not re-serialised: its hash covers its bytes as they were on the topic
        java.io.StringWriter text = new java.io.StringWriter();
        try (com.fasterxml.jackson.core.JsonGenerator json = MAPPER.getFactory().createGenerator(text)) {
            json.writeStartObject();
            json.writeStringField("topic", topic);
            json.writeFieldName("envelope");
            json.writeRawValue(envelopeJson.strip());
            json.writeEndObject();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("a string writer does not fail", e);
        }
        return text.toString();
    }

    /** One export line for a signed note (chain heads) read from {@code topic}: {@code {"topic":…,"note":"…"}}. */
    public static String noteLine(String topic, String note) {
        ObjectNode wrapper = MAPPER.createObjectNode();
        wrapper.put("topic", topic);
        wrapper.put("note", note);
        return wrapper.toString();
    }

    /**
     * Reads every line; a record whose content no longer matches its hash is kept (flagged), a line that is not
     * an envelope at all is listed with its line number and reason. Blank lines are skipped.
     */
    public static Read read(JsonCodec codec, List<String> lines) {
        List<LoggedEvent> events = new ArrayList<>();
        List<Unreadable> unreadable = new ArrayList<>();
        List<LoggedNote> notes = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            int lineNumber = i + 1;
            String text = lines.get(i);
            if (text.isBlank()) {
                continue;
            }
            if (text.startsWith("{\"topic\":") && text.contains("\"note\":")) {
                try {
                    JsonNode root = MAPPER.readTree(text);
                    if (root.path("topic").isTextual() && root.path("note").isTextual()) {
                        notes.add(new LoggedNote(lineNumber, root.get("topic").asText(), root.get("note").asText()));
                        continue;
                    }
                } catch (Exception e) {
                    // not a note line: read below as an envelope, which words the error
                }
            }
            try {
                events.add(readLine(codec, lineNumber, text));
            } catch (DecodingException e) {
                unreadable.add(new Unreadable(lineNumber, e.getMessage()));
            } catch (RuntimeException | StackOverflowError e) {
                // whatever a line holds, it is that line's problem: listed with its reason, the others still read
                unreadable.add(new Unreadable(lineNumber, e.toString()));
            }
        }
        return new Read(events, unreadable, notes);
    }

    private static LoggedEvent readLine(JsonCodec codec, int lineNumber, String text) {
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (Exception e) {
            throw new DecodingException("malformed JSON: " + e.getMessage());
        }
        if (root == null || !root.isObject() || !root.path("topic").isTextual() || !root.path("envelope").isObject()) {
            throw new DecodingException("expected {\"topic\":\"…\",\"envelope\":{…}}");
        }
        ObjectNode envelopeJson = (ObjectNode) root.get("envelope");
        JsonNode hashNode = envelopeJson.get("hash");
        String carried = hashNode == null || hashNode.isNull() ? null : hashNode.asText();
        boolean matches = carried == null
                || carried.equals(Canonical.sha256Hex(Canonical.bytesWithoutHash(envelopeJson)));
        ObjectNode unsealed = envelopeJson.deepCopy();
        unsealed.remove("hash");
        Envelope envelope;
        envelope = codec.decode(unsealed);
        if (carried != null) {
            envelope = envelope.withChain(envelope.previousHash(), carried);
        }
        return new LoggedEvent(lineNumber, root.get("topic").asText(), envelope, matches);
    }
}
