package org.torneo.audit;

import java.util.List;
import org.torneo.audit.chain.ChainAudit;
import org.torneo.audit.chain.ChainFinding;
import org.torneo.audit.verify.AuthorityCheck;
import org.torneo.audit.verify.Decision;

/**
 * The outcome of auditing one log: every decision re-verified and every break of the hash chains.
 *
 * @param decisions every decision found, confirmed or discrepant, in log order per aggregate
 * @param chain     the tamper-evidence result
 * @param unchecked decisions the audit could not re-derive (not counted), with the reason
 * @param authority every decision re-checked for authority (issue 16): its actor, the permission it needed, and
 *                  whether the tournament's offices at that moment granted it
 */
public record AuditReport(List<Decision> decisions, ChainAudit.Result chain, List<String> unchecked,
                          List<AuthorityCheck> authority) {

    public AuditReport {
        decisions = List.copyOf(decisions);
        unchecked = List.copyOf(unchecked);
        authority = List.copyOf(authority);
    }

    /** A report without authority checks (a log audited before offices existed). */
    public AuditReport(List<Decision> decisions, ChainAudit.Result chain, List<String> unchecked) {
        this(decisions, chain, unchecked, List.of());
    }

    /** The decisions whose actor did not hold the permission they needed at that moment. */
    public List<AuthorityCheck> withoutAuthority() {
        return authority.stream().filter(c -> !c.allowed()).toList();
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

    /** Clean: no discrepancy, no decision without authority, and every chain intact (the CLI's exit code 0). */
    public boolean clean() {
        return discrepant() == 0 && withoutAuthority().isEmpty() && chainIntact();
    }

    /**
     * The command's last line: "audit: N decisions checked, D discrepant, A decisions without authority, chain
     * intact|broken" (the authority count sits before the chain, so the line still ends with the chain's state).
     */
    public String summaryLine() {
        return "audit: " + decisions.size() + " decisions checked, " + discrepant() + " discrepant, "
                + withoutAuthority().size() + " decisions without authority, chain " + (chainIntact() ? "intact" : "broken");
    }
}
