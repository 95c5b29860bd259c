package org.torneo.platform.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.torneo.platform.AggregateState;
import org.torneo.platform.Decision;

class AsyncCommitListenerTest {

    private static Decision<String> decision(int n) {
        return new Decision<>(null, "a" + n, false, List.of(), new AggregateState<>("a" + n, "s" + n, n, "h" + n));
    }

    private static List<Decision<String>> batch(int from, int count) {
        List<Decision<String>> list = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            list.add(decision(i));
        }
        return list;
    }

    @Test
    void batchesArriveInCommitOrderAndThoseThatQueuedUpArriveTogether() throws Exception {
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<List<String>> seen = Collections.synchronizedList(new ArrayList<>());
        try (AsyncCommitListener<String> async = new AsyncCommitListener<>("test-projection", decisions -> {
            seen.add(decisions.stream().map(Decision::aggregateId).toList());
            firstStarted.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, 1000)) {
            async.committed(batch(0, 2));
            assertTrue(firstStarted.await(10, TimeUnit.SECONDS));
            async.committed(batch(2, 1)); // the listener is busy: these two queue up
            async.committed(batch(3, 2));
            release.countDown();
            assertTrue(async.awaitIdle(Duration.ofSeconds(10)));
            assertEquals(List.of(List.of("a0", "a1"), List.of("a2", "a3", "a4")), seen);
            assertEquals(2, async.handOvers());
        }
    }

    @Test
    void theRuntimeBlocksWhenTooManyDecisionsWait() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger delivered = new AtomicInteger();
        try (AsyncCommitListener<String> async = new AsyncCommitListener<>("slow-projection", decisions -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            delivered.addAndGet(decisions.size());
        }, 3)) {
            async.committed(batch(0, 1)); // taken by the worker, which now waits
            while (async.handOvers() < 1) {
                Thread.onSpinWait();
            }
            async.committed(batch(1, 3)); // fills the queue to its bound
            Thread runtime = new Thread(() -> async.committed(batch(4, 1)));
            runtime.start();
            runtime.join(300);
            assertTrue(runtime.isAlive(), "a fourth waiting decision must block the committing thread");
            release.countDown();
            runtime.join(10_000);
            assertFalse(runtime.isAlive());
            assertTrue(async.awaitIdle(Duration.ofSeconds(10)));
            assertEquals(5, delivered.get());
        }
    }

    @Test
    void aFailingHandOverIsLoggedAndTheNextOnesStillArrive() throws Exception {
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        try (AsyncCommitListener<String> async = new AsyncCommitListener<>("flaky-projection", decisions -> {
            if (decisions.getFirst().aggregateId().equals("a0")) {
                throw new IllegalStateException("database down");
            }
            decisions.forEach(d -> seen.add(d.aggregateId()));
        }, 100)) {
            async.committed(batch(0, 1));
            assertTrue(async.awaitIdle(Duration.ofSeconds(10)));
            async.committed(batch(1, 1));
            assertTrue(async.awaitIdle(Duration.ofSeconds(10)));
            assertEquals(List.of("a1"), seen);
        }
    }
}
