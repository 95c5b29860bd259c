package org.torneo.clock.core.clock;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.torneo.clock.core.timecontrol.TimeControlFormat;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.AdjournGame;
import org.torneo.contracts.clock.ClockCommand.CancelClock;
import org.torneo.contracts.clock.ClockCommand.ApplyProportionalTimes;
import org.torneo.contracts.clock.ClockCommand.CheckDefault;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.CorrectMoveCounter;
import org.torneo.contracts.clock.ClockCommand.DeclareOverstepNotProvable;
import org.torneo.contracts.clock.ClockCommand.DeductTime;
import org.torneo.contracts.clock.ClockCommand.IntroduceQuickplayIncrement;
import org.torneo.contracts.clock.ClockCommand.PauseClock;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.RecordArrival;
import org.torneo.contracts.clock.ClockCommand.ReportBothFlagsDown;
import org.torneo.contracts.clock.ClockCommand.ResumeClock;
import org.torneo.contracts.clock.ClockCommand.ResumeSession;
import org.torneo.contracts.clock.ClockCommand.SetTimes;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.BothFlagsFell;
import org.torneo.contracts.clock.ClockEvent.ClockCancelled;
import org.torneo.contracts.clock.ClockEvent.ClockPaused;
import org.torneo.contracts.clock.ClockEvent.ClockResumed;
import org.torneo.contracts.clock.ClockEvent.ClockStarted;
import org.torneo.contracts.clock.ClockEvent.ClockStopped;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.CommandRejected;
import org.torneo.contracts.clock.ClockEvent.EndHeld;
import org.torneo.contracts.clock.ClockEvent.FlagFell;
import org.torneo.contracts.clock.ClockEvent.GameAdjourned;
import org.torneo.contracts.clock.ClockEvent.MoveCounterCorrected;
import org.torneo.contracts.clock.ClockEvent.NewGameStarted;
import org.torneo.contracts.clock.ClockEvent.OverstepNotProvable;
import org.torneo.contracts.clock.ClockEvent.PlayerArrived;
import org.torneo.contracts.clock.ClockEvent.PlayerDefaulted;
import org.torneo.contracts.clock.ClockEvent.PressHeld;
import org.torneo.contracts.clock.ClockEvent.QuickplayIncrementIntroduced;
import org.torneo.contracts.clock.ClockEvent.SessionResumed;
import org.torneo.contracts.clock.ClockEvent.TimeAdded;
import org.torneo.contracts.clock.ClockEvent.TimeDeducted;
import org.torneo.contracts.clock.ClockEvent.TimesSet;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;

/**
 * The clock aggregate: {@code decide(command, state) -> events} and {@code evolve(state, event) -> state}.
 * Pure: time comes only from the commands ({@code at}, observed at the edge) and is recorded in the
 * events, so folding the events always rebuilds the same state to the millisecond.
 *
 * <p>Every command first settles a flag that is due: if the running clock's deadline is at or before
 * the command's time, FlagFell (timed at the deadline itself) comes before anything else.
 */
public final class ClockDecider {

    /** Commands from before 1970 or after the year 3000 are nonsense. */
    static final long LATEST_PLAUSIBLE_MILLIS = 32_503_680_000_000L;
    /** No adjustment or setting may exceed a day. */
    static final long MAX_ADJUSTMENT_MILLIS = 24L * 3_600_000;
    static final int MAX_MOVES = 1000;
    static final long QUICKPLAY_INCREMENT_MILLIS = 5_000;
    static final long QUICKPLAY_OPPONENT_BONUS_MILLIS = 120_000;
    static final long QUICKPLAY_THRESHOLD_MILLIS = 120_000;

    private ClockDecider() {
    }

    /** Folds events from a game's initial state. */
    public static ClockState fold(String gameId, List<? extends ClockEvent> events) {
        ClockState state = ClockState.initial(gameId);
        for (ClockEvent e : events) {
            state = evolve(state, e);
        }
        return state;
    }

    /**
     * Decides, turning a refusal into a {@link CommandRejected} event (after any flag fall that was
     * due): the form the app publishes.
     */
    public static List<ClockEvent> handle(ClockCommand command, ClockState state) {
        try {
            return decide(command, state);
        } catch (ClockCommandRejected r) {
            List<ClockEvent> out = new ArrayList<>(r.eventsBefore());
            out.add(new CommandRejected(command.gameId(), command.commandId(), command.actor(), command.at(),
                    command.getClass().getSimpleName(), r.getMessage()));
            return out;
        }
    }

    /** Decides the events for {@code command}; throws {@link ClockCommandRejected} with the reason if refused. */
    public static List<ClockEvent> decide(ClockCommand command, ClockState state) {
        if (isScheduledCheck(command) && state.started() && command.gameId() != null
                && command.gameId().equals(state.gameId()) && command.at() < state.lastEventAt()) {
            // a timer that fired before later events were recorded: those events already settled it
            return List.of();
        }
        if (isScheduledCheck(command) && state.heldEnd() != null) {
            // the game is over (its end waits only for presses made before it): no flag falls, no one defaults
            return List.of();
        }
        if (state.status() == ClockStatus.CANCELLED && state.gameId().equals(command.gameId())) {
            if (isScheduledCheck(command)) {
                return List.of(); // a timer set before the cancellation: nothing can fall or default any more
            }
            throw new ClockCommandRejected("the game " + state.gameId() + " was cancelled before it began (a pairing"
                    + " correction removed it): its clock accepts nothing more");
        }
        checkEnvelope(command, state);
        List<ClockEvent> out = new ArrayList<>();
        ClockState s = state;
        // a cancelled game never began: a deadline passed before the cancellation decides nothing (C.04.3 (2017) F.6)
        if (s.started() && s.status() != ClockStatus.STOPPED && !(command instanceof CancelClock)) {
            long flagCheckAt = command instanceof AdjournGame a ? chargedUntil(a)
                    : Math.max(command.at(), s.lastEventAt());
            Optional<ClockEvent> flag = flagIfDue(s, flagCheckAt, command);
            if (flag.isPresent()) {
                out.add(flag.get());
                s = evolve(s, flag.get());
            }
        }
        try {
            out.addAll(decideAfterFlag(command, s));
        } catch (ClockCommandRejected r) {
            throw new ClockCommandRejected(r.getMessage(), out);
        }
        return out;
    }

