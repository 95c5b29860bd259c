package org.torneo.contracts.clock;

import org.torneo.contracts.Side;

import java.util.List;

import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.MessageType;

/**
 * What a game's clock did (topic torneo.clock, key = game id). Each event records the command id
 * and actor that caused it and the time it takes effect ({@code at}, epoch millis). Events carry the
 * resulting times, so a replay never recomputes from a wall clock: the recorded facts stand.
 */
public sealed interface ClockEvent extends EventMessage {

    String gameId();

    String commandId();

    Actor actor();

    long at();

    /** {@code blackControl} is null when both play under {@code control}; otherwise control is White's. */
    @MessageType(name = "clock.ClockStarted", version = 1)
    record ClockStarted(String gameId, String commandId, Actor actor, long at, TimeControl control,
                        ClockRules rules, long whiteMillis, long blackMillis, TimeControl blackControl)
            implements ClockEvent {
    }

    /**
     * {@code mover} completed move {@code moveNumber} (his own count). {@code elapsedMillis} is the
     * time his clock ran for the move (PGN %emt), {@code remainingMillis} what he has left after the
     * bonus and any new period (PGN %clk). {@code bonusMillis} is the increment or delay credit;
     * {@code periodTimeAdded} the base time of a period that began with this move.
     */
    @MessageType(name = "clock.ClockSwitched", version = 1)
    record ClockSwitched(String gameId, String commandId, Actor actor, long at, Side mover, int moveNumber,
                         long elapsedMillis, long remainingMillis, long bonusMillis, long periodTimeAdded,
                         int period, long opponentRemainingMillis) implements ClockEvent {
    }

    /**
     * {@code side}'s time ran out at {@code at} (the exact deadline, not when it was noticed) during
     * {@code period} (1-based). {@code movesRequired} is the total to be completed by the end of that
     * period (0 = all moves); {@code requirementMet} whether the count was reached (FIDE 2018 6.4).
     */
    @MessageType(name = "clock.FlagFell", version = 1)
    record FlagFell(String gameId, String commandId, Actor actor, long at, Side side, int period,
                    int movesMade, int movesRequired, boolean requirementMet, boolean finalPeriod)
            implements ClockEvent {
    }

    @MessageType(name = "clock.ClockPaused", version = 1)
    record ClockPaused(String gameId, String commandId, Actor actor, long at, String reason,
                       long whiteMillis, long blackMillis) implements ClockEvent {
    }

    @MessageType(name = "clock.ClockResumed", version = 1)
    record ClockResumed(String gameId, String commandId, Actor actor, long at, Side running) implements ClockEvent {
    }

    @MessageType(name = "clock.TimeAdded", version = 1)
    record TimeAdded(String gameId, String commandId, Actor actor, long at, Side side, long millis,
                     String article, String reason, long remainingMillis) implements ClockEvent {
    }

    @MessageType(name = "clock.TimeDeducted", version = 1)
    record TimeDeducted(String gameId, String commandId, Actor actor, long at, Side side, long millis,
                        String article, String reason, long remainingMillis) implements ClockEvent {
    }

    /** Both clocks and counters set by the arbiter; the clock of {@code sideToMove} runs from {@code at} unless paused. */
    @MessageType(name = "clock.TimesSet", version = 1)
    record TimesSet(String gameId, String commandId, Actor actor, long at, long whiteMillis, long blackMillis,
                    int whiteMoves, int blackMoves, Side sideToMove, String article, String reason)
            implements ClockEvent {
    }

    @MessageType(name = "clock.MoveCounterCorrected", version = 1)
    record MoveCounterCorrected(String gameId, String commandId, Actor actor, long at, Side side, int fromMoves,
                                int toMoves, long timeDeltaMillis, String reason) implements ClockEvent {
    }

    @MessageType(name = "clock.QuickplayIncrementIntroduced", version = 1)
    record QuickplayIncrementIntroduced(String gameId, String commandId, Actor actor, long at, Side claimant,
                                        long incrementMillis, long opponentBonusMillis, String article)
            implements ClockEvent {
    }

    @MessageType(name = "clock.PlayerArrived", version = 1)
    record PlayerArrived(String gameId, String commandId, Actor actor, long at, Side side) implements ClockEvent {
    }

    /** Forfeit: {@code side} was not at the board by {@code defaultDeadline} (FIDE 2018 6.7.1). */
    @MessageType(name = "clock.PlayerDefaulted", version = 1)
    record PlayerDefaulted(String gameId, String commandId, Actor actor, long at, Side side, long defaultDeadline,
                           String article) implements ClockEvent {
    }

    /** The sealer's clock stopped at {@code at} (charged until {@code chargedUntil}); nothing runs until the session resumes. */
    @MessageType(name = "clock.GameAdjourned", version = 1)
    record GameAdjourned(String gameId, String commandId, Actor actor, long at, Side sealer, long chargedUntil,
                         long whiteMillis, long blackMillis) implements ClockEvent {
    }

    @MessageType(name = "clock.SessionResumed", version = 1)
    record SessionResumed(String gameId, String commandId, Actor actor, long at, Side running) implements ClockEvent {
    }

    /** FIDE 2018 8.6: the flag fall of {@code side} is set aside and the next period begins. */
    @MessageType(name = "clock.OverstepNotProvable", version = 1)
    record OverstepNotProvable(String gameId, String commandId, Actor actor, long at, Side side, int movesCredited,
                               int newPeriod, long periodTimeAdded, String article) implements ClockEvent {
    }

