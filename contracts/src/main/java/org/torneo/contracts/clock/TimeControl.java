package org.torneo.contracts.clock;

import java.util.List;
import java.util.Objects;

/**
 * A time control: one or more periods (FIDE 2018 6.3.1). Only the last period may be "the rest of
 * the game"; when the last period has a move count it repeats (the old "and so on" practice of the
 * Code 1970 art. XIV: "50 moves in 2 h, then 15 in 1/2 h, 20 in 1/2 h, ...").
 */
public record TimeControl(List<Period> periods) {

    public TimeControl {
        Objects.requireNonNull(periods, "periods");
        periods = List.copyOf(periods);
        if (periods.isEmpty()) {
            throw new IllegalArgumentException("a time control needs at least one period");
        }
        for (int i = 0; i < periods.size() - 1; i++) {
            if (periods.get(i).isRestOfGame()) {
                throw new IllegalArgumentException("period " + (i + 1) + " is for the rest of the game but more periods follow");
            }
        }
        if (periods.get(0).baseMillis() == 0) {
            throw new IllegalArgumentException("the first period must give some time");
        }
    }

    /** A valid sample ("40/90+30, 30+30"), for documentation and codec tests. */
    public static TimeControl example() {
        return of(Period.example(), new Period(0, 1_800_000, TimingMode.FISCHER, 30_000));
    }

    public static TimeControl of(Period... periods) {
        return new TimeControl(List.of(periods));
    }

    /**
     * The period (0-based index into an endless sequence: a repeating last period gives indexes
     * beyond {@code periods().size() - 1}) resolved to its definition.
     */
    public Period period(int index) {
        return periods.get(Math.min(index, periods.size() - 1));
    }

    /** Whether period {@code index} is the one in which all remaining moves must be made. */
    public boolean isFinalPeriod(int index) {
        return index >= periods.size() - 1 && periods.get(periods.size() - 1).isRestOfGame();
    }

    /** Total moves a player must have completed by the end of period {@code index}, or 0 for "all moves". */
    public int movesRequiredBy(int index) {
        if (isFinalPeriod(index)) {
            return 0;
        }
        int total = 0;
        for (int i = 0; i <= index; i++) {
            total += period(i).moves();
        }
        return total;
    }

    /** The period index a player is in after completing {@code movesCompleted} moves. */
    public int periodAfterMoves(int movesCompleted) {
        int index = 0;
        while (!isFinalPeriod(index) && movesCompleted >= movesRequiredBy(index)) {
            index++;
        }
        return index;
    }

    /** Sum of the base times of all periods entered after {@code movesCompleted} moves. */
    public long baseTimeEnteredAfterMoves(int movesCompleted) {
        long total = 0;
        int last = periodAfterMoves(movesCompleted);
        for (int i = 0; i <= last; i++) {
            total += period(i).baseMillis();
        }
        return total;
    }
}
