package org.torneo.clock.core.clock;

import java.util.Objects;

import org.torneo.contracts.Actor;
import org.torneo.contracts.clock.ClockEvent.ResumeHeld;

/**
 * A claim's pause the clock keeps aside (recorded as PauseHeld): the claim was made at {@code at} after
 * {@code completedPlies} presses, and the clock pauses, with {@code reason} and the claim's own command id, once it has
 * seen them. {@code ruling} is the arbiter's ruling that restarts the clock (its penalty, then the restart), when it
 * was read meanwhile, else null.
 */
public record HeldPause(String commandId, Actor actor, long at, String reason, int completedPlies, ResumeHeld ruling) {

    public HeldPause {
        Objects.requireNonNull(commandId, "commandId");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(reason, "reason");
    }

    HeldPause withRuling(ResumeHeld held) {
        return new HeldPause(commandId, actor, at, reason, completedPlies, held);
    }
}