    /** Both flags down, order unknown: the game continues or is drawn, per edition and period. */
    @MessageType(name = "clock.BothFlagsFell", version = 1)
    record BothFlagsFell(String gameId, String commandId, Actor actor, long at, int period, boolean finalPeriod,
                         Outcome outcome, String article) implements ClockEvent {

        public enum Outcome { GAME_CONTINUES, DRAW }
    }

    @MessageType(name = "clock.ClockStopped", version = 1)
    record ClockStopped(String gameId, String commandId, Actor actor, long at, String reason,
                        long whiteMillis, long blackMillis) implements ClockEvent {
    }

    /**
     * A completed move the clock cannot place in the game it runs: the game was annulled and a new game is being
     * played (FIDE 2018 7.2.1, I.12.2), but the annulment, which travels on another topic, has not reached the clock
     * yet. The press changes no time; it is applied when the new game starts on the clock ({@link NewGameStarted}).
     *
     * @param side the player who pressed
     * @param ply  the game's ply of the move (1 for the new game's first move)
     */
    @MessageType(name = "clock.PressHeld", version = 1)
    record PressHeld(String gameId, String commandId, Actor actor, long at, Side side, int ply, String reason)
            implements ClockEvent {
    }

    /**
     * The game ended (results.GameEnded, which travels on the results topic) after {@code completedPlies} moves completed
     * by a press, but the clock has seen fewer presses: the last ones are still on their way on the moves topic. The
     * clock keeps running as it was and stops (ClockStopped at {@code at}, the end's instant) once it has seen them, so
     * its final times are those of the moves as played, whichever topic it read first. No flag falls and no default
     * is declared meanwhile: the game is over. Changes no time.
     *
     * @param stopReason     why the clock will stop (the end's result and reason)
     * @param completedPlies the presses the game had completed at its end
     * @param pressesSeen    the presses the clock had seen when it read the end
     */
    @MessageType(name = "clock.EndHeld", version = 1)
    record EndHeld(String gameId, String commandId, Actor actor, long at, String stopReason, int completedPlies,
                   int pressesSeen) implements ClockEvent {
    }

    /**
     * A draw claim (game.ClaimFiled, which travels on the claims topic) was made after {@code completedPlies} moves,
     * but the clock has seen fewer presses: the claimant's last press is still on its way on the moves topic. The clock
     * runs on as it was and pauses (ClockPaused at {@code at}, the claim's instant, FIDE 2018 6.11.2) once it has seen
     * them, so its times are those of the order played, whichever topic it read first. No flag falls and no one
     * defaults meanwhile (in order the clock was paused). Changes no time.
     *
     * @param reason         why the clock will pause (the claim)
     * @param completedPlies the plies the game had completed at the claim
     * @param pressesSeen    the presses the clock had seen when it read the claim
     */
    @MessageType(name = "clock.PauseHeld", version = 1)
    record PauseHeld(String gameId, String commandId, Actor actor, long at, String reason, int completedPlies,
                     int pressesSeen) implements ClockEvent {
    }

    /**
     * The arbiter's ruling on a claim whose pause is held (PauseHeld) was read before the presses the pause waits for:
     * right after the clock pauses, its {@code adjustments} are applied (a wrong claim's penalty, FIDE 2018 9.5.2.2,
     * recorded at the pause's instant as when read in order) and the clock restarts at {@code at} (6.11.3), with this
     * command id. Changes no time until then.
     *
     * @param adjustments the ruling's time added or deducted, in the ruling's order; empty when none
     */
    @MessageType(name = "clock.ResumeHeld", version = 1)
    record ResumeHeld(String gameId, String commandId, Actor actor, long at, List<HeldAdjustment> adjustments)
            implements ClockEvent {
        public ResumeHeld {
            adjustments = adjustments == null ? List.of() : List.copyOf(adjustments);
        }

        /** Time added to ({@code deduction} false) or deducted from {@code side}, as the ruling's command said. */
        public record HeldAdjustment(String commandId, Actor actor, Side side, long millis, boolean deduction,
                                     String article, String reason) {
        }
    }

    /**
     * The clock set as at a game's start for a new game after an annulment (FIDE 2018 7.2.1, 7.3, I.12.2; 1997
     * A.11b): the time control as announced (an increment introduced under FIDE 2018 III.4 does not carry over),
     * each side at its first period's base time, no moves, no flag, no time used, White's clock running from
     * {@code at}. A {@link TimesSet} with the same times follows, for readers that follow the clock's times.
     */
    @MessageType(name = "clock.NewGameStarted", version = 1)
    record NewGameStarted(String gameId, String commandId, Actor actor, long at, long whiteMillis, long blackMillis,
                          String article, String reason) implements ClockEvent {
    }

    /**
     * The game was cancelled before it began (C.04.2, C.04.3 of 2017 F.6-F.7): the clock is stopped for good, or never
     * starts; no flag falls on it, and it accepts nothing more. The game has no result.
     */
    @MessageType(name = "clock.ClockCancelled", version = 1)
    record ClockCancelled(String gameId, String commandId, Actor actor, long at, String reason, String article)
            implements ClockEvent {
    }

    /** A command the clock refused, with the reason (the state is unchanged). */
    @MessageType(name = "clock.CommandRejected", version = 1)
    record CommandRejected(String gameId, String commandId, Actor actor, long at, String command, String reason)
            implements ClockEvent {
    }
}
