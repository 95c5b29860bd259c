package org.torneo.rating.core.results;

import java.util.List;
import org.torneo.rating.core.score.PointSystem;
import org.torneo.rating.core.score.ResultKind;

/** What the arbiter (or the results feed) asks of a tournament's score sheet. */
public sealed interface ResultsCommand {

    record Entrant(int startNumber, String name, int rating) {
    }

    /** Opens the score sheet: the field, the number of rounds and the point system. */
    record OpenEvent(String name, int rounds, PointSystem pointSystem, List<Entrant> entrants) implements ResultsCommand {
        public OpenEvent {
            entrants = List.copyOf(entrants);
        }
    }

    /**
     * A game's result from both sides: (WIN, LOSS), (DRAW, DRAW), (FORFEIT_WIN, FORFEIT_LOSS), the unrated
     * W/D/L forms, or (FORFEIT_LOSS, FORFEIT_LOSS) for a double forfeit (Code 1970 XVII: both lose).
     */
    record RecordGame(int round, int white, int black, ResultKind whiteResult, ResultKind blackResult)
            implements ResultsCommand {
    }

    /** A bye or absence: HALF_POINT_BYE, FULL_POINT_BYE, PAIRING_ALLOCATED_BYE or ZERO_POINT_BYE. */
    record RecordBye(int round, int player, ResultKind kind) implements ResultsCommand {
    }

    /** Replaces a recorded result (FIDE 2001 8.7: the arbiter may correct a wrong result). */
    record CorrectGame(int round, int white, int black, ResultKind whiteResult, ResultKind blackResult, String reason)
            implements ResultsCommand {
    }

    /** The arbiter awards a player points for a round other than the point system's (null restores them). */
    record SetArbiterPoints(int round, int player, Integer pointsCenti, String reason) implements ResultsCommand {
    }

    /** The player leaves the event; from {@code fromRound} on he is not paired. */
    record Withdraw(int player, int fromRound) implements ResultsCommand {
    }
}
