package org.torneo.feed.app.sse;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.torneo.feed.core.FeedEvent;
import org.torneo.feed.core.FeedFilter;
import org.torneo.feed.core.FeedModel;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;

/**
 * One SSE connection. The model's writer thread only enqueues (never blocks, never writes to the
 * socket); the connection's own event loop drains the queue in batches. A subscriber that falls
 * behind by more than {@code limit} events (events wait while its socket write queue is full) is disconnected:
 * it reconnects with Last-Event-ID and gets what it missed from the log, and nobody else waits.
 */
final class SseSubscriber implements FeedModel.Subscriber {

    private final FeedFilter filter;
    private final HttpServerResponse response;
    private final Context context;
    private final int limit;
    private final Runnable onClose;
    private final ConcurrentLinkedQueue<FeedEvent> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Only touched on the connection's event loop. */
    private boolean waitingForSocket;
    private static final int BATCH = 256;

    SseSubscriber(FeedFilter filter, HttpServerResponse response, Context context, int limit, Runnable onClose) {
        this.filter = filter;
        this.response = response;
        this.context = context;
        this.limit = limit;
        this.onClose = onClose;
    }

    @Override
    public FeedFilter filter() {
        return filter;
    }

    @Override
    public void deliver(FeedEvent event) {
        if (closed.get()) {
            return;
        }
        if (queued.incrementAndGet() > limit) {
            context.runOnContext(v -> close("slow subscriber: more than " + limit + " events waiting"));
            closed.set(true);
            return;
        }
        queue.add(event);
        if (drainScheduled.compareAndSet(false, true)) {
            context.runOnContext(v -> drain());
        }
    }

    private void drain() {
        drainScheduled.set(false);
        if (closed.get() || waitingForSocket) {
            return;
        }
        if (response.writeQueueFull()) {
            // the client reads slower than we write: keep the events queued until the socket drains;
            // if the queue passes the limit meanwhile, deliver() disconnects this subscriber
            waitingForSocket = true;
            response.drainHandler(v -> {
                waitingForSocket = false;
                drain();
            });
            return;
        }
        StringBuilder batch = new StringBuilder();
        FeedEvent event;
        int n = 0;
        while (n < BATCH && (event = queue.poll()) != null) {
            batch.append(event.sse());
            n++;
        }
        queued.addAndGet(-n);
        if (n > 0) {
            response.write(Buffer.buffer(batch.toString()));
        }
        if (!queue.isEmpty() && drainScheduled.compareAndSet(false, true)) {
            context.runOnContext(v -> drain());
        }
    }

    @Override
    public void disconnect(String reason) {
        context.runOnContext(v -> close(reason));
    }

    void close(String reason) {
        closed.set(true);
        onClose.run();
        if (!response.ended() && !response.closed()) {
            response.write(": closed, " + reason + "; reconnect with Last-Event-ID\n\n");
            response.end();
        }
    }

    boolean isClosed() {
        return closed.get();
    }
}
