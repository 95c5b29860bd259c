package org.torneo.game.core.game;

import java.util.Objects;

import org.torneo.contracts.Actor;
import org.torneo.contracts.game.GameCommand;

/**
 * A command to one game with what the envelope says about it: the game id (the envelope's aggregate id) and who
 * sent it (the envelope's actor; only arbiters rule). The app maps
 * {@code envelope -> new GameRequest(envelope.aggregateId(), envelope.actor(), (GameCommand) envelope.payload())}.
 */
public record GameRequest(String gameId, Actor actor, GameCommand command) {
    public GameRequest {
        Objects.requireNonNull(gameId, "gameId");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(command, "command");
    }
}
