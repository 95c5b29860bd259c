package org.torneo.pairing.tournament;

/**
 * One earlier round of an entrant as a pairing system sees it.
 *
 * @param round    the round number
 * @param opponent the opponent's pairing number, or 0 when the entrant had no opponent
 * @param colour   the colour played, or null when no game was played over the board
 * @param played   true when the game was played over the board (false for forfeits and byes)
 * @param pairingBye true when the entrant received the pairing-allocated bye in that round
 */
public record PastRound(int round, int opponent, Colour colour, boolean played, boolean pairingBye) {

    public static PastRound game(int round, int opponent, Colour colour, boolean played) {
        return new PastRound(round, opponent, played ? colour : null, played, false);
    }

    public static PastRound bye(int round) {
        return new PastRound(round, 0, null, false, true);
    }

    public static PastRound absent(int round) {
        return new PastRound(round, 0, null, false, false);
    }

    public boolean hadOpponent() {
        return opponent != 0;
    }
}
