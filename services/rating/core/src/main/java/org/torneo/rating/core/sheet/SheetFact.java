package org.torneo.rating.core.sheet;

import java.util.List;
import java.util.Map;

import org.torneo.contracts.EventMessage;
import org.torneo.contracts.MessageType;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.PrizeFund;
import org.torneo.contracts.tournament.Scoring;

/**
 * What the rating service accepted from the tournament and results streams, recorded on its own
 * internal topic (torneo.rating.sheet, key = tournament id) in the same hash chain as the standings
 * it publishes. Replaying this topic rebuilds every score sheet on start without reading the other
 * services' topics again (their offsets are already committed). Not a contract: nobody else reads it.
 */
public sealed interface SheetFact extends EventMessage {

    /**
     * The event's frame, the announced tie-breaks, the C.07 edition fixed when it was created and the announced
     * prizes (null: none; facts written before prizes were announced have none).
     */
    @MessageType(name = "ratingsheet.SheetOpened", version = 1)
    record SheetOpened(String tournamentId, String name, int rounds, Scoring scoring, String rules, List<String> tieBreaks,
                       PrizeFund prizes) implements SheetFact {
        public SheetOpened {
            tieBreaks = List.copyOf(tieBreaks);
        }
    }

    @MessageType(name = "ratingsheet.PlayerEntered", version = 1)
    record PlayerEntered(String playerId, String name, int rating) implements SheetFact {
    }

    /** The pairing numbers (start numbers) frozen by the pairing service. */
    @MessageType(name = "ratingsheet.NumbersFixed", version = 1)
    record NumbersFixed(Map<String, Integer> numbers) implements SheetFact {
        public NumbersFixed {
            numbers = Map.copyOf(numbers);
        }
    }

    /** A published (or corrected) round: how many boards it has and who has no game. */
    @MessageType(name = "ratingsheet.RoundScheduled", version = 1)
    record RoundScheduled(int round, int boards, List<ByeEntry> byes) implements SheetFact {
        public RoundScheduled {
            byes = List.copyOf(byes);
        }
    }

    record ByeEntry(String playerId, ByeKind kind, int halves) {
    }

    /**
     * A game's result as it stands (a correction replaces the game's earlier one). {@code forfeit}:
     * won or lost by default (+/-, 0-0); {@code played == false} without forfeit: decided before a move.
     */
    @MessageType(name = "ratingsheet.GameScored", version = 1)
    record GameScored(String gameId, int round, String white, String black, int whiteHalves, int blackHalves,
                      boolean played, boolean forfeit, boolean arbiterScores, String correction) implements SheetFact {
        public GameScored {
            correction = correction == null ? "" : correction;
        }
    }

    @MessageType(name = "ratingsheet.PlayerLeft", version = 1)
    record PlayerLeft(String playerId, int fromRound) implements SheetFact {
    }

    @MessageType(name = "ratingsheet.RoundEnded", version = 1)
    record RoundEnded(int round, String ratingDate) implements SheetFact {
    }
}
