package org.torneo.game.core.game;

import java.time.Instant;
import java.util.Optional;

import org.torneo.contracts.Actor;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.GameCommand;

/**
 * Which clock events the game decides on, and as which command. The clock is conclusive about time (FIDE 2018
 * 6.10.1); what a flag means for the game is the game's decision. The moment is the clock's recorded one (the exact
 * deadline), so a replay decides the same; the clock event's id is the idempotency key (the platform's rule for
 * reactions). The game service, and {@code torneo adjudicate} replaying a game offline, use this one mapping.
 */
public final class ClockInputs {

    /** Who reports a clock event to the game: the clock service. */
    public static final Actor CLOCK = Actor.system("clock");

    private ClockInputs() {
    }

    /** The command a clock event implies for its game, or empty when the game has nothing to decide on it. */
    public static Optional<GameCommand> commandFor(ClockEvent event) {
        return Optional.ofNullable(switch (event) {
            // FIDE 2018 6.9 (1997 6.10, 2001 6.9, Code 1970 art. XIV): the game decides loss or draw
            case ClockEvent.FlagFell flag -> new GameCommand.ReportFlagFall(flag.side(), flag.requirementMet(),
                    flag.finalPeriod(), Instant.ofEpochMilli(flag.at()));
            // FIDE 2018 III.3.1, 1997 10.4 / B.8, 2001 10.3: both flags, order unknown
            case ClockEvent.BothFlagsFell both -> new GameCommand.ReportBothFlagsFell(both.finalPeriod(),
                    Instant.ofEpochMilli(both.at()));
            // FIDE 2018 6.7.1: not at the board by the default time
            case ClockEvent.PlayerDefaulted absent -> new GameCommand.ReportDefault(absent.side(),
                    Instant.ofEpochMilli(absent.at()));
            // the game learns a completed move from the player's own PressClock (FIDE 2018 6.2.1), not from the
            // clock's echo of it; the rest is the clock's own bookkeeping
            case ClockEvent.ClockStarted ignored -> null;
            case ClockEvent.ClockSwitched ignored -> null;
            case ClockEvent.ClockPaused ignored -> null;
            case ClockEvent.ClockResumed ignored -> null;
            case ClockEvent.TimeAdded ignored -> null;
            case ClockEvent.TimeDeducted ignored -> null;
            case ClockEvent.TimesSet ignored -> null;
            case ClockEvent.MoveCounterCorrected ignored -> null;
            case ClockEvent.QuickplayIncrementIntroduced ignored -> null;
            case ClockEvent.PlayerArrived ignored -> null;
            case ClockEvent.GameAdjourned ignored -> null;
            case ClockEvent.SessionResumed ignored -> null;
            case ClockEvent.OverstepNotProvable ignored -> null;
            case ClockEvent.ClockStopped ignored -> null;
            case ClockEvent.PressHeld ignored -> null;
            case ClockEvent.EndHeld ignored -> null;
            case ClockEvent.PauseHeld ignored -> null;
            case ClockEvent.ResumeHeld ignored -> null;
            case ClockEvent.NewGameStarted ignored -> null;
            case ClockEvent.ClockCancelled ignored -> null;
            case ClockEvent.CommandRejected ignored -> null;
        });
    }

    /** The request for the game of this clock event (clock id = game id), or empty when the game need not know. */
    public static Optional<GameRequest> toRequest(ClockEvent event) {
        return commandFor(event).map(command -> new GameRequest(event.gameId(), CLOCK, command));
    }
}
