package org.torneo.clock.core.timecontrol;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;

/** Prints time controls in the human notation and in the TRF-26 tag 222 notation. */
public final class TimeControlFormat {

    private TimeControlFormat() {
    }

    /** "90+30", "40/90+30, 30+30", "G/60 d5", "40/120, 20/60, G/30". Parses back to the same control. */
    public static String human(TimeControl control) {
        List<String> parts = new ArrayList<>();
        for (Period p : control.periods()) {
            StringBuilder b = new StringBuilder();
            if (!p.isRestOfGame()) {
                b.append(p.moves()).append('/');
            } else if (p.mode() != TimingMode.FISCHER) {
                b.append("G/");
            }
            b.append(baseHuman(p.baseMillis()));
            b.append(bonus(p, true));
            parts.add(b.toString());
        }
        return String.join(", ", parts);
    }

    /** TRF-26 tag 222: seconds, periods joined by ':' ("5400+30", "40/6000+30:900+30", "3600d5"). */
    public static String trf(TimeControl control) {
        List<String> parts = new ArrayList<>();
        for (Period p : control.periods()) {
            StringBuilder b = new StringBuilder();
            if (!p.isRestOfGame()) {
                b.append(p.moves()).append('/');
            }
            b.append(seconds(p.baseMillis()));
            b.append(bonus(p, false));
            parts.add(b.toString());
        }
        return String.join(":", parts);
    }

    /** An English description: "40 moves in 90 min, +30 s per move from move 1; then the rest of the game in 30 min, ...". */
    public static String describe(TimeControl control) {
        List<String> parts = new ArrayList<>();
        int index = 0;
        for (Period p : control.periods()) {
            StringBuilder b = new StringBuilder();
            if (p.isRestOfGame()) {
                b.append(index == 0 ? "all moves" : "the rest of the game");
            } else {
                b.append(p.moves()).append(" moves");
            }
            b.append(" in ").append(duration(p.baseMillis()));
            switch (p.mode()) {
                case FISCHER -> b.append(", increment ").append(duration(p.bonusMillis())).append(" per move");
                case BRONSTEIN -> b.append(", Bronstein delay ").append(duration(p.bonusMillis())).append(" per move");
                case SIMPLE_DELAY -> b.append(", delay ").append(duration(p.bonusMillis())).append(" per move");
                case NONE -> { }
            }
            parts.add(b.toString());
            index++;
        }
        Period last = control.periods().get(control.periods().size() - 1);
        String text = String.join("; then ", parts);
        return last.isRestOfGame() ? text : text + "; the last period repeats";
    }

    /** "1:30:00", "5:00", "0:04.500": a clock display of a duration. */
    public static String clock(long millis) {
        long abs = Math.abs(millis);
        long h = abs / 3_600_000;
        long m = abs / 60_000 % 60;
        long s = abs / 1000 % 60;
        long ms = abs % 1000;
        String text = h > 0 ? String.format("%d:%02d:%02d", h, m, s) : String.format("%d:%02d", m, s);
        if (ms != 0) {
            text += String.format(".%03d", ms);
        }
        return millis < 0 ? "-" + text : text;
    }

    static String duration(long millis) {
        if (millis % 60_000 == 0) {
            return millis / 60_000 + " min";
        }
        return seconds(millis) + " s";
    }

    private static String bonus(Period p, boolean human) {
        String s = seconds(p.bonusMillis());
        return switch (p.mode()) {
            case NONE -> "";
            case FISCHER -> "+" + s;
            case SIMPLE_DELAY -> human ? " d" + s : "d" + s;
            case BRONSTEIN -> human ? " b" + s : "b" + s;
        };
    }

    private static String baseHuman(long millis) {
        if (millis % 60_000 == 0) {
            return Long.toString(millis / 60_000);
        }
        return seconds(millis) + "s";
    }

    private static String seconds(long millis) {
        return BigDecimal.valueOf(millis).movePointLeft(3).stripTrailingZeros().toPlainString();
    }
}
