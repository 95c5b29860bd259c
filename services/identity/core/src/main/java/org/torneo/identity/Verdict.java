package org.torneo.identity;

import java.util.Objects;

import org.torneo.contracts.Actor;

/**
 * The answer to "may this account do this here?": allowed with the grant that held and the actor to record, or
 * denied with a reason that says what was missing ("arbiter-a is arbiter of halls [A] of t-1, not of hall C").
 *
 * @param allowed    whether the action may go ahead
 * @param permission what was asked
 * @param rule       the permission's rule (with its article), for people and the audit
 * @param reason     why allowed (the grant that held) or why not
 * @param actor      the actor to record when allowed; null when denied
 */
public record Verdict(boolean allowed, Permission permission, String rule, String reason, Actor actor) {

    public Verdict {
        Objects.requireNonNull(permission, "permission");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(reason, "reason");
        if (allowed != (actor != null)) {
            throw new IllegalArgumentException("an allowed verdict names its actor, a denied one none");
        }
    }

    public static Verdict allowed(Permission permission, String reason, Actor actor) {
        return new Verdict(true, permission, permission.rule(), reason, Objects.requireNonNull(actor, "actor"));
    }

    public static Verdict denied(Permission permission, String reason) {
        return new Verdict(false, permission, permission.rule(), reason, null);
    }

    public boolean denied() {
        return !allowed;
    }

    /** The actor to record; fails for a denied verdict (the edge answers 403 with {@link #reason} instead). */
    public Actor actorOrThrow() {
        if (actor == null) {
            throw new IllegalStateException("denied: " + reason);
        }
        return actor;
    }

    /** "denied CORRECT_RESULT: <reason> (rule: <rule>)", for logs and 403 bodies. */
    public String describe() {
        return (allowed ? "allowed " : "denied ") + permission + ": " + reason + " (rule: " + rule + ")";
    }
}
