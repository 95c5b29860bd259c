package org.torneo.clock.core.clock;

import java.util.Objects;

import org.torneo.contracts.Actor;

/**
 * The game's end the clock keeps aside (recorded as EndHeld): the game ended at {@code at} after {@code completedPlies}
 * presses, and the clock stops, with {@code stopReason} and the end's own command id, once it has seen them.
 */
public record HeldEnd(String commandId, Actor actor, long at, String stopReason, int completedPlies) {

    public HeldEnd {
        Objects.requireNonNull(commandId, "commandId");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(stopReason, "stopReason");
    }
}
