package org.torneo.contracts.clock;

import org.torneo.contracts.Side;

import org.torneo.contracts.Actor;
import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.MessageType;

/**
 * Commands to one game's clock (topic torneo.clock.commands, key = game id). Every command carries
 * its id (for exactly-once), who sent it, and {@code at}: the epoch millis observed at the edge.
 * The clock never reads a wall clock; all arithmetic is done on these timestamps.
 */
public sealed interface ClockCommand extends CommandMessage {

    String gameId();

    String commandId();

    Actor actor();

    /** Epoch millis when the command was observed at the edge. */
    long at();

    /**
     * Starts White's clock at the scheduled start {@code at}, present or not (FIDE 2018 6.6).
     * {@code blackControl} is null unless Black plays under a different control (Armageddon,
     * TRF-26 222 "W300-B240"); {@code control} is then White's. {@code firstToMove} is BLACK for a game
     * started from a position with Black to move (an organiser's single game from a FEN): Black's clock starts
     * then; null means White (every game from the initial position, and commands written before the field).
     */
    @MessageType(name = "clock.StartClock", version = 1)
    record StartClock(String gameId, String commandId, Actor actor, long at, TimeControl control, ClockRules rules,
                      TimeControl blackControl, Side firstToMove) implements ClockCommand {

        /** The usual case: the same control for both players, White first. */
        public StartClock(String gameId, String commandId, Actor actor, long at, TimeControl control, ClockRules rules) {
            this(gameId, commandId, actor, at, control, rules, null, null);
        }

        /** White first, each player under his own control. */
        public StartClock(String gameId, String commandId, Actor actor, long at, TimeControl control, ClockRules rules,
                          TimeControl blackControl) {
            this(gameId, commandId, actor, at, control, rules, blackControl, null);
        }
    }

    /** {@code side} completed a move and pressed the clock. */
    @MessageType(name = "clock.PressClock", version = 1)
    record PressClock(String gameId, String commandId, Actor actor, long at, Side side) implements ClockCommand {
    }

    /** Scheduled by the app at the running clock's deadline: records a flag fall if it is due. */
    @MessageType(name = "clock.CheckFlag", version = 1)
    record CheckFlag(String gameId, String commandId, Actor actor, long at) implements ClockCommand {
    }

    /** Stops both clocks (claim, dispute, missing promotion piece, disturbance ...). */
    @MessageType(name = "clock.PauseClock", version = 1)
    record PauseClock(String gameId, String commandId, Actor actor, long at, String reason) implements ClockCommand {
    }

    /** Restarts the clock that was running before the pause. */
    @MessageType(name = "clock.ResumeClock", version = 1)
    record ResumeClock(String gameId, String commandId, Actor actor, long at) implements ClockCommand {
    }

    /** Adds time to one side (penalty to the opponent, disturbance, ...), citing the article. */
    @MessageType(name = "clock.AddTime", version = 1)
    record AddTime(String gameId, String commandId, Actor actor, long at, Side side, long millis,
                   String article, String reason) implements ClockCommand {
    }

    /** Deducts time from one side (arbiter penalty, wrong claim, ...), citing the article. */
    @MessageType(name = "clock.DeductTime", version = 1)
    record DeductTime(String gameId, String commandId, Actor actor, long at, Side side, long millis,
                      String article, String reason) implements ClockCommand {
    }

    /**
     * The arbiter sets both clocks after an irregularity (FIDE 2018 6.10.2, 7.1; 1997 6.13). Null move
     * counts leave the counters unchanged; {@code sideToMove} is whose clock runs afterwards.
     */
    @MessageType(name = "clock.SetTimes", version = 1)
    record SetTimes(String gameId, String commandId, Actor actor, long at, long whiteMillis, long blackMillis,
                    Integer whiteMoves, Integer blackMoves, Side sideToMove, String article, String reason)
            implements ClockCommand {
    }

