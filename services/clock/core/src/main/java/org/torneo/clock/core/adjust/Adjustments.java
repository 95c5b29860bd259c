package org.torneo.clock.core.adjust;

import static org.torneo.clock.core.clock.ClockChecks.MAX_MOVES;
import static org.torneo.clock.core.clock.ClockChecks.name;
import static org.torneo.clock.core.clock.ClockChecks.requireAdjustable;
import static org.torneo.clock.core.clock.ClockChecks.requireAdjustableAt;
import static org.torneo.clock.core.clock.ClockChecks.requireAmount;
import static org.torneo.clock.core.clock.ClockChecks.requireMoves;
import static org.torneo.clock.core.clock.ClockChecks.requireSetting;
import static org.torneo.clock.core.clock.ClockChecks.requireSide;
import static org.torneo.clock.core.clock.ClockChecks.requireText;

import java.util.ArrayList;
import java.util.List;

import org.torneo.clock.core.clock.ClockCommandRejected;
import org.torneo.clock.core.clock.ClockDecider;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.clock.core.clock.Face;
import org.torneo.clock.core.timecontrol.TimeControlFormat;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.ApplyProportionalTimes;
import org.torneo.contracts.clock.ClockCommand.CorrectMoveCounter;
import org.torneo.contracts.clock.ClockCommand.DeductTime;
import org.torneo.contracts.clock.ClockCommand.IntroduceQuickplayIncrement;
import org.torneo.contracts.clock.ClockCommand.SetTimes;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.MoveCounterCorrected;
import org.torneo.contracts.clock.ClockEvent.QuickplayIncrementIntroduced;
import org.torneo.contracts.clock.ClockEvent.TimeAdded;
import org.torneo.contracts.clock.ClockEvent.TimeDeducted;
import org.torneo.contracts.clock.ClockEvent.TimesSet;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;

/**
 * The arbiter's and the game's changes to the times (FIDE 2018 6.10, 7.5.5, 12.9, III.4; Code 1970 art. XIV-7): time
 * added or deducted, the clocks set, the proportional rule, the move counter corrected, the quickplay increment.
 */
public final class Adjustments {

    static final long QUICKPLAY_INCREMENT_MILLIS = 5_000;
    static final long QUICKPLAY_OPPONENT_BONUS_MILLIS = 120_000;
    static final long QUICKPLAY_THRESHOLD_MILLIS = 120_000;

    private Adjustments() {
    }

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
     * the time left, over 0: {@link ClockDecider#evolve} clears the fall) and his clock runs on; the time his clock ran past the
     * first fall is charged, so the result is the same whenever the addition is read;</li>
     * <li>if the added time also ran out before now, the flag stands (TimeAdded with 0 left: the fall is kept).</li>
     * </ul>
     * A game already over is not reopened (the clock refuses, and the arbiter corrects the result, FIDE 2018 12.9);
     * time added for a flag that fell before the decision is the arbiter's setting (SetTimes, 6.10.2).
     */
    public static List<ClockEvent> addTime(AddTime c, ClockState s) {
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

    public static List<ClockEvent> deductTime(DeductTime c, ClockState s) {
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

    public static List<ClockEvent> setTimes(SetTimes c, ClockState s) {
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

    public static List<ClockEvent> proportional(ApplyProportionalTimes c, ClockState s) {
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

    public static List<ClockEvent> correctMoveCounter(CorrectMoveCounter c, ClockState s) {
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

    public static List<ClockEvent> quickplayIncrement(IntroduceQuickplayIncrement c, ClockState s) {
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

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
