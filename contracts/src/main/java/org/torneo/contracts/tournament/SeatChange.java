package org.torneo.contracts.tournament;

import java.util.Objects;

/**
 * A player a change to a published round moved: his seat before and after it ({@code before} null: he was not in the
 * round, e.g. a late arrival absent from the pairing; {@code after} null: he is no longer in it).
 */
public record SeatChange(String playerId, RoundSeat before, RoundSeat after) {
    public SeatChange {
        Objects.requireNonNull(playerId, "playerId");
    }
}
