package org.torneo.pairing.swiss;

import org.torneo.trf.Colour;

/**
 * One round of a player's history.
 *
 * @param opponent     opponent's index, or the player's own index when there was no opponent
 * @param played       the game was played over the board (colours and C1 count only these; C.04.2 D.5)
 * @param participated the player took part in the round's pairing (paired, forfeited, or got the PAB)
 */
public record SwissMatch(int opponent, Colour colour, MatchScore score, boolean played, boolean participated) {

    /** A round without pairing: absent, or a requested zero-point bye. */
    public static SwissMatch absent(int self) {
        return new SwissMatch(self, Colour.NONE, MatchScore.LOSS, false, false);
    }
}
