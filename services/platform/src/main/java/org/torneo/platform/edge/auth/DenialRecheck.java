package org.torneo.platform.edge.auth;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.torneo.identity.Verdict;

/**
 * The second look at a refusal: before the edge answers 403 it waits until the tournament topic has been read up to
 * now (an arbiter appointed a moment ago is not refused), and while the tournament is still unknown, a little longer
 * (a tournament created a moment ago may still be on its way to the topic), all within one deadline.
 * <p>
 * Waiting holds a worker thread. Requests for tournaments that never appear (a typo, a probe, a flood) would each hold
 * one for the whole deadline, so at most {@code maxWaiters} requests wait at once; the others get the refusal as the
 * offices stand now, at once. A refusal answered early is still a refusal that was true a moment ago: nothing is
 * allowed without its office.
 */
final class DenialRecheck {

    private final Semaphore waiters;
    private final int maxWaiters;

    DenialRecheck(int maxWaiters) {
        if (maxWaiters < 0) {
            throw new IllegalArgumentException("torneo.edge.authority-waiters must be >= 0, not " + maxWaiters);
        }
        this.maxWaiters = maxWaiters;
        this.waiters = new Semaphore(maxWaiters);
    }

    /**
     * @param first           the verdict on the offices as folded now
     * @param again           the verdict on the offices as folded at the moment of asking
     * @param tournamentKnown whether the tournament of the request is known yet
     * @param awaitCurrent    waits (at most the given time) until the follower has read all written before; false on
     *                        time-out
     * @param wait            the whole deadline
     */
    Verdict recheck(Verdict first, Supplier<Verdict> again, BooleanSupplier tournamentKnown,
                    Predicate<Duration> awaitCurrent, Duration wait) {
        if (first.allowed() || !waiters.tryAcquire()) {
            return first;
        }
        try {
            Verdict verdict = first;
            long deadline = System.nanoTime() + wait.toNanos();
            while (verdict.denied()) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !awaitCurrent.test(Duration.ofNanos(left))) {
                    break;
                }
                verdict = again.get();
                if (verdict.allowed() || tournamentKnown.getAsBoolean()) {
                    break;
                }
                pause();
            }
            return verdict;
        } finally {
            waiters.release();
        }
    }

    /** Requests waiting now (for tests and health). */
    int waiting() {
        return maxWaiters - waiters.availablePermits();
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
