package org.torneo.platform.service;

import java.time.Duration;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The settings every service reads under {@code torneo.*}, in one mapping: each app used to declare its own copies of
 * these fields. The broker's address stays {@code kafka.bootstrap.servers} (the name SmallRye Kafka reads);
 * an app's own settings ({@code torneo.game.lanes}, ...) stay in the app.
 */
@ConfigMapping(prefix = "torneo")
public interface ServiceConfig {

    /** Prepended to every catalogue topic name ({@code torneo.topic-prefix}): "" in production, a test's own topics. */
    Optional<String> topicPrefix();

    /**
     * This instance's id ({@code torneo.instance-id}); unset in production, where the pod name or an id kept under
     * {@link #dataDir()} is taken ({@link org.torneo.platform.kafka.InstanceIds}).
     */
    Optional<String> instanceId();

    /** Where the service keeps what outlives a process ({@code torneo.data-dir}, default {@code ~/.torneo}). */
    Optional<String> dataDir();

    Kafka kafka();

    interface Kafka {

        /**
         * How long a Kafka client call may block while the broker is unreachable ({@code torneo.kafka.max-block})
         * before the runtime gives up on the cycle and starts over from the log.
         */
        @WithDefault("PT30S")
        Duration maxBlock();
    }
}