    private static boolean isScheduledCheck(ClockCommand c) {
        return c instanceof CheckFlag || c instanceof CheckDefault;
    }

    private static void checkEnvelope(ClockCommand c, ClockState s) {
        if (c.gameId() == null || c.gameId().isBlank()) {
            throw new ClockCommandRejected("the command names no game");
        }
        if (s.gameId() != null && !c.gameId().equals(s.gameId())) {
            throw new ClockCommandRejected("command for game " + c.gameId() + " sent to the clock of game " + s.gameId());
        }
        if (c.actor() == null) {
            throw new ClockCommandRejected("the command names no actor");
        }
        if (c.at() <= 0 || c.at() > LATEST_PLAUSIBLE_MILLIS) {
            throw new ClockCommandRejected("absurd time " + c.at() + " (epoch millis expected)");
        }
        if (c.at() < s.lastEventAt() && !decidedBeforeTheFlagOf(c, s)) {
            throw new ClockCommandRejected("time goes backwards: the command is at " + c.at()
                    + " but the clock has already recorded an event at " + s.lastEventAt());
        }
        boolean allowedBeforeStart = c instanceof StartClock || c instanceof RecordArrival || c instanceof CancelClock;
        if (!s.started() && !allowedBeforeStart) {
            throw new ClockCommandRejected("unknown game " + c.gameId() + ": its clock has not been started");
        }
    }

    private static Optional<ClockEvent> flagIfDue(ClockState s, long at, ClockCommand cause) {
        Optional<Long> deadline = s.deadline();
        if (deadline.isEmpty() || at < deadline.get()) {
            return Optional.empty();
        }
        Side side = s.toMove();
        Face f = s.face(side);
        TimeControl control = s.control(side);
        int required = control.movesRequiredBy(f.period());
        boolean finalPeriod = control.isFinalPeriod(f.period());
        // FIDE 2018 6.4 (1997 6.3, 2001 6.3): after a flag fall, check whether the required number of moves was made
        boolean met = !finalPeriod && f.moves() >= required;
        return Optional.of(new FlagFell(s.gameId(), cause.commandId(), cause.actor(), deadline.get(), side,
                f.period() + 1, f.moves(), required, met, finalPeriod));
    }

    private static List<ClockEvent> decideAfterFlag(ClockCommand command, ClockState s) {
        return switch (command) {
            case StartClock c -> start(c, s);
            case PressClock c -> press(c, s);
            case CheckFlag c -> checkFlag(s);
            case PauseClock c -> pause(c, s);
            case ResumeClock c -> resume(c, s);
            case AddTime c -> addTime(c, s);
            case DeductTime c -> deductTime(c, s);
            case SetTimes c -> setTimes(c, s);
            case ApplyProportionalTimes c -> proportional(c, s);
            case CorrectMoveCounter c -> correctMoveCounter(c, s);
            case IntroduceQuickplayIncrement c -> quickplayIncrement(c, s);
            case RecordArrival c -> arrival(c, s);
            case CheckDefault c -> checkDefault(c, s);
            case AdjournGame c -> adjourn(c, s);
            case ResumeSession c -> resumeSession(c, s);
            case DeclareOverstepNotProvable c -> overstepNotProvable(c, s);
            case ReportBothFlagsDown c -> bothFlags(c, s);
            case StopClock c -> stop(c, s);
            case CancelClock c -> cancel(c, s);
        };
    }

    // ---------------------------------------------------------------- start and moves

    private static List<ClockEvent> start(StartClock c, ClockState s) {
        if (s.started()) {
            throw new ClockCommandRejected("the clock of game " + c.gameId() + " was already started at " + s.sessionStartedAt());
        }
        if (c.control() == null || c.rules() == null) {
            throw new ClockCommandRejected("StartClock needs a time control and the rules");
        }
        long white = c.control().period(0).baseMillis();
        TimeControl black = c.blackControl() == null || c.blackControl().equals(c.control()) ? null : c.blackControl();
        long blackBase = (black == null ? c.control() : black).period(0).baseMillis();
        // FIDE 2018 6.6 (1997 6.5, 2001 6.5, Code 1970 art. XIV-2): White's clock starts at the scheduled time
        ClockStarted started = new ClockStarted(c.gameId(), c.commandId(), c.actor(), c.at(), c.control(), c.rules(),
                white, blackBase, black);
        if (c.firstToMove() != Side.BLACK) {
            return List.of(started);
        }
        // A game from a position with Black to move: the Laws and the seeds assume White moves first and are silent;
        // as arbiters do, the clock of the player to move runs (recorded as the times set, counters at 0)
        return List.of(started, new TimesSet(c.gameId(), c.commandId(), c.actor(), c.at(), white, blackBase, 0, 0,
                Side.BLACK, "FIDE 2018 6.6", "the game starts from a position with Black to move: Black's clock runs"));
    }

    private static List<ClockEvent> press(PressClock c, ClockState s) {
        requireRunning(s, "press the clock");
        if (c.side() == null) {
            throw new ClockCommandRejected("PressClock names no side");
        }
        if (c.side() != s.toMove()) {
            throw new ClockCommandRejected(name(c.side()) + " pressed the clock but it is " + name(s.toMove())
                    + "'s clock that runs");
        }
        Side side = c.side();
        long elapsed = s.turnElapsed(c.at());
        MoveCharge m = charge(s, side, elapsed);
        long opponentRemaining = s.remaining(side.opponent(), c.at());
        return List.of(new ClockSwitched(c.gameId(), c.commandId(), c.actor(), c.at(), side, m.moves(), elapsed,
                m.remaining(), m.bonus(), m.periodTimeAdded(), m.period() + 1, opponentRemaining));
    }

    /** The result of completing a move after {@code elapsed} ms of thinking. */
    record MoveCharge(long remaining, long bonus, long periodTimeAdded, int period, int moves) {
    }

