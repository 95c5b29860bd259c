package org.torneo.clock.core.timecontrol;

import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;

/**
 * Standard, rapid or blitz per edition. The measure is the time a player gets for 60 moves: the base
 * time of every period begun within the first 60 moves plus the per-move increment (or delay) of
 * each of those 60 moves; FIDE 2018 A.1/B.1 "time allotted + 60 x any increment".
 */
public final class Classification {

    private static final long MINUTE = 60_000;

    private Classification() {
    }

    /** Base time of the periods begun within the first 60 moves plus 60 per-move bonuses, in millis. */
    public static long sixtyMoveMillis(TimeControl control) {
        int period = 0;
        long total = control.period(0).baseMillis();
        for (int move = 1; move <= 60; move++) {
            Period p = control.period(period);
            // Delay counts like an increment here: the Laws are silent on it; this is the usual practice.
            total += p.bonusMillis();
            if (move < 60 && !control.isFinalPeriod(period) && move == control.movesRequiredBy(period)) {
                period++;
                total += control.period(period).baseMillis();
            }
        }
        return total;
    }

    public static Category classify(TimeControl control, Edition edition) {
        long t = sixtyMoveMillis(control);
        return switch (edition) {
            // Code 1970: no rapid or blitz rules at all; every game is a standard game.
            case CODE_1970 -> Category.STANDARD;
            // FIDE 1997 B.1: rapid "entre 15 y 60 minutos" (both ends included); C.1 blitz "menor de 15 minutos".
            case FIDE_1997 -> t < 15 * MINUTE ? Category.BLITZ : t <= 60 * MINUTE ? Category.RAPID : Category.STANDARD;
            // FIDE 2001 App. B/C (not in the seed; from the 2001 English text): rapid at least 15 and less than
            // 60 minutes (allotted time + 60 x increment), blitz less than 15 minutes.
            case FIDE_2001 -> t < 15 * MINUTE ? Category.BLITZ : t < 60 * MINUTE ? Category.RAPID : Category.STANDARD;
            // FIDE 2018 B.1: blitz 10 minutes or less; A.1: rapid more than 10 and less than 60 minutes.
            case FIDE_2018 -> t <= 10 * MINUTE ? Category.BLITZ : t < 60 * MINUTE ? Category.RAPID : Category.STANDARD;
        };
    }
}
