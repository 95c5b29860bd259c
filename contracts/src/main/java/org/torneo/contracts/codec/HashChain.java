package org.torneo.contracts.codec;

import java.util.Optional;

import org.torneo.contracts.Envelope;

/**
 * Verifies the tamper-evident chain of one aggregate's events: sequences 1, 2, 3 … without gaps,
 * each previousHash equal to the hash before it (GENESIS_HASH first) and each hash equal to the
 * SHA-256 of the envelope's canonical bytes. Feed the events in sequence order.
 *
 * <p>The content check re-encodes each record; a log containing upcasted events (older versions
 * read as newer ones) cannot be re-encoded to its original bytes, so check such a log with
 * {@code checkContent = false}: JsonCodec.decode has already verified each hash against the bytes
 * as written, and the links (sequence, previousHash) are still checked here.
 */
public final class HashChain {

    private final JsonCodec codec;
    private final String aggregateId;
    private final boolean checkContent;
    private long lastSequence;
    private String lastHash = Envelope.GENESIS_HASH;

    public HashChain(JsonCodec codec, String aggregateId) {
        this(codec, aggregateId, true);
    }

    public HashChain(JsonCodec codec, String aggregateId, boolean checkContent) {
        this.codec = codec;
        this.aggregateId = aggregateId;
        this.checkContent = checkContent;
    }

    /** Checks every event of one aggregate; the first break found, or empty when intact. */
    public static Optional<String> verify(JsonCodec codec, String aggregateId, Iterable<Envelope> events) {
        HashChain chain = new HashChain(codec, aggregateId);
        for (Envelope event : events) {
            Optional<String> problem = chain.accept(event);
            if (problem.isPresent()) {
                return problem;
            }
        }
        return Optional.empty();
    }

    /** Takes the next event; returns what is wrong with it, or empty when it extends the chain. */
    public Optional<String> accept(Envelope event) {
        if (event == null) {
            return Optional.of(aggregateId + " #" + (lastSequence + 1) + ": no event (an unreadable record)");
        }
        String where = aggregateId + " #" + event.sequence() + " (" + event.eventId() + ")";
        if (!event.aggregateId().equals(aggregateId)) {
            return Optional.of(where + ": belongs to aggregate " + event.aggregateId());
        }
        if (event.sequence() != lastSequence + 1) {
            return Optional.of(where + ": expected sequence " + (lastSequence + 1) + " (a gap or a reordering)");
        }
        if (!lastHash.equals(event.previousHash())) {
            return Optional.of(where + ": previousHash " + event.previousHash() + " does not match the hash of #"
                    + lastSequence + " (" + lastHash + ")");
        }
        if (event.hash() == null) {
            return Optional.of(where + ": not sealed (no hash)");
        }
        if (checkContent) {
            String expected;
            try {
                expected = codec.hashOf(event);
            } catch (RuntimeException | StackOverflowError e) {
                // a payload this codec cannot write (not in its catalogue, say) breaks the chain here, it does not throw
                return Optional.of(where + ": content cannot be re-encoded to check its hash (" + e + ")");
            }
            if (!expected.equals(event.hash())) {
                return Optional.of(where + ": hash " + event.hash() + " does not match its content (" + expected + ")");
            }
        }
        lastSequence = event.sequence();
        lastHash = event.hash();
        return Optional.empty();
    }

    public long lastSequence() {
        return lastSequence;
    }

    /** The hash the next event must chain to. */
    public String lastHash() {
        return lastHash;
    }
}
