package org.torneo.clock.app;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import org.torneo.clock.app.edge.CommandPublisher;
import org.torneo.clock.app.projection.ClockProjector;
import org.torneo.clock.app.projection.ReadingsBackfill;
import org.torneo.contracts.topics.Topics;
import java.time.Duration;
import org.torneo.clock.app.runtime.ClockDefinition;
import org.torneo.clock.app.runtime.ClockInput;
import org.torneo.clock.app.schedule.FlagScheduler;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.platform.AggregateState;
import org.torneo.platform.Decision;
import org.torneo.platform.health.RuntimeRegistry;
import org.torneo.platform.kafka.AsyncCommitListener;
import org.torneo.platform.kafka.CommitListener;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.kafka.KafkaSettings;
import org.torneo.platform.projection.Projections;

/**
 * The clock service: the clock aggregate on the platform runtime, the flag scheduler fed by every
 * committed batch, and the PostgreSQL projection. After each replay (start, or starting over after a
 * broker outage) the scheduler and the clock rows are reloaded from the rebuilt state.
 */
@ApplicationScoped
public class ClockApp {

    private static final Logger LOG = Logger.getLogger(ClockApp.class.getName());

    @Inject
    RuntimeRegistry runtimes;

    @Inject
    org.torneo.platform.signing.ServiceSigning signing;

    @Inject
    Projections projections;

    @Inject
    CommandPublisher publisher;

    @org.eclipse.microprofile.config.inject.ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    /**
     * How long after a deadline the flag is checked (0: at once, the ≤ 50 ms goal). A grace lets presses still in
     * flight land first when the services run behind; the flag, if it falls, is recorded at the deadline anyway.
     */
    @org.eclipse.microprofile.config.inject.ConfigProperty(name = "torneo.clock.flag-grace", defaultValue = "PT0S")
    java.time.Duration flagGrace;

    @org.eclipse.microprofile.config.inject.ConfigProperty(name = "torneo.topic-prefix")
    java.util.Optional<String> topicPrefix;

    @org.eclipse.microprofile.config.inject.ConfigProperty(name = "torneo.kafka.max-block", defaultValue = "PT30S")
    Duration maxBlock;

    private volatile KafkaAggregateRuntime<ClockInput, ClockEvent, ClockState> runtime;
    private FlagScheduler scheduler;
    private ScheduledExecutorService watcher;
    /** Off the runtime's thread, in commit order: the next batch (a flag due now) need not wait for PostgreSQL. */
    private AsyncCommitListener<ClockState> projectionQueue;
    private final List<CommitListener<ClockState>> extraListeners = new CopyOnWriteArrayList<>();
    private volatile long reloadedForRestarts = -1;

