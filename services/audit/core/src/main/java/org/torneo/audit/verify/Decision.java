package org.torneo.audit.verify;

import java.util.UUID;

/**
 * One decision re-verified from the log.
 *
 * @param subject   the game id, or "tournament T round R"
 * @param kind      what was decided, e.g. "draw claim", "illegal-move penalty", "pairing"
 * @param eventId   the event that records the decision
 * @param sequence  its sequence in its aggregate
 * @param confirmed whether re-deriving it gave the same decision
 * @param article   the rule applied
 * @param finding   what the audit found (for a discrepancy: logged vs re-derived)
 * @param evidence  positions (FEN), plies, clock readings, earlier events' ids
 */
public record Decision(String subject, String kind, UUID eventId, long sequence, boolean confirmed, String article,
                       String finding, String evidence) {
}
