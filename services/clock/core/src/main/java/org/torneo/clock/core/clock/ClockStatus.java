package org.torneo.clock.core.clock;

/** Life cycle of a game's clock. */
public enum ClockStatus {
    /** No ClockStarted yet (arrivals may already be recorded). */
    NOT_STARTED,
    /** One clock runs. */
    RUNNING,
    /** Both clocks stopped for a while (claim, dispute, arbiter); the same clock restarts on resume. */
    PAUSED,
    /** Stopped at the seal; the replying player's clock starts when the session resumes. */
    ADJOURNED,
    /** The game is over; the clock accepts nothing more. */
    STOPPED
}
