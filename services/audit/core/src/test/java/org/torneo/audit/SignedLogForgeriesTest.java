package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.torneo.audit.chain.ChainFinding;
import org.torneo.audit.chain.ChainFinding.Kind;
import org.torneo.audit.chain.SignatureAudit;
import org.torneo.contracts.signing.ServiceKey;
import org.torneo.contracts.signing.TrustedKeys;

/**
 * Issue 17: a writer with full access to the topics (and the databases) but not to the services' keys changes the
 * log and re-seals every hash chain, so the chain audit alone says "intact"; the signed heads and the round anchors
 * still name the first event that fails. The log is the fixture's (real deciders, real codec), signed per
 * transaction with the contracts' ChainHeads and anchored at each round's close (SignedLog).
 */
class SignedLogForgeriesTest {

    private static final TournamentLogFixture FIXTURE = TournamentLogFixture.build();
    private static final String G1 = "t-audit-r1-b1";
    private static final String G3 = "t-audit-r2-b1";
    private static final String G4 = "t-audit-r2-b2";
    private static final String T = TournamentLogFixture.T;

    private final SignedLog signed = SignedLog.of(FIXTURE.lines);

    @Test
    void theUntamperedSignedLogPassesWithBothAnchors() {
        AuditReport report = audit(signed.lines, signed.anchors);

        assertTrue(report.clean(), () -> report.chainFindings().toString());
        assertTrue(report.signatures().checked());
        assertEquals(2, report.signatures().anchors());
        assertEquals(report.signatures().notes(), report.signatures().validNotes());
        assertTrue(report.signatures().notes() > 30, report.signatures().summary());
    }

    @Test
    void aDrawChangedIntoAWinAndResealedIsNamedAtTheGameEnded() {
        int ended = LogSurgery.find(signed.lines, LogSurgery.event(G1, 16));
        List<String> forged = LogSurgery.edit(signed.lines, ended, env -> {
            ObjectNode payload = (ObjectNode) env.get("payload");
            payload.put("result", "WHITE_WINS").put("whiteHalfPoints", 2).put("blackHalfPoints", 0);
        }, LogSurgery.Seal.WHOLE_CHAIN);
        int recorded = LogSurgery.find(forged, LogSurgery.event(T, 13));
        forged = LogSurgery.edit(forged, recorded, env -> ((ObjectNode) env.get("payload")).put("result", "WHITE_WINS"),
                LogSurgery.Seal.WHOLE_CHAIN);
        assertResealedSoTheChainAloneIsFooled(forged);

        AuditReport report = audit(forged, signed.anchors);

        assertFirstFailure(report, Kind.NOT_AS_SIGNED, G1, 16, LogSurgery.eventId(signed.lines.get(ended)));
        assertHas(report, Kind.NOT_AS_SIGNED, T, 13);
        assertHas(report, Kind.NOT_AS_ANCHORED, T, 15); // the round-1 anchor's tournament head (re-sealed after #13)
    }

    @Test
    void aDeletedResultCorrectionIsNamedByItsHeadsAndByTheAnchorWhenTheHeadsAreDeletedToo() {
        int correction = LogSurgery.find(signed.lines, LogSurgery.event(G3, 5));
        List<String> forged = new ArrayList<>(signed.lines);
        forged.remove(correction);

        AuditReport headsKept = audit(forged, List.of());
        assertFirstFailure(headsKept, Kind.SIGNED_BUT_MISSING, G3, 5, null);

        List<String> noTrace = SignedLog.withoutNotesFrom(forged, G3, 5);
        AuditReport anchored = audit(noTrace, signed.anchors);
        assertFirstFailure(anchored, Kind.SIGNED_BUT_MISSING, G3, 5, null);
        assertTrue(anchored.firstFailure().orElseThrow().detail().contains("round-2.anchor"),
                anchored.firstFailure().orElseThrow().detail());
    }

