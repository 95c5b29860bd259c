package org.torneo.contracts.clock;

import java.util.Objects;

/**
 * One period of a time control: {@code moves} moves in {@code baseMillis}, or all the remaining
 * moves when {@code moves == 0}, with a per-move bonus.
 *
 * @param moves       moves to make in this period; 0 = the rest of the game (sudden death)
 * @param baseMillis  time added when the period begins
 * @param mode        how {@code bonusMillis} is applied per move
 * @param bonusMillis increment or delay per move (0 when mode is NONE)
 */
public record Period(int moves, long baseMillis, TimingMode mode, long bonusMillis) {

    public Period {
        Objects.requireNonNull(mode, "mode");
        if (moves < 0) {
            throw new IllegalArgumentException("moves must be >= 0 (0 = rest of the game), got " + moves);
        }
        if (baseMillis < 0) {
            throw new IllegalArgumentException("period time must be >= 0, got " + baseMillis + " ms");
        }
        if (bonusMillis < 0) {
            throw new IllegalArgumentException("increment/delay must be >= 0, got " + bonusMillis + " ms");
        }
        if (mode == TimingMode.NONE && bonusMillis != 0) {
            throw new IllegalArgumentException("a period without increment or delay cannot have a bonus of " + bonusMillis + " ms");
        }
        if (mode != TimingMode.NONE && bonusMillis == 0) {
            mode = TimingMode.NONE;
        }
    }

    /** A valid sample (40 moves in 90 minutes, 30 seconds increment), for documentation and codec tests. */
    public static Period example() {
        return new Period(40, 5_400_000, TimingMode.FISCHER, 30_000);
    }

    public static Period suddenDeath(long baseMillis) {
        return new Period(0, baseMillis, TimingMode.NONE, 0);
    }

    public boolean isRestOfGame() {
        return moves == 0;
    }
}
