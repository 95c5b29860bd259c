package org.torneo.feed.app.kafka;

import org.torneo.feed.core.FeedModel;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Produces;

/** The one read model of the app. */
public class ModelProducer {

    /** Gauge of the live SSE subscribers (README "Metrics"): torneo_sse_subscribers. */
    public static final String SSE_SUBSCRIBERS = "torneo.sse.subscribers";

    /** The clock broadcast delays are measured against (a test may produce another). */
    @Produces
    @Singleton
    @io.quarkus.arc.DefaultBean
    java.time.Clock clock() {
        return java.time.Clock.systemUTC();
    }

    @Produces
    @Singleton
    FeedModel model(MeterRegistry meters, java.time.Clock clock) {
        FeedModel model = new FeedModel(clock);
        Gauge.builder(SSE_SUBSCRIBERS, model, FeedModel::liveSubscribers)
                .description("Live SSE subscribers of every tournament").strongReference(true).register(meters);
        return model;
    }
}
