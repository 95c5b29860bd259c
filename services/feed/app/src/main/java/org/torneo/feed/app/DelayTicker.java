package org.torneo.feed.app;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.jboss.logging.Logger;
import org.torneo.feed.core.FeedModel;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Releases to the stream's subscribers, every second, the events a fixed broadcast delay held back and that are now
 * old enough ({@link FeedModel#releaseDue}); reads release them too, so a poller never waits for the ticker.
 */
@ApplicationScoped
public class DelayTicker {

    private static final Logger LOG = Logger.getLogger(DelayTicker.class);

    @Inject
    FeedModel model;

    private ScheduledExecutorService ticker;

    void start(@Observes StartupEvent event) {
        ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "feed-delay-ticker");
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleWithFixedDelay(() -> {
            try {
                model.releaseDue();
            } catch (RuntimeException e) {
                LOG.warnf(e, "releasing delayed feed events failed; next try in a second");
            }
        }, 1, 1, TimeUnit.SECONDS);
    }

    void stop(@Observes ShutdownEvent event) {
        if (ticker != null) {
            ticker.shutdownNow();
        }
    }
}
