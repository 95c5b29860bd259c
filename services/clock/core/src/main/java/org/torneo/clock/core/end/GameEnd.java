package org.torneo.clock.core.end;

import java.util.List;
import java.util.Optional;

import org.torneo.clock.core.clock.ClockDecider;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.clock.core.clock.HeldEnd;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.EndHeld;

/**
 * The clock stops when the game ends (FIDE 2018 6.2.1 and 5: the game is over, the clock has nothing more to
 * measure), with the times the moves as played left on it. The end travels on the results topic (keyed by tournament)
 * and the presses on the moves topic, so the clock may read the end before the game's last presses. Their order is
 * restored here, from what the game said at its end (the plies completed by a press), never from a wall clock:
 * <ul>
 * <li>the clock has seen fewer presses than the game completed: the end is held ({@link #held}, EndHeld), the clock
 * runs on as it was, and no flag falls and no one defaults meanwhile (the game is over);</li>
 * <li>each press read then counts; once the clock has the presses the game had (or the game's last completed move
 * itself, by its ply: a count an arbiter corrected may differ), the clock stops at the end's instant ({@link #release}),
 * with the same times as when read in order.</li>
 * </ul>
 * An end that names no completed plies (a version 1 record, moves completed with their clock readings) stops the clock
 * at once, as before.
 */
public final class GameEnd {

    private GameEnd() {
    }

    /**
     * Whether {@code stop}, the end of a game after {@code completedPlies} presses, must wait for presses the clock has
     * not read yet: the EndHeld to record, or empty when the clock stops now (it has the presses, or it runs no game
     * whose presses could still come: not started, adjourned, stopped, cancelled, or a new game's presses held).
     */
    public static Optional<EndHeld> held(ClockState state, StopClock stop, Integer completedPlies) {
        if (completedPlies == null || !state.started() || state.heldEnd() != null
                || state.status() != ClockStatus.RUNNING && state.status() != ClockStatus.PAUSED
                || !state.heldPresses().isEmpty() || state.completedMoves() >= completedPlies) {
            return Optional.empty();
        }
        return Optional.of(new EndHeld(stop.gameId(), stop.commandId(), stop.actor(), stop.at(), stop.reason(),
                completedPlies, state.completedMoves()));
    }

    /**
     * The stop of a held end once its presses are in: after a press of the game's move {@code pressedPly} (null when
     * not known), ClockStopped at the end's instant (never before the clock's latest event), with the end's command
     * id; empty while presses are still missing or no end is held.
     */
    public static List<ClockEvent> release(ClockState state, Integer pressedPly) {
        HeldEnd end = state.heldEnd();
        if (end == null || state.status() == ClockStatus.STOPPED) {
            return List.of();
        }
        boolean allPressed = state.completedMoves() >= end.completedPlies()
                || pressedPly != null && pressedPly >= end.completedPlies();
        if (!allPressed) {
            return List.of();
        }
        return ClockDecider.handle(new StopClock(state.gameId(), end.commandId(), end.actor(),
                Math.max(end.at(), state.lastEventAt()), end.stopReason()), state);
    }
}
