package org.torneo.audit.log;

import org.torneo.contracts.Envelope;

/**
 * One line of an exported log: the envelope as read, the topic it came from, and whether its content still
 * matches the hash it carries (an edited record is kept, so the audit can name it, instead of being refused).
 *
 * @param line               1-based line number in the export
 * @param topic              the Kafka topic the record was read from
 * @param envelope           the envelope, with the hash it carried
 * @param contentMatchesHash false when the record was altered after it was sealed
 */
public record LoggedEvent(int line, String topic, Envelope envelope, boolean contentMatchesHash) {

    /**
     * The chain this event belongs to: the clock shares the game id and the rating service the tournament id, but
     * each writes its own chain; a game's moves, claims and results are one chain.
     */
    public String chainKey() {
        return chainKey(topic, envelope.aggregateId());
    }

    /** The chain of {@code aggregateId}'s event on {@code topic} (see {@link #chainKey()}). */
    public static String chainKey(String topic, String aggregateId) {
        if (topic.startsWith("torneo.clock")) {
            return "clock:" + aggregateId;
        }
        if (topic.startsWith("torneo.ratings")) {
            return "rating:" + aggregateId;
        }
        return aggregateId;
    }
}
