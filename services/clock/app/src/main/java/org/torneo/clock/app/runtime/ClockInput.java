package org.torneo.clock.app.runtime;

import java.util.List;
import java.util.Objects;

import org.torneo.contracts.clock.ClockCommand;

/**
 * What the clock runtime is asked to decide: a clock command sent to torneo.clock.commands, or the
 * clock commands a game-service event implies (a completed move presses the clock, a penalty adds or
 * deducts time, the end of the game stops it). One game event may imply several commands (a penalty
 * can both add time to the opponent and deduct it from the offender), decided in order as one input.
 */
public sealed interface ClockInput {

    /** A command addressed to the clock. */
    record Command(ClockCommand command) implements ClockInput {
        public Command {
            Objects.requireNonNull(command, "command");
        }
    }

    /**
     * Commands derived from another service's event ({@code sourceType}, e.g. "game.MoveCompleted").
     * Ignored while the game has no clock or its clock was stopped: not every game is played on a
     * clock this service runs, and that is not an error.
     */
    record FromGame(String sourceType, List<ClockCommand> commands) implements ClockInput {
        public FromGame {
            Objects.requireNonNull(sourceType, "sourceType");
            commands = List.copyOf(commands);
        }
    }
}
