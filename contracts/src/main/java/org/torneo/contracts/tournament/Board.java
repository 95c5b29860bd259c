package org.torneo.contracts.tournament;

import java.util.Objects;

/** One game of a published round: board number, hall, and the two players' ids. */
public record Board(int number, String hall, String white, String black) {

    public Board {
        Objects.requireNonNull(white, "white");
        Objects.requireNonNull(black, "black");
        if (number < 1) {
            throw new IllegalArgumentException("board number must be at least 1, was " + number);
        }
        if (white.equals(black)) {
            throw new IllegalArgumentException("board " + number + ": a player cannot play himself (" + white + ")");
        }
    }

    public boolean involves(String playerId) {
        return white.equals(playerId) || black.equals(playerId);
    }
}
