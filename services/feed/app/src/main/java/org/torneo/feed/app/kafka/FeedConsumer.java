package org.torneo.feed.app.kafka;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.feed.app.model.FeedModel;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/** Starts the app's {@link FeedReader} with the app and stops it on shutdown. */
@ApplicationScoped
public class FeedConsumer {

    @Inject
    FeedModel model;

    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrapServers;

    private FeedReader reader;

    void onStart(@Observes StartupEvent event) {
        reader = new FeedReader(bootstrapServers, model);
        reader.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        reader.stop();
    }

    /** True once the records present at start have been applied. */
    public boolean caughtUp() {
        return reader != null && reader.caughtUp();
    }
}
