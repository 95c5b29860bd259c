package org.torneo.feed.app.kafka;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.feed.core.FeedModel;
import org.torneo.feed.app.store.PgFeedStore;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/** Starts the app's {@link FeedReader} (stored in PostgreSQL, dead-lettering) with the app and stops it on shutdown. */
@ApplicationScoped
public class FeedConsumer {

    @Inject
    FeedModel model;

    @Inject
    PgFeedStore store;

    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrapServers;

    @Inject
    org.torneo.platform.kafka.KafkaClientConfig kafkaClients;

    private volatile FeedReader reader;

    void onStart(@Observes StartupEvent event) {
        start();
    }

    void onStop(@Observes ShutdownEvent event) {
        reader.stop();
    }

    private synchronized void start() {
        reader = new FeedReader(bootstrapServers, kafkaClients.security(), model, store, true);
        reader.start();
    }

    /**
     * Stops the reader and starts a new one, as a process restart would: the model is emptied, subscribers
     * are disconnected, and the new reader restores the stored events and positions (restart tests).
     */
    public synchronized void restart() {
        reader.stop();
        model.reset("the feed restarts");
        start();
    }

    /** What storing the feed events cost so far (benchmark figures). */
    public String storeStats() {
        return reader.storeStats();
    }

    /** True once the records present at start have been applied. */
    public boolean caughtUp() {
        FeedReader current = reader;
        return current != null && current.caughtUp();
    }
}