    void onStart(@Observes StartupEvent event) {
        if (!flagGrace.isZero()) {
            java.util.logging.Logger.getLogger(ClockApp.class.getName()).info(
                    "clock: flags are checked " + flagGrace.toMillis() + " ms after their deadline (torneo.clock.flag-grace)");
        }
        scheduler = new FlagScheduler((UUID id, org.torneo.contracts.clock.ClockCommand command) ->
                publisher.send(id, command), System::currentTimeMillis, FlagScheduler.ARRIVAL_GRACE_MILLIS,
                flagGrace.toMillis());
        startRuntime();
        watcher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "clock-replay-watch");
            t.setDaemon(true);
            return t;
        });
        watcher.scheduleWithFixedDelay(this::reloadAfterReplay, 100, 250, TimeUnit.MILLISECONDS);
    }

    void onStop(@Observes ShutdownEvent event) {
        if (watcher != null) {
            watcher.shutdownNow();
        }
        if (scheduler != null) {
            scheduler.close();
        }
        if (runtime != null) {
            runtime.close();
        }
        if (projectionQueue != null) {
            projectionQueue.close(java.time.Duration.ofSeconds(10));
        }
    }

    /**
     * Stops the runtime and starts a new one, which rebuilds every clock from the log (as a new
     * process of the service would); the scheduler and the projection are reloaded from it.
     */
    public synchronized void restart() {
        runtime.close();
        startRuntime();
    }

    /**
     * Not through RuntimeRegistry#start: the registry cannot forget a runtime, and a stopped one would
     * keep readiness DOWN after {@link #restart}; {@link ClockHealth} reports the current runtime.
     */
    private void startRuntime() {
        KafkaAggregateRuntime<ClockInput, ClockEvent, ClockState> created = new KafkaAggregateRuntime<>(
                ClockDefinition.definition(this::hasRecordedClock), runtimes.codec(), new KafkaSettings(bootstrapServers, runtimes.instanceId(), null,
                maxBlock, topicPrefix.orElse(""), runtimes.clientSecurity()));
        created.addListener(this::schedule);
        if (projectionQueue == null) {
            projectionQueue = new AsyncCommitListener<>("clock-projection",
                    projections.listener(ClockProjector::project), 50_000);
        }
        created.addListener(projectionQueue);
        created.addListener(decisions -> extraListeners.forEach(l -> l.committed(decisions)));
        runtime = created;
        reloadedForRestarts = -1;
        signing.sign(created); // issue 17: signed chain heads in every transaction
        created.start();
    }

    public KafkaAggregateRuntime<ClockInput, ClockEvent, ClockState> runtime() {
        return runtime;
    }

    public FlagScheduler scheduler() {
        return scheduler;
    }

    /** Whether the scheduler and the clock rows reflect the current replay. */
    public boolean reloaded() {
        return runtime != null && runtime.status() == KafkaAggregateRuntime.Status.RUNNING
                && reloadedForRestarts == runtime.restarts();
    }

    /** Extra observers of committed batches (benchmarks measure the flag latency with one). */
    public void addListener(CommitListener<ClockState> listener) {
        extraListeners.add(listener);
    }

    /** The clock of one game as recorded, or null when the service knows no such game. */
    public AggregateState<ClockState> clock(String gameId) {
        return runtime.read(store -> store.exists(gameId) ? store.stateOf(gameId) : null);
    }

    /** Called by the runtime's reader on its own thread, between batches' commits: reads the committed store. */
    private boolean hasRecordedClock(String gameId) {
        KafkaAggregateRuntime<ClockInput, ClockEvent, ClockState> current = runtime;
        return current != null && current.read(store -> store.exists(gameId));
    }

    private void schedule(List<Decision<ClockState>> decisions) {
        for (Decision<ClockState> decision : decisions) {
            if (!decision.events().isEmpty()) {
                scheduler.update(decision.aggregateId(), decision.after().state());
            }
        }
    }

    /** After a replay the committed batches so far are not told to listeners: reload from the state. */
    private void reloadAfterReplay() {
        KafkaAggregateRuntime<ClockInput, ClockEvent, ClockState> runtime = this.runtime;
        try {
            long restarts = runtime.restarts();
            if (runtime.status() != KafkaAggregateRuntime.Status.RUNNING || restarts == reloadedForRestarts) {
                return;
            }
            Map<String, AggregateState<ClockState>> states;
            // under the scheduler's lock: a batch committed meanwhile updates it after the reload, not before
            synchronized (scheduler) {
                states = runtime.read(store -> {
                    Map<String, AggregateState<ClockState>> all = new HashMap<>();
                    store.states().keySet().forEach(id -> all.put(id, store.stateOf(id)));
                    return all;
                });
                Map<String, ClockState> clocks = new HashMap<>();
                states.forEach((id, s) -> clocks.put(id, s.state()));
                scheduler.reload(clocks);
            }
            projections.run(session -> ClockProjector.projectStates(session, states));
            if (reloadedForRestarts < 0) {
                // first start: the projection database may be new; the readings come from the log
                long moves = ReadingsBackfill.run(bootstrapServers, runtimes.clientSecurity(),
                        topicPrefix.orElse("") + Topics.CLOCK.name(),
                        runtimes.codec(), Duration.ofSeconds(30),
                        chunk -> projections.run(session -> ClockProjector.projectReadings(session, chunk)));
                LOG.info("clock: " + moves + " move readings projected from the log");
            }
            if (runtime == this.runtime) {
                reloadedForRestarts = restarts;
            }
            LOG.info("clock: scheduler and projection reloaded from " + states.size() + " replayed clocks");
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "clock: reload after replay failed; will retry", e);
        }
    }
}
