package org.torneo.pairing.app;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
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
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.pairing.app.projection.TournamentProjector;
import org.torneo.pairing.app.runtime.PairingDefinition;
import org.torneo.pairing.tournament.TournamentState;
import org.torneo.platform.AggregateState;
import org.torneo.platform.health.RuntimeRegistry;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.kafka.KafkaSettings;
import org.torneo.platform.projection.Projections;

/**
 * The pairing service: the tournament aggregate on the platform runtime and its PostgreSQL
 * projection. Committed batches update the projection as they happen; after every replay (start,
 * or starting over after a broker outage) the projection is rewritten from the rebuilt states,
 * since a replay tells no listener.
 */
@ApplicationScoped
public class PairingApp {

    private static final Logger LOG = Logger.getLogger(PairingApp.class.getName());

    @Inject
    RuntimeRegistry runtimes;

    @Inject
    org.torneo.platform.signing.ServiceSigning signing;

    @Inject
    org.torneo.pairing.app.anchor.RoundAnchors anchors;

    @Inject
    Projections projections;

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    @ConfigProperty(name = "torneo.topic-prefix")
    Optional<String> topicPrefix;

    @ConfigProperty(name = "torneo.kafka.max-block", defaultValue = "PT30S")
    Duration maxBlock;

    private volatile KafkaAggregateRuntime<TournamentCommand, TournamentEvent, TournamentState> runtime;
    private volatile long reloadedForRestarts = -1;
    private ScheduledExecutorService watcher;

    void onStart(@Observes StartupEvent event) {
        startRuntime();
        watcher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "pairing-replay-watch");
            t.setDaemon(true);
            return t;
        });
        watcher.scheduleWithFixedDelay(this::reloadAfterReplay, 100, 250, TimeUnit.MILLISECONDS);
    }

    void onStop(@Observes ShutdownEvent event) {
        if (watcher != null) {
            watcher.shutdownNow();
        }
        if (runtime != null) {
            runtime.close();
        }
    }

    /** Stops the runtime and starts a new one, which rebuilds every tournament from the log. */
    public synchronized void restart() {
        runtime.close();
        startRuntime();
    }

    /**
     * Not through RuntimeRegistry#start: the registry cannot forget a runtime, and a stopped one would
     * keep readiness DOWN after {@link #restart}; {@link PairingHealth} reports the current runtime.
     * The projection is rewritten from the rebuilt states on the runtime's thread whenever the state
     * was rebuilt from the log (each replay, and each catch-up with other instances' events), before
     * anything more is decided; if that fails, the watcher retries.
     */
    private void startRuntime() {
        KafkaAggregateRuntime<TournamentCommand, TournamentEvent, TournamentState> created = new KafkaAggregateRuntime<>(
                PairingDefinition.DEFINITION, runtimes.codec(), new KafkaSettings(bootstrapServers, runtimes.instanceId(), null,
                maxBlock, topicPrefix.orElse(""), runtimes.clientSecurity()));
        created.addListener(projections.listener(TournamentProjector::project));
        created.addListener(anchors::committed); // issue 17: a round's close is anchored
        created.addRebuildListener(store -> reload(created, store.states().keySet().stream().map(store::stateOf).toList()));
        runtime = created;
        reloadedForRestarts = -1;
        signing.sign(created); // issue 17: signed chain heads in every transaction
        created.start();
    }

    public KafkaAggregateRuntime<TournamentCommand, TournamentEvent, TournamentState> runtime() {
        return runtime;
    }

    /** Whether the projection reflects the current replay. */
    public boolean reloaded() {
        KafkaAggregateRuntime<?, ?, ?> r = runtime;
        return r != null && r.status() == KafkaAggregateRuntime.Status.RUNNING && reloadedForRestarts == r.restarts();
    }

    /** One tournament as recorded, or null when the service knows no such tournament. */
    public AggregateState<TournamentState> tournament(String tournamentId) {
        return runtime.read(store -> store.exists(tournamentId) ? store.stateOf(tournamentId) : null);
    }

    /** Retries a reload the rebuild listener could not finish (e.g. PostgreSQL was briefly away). */
    private void reloadAfterReplay() {
        KafkaAggregateRuntime<TournamentCommand, TournamentEvent, TournamentState> current = this.runtime;
        if (current == null || current.status() != KafkaAggregateRuntime.Status.RUNNING
                || current.restarts() == reloadedForRestarts) {
            return;
        }
        reload(current, current.read(store -> store.states().keySet().stream().map(store::stateOf).toList()));
    }

    private synchronized void reload(KafkaAggregateRuntime<TournamentCommand, TournamentEvent, TournamentState> source,
                                     List<AggregateState<TournamentState>> states) {
        try {
            long restarts = source.restarts();
            projections.run(session -> TournamentProjector.projectStates(session, states));
            if (source == this.runtime) {
                reloadedForRestarts = restarts;
            }
            LOG.info("pairing: projection reloaded from " + states.size() + " rebuilt tournaments");
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "pairing: projection reload after a rebuild failed; will retry", e);
        }
    }
}
