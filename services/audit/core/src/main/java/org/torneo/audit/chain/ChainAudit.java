package org.torneo.audit.chain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.torneo.audit.log.EventLog;
import org.torneo.audit.log.LoggedEvent;
import org.torneo.contracts.Envelope;

/**
 * Tamper evidence: per aggregate, sequences 1, 2, 3 … in log order, each hash matching its content and each
 * previousHash the hash before it (contracts' Envelope). Unlike HashChain.verify, which stops at the first break,
 * this names every changed, removed, inserted or reordered event.
 */
public final class ChainAudit {

    /**
     * The rating service writes one chain over torneo.ratings and its internal torneo.rating.sheet (the facts it
     * accepted; not in the contract catalogue, so not exported): the ratings topic holds only part of that chain.
     * Its gaps are expected; consecutive sequences must still link, and duplicates and reorderings still count.
     */
    private static final String PARTIAL_CHAIN_PREFIX = "rating:";

    private ChainAudit() {
    }

    public record Result(int aggregates, int events, List<ChainFinding> findings) {
        public Result {
            findings = List.copyOf(findings);
        }

        public boolean intact() {
            return findings.isEmpty();
        }
    }

    public static Result audit(EventLog.Read log) {
        List<ChainFinding> findings = new ArrayList<>();
        for (EventLog.Unreadable u : log.unreadable()) {
            findings.add(new ChainFinding("?", 0, null, ChainFinding.Kind.UNREADABLE, "line " + u.line() + ": " + u.reason()));
        }
        Map<String, List<LoggedEvent>> byChain = new LinkedHashMap<>();
        int events = 0;
        for (LoggedEvent e : log.events()) {
            if (e.envelope().isCommand()) {
                continue;
            }
            events++;
            byChain.computeIfAbsent(e.chainKey(), k -> new ArrayList<>()).add(e);
        }
        byChain.forEach((key, chain) -> auditChain(chain, key.startsWith(PARTIAL_CHAIN_PREFIX), findings));
        return new Result(byChain.size(), events, findings);
    }

    private static void auditChain(List<LoggedEvent> inLogOrder, boolean partial, List<ChainFinding> findings) {
        // reordering: an event after one with a higher sequence on the same topic (one key, one partition: offset
        // order is authoritative there; across topics the merged order of an export is not)
        Map<String, LoggedEvent> highestOnTopic = new HashMap<>();
        for (LoggedEvent e : inLogOrder) {
            Envelope env = e.envelope();
            LoggedEvent highest = highestOnTopic.get(e.topic());
            if (highest != null && env.sequence() < highest.envelope().sequence()) {
                findings.add(finding(env, ChainFinding.Kind.REORDERED, "line " + e.line() + ": #" + env.sequence()
                        + " comes after #" + highest.envelope().sequence() + " (" + highest.envelope().eventId()
                        + ", line " + highest.line() + ") on " + e.topic()));
            } else {
                highestOnTopic.put(e.topic(), e);
            }
        }
        List<LoggedEvent> bySequence = new ArrayList<>(inLogOrder);
        bySequence.sort(Comparator.comparingLong((LoggedEvent e) -> e.envelope().sequence()));
        for (LoggedEvent e : bySequence) {
            if (!e.contentMatchesHash()) {
                findings.add(finding(e.envelope(), ChainFinding.Kind.CHANGED, "line " + e.line()
                        + ": the content no longer matches its hash " + e.envelope().hash()));
            }
        }
        long expected = 1;
        LoggedEvent previous = null;
        for (int i = 0; i < bySequence.size(); i++) {
            LoggedEvent e = bySequence.get(i);
            Envelope env = e.envelope();
            if (env.sequence() < expected) {
                findings.add(finding(env, ChainFinding.Kind.INSERTED, "line " + e.line() + ": a second event #"
                        + env.sequence() + " (the first is " + previous.envelope().eventId() + ")"));
                continue;
            }
            if (env.sequence() > expected && partial) {
                // the missing sequences are on a topic this log does not hold: nothing to link to
            } else if (env.sequence() > expected) {
                findings.add(new ChainFinding(env.aggregateId(), expected, null, ChainFinding.Kind.REMOVED,
                        (env.sequence() - expected == 1 ? "#" + expected + " is missing" : "#" + expected + " to #"
                                + (env.sequence() - 1) + " are missing") + " before #" + env.sequence() + " ("
                                + env.eventId() + ")"));
            } else {
                String previousHash = previous == null ? Envelope.GENESIS_HASH : previous.envelope().hash();
                if (!previousHash.equals(env.previousHash())) {
                    if (previous != null && previous.contentMatchesHash()) {
                        findings.add(finding(previous.envelope(), ChainFinding.Kind.CHANGED_AND_RESEALED,
                                "its hash " + previous.envelope().hash() + " is not the one #" + env.sequence()
                                        + " (" + env.eventId() + ") chains to (" + env.previousHash()
                                        + "): it was replaced or edited and its hash recomputed"));
                    } else if (previous == null) {
                        findings.add(finding(env, ChainFinding.Kind.INSERTED,
                                "the first event does not chain to the genesis hash"));
                    }
                }
            }
            expected = env.sequence() + 1;
            previous = e;
        }
    }

    private static ChainFinding finding(Envelope env, ChainFinding.Kind kind, String detail) {
        return new ChainFinding(env.aggregateId(), env.sequence(), env.eventId(), kind, detail);
    }
}
