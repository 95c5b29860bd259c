package org.torneo.feed.app.kafka;

import org.torneo.feed.app.model.FeedModel;

import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Produces;

/** The one read model of the app. */
public class ModelProducer {

    @Produces
    @Singleton
    FeedModel model() {
        return new FeedModel();
    }
}
