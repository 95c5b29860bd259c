package org.torneo.rating.core.results;

import java.util.List;
import org.torneo.rating.core.score.PointSystem;
import org.torneo.rating.core.score.ResultKind;

/** Facts of a tournament's score sheet. */
public sealed interface ResultsEvent {

    record EventOpened(String name, int rounds, PointSystem pointSystem, List<ResultsCommand.Entrant> entrants)
            implements ResultsEvent {
        public EventOpened {
            entrants = List.copyOf(entrants);
        }
    }

    record GameRecorded(int round, int white, int black, ResultKind whiteResult, ResultKind blackResult)
            implements ResultsEvent {
    }

    record ByeRecorded(int round, int player, ResultKind kind) implements ResultsEvent {
    }

    record GameCorrected(int round, int white, int black, ResultKind whiteResult, ResultKind blackResult,
                         ResultKind previousWhiteResult, ResultKind previousBlackResult, String reason)
            implements ResultsEvent {
    }

    record ArbiterPointsSet(int round, int player, Integer pointsCenti, String reason) implements ResultsEvent {
    }

    record PlayerWithdrew(int player, int fromRound) implements ResultsEvent {
    }
}
