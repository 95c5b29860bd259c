package org.torneo.clock.core.clock;

import java.math.BigDecimal;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;

/** PGN clock comments for a completed move: {@code [%clk 1:29:25]} (time left) and {@code [%emt 0:01:05]} (time used). */
public final class ClockReadings {

    private ClockReadings() {
    }

    /** Remaining time after the move, as PGN %clk. */
    public static String clk(ClockSwitched move) {
        return pgnTime(Math.max(0, move.remainingMillis()));
    }

    /** Time the move took, as PGN %emt. */
    public static String emt(ClockSwitched move) {
        return pgnTime(move.elapsedMillis());
    }

    /** "H:MM:SS", with the milliseconds as a decimal fraction when not whole ("0:00:04.5"). */
    public static String pgnTime(long millis) {
        long h = millis / 3_600_000;
        long m = millis / 60_000 % 60;
        long s = millis / 1000 % 60;
        long ms = millis % 1000;
        String text = String.format("%d:%02d:%02d", h, m, s);
        if (ms != 0) {
            text += BigDecimal.valueOf(ms).movePointLeft(3).stripTrailingZeros().toPlainString().substring(1);
        }
        return text;
    }
}
