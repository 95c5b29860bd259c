package org.torneo.feed.app.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.torneo.feed.core.FeedEvent;
import org.torneo.feed.core.FeedModel;
import org.torneo.stack.test.TorneoStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The feed's store on the real PostgreSQL: events without a moved position are stored (the reader, failing on the
 * statement that stored them at every start, never came up again: a chaos run's feed, 2026-11-27), and positions
 * without events too.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class PgFeedStoreTest {

    @Inject
    PgFeedStore store;

    @Test
    void events_without_a_moved_position_are_stored_and_so_are_positions_without_events() {
        String tournament = "store-" + UUID.randomUUID().toString().substring(0, 8);
        FeedModel.Logged logged = new FeedModel.Logged(tournament, new FeedEvent(1, "result", 1, "A", 3,
                "{\"result\":\"1-0\"}", 1_700_000_000_000L));
        // when a commit carries events and no position that moved
        store.save(List.of(logged), Map.of());
        // then they are stored
        assertTrue(store.load().events().contains(logged), "the event is stored");
        // and a commit with a position and no event stores the position; one with neither is nothing
        TopicPartition partition = new TopicPartition("store-test-" + tournament, 0);
        store.save(List.of(), Map.of(partition, 42L));
        store.save(List.of(), Map.of());
        assertEquals(42L, store.load().positions().get(partition));
    }
}
