package org.torneo.clock.app.rest;

import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.Face;
import org.torneo.clock.core.timecontrol.TimeControlFormat;
import org.torneo.contracts.Side;

/** A game's clock read at {@code at} (epoch millis), computed from the recorded events only. */
public record ClockView(String gameId, String status, String control, String blackControl, String running,
                        long at, FaceView white, FaceView black, Long deadline, long sequence) {

    /** One side of the clock: what it shows at {@code at}. */
    public record FaceView(long remainingMillis, String display, int moves, int period, Long flagFellAt,
                           boolean arrived, boolean defaulted, boolean scoresheetExempt) {
    }

    static ClockView of(String gameId, ClockState s, long sequence, long at) {
        boolean started = s.started();
        return new ClockView(gameId, s.status().name(),
                s.control() == null ? null : TimeControlFormat.human(s.control()),
                s.blackControl() == null ? null : TimeControlFormat.human(s.blackControl()),
                started ? s.toMove().name() : null, at, face(s, Side.WHITE, at), face(s, Side.BLACK, at),
                s.deadline().orElse(null), sequence);
    }

    private static FaceView face(ClockState s, Side side, long at) {
        Face f = s.face(side);
        if (!s.started()) {
            return new FaceView(0, TimeControlFormat.clock(0), 0, 1, null, f.arrived(), f.defaulted(), false);
        }
        long remaining = Math.max(0, s.remaining(side, at));
        return new FaceView(remaining, TimeControlFormat.clock(remaining), f.moves(), f.period() + 1, f.flagFellAt(),
                f.arrived(), f.defaulted(), s.scoresheetExempt(side, at));
    }
}
