package org.torneo.stack.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

/** A cluster whose start fails reports every node's failure, not only the first one met (issue 21). */
class KafkaClusterStartTest {

    private static CompletableFuture<Void> failing(String reason) {
        return CompletableFuture.runAsync(() -> {
            throw new IllegalStateException(reason);
        });
    }

    @Test
    void givenTwoNodesFailing_whenTheStartsAreAwaited_thenBothReasonsAndTheNodeThatStartedAreNamed() {
        List<String> names = List.of("node 1", "node 2", "node 3");
        List<CompletableFuture<Void>> starts = List.of(failing("the Kafka broker exited with code 1 while starting"),
                CompletableFuture.completedFuture(null),
                failing("the Kafka broker did not become ready within PT3M20S"));

        String report = KafkaCluster.failures(names, starts);

        assertEquals("2 of 3 Kafka nodes failed to start:\n"
                + "- node 1: java.lang.IllegalStateException: the Kafka broker exited with code 1 while starting\n"
                + "- node 3: java.lang.IllegalStateException: the Kafka broker did not become ready within PT3M20S\n"
                + "started: node 2", report);
    }

    @Test
    void givenEveryNodeStarted_thenNothingIsReported() {
        assertNull(KafkaCluster.failures(List.of("node 1", "node 2"),
                List.of(CompletableFuture.completedFuture(null), CompletableFuture.completedFuture(null))));
    }
}
