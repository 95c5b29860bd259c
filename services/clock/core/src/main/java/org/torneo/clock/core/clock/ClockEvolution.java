package org.torneo.clock.core.clock;

import java.util.ArrayList;
import java.util.List;

import org.torneo.clock.core.clock.ClockDecider.MoveCharge;
import org.torneo.contracts.Side;
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
import org.torneo.contracts.clock.ClockEvent.PauseHeld;
import org.torneo.contracts.clock.ClockEvent.ResumeHeld;
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
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;

/** The clock's fold: what each recorded event changes in {@link ClockState}. Events are facts: no checks. */
final class ClockEvolution {

    private ClockEvolution() {
    }

    /** The clock started: White's clock runs, both faces at the control's time and no move made. */
    private static ClockState started(ClockState s, ClockStarted e) {
        return new ClockState(s.gameId(), ClockStatus.RUNNING, e.control(), e.blackControl(), e.rules(), e.at(),
                Side.WHITE, e.at(), 0, s.white().withRemaining(e.whiteMillis()).withMoves(0, 0),
                s.black().withRemaining(e.blackMillis()).withMoves(0, 0), s.lastEventAt(), 1, e.control(),
                e.blackControl(), List.of(), null, null);
    }

    /** Applies one recorded event. Never fails for events this decider produced. */
    static ClockState evolve(ClockState state, ClockEvent event) {
        ClockState s = state.gameId() == null ? state.withGameId(event.gameId()) : state;
        ClockState next = switch (event) {
            case ClockStarted e -> started(s, e);
            case ClockSwitched e -> {
                Face f = s.face(e.mover());
                Face moved = f.withRemaining(e.remainingMillis()).withMoves(e.moveNumber(), e.period() - 1)
                        .withUsed(f.usedMillis() + e.elapsedMillis());
                yield s.withFace(e.mover(), moved).withTurn(e.mover().opponent(), e.at(), 0);
            }
            case FlagFell e -> s.withFace(e.side(), s.face(e.side()).withFlag(e.at()).withRemaining(0));
            case ClockPaused e -> s.withTurn(s.toMove(), s.segmentStart(), s.turnElapsed(e.at())).withStatus(ClockStatus.PAUSED)
                    .withHeldPause(null); // a claim's held pause is applied (or another pause came first)
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
                MoveCharge m = ClockDecider.charge(s, e.sealer(), s.turnElapsed(e.chargedUntil()));
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
            case ClockStopped e -> s.withStatus(ClockStatus.STOPPED).withHeldEnd(null).withHeldPause(null);
            case ClockCancelled e -> s.withStatus(ClockStatus.CANCELLED);
            case CommandRejected e -> s;
            case PressHeld e -> s.withHeld(new HeldPress(e.commandId(), e.actor(), e.at(), e.side(), e.ply()));
            case EndHeld e -> s.withHeldEnd(new HeldEnd(e.commandId(), e.actor(), e.at(), e.stopReason(),
                    e.completedPlies()));
            case PauseHeld e -> s.withHeldPause(new HeldPause(e.commandId(), e.actor(), e.at(), e.reason(),
                    e.completedPlies(), null));
            case ResumeHeld e -> s.heldPause() == null ? s : s.withHeldPause(s.heldPause().withRuling(e));
            case NewGameStarted e -> newGame(s, e);
        };
        // a refusal is not a clock fact, and a held press, end, pause or ruling is not one yet: none moves the clock's
        // notion of time (the annulment that releases a held press was decided before it, and is recorded at its own
        // instant; the presses an end or a claim waits for were completed before it)
        return event instanceof CommandRejected || event instanceof PressHeld || event instanceof EndHeld
                || event instanceof PauseHeld || event instanceof ResumeHeld ? next
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
                s.announcedBlackControl(), List.of(), s.heldEnd(), null);
    }

    /** FIDE 2018 III.4: the final period gets the increment for the rest of the game. */
    private static TimeControl withFinalIncrement(TimeControl control, long increment) {
        List<Period> periods = new ArrayList<>(control.periods());
        Period last = periods.get(periods.size() - 1);
        periods.set(periods.size() - 1, new Period(last.moves(), last.baseMillis(), TimingMode.FISCHER, increment));
        return new TimeControl(periods);
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
}
