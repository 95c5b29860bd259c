package org.torneo.feed.app.store;

import java.util.List;
import java.util.Map;

import org.apache.kafka.common.TopicPartition;
import org.torneo.feed.core.FeedModel;

/**
 * Where the feed keeps what it has pushed: every feed event with its id and the input positions it was
 * derived up to, written together, so a restarted feed gives the same ids to the same events and resumes
 * exactly after the stored positions.
 */
public interface FeedStore {

    /** What a start finds: the events in (tournament, id) order and the position per input partition. */
    record Stored(List<FeedModel.Logged> events, Map<TopicPartition, Long> positions) {
        public static final Stored EMPTY = new Stored(List.of(), Map.of());
    }

    Stored load();

    /** Stores the events and the positions (only the partitions that moved) in one transaction. */
    void save(List<FeedModel.Logged> events, Map<TopicPartition, Long> positions);

    /** Forgets everything (the topics no longer hold what the positions point to). */
    void clear();

    /** Keeps nothing: every start rebuilds the events (and their ids) by replaying the topics. */
    FeedStore NONE = new FeedStore() {
        @Override
        public Stored load() {
            return Stored.EMPTY;
        }

        @Override
        public void save(List<FeedModel.Logged> events, Map<TopicPartition, Long> positions) {
        }

        @Override
        public void clear() {
        }
    };
}
