package org.torneo.audit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.torneo.audit.chain.SignatureAudit;
import org.torneo.audit.log.EventLog;
import org.torneo.contracts.signing.ChainHead;
import org.torneo.contracts.signing.ChainHeads;
import org.torneo.contracts.signing.Checkpoint;
import org.torneo.contracts.signing.ServiceKey;
import org.torneo.contracts.signing.TrustedKeys;
import org.torneo.contracts.topics.Topics;

/**
 * Signs an exported log as the services would have: after each transaction's events (one command's events: same
 * causation, same writer) the writer's heads note, made and signed with the contracts' ChainHeads (the code the
 * runtime calls), dated by the last event's time; after each RoundClosed, the round's anchor (Checkpoint) signed
 * by the pairing service, of every chain's last event per topic so far.
 */
final class SignedLog {

    static final Instant KEYS_FROM = Instant.parse("2026-01-01T00:00:00Z");

    final Map<String, ServiceKey> keys = new LinkedHashMap<>();
    final List<String> lines = new ArrayList<>();
    final List<SignatureAudit.Anchor> anchors = new ArrayList<>();

    SignedLog() {
        for (String service : List.of("game", "clock", "pairing", "rating")) {
            keys.put(service, ServiceKey.generate(service));
        }
    }

    TrustedKeys trust() {
        TrustedKeys trust = TrustedKeys.none();
        for (ServiceKey key : keys.values()) {
            trust = trust.with(key, KEYS_FROM, null);
        }
        return trust;
    }

    /** Signs {@code events} (export lines of events only), each writer's key chosen by {@code keyFor}. */
    static SignedLog of(List<String> events) {
        SignedLog log = new SignedLog();
        log.sign(events, (service, at) -> log.keys.get(service));
        return log;
    }

    interface KeyChoice {
        ServiceKey keyFor(String service, Instant signedAt);
    }

    void sign(List<String> events, KeyChoice keyFor) {
        Map<String, ChainHead> latest = new LinkedHashMap<>();
        List<ChainHead> transaction = new ArrayList<>();
        String writer = null;
        String cause = null;
        Instant at = null;
        for (String line : events) {
            ObjectNode wrapper = LogSurgery.parse(line);
            ObjectNode env = (ObjectNode) wrapper.get("envelope");
            String topic = wrapper.get("topic").asText();
            String service = writerOf(topic);
            String causation = env.get("causationId").asText();
            if (!transaction.isEmpty() && (!service.equals(writer) || !causation.equals(cause))) {
                flush(transaction, writer, at, keyFor);
            }
            writer = service;
            cause = causation;
            at = Instant.parse(env.get("occurredAt").asText());
            lines.add(line);
            ChainHead head = new ChainHead(topic, env.get("aggregateId").asText(), env.get("sequence").asLong(),
                    env.get("hash").asText());
            transaction.add(head);
            latest.put(topic + " " + head.aggregateId(), head);
            if (env.get("type").asText().equals("tournament.RoundClosed")) {
                flush(transaction, writer, at, keyFor);
                int round = env.get("payload").get("round").asInt();
                String tournament = env.get("aggregateId").asText();
                String note = new Checkpoint(tournament, round, at.plusSeconds(1), List.copyOf(latest.values()))
                        .sign(keyFor.keyFor("pairing", at.plusSeconds(1))).encode();
                anchors.add(new SignatureAudit.Anchor("round-" + round + ".anchor", note));
            }
        }
        if (!transaction.isEmpty()) {
            flush(transaction, writer, at, keyFor);
        }
    }

    private void flush(List<ChainHead> transaction, String service, Instant at, KeyChoice keyFor) {
        for (ChainHeads heads : ChainHeads.of(service, at, transaction)) {
            lines.add(EventLog.noteLine(Topics.CHAIN_HEADS.name(), heads.sign(keyFor.keyFor(service, at)).encode()));
        }
        transaction.clear();
    }

    static String writerOf(String topic) {
        return Topics.ALL.stream().filter(t -> t.name().equals(topic)).findFirst().orElseThrow().writtenBy();
    }

    /** The log without the heads notes that name {@code aggregate} at or after {@code fromSequence}. */
    static List<String> withoutNotesFrom(List<String> lines, String aggregate, long fromSequence) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            ObjectNode wrapper = LogSurgery.parse(line);
            if (wrapper.has("note")) {
                ChainHeads heads = ChainHeads.read(org.torneo.contracts.signing.SignedNote.parse(wrapper.get("note").asText()));
                if (heads.heads().stream().anyMatch(h -> h.aggregateId().equals(aggregate) && h.sequence() >= fromSequence
                        && !h.topic().startsWith("torneo.clock"))) {
                    continue;
                }
            }
            out.add(line);
        }
        return out;
    }

}
