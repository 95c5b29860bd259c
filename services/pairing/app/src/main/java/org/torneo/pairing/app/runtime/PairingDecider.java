package org.torneo.pairing.app.runtime;

import java.util.List;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;

import org.torneo.contracts.Decider;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.pairing.tournament.TournamentDecider;
import org.torneo.pairing.tournament.TournamentState;

/**
 * The tournament aggregate of the pairing service: the core's {@link TournamentDecider#withEverySystem()} (every
 * decision is the core's; a refusal is its CommandRejected event), timed. The only thing this adapter adds is the
 * pairing time metric.
 */
public final class PairingDecider implements Decider<TournamentCommand, TournamentEvent, TournamentState> {

    private static final TournamentDecider TOURNAMENT = TournamentDecider.withEverySystem();

    /**
     * The pairing time (README "Metrics"): deciding a PairNextRound, the pairing engine included; tagged with the
     * outcome (paired, or refused). On Micrometer's global registry, where the app's Prometheus registry is.
     */
    public static final String PAIRING_TIME = "torneo.pairing.time";

    @Override
    public TournamentState initialState() {
        return TOURNAMENT.initialState();
    }

    @Override
    public List<TournamentEvent> decide(TournamentCommand command, TournamentState state) {
        if (!(command instanceof TournamentCommand.PairNextRound)) {
            return TOURNAMENT.decide(command, state);
        }
        long started = System.nanoTime();
        List<TournamentEvent> events = TOURNAMENT.decide(command, state);
        boolean paired = events.stream().anyMatch(e -> e instanceof TournamentEvent.RoundPaired);
        Timer.builder(PAIRING_TIME).description("Deciding a PairNextRound")
                .tag("outcome", paired ? "paired" : "refused").publishPercentiles(0.5, 0.95, 0.99)
                .register(Metrics.globalRegistry)
                .record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        return events;
    }

    @Override
    public TournamentState evolve(TournamentState state, TournamentEvent event) {
        return TOURNAMENT.evolve(state, event);
    }
}
