package org.torneo.pairing.dutch;

import java.util.ArrayList;
import java.util.List;
import org.torneo.pairing.swiss.SwissPlayer;
import org.torneo.trf.Colour;

/**
 * C.04.3 5.2 (2017: E.1–E.5): the colours of a pair once it is decided, the rules applied in their order. The pairing
 * has already weighed colours (C10–C13, in {@link CriteriaWeights}); this only says who has White.
 */
final class ColourAllocation {

    private ColourAllocation() {
    }

    /** The colour {@code player} gets against {@code opponent}, the scores deciding who ranks higher. */
    static Colour allocate(Colour initial, SwissPlayer player, int playerScore, SwissPlayer opponent,
                           int opponentScore) {
        Colour neutral = neutralColour(player, opponent);
        if (neutral != Colour.NONE) {
            return neutral;
        }
        boolean below = playerScore < opponentScore
                || (playerScore == opponentScore && player.rankIndex() > opponent.rankIndex());
        if (player.colourPreference() == Colour.NONE) {
            // 5.2.5: the higher-ranked player's pairing number decides, with the initial colour
            return below
                    ? ((opponent.rankIndex() & 1) != 0 ? initial : initial.opposite())
                    : ((player.rankIndex() & 1) != 0 ? initial.opposite() : initial);
        }
        // 5.2.4: grant the higher-ranked player's preference
        return below ? opponent.colourPreference().opposite() : player.colourPreference();
    }

    /** The colour 5.2.1–5.2.3 give {@code player}, which do not depend on rank; NONE when they decide nothing. */
    static Colour neutralColour(SwissPlayer player, SwissPlayer opponent) {
        if (coloursCompatible(player.colourPreference(), opponent.colourPreference())) {
            // 5.2.1: both preferences can be granted
            if (player.colourPreference() != Colour.NONE) {
                return player.colourPreference();
            } else if (opponent.colourPreference() != Colour.NONE) {
                return opponent.colourPreference().opposite();
            }
            return Colour.NONE;
        }
        // 5.2.2: the stronger preference; of two absolute ones, the wider colour difference
        if (player.absoluteColourPreference() && (player.colourImbalance() > opponent.colourImbalance()
                || !opponent.absoluteColourPreference())) {
            return player.colourPreference();
        }
        if (opponent.absoluteColourPreference() && (opponent.colourImbalance() > player.colourImbalance()
                || !player.absoluteColourPreference())) {
            return opponent.colourPreference().opposite();
        }
        if (player.strongPreference() && !opponent.strongPreference()) {
            return player.colourPreference();
        }
        if (opponent.strongPreference() && !player.strongPreference()) {
            return opponent.colourPreference().opposite();
        }
        // 5.2.3: alternate from the most recent round in which they had different colours
        List<Colour> a = playedColours(player);
        List<Colour> b = playedColours(opponent);
        int i = a.size() - 1;
        int j = b.size() - 1;
        while (i >= 0 && j >= 0 && a.get(i) == b.get(j)) {
            i--;
            j--;
        }
        if (i >= 0 && j >= 0) {
            return b.get(j);
        }
        return Colour.NONE;
    }

    /** Two colour preferences that can both be granted (5.2.1; C12 when weighing a pair). */
    static boolean coloursCompatible(Colour a, Colour b) {
        return a != b || a == Colour.NONE || b == Colour.NONE;
    }

    private static List<Colour> playedColours(SwissPlayer p) {
        List<Colour> list = new ArrayList<>();
        for (var m : p.matches()) {
            if (m.played()) {
                list.add(m.colour());
            }
        }
        return list;
    }
}
