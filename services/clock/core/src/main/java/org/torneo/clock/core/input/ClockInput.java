package org.torneo.clock.core.input;

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
     * Ignored while the game has no clock (and, once its clock stopped, all but the time added or deducted by a
     * decision made before the end): not every game is played on a
     * clock this service runs, and that is not an error. {@code completedMoves}, when given, is how many
     * moves the game had completed when the event happened: a pause applies only when the clock has seen
     * exactly those presses (otherwise a press is still on its way, or the game has already gone on), and the end
     * of the game waits for them (see {@link org.torneo.clock.core.end.GameEnd}).
     * {@code movePly}, for a completed move, is the game's ply of that move: a press the clock's game cannot explain
     * (a new game's, read before its annulment) is held (see {@link org.torneo.clock.core.newgame.NewGame#held}).
     */
    record FromGame(String sourceType, List<ClockCommand> commands, Integer completedMoves, Integer movePly,
                    ClaimantDeduction claimantDeduction) implements ClockInput {
        public FromGame {
            Objects.requireNonNull(sourceType, "sourceType");
            commands = List.copyOf(commands);
        }

        /** Commands that need nothing computed from the clock's own time. */
        public FromGame(String sourceType, List<ClockCommand> commands, Integer completedMoves, Integer movePly) {
            this(sourceType, commands, completedMoves, movePly, null);
        }

        /** Commands that are no completed move's press. */
        public FromGame(String sourceType, List<ClockCommand> commands, Integer completedMoves) {
            this(sourceType, commands, completedMoves, null);
        }

        /** Commands that do not depend on how many moves the clock has seen completed. */
        public FromGame(String sourceType, List<ClockCommand> commands) {
            this(sourceType, commands, null);
        }
    }

    /**
     * FIDE 1997/2001 9.5b with no clock reading known to the game: the wrong claimant's deduction is the edition's rule
     * applied to the time on his clock at the claim, computed here from the clock's own time (the game decided the
     * rule, the clock knows the time; {@link org.torneo.clock.core.penalty.TimePenalties#wrongDrawClaimDeduction}).
     */
    record ClaimantDeduction(org.torneo.contracts.Side claimant, long at, String article, String reason) {
    }

    /**
     * A game annulled and played again from its initial position ({@code sourceType}, e.g. "RulingIssued"): the
     * commands depend on the clock's state (adjourned, paused or running; each colour's control), so the decider
     * asks the clock core's {@link org.torneo.clock.core.newgame.NewGame} for them. Ignored, like {@link FromGame},
     * while the game has no clock or once it has stopped.
     */
    record NewGame(String sourceType, String gameId, String commandId, org.torneo.contracts.Actor actor, long at,
                   String article, String reason) implements ClockInput {
        public NewGame {
            Objects.requireNonNull(sourceType, "sourceType");
            Objects.requireNonNull(gameId, "gameId");
            Objects.requireNonNull(commandId, "commandId");
            Objects.requireNonNull(actor, "actor");
        }
    }

    /**
     * The game took moves back ({@code sourceType} "MovesTakenBack": an illegal move found later, FIDE 2018 7.5.1, or the
     * arbiter's restored position, 7.1 / 7.4): {@code keptPlies} remain (0 = the start position), {@code toMove} to
     * move in the position kept (null when the game's FEN did not say). The clock's counters and running side follow
     * the restored position, its times stay (see {@link org.torneo.clock.core.takeback.TakeBack}). It travels on the
     * moves topic, so it is read in order with the moves. Ignored, like {@link FromGame}, while the game has no clock
     * or once it has stopped.
     */
    record TakeBack(String sourceType, String gameId, String commandId, org.torneo.contracts.Actor actor, long at,
                    int keptPlies, org.torneo.contracts.Side toMove, String article, String reason)
            implements ClockInput {
        public TakeBack {
            Objects.requireNonNull(sourceType, "sourceType");
            Objects.requireNonNull(gameId, "gameId");
            Objects.requireNonNull(commandId, "commandId");
            Objects.requireNonNull(actor, "actor");
        }
    }
}
