package org.torneo.platform.service;

import org.torneo.contracts.EventMessage;
import org.torneo.platform.kafka.CommitListener;
import org.torneo.platform.kafka.KafkaAggregateRuntime;

/**
 * What every app's main class offers its routes, tests and benchmarks, written once: the app gives its
 * {@link ServiceShell}, the rest comes from it.
 */
public interface AggregateService<C, E extends EventMessage, S> {

    ServiceShell<C, E, S> shell();

    /** Stops the runtime and starts a new one, which rebuilds every aggregate from the log as a new process would. */
    default void restart() {
        shell().restart();
    }

    /** The current runtime (a new one after each restart). */
    default KafkaAggregateRuntime<C, E, S> runtime() {
        return shell().runtime();
    }

    /** Whether what the app keeps beside the runtime (projection, scheduler) reflects the current replay. */
    default boolean reloaded() {
        return shell().reloaded();
    }

    /** Extra observers of committed batches (tests and benchmarks); they stay across restarts. */
    default void addListener(CommitListener<S> listener) {
        shell().addListener(listener);
    }

    default void removeListener(CommitListener<S> listener) {
        shell().removeListener(listener);
    }
}
