package org.torneo.audit;

import java.util.List;
import org.torneo.audit.chain.ChainAudit;
import org.torneo.audit.chain.ChainFinding;
import org.torneo.audit.chain.SignatureAudit;
import org.torneo.audit.verify.Decision;

/**
 * The outcome of auditing one log: every decision re-verified and every break of the hash chains.
 *
 * @param decisions every decision found, confirmed or discrepant, in log order per aggregate
 * @param chain     the tamper-evidence result
 * @param unchecked decisions the audit could not re-derive (not counted), with the reason
 * @param signatures what the signature check judged (its findings are among the chain's)
 */
public record AuditReport(List<Decision> decisions, ChainAudit.Result chain, List<String> unchecked,
                          SignatureAudit.Result signatures) {

    public AuditReport {
        decisions = List.copyOf(decisions);
        unchecked = List.copyOf(unchecked);
    }

    public AuditReport(List<Decision> decisions, ChainAudit.Result chain, List<String> unchecked) {
        this(decisions, chain, unchecked, SignatureAudit.Result.notChecked());
    }

    /**
     * The first event that fails: the first chain finding about an event (findings are listed chain by chain, each
     * chain's first failure first; notes that vouch for nothing and unreadable lines come after any event), or
     * empty when every chain is intact.
     */
    public java.util.Optional<ChainFinding> firstFailure() {
        java.util.Set<ChainFinding.Kind> notAnEvent = java.util.EnumSet.of(ChainFinding.Kind.HEAD_INVALID,
                ChainFinding.Kind.ANCHOR_INVALID, ChainFinding.Kind.UNREADABLE);
        return chain.findings().stream().filter(f -> !notAnEvent.contains(f.kind())).findFirst()
                .or(() -> chain.findings().stream().findFirst());
    }

    public long discrepant() {
        return decisions.stream().filter(d -> !d.confirmed()).count();
    }

    public boolean chainIntact() {
        return chain.intact();
    }

    public List<ChainFinding> chainFindings() {
        return chain.findings();
    }

    /** Clean: no discrepancy and every chain intact (the CLI's exit code 0). */
    public boolean clean() {
        return discrepant() == 0 && chainIntact();
    }

    /** The command's last line. */
    public String summaryLine() {
        return "audit: " + decisions.size() + " decisions checked, " + discrepant() + " discrepant, chain "
                + (chainIntact() ? "intact" : "broken");
    }
}
