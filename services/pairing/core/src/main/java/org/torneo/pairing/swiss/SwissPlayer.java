package org.torneo.pairing.swiss;

import java.util.List;
import org.torneo.trf.Colour;

/**
 * A player as the Swiss systems see it before pairing a round: score, history and the derived colour data
 * (C.04.3 1.6: colour difference, absolute/strong/mild preference).
 *
 * @param id                 0-based index (start number − 1)
 * @param rankIndex          0-based pairing number among the players taking part
 * @param score              points in tenths, as in the points column
 * @param colourImbalance    |whites − blacks| over played games
 * @param colourPreference   the preferred colour, or NONE
 * @param repeatedColour     the colour of the last two played games when they were equal, else NONE
 * @param strongPreference   strong (not absolute) preference: a colour difference of ±1
 */
public record SwissPlayer(int id, int rankIndex, boolean valid, int score, List<SwissMatch> matches,
                          int colourImbalance, Colour colourPreference, Colour repeatedColour,
                          boolean strongPreference, int playedGames) {

    public SwissPlayer {
        matches = List.copyOf(matches);
    }

    // C.04.3 1.6.2.1: absolute if the colour difference is beyond ±1 or the same colour twice in a row
    public boolean absoluteColourImbalance() {
        return colourImbalance > 1;
    }

    public boolean absoluteColourPreference() {
        return absoluteColourImbalance() || repeatedColour != Colour.NONE;
    }

    /** Start number (1-based). */
    public int startNumber() {
        return id + 1;
    }
}
