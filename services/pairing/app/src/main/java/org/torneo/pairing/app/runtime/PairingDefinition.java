package org.torneo.pairing.app.runtime;

import java.util.List;

import org.torneo.contracts.Decider;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.pairing.tournament.ResultsIntake;
import org.torneo.pairing.tournament.TournamentDecider;
import org.torneo.pairing.tournament.TournamentState;
import org.torneo.platform.AggregateDefinition;
import org.torneo.platform.metrics.DecisionTiming;

/**
 * The tournament aggregate on the platform runtime: commands on torneo.tournament.commands, events
 * on torneo.tournament (key = tournament id), and the game service's results on torneo.results
 * (keyed and routed by tournament) turned into RecordResult.
 */
public final class PairingDefinition {

    public static final String NAME = "pairing";

    /**
     * The pairing time (README "Metrics"): deciding a PairNextRound, the pairing engine included; tagged with the
     * outcome (paired, or refused).
     */
    public static final String PAIRING_TIME = "torneo.pairing.time";

    /** The core's decider with every system: every decision is the core's (a refusal is its CommandRejected event). */
    public static final Decider<TournamentCommand, TournamentEvent, TournamentState> DECIDER =
            TournamentDecider.withEverySystem();

    public static final AggregateDefinition<TournamentCommand, TournamentEvent, TournamentState> DEFINITION =
            new AggregateDefinition<>(NAME, DECIDER, TournamentEvent.class, PairingDefinition::read,
                    List.of(Topics.TOURNAMENT_COMMANDS), List.of(Topics.TOURNAMENT), null)
                    .reactingTo(List.of(Topics.RESULTS), PairingDefinition::tournamentOf)
                    .timing(DecisionTiming.of(TournamentCommand.PairNextRound.class, PAIRING_TIME,
                            "Deciding a PairNextRound", events -> events.stream()
                                    .anyMatch(e -> e instanceof TournamentEvent.RoundPaired) ? "paired" : "refused"));

    private PairingDefinition() {
    }

    /**
     * A tournament command as it is; a GameEnded as the RecordResult it implies, a ResultCorrected as the
     * CorrectResult (the envelope id is the idempotency key).
     */
    static TournamentCommand read(Envelope input) {
        if (input.payload() instanceof TournamentCommand command) {
            if (!input.aggregateId().equals(command.tournamentId())) {
                throw new IllegalArgumentException("the envelope is for tournament " + input.aggregateId()
                        + " but the command names tournament " + command.tournamentId());
            }
            return command;
        }
        if (input.isCommand()) {
            throw new IllegalArgumentException("not a tournament command: " + input.payload().getClass().getSimpleName());
        }
        if (input.payload() instanceof ResultEvent.GameEnded ended) {
            return ResultsIntake.recordResult(ended, input.eventId().toString());
        }
        if (input.payload() instanceof ResultEvent.ResultCorrected corrected) {
            return ResultsIntake.correctResult(corrected, input.eventId().toString());
        }
        return null;
    }

    static String tournamentOf(Envelope input) {
        if (input.payload() instanceof ResultEvent result) {
            return result.tournamentId();
        }
        return input.aggregateId();
    }
}
