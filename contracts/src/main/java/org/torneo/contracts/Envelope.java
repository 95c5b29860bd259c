package org.torneo.contracts;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * What travels on every topic: one message plus who, when, why and where it sits in its aggregate.
 *
 * <p>Events: {@code sequence} counts the events of one aggregate (a game, a clock, a tournament)
 * from 1 across all the topics that aggregate writes, with no gaps; {@code previousHash} is the
 * {@code hash} of the event with {@code sequence - 1} ({@link #GENESIS_HASH} for sequence 1), and
 * {@code hash} is the SHA-256 of the canonical bytes of this envelope without its hash (see
 * org.torneo.contracts.codec.Canonical). Altering, removing or reordering any event breaks the chain.
 *
 * <p>Commands travel in the same envelope with {@code sequence 0}; their {@code eventId} is the
 * command id (the idempotency key), {@code causationId} is optional (the event that made a service
 * issue the command) and their hashes are optional.
 *
 * @param eventId       unique id of this message (for a command: the command id)
 * @param causationId   for an event: the id of the command (or event) that caused it
 * @param correlationId optional id tying together a whole flow (e.g. one round of a tournament)
 * @param aggregateId   game id, clock id (= game id) or tournament id
 * @param sequence      position of an event in its aggregate, from 1; 0 for commands
 * @param actor         who caused it
 * @param occurredAt    when it was decided (events) or observed at the edge (commands)
 * @param previousHash  hash of the previous event of the aggregate; null only for commands
 * @param hash          SHA-256 (lowercase hex) of the canonical bytes; null for unsealed envelopes
 * @param payload       the command or event
 */
public record Envelope(UUID eventId, UUID causationId, String correlationId, String aggregateId, long sequence,
                       Actor actor, Instant occurredAt, String previousHash, String hash, Message payload) {

    /** The previousHash of the first event of every aggregate. */
    public static final String GENESIS_HASH = "0".repeat(64);

    public Envelope {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(aggregateId, "aggregateId");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(payload, "payload");
        if (aggregateId.isBlank()) {
            throw new IllegalArgumentException("aggregateId must not be blank");
        }
        if (payload instanceof CommandMessage) {
            if (sequence != 0) {
                throw new IllegalArgumentException("a command travels with sequence 0, not " + sequence);
            }
        } else if (payload instanceof EventMessage) {
            if (sequence < 1) {
                throw new IllegalArgumentException("an event's sequence starts at 1, not " + sequence);
            }
            Objects.requireNonNull(causationId, "causationId (an event records the command that caused it)");
        } else {
            throw new IllegalArgumentException("payload must be a CommandMessage or an EventMessage: "
                    + payload.getClass().getName());
        }
        checkHash("previousHash", previousHash);
        checkHash("hash", hash);
    }

    /** A command ready to send (commands are not chained). */
    public static Envelope command(UUID commandId, String aggregateId, Actor actor, Instant observedAt,
                                   CommandMessage command) {
        return new Envelope(commandId, null, null, aggregateId, 0, actor, observedAt, null, null, command);
    }

    /** An event not yet sealed into its chain: the codec's seal(...) fills previousHash and hash. */
    public static Envelope event(UUID eventId, UUID causationId, String correlationId, String aggregateId,
                                 long sequence, Actor actor, Instant occurredAt, EventMessage event) {
        return new Envelope(eventId, causationId, correlationId, aggregateId, sequence, actor, occurredAt,
                null, null, event);
    }

    public boolean isCommand() {
        return payload instanceof CommandMessage;
    }

    public boolean isSealed() {
        return hash != null;
    }

    /** A copy with the chain fields set (used by the codec when sealing). */
    public Envelope withChain(String newPreviousHash, String newHash) {
        return new Envelope(eventId, causationId, correlationId, aggregateId, sequence, actor, occurredAt,
                newPreviousHash, newHash, payload);
    }

    private static void checkHash(String field, String value) {
        if (value != null && !isSha256Hex(value)) {
            throw new IllegalArgumentException(field + " must be 64 lowercase hex digits (SHA-256), got '"
                    + value + "'");
        }
    }

    /** 64 lowercase hex digits. A loop, not String.matches: every sealed event passes here twice, and compiling
     *  the regular expression each time was a tenth of the game service's CPU per move. */
    private static boolean isSha256Hex(String value) {
        if (value.length() != 64) {
            return false;
        }
        for (int i = 0; i < 64; i++) {
            char c = value.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }
}
