package org.torneo.contracts.codec;

import java.util.Objects;

import org.torneo.contracts.Message;
import org.torneo.contracts.topics.TopicSpec;

/**
 * A sealed root of messages and the topic they travel on, e.g. MoveEvent on torneo.game.moves.
 * Every record permitted (directly or through sealed sub-interfaces) by the root is registered.
 */
public record Stream(Class<? extends Message> root, TopicSpec topic) {
    public Stream {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(topic, "topic");
        if (!root.isSealed()) {
            throw new IllegalArgumentException("stream root " + root.getName() + " must be a sealed interface");
        }
    }
}