    /**
     * The Code 1970 art. XIV-7 proportional rule: the irregularity happened at move
     * {@code irregularityMove} and was found after move {@code movesPlayed}; each player's used time
     * becomes used x irregularityMove / movesPlayed, and the counters go back to the given counts.
     */
    @MessageType(name = "clock.ApplyProportionalTimes", version = 1)
    record ApplyProportionalTimes(String gameId, String commandId, Actor actor, long at, int irregularityMove,
                                  int movesPlayed, int whiteMoves, int blackMoves, Side sideToMove)
            implements ClockCommand {
    }

    /** Corrects one side's move counter (a missed or double press; FIDE 2018 6.10.2). */
    @MessageType(name = "clock.CorrectMoveCounter", version = 1)
    record CorrectMoveCounter(String gameId, String commandId, Actor actor, long at, Side side, int moves,
                              String reason) implements ClockCommand {
    }

    /**
     * Quickplay finish, FIDE 2018 III.4: the claimant (to move, under 2 minutes) asked for a 5-second
     * increment, the opponent refused the implied draw offer and the arbiter agreed.
     */
    @MessageType(name = "clock.IntroduceQuickplayIncrement", version = 1)
    record IntroduceQuickplayIncrement(String gameId, String commandId, Actor actor, long at, Side claimant)
            implements ClockCommand {
    }

    /** A player arrived at the board (late arrival and default time, FIDE 2018 6.7). */
    @MessageType(name = "clock.RecordArrival", version = 1)
    record RecordArrival(String gameId, String commandId, Actor actor, long at, Side side) implements ClockCommand {
    }

    /** Scheduled by the app at the default time: forfeits whoever has not arrived. */
    @MessageType(name = "clock.CheckDefault", version = 1)
    record CheckDefault(String gameId, String commandId, Actor actor, long at) implements ClockCommand {
    }

    /**
     * The player to move sealed his move: his clock stops and the opponent's does not start
     * (FIDE 2018 I.1.1). Sealing before the session's nominal end counts as sealed at that end
     * (I.1.2); null when not applicable.
     */
    @MessageType(name = "clock.AdjournGame", version = 1)
    record AdjournGame(String gameId, String commandId, Actor actor, long at, Long nominalSessionEndAt)
            implements ClockCommand {
    }

    /** Resumption session starts: the replying player's clock runs, present or not (FIDE 2018 I.9.2). */
    @MessageType(name = "clock.ResumeSession", version = 1)
    record ResumeSession(String gameId, String commandId, Actor actor, long at) implements ClockCommand {
    }

    /**
     * The arbiter cannot establish from the scoresheets that {@code side} overstepped the time limit:
     * the next move counts as the first of the next period (FIDE 2018 8.6).
     */
    @MessageType(name = "clock.DeclareOverstepNotProvable", version = 1)
    record DeclareOverstepNotProvable(String gameId, String commandId, Actor actor, long at, Side side)
            implements ClockCommand {
    }

    /** The arbiter found both flags down and cannot tell which fell first (e.g. an analogue clock). */
    @MessageType(name = "clock.ReportBothFlagsDown", version = 1)
    record ReportBothFlagsDown(String gameId, String commandId, Actor actor, long at) implements ClockCommand {
    }

    /**
     * The game was cancelled before it began (the arbiter's pairing correction removed it; C.04.2, C.04.3 of 2017
     * F.6-F.7): its clock stops for good, or is never started, and no flag can fall on it. Accepted before the clock
     * is started too, since the cancellation may reach the clock before the game's StartClock.
     */
    @MessageType(name = "clock.CancelClock", version = 1)
    record CancelClock(String gameId, String commandId, Actor actor, long at, String reason, String article)
            implements ClockCommand {
    }

    /** The game ended: both clocks stop for good. */
    @MessageType(name = "clock.StopClock", version = 1)
    record StopClock(String gameId, String commandId, Actor actor, long at, String reason) implements ClockCommand {
    }
}
