package org.torneo.clock.core.clock;

import org.torneo.clock.core.timecontrol.TimeControlFormat;
import org.torneo.contracts.Side;

/** The checks every clock use case makes on a command and the clock's state; each refusal says why. */
public final class ClockChecks {

    /** No adjustment or setting may exceed a day. */
    public static final long MAX_ADJUSTMENT_MILLIS = 24L * 3_600_000;
    public static final int MAX_MOVES = 1000;

    private ClockChecks() {
    }

    public static void requireRunning(ClockState s, String what) {
        requireNotStopped(s, what);
        if (s.status() != ClockStatus.RUNNING) {
            throw new ClockCommandRejected("cannot " + what + ": the clock is " + describe(s.status()));
        }
    }

    public static void requireAdjustable(ClockState s, String what) {
        requireNotStopped(s, what);
    }

    /**
     * Time added or deducted at the very instant the clock stopped still counts: a penalty decided with the move
     * that ended the game (or read after the result, which travels on another topic) belongs to the game's final
     * times. Later than that, the game is over.
     */
    public static void requireAdjustableAt(ClockState s, long at, String what) {
        if (s.status() == ClockStatus.STOPPED && at <= s.lastEventAt()) {
            return;
        }
        requireNotStopped(s, what);
    }

    public static void requireNotStopped(ClockState s, String what) {
        if (s.status() == ClockStatus.STOPPED) {
            throw new ClockCommandRejected("cannot " + what + ": the game is over and its clock stopped");
        }
    }

    public static Side requireSide(Side side) {
        if (side == null) {
            throw new ClockCommandRejected("the command names no side (WHITE or BLACK)");
        }
        return side;
    }

    public static void requireAmount(long millis, String what) {
        if (millis <= 0) {
            throw new ClockCommandRejected(what + " must be positive, got " + millis + " ms");
        }
        if (millis > MAX_ADJUSTMENT_MILLIS) {
            throw new ClockCommandRejected(what + " is absurd: " + TimeControlFormat.clock(millis) + " (more than 24 h)");
        }
    }

    public static void requireSetting(long millis, String what) {
        if (millis < 0) {
            throw new ClockCommandRejected(what + " cannot be negative, got " + millis + " ms");
        }
        if (millis > MAX_ADJUSTMENT_MILLIS) {
            throw new ClockCommandRejected(what + " is absurd: " + TimeControlFormat.clock(millis) + " (more than 24 h)");
        }
    }

    public static int requireMoves(int moves, String what) {
        if (moves < 0 || moves > MAX_MOVES) {
            throw new ClockCommandRejected(what + " must be between 0 and " + MAX_MOVES + ", got " + moves);
        }
        return moves;
    }

    public static void requireText(String text, String what) {
        if (text == null || text.isBlank()) {
            throw new ClockCommandRejected("the command gives no " + what);
        }
    }

    public static String describe(ClockStatus status) {
        return switch (status) {
            case NOT_STARTED -> "not started";
            case RUNNING -> "running";
            case PAUSED -> "paused";
            case ADJOURNED -> "stopped for an adjournment";
            case STOPPED -> "stopped (game over)";
            case CANCELLED -> "cancelled (the game was removed before it began)";
        };
    }

    public static String name(Side side) {
        return side == Side.WHITE ? "White" : "Black";
    }
}
