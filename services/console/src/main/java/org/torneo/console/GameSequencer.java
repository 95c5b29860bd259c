package org.torneo.console;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * One game's work at a time, in the order it arrived, without a thread waiting for its turn: each game has a queue
 * (the tail of a chain of futures), a batch of a sheet is appended to its game's queue and runs on {@code executor}
 * once the batch before it has finished (answered or failed); the caller gets a future of its result. The games are
 * independent: the batches of different games run side by side.
 * <p>
 * It replaces a lock per game that a request held over its calls to the game service: at 2,500 boards every worker
 * thread was either in such a call or parked on the lock behind it (the other sheet of the same game), and the
 * requests queued for minutes (docs/benchmarks.md). Here a batch waiting for its turn holds no thread.
 */
final class GameSequencer {

    private final Map<String, CompletableFuture<?>> tails = new ConcurrentHashMap<>();

    /**
     * Runs {@code batch} on {@code executor} after every batch submitted before it for {@code game} has finished;
     * the future completes with its result (or its exception).
     */
    <T> CompletableFuture<T> submit(String game, Executor executor, Supplier<T> batch) {
        CompletableFuture<T> result = new CompletableFuture<>();
        CompletableFuture<?> mine = tails.compute(game, (g, tail) -> {
            CompletableFuture<?> before = tail == null ? CompletableFuture.completedFuture(null) : tail;
            // the next batch waits for this one whatever its outcome: a failed batch does not stop the game's queue
            return before.handle((value, failure) -> null).thenComposeAsync(ignored -> {
                try {
                    result.complete(batch.get());
                } catch (RuntimeException | Error e) {
                    result.completeExceptionally(e);
                }
                return result.handle((value, failure) -> null);
            }, executor);
        });
        // the queue of a game with nothing left to do is dropped (a game ends, its queue goes)
        mine.whenComplete((value, failure) -> {
            tails.remove(game, mine);
            if (failure != null) {
                result.completeExceptionally(failure); // the executor refused the batch: the caller hears it
            }
        });
        return result;
    }

    /** Games with a batch running or waiting (for the tests: a finished game's queue is dropped). */
    int queued() {
        return tails.size();
    }
}