    static MoveCharge charge(ClockState s, Side side, long elapsed) {
        Face f = s.face(side);
        Period p = s.currentPeriod(side);
        int moves = f.moves() + 1;
        if (f.flagFallen()) {
            // after a flag fall the display stays at zero; the game service decides what the flag means
            return new MoveCharge(0, 0, 0, f.period(), moves);
        }
        long bonus = 0;
        long remaining;
        switch (p.mode()) {
            case NONE -> remaining = f.remainingMillis() - elapsed;
            // FIDE 2018 6.3.1: increment added for each completed move; saved time carries over (6.3.2)
            case FISCHER -> {
                bonus = p.bonusMillis();
                remaining = f.remainingMillis() - elapsed + bonus;
            }
            // Bronstein delay: the time used, up to the delay, is given back, so nothing accumulates
            case BRONSTEIN -> {
                bonus = Math.min(elapsed, p.bonusMillis());
                remaining = f.remainingMillis() - elapsed + bonus;
            }
            // FIDE 2018 6.3.2 (2001 6.2b) delay mode: main time runs only after the delay; unused delay is lost
            case SIMPLE_DELAY -> {
                bonus = Math.min(elapsed, p.bonusMillis());
                remaining = f.remainingMillis() - (elapsed - bonus);
            }
            default -> throw new IllegalStateException("unknown mode " + p.mode());
        }
        TimeControl control = s.control(side);
        int period = f.period();
        long periodTimeAdded = 0;
        // FIDE 2018 6.3.2: the period's move count reached in time, so the next period's time is added
        if (!control.isFinalPeriod(period) && moves == control.movesRequiredBy(period)) {
            period++;
            periodTimeAdded = control.period(period).baseMillis();
            remaining += periodTimeAdded;
        }
        return new MoveCharge(remaining, bonus, periodTimeAdded, period, moves);
    }

    private static List<ClockEvent> checkFlag(ClockState s) {
        // the flag itself, if due, was settled before we got here; otherwise nothing happens
        return List.of();
    }

    // ---------------------------------------------------------------- pauses and adjournment

    private static List<ClockEvent> pause(PauseClock c, ClockState s) {
        requireRunning(s, "pause the clock");
        requireText(c.reason(), "reason for the pause");
        // FIDE 2018 6.11.1-6.11.2 (2001 6.13, 1997 6.12): the arbiter, or a player seeking his help, pauses the clocks
        return List.of(new ClockPaused(c.gameId(), c.commandId(), c.actor(), c.at(), c.reason(),
                s.remaining(Side.WHITE, c.at()), s.remaining(Side.BLACK, c.at())));
    }

    private static List<ClockEvent> resume(ResumeClock c, ClockState s) {
        requireNotStopped(s, "resume the clock");
        if (s.status() != ClockStatus.PAUSED) {
            throw new ClockCommandRejected("the clock is not paused (" + describe(s.status()) + ")");
        }
        // FIDE 2018 6.11.3: the arbiter decides when the game restarts
        return List.of(new ClockResumed(c.gameId(), c.commandId(), c.actor(), c.at(), s.toMove()));
    }

    static long chargedUntil(AdjournGame a) {
        // FIDE 2018 I.1.2 (1997 A.1b): sealing before the end of the session counts as sealing at its nominal end
        return a.nominalSessionEndAt() != null ? Math.max(a.at(), a.nominalSessionEndAt()) : a.at();
    }

    private static List<ClockEvent> adjourn(AdjournGame c, ClockState s) {
        requireNotStopped(s, "adjourn the game");
        if (s.status() != ClockStatus.RUNNING && s.status() != ClockStatus.PAUSED) {
            throw new ClockCommandRejected("cannot adjourn: the clock is " + describe(s.status()));
        }
        long until = chargedUntil(c);
        if (until > c.at() + MAX_ADJUSTMENT_MILLIS) {
            throw new ClockCommandRejected("absurd nominal end of session " + c.nominalSessionEndAt());
        }
        Side sealer = s.toMove();
        // FIDE 2018 I.1.1 (1997 A.1a, Code 1970 art. XV): the sealer's clock stops, the opponent's does not start;
        // the sealed move counts as his move (with its increment and any new period)
        long sealerRemaining = charge(s, sealer, s.turnElapsed(until)).remaining();
        long opponent = s.remaining(sealer.opponent(), until);
        long white = sealer == Side.WHITE ? sealerRemaining : opponent;
        long black = sealer == Side.BLACK ? sealerRemaining : opponent;
        return List.of(new GameAdjourned(c.gameId(), c.commandId(), c.actor(), c.at(), sealer, until, white, black));
    }

    private static List<ClockEvent> resumeSession(ResumeSession c, ClockState s) {
        requireNotStopped(s, "resume the session");
        if (runningSinceTheResumption(s)) {
            // FIDE 2018 I.9.2-I.9.3, I.11 (1997 A.9b-c): the absent player's clock was started at the resumption;
            // opening the envelope on his arrival neither restarts it nor starts another session
            return List.of();
        }
        if (s.status() != ClockStatus.ADJOURNED) {
            throw new ClockCommandRejected("the game is not adjourned (" + describe(s.status()) + ")");
        }
        // FIDE 2018 I.9.1-I.9.2 (Code 1970 art. XVI-2/3): the replying player's clock starts, present or not
        return List.of(new SessionResumed(c.gameId(), c.commandId(), c.actor(), c.at(), s.toMove()));
    }

    /**
     * Whether the clock runs in a resumption session and the turn running is the one the resumption started: no
     * move, pause or setting since (an absent player's clock started before his envelope is opened).
     */
    static boolean runningSinceTheResumption(ClockState s) {
        return s.status() == ClockStatus.RUNNING && s.session() > 1 && s.segmentStart() == s.sessionStartedAt()
                && s.turnUsedMillis() == 0;
    }

    // ---------------------------------------------------------------- adjustments

    /**
     * Whether {@code c} is time added or deducted by a decision the game made before the fall its clock recorded for
     * that side: such an adjustment, read late, is still decided at its own instant (see {@link #addTime}).
     */
    public static boolean decidedBeforeTheFlagOf(ClockCommand c, ClockState s) {
        Side side = c instanceof AddTime a ? a.side() : c instanceof DeductTime d ? d.side() : null;
        if (side == null || !s.started()) {
            return false;
        }
        Long fellAt = s.face(side).flagFellAt();
        return fellAt != null && c.at() < fellAt;
    }

