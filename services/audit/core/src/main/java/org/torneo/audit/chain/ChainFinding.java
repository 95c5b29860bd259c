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
        UNREADABLE,
        /** A chain-heads note that does not count: unreadable, unknown key, bad signature, outside the key's validity, or a service signing a stream it does not own. */
        HEAD_INVALID,
        /** An event no validly signed head of its service covers (e.g. an unsigned tail after the last head). */
        UNSIGNED,
        /** An event whose hash is not the one its service signed for that sequence (changed and re-sealed, reordered, replaced). */
        NOT_AS_SIGNED,
        /** An event a signed head or an anchor names that the log lacks (deleted, or the log truncated). */
        SIGNED_BUT_MISSING,
        /** An anchor (round checkpoint) that does not count: unreadable, or not signed by a trusted key of its service. */
        ANCHOR_INVALID,
        /** An event whose hash is not the one a round's anchor recorded. */
        NOT_AS_ANCHORED
    }
}
