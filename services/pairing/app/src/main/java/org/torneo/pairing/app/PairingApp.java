package org.torneo.pairing.app;

import java.util.List;
import java.util.function.Supplier;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import io.quarkus.runtime.StartupEvent;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.pairing.app.projection.TournamentProjector;
import org.torneo.pairing.app.runtime.PairingDefinition;
import org.torneo.pairing.tournament.TournamentState;
import org.torneo.platform.AggregateState;
import org.torneo.platform.health.RuntimeRegistry;
import org.torneo.platform.projection.Projections;
import org.torneo.platform.service.AggregateService;
import org.torneo.platform.service.ServiceShell;

/**
 * The pairing service: the tournament aggregate on the platform runtime and its PostgreSQL
 * projection. Committed batches update the projection as they happen; after every replay (start,
 * or starting over after a broker outage) the projection is rewritten from the rebuilt states,
 * since a replay tells no listener.
 */
@ApplicationScoped
public class PairingApp implements AggregateService<TournamentCommand, TournamentEvent, TournamentState> {

    private static final Logger LOG = Logger.getLogger(PairingApp.class.getName());

    @Inject
    RuntimeRegistry runtimes;

    @Inject
    org.torneo.pairing.app.anchor.RoundAnchors anchors;

    @Inject
    Projections projections;

    private ServiceShell<TournamentCommand, TournamentEvent, TournamentState> shell;

    /**
     * The projection is rewritten from the rebuilt states on the runtime's thread whenever the state was rebuilt
     * from the log (each replay, and each catch-up with other instances' events), before anything more is decided;
     * if that fails, the shell retries.
     */
    void onStart(@Observes StartupEvent event) {
        shell = runtimes.shell(PairingDefinition.DEFINITION)
                .listener(projections.listener(TournamentProjector::project))
                .listener(anchors::committed) // issue 17: a round's close is anchored
                .reloadOnRebuild(this::reload)
                .build();
        shell.start();
    }

    /** One tournament as recorded, or null when the service knows no such tournament. */
    public AggregateState<TournamentState> tournament(String tournamentId) {
        return runtime().read(store -> store.exists(tournamentId) ? store.stateOf(tournamentId) : null);
    }

    private void reload(Supplier<List<AggregateState<TournamentState>>> rebuilt, boolean firstOfRuntime) {
        List<AggregateState<TournamentState>> states = rebuilt.get();
        projections.run(session -> TournamentProjector.projectStates(session, states));
        LOG.info("pairing: projection reloaded from " + states.size() + " rebuilt tournaments");
    }

    @Override
    public ServiceShell<TournamentCommand, TournamentEvent, TournamentState> shell() {
        return shell;
    }
}
