package org.torneo.audit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.torneo.contracts.codec.Canonical;

/** Edits an exported log the way a forger would: on the JSON, with or without fixing the hashes. */
final class LogSurgery {

    enum Seal {
        /** The hash is left as it was: the content no longer matches it. */
        NONE,
        /** Only the edited event's hash is recomputed: the next event still chains to the old one. */
        THIS_EVENT,
        /** The edited event and every later event of its chain are re-sealed: the chain is intact again. */
        WHOLE_CHAIN
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private LogSurgery() {
    }

    static ObjectNode parse(String line) {
        try {
            return (ObjectNode) MAPPER.readTree(line);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static String chainOf(ObjectNode line) {
        String aggregate = line.get("envelope").get("aggregateId").asText();
        return line.get("topic").asText().startsWith("torneo.clock") ? "clock:" + aggregate : aggregate;
    }

    /** Index of the first line whose wrapper matches. */
    static int find(List<String> lines, Predicate<ObjectNode> which) {
        for (int i = 0; i < lines.size(); i++) {
            ObjectNode line = parse(lines.get(i));
            if (line.has("envelope") && which.test(line)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no such line");
    }

    static Predicate<ObjectNode> type(String type) {
        return n -> n.get("envelope").get("type").asText().equals(type);
    }

    static Predicate<ObjectNode> event(String aggregate, long sequence) {
        return n -> n.get("envelope").get("aggregateId").asText().equals(aggregate)
                && n.get("envelope").get("sequence").asLong() == sequence && !n.get("topic").asText().startsWith("torneo.clock");
    }

    static String eventId(String line) {
        return parse(line).get("envelope").get("eventId").asText();
    }

    /** A copy of the log with the envelope at {@code index} edited, sealed as asked. */
    static List<String> edit(List<String> lines, int index, Consumer<ObjectNode> envelopeEdit, Seal seal) {
        List<String> out = new ArrayList<>(lines);
        ObjectNode target = parse(lines.get(index));
        ObjectNode envelope = (ObjectNode) target.get("envelope");
        envelopeEdit.accept(envelope);
        if (seal == Seal.NONE) {
            out.set(index, target.toString());
            return out;
        }
        String hash = rehash(envelope);
        out.set(index, target.toString());
        if (seal == Seal.WHOLE_CHAIN) {
            String chain = chainOf(target);
            for (int i = index + 1; i < out.size(); i++) {
                ObjectNode later = parse(out.get(i));
                if (later.has("envelope") && chainOf(later).equals(chain)) {
                    ObjectNode laterEnvelope = (ObjectNode) later.get("envelope");
                    laterEnvelope.put("previousHash", hash);
                    hash = rehash(laterEnvelope);
                    out.set(i, later.toString());
                }
            }
        }
        return out;
    }

    private static String rehash(ObjectNode envelope) {
        String hash = Canonical.sha256Hex(Canonical.bytesWithoutHash(envelope));
        envelope.put("hash", hash);
        return hash;
    }
}
