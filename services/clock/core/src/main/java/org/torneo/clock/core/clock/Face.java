package org.torneo.clock.core.clock;

/**
 * One player's side of the clock.
 *
 * @param remainingMillis time left at the start of this player's current turn (or now, when his clock
 *                        is not running); readings during the turn come from {@link ClockState#remaining}
 * @param moves           moves completed (clock presses) by this player
 * @param period          0-based index of the period this player is in
 * @param flagFellAt      epoch millis of this player's flag fall, or null
 * @param usedMillis      total time this player's clock has run for completed turns
 * @param arrived         whether the player has been recorded at the board
 * @param defaulted       whether the player lost by default (late arrival)
 */
public record Face(long remainingMillis, int moves, int period, Long flagFellAt, long usedMillis, boolean arrived,
                   boolean defaulted) {

    static Face initial() {
        return new Face(0, 0, 0, null, 0, false, false);
    }

    public boolean flagFallen() {
        return flagFellAt != null;
    }

    Face withRemaining(long millis) {
        return new Face(millis, moves, period, flagFellAt, usedMillis, arrived, defaulted);
    }

    Face withMoves(int newMoves, int newPeriod) {
        return new Face(remainingMillis, newMoves, newPeriod, flagFellAt, usedMillis, arrived, defaulted);
    }

    Face withFlag(Long at) {
        return new Face(remainingMillis, moves, period, at, usedMillis, arrived, defaulted);
    }

    Face withUsed(long millis) {
        return new Face(remainingMillis, moves, period, flagFellAt, millis, arrived, defaulted);
    }

    Face withArrived() {
        return new Face(remainingMillis, moves, period, flagFellAt, usedMillis, true, defaulted);
    }

    Face withPresence(boolean present) {
        return new Face(remainingMillis, moves, period, flagFellAt, usedMillis, present, defaulted);
    }

    Face withDefaulted() {
        return new Face(remainingMillis, moves, period, flagFellAt, usedMillis, arrived, true);
    }
}