    /**
     * Time added by a decision of the game (an illegal move's or a wrong claim's penalty to the opponent, FIDE 2018
     * 7.5.5, 12.9.2; the arbiter's time, 6.10, 12.9) is given at the instant it was decided. When it reaches the clock
     * after the clock recorded that side's flag fall at a later instant, the flag had not fallen when the time was
     * given: the flag counts only as it stood then (FIDE 2018 6.1, 6.9: a player loses who does not complete his moves
     * in the allotted time, and the allotted time includes the time added; the flag falls when observed, and the
     * arbiter's decision came first). So, while the game still runs and the flagged player has not moved since:
     * <ul>
     * <li>the time is added at its instant; if the player still has time now, the flag is withdrawn (TimeAdded with
     * the time left, over 0: {@link #evolve} clears the fall) and his clock runs on; the time his clock ran past the
     * first fall is charged, so the result is the same whenever the addition is read;</li>
     * <li>if the added time also ran out before now, the flag stands (TimeAdded with 0 left: the fall is kept).</li>
     * </ul>
     * A game already over is not reopened (the clock refuses, and the arbiter corrects the result, FIDE 2018 12.9);
     * time added for a flag that fell before the decision is the arbiter's setting (SetTimes, 6.10.2).
     */
    private static List<ClockEvent> addTime(AddTime c, ClockState s) {
        requireAdjustableAt(s, c.at(), "add time");
        Side side = requireSide(c.side());
        requireAmount(c.millis(), "time to add");
        requireText(c.article(), "article");
        requireText(c.reason(), "reason");
        if (s.face(side).flagFallen()) {
            return addedOverAFallenFlag(c, s, side);
        }
        long after = s.remaining(side, c.at()) + c.millis();
        return List.of(new TimeAdded(c.gameId(), c.commandId(), c.actor(), c.at(), side, c.millis(), c.article(), c.reason(), after));
    }

    private static List<ClockEvent> addedOverAFallenFlag(AddTime c, ClockState s, Side side) {
        long fellAt = s.face(side).flagFellAt();
        if (c.at() >= fellAt) {
            throw new ClockCommandRejected(name(side) + "'s flag has fallen; the arbiter sets the times with SetTimes");
        }
        String decided = " (decided at " + java.time.Instant.ofEpochMilli(c.at()) + ", before " + name(side)
                + "'s flag fell at " + java.time.Instant.ofEpochMilli(fellAt) + ")";
        if (s.status() == ClockStatus.STOPPED) {
            throw new ClockCommandRejected("cannot add time" + decided + ": the game is over and its clock stopped; a"
                    + " result given on that flag is the arbiter's to correct (FIDE 2018 6.9, 12.9)");
        }
        if (s.status() != ClockStatus.RUNNING || s.toMove() != side || s.segmentStart() > fellAt) {
            // a move, pause or setting since the fall: the time the flag overran is no longer known exactly
            throw new ClockCommandRejected("cannot add time" + decided + ": " + name(side) + "'s clock was paused,"
                    + " pressed or set since; the arbiter sets the times with SetTimes (FIDE 2018 6.10.2)");
        }
        long at = Math.max(c.at(), s.lastEventAt());
        // the face held, before the fall, exactly what the turn had charged by the fall (the flag fell at 0)
        long heldBeforeFall = s.turnCharge(side, s.turnUsedMillis() + (fellAt - s.segmentStart()));
        long left = heldBeforeFall - s.turnCharge(side, s.turnElapsed(at)) + c.millis();
        String reason = left > 0
                ? c.reason() + decided + ": the flag had not fallen and is withdrawn (FIDE 2018 6.9)"
                : c.reason() + decided + ": the time added ran out too before " + name(side)
                        + " moved, so the flag stands (FIDE 2018 6.9)";
        return List.of(new TimeAdded(c.gameId(), c.commandId(), c.actor(), at, side, c.millis(), c.article(), reason,
                Math.max(0, left)));
    }

    private static List<ClockEvent> deductTime(DeductTime c, ClockState s) {
        requireAdjustableAt(s, c.at(), "deduct time");
        Side side = requireSide(c.side());
        requireAmount(c.millis(), "time to deduct");
        requireText(c.article(), "article");
        requireText(c.reason(), "reason");
        if (s.face(side).flagFallen()) {
            Long fellAt = s.face(side).flagFellAt();
            if (c.at() < fellAt && s.status() != ClockStatus.STOPPED) {
                // decided before the fall the clock recorded: deducted at its instant it could only have brought the
                // fall earlier, before the player's next move, so the flag stands as recorded (FIDE 2018 6.9); the
                // deduction is recorded, showing nothing left
                return List.of(new TimeDeducted(c.gameId(), c.commandId(), c.actor(), Math.max(c.at(), s.lastEventAt()),
                        side, c.millis(), c.article(), c.reason() + " (decided at " + java.time.Instant.ofEpochMilli(
                        c.at()) + ", before " + name(side) + "'s flag fell at " + java.time.Instant.ofEpochMilli(fellAt)
                        + ": the flag stands, FIDE 2018 6.9)", 0));
            }
            throw new ClockCommandRejected(name(side) + "'s flag has fallen; there is no time left to deduct");
        }
        long left = s.remaining(side, c.at());
        if (c.millis() > left) {
            throw new ClockCommandRejected("cannot deduct " + TimeControlFormat.clock(c.millis()) + " from " + name(side)
                    + ": only " + TimeControlFormat.clock(left) + " left");
        }
        return List.of(new TimeDeducted(c.gameId(), c.commandId(), c.actor(), c.at(), side, c.millis(), c.article(),
                c.reason(), left - c.millis()));
    }

    private static List<ClockEvent> setTimes(SetTimes c, ClockState s) {
        requireAdjustable(s, "set the times");
        requireSetting(c.whiteMillis(), "White's time");
        requireSetting(c.blackMillis(), "Black's time");
        int whiteMoves = c.whiteMoves() == null ? s.white().moves() : requireMoves(c.whiteMoves(), "White's move count");
        int blackMoves = c.blackMoves() == null ? s.black().moves() : requireMoves(c.blackMoves(), "Black's move count");
        Side toMove = requireSide(c.sideToMove());
        requireText(c.article(), "article");
        requireText(c.reason(), "reason");
        // FIDE 2018 6.10.2 and 7.1 (2001 6.14, 1997 6.13): the arbiter uses his best judgement to set the clocks
        return List.of(new TimesSet(c.gameId(), c.commandId(), c.actor(), c.at(), c.whiteMillis(), c.blackMillis(),
                whiteMoves, blackMoves, toMove, c.article(), c.reason()));
    }

