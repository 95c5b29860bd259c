package org.torneo.pairing.tournament;

import java.util.List;

import org.torneo.contracts.tournament.TournamentCommand.CancelCheckIn;
import org.torneo.contracts.tournament.TournamentCommand.CheckInPlayer;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.CheckInCancelled;
import org.torneo.contracts.tournament.TournamentEvent.PlayerCheckedIn;
import org.torneo.pairing.tournament.TournamentState.Player;

import static org.torneo.pairing.tournament.TournamentRefusals.knownPlayer;
import static org.torneo.pairing.tournament.TournamentRefusals.reject;

/**
 * Check-in before round 1: a player confirms his presence (at the arbiters' desk, or himself on a hall tablet), and a
 * check-in made by mistake is undone. Open until round 1 is paired: from then on presence is a matter of results
 * (a forfeit, C.04.2) and of requested byes, not of check-in. Once anyone has checked in, round 1 pairs only those
 * who did ({@link RoundPairing}); who checked him in is the event's actor.
 */
final class CheckInDecisions {

    List<TournamentEvent> checkIn(CheckInPlayer c, TournamentState state) {
        Player player = openFor(state, c.playerId(), "checked in");
        if (player.checkedIn()) {
            throw reject(RefusalReason.ALREADY_CHECKED_IN, "'" + c.playerId() + "' (" + player.name() + ") is already checked in");
        }
        return List.of(new PlayerCheckedIn(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.playerId()));
    }

    List<TournamentEvent> cancel(CancelCheckIn c, TournamentState state) {
        Player player = openFor(state, c.playerId(), "have his check-in cancelled");
        if (!player.checkedIn()) {
            throw reject(RefusalReason.NOT_CHECKED_IN, "'" + c.playerId() + "' (" + player.name() + ") is not checked in:"
                    + " nothing to cancel");
        }
        return List.of(new CheckInCancelled(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.playerId(),
                c.reason() == null ? "" : c.reason()));
    }

    /** The registered, not withdrawn player, while round 1 is not yet paired. */
    private static Player openFor(TournamentState state, String playerId, String what) {
        if (state.lastRound() > 0) {
            throw reject(RefusalReason.ROUND_ALREADY_PAIRED, "round 1 is already paired: check-in is closed, '" + playerId
                    + "' can no longer be " + what);
        }
        Player player = knownPlayer(state, playerId);
        if (player.withdrawn()) {
            throw reject(RefusalReason.PLAYER_WITHDRAWN, "'" + playerId + "' (" + player.name() + ") has withdrawn and cannot"
                    + " be " + what);
        }
        return player;
    }
}
