package org.torneo.audit.chain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.torneo.audit.log.EventLog;
import org.torneo.audit.log.LoggedEvent;
import org.torneo.audit.log.TournamentExport;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.signing.ChainHead;
import org.torneo.contracts.signing.ChainHeads;
import org.torneo.contracts.signing.Checkpoint;
import org.torneo.contracts.signing.SignedNote;
import org.torneo.contracts.signing.TrustedKeys;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.game.BoardGameId;

/**
 * What a writer with full access to Kafka and PostgreSQL but without the services' keys cannot fake (issue 17). A hash
 * chain alone can be re-sealed; here every event must match what its service signed:
 * <ol>
 * <li>each chain-heads note of the log is judged against the trust file: a trusted key of the service named, a good
 *     signature, made inside the key's validity, and only for topics that service writes (the topic catalogue's
 *     writer); anything else is HEAD_INVALID and vouches for nothing;</li>
 * <li>each event must be covered by a valid head for its chain and sequence (else UNSIGNED: e.g. the tail after the
 *     last head) with the same hash (else NOT_AS_SIGNED: changed and re-sealed, reordered, replaced);</li>
 * <li>each validly signed event of a chain the log holds must be in the log (else SIGNED_BUT_MISSING);</li>
 * <li>each anchor (a round's checkpoint the arbiter kept) must be signed by a trusted key of the tournament's writer,
 *     and every head it names must be in the log with that hash (else SIGNED_BUT_MISSING / NOT_AS_ANCHORED): a
 *     truncated log or a deleted last event, even with its heads note deleted too.</li>
 * </ol>
 * Per chain and kind the first failing event is named (sequence, event id, what failed), with how many later events
 * of the chain fail the same way. Since each hash covers the one before, an event that matches a signed hash vouches
 * for its whole chain before it (with ChainAudit's link checks).
 */
public final class SignatureAudit {

    /** A checkpoint as the arbiter saved it, with a name for the messages (its file). */
    public record Anchor(String name, String note) {
    }

    /**
     * @param checked    false when no trust file was given (nothing judged; the log's heads are not looked at)
     * @param notes      heads notes in the log
     * @param validNotes of which validly signed
     * @param anchors    anchors given
     * @param findings   what failed, each naming its event
     */
    public record Result(boolean checked, int notes, int validNotes, int anchors, List<ChainFinding> findings) {
        public Result {
            findings = List.copyOf(findings);
        }

        public static Result notChecked() {
            return new Result(false, 0, 0, 0, List.of());
        }

        public String summary() {
            return checked ? "signatures: " + validNotes + " of " + notes + " heads notes valid, " + anchors
                    + " anchor(s), " + findings.size() + " finding(s)" : "signatures: not checked (no trust file)";
        }
    }

    private record Signed(String hash, String topic, int line) {
    }

    private static final Map<String, String> WRITER = Topics.ALL.stream()
            .collect(Collectors.toMap(TopicSpec::name, TopicSpec::writtenBy));

    private SignatureAudit() {
    }

    public static Result audit(EventLog.Read log, TrustedKeys trust, List<Anchor> anchors) {
        List<ChainFinding> findings = new ArrayList<>();
        Map<String, Map<Long, Signed>> signed = new HashMap<>();
        int valid = 0;
        for (EventLog.LoggedNote logged : log.notes()) {
            if (judgeHeads(logged, trust, signed, findings)) {
                valid++;
            }
        }
        Map<String, List<LoggedEvent>> byChain = new LinkedHashMap<>();
        for (LoggedEvent e : log.events()) {
            if (!e.envelope().isCommand()) {
                byChain.computeIfAbsent(e.chainKey(), k -> new ArrayList<>()).add(e);
            }
        }
        Set<String> concerned = aggregatesConcerned(log);
        for (Map.Entry<String, List<LoggedEvent>> chain : byChain.entrySet()) {
            checkCoverage(chain.getValue(), signed.getOrDefault(chain.getKey(), Map.of()), findings);
        }
        signed.forEach((chainKey, heads) -> checkPresence(chainKey, heads, byChain.getOrDefault(chainKey, List.of()),
                concerned, findings));
        for (Anchor anchor : anchors) {
            checkAnchor(anchor, trust, byChain, findings);
        }
        return new Result(true, log.notes().size(), valid, anchors.size(), inLogOrder(findings, log));
    }