    private static List<ClockEvent> proportional(ApplyProportionalTimes c, ClockState s) {
        requireAdjustable(s, "apply the proportional rule");
        if (c.movesPlayed() < 1 || c.irregularityMove() < 1 || c.irregularityMove() > c.movesPlayed()
                || c.movesPlayed() > MAX_MOVES) {
            throw new ClockCommandRejected("the irregularity move (" + c.irregularityMove()
                    + ") must be between 1 and the moves played (" + c.movesPlayed() + ")");
        }
        requireMoves(c.whiteMoves(), "White's move count");
        requireMoves(c.blackMoves(), "Black's move count");
        Side toMove = requireSide(c.sideToMove());
        for (Period p : concat(s.control(Side.WHITE).periods(), s.control(Side.BLACK).periods())) {
            if (p.mode() != TimingMode.NONE) {
                throw new ClockCommandRejected("the proportional rule (Code 1970 art. XIV-7) is for controls without"
                        + " increment or delay; set the times with SetTimes");
            }
        }
        long white = proportionalRemaining(s, Side.WHITE, c);
        long black = proportionalRemaining(s, Side.BLACK, c);
        String reason = "proportional rule t' = t x " + c.irregularityMove() + " / " + c.movesPlayed()
                + ": irregularity at move " + c.irregularityMove() + " found after move " + c.movesPlayed();
        // Code 1970 art. XIV-7: time used up to the irregularity taken as t' = t * k / N
        return List.of(new TimesSet(c.gameId(), c.commandId(), c.actor(), c.at(), white, black, c.whiteMoves(),
                c.blackMoves(), toMove, "Code 1970 art. XIV-7", reason));
    }

    private static long proportionalRemaining(ClockState s, Side side, ApplyProportionalTimes c) {
        long used = s.used(side, c.at());
        long usedAfter = used * c.irregularityMove() / c.movesPlayed();
        int oldMoves = s.face(side).moves();
        int newMoves = side == Side.WHITE ? c.whiteMoves() : c.blackMoves();
        TimeControl control = s.control(side);
        long entered = control.baseTimeEnteredAfterMoves(newMoves) - control.baseTimeEnteredAfterMoves(oldMoves);
        long now = s.face(side).flagFallen() ? 0 : s.remaining(side, c.at());
        if (s.face(side).flagFallen()) {
            // a fallen flag shows zero: rebuild from the time allotted instead
            return Math.max(0, control.baseTimeEnteredAfterMoves(newMoves) - usedAfter);
        }
        return Math.max(0, now + (used - usedAfter) + entered);
    }

    private static List<ClockEvent> correctMoveCounter(CorrectMoveCounter c, ClockState s) {
        requireAdjustable(s, "correct the move counter");
        Side side = requireSide(c.side());
        int to = requireMoves(c.moves(), "move count");
        requireText(c.reason(), "reason");
        Face f = s.face(side);
        TimeControl control = s.control(side);
        // FIDE 2018 6.10.2: a wrong setting is corrected, the move counter included; periods entered or left change the time
        long delta = control.baseTimeEnteredAfterMoves(to) - control.baseTimeEnteredAfterMoves(f.moves());
        if (!f.flagFallen() && s.remaining(side, c.at()) + delta < 0) {
            throw new ClockCommandRejected("correcting " + name(side) + "'s counter to " + to
                    + " would take away more time than is left; set the times with SetTimes");
        }
        return List.of(new MoveCounterCorrected(c.gameId(), c.commandId(), c.actor(), c.at(), side, f.moves(), to, delta,
                c.reason()));
    }

    private static List<ClockEvent> quickplayIncrement(IntroduceQuickplayIncrement c, ClockState s) {
        requireAdjustable(s, "introduce the quickplay increment");
        Side claimant = requireSide(c.claimant());
        if (s.rules().edition() != Edition.FIDE_2018) {
            throw new ClockCommandRejected("the 5-second increment claim is FIDE 2018 III.4; this game is played under "
                    + s.rules().edition());
        }
        // FIDE 2018 III.2.1: the Guidelines III apply only if announced in advance
        if (!s.rules().quickplayFinishAnnounced()) {
            throw new ClockCommandRejected("the quickplay-finish guidelines (FIDE 2018 III) were not announced for this event");
        }
        // FIDE 2018 III.2.2: standard and rapid games without increment only, never blitz
        if (s.rules().category() == Category.BLITZ) {
            throw new ClockCommandRejected("FIDE 2018 III.2.2: the quickplay-finish guidelines do not apply to blitz");
        }
        Face f = s.face(claimant);
        if (!s.control(claimant).isFinalPeriod(f.period())) {
            throw new ClockCommandRejected("FIDE 2018 III.1: " + name(claimant) + " is not in the quickplay finish"
                    + " (the period in which all remaining moves must be made)");
        }
        if (s.currentPeriod(claimant).mode() != TimingMode.NONE) {
            throw new ClockCommandRejected("FIDE 2018 III.2.2: the final period already has an increment or delay");
        }
        // FIDE 2018 III.4: the player having the move, with less than two minutes left
        if (claimant != s.toMove()) {
            throw new ClockCommandRejected("FIDE 2018 III.4: only the player having the move may ask; it is "
                    + name(s.toMove()) + "'s move");
        }
        if (f.flagFallen()) {
            throw new ClockCommandRejected(name(claimant) + "'s flag has already fallen");
        }
        long left = s.remaining(claimant, c.at());
        if (left >= QUICKPLAY_THRESHOLD_MILLIS) {
            throw new ClockCommandRejected("FIDE 2018 III.4: " + name(claimant) + " has " + TimeControlFormat.clock(left)
                    + ", not less than two minutes");
        }
        return List.of(new QuickplayIncrementIntroduced(c.gameId(), c.commandId(), c.actor(), c.at(), claimant,
                QUICKPLAY_INCREMENT_MILLIS, QUICKPLAY_OPPONENT_BONUS_MILLIS, "FIDE 2018 III.4"));
    }

    // ---------------------------------------------------------------- arrival and default

    private static List<ClockEvent> arrival(RecordArrival c, ClockState s) {
        requireNotStopped(s, "record an arrival");
        Side side = requireSide(c.side());
        Face f = s.face(side);
        if (f.defaulted()) {
            throw new ClockCommandRejected(name(side) + " has already lost by default");
        }
        if (f.arrived()) {
            throw new ClockCommandRejected(name(side) + "'s arrival was already recorded");
        }
        Optional<Long> deadline = s.defaultDeadline();
        if (deadline.isPresent() && c.at() > deadline.get()) {
            return List.of(new PlayerDefaulted(c.gameId(), c.commandId(), c.actor(), c.at(), side, deadline.get(),
                    defaultArticle(s)));
        }
        return List.of(new PlayerArrived(c.gameId(), c.commandId(), c.actor(), c.at(), side));
    }

