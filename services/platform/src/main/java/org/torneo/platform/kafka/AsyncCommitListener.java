package org.torneo.platform.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.torneo.platform.Decision;

/**
 * Hands committed batches to another listener on a thread of its own, so that a slow listener (a PostgreSQL
 * projection) does not hold up the runtime's next Kafka transaction: the events are already committed, and a
 * projection is derived data that may lag a little.
 *
 * <p>Batches reach the listener in commit order. Those that queued up while it was busy are handed over
 * together, as one list in order: a projector then writes many batches in one database transaction, which is
 * what lets it keep up under load. When more than {@code maxPending} decisions wait, the runtime's thread
 * blocks in {@link #committed}: memory stays bounded and the lag cannot grow without end.
 */
public final class AsyncCommitListener<S> implements CommitListener<S>, AutoCloseable {

    private static final Logger LOG = Logger.getLogger(AsyncCommitListener.class.getName());

    private final String name;
    private final CommitListener<S> delegate;
    private final int maxPending;
    private final Thread worker;
    private final Object lock = new Object();
    private List<Decision<S>> pending = new ArrayList<>();
    private boolean busy;
    private boolean closed;
    private long handedOver;

    public AsyncCommitListener(String name, CommitListener<S> delegate, int maxPending) {
        if (maxPending < 1) {
            throw new IllegalArgumentException("maxPending must be at least 1, was " + maxPending);
        }
        this.name = name;
        this.delegate = delegate;
        this.maxPending = maxPending;
        this.worker = new Thread(this::work, name);
        this.worker.setDaemon(true);
        this.worker.start();
    }

    @Override
    public void committed(List<Decision<S>> decisions) {
        synchronized (lock) {
            while (!closed && !pending.isEmpty() && pending.size() + decisions.size() > maxPending) {
                waitOn();
            }
            if (closed) {
                throw new IllegalStateException(name + " is closed");
            }
            pending.addAll(decisions);
            lock.notifyAll();
        }
    }

    /** Waits until every batch handed in so far has been passed on; false when {@code timeout} ran out first. */
    public boolean awaitIdle(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (lock) {
            while (!pending.isEmpty() || busy) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    lock.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }
    }

    /** How many hand-overs the listener got (each may hold several committed batches). */
    public long handOvers() {
        synchronized (lock) {
            return handedOver;
        }
    }

    private void work() {
        while (true) {
            List<Decision<S>> next;
            synchronized (lock) {
                while (pending.isEmpty() && !closed) {
                    waitOn();
                }
                if (pending.isEmpty()) {
                    return; // closed and drained
                }
                next = pending;
                pending = new ArrayList<>();
                busy = true;
                handedOver++;
                lock.notifyAll();
            }
            try {
                delegate.committed(next);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, name + ": commit listener failed (the events are committed)", e);
            } finally {
                synchronized (lock) {
                    busy = false;
                    lock.notifyAll();
                }
            }
        }
    }

    private void waitOn() {
        try {
            lock.wait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(name + ": interrupted while waiting", e);
        }
    }

    /** Passes on what is queued (waiting at most {@code drain}), then stops the thread. */
    public void close(Duration drain) {
        awaitIdle(drain);
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
        }
        try {
            worker.join(drain.toMillis() + 1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(30));
    }
}
