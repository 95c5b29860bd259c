package org.torneo.platform.metrics;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import org.torneo.contracts.Decider;

/**
 * A meter of its own for one kind of command: an app's definition names the command worth timing alone (the pairing
 * service's {@code PairNextRound}, which runs a pairing engine) and how to tag the outcome, and the runtime times the
 * core's decisions of that kind on it ({@code AggregateDefinition.timing}). It only measures: every decision stays
 * the core's, so no app needs a decider of its own to time one (issue 19).
 *
 * <p>A Micrometer timer with percentiles, tagged {@code outcome}; on the global registry by default, where the
 * Quarkus Micrometer extension adds the app's Prometheus registry (as {@link RuntimeMeters}).
 *
 * @param <C> the decider's command type
 * @param <E> the decider's event type
 */
public final class DecisionTiming<C, E> {

    private final Class<? extends C> timed;
    private final Function<List<E>, String> outcome;
    private final Function<String, Timer> meterOf;
    private final Map<String, Timer> meters = new ConcurrentHashMap<>();

    private DecisionTiming(Class<? extends C> timed, Function<List<E>, String> outcome,
            Function<String, Timer> meterOf) {
        this.timed = Objects.requireNonNull(timed, "timed");
        this.outcome = Objects.requireNonNull(outcome, "outcome");
        this.meterOf = meterOf;
    }

    /**
     * Times the decisions of the commands of type {@code timed} on the meter {@code name}, tagged {@code outcome}
     * with what {@code outcome} says of the events decided.
     */
    public static <C, E> DecisionTiming<C, E> of(Class<? extends C> timed, String name, String description,
            Function<List<E>, String> outcome) {
        return on(Metrics.globalRegistry, timed, name, description, outcome);
    }

    /** As {@link #of}, on the given registry (a test's own). */
    public static <C, E> DecisionTiming<C, E> on(MeterRegistry registry, Class<? extends C> timed, String name,
            String description, Function<List<E>, String> outcome) {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(name, "name");
        return new DecisionTiming<>(timed, outcome, tag -> Timer.builder(name).description(description)
                .tag("outcome", tag).publishPercentiles(0.5, 0.95, 0.99).register(registry));
    }

    /** {@code decider}'s decision of {@code command}, timed when the command is of the timed kind. */
    public <S> List<E> decide(Decider<C, E, S> decider, C command, S state) {
        if (!timed.isInstance(command)) {
            return decider.decide(command, state);
        }
        long started = System.nanoTime();
        List<E> events = decider.decide(command, state);
        meters.computeIfAbsent(outcome.apply(events), meterOf).record(System.nanoTime() - started,
                TimeUnit.NANOSECONDS);
        return events;
    }
}
