package org.torneo.feed.core;

import java.util.ArrayList;
import java.util.List;

/**
 * A subscriber while its backlog is handed to it outside the model's lock: live events released meanwhile wait
 * here, in order, and follow the backlog; then every event goes straight through.
 */
final class CatchingUp implements FeedModel.Subscriber {
    final FeedModel.Subscriber subscriber;
    private List<FeedEvent> waiting = new ArrayList<>();
    private boolean live;

    CatchingUp(FeedModel.Subscriber subscriber) {
        this.subscriber = subscriber;
    }

    @Override
    public FeedFilter filter() {
        return subscriber.filter();
    }

    @Override
    public void deliver(FeedEvent event) {
        synchronized (this) {
            if (!live) {
                waiting.add(event);
                return;
            }
        }
        subscriber.deliver(event);
    }

    @Override
    public void disconnect(String reason) {
        subscriber.disconnect(reason);
    }

    /** Hands over what waited (in batches, without holding this lock while delivering), then goes live. */
    void goLive() {
        while (true) {
            List<FeedEvent> batch;
            synchronized (this) {
                if (waiting.isEmpty()) {
                    live = true;
                    waiting = List.of();
                    return;
                }
                batch = waiting;
                waiting = new ArrayList<>();
            }
            batch.forEach(subscriber::deliver);
        }
    }

    boolean wraps(FeedModel.Subscriber other) {
        return subscriber == other;
    }
}