    /** Judges one heads note; its heads go into {@code signed} when it is valid. */
    private static boolean judgeHeads(EventLog.LoggedNote logged, TrustedKeys trust, Map<String, Map<Long, Signed>> signed,
                                      List<ChainFinding> findings) {
        String where = "line " + logged.line();
        ChainHeads heads;
        SignedNote note;
        try {
            note = SignedNote.parse(logged.note());
            heads = ChainHeads.read(note);
        } catch (IllegalArgumentException e) {
            findings.add(new ChainFinding("?", 0, null, ChainFinding.Kind.HEAD_INVALID, where + ": not a heads note: "
                    + e.getMessage()));
            return false;
        }
        TrustedKeys.Verdict verdict = trust.judge(note, heads.service(), heads.signedAt());
        ChainHead first = heads.heads().get(0);
        if (verdict != TrustedKeys.Verdict.VALID) {
            findings.add(new ChainFinding(first.aggregateId(), first.sequence(), null, ChainFinding.Kind.HEAD_INVALID,
                    where + ": heads of " + heads.service() + " signed " + heads.signedAt() + " by key "
                            + note.signatures().get(0).keyId() + ": " + words(verdict)
                            + "; its " + heads.heads().size() + " head(s) vouch for nothing"));
            return false;
        }
        for (ChainHead head : heads.heads()) {
            String writer = WRITER.get(head.topic());
            if (writer == null || !List.of(writer.split("\\|")).contains(heads.service())) {
                findings.add(new ChainFinding(head.aggregateId(), head.sequence(), null, ChainFinding.Kind.HEAD_INVALID,
                        where + ": " + heads.service() + " signed an event on " + head.topic() + ", which "
                                + (writer == null ? "is not in the topic catalogue" : "only " + writer + " writes")));
                return false;
            }
        }
        for (ChainHead head : heads.heads()) {
            if (!TournamentExport.isEventTopic(head.topic())) {
                continue; // a service-internal topic (the rating sheet): not in an export, nothing to compare
            }
            Signed earlier = signed.computeIfAbsent(LoggedEvent.chainKey(head.topic(), head.aggregateId()),
                    k -> new HashMap<>()).putIfAbsent(head.sequence(), new Signed(head.hash(), head.topic(), logged.line()));
            if (earlier != null && !earlier.hash().equals(head.hash())) {
                findings.add(new ChainFinding(head.aggregateId(), head.sequence(), null, ChainFinding.Kind.HEAD_INVALID,
                        where + ": " + heads.service() + " signed #" + head.sequence() + " as " + head.hash()
                                + " but line " + earlier.line() + " signed it as " + earlier.hash()
                                + " (two histories signed)"));
            }
        }
        return true;
    }

    private static void checkCoverage(List<LoggedEvent> chain, Map<Long, Signed> signed, List<ChainFinding> findings) {
        List<LoggedEvent> bySequence = new ArrayList<>(chain);
        bySequence.sort(Comparator.comparingLong((LoggedEvent e) -> e.envelope().sequence()));
        List<ChainFinding> unsigned = new ArrayList<>();
        List<ChainFinding> different = new ArrayList<>();
        for (LoggedEvent e : bySequence) {
            Envelope env = e.envelope();
            Signed head = signed.get(env.sequence());
            String writer = WRITER.getOrDefault(e.topic(), "?");
            if (head == null) {
                unsigned.add(finding(env, ChainFinding.Kind.UNSIGNED, "line " + e.line() + ": " + typeOf(env) + " on "
                        + e.topic() + " is covered by no validly signed head of " + writer));
            } else if (!head.hash().equals(env.hash()) || !head.topic().equals(e.topic())) {
                different.add(finding(env, ChainFinding.Kind.NOT_AS_SIGNED, "line " + e.line() + ": " + typeOf(env)
                        + " has hash " + env.hash() + " on " + e.topic() + "; " + writer + " signed #" + env.sequence()
                        + " as " + head.hash() + " on " + head.topic() + " (heads on line " + head.line()
                        + "): changed and re-sealed, replaced or moved"));
            }
        }
        findings.addAll(firstOf(different));
        findings.addAll(firstOf(unsigned));
    }