    private static List<ClockEvent> checkDefault(CheckDefault c, ClockState s) {
        Optional<Long> due = s.defaultDeadline();
        if (due.isEmpty() || c.at() <= due.get()) {
            return List.of();
        }
        long deadline = due.get();
        List<ClockEvent> out = new ArrayList<>();
        for (Side side : Side.values()) {
            Face f = s.face(side);
            if (!f.arrived() && !f.defaulted()) {
                // both absent: both lose (Code 1970 art. XVII-2; FIDE 2018 6.7.1 applies to each player)
                out.add(new PlayerDefaulted(c.gameId(), c.commandId(), c.actor(), c.at(), side, deadline,
                        defaultArticle(s)));
            }
        }
        return out;
    }

    static String defaultArticle(ClockState s) {
        Edition edition = s.rules().edition();
        if (s.session() > 1) {
            return switch (edition) {
                case CODE_1970 -> "Code 1970 art. XVII-2";
                case FIDE_1997 -> "FIDE 1997 A.10";
                // the 2001 appendices are not in the seed; the 2018 rule (one hour) is applied
                case FIDE_2001, FIDE_2018 -> "FIDE 2018 I.10";
            };
        }
        return switch (edition) {
            case CODE_1970 -> "Code 1970 art. XVII-2";
            case FIDE_1997 -> "FIDE 1997 6.6";
            case FIDE_2001 -> "FIDE 2001 6.7";
            case FIDE_2018 -> "FIDE 2018 6.7.1";
        };
    }

    // ---------------------------------------------------------------- flags

    private static List<ClockEvent> overstepNotProvable(DeclareOverstepNotProvable c, ClockState s) {
        requireAdjustable(s, "set aside a flag fall");
        Side side = requireSide(c.side());
        Face f = s.face(side);
        if (!f.flagFallen()) {
            throw new ClockCommandRejected(name(side) + "'s flag has not fallen");
        }
        TimeControl control = s.control(side);
        if (control.isFinalPeriod(f.period())) {
            throw new ClockCommandRejected(name(side) + "'s flag fell in the period for all remaining moves;"
                    + " there is no next period (8.6 does not apply)");
        }
        int credited = control.movesRequiredBy(f.period());
        int next = f.period() + 1;
        return List.of(new OverstepNotProvable(c.gameId(), c.commandId(), c.actor(), c.at(), side, credited, next + 1,
                control.period(next).baseMillis(), overstepArticle(s.rules().edition())));
    }

    static String overstepArticle(Edition edition) {
        return switch (edition) {
            // the Code 1970 has no such rule; current FIDE practice is applied
            case CODE_1970, FIDE_2018 -> "FIDE 2018 8.6";
            case FIDE_1997 -> "FIDE 1997 8.6";
            case FIDE_2001 -> "FIDE 2001 8.6";
        };
    }

    private static List<ClockEvent> bothFlags(ReportBothFlagsDown c, ClockState s) {
        requireAdjustable(s, "report both flags down");
        int period = s.face(s.toMove()).period();
        boolean finalPeriod = s.control(s.toMove()).isFinalPeriod(period);
        Category category = s.rules().category();
        BothFlagsFell.Outcome outcome;
        String article;
        if (s.rules().edition() == Edition.FIDE_2018 && finalPeriod && !s.rules().quickplayFinishAnnounced()) {
            // FIDE 2018 III.2.1: the Guidelines III (and their III.3.1.2 draw) apply only if announced. Without them the
            // digital clock knows which flag fell first, and that fall, recorded as FlagFell, decides (6.9)
            Side first = firstFallen(s);
            throw new ClockCommandRejected("FIDE 2018 III.3.1.2 applies only where the Guidelines III were announced"
                    + " (III.2.1), and they were not for this event" + (first == null ? ""
                    : ": the clock recorded " + name(first) + "'s flag first, at " + java.time.Instant.ofEpochMilli(
                            s.face(first).flagFellAt()) + ", and that fall decides (FIDE 2018 6.9)"));
        }
        switch (s.rules().edition()) {
            case FIDE_2018 -> {
                outcome = finalPeriod ? BothFlagsFell.Outcome.DRAW : BothFlagsFell.Outcome.GAME_CONTINUES;
                article = finalPeriod ? "FIDE 2018 III.3.1.2" : "FIDE 2018 III.3.1.1";
            }
            case FIDE_2001 -> {
                outcome = finalPeriod ? BothFlagsFell.Outcome.DRAW : BothFlagsFell.Outcome.GAME_CONTINUES;
                article = finalPeriod ? "FIDE 2001 10.3" : "FIDE 2001 6.12";
            }
            case FIDE_1997 -> {
                if (category != Category.STANDARD) {
                    outcome = BothFlagsFell.Outcome.DRAW;
                    article = category == Category.RAPID ? "FIDE 1997 B.8" : "FIDE 1997 C.2, B.8";
                } else {
                    outcome = finalPeriod ? BothFlagsFell.Outcome.DRAW : BothFlagsFell.Outcome.GAME_CONTINUES;
                    article = finalPeriod ? "FIDE 1997 10.4" : "FIDE 1997 6.11";
                }
            }
            default -> {
                // the Code 1970 has no rule for it; the game goes on and the director sets the clocks
                outcome = BothFlagsFell.Outcome.GAME_CONTINUES;
                article = "Code 1970 art. XIV-6";
            }
        }
        return List.of(new BothFlagsFell(c.gameId(), c.commandId(), c.actor(), c.at(), period + 1, finalPeriod, outcome, article));
    }

    /** The side whose flag the clock recorded first, or null when neither has fallen. */
    private static Side firstFallen(ClockState s) {
        Long white = s.white().flagFellAt();
        Long black = s.black().flagFellAt();
        if (white == null || black == null) {
            return white != null ? Side.WHITE : black != null ? Side.BLACK : null;
        }
        return white <= black ? Side.WHITE : Side.BLACK;
    }

