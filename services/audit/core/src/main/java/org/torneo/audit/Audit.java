package org.torneo.audit;

import java.util.List;
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

    public AuditReport of(EventLog.Read log) {
        List<org.torneo.audit.verify.Decision> found = decisions.audit(log);
        AuthorityAudit.Result authority = new AuthorityAudit().audit(log);
        List<String> unchecked = new java.util.ArrayList<>(decisions.unchecked());
        unchecked.addAll(authority.unchecked());
        return new AuditReport(found, ChainAudit.audit(log), unchecked, authority.checks());
    }
}
