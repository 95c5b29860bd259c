package org.torneo.platform.metrics;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import org.torneo.contracts.Envelope;
import org.torneo.platform.Decision;

/**
 * The figures an operator watches during a round, for one service's event-sourcing runtime: inputs decided per
 * outcome and how long deciding took, dead letters per source topic, the replay at each start, and the consumer lag
 * per input topic. Registered once here for every app (README "Metrics"); the names are Micrometer's dotted names,
 * which the Prometheus registry writes as {@code torneo_commands_decided_total} and so on.
 *
 * <p>By default on Micrometer's global registry, where the Quarkus Micrometer extension adds its registries: the
 * platform needs no CDI bean for it, and without a registry (the platform's own tests) the meters record nothing.
 */
public final class RuntimeMeters {

    /** Inputs decided and committed; tags service, outcome (accepted, refused, duplicate, ignored). */
    public static final String DECIDED = "torneo.commands.decided";
    /** Time to decide one input (decider plus sealing its events); tags service. */
    public static final String DECISION = "torneo.decision.latency";
    /** Records sent to the dead-letter topic; tags service, topic (where the record came from). */
    public static final String DEAD_LETTERS = "torneo.dead.letters";
    /** Rebuilding the state from the log at a start or start-over; tags service. */
    public static final String REPLAY = "torneo.replay";
    /** Records of an input topic not yet read by this service's consumer; tags service, topic. */
    public static final String LAG = "torneo.consumer.lag";

    public static final String ACCEPTED = "accepted";
    public static final String REFUSED = "refused";
    public static final String DUPLICATE = "duplicate";
    public static final String IGNORED = "ignored";

    private final MeterRegistry registry;
    private final String service;
    private final Map<String, Counter> decided = new ConcurrentHashMap<>();
    private final Map<String, Counter> deadLetters = new ConcurrentHashMap<>();
    /**
     * The lag gauges' values by registry, service and topic: shared by the runtimes one service starts one after
     * another (a restart), because a registry keeps the first gauge registered under a name and tags.
     */
    private static final Map<List<Object>, AtomicLong> LAG_VALUES = new ConcurrentHashMap<>();
    private final Timer decision;
    private final Timer replay;

    public RuntimeMeters(MeterRegistry registry, String service) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.service = Objects.requireNonNull(service, "service");
        this.decision = Timer.builder(DECISION).description("Time to decide one input")
                .tag("service", service).publishPercentiles(0.5, 0.95, 0.99).register(registry);
        this.replay = Timer.builder(REPLAY).description("Rebuilding the state from the log at a start")
                .tag("service", service).register(registry);
        for (String outcome : List.of(ACCEPTED, REFUSED, DUPLICATE, IGNORED)) {
            decidedCounter(outcome); // every outcome shows from the start, at 0
        }
    }

    /** On Micrometer's global registry (the app's Prometheus registry under Quarkus). */
    public static RuntimeMeters global(String service) {
        return new RuntimeMeters(Metrics.globalRegistry, service);
    }

    /**
     * What a decision's outcome is: a duplicate wrote nothing; a decision whose events include a
     * {@code CommandRejected} (every service's refusal event) refused its command; one with no events changed
     * nothing (an input the service does not act on); any other was accepted.
     */
    public static String outcome(Decision<?> decision) {
        if (decision.duplicate()) {
            return DUPLICATE;
        }
        if (decision.events().isEmpty()) {
            return IGNORED;
        }
        for (Envelope event : decision.events()) {
            if (event.payload().getClass().getSimpleName().equals("CommandRejected")) {
                return REFUSED;
            }
        }
        return ACCEPTED;
    }

    /** A batch was committed: counts its decisions by outcome. */
    public void committed(List<? extends Decision<?>> decisions) {
        for (Decision<?> d : decisions) {
            decidedCounter(outcome(d)).increment();
        }
    }

    public void decisionTook(long nanos) {
        decision.record(nanos, TimeUnit.NANOSECONDS);
    }

    /** A dead letter for a record of {@code sourceTopic} was committed. */
    public void deadLettered(String sourceTopic) {
        String topic = sourceTopic == null ? "unknown" : sourceTopic;
        deadLetters.computeIfAbsent(topic, t -> Counter.builder(DEAD_LETTERS)
                .description("Records sent to the dead-letter topic").tag("service", service).tag("topic", t)
                .register(registry)).increment();
    }

    public void replayed(Duration took) {
        replay.record(took);
    }

    /** The lag of {@code topic} (records behind its partitions' ends, summed over the partitions this instance reads). */
    public void lag(String topic, long records) {
        LAG_VALUES.computeIfAbsent(List.of(registry, service, topic), key -> {
            String t = topic;
            AtomicLong value = new AtomicLong();
            Gauge.builder(LAG, value, AtomicLong::get).description("Records of an input topic not yet read")
                    .tag("service", service).tag("topic", t).register(registry);
            return value;
        }).set(records);
    }

    private Counter decidedCounter(String outcome) {
        return decided.computeIfAbsent(outcome, o -> Counter.builder(DECIDED).description("Inputs decided and committed")
                .tag("service", service).tag("outcome", o).register(registry));
    }
}