    private static void checkPresence(String chainKey, Map<Long, Signed> heads, List<LoggedEvent> chain,
                                      Set<String> concerned, List<ChainFinding> findings) {
        String aggregate = chainKey.startsWith("clock:") || chainKey.startsWith("rating:")
                ? chainKey.substring(chainKey.indexOf(':') + 1) : chainKey;
        if (chain.isEmpty() && !concerned.contains(aggregate)) {
            return; // another tournament's chain signed in the same transaction
        }
        Set<Long> present = new HashSet<>();
        long last = 0;
        for (LoggedEvent e : chain) {
            present.add(e.envelope().sequence());
            last = Math.max(last, e.envelope().sequence());
        }
        List<ChainFinding> missing = new ArrayList<>();
        for (Map.Entry<Long, Signed> head : new TreeMap<>(heads).entrySet()) {
            if (!present.contains(head.getKey())) {
                missing.add(new ChainFinding(aggregate, head.getKey(), null, ChainFinding.Kind.SIGNED_BUT_MISSING,
                        "signed as " + head.getValue().hash() + " on " + head.getValue().topic() + " (heads on line "
                                + head.getValue().line() + ") but not in the log" + (head.getKey() > last
                                ? " (the log's chain ends at #" + last + ")" : "")));
            }
        }
        findings.addAll(firstOf(missing));
    }

    private static void checkAnchor(Anchor anchor, TrustedKeys trust, Map<String, List<LoggedEvent>> byChain,
                                    List<ChainFinding> findings) {
        SignedNote note;
        Checkpoint checkpoint;
        try {
            note = SignedNote.parse(anchor.note());
            checkpoint = Checkpoint.read(note);
        } catch (IllegalArgumentException e) {
            findings.add(new ChainFinding("?", 0, null, ChainFinding.Kind.ANCHOR_INVALID, anchor.name() + ": "
                    + e.getMessage()));
            return;
        }
        String writer = Topics.TOURNAMENT.writtenBy();
        TrustedKeys.Verdict verdict = trust.judge(note, writer, checkpoint.signedAt());
        if (verdict != TrustedKeys.Verdict.VALID) {
            findings.add(new ChainFinding(checkpoint.tournamentId(), 0, null, ChainFinding.Kind.ANCHOR_INVALID,
                    anchor.name() + " (" + checkpoint.origin() + ", signed " + checkpoint.signedAt() + "): " + words(verdict)
                            + " of " + writer));
            return;
        }
        for (ChainHead head : checkpoint.heads()) {
            if (!TournamentExport.isEventTopic(head.topic())) {
                continue;
            }
            List<LoggedEvent> chain = byChain.getOrDefault(LoggedEvent.chainKey(head.topic(), head.aggregateId()), List.of());
            LoggedEvent found = chain.stream().filter(e -> e.envelope().sequence() == head.sequence()
                    && e.topic().equals(head.topic())).findFirst().orElse(null);
            String source = anchor.name() + " (" + checkpoint.origin() + ")";
            if (found == null) {
                long last = chain.stream().mapToLong(e -> e.envelope().sequence()).max().orElse(0);
                findings.add(new ChainFinding(head.aggregateId(), head.sequence(), null, ChainFinding.Kind.SIGNED_BUT_MISSING,
                        source + " names #" + head.sequence() + " on " + head.topic() + " with hash " + head.hash()
                                + "; the log lacks it (its chain ends at #" + last + "): deleted or truncated"));
            } else if (!found.envelope().hash().equals(head.hash())) {
                findings.add(finding(found.envelope(), ChainFinding.Kind.NOT_AS_ANCHORED, "line " + found.line() + ": "
                        + typeOf(found.envelope()) + " has hash " + found.envelope().hash() + "; " + source
                        + " recorded " + head.hash()));
            }
        }
    }

