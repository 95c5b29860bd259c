package org.torneo.pairing.tournament;

import org.torneo.pairing.tournament.TournamentState.Player;

/** The refusals every tournament use case shares: an unknown or inactive player, a missing text. */
final class TournamentRefusals {

    private TournamentRefusals() {
    }

    static Player knownPlayer(TournamentState state, String playerId) {
        Player player = state.players().get(playerId);
        if (player == null) {
            throw reject(RefusalReason.UNKNOWN_PLAYER, "no player '" + playerId + "' is registered");
        }
        return player;
    }

    static Player activePlayer(TournamentState state, String playerId) {
        Player player = knownPlayer(state, playerId);
        if (player.withdrawn()) {
            throw reject(RefusalReason.PLAYER_WITHDRAWN, "player '" + playerId + "' has withdrawn");
        }
        return player;
    }

    static void requireText(String value, String what) {
        if (value == null || value.isBlank()) {
            throw reject(RefusalReason.INVALID, "the " + what + " is missing");
        }
    }

    static Refused reject(RefusalReason reason, String message) {
        return new Refused(reason, message);
    }
}
