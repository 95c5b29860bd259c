package org.torneo.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class EdgeHistoryTest {

    @Test
    void a_game_read_from_three_topics_is_exported_in_sequence_order_and_the_clock_and_rating_chains_stay_apart() {
        List<Edge.Logged> read = List.of(
                logged("torneo.tournament", "t", 1),
                logged("torneo.game.moves", "t-r1-b1", 1),
                logged("torneo.ratings", "t", 1),
                logged("torneo.game.claims", "t-r1-b1", 3),
                logged("torneo.clock", "t-r1-b1", 1),
                logged("torneo.game.moves", "t-r1-b1", 2),
                logged("torneo.tournament", "t", 2),
                logged("torneo.results", "t-r1-b1", 4));
        List<String> order = Edge.inChainOrder(read).stream().map(r -> r.chain() + "#" + r.sequence()).toList();
        assertEquals(List.of("t#1", "t#2", "t-r1-b1#1", "t-r1-b1#2", "t-r1-b1#3", "t-r1-b1#4", "rating:t#1",
                "clock:t-r1-b1#1"), order);
    }

    private static Edge.Logged logged(String topic, String aggregate, long sequence) {
        return new Edge.Logged(topic, aggregate, sequence, topic + " " + aggregate + " " + sequence);
    }
}