    @Test
    void theDeletedLastEventOfTheTournamentIsNamedByTheLastRoundsAnchor() {
        int last = LogSurgery.find(signed.lines, LogSurgery.event(T, 19));
        List<String> forged = new ArrayList<>(signed.lines);
        forged.remove(last);
        forged = SignedLog.withoutNotesFrom(forged, T, 19);

        AuditReport report = audit(forged, signed.anchors);

        assertFirstFailure(report, Kind.SIGNED_BUT_MISSING, T, 19, null);
        assertTrue(report.firstFailure().orElseThrow().detail().contains("its chain ends at #18"),
                report.firstFailure().orElseThrow().detail());
    }

    @Test
    void withoutAnAnchorAfterItATruncationThatAlsoDropsItsHeadsIsInvisible() {
        // the limit, stated: what no one outside kept cannot be missed (the arbiter keeps each round's anchor)
        int last = LogSurgery.find(signed.lines, LogSurgery.event(T, 19));
        List<String> forged = new ArrayList<>(signed.lines);
        forged.remove(last);
        forged = SignedLog.withoutNotesFrom(forged, T, 19);

        assertTrue(audit(forged, signed.anchors.subList(0, 1)).chainIntact());
    }

    @Test
    void aRaisedRegisteredRatingIsNamedAtThePlayerRegistered() {
        int registered = LogSurgery.find(signed.lines, LogSurgery.event(T, 3));
        List<String> forged = LogSurgery.edit(signed.lines, registered,
                env -> ((ObjectNode) env.get("payload")).put("rating", 2850), LogSurgery.Seal.WHOLE_CHAIN);
        assertResealedSoTheChainAloneIsFooled(forged);

        AuditReport report = audit(forged, signed.anchors);

        assertFirstFailure(report, Kind.NOT_AS_SIGNED, T, 3, LogSurgery.eventId(signed.lines.get(registered)));
        assertTrue(report.firstFailure().orElseThrow().detail().contains("and 16 later events of this chain"),
                report.firstFailure().orElseThrow().detail());
    }

    @Test
    void theArbiterRenamedInEnvelopeAndPayloadIsNamedAtTheCorrection() {
        int correction = LogSurgery.find(signed.lines, LogSurgery.event(G3, 5));
        List<String> forged = LogSurgery.edit(signed.lines, correction, env -> {
            ((ObjectNode) env.get("actor")).put("id", "arb-9");
            ((ObjectNode) env.get("payload")).put("by", "arb-9");
        }, LogSurgery.Seal.WHOLE_CHAIN);
        assertResealedSoTheChainAloneIsFooled(forged);

        AuditReport report = audit(forged, List.of());

        assertFirstFailure(report, Kind.NOT_AS_SIGNED, G3, 5, LogSurgery.eventId(signed.lines.get(correction)));
    }

    @Test
    void twoEventsSwappedAndResealedAreNamedAtTheFirstOfThem() {
        int second = LogSurgery.find(signed.lines, LogSurgery.event(G4, 2));
        int third = LogSurgery.find(signed.lines, LogSurgery.event(G4, 3));
        ObjectNode a = LogSurgery.parse(signed.lines.get(second));
        ObjectNode b = LogSurgery.parse(signed.lines.get(third));
        String firstHash = ((ObjectNode) a.get("envelope")).get("previousHash").asText();
        ((ObjectNode) a.get("envelope")).put("sequence", 3);
        ((ObjectNode) b.get("envelope")).put("sequence", 2);
        List<String> swapped = new ArrayList<>(signed.lines);
        swapped.set(second, b.toString());
        swapped.set(third, a.toString());
        List<String> forged = LogSurgery.edit(swapped, second, env -> env.put("previousHash", firstHash),
                LogSurgery.Seal.WHOLE_CHAIN);
        assertResealedSoTheChainAloneIsFooled(forged);

        AuditReport report = audit(forged, List.of());

        assertFirstFailure(report, Kind.NOT_AS_SIGNED, G4, 2, LogSurgery.eventId(signed.lines.get(third)));
    }

