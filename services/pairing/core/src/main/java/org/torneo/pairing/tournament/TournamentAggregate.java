package org.torneo.pairing.tournament;

import java.util.List;

import org.torneo.contracts.Decider;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;

/**
 * The tournament as the platform runtime sees it: a refusal comes back as a
 * {@link TournamentEvent.CommandRejected} event instead of an exception. A duplicate command id gives no
 * events, whether the first copy was accepted or refused.
 */
public final class TournamentAggregate implements Decider<TournamentCommand, TournamentEvent, TournamentState> {

    private final TournamentDecider decider;

    public TournamentAggregate(TournamentDecider decider) {
        this.decider = decider;
    }

    /** Round robin and Harkness; use {@link #TournamentAggregate(TournamentDecider)} to add the Dutch engine. */
    public TournamentAggregate() {
        this(TournamentDecider.withBuiltInSystems());
    }

    @Override
    public TournamentState initialState() {
        return TournamentState.empty();
    }

    @Override
    public List<TournamentEvent> decide(TournamentCommand command, TournamentState state) {
        try {
            return decider.decide(command, state);
        } catch (TournamentRejected rejected) {
            return List.of(new TournamentEvent.CommandRejected(command.tournamentId(), command.commandId(),
                    command.actor(), command.at(), command.getClass().getSimpleName(), rejected.reason().name(),
                    rejected.getMessage()));
        }
    }

    @Override
    public TournamentState evolve(TournamentState state, TournamentEvent event) {
        return TournamentDecider.evolve(state, event);
    }
}
