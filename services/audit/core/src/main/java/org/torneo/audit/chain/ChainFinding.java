package org.torneo.audit.chain;

import java.util.UUID;

/**
 * One break in an aggregate's hash chain, naming the event.
 *
 * @param aggregateId the game, clock or tournament whose chain is broken
 * @param sequence    the sequence of the event concerned
 * @param eventId     that event's id (null when the event is missing: see {@code kind})
 * @param kind        what happened to it
 * @param detail      the evidence, in words
 */
public record ChainFinding(String aggregateId, long sequence, UUID eventId, Kind kind, String detail) {

    public enum Kind {
        /** Its content no longer matches its hash. */
        CHANGED,
        /** Its content matches its (recomputed) hash, but the next event chains to another hash. */
        CHANGED_AND_RESEALED,
        /** A sequence number is missing. */
        REMOVED,
        /** A second event with a sequence already taken, or one that chains to nothing in the log. */
        INSERTED,
        /** Events out of sequence order in the log. */
        REORDERED,
        /** A line that is not an envelope. */
        UNREADABLE
    }
}
