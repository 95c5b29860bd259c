package org.torneo.contracts.tournament;

import java.util.Objects;

/** A player without a game in a round, why, and what it scores. */
public record Bye(String playerId, ByeKind kind, Score points) {

    public Bye {
        Objects.requireNonNull(playerId, "playerId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(points, "points");
    }
}
