package org.torneo.clock.core.clock;

import static org.torneo.clock.core.clock.ClockChecks.describe;
import static org.torneo.clock.core.clock.ClockChecks.name;
import static org.torneo.clock.core.clock.ClockChecks.requireNotStopped;
import static org.torneo.clock.core.clock.ClockChecks.requireRunning;
import static org.torneo.clock.core.clock.ClockChecks.requireText;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.torneo.clock.core.adjust.Adjustments;
import org.torneo.clock.core.flag.Flags;
import org.torneo.clock.core.presence.Presence;
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
import org.torneo.contracts.clock.ClockEvent.ClockCancelled;
import org.torneo.contracts.clock.ClockEvent.ClockPaused;
import org.torneo.contracts.clock.ClockEvent.ClockResumed;
import org.torneo.contracts.clock.ClockEvent.ClockStarted;
import org.torneo.contracts.clock.ClockEvent.ClockStopped;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.CommandRejected;
import org.torneo.contracts.clock.ClockEvent.FlagFell;
import org.torneo.contracts.clock.ClockEvent.GameAdjourned;
import org.torneo.contracts.clock.ClockEvent.SessionResumed;
import org.torneo.contracts.clock.ClockEvent.TimesSet;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.TimeControl;

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
        if (isScheduledCheck(command) && state.heldPause() != null) {
            // a claim stopped the clocks after a press still on its way (FIDE 2018 6.11.2): in order the clock was
            // paused, so no flag falls and no one defaults; the press itself settles a flag due before it
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
            case AddTime c -> Adjustments.addTime(c, s);
            case DeductTime c -> Adjustments.deductTime(c, s);
            case SetTimes c -> Adjustments.setTimes(c, s);
            case ApplyProportionalTimes c -> Adjustments.proportional(c, s);
            case CorrectMoveCounter c -> Adjustments.correctMoveCounter(c, s);
            case IntroduceQuickplayIncrement c -> Adjustments.quickplayIncrement(c, s);
            case RecordArrival c -> Presence.arrival(c, s);
            case CheckDefault c -> Presence.checkDefault(c, s);
            case AdjournGame c -> adjourn(c, s);
            case ResumeSession c -> resumeSession(c, s);
            case DeclareOverstepNotProvable c -> Flags.overstepNotProvable(c, s);
            case ReportBothFlagsDown c -> Flags.bothFlags(c, s);
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
        if (until > c.at() + ClockChecks.MAX_ADJUSTMENT_MILLIS) {
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

    /**
     * Whether {@code c} is time added or deducted by a decision the game made before the fall its clock recorded for
     * that side (see {@link Adjustments#decidedBeforeTheFlagOf}).
     */
    public static boolean decidedBeforeTheFlagOf(ClockCommand c, ClockState s) {
        return Adjustments.decidedBeforeTheFlagOf(c, s);
    }

    /** Applies one recorded event. Never fails for events this decider produced (see {@link ClockEvolution}). */
    public static ClockState evolve(ClockState state, ClockEvent event) {
        return ClockEvolution.evolve(state, event);
    }
}
