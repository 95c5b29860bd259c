package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/**
 * The sheets' batches of one game run one at a time and in the order they were submitted, whatever the threads; the
 * games do not wait for each other; a failed batch does not stop its game's queue.
 */
class GameSequencerTest {

    @Test
    void oneGameBatchesRunOneAtATimeInTheOrderSubmitted() throws Exception {
        // given 12 games, each sent 60 batches one after another by a submitter of its own, on a pool of 8 threads
        // whose batches take random short times (a call to the game service)
        GameSequencer sequencer = new GameSequencer();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        Map<String, List<Integer>> ran = new ConcurrentHashMap<>();
        Map<String, AtomicInteger> running = new ConcurrentHashMap<>();
        AtomicInteger overlaps = new AtomicInteger();
        List<CompletableFuture<Integer>> results = Collections.synchronizedList(new ArrayList<>());
        List<Thread> submitters = new ArrayList<>();
        for (int g = 0; g < 12; g++) {
            String game = "game-" + g;
            ran.put(game, Collections.synchronizedList(new ArrayList<>()));
            running.put(game, new AtomicInteger());
            submitters.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 60; i++) {
                    int batch = i;
                    // when each batch is submitted as soon as the one before was submitted (not run)
                    results.add(sequencer.submit(game, pool, () -> {
                        if (running.get(game).incrementAndGet() > 1) {
                            overlaps.incrementAndGet();
                        }
                        try {
                            Thread.sleep(ThreadLocalRandom.current().nextInt(3));
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        ran.get(game).add(batch);
                        running.get(game).decrementAndGet();
                        return batch;
                    }));
                }
            }));
        }
        for (Thread t : submitters) {
            t.join();
        }
        CompletableFuture.allOf(results.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        pool.shutdown();
        // then each game's batches ran in the order they were submitted, never two at once
        List<Integer> expected = java.util.stream.IntStream.range(0, 60).boxed().toList();
        ran.forEach((game, order) -> assertEquals(expected, order, game + "'s batches out of order"));
        assertEquals(0, overlaps.get(), "two batches of one game ran at once");
        // a queue is dropped just after its last batch's caller is answered (the caller's future completes first):
        // wait for that moment, bounded
        for (int i = 0; i < 500 && sequencer.queued() > 0; i++) {
            Thread.sleep(10);
        }
        assertEquals(0, sequencer.queued(), "the queues of games with nothing left to do are dropped");
    }

    @Test
    void aGameWaitingForItsBatchDoesNotHoldTheOthers() throws Exception {
        // given game A's batch blocked (a slow game service) on a pool of one thread and a batch of A behind it
        GameSequencer sequencer = new GameSequencer();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> slow = sequencer.submit("A", pool, () -> {
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "A1";
        });
        CompletableFuture<String> behind = sequencer.submit("A", pool, () -> "A2");
        // when game B sends a batch: it runs on the second thread (A's second batch holds none while it waits)
        assertEquals("B1", sequencer.submit("B", pool, () -> "B1").get(10, TimeUnit.SECONDS));
        assertTrue(!behind.isDone(), "A's second batch ran before its first finished");
        release.countDown();
        assertEquals("A1", slow.get(10, TimeUnit.SECONDS));
        assertEquals("A2", behind.get(10, TimeUnit.SECONDS));
        pool.shutdown();
    }

    @Test
    void aFailedBatchIsReportedAndTheNextOneRuns() throws Exception {
        GameSequencer sequencer = new GameSequencer();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CompletableFuture<String> failed = sequencer.submit("A", pool, () -> {
            throw new IllegalStateException("the broker did not take it");
        });
        CompletableFuture<String> next = sequencer.submit("A", pool, () -> "next");
        assertEquals("next", next.get(10, TimeUnit.SECONDS));
        assertTrue(failed.isCompletedExceptionally());
        pool.shutdown();
    }
}
