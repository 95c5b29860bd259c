package org.torneo.platform.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** Co-partitioned ownership of partition numbers (issue 21). */
class PartitionOwnershipTest {

    private static final Map<String, Integer> FOUR = Map.of("commands", 4, "clock", 4);

    @Test
    void anAggregateHasThePartitionNumberTheProducersDefaultPartitionerGivesItsKey() {
        for (String game : List.of("g-1", "g-2", "tournament-9/r3/b12", "ñandú")) {
            assertEquals(BuiltInPartitioner.partitionForKey(game.getBytes(StandardCharsets.UTF_8), 6),
                    PartitionOwnership.partitionOf(game, 6), game);
        }
    }

    @Test
    void inputTopicsWithDifferentPartitionCountsAreRefusedNamingThem() {
        var refused = assertThrows(PartitionOwnership.NotCoPartitioned.class,
                () -> PartitionOwnership.check("game", Map.of("torneo.game.commands", 6, "torneo.clock", 4)));
        assertTrue(refused.getMessage().contains("torneo.clock has 4"), refused.getMessage());
        assertTrue(refused.getMessage().contains("torneo.game.commands has 6"), refused.getMessage());
    }

    @Test
    void aNumberIsHeldOnlyWhenEveryInputTopicsPartitionOfItIsAssigned() {
        PartitionOwnership owned = PartitionOwnership.check("game", FOUR);

        // given 0 and 1 of both topics, and 2 of the commands only (a reassignment caught half-way)
        var change = owned.update(List.of(tp("commands", 0), tp("clock", 0), tp("commands", 1), tp("clock", 1),
                tp("commands", 2)));

        assertEquals(Set.of(0, 1), change.gained());
        assertEquals(Set.of(tp("commands", 2)), change.pause());
        owned.hold(change.gained());
        assertTrue(owned.decidesOn(tp("clock", 1)));
        assertFalse(owned.decidesOn(tp("commands", 2)), "never decided while another instance may hold clock-2");

        // when 2 becomes whole and 0 goes to another instance
        change = owned.update(List.of(tp("commands", 1), tp("clock", 1), tp("commands", 2), tp("clock", 2)));

        assertEquals(Set.of(2), change.gained());
        assertEquals(Set.of(0), change.lost());
        assertTrue(change.resume().contains(tp("commands", 2)));
    }

    private static TopicPartition tp(String topic, int partition) {
        return new TopicPartition(topic, partition);
    }
}
