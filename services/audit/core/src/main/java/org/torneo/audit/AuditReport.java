package org.torneo.audit;

import java.util.List;
import org.torneo.audit.chain.ChainAudit;
import org.torneo.audit.chain.ChainFinding;
import org.torneo.audit.chain.SignatureAudit;
import org.torneo.audit.verify.AuthorityCheck;
import org.torneo.audit.verify.Decision;

/**
 * The outcome of auditing one log: every decision re-verified and every break of the hash chains.
 *
 * @param decisions every decision found, confirmed or discrepant, in log order per aggregate
 * @param chain     the tamper-evidence result
 * @param unchecked decisions the audit could not re-derive (not counted), with the reason
 * @param signatures what the signature check judged (its findings are among the chain's)
 * @param authority every decision re-checked for authority (issue 16): its actor, the permission it needed, and
 *                  whether the tournament's offices at that moment granted it
 */
public record AuditReport(List<Decision> decisions, ChainAudit.Result chain, List<String> unchecked,
                          SignatureAudit.Result signatures, List<AuthorityCheck> authority) {

    public AuditReport {
        decisions = List.copyOf(decisions);
        unchecked = List.copyOf(unchecked);
        authority = List.copyOf(authority);
    }

    /** A report without signature or authority checks. */
    public AuditReport(List<Decision> decisions, ChainAudit.Result chain, List<String> unchecked) {
        this(decisions, chain, unchecked, SignatureAudit.Result.notChecked(), List.of());
    }

    /** A report without authority checks (a log audited before offices existed). */
    public AuditReport(List<Decision> decisions, ChainAudit.Result chain, List<String> unchecked,
                       SignatureAudit.Result signatures) {
        this(decisions, chain, unchecked, signatures, List.of());
    }

    /** A report without signature checks. */
    public AuditReport(List<Decision> decisions, ChainAudit.Result chain, List<String> unchecked,
                       List<AuthorityCheck> authority) {
        this(decisions, chain, unchecked, SignatureAudit.Result.notChecked(), authority);
    }

    /** The decisions whose actor did not hold the permission they needed at that moment. */
    public List<AuthorityCheck> withoutAuthority() {
        return authority.stream().filter(c -> !c.allowed()).toList();
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

    /** Clean: no discrepancy, no decision without authority, and every chain intact (the CLI's exit code 0). */
    public boolean clean() {
        return discrepant() == 0 && withoutAuthority().isEmpty() && chainIntact();
    }

    /** The decisions re-checked whose kind starts with {@code kind} (e.g. "resignation", "arbiter ruling"). */
    public long checked(String kind) {
        return decisions.stream().filter(d -> d.kind().startsWith(kind)).count();
    }

    /**
     * The line naming what was re-checked beyond the moves (issue 22): "re-checked: R resignations, A arbiter rulings,
     * S standings, P prize lists".
     */
    public String recheckedLine() {
        return "re-checked: " + checked(org.torneo.audit.verify.ResignationAudit.KIND) + " resignations, "
                + checked(org.torneo.audit.verify.RulingAudit.KIND) + " arbiter rulings, "
                + checked(org.torneo.audit.verify.StandingsAudit.STANDINGS) + " standings, "
                + checked(org.torneo.audit.verify.StandingsAudit.PRIZES) + " prize lists";
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
