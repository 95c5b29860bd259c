package org.torneo.clock.core.clock;

import java.util.Objects;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Side;

/**
 * A press the clock keeps aside (recorded as PressHeld): the new game's move of {@code ply} by {@code side},
 * completed at {@code at}, read before the annulment that started that new game. It is pressed, with its own
 * command id, once the new game starts on the clock.
 */
public record HeldPress(String commandId, Actor actor, long at, Side side, int ply) {

    public HeldPress {
        Objects.requireNonNull(commandId, "commandId");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(side, "side");
    }
}
