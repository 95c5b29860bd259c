package org.torneo.identity;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

import org.torneo.contracts.tournament.BroadcastDelayMode;

/**
 * The delay of a tournament's public broadcast as its organiser set it (tournament.BroadcastDelaySet): none, a fixed
 * number of seconds after each move, or the moves only once the game has ended. Anti-cheating (e.g. ECU tournament
 * rules Q.2.4: internet transmission delayed by 15 minutes; the seed Laws are silent). Pure: the instant to judge at
 * is always passed in.
 *
 * @param mode    NONE, FIXED or AFTER_GAME
 * @param seconds the fixed delay (FIXED only; 0 otherwise)
 */
public record BroadcastDelay(BroadcastDelayMode mode, int seconds) {

    /** No delay: everything is public as soon as it is decided. */
    public static final BroadcastDelay NONE = new BroadcastDelay(BroadcastDelayMode.NONE, 0);

    public BroadcastDelay {
        Objects.requireNonNull(mode, "mode");
        if (mode == BroadcastDelayMode.FIXED ? seconds <= 0 : seconds != 0) {
            throw new IllegalArgumentException("seconds: " + seconds + " with mode " + mode
                    + " (a fixed delay is positive, the other modes have none)");
        }
    }

    /** The delay of a BroadcastDelaySet event (its seconds count only for FIXED). */
    public static BroadcastDelay of(BroadcastDelayMode mode, int seconds) {
        return mode == BroadcastDelayMode.FIXED ? new BroadcastDelay(mode, seconds)
                : mode == BroadcastDelayMode.AFTER_GAME ? new BroadcastDelay(mode, 0) : NONE;
    }

    public boolean delays() {
        return mode != BroadcastDelayMode.NONE;
    }

    /**
     * Whether something of a game that happened at {@code happenedAt} is public at {@code now}: always without a delay;
     * once it is {@code seconds} old with a fixed delay; once the game has ended ({@code gameEndedAt} not null) with
     * AFTER_GAME. A fixed delay also applies to the end: the game's result is public {@code seconds} after it.
     */
    public boolean isPublic(Instant happenedAt, Instant gameEndedAt, Instant now) {
        return switch (mode) {
            case NONE -> true;
            case FIXED -> happenedAt != null && !now.isBefore(happenedAt.plusSeconds(seconds));
            case AFTER_GAME -> gameEndedAt != null && !now.isBefore(gameEndedAt);
        };
    }

    /** Whether the whole game (every move, clock and incident, its result) is public at {@code now}. */
    public boolean gamePublic(Instant gameEndedAt, Instant now) {
        return mode == BroadcastDelayMode.NONE || gameEndedAt != null && isPublic(gameEndedAt, gameEndedAt, now);
    }

    /** For people: "a 15-minute delay", "a delay of 90 s", "moves only after the game", "no delay". */
    public String describe() {
        return switch (mode) {
            case NONE -> "no delay";
            case FIXED -> seconds % 60 == 0 ? "a " + seconds / 60 + "-minute delay"
                    : "a delay of " + Duration.ofSeconds(seconds).toString().substring(2).toLowerCase(java.util.Locale.ROOT);
            case AFTER_GAME -> "its moves only after the game";
        };
    }
}