    private static List<ClockEvent> stop(StopClock c, ClockState s) {
        requireNotStopped(s, "stop the clock");
        requireText(c.reason(), "reason");
        return List.of(new ClockStopped(c.gameId(), c.commandId(), c.actor(), c.at(), c.reason(),
                Math.max(0, s.remaining(Side.WHITE, c.at())), Math.max(0, s.remaining(Side.BLACK, c.at()))));
    }

    /**
     * The seeds are silent on a game cancelled by a corrected pairing; current FIDE practice (C.04.2, C.04.3 of 2017
     * F.6-F.7): the arbiter may correct a pairing made public, and a game not yet begun that the correction removes is
     * not played. Its clock stops for good (or is never started, when the cancellation is read first): no flag falls
     * and no default is declared on it, and it has no result. A game already over keeps its clock as it stopped.
     */
    private static List<ClockEvent> cancel(CancelClock c, ClockState s) {
        requireNotStopped(s, "cancel the game");
        requireText(c.reason(), "reason");
        String article = c.article() == null || c.article().isBlank() ? "C.04.3 (2017) F.6-F.7" : c.article();
        return List.of(new ClockCancelled(c.gameId(), c.commandId(), c.actor(), c.at(), c.reason(), article));
    }

    // ---------------------------------------------------------------- evolve

    /** Applies one recorded event. Never fails for events this decider produced. */
    public static ClockState evolve(ClockState state, ClockEvent event) {
        ClockState s = state.gameId() == null ? state.withGameId(event.gameId()) : state;
        ClockState next = switch (event) {
            case ClockStarted e -> new ClockState(s.gameId(), ClockStatus.RUNNING, e.control(), e.blackControl(), e.rules(), e.at(),
                    Side.WHITE, e.at(), 0, s.white().withRemaining(e.whiteMillis()).withMoves(0, 0),
                    s.black().withRemaining(e.blackMillis()).withMoves(0, 0), s.lastEventAt(), 1, e.control(),
                    e.blackControl(), List.of(), null);
            case ClockSwitched e -> {
                Face f = s.face(e.mover());
                Face moved = f.withRemaining(e.remainingMillis()).withMoves(e.moveNumber(), e.period() - 1)
                        .withUsed(f.usedMillis() + e.elapsedMillis());
                yield s.withFace(e.mover(), moved).withTurn(e.mover().opponent(), e.at(), 0);
            }
            case FlagFell e -> s.withFace(e.side(), s.face(e.side()).withFlag(e.at()).withRemaining(0));
            case ClockPaused e -> s.withTurn(s.toMove(), s.segmentStart(), s.turnElapsed(e.at())).withStatus(ClockStatus.PAUSED);
            case ClockResumed e -> s.withStatus(ClockStatus.RUNNING).withTurn(s.toMove(), e.at(), s.turnUsedMillis());
            // time added, decided before a fall recorded later, withdraws the flag when time is left (see addTime)
            case TimeAdded e when s.face(e.side()).flagFallen() -> e.remainingMillis() <= 0 ? s
                    : s.withFace(e.side(), s.face(e.side()).withFlag(null)
                            .withRemaining(e.remainingMillis() + s.turnCharge(e.side(), s.turnElapsed(e.at()))));
            case TimeAdded e -> s.withFace(e.side(), s.face(e.side()).withRemaining(s.face(e.side()).remainingMillis() + e.millis()));
            // a deduction decided before a fall recorded later: the flag stands, nothing is left to take
            case TimeDeducted e when s.face(e.side()).flagFallen() -> s;
            case TimeDeducted e -> s.withFace(e.side(), s.face(e.side()).withRemaining(s.face(e.side()).remainingMillis() - e.millis()));
            case TimesSet e -> timesSet(s, e);
            case MoveCounterCorrected e -> {
                Face f = s.face(e.side());
                yield s.withFace(e.side(), f.withMoves(e.toMoves(), s.control(e.side()).periodAfterMoves(e.toMoves()))
                        .withRemaining(f.remainingMillis() + e.timeDeltaMillis()));
            }
            case QuickplayIncrementIntroduced e -> {
                Side opponent = e.claimant().opponent();
                Face o = s.face(opponent);
                TimeControl black = s.blackControl() == null ? null : withFinalIncrement(s.blackControl(), e.incrementMillis());
                yield s.withControls(withFinalIncrement(s.control(), e.incrementMillis()), black)
                        .withFace(opponent, o.withRemaining(o.remainingMillis() + e.opponentBonusMillis()));
            }
            case PlayerArrived e -> s.withFace(e.side(), s.face(e.side()).withArrived());
            case PlayerDefaulted e -> s.withFace(e.side(), s.face(e.side()).withDefaulted());
            case GameAdjourned e -> {
                Face f = s.face(e.sealer());
                MoveCharge m = charge(s, e.sealer(), s.turnElapsed(e.chargedUntil()));
                long used = f.usedMillis() + s.turnElapsed(e.chargedUntil());
                Face sealed = f.withMoves(m.moves(), m.period())
                        .withRemaining(e.sealer() == Side.WHITE ? e.whiteMillis() : e.blackMillis()).withUsed(used);
                yield s.withFace(e.sealer(), sealed).withTurn(e.sealer().opponent(), e.at(), 0)
                        .withStatus(ClockStatus.ADJOURNED);
            }
            // a new session: both players must be at the board again (FIDE 2018 I.10)
            case SessionResumed e -> s.withStatus(ClockStatus.RUNNING).withTurn(e.running(), e.at(), 0)
                    .withSession(e.at(), s.session() + 1)
                    .withFace(Side.WHITE, s.white().withPresence(false))
                    .withFace(Side.BLACK, s.black().withPresence(false));
            case OverstepNotProvable e -> {
                Face f = s.face(e.side()).withFlag(null).withMoves(e.movesCredited(), e.newPeriod() - 1)
                        .withRemaining(e.periodTimeAdded());
                ClockState t = s.withFace(e.side(), f);
                // the player to move goes on with the new period's time from now
                yield e.side() == s.toMove() ? t.withTurn(s.toMove(), e.at(), 0)
                        .withFace(e.side(), f.withUsed(f.usedMillis() + s.turnElapsed(e.at()))) : t;
            }
            case BothFlagsFell e -> s;
            case ClockStopped e -> s.withStatus(ClockStatus.STOPPED).withHeldEnd(null);
            case ClockCancelled e -> s.withStatus(ClockStatus.CANCELLED);
            case CommandRejected e -> s;
            case PressHeld e -> s.withHeld(new HeldPress(e.commandId(), e.actor(), e.at(), e.side(), e.ply()));
            case EndHeld e -> s.withHeldEnd(new HeldEnd(e.commandId(), e.actor(), e.at(), e.stopReason(),
                    e.completedPlies()));
            case NewGameStarted e -> newGame(s, e);
        };
        // a refusal is not a clock fact, and a held press or end is not one yet: none moves the clock's notion of time
        // (the annulment that releases a held press was decided before it, and is recorded at its own instant; the
        // presses an end waits for were completed before it)
        return event instanceof CommandRejected || event instanceof PressHeld || event instanceof EndHeld ? next
                : next.withLastEventAt(event.at());
    }

