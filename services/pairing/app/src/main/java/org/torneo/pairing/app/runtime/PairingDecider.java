package org.torneo.pairing.app.runtime;

import java.util.List;

import org.torneo.contracts.Decider;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.pairing.tournament.TournamentAggregate;
import org.torneo.pairing.tournament.TournamentDecider;
import org.torneo.pairing.tournament.TournamentState;

/**
 * The tournament aggregate of the pairing service: the core's decider with every system, the FIDE
 * Dutch engine included (bound to the state it pairs, see {@link org.torneo.pairing.tournament.DutchSystem}). Refusals come back
 * as CommandRejected events.
 */
public final class PairingDecider implements Decider<TournamentCommand, TournamentEvent, TournamentState> {

    private static final TournamentAggregate WITHOUT_DUTCH = new TournamentAggregate();

    @Override
    public TournamentState initialState() {
        return TournamentState.empty();
    }

    @Override
    public List<TournamentEvent> decide(TournamentCommand command, TournamentState state) {
        return new TournamentAggregate(TournamentDecider.withAllSystems(state)).decide(command, state);
    }

    @Override
    public TournamentState evolve(TournamentState state, TournamentEvent event) {
        return WITHOUT_DUTCH.evolve(state, event);
    }
}