    @Test
    void headsSignedByAKeyTheTrustFileDoesNotHoldVouchForNothing() {
        ServiceKey forgersKey = ServiceKey.generate("game");
        SignedLog forged = new SignedLog();
        forged.keys.putAll(signed.keys);
        forged.sign(FIXTURE.lines, (service, at) -> service.equals("game") ? forgersKey : signed.keys.get(service));

        AuditReport report = audit(forged.lines, List.of(), signed.trust());

        assertFirstFailure(report, Kind.UNSIGNED, G1, 1, LogSurgery.eventId(FIXTURE.lines.get(12)));
        assertHas(report, Kind.HEAD_INVALID, G1, 1);
        assertTrue(report.chainFindings().stream().anyMatch(f -> f.kind() == Kind.HEAD_INVALID
                && f.detail().contains("not signed by a key the trust file gives that service")));
    }

    @Test
    void aHeadsNoteEditedAfterSigningFailsItsSignature() {
        int note = indexOfFirstNote(signed.lines);
        ObjectNode wrapper = LogSurgery.parse(signed.lines.get(note));
        String text = wrapper.get("note").asText();
        String hash = LogSurgery.parse(signed.lines.get(note - 1)).get("envelope").get("hash").asText();
        List<String> forged = new ArrayList<>(signed.lines);
        forged.set(note, wrapper.put("note", text.replace(hash, "0".repeat(64))).toString());

        AuditReport report = audit(forged, List.of());

        assertTrue(report.chainFindings().stream().anyMatch(f -> f.kind() == Kind.HEAD_INVALID
                && f.detail().contains("the signature does not verify")), () -> report.chainFindings().toString());
        assertFirstFailure(report, Kind.UNSIGNED, T, 1, LogSurgery.eventId(signed.lines.get(0)));
    }

    @Test
    void aRotatedKeyPassesInsideEachWindowAndTheOldKeyFailsAfterTheSwitch() {
        Instant switchAt = Instant.parse("2026-05-01T15:01:10Z"); // between round 1 and round 2
        ServiceKey newGameKey = ServiceKey.generate("game");
        SignedLog rotated = new SignedLog();
        rotated.keys.putAll(signed.keys);
        rotated.sign(FIXTURE.lines, (service, at) -> service.equals("game") && !at.isBefore(switchAt) ? newGameKey
                : signed.keys.get(service));
        TrustedKeys trust = TrustedKeys.none();
        for (ServiceKey key : signed.keys.values()) {
            trust = key.service().equals("game") ? trust.with(key, SignedLog.KEYS_FROM, switchAt)
                    : trust.with(key, SignedLog.KEYS_FROM, null);
        }
        trust = trust.with(newGameKey, switchAt, null);

        AuditReport report = audit(rotated.lines, rotated.anchors, trust);
        assertTrue(report.clean(), () -> report.chainFindings().toString());

        SignedLog stale = new SignedLog(); // the old key still used after its window closed
        stale.sign(FIXTURE.lines, (service, at) -> signed.keys.get(service));
        AuditReport afterSwitch = audit(stale.lines, List.of(), trust);
        assertFirstFailure(afterSwitch, Kind.UNSIGNED, G3, 1, LogSurgery.eventId(FIXTURE.lines.get(39)));
        assertTrue(afterSwitch.chainFindings().stream().anyMatch(f -> f.kind() == Kind.HEAD_INVALID
                && f.detail().contains("signed outside the key's validity")));
    }

    @Test
    void anUnsignedTailAfterTheLastHeadIsAFinding() {
        List<String> tail = new ArrayList<>(signed.lines);
        tail.remove(tail.size() - 1); // the heads note of the last transaction (RoundClosed)

        AuditReport report = audit(tail, List.of());

        assertFirstFailure(report, Kind.UNSIGNED, T, 19, LogSurgery.eventId(FIXTURE.lines.get(52)));
    }

