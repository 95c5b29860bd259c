package org.torneo.feed.app;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.torneo.feed.app.kafka.FeedConsumer;
import org.torneo.feed.core.FeedModel;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Ready once the topics present at start are replayed: before that the pages would show the past. */
@Readiness
@ApplicationScoped
public class FeedReadiness implements HealthCheck {

    @Inject
    FeedConsumer consumer;

    @Inject
    FeedModel model;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("feed-replay").status(consumer.caughtUp())
                .withData("applied", model.stats().applied()).withData("subscribers", model.subscriberCount()).build();
    }
}
