package org.torneo.platform.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.IntStream;

import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;

class SequentialTest {

    /** The demo's round-2 stall: a committed batch of thousands of events projected on a small stack. */
    @Test
    void thousandsOfStepsRunInOrderOnASmallStack() throws Exception {
        List<Integer> seen = new ArrayList<>();
        List<Integer> items = IntStream.range(0, 20_000).boxed().toList();
        ExecutorService network = Executors.newSingleThreadExecutor();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = new Thread(null, () -> {
            try {
                Sequential.each(items, i -> Uni.createFrom().item(i).emitOn(network).invoke(seen::add))
                        .await().atMost(Duration.ofSeconds(60));
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "small-stack", 256 * 1024);
        thread.start();
        thread.join();
        network.shutdown();
        assertEquals(null, failure.get());
        assertEquals(items, seen);
    }

    @Test
    void theNaiveChainOverflowsWhereSequentialDoesNot() throws Exception {
        // Why Sequential exists: the same work as a chain of chains dies of a StackOverflowError.
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = new Thread(null, () -> {
            Uni<Void> chain = Uni.createFrom().voidItem();
            for (int i = 0; i < 20_000; i++) {
                chain = chain.chain(() -> Uni.createFrom().voidItem());
            }
            try {
                chain.await().atMost(Duration.ofSeconds(60));
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "small-stack", 256 * 1024);
        thread.start();
        thread.join();
        assertEquals(StackOverflowError.class, failure.get() == null ? null : failure.get().getClass());
    }

    @Test
    void theFirstFailureStopsTheRestAndIsReported() {
        List<Integer> seen = new ArrayList<>();
        List<Supplier<Uni<?>>> steps = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            int n = i;
            steps.add(() -> {
                seen.add(n);
                return n == 2 ? Uni.createFrom().failure(new IllegalStateException("row 2 refused"))
                        : Uni.createFrom().voidItem();
            });
        }
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Sequential.all(steps).await().atMost(Duration.ofSeconds(5)));
        assertEquals("row 2 refused", e.getMessage());
        assertEquals(List.of(0, 1, 2), seen);
    }

    @Test
    void noStepsIsDone() {
        assertEquals(null, Sequential.all(List.of()).await().atMost(Duration.ofSeconds(5)));
    }
}