    @Test
    void anOldLogWithoutHeadsAuditsAsBeforeWithoutATrustFileAndIsAllUnsignedWithOne() {
        assertTrue(new Audit().ofLines(FIXTURE.lines).clean());
        assertFalse(new Audit().ofLines(FIXTURE.lines).signatures().checked());

        AuditReport report = audit(FIXTURE.lines, List.of());
        assertFirstFailure(report, Kind.UNSIGNED, T, 1, LogSurgery.eventId(FIXTURE.lines.get(0)));
    }

    /**
     * {@code -Dtorneo.audit.writeSigned=DIR} writes the CLI tests' copies there: signed.jsonl, trust.txt,
     * round-1.anchor, round-2.anchor, and rating-raised.jsonl (the raised rating, re-sealed).
     */
    @Test
    void theSignedLogCanBeWrittenForOtherModules() throws java.io.IOException {
        int registered = LogSurgery.find(signed.lines, LogSurgery.event(T, 3));
        List<String> raised = LogSurgery.edit(signed.lines, registered,
                env -> ((ObjectNode) env.get("payload")).put("rating", 2850), LogSurgery.Seal.WHOLE_CHAIN);
        String dir = System.getProperty("torneo.audit.writeSigned");
        if (dir != null) {
            java.nio.file.Path out = java.nio.file.Path.of(dir);
            java.nio.file.Files.createDirectories(out);
            java.nio.file.Files.write(out.resolve("signed.jsonl"), signed.lines);
            java.nio.file.Files.write(out.resolve("rating-raised.jsonl"), raised);
            java.nio.file.Files.writeString(out.resolve("trust.txt"), signed.trust().text());
            for (SignatureAudit.Anchor anchor : signed.anchors) {
                java.nio.file.Files.writeString(out.resolve(anchor.name()), anchor.note());
            }
        }
        assertEquals(2, signed.anchors.size());
        assertFalse(audit(raised, signed.anchors).clean());
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private AuditReport audit(List<String> lines, List<SignatureAudit.Anchor> anchors) {
        return audit(lines, anchors, signed.trust());
    }

    private static AuditReport audit(List<String> lines, List<SignatureAudit.Anchor> anchors, TrustedKeys trust) {
        return new Audit().ofLines(lines, trust, anchors);
    }

    /** The forgery fools the hash chains: without the signatures the audit finds every chain intact. */
    private static void assertResealedSoTheChainAloneIsFooled(List<String> forged) {
        AuditReport unsigned = new Audit().ofLines(forged);
        assertTrue(unsigned.chainIntact(), () -> unsigned.chainFindings().toString());
    }

    private static void assertFirstFailure(AuditReport report, Kind kind, String aggregate, long sequence, String eventId) {
        ChainFinding first = report.firstFailure().orElseThrow(() -> new AssertionError("no failure found"));
        assertFalse(report.clean());
        assertEquals(kind + " " + aggregate + " #" + sequence + (eventId == null ? "" : " " + eventId),
                first.kind() + " " + first.aggregateId() + " #" + first.sequence()
                        + (eventId == null ? "" : " " + first.eventId()), () -> report.chainFindings().toString());
        if (eventId != null) {
            assertEquals(UUID.fromString(eventId), first.eventId());
        }
    }

    private static void assertHas(AuditReport report, Kind kind, String aggregate, long sequence) {
        assertTrue(report.chainFindings().stream().anyMatch(f -> f.kind() == kind && f.aggregateId().equals(aggregate)
                && f.sequence() == sequence), () -> kind + " " + aggregate + " #" + sequence + " not in "
                + report.chainFindings());
    }

    private static int indexOfFirstNote(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (LogSurgery.parse(lines.get(i)).has("note")) {
                return i;
            }
        }
        throw new AssertionError("no heads note");
    }
}
