package org.torneo.clock.app;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import io.quarkus.runtime.StartupEvent;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.clock.app.edge.CommandPublisher;
import org.torneo.clock.app.projection.ClockProjector;
import org.torneo.clock.app.runtime.ClockDefinition;
import org.torneo.clock.core.input.ClockInput;
import org.torneo.clock.app.schedule.FlagScheduler;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.AggregateState;
import org.torneo.platform.Decision;
import org.torneo.platform.health.RuntimeRegistry;
import org.torneo.platform.kafka.AsyncCommitListener;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.kafka.TopicsToEnd;
import org.torneo.platform.projection.Projections;
import org.torneo.platform.service.AggregateService;
import org.torneo.platform.service.ServiceShell;

/**
 * The clock service: the clock aggregate on the platform runtime, the flag scheduler fed by every
 * committed batch, and the PostgreSQL projection. After each replay (start, or starting over after a
 * broker outage) and after partitions gained later (another instance gone, or a first assignment that was empty) the
 * scheduler and the clock rows are reloaded from the rebuilt state, so every restored clock's flag is scheduled.
 */
@ApplicationScoped
public class ClockApp implements AggregateService<ClockInput, ClockEvent, ClockState> {

    private static final Logger LOG = Logger.getLogger(ClockApp.class.getName());

    @Inject
    RuntimeRegistry runtimes;

    @Inject
    Projections projections;

    @Inject
    CommandPublisher publisher;

    /**
     * How long after a deadline the flag is checked (0: at once, the ≤ 50 ms goal). A grace lets presses still in
     * flight land first when the services run behind; the flag, if it falls, is recorded at the deadline anyway.
     */
    @ConfigProperty(name = "torneo.clock.flag-grace", defaultValue = "PT0S")
    Duration flagGrace;

    private ServiceShell<ClockInput, ClockEvent, ClockState> shell;
    private FlagScheduler scheduler;
    /** Off the runtime's thread, in commit order: the next batch (a flag due now) need not wait for PostgreSQL. */
    private AsyncCommitListener<ClockState> projectionQueue;

    void onStart(@Observes StartupEvent event) {
        if (!flagGrace.isZero()) {
            LOG.info("clock: flags are checked " + flagGrace.toMillis() + " ms after their deadline (torneo.clock.flag-grace)");
        }
        scheduler = new FlagScheduler((UUID id, org.torneo.contracts.clock.ClockCommand command) ->
                publisher.send(id, command), System::currentTimeMillis, FlagScheduler.ARRIVAL_GRACE_MILLIS,
                flagGrace.toMillis());
        projectionQueue = new AsyncCommitListener<>("clock-projection", projections.listener(ClockProjector::project),
                50_000);
        shell = runtimes.shell(ClockDefinition.definition(this::hasRecordedClock))
                .listener(this::schedule)
                .listener(projectionQueue)
                .reloadOnRebuild(this::reloadAfterReplay)
                .healthData(() -> Map.of("pendingDeadlines", scheduler.pending()))
                .stopBefore(() -> scheduler.close())
                .stopAfter(() -> projectionQueue.close(Duration.ofSeconds(10)))
                .build();
        shell.start();
    }

    public FlagScheduler scheduler() {
        return scheduler;
    }

    /** The clock of one game as recorded, or null when the service knows no such game. */
    public AggregateState<ClockState> clock(String gameId) {
        return runtime().read(store -> store.exists(gameId) ? store.stateOf(gameId) : null);
    }

    /** Called by the runtime's reader on its own thread, between batches' commits: reads the committed store. */
    private boolean hasRecordedClock(String gameId) {
        KafkaAggregateRuntime<ClockInput, ClockEvent, ClockState> current = shell == null ? null : shell.runtime();
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
    private void reloadAfterReplay(Supplier<List<AggregateState<ClockState>>> replayed, boolean firstOfRuntime) {
        Map<String, AggregateState<ClockState>> states = new HashMap<>();
        // under the scheduler's lock: a batch committed meanwhile updates it after the reload, not before
        synchronized (scheduler) {
            replayed.get().forEach(state -> states.put(state.aggregateId(), state));
            Map<String, ClockState> clocks = new HashMap<>();
            states.forEach((id, s) -> clocks.put(id, s.state()));
            scheduler.reload(clocks);
        }
        projections.run(session -> ClockProjector.projectStates(session, states));
        if (firstOfRuntime) {
            // a new runtime: the projection database may be new; the readings come from the log
            long moves = TopicsToEnd.envelopes("clock", runtimes.clientProperties("clock-readings-backfill"),
                    List.of(runtimes.topic(Topics.CLOCK.name())), runtimes.codec(), Duration.ofSeconds(30), null,
                    event -> event.payload() instanceof ClockSwitched,
                    chunk -> projections.run(session -> ClockProjector.projectReadings(session, chunk)));
            LOG.info("clock: " + moves + " move readings projected from the log");
        }
        LOG.info("clock: scheduler and projection reloaded from " + states.size() + " replayed clocks");
    }

    @Override
    public ServiceShell<ClockInput, ClockEvent, ClockState> shell() {
        return shell;
    }
}