    /**
     * A new game after an annulment (FIDE 2018 7.2.1, 7.3, I.12.2; 1997 A.11b): the clock as at a game's start. The
     * time control is the one announced: an increment the arbiter introduced under FIDE 2018 III.4 belonged to the
     * annulled game's finish and does not carry over, and neither do penalties, flags, moves or time used. Presence
     * at the board stays as it is (the players are there, or the default rule of the session applies).
     */
    private static ClockState newGame(ClockState s, NewGameStarted e) {
        TimeControl control = s.announcedControl() != null ? s.announcedControl() : s.control();
        TimeControl black = s.announcedControl() != null ? s.announcedBlackControl() : s.blackControl();
        Face white = new Face(e.whiteMillis(), 0, 0, null, 0, s.white().arrived(), s.white().defaulted());
        Face blackFace = new Face(e.blackMillis(), 0, 0, null, 0, s.black().arrived(), s.black().defaulted());
        // FIDE 2018 6.6: White's clock runs from the start of the (new) game
        return new ClockState(s.gameId(), s.status(), control, black, s.rules(), s.sessionStartedAt(), Side.WHITE,
                e.at(), 0, white, blackFace, s.lastEventAt(), s.session(), s.announcedControl(),
                s.announcedBlackControl(), List.of(), s.heldEnd());
    }

    /** FIDE 2018 III.4: the final period gets the increment for the rest of the game. */
    private static TimeControl withFinalIncrement(TimeControl control, long increment) {
        List<Period> periods = new ArrayList<>(control.periods());
        Period last = periods.get(periods.size() - 1);
        periods.set(periods.size() - 1, new Period(last.moves(), last.baseMillis(), TimingMode.FISCHER, increment));
        return new TimeControl(periods);
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static ClockState timesSet(ClockState s, TimesSet e) {
        ClockState t = s;
        for (Side side : Side.values()) {
            Face f = s.face(side);
            int moves = side == Side.WHITE ? e.whiteMoves() : e.blackMoves();
            long newRemaining = side == Side.WHITE ? e.whiteMillis() : e.blackMillis();
            long shown = Math.max(0, s.remaining(side, e.at()));
            // time used follows the arbiter's setting: what he took away was used, what he gave back was not
            TimeControl control = s.control(side);
            long entered = control.baseTimeEnteredAfterMoves(moves) - control.baseTimeEnteredAfterMoves(f.moves());
            long used = Math.max(0, s.used(side, e.at()) + (shown - newRemaining) + entered);
            t = t.withFace(side, f.withRemaining(newRemaining).withMoves(moves, control.periodAfterMoves(moves))
                    .withFlag(null).withUsed(used));
        }
        // presses held for a new game stay held: they are the new game's moves, pressed when its annulment is read (a
        // setting of the annulled game read before it, e.g. a lost envelope's times, does not make them void)
        return t.withTurn(e.sideToMove(), e.at(), 0);
    }

    // ---------------------------------------------------------------- checks

    private static void requireRunning(ClockState s, String what) {
        requireNotStopped(s, what);
        if (s.status() != ClockStatus.RUNNING) {
            throw new ClockCommandRejected("cannot " + what + ": the clock is " + describe(s.status()));
        }
    }

    private static void requireAdjustable(ClockState s, String what) {
        requireNotStopped(s, what);
    }

    /**
     * Time added or deducted at the very instant the clock stopped still counts: a penalty decided with the move
     * that ended the game (or read after the result, which travels on another topic) belongs to the game's final
     * times. Later than that, the game is over.
     */
    private static void requireAdjustableAt(ClockState s, long at, String what) {
        if (s.status() == ClockStatus.STOPPED && at <= s.lastEventAt()) {
            return;
        }
        requireNotStopped(s, what);
    }

    private static void requireNotStopped(ClockState s, String what) {
        if (s.status() == ClockStatus.STOPPED) {
            throw new ClockCommandRejected("cannot " + what + ": the game is over and its clock stopped");
        }
    }

    private static Side requireSide(Side side) {
        if (side == null) {
            throw new ClockCommandRejected("the command names no side (WHITE or BLACK)");
        }
        return side;
    }

    private static void requireAmount(long millis, String what) {
        if (millis <= 0) {
            throw new ClockCommandRejected(what + " must be positive, got " + millis + " ms");
        }
        if (millis > MAX_ADJUSTMENT_MILLIS) {
            throw new ClockCommandRejected(what + " is absurd: " + TimeControlFormat.clock(millis) + " (more than 24 h)");
        }
    }

    private static void requireSetting(long millis, String what) {
        if (millis < 0) {
            throw new ClockCommandRejected(what + " cannot be negative, got " + millis + " ms");
        }
        if (millis > MAX_ADJUSTMENT_MILLIS) {
            throw new ClockCommandRejected(what + " is absurd: " + TimeControlFormat.clock(millis) + " (more than 24 h)");
        }
    }

    private static int requireMoves(int moves, String what) {
        if (moves < 0 || moves > MAX_MOVES) {
            throw new ClockCommandRejected(what + " must be between 0 and " + MAX_MOVES + ", got " + moves);
        }
        return moves;
    }

    private static void requireText(String text, String what) {
        if (text == null || text.isBlank()) {
            throw new ClockCommandRejected("the command gives no " + what);
        }
    }

    private static String describe(ClockStatus status) {
        return switch (status) {
            case NOT_STARTED -> "not started";
            case RUNNING -> "running";
            case PAUSED -> "paused";
            case ADJOURNED -> "stopped for an adjournment";
            case STOPPED -> "stopped (game over)";
            case CANCELLED -> "cancelled (the game was removed before it began)";
        };
    }

    private static String name(Side side) {
        return side == Side.WHITE ? "White" : "Black";
    }
}
