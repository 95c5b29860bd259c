package org.torneo.pairing.app.runtime;

import java.util.List;

import org.torneo.contracts.Decider;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.pairing.tournament.TournamentDecider;
import org.torneo.pairing.tournament.TournamentState;

/**
 * The tournament aggregate of the pairing service: the core's decider with every system, the FIDE
 * Dutch engine included (bound to the state it pairs, see {@link org.torneo.pairing.tournament.DutchSystem}). Refusals come back
 * as CommandRejected events.
 */
public final class PairingDecider implements Decider<TournamentCommand, TournamentEvent, TournamentState> {

    private static final TournamentDecider WITHOUT_DUTCH = TournamentDecider.withBuiltInSystems();

    /**
     * The pairing time (README "Metrics"): deciding a PairNextRound, the pairing engine included; tagged with the
     * outcome (paired, or refused). On Micrometer's global registry, where the app's Prometheus registry is.
     */
    public static final String PAIRING_TIME = "torneo.pairing.time";

    @Override
    public TournamentState initialState() {
        return TournamentState.empty();
    }

    @Override
    public List<TournamentEvent> decide(TournamentCommand command, TournamentState state) {
        if (!(command instanceof TournamentCommand.PairNextRound)) {
            return decideUntimed(command, state);
        }
        long started = System.nanoTime();
        List<TournamentEvent> events = decideUntimed(command, state);
        boolean paired = events.stream().anyMatch(e -> e instanceof TournamentEvent.RoundPaired);
        io.micrometer.core.instrument.Timer.builder(PAIRING_TIME).description("Deciding a PairNextRound")
                .tag("outcome", paired ? "paired" : "refused").publishPercentiles(0.5, 0.95, 0.99)
                .register(io.micrometer.core.instrument.Metrics.globalRegistry)
                .record(System.nanoTime() - started, java.util.concurrent.TimeUnit.NANOSECONDS);
        return events;
    }

    private List<TournamentEvent> decideUntimed(TournamentCommand command, TournamentState state) {
        return TournamentDecider.withAllSystems(state).decide(command, state);
    }

    @Override
    public TournamentState evolve(TournamentState state, TournamentEvent event) {
        return WITHOUT_DUTCH.evolve(state, event);
    }
}
