package org.torneo.audit;

import java.util.List;
import org.torneo.audit.chain.ChainAudit;
import org.torneo.audit.chain.ChainFinding;
import org.torneo.audit.verify.Decision;

/**
 * The outcome of auditing one log: every decision re-verified and every break of the hash chains.
 *
 * @param decisions every decision found, confirmed or discrepant, in log order per aggregate
 * @param chain     the tamper-evidence result
 * @param unchecked decisions the audit could not re-derive (not counted), with the reason
 */
public record AuditReport(List<Decision> decisions, ChainAudit.Result chain, List<String> unchecked) {

    public AuditReport {
        decisions = List.copyOf(decisions);
        unchecked = List.copyOf(unchecked);
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
