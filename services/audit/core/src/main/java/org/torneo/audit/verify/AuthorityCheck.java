package org.torneo.audit.verify;

import java.util.UUID;

import org.torneo.contracts.Actor;
import org.torneo.identity.Permission;
import org.torneo.identity.Verdict;

/**
 * One decision of the log re-checked for authority: did its actor hold the permission at that moment, in the
 * tournament's offices replayed up to it?
 *
 * @param subject  the game id, or "tournament T"
 * @param event    the event that records the decision (its type, e.g. "MovePlayed")
 * @param eventId  that event's id
 * @param sequence its sequence in its chain
 * @param actor    who the log says decided
 * @param verdict  allowed or not, with the permission, its rule and the reason
 */
public record AuthorityCheck(String subject, String event, UUID eventId, long sequence, Actor actor,
                             Verdict verdict) {

    public boolean allowed() {
        return verdict.allowed();
    }

    public Permission permission() {
        return verdict.permission();
    }

    /** "g-1 #7 MovePlayed by PLAYER p2: MOVE denied: ... (rule: ...)". */
    public String describe() {
        return subject + " #" + sequence + " " + event + " by " + actor.role() + " " + actor.id() + ": "
                + verdict.describe();
    }
}