    /**
     * Findings about events in the order of those events in the log (a missing event where its chain's last present
     * event before it stands), then the others: the first is the first event that fails.
     */
    private static List<ChainFinding> inLogOrder(List<ChainFinding> findings, EventLog.Read log) {
        Map<String, Integer> lineOf = new HashMap<>();
        for (LoggedEvent e : log.events()) {
            lineOf.putIfAbsent(e.envelope().aggregateId() + "#" + e.envelope().sequence(), e.line());
        }
        List<ChainFinding> sorted = new ArrayList<>(findings);
        sorted.sort(Comparator.comparingInt((ChainFinding f) -> f.kind() == ChainFinding.Kind.HEAD_INVALID
                || f.kind() == ChainFinding.Kind.ANCHOR_INVALID ? 1 : 0).thenComparingInt(f -> {
            for (long s = f.sequence(); s > 0; s--) {
                Integer line = lineOf.get(f.aggregateId() + "#" + s);
                if (line != null) {
                    return line;
                }
            }
            return Integer.MAX_VALUE;
        }));
        return sorted;
    }

    /** The first finding, its detail telling how many later events of the chain fail the same way. */
    private static List<ChainFinding> firstOf(List<ChainFinding> sameKindSameChain) {
        if (sameKindSameChain.isEmpty()) {
            return List.of();
        }
        ChainFinding first = sameKindSameChain.get(0);
        int more = sameKindSameChain.size() - 1;
        return List.of(more == 0 ? first : new ChainFinding(first.aggregateId(), first.sequence(), first.eventId(),
                first.kind(), first.detail() + " (and " + more + " later event" + (more == 1 ? "" : "s")
                + " of this chain: #" + sameKindSameChain.get(1).sequence() + (more > 1 ? " …" : "") + ")"));
    }

    /** The aggregates the log is about: those it holds, and the games its rounds' boards name. */
    private static Set<String> aggregatesConcerned(EventLog.Read log) {
        Set<String> ids = new HashSet<>();
        for (LoggedEvent e : log.events()) {
            ids.add(e.envelope().aggregateId());
            switch (e.envelope().payload()) {
                case RoundPaired paired -> addBoards(ids, paired.tournamentId(), paired.round(), paired.boards());
                case PairingCorrected corrected -> addBoards(ids, corrected.tournamentId(), corrected.round(),
                        corrected.boards());
                default -> {
                }
            }
        }
        return ids;
    }

    private static void addBoards(Set<String> ids, String tournamentId, int round, List<Board> boards) {
        for (Board b : boards) {
            ids.add(BoardGameId.of(tournamentId, round, b.number()));
        }
    }

    private static String words(TrustedKeys.Verdict verdict) {
        return switch (verdict) {
            case VALID -> "valid";
            case UNTRUSTED_KEY -> "not signed by a key the trust file gives that service";
            case BAD_SIGNATURE -> "the signature does not verify (the text was changed after signing)";
            case OUTSIDE_VALIDITY -> "signed outside the key's validity in the trust file";
        };
    }

    private static String typeOf(Envelope env) {
        return env.payload().getClass().getSimpleName();
    }

    private static ChainFinding finding(Envelope env, ChainFinding.Kind kind, String detail) {
        return new ChainFinding(env.aggregateId(), env.sequence(), env.eventId(), kind, detail);
    }
}
