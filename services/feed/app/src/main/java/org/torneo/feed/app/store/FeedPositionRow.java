package org.torneo.feed.app.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * Where the feed goes on reading an input partition (table feed_position): the offset after the last record
 * whose feed events are stored, written in the same transaction as those events.
 */
@Entity
@Table(name = "feed_position")
public class FeedPositionRow {

    /** "topic:partition". */
    @Id
    @Column(name = "topic_partition")
    public String topicPartition;

    @Column(name = "next_offset", nullable = false)
    public long nextOffset;
}
