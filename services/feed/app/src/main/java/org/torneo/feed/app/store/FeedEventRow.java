package org.torneo.feed.app.store;

import java.io.Serializable;
import java.util.Objects;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

/**
 * One feed event as pushed to subscribers (table feed_event): its id is the one assigned when the feed first
 * applied the fact, so a client's Last-Event-ID stays valid across feed restarts.
 */
@Entity
@Table(name = "feed_event")
@IdClass(FeedEventRow.Key.class)
public class FeedEventRow {

    @Id
    @Column(name = "tournament_id", nullable = false)
    public String tournamentId;

    /** The tournament's feed id (1, 2, ...): the SSE id. */
    @Id
    @Column(name = "id", nullable = false)
    public long id;

    @Column(nullable = false)
    public String type;

    /** 0: not tied to a round. */
    public int round;

    /** null: not tied to a hall. */
    public String hall;

    /** 0: not tied to a board. */
    public int board;

    /** The event's data line as sent. */
    @Column(columnDefinition = "text", nullable = false)
    public String json;

    /** The instant of the game fact (epoch ms) a broadcast delay counts from; null (rows of earlier versions) or 0: none. */
    @Column(name = "fact_at")
    public Long factAt;

    /** The composite key (tournament, id). */
    public static class Key implements Serializable {
        public String tournamentId;
        public long id;

        public Key() {
        }

        public Key(String tournamentId, long id) {
            this.tournamentId = tournamentId;
            this.id = id;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.id == id && Objects.equals(key.tournamentId, tournamentId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(tournamentId, id);
        }
    }
}
