package org.torneo.audit;

import java.util.ArrayList;
import java.util.List;
import org.torneo.audit.chain.ChainFinding;
import org.torneo.audit.chain.SignatureAudit;
import org.torneo.contracts.signing.TrustedKeys;
import org.torneo.audit.chain.ChainAudit;
import org.torneo.audit.log.EventLog;
import org.torneo.audit.verify.AuthorityAudit;
import org.torneo.audit.verify.DecisionAudit;
import org.torneo.contracts.codec.JsonCodec;

/** Entry point: audit an exported log (its lines) or an already read one. */
public final class Audit {

    private final JsonCodec codec;
    private final DecisionAudit decisions;

    public Audit(JsonCodec codec, DecisionAudit decisions) {
        this.codec = codec;
        this.decisions = decisions;
    }

    public Audit() {
        this(JsonCodec.standard(), new DecisionAudit());
    }

    public AuditReport ofLines(List<String> lines) {
        return of(EventLog.read(codec, lines));
    }

    /**
     * Audits the lines and, against {@code trust}, every event's signed head and every anchor (issue 17): the
     * signature findings join the chain findings (a log not as signed is a broken chain).
     */
    public AuditReport ofLines(List<String> lines, TrustedKeys trust, List<SignatureAudit.Anchor> anchors) {
        return of(EventLog.read(codec, lines), trust, anchors);
    }

    public AuditReport of(EventLog.Read log) {
        List<org.torneo.audit.verify.Decision> found = decisions.audit(log);
        AuthorityAudit.Result authority = new AuthorityAudit().audit(log);
        List<String> unchecked = new java.util.ArrayList<>(decisions.unchecked());
        unchecked.addAll(authority.unchecked());
        return new AuditReport(found, ChainAudit.audit(log), unchecked, authority.checks());
    }

    public AuditReport of(EventLog.Read log, TrustedKeys trust, List<SignatureAudit.Anchor> anchors) {
        List<org.torneo.audit.verify.Decision> found = decisions.audit(log);
        ChainAudit.Result links = ChainAudit.audit(log);
        SignatureAudit.Result signatures = SignatureAudit.audit(log, trust, anchors);
        List<ChainFinding> all = new ArrayList<>(links.findings());
        all.addAll(signatures.findings());
        AuthorityAudit.Result authority = new AuthorityAudit().audit(log);
        List<String> unchecked = new ArrayList<>(decisions.unchecked());
        unchecked.addAll(authority.unchecked());
        return new AuditReport(found, new ChainAudit.Result(links.aggregates(), links.events(), all),
                unchecked, signatures, authority.checks());
    }
}
